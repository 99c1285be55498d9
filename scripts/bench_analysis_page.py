"""The hand review's speed in the page: Pyodide in headless Chromium, in the bots' worker.

    python3 scripts/bench_analysis_page.py [--rules bulgarian,coinche,classic:3] [--hands 5]
                                           [--worlds 32] [--cpython]

The hands are those of ``python -m belote bench analysis`` (same rule sets, seed and bots: the
two commands compare, CPython against Pyodide); ``classic:3`` is Classic with 3 players. Each
is imported into the table (``?fast=1``) and reviewed from the replay viewer, seat 0, as a
player would: the times are taken in the page, from the click on "Review" to the first choice
shown (its expected cost), to every expected cost shown (the mistakes and the total known), and
to the whole hand (every exact cost too). The longest task of the page's main thread during
the reviews is printed as well (the page never waits on the analysis: what remains is opening
the panel and drawing the rows). A first review, not counted, starts the worker. With
``--cpython`` each hand's review is also timed here under CPython right after (staged as in
the page; wall clock), so that a busy machine weighs on both alike. Prints results, never
asserts. Needs web/vendor/ (python3 scripts/vendor.py) and Playwright.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import (  # noqa: E402
    launch_chromium,
    open_table,
    start_server,
    stop_server,
    vendor_ready_or_say,
)

from belote.analysis import Review  # noqa: E402
from belote.bench.analysis import played_record  # noqa: E402

LONG_TASKS_JS = """() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask" });
}"""

# Click "Review" in the viewer and time, in the page, until the first row, the total line and
# the end (done, or failed: then null).
REVIEW_JS = """async () => {
  const q = (s) => document.querySelector(s);
  const at = {};
  const t0 = performance.now();
  const tasks = () => (window.__longTasks || []).filter(([s]) => s >= t0).map(([, d]) => d);
  q("[data-action=replay-review]").click();
  for (;;) {
    await new Promise((r) => setTimeout(r, 5));
    const now = performance.now() - t0;
    const status = (q("[data-review-status]") || { dataset: {} }).dataset.reviewStatus;
    if (at.first === undefined && q("[data-review-row]")) at.first = now;
    const total = q("[data-review-total]");
    if (at.expected === undefined && total && total.textContent) at.expected = now;
    if (status === "done" || status === "failed" || status === "unavailable") {
      at.whole = status === "done" ? now : null;
      at.status = status;
      at.choices = document.querySelectorAll("[data-review-row]").length;
      if (at.first === undefined) at.first = now;
      if (at.expected === undefined) at.expected = now;
      at.task = Math.max(0, ...tasks());
      return at;
    }
    if (now > 600000) return { status: "timeout" };
  }
}"""


def open_in_viewer(page, record: dict) -> None:
    """Import ``record`` (pasted) and wait for the replay viewer."""
    page.click("[data-action=sheet]")
    page.click("[data-action=import]")
    page.fill("[data-import-text]", json.dumps(record))
    page.click("[data-action=import-open]")
    page.wait_for_selector("[data-replay-step]")


def close_all(page) -> None:
    page.click("[data-panel=review] [data-action=review-close]")
    page.click("[data-action=replay-close]")
    if page.get_attribute("main", "data-overlay") == "sheet":
        page.keyboard.press("Escape")


def review(page, record: dict) -> dict:
    open_in_viewer(page, record)
    at = page.evaluate(REVIEW_JS)
    close_all(page)
    return at


def cpython(record: dict, worlds: int) -> dict:
    """The same review here under CPython, staged as the page runs it (wall clock, ms)."""
    start = time.perf_counter()
    at: dict = {}
    review = Review(record, 0, worlds, "0")
    for part, i, _ in review.staged():
        if "first" not in at:
            at["first"] = time.perf_counter() - start
        if part == "expected" and i == review.total - 1:
            at["expected"] = time.perf_counter() - start
    at["whole"] = time.perf_counter() - start
    at.setdefault("first", at["whole"])
    at.setdefault("expected", at["whole"])
    return {k: 1000 * v for k, v in at.items()} | {"status": "done", "choices": review.total}


def stats(values: list[float]) -> str:
    return f"{statistics.median(values):>9.0f}{max(values):>7.0f}" if values else f"{'-':>16}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 scripts/bench_analysis_page.py",
                                description=__doc__.splitlines()[0])
    p.add_argument("--rules", default="bulgarian,coinche",
                   help="rule sets, comma-separated, each with :N for N players (classic:3); "
                        "4 players by default")
    p.add_argument("--hands", type=int, default=5, help="hands per rule set (default 5)")
    p.add_argument("--worlds", type=int, default=32, help="deals per choice (the page's 32)")
    p.add_argument("--seed", default="bench", help="seed of the deals (bench analysis's)")
    p.add_argument("--bots", default="normal", help="the bots that play the hands (normal)")
    p.add_argument("--cpython", action="store_true",
                   help="after each hand, time its review under CPython too (the machine's "
                        "load then weighs on both alike)")
    args = p.parse_args(argv)
    if not vendor_ready_or_say("bench_analysis_page"):
        return 2
    from playwright.sync_api import sync_playwright

    server, base = start_server()
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                context = browser.new_context(base_url=base)
                context.set_default_timeout(120_000)
                page = context.new_page()
                open_table(page, {"review_worlds": args.worlds, "level": "easy"})
                warm = played_record("bulgarian", 4, f"{args.seed}-warm-up", 0, args.bots)
                review(page, warm)  # starts the worker: not counted
                page.evaluate(LONG_TASKS_JS)
                for entry in args.rules.split(","):
                    name, _, n = entry.partition(":")
                    players = int(n) if n else 4
                    runs, here = [], []
                    for i in range(args.hands):
                        record = played_record(name, players, args.seed, i, args.bots)
                        runs.append(review(page, record))
                        if args.cpython:
                            here.append(cpython(record, args.worlds))
                    rows.append((name if players == 4 else f"{name}-{players}", runs))
                    if here:
                        rows.append(("  CPython", here))
                version = browser.version
            finally:
                browser.close()
    finally:
        stop_server(server)
    print(f"Hand review of seat 0 in the page (Chromium {version}, Pyodide, in the worker), "
          f"{args.worlds} deals per choice, ms from the click on Review")
    print(f"{'':<28}{'first choice':>16}{'all expected':>16}{'whole hand':>16}")
    print(f"{'rules':<12}{'hands':>7}{'choices':>9}" + f"{'median':>9}{'max':>7}" * 3)
    for name, runs in rows:
        done = [r for r in runs if r.get("status") == "done"]
        failed = len(runs) - len(done)
        choices = statistics.mean(r["choices"] for r in done) if done else 0
        print(f"{name:<12}{len(done):>7}{choices:>9.1f}"
              f"{stats([r['first'] for r in done])}{stats([r['expected'] for r in done])}"
              f"{stats([r['whole'] for r in done])}" + (f"   ({failed} failed)" if failed else ""))
    for name, runs in rows:
        print(f"  {name} whole hands: "
              + " ".join("-" if r.get("whole") is None else f"{r['whole']:.0f}" for r in runs))
    longest = max(r.get("task", 0) for _, runs in rows for r in runs)
    print(f"longest main-thread task during the reviews (from the click to the end): "
          f"{longest:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
