"""Boot-time benchmark of the page in headless Chromium: prints results, never asserts.

    python -m scripts.bench_boot [--runs 5] [--params "rules=french"] [--window 0]

For the table (``./?fast=1&PARAMS``) and for web/bare.html (the same Pyodide booted through
PyScript with nothing else), each run opens a fresh browser context (empty profile: cold) and
measures the time from navigation start to ``<main data-phase>`` leaving ``loading`` (taken in the
page by a MutationObserver, so Playwright's polling does not count); then it navigates again in
the same context (warm: HTTP cache, and for the table its service worker once active). Table and
bare runs alternate. Medians of the runs are printed, with the ratio table-warm / bare-warm (of
the medians, and the median of each run's own ratio).

Long tasks: a PerformanceObserver('longtask') runs from the start of every page; the longest
main-thread task during boot is printed. ``--window S`` also watches the table for S seconds after
it is ready (e.g. while bots play, with PARAMS that start a game) and prints the longest task then.

Needs web/vendor/ (python3 scripts/vendor.py) and Playwright with Chromium (./test installs both).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import (  # noqa: E402
    BOOT_TIMEOUT_MS,
    launch_chromium,
    start_server,
    stop_server,
    table_url,
    vendor_ready,
)

# Runs in every page before its own scripts: records when Python takes the page out of
# "loading", and every long task of the main thread.
INIT_SCRIPT = """
(() => {
  window.__bench = { readyAt: null, longTasks: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__bench.longTasks.push([e.startTime, e.duration]);
      }
    }).observe({ type: "longtask", buffered: true });
  } catch (error) {}
  const check = () => {
    const main = document.querySelector("main");
    if (window.__bench.readyAt === null && main && main.dataset.phase
        && main.dataset.phase !== "loading") {
      window.__bench.readyAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, attributes: true, childList: true, attributeFilter: ["data-phase"],
  });
})();
"""
READY_JS = "() => window.__bench && window.__bench.readyAt !== null"
SW_READY_JS = """() => new Promise((resolve) => {
  if (!("serviceWorker" in navigator)) return resolve(false);
  const done = () => resolve(navigator.serviceWorker.controller !== null);
  navigator.serviceWorker.getRegistration().then((r) => {
    if (!r) return resolve(false);
    navigator.serviceWorker.ready.then(() => setTimeout(done, 200));
  });
  setTimeout(() => resolve(false), 30000);
})"""


def load(page, url: str) -> tuple[float, float]:
    """Navigate; returns (ms from navigation start to ready, longest task before ready in ms)."""
    page.goto(url)
    page.wait_for_function(READY_JS, timeout=BOOT_TIMEOUT_MS, polling=20)
    ready, tasks = page.evaluate("[window.__bench.readyAt, window.__bench.longTasks]")
    longest = max((d for start, d in tasks if start <= ready), default=0.0)
    return ready, longest


PLAYABLE = ("main button[data-bid]:not([disabled]):not([aria-disabled='true']), "
            "main button[data-card]:not([aria-disabled='true']), "
            "main button[data-action='next']")


def longest_task_during(page, seconds: float) -> float:
    """The longest main-thread task (ms) that starts in the next `seconds` seconds, while the
    human's turns are played by clicking the first playable bid or card (so the bots keep
    thinking and the table keeps animating)."""
    start = page.evaluate("performance.now()")
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        button = page.query_selector(PLAYABLE)
        if button is not None:
            try:
                button.click(timeout=1000)
            except Exception:  # redrawn under the pointer: try the next one
                pass
        time.sleep(0.3)
    tasks = page.evaluate("window.__bench.longTasks")
    return max((d for s, d in tasks if s >= start), default=0.0)


def empty_result() -> dict:
    return {"cold": [], "warm": [], "cold_task": [], "warm_task": [], "window_task": []}


def bench_run(browser, base: str, url: str, run: int, table: bool, window: float,
              result: dict) -> None:
    """One cold and one warm visit of ``url`` in a fresh context, added to ``result``."""
    context = browser.new_context(base_url=base)
    context.add_init_script(INIT_SCRIPT)
    try:
        page = context.new_page()
        ms, task = load(page, url)
        result["cold"].append(ms)
        result["cold_task"].append(task)
        if table:
            page.evaluate(SW_READY_JS)  # a second visit comes after the service worker
        time.sleep(0.5)  # let the caches settle, as between two visits
        ms, task = load(page, url)
        result["warm"].append(ms)
        result["warm_task"].append(task)
        if table and window > 0:
            result["window_task"].append(longest_task_during(page, window))
    except Exception as error:  # a run that fails is reported, the others still count
        first_line = f"{error}".splitlines()[0] if f"{error}" else type(error).__name__
        print(f"bench_boot: {url} run {run + 1} failed: {first_line}", file=sys.stderr)
    finally:
        context.close()


def median(values: list[float]) -> str:
    return f"{statistics.median(values):8.0f}" if values else "       -"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.bench_boot", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs per page (default 5)")
    parser.add_argument("--params", default="", help="extra query for the table, e.g. rules=french")
    parser.add_argument(
        "--window", type=float, default=0.0, help="seconds to watch long tasks after ready"
    )
    parser.add_argument(
        "--cache-control",
        default=None,
        help="Cache-Control header to send (default none, like python -m http.server)",
    )
    args = parser.parse_args(argv)
    if not vendor_ready():
        print("bench_boot: web/vendor/ is missing: run python3 scripts/vendor.py", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    server, base = start_server(cache_control=args.cache_control)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                pages = [
                    ("table", table_url(args.params), True),
                    ("bare", "web/bare.html", False),
                ]
                results = {name: empty_result() for name, _, _ in pages}
                # Table and bare runs alternate, so that a machine getting busier or quieter
                # during the benchmark weighs on both alike.
                for run in range(args.runs):
                    for name, url, table in pages:
                        bench_run(browser, base, url, run, table, args.window, results[name])
                version = browser.version
            finally:
                browser.close()
    finally:
        stop_server(server)

    print(f"Boot to ready, ms since navigation start, median of {args.runs} runs ({version})")
    print(f"{'page':6} {'cold':>8} {'warm':>8}   longest task during boot, cold / warm (ms)")
    for name, r in results.items():
        tasks = f"{median(r['cold_task']).strip()} / {median(r['warm_task']).strip()}"
        print(f"{name:6} {median(r['cold'])} {median(r['warm'])}   {tasks}")
    for name, r in results.items():
        cold = " ".join(f"{v:.0f}" for v in r["cold"])
        warm = " ".join(f"{v:.0f}" for v in r["warm"])
        print(f"  {name} runs: cold {cold} | warm {warm}")
    table, bare = results["table"], results["bare"]
    if table["warm"] and bare["warm"]:
        ratio = statistics.median(table["warm"]) / statistics.median(bare["warm"])
        print(f"ratio table-warm / bare-warm: {ratio:.2f}")
        if len(table["warm"]) == len(bare["warm"]):
            pairs = [t / b for t, b in zip(table["warm"], bare["warm"])]
            print(f"  run by run: {' '.join(f'{p:.2f}' for p in pairs)}"
                  f" (median {statistics.median(pairs):.2f})")
    if table["window_task"]:
        longest = max(table["window_task"])
        print(f"longest main-thread task in the {args.window:g} s after ready: {longest:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
