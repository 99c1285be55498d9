"""Boot-time benchmark of the page in Chromium, Firefox and WebKit: prints results, never asserts.

    python -m scripts.bench_boot [--runs 5] [--browsers chromium,firefox,webkit]
                                 [--params "rules=french"] [--window 0] [--worker]

For the table (``./?fast=1&PARAMS``) and for web/bare.html (the same Pyodide booted through
PyScript with nothing else), each run opens a fresh browser profile (cold: empty caches, no
service worker) and measures, from navigation start: the first paint (the table's: the
``first-contentful-paint`` entry, else web/boot.js's ``belote:first-paint`` mark) and the time
``<main data-phase>`` leaves ``loading`` (the table is drawn and answers: taken in the page by a
MutationObserver, so polling does not count); then it navigates again in the same profile
(warm: HTTP cache, and for the table its service worker, once its fill has kept the snapshot,
and the paint of the game the cold visit saved). Table and bare runs alternate. Medians are
printed per browser, with the ratio table-warm / bare-warm run by run, and for the table when
web/main.py started (its ``belote:python`` mark) and how long the game's own start took from
there to a playable table.

The table starts Pyodide from its memory snapshot (web/runtime.mjs; ``boot`` in the report
says which start each visit had); a third page, ``plain``, is the table told not to
(``&snapshot=0``: Python started and the game imported afresh), so that the report gives what
the snapshot saves, run by run (``--no-plain`` leaves it out).

Longest main-thread task during boot: Chromium's PerformanceObserver('longtask'); where the
browser has none (Firefox, WebKit) the longest gap of a 10 ms timer, marked ``~``.
``--window S`` (Chromium) also watches the table for S seconds after its warm visit is ready
(e.g. while bots play, with PARAMS that start a game and no ``fast=1``) and prints the longest
task then, and how many took 50 ms or more, run by run; ``--worker`` adds the table with its bots
in their Web Worker (``&bots=worker``) to the pages compared, where the browser would have them
think on the page.

The test server injects the measuring script at the top of both pages. Chromium runs through
Playwright; Firefox ESR (WebDriver BiDi) and WebKitGTK (WebKitWebDriver under Xvfb) through
tests/browser/drivers.py; a browser that cannot be had here is skipped with the reason. Needs
web/vendor/ (python3 scripts/vendor.py).
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
    PageLog,
    launch_chromium,
    start_server,
    stop_server,
    table_url,
    vendor_ready_or_say,
)

# At the top of every page: when Python takes the page out of "loading", and the main thread's
# long tasks (or, without the longtask entry type, the gaps of a 10 ms timer until ready).
BENCH_SCRIPT = b"""<script>(() => {
  const b = window.__bench = { readyAt: null, longTasks: [], gaps: false };
  try {
    if (PerformanceObserver.supportedEntryTypes.includes("longtask")) {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) b.longTasks.push([e.startTime, e.duration]);
      }).observe({ type: "longtask", buffered: true });
    } else {
      b.gaps = true;
    }
  } catch (error) { b.gaps = true; }
  if (b.gaps) {
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      if (now - last > 60) b.longTasks.push([last, now - last - 10]);
      last = now;
      if (b.readyAt === null) setTimeout(tick, 10);
    };
    setTimeout(tick, 10);
  }
  const check = () => {
    const main = document.querySelector("main");
    if (b.readyAt === null && main && main.dataset.phase && main.dataset.phase !== "loading") {
      b.readyAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, attributes: true, childList: true, attributeFilter: ["data-phase"],
  });
})();</script>
"""
RESULT_JS = """() => {
  const b = window.__bench;
  if (!b || b.readyAt === null) return null;
  const first = (name) => {
    const found = performance.getEntriesByName(name);
    return found.length ? found[0].startTime : null;
  };
  const tasks = b.longTasks.filter(([start]) => start <= b.readyAt).map(([, d]) => d);
  return { ready: b.readyAt, paint: first("first-contentful-paint") ?? first("belote:first-paint"),
           python: first("belote:python"), longest: Math.max(0, ...tasks), gaps: b.gaps,
           boot: document.documentElement.dataset.boot || null };
}"""
SW_READY_JS = """() => new Promise((resolve) => {
  if (!("serviceWorker" in navigator)) return resolve(false);
  const done = () => resolve(navigator.serviceWorker.controller !== null);
  navigator.serviceWorker.getRegistration().then((r) => {
    if (!r) return resolve(false);
    navigator.serviceWorker.ready.then(() => setTimeout(done, 200));
  });
  setTimeout(() => resolve(false), 30000);
})"""
PLAYABLE = ("main button[data-bid]:not([disabled]):not([aria-disabled='true']), "
            "main button[data-card]:not([aria-disabled='true']), "
            "main button[data-action='next']")
BROWSERS = ("chromium", "firefox", "webkit")
FILLED_JS = """() => {
  const offline = document.documentElement.dataset.offline;
  return offline === undefined || offline === "ready" || offline === "incomplete";
}"""
FILL_TIMEOUT_S = 120
def with_bench_script(path: Path) -> bytes:
    return path.read_bytes().replace(b"<head>", b"<head>\n" + BENCH_SCRIPT, 1)


class Session:
    """One fresh profile of one browser (drivers.py's interface: goto, call, wait)."""

    def __init__(self, kind: str, chromium=None, service_workers: str = "allow"):
        self.kind, self.context = kind, None
        if kind == "chromium":
            from drivers import Chromium

            self.context = chromium.new_context(service_workers=service_workers)
            page = self.context.new_page()
            self.driver = Chromium(page, PageLog())
        elif kind == "firefox":
            from drivers import Firefox

            self.driver = Firefox()
        else:
            from drivers import WebKit

            self.driver = WebKit()

    def visit(self, url: str) -> dict:
        self.driver.goto(url)
        return self.driver.wait(RESULT_JS, timeout=BOOT_TIMEOUT_MS / 1000)

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        else:
            self.driver.close()


def tasks_during(page, seconds: float) -> list[float]:
    """Chromium: the long main-thread tasks (ms, 50 ms or more) that start in the next `seconds`
    seconds, while the human's turns are played by clicking the first playable bid or card."""
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
    return sorted(d for s, d in tasks if s >= start)


def empty_result() -> dict:
    return {key: [] for key in ("cold", "warm", "cold_paint", "warm_paint", "cold_task",
                                "warm_task", "window_task", "gaps", "cold_python",
                                "warm_python", "boot")}


def bench_run(kind: str, chromium, url: str, run: int, table: bool, window: float,
              result: dict) -> None:
    """One cold and one warm visit of ``url`` in a fresh profile, added to ``result``."""
    session = None
    try:
        session = Session(kind, chromium)
        cold = session.visit(url)
        if table:
            # A second visit comes after the service worker and its fill (web/boot.js
            # <html data-offline>): until the snapshot is cached, a visit starts plainly.
            session.driver.call(SW_READY_JS)
            session.driver.wait(FILLED_JS, timeout=FILL_TIMEOUT_S)
        time.sleep(0.5)  # let the caches settle, as between two visits
        warm = session.visit(url)
        for name, visit in (("cold", cold), ("warm", warm)):
            result[name].append(visit["ready"])
            result[f"{name}_paint"].append(visit["paint"])
            result[f"{name}_task"].append(visit["longest"])
            if visit.get("python") is not None:  # the table's web/main.py started
                result[f"{name}_python"].append(visit["python"])
            if visit.get("boot"):
                result["boot"].append(visit["boot"])
        result["gaps"].append(warm["gaps"])
        if table and window > 0 and kind == "chromium":  # (the table's pages)
            result["window_task"].append(tasks_during(session.driver.page, window))
    except Exception as error:  # a run that fails is reported, the others still count
        first_line = f"{error}".splitlines()[0] if f"{error}" else type(error).__name__
        print(f"bench_boot: {kind} {url} run {run + 1} failed: {first_line}", file=sys.stderr)
    finally:
        if session is not None:
            session.close()


def med(values: list) -> str:
    values = [v for v in values if v is not None]
    return f"{statistics.median(values):.0f}" if values else "-"


def ratios(a: dict, b: dict, key: str) -> str:
    """``a[key] / b[key]``: of the medians, and run by run (the runs alternate, so each pair
    was measured at about the same time)."""
    ratio = statistics.median(a[key]) / statistics.median(b[key])
    line = f"{ratio:.2f} (of the medians)"
    if len(a[key]) == len(b[key]):
        pairs = [x / y for x, y in zip(a[key], b[key])]
        line += (f"; run by run: {' '.join(f'{p:.2f}' for p in pairs)}"
                 f" (median {statistics.median(pairs):.2f})")
    return line


def report(kind: str, version: str, runs: int, results: dict, window: float) -> None:
    a, b = results["table"], results["bare"]
    approx = "~" if any(a["gaps"] + b["gaps"]) else ""
    how = "timer gaps" if approx else "longtask"
    print(f"{kind} {version}: ms since navigation start, median of {runs} runs")
    print(f"  {'page':8} {'paint cold':>10} {'paint warm':>10} {'ready cold':>10} "
          f"{'ready warm':>10}   longest task cold / warm ({how})")
    for name, r in results.items():
        paint = (f"{med(r['cold_paint']):>10} {med(r['warm_paint']):>10}" if name == "table"
                 else f"{'':>10} {'':>10}")
        print(f"  {name:8} {paint} {med(r['cold']):>10} {med(r['warm']):>10}   "
              f"{approx}{med(r['cold_task'])} / {approx}{med(r['warm_task'])}")
    for name, r in results.items():
        cold = " ".join(f"{v:.0f}" for v in r["cold"])
        warm = " ".join(f"{v:.0f}" for v in r["warm"])
        print(f"  {name} runs: ready cold {cold} | warm {warm}")
        if r["boot"]:
            starts = {how: r["boot"].count(how) for how in dict.fromkeys(r["boot"])}
            print(f"  {name} started Python: "
                  + ", ".join(f"{how} {count}x" for how, count in starts.items()))
        if name == "table":
            paints = [f"{v:.0f}" for v in r["warm_paint"] if v is not None]
            print(f"  table first paint, warm (the saved table), runs: {' '.join(paints)}")
            for key in ("cold", "warm"):
                if len(r[f"{key}_python"]) == len(r[key]) and r[key]:
                    own = [ready - py for ready, py in zip(r[key], r[f"{key}_python"])]
                    print(f"  table {key}: web/main.py starts at {med(r[f'{key}_python'])} ms, "
                          f"then the game's own start to playable takes {med(own)} ms")
    for other in ("bare", "plain"):
        for key in ("warm", "cold"):
            if other in results and a[key] and results[other][key]:
                print(f"  ratio table-{key} / {other}-{key}: {ratios(a, results[other], key)}")
    for name, r in results.items():
        if r["window_task"]:
            runs = r["window_task"]
            print(f"  {name}: in the {window:g} s after ready (warm, the bots playing), the "
                  f"longest main-thread task {max(max(t, default=0) for t in runs):.0f} ms; "
                  "run by run: " + " ".join(f"{max(t, default=0):.0f}" for t in runs)
                  + "; tasks of 50 ms or more: " + " ".join(str(len(t)) for t in runs)
                  + "; of 100 ms or more: " + " ".join(str(sum(d >= 100 for d in t))
                                                       for t in runs))


def missing(kind: str) -> str | None:
    if kind == "chromium":
        return None
    from drivers import firefox_missing, webkit_missing

    return firefox_missing() if kind == "firefox" else webkit_missing()


def version_of(kind: str, chromium) -> str:
    if kind == "chromium":
        return chromium.version
    session = Session(kind)
    try:
        return session.driver.version
    finally:
        session.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.bench_boot", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=None,
                        help="runs per page (default 5; 3 with --network)")
    parser.add_argument("--browsers", default=",".join(BROWSERS),
                        help="comma-separated: chromium,firefox,webkit (default all)")
    parser.add_argument("--params", default="", help="extra query for the table, e.g. rules=french")
    parser.add_argument(
        "--window", type=float, default=0.0,
        help="seconds to watch long tasks after ready (Chromium)"
    )
    parser.add_argument("--no-plain", action="store_true",
                        help="leave out the table started without the snapshot")
    parser.add_argument("--worker", action="store_true",
                        help="also the table with its bots in their Web Worker (&bots=worker), "
                             "where they would think on the page (JSPI): --window compares them")
    parser.add_argument("--network", action="store_true",
                        help="the first visit over a slow link (scripts/bench_network.py)")
    parser.add_argument("--mbit", type=float, default=10.0,
                        help="--network: the link's Mbit/s, shared by all requests (default 10)")
    parser.add_argument("--delay-ms", type=float, default=60.0,
                        help="--network: ms added to each request (default 60)")
    parser.add_argument("--no-gzip", action="store_true",
                        help="--network: no gzip on the fly (default: GitHub Pages' types)")
    parser.add_argument("--caching", choices=("pages", "no-cache"), default="pages",
                        help="--network: GitHub Pages' caching headers (default), or no-cache "
                             "with no validator")
    parser.add_argument(
        "--cache-control",
        default=None,
        help="Cache-Control header to send (default none, like python -m http.server)",
    )
    args = parser.parse_args(argv)
    if args.runs is None:
        args.runs = 3 if args.network else 5
    if not vendor_ready_or_say("bench_boot"):
        return 2
    from playwright.sync_api import sync_playwright

    overrides = {"index.html": with_bench_script(ROOT / "index.html"),
                 "web/bare.html": with_bench_script(ROOT / "web" / "bare.html")}
    kinds = [k.strip() for k in args.browsers.split(",") if k.strip()]
    if args.network:
        from scripts import bench_network

        if args.browsers == ",".join(BROWSERS):
            kinds = ["chromium", "firefox"]
        with sync_playwright() as playwright:
            chromium = launch_chromium(playwright)
            try:
                bench_network.run(args, chromium, kinds, missing, version_of, overrides)
            finally:
                chromium.close()
        return 0
    server, base = start_server(cache_control=args.cache_control, overrides=overrides)
    table = base + table_url(args.params)[2:]
    pages = [("table", table, True), ("bare", base + "web/bare.html", False)]
    if not args.no_plain:
        pages.append(("plain", table + "&snapshot=0", True))
    if args.worker:
        pages.append(("worker", table + "&bots=worker", True))
    try:
        with sync_playwright() as playwright:
            chromium = launch_chromium(playwright)
            try:
                for kind in kinds:
                    why = missing(kind)
                    if why:
                        print(f"{kind}: skipped ({why})\n")
                        continue
                    results = {name: empty_result() for name, _, _ in pages}
                    # Table and bare runs alternate, so that a machine getting busier or quieter
                    # during the benchmark weighs on both alike.
                    for run in range(args.runs):
                        for name, url, table in pages:
                            bench_run(kind, chromium, url, run, table, args.window,
                                      results[name])
                    report(kind, version_of(kind, chromium), args.runs, results, args.window)
                    print(flush=True)
            finally:
                chromium.close()
    finally:
        stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
