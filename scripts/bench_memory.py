"""The page's memory against the bare Pyodide page's: ``python -m scripts.bench_memory``.

    python -m scripts.bench_memory [--runs 3] [--browsers chromium,firefox] [--settle 5]
                                   [--rest 40] [--collected 2] [--new-tab]

Each run opens, in a fresh browser (nothing else in it), the table as a player (``./``: the
service worker, its background fill and the bots included), waits until the table is playable,
the fill is done (``<html data-offline="ready">``), the bots are ready (``<main data-bots>``:
``page``, or ``worker`` once the bots' worker is up) and the human has a bid or card to play
(the bots before them have thought), then ``--settle`` seconds more, and reads the memory of the
browser's renderer processes (Chromium's ``--type=renderer``, Firefox's web content processes);
then again ``--rest`` seconds later, the page idle (``at rest``: by then the browser has made its
own clean-up of what starting left behind, as for a tab left in the background); then, in
Chromium, has every JavaScript realm of the page collect its garbage in full (the DevTools
protocol's ``HeapProfiler.collectGarbage`` in each target: the page, its workers, the service
worker if still running) and reads it ``--collected`` seconds later (``collected``: the live
memory, whenever the browser would have collected by itself; Firefox has no such call here): the
first visit. It then opens the page again in the same profile (a later visit: from the memory
snapshot) and reads it again the same way; in the same tab, or with ``--new-tab`` (Chromium) in
a new tab once the first is closed. Then the same for ``web/bare.html`` (the same
Pyodide through PyScript and nothing else) in a browser of its own: its first visit, then a
second one (the HTTP cache). Table and bare runs alternate, so that a machine getting busier
weighs on both alike.

Two figures per reading, summed over the renderer processes, from Linux's ``/proc``: ``rss``
(resident set size, as a task manager shows; it counts shared pages, such as the browser's
code, in every process) and ``private`` (``RssAnon``: the anonymous memory each process holds
alone: the JavaScript and WebAssembly heaps, decoded images). The ratios are table / bare, of
the medians and run by run. Needs web/vendor/ (python3 scripts/vendor.py).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
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
    vendor_ready,
)

BROWSERS = ("chromium", "firefox")
# The table settled: playable, the fill done, the bots ready, the human to play.
SETTLED_JS = """() => {
  const main = document.querySelector("main");
  if (!main || !main.dataset.phase || main.dataset.phase === "loading") return false;
  if (!document.querySelector("[data-region]")) return true; // the bare page
  const offline = document.documentElement.dataset.offline;
  const bots = main.dataset.bots || "";
  const mine = main.querySelector("button[data-bid]:not([disabled]), button[data-card]"
                                  + ":not([aria-disabled='true'])");
  return (offline === undefined || offline === "ready" || offline === "incomplete")
    && (bots === "page" || bots === "worker") && !!mine;
}"""
BOOT_JS = "() => [document.documentElement.dataset.boot || '', " \
          "(document.querySelector('main') || {dataset: {}}).dataset.bots || '']"


# The targets whose JavaScript a collection reaches (not the browser's own pages).
REALMS = ("page", "iframe", "worker", "shared_worker", "service_worker")


def collect_garbage(browser, page, timeout: float = 60.0) -> int:
    """A full garbage collection in every realm of Chromium's ``browser`` (one target session
    each: the page's own session collects only the page); the number of targets collected.
    ``page`` pumps Playwright's events while the replies come."""
    cdp = browser.new_browser_cdp_session()
    replied: set[str] = set()
    cdp.on("Target.receivedMessageFromTarget",
           lambda event: replied.add(event["sessionId"])
           if json.loads(event["message"]).get("id") == 1 else None)
    # (a target that goes meanwhile, such as a service worker stopping, has nothing to collect)
    cdp.on("Target.detachedFromTarget", lambda event: replied.add(event["sessionId"]))
    sessions = []
    try:
        for target in cdp.send("Target.getTargets")["targetInfos"]:
            if target["type"] not in REALMS:
                continue
            # (not flattened: Playwright's session cannot address a flattened child session)
            session = cdp.send("Target.attachToTarget", {"targetId": target["targetId"],
                                                         "flatten": False})["sessionId"]
            sessions.append(session)
            cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(
                {"id": 1, "method": "HeapProfiler.collectGarbage"})})
        deadline = time.monotonic() + timeout
        while not replied >= set(sessions):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{len(sessions) - len(replied)} targets did not collect")
            page.wait_for_timeout(50)
        for session in sessions:
            with contextlib.suppress(Exception):  # (gone meanwhile)
                cdp.send("Target.detachFromTarget", {"sessionId": session})
    finally:
        cdp.detach()
    return len(sessions)


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            kids.setdefault(parent, []).append(int(entry))
    return kids


def renderers(kind: str) -> list[int]:
    """This process's descendants that render web content in ``kind``'s browser."""
    kids, todo, found = _children(), [os.getpid()], []
    while todo:
        for pid in kids.get(todo.pop(), []):
            todo.append(pid)
            try:
                raw = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            # (most rewrite their command line as one string; Firefox's ends with the type)
            if kind == "chromium" and b"--type=renderer" in raw:
                found.append(pid)
            elif kind == "firefox" and b"-contentproc" in raw and raw.rstrip(b"\0").endswith(
                    (b" tab", b"\0tab")):
                found.append(pid)
    return found


def memory(pids: list[int]) -> dict[str, float]:
    """MB summed over ``pids``: rss and private (RssAnon)."""
    total = {"rss": 0.0, "private": 0.0}
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue  # gone meanwhile
        for line in status.splitlines():
            name, _, value = line.partition(":")
            if name in ("VmRSS", "RssAnon"):
                key = "rss" if name == "VmRSS" else "private"
                total[key] += int(value.split()[0]) / 1024
    return total


class Browser:
    """One fresh browser with one page: Chromium through Playwright, Firefox through
    tests/browser/drivers.py."""

    def __init__(self, kind: str, playwright):
        self.kind = kind
        if kind == "chromium":
            self.browser = launch_chromium(playwright)
            context = self.browser.new_context(service_workers="allow")
            self.page = context.new_page()
            self.version = self.browser.version
        else:
            from drivers import Firefox

            # (no back-forward cache: a later visit's page would keep the earlier one in memory)
            self.driver = Firefox(prefs={"browser.sessionhistory.max_total_viewers": 0})
            self.version = self.driver.version

    def visit(self, url: str, settle: float, rest: float, collected: float,
              new_tab: bool = False) -> dict:
        if self.kind == "chromium":
            if new_tab:
                context = self.page.context
                self.page.close()
                self.page = context.new_page()
            self.page.goto(url)
            self.page.wait_for_function(SETTLED_JS, timeout=BOOT_TIMEOUT_MS, polling=200)
            boot = self.page.evaluate(BOOT_JS)
        else:
            self.driver.goto(url)
            self.driver.wait(SETTLED_JS, timeout=BOOT_TIMEOUT_MS / 1000)
            boot = self.driver.call(BOOT_JS)
        reading: dict = {"boot": boot}

        def read(prefix: str) -> None:
            reading.update({prefix + key: value
                            for key, value in memory(renderers(self.kind)).items()})

        time.sleep(settle)
        read("")
        time.sleep(rest)
        read("rest ")
        if self.kind == "chromium":
            collect_garbage(self.browser, self.page)
            time.sleep(collected)
            read("gc ")
        return reading

    def close(self) -> None:
        if self.kind == "chromium":
            self.browser.close()
        else:
            self.driver.close()


def med(values: list[float]) -> str:
    return f"{statistics.median(values):.0f}" if values else "-"


KEYS = ("rss", "private", "rest rss", "rest private", "gc rss", "gc private")


def report(kind: str, version: str, runs: int, results: dict, settle: float, rest: float,
           collected: float, new_tab: bool = False) -> None:
    keys = [key for key in KEYS if any(key in r for rows in results.values() for r in rows)]
    gc = "gc rss" in keys
    print(f"{kind} {version}: MB of the renderer processes, {settle:g} s after the page settled "
          f"and {rest:g} s later (at rest)"
          + (f", then {collected:g} s after a full garbage collection in every target "
             "(collected)" if gc else "")
          + ("; the later visit in a new tab" if new_tab and kind == "chromium" else "")
          + f"; median of {runs} runs")
    print(f"  {'page':6} {'visit':6} {'rss':>6} {'private':>8} {'rest rss':>9} {'private':>8}"
          + (f" {'gc rss':>7} {'private':>8}" if gc else "")
          + "   runs (rss | private | at rest: rss | private"
          + (" | collected: rss | private)" if gc else ")"))
    for (page, visit), rows in results.items():
        values = {key: [r[key] for r in rows if key in r] for key in keys}
        print(f"  {page:6} {visit:6} {med(values['rss']):>6} {med(values['private']):>8} "
              f"{med(values['rest rss']):>9} {med(values['rest private']):>8}"
              + (f" {med(values['gc rss']):>7} {med(values['gc private']):>8}" if gc else "")
              + "   " + " | ".join(" ".join(f"{v:.0f}" for v in values[key]) for key in keys))
    for (page, visit), rows in results.items():
        boots = [" ".join(r["boot"]).strip() for r in rows if any(r["boot"])]
        if boots:
            print(f"  {page} {visit}: started "
                  + ", ".join(f"{b} {boots.count(b)}x" for b in dict.fromkeys(boots)))
    for visit, bare_visit in (("first", "first"), ("later", "second")):
        table, bare = results[("table", visit)], results[("bare", bare_visit)]
        for key in keys:
            a, b = [r[key] for r in table if key in r], [r[key] for r in bare if key in r]
            if not a or not b:
                continue
            line = (f"  ratio table-{visit} / bare-{bare_visit} ({key}): "
                    f"{statistics.median(a) / statistics.median(b):.2f} (of the medians)")
            if len(a) == len(b):
                line += "; run by run: " + " ".join(f"{x / y:.2f}" for x, y in zip(a, b))
            print(line)


def missing(kind: str) -> str | None:
    if kind == "chromium":
        return None
    from drivers import firefox_missing

    return firefox_missing()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.bench_memory", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--browsers", default=",".join(BROWSERS),
                        help="comma-separated: chromium,firefox (default both)")
    parser.add_argument("--settle", type=float, default=5.0,
                        help="seconds to wait once the page has settled (default 5)")
    parser.add_argument("--rest", type=float, default=40.0,
                        help="seconds more, the page idle, for the reading at rest (default 40)")
    parser.add_argument("--collected", type=float, default=2.0,
                        help="seconds after the forced collection, for the reading collected "
                             "(Chromium; default 2)")
    parser.add_argument("--new-tab", action="store_true",
                        help="the later visit in a new tab, the first one closed (Chromium; "
                             "default: the same tab)")
    args = parser.parse_args(argv)
    if not vendor_ready():
        print("bench_memory: web/vendor/ is missing: run python3 scripts/vendor.py",
              file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    server, base = start_server()
    pages = (("table", base, ("first", "later")), ("bare", base + "web/bare.html",
                                                   ("first", "second")))
    try:
        with sync_playwright() as playwright:
            for kind in [k.strip() for k in args.browsers.split(",") if k.strip()]:
                why = missing(kind)
                if why:
                    print(f"{kind}: skipped ({why})\n")
                    continue
                results: dict = {(page, visit): [] for page, _, visits in pages
                                 for visit in visits}
                version = "?"
                for run in range(args.runs):
                    for page, url, visits in pages:
                        browser = None
                        try:
                            browser = Browser(kind, playwright)
                            version = browser.version
                            for i, visit in enumerate(visits):
                                results[(page, visit)].append(
                                    browser.visit(url, args.settle, args.rest,
                                                  args.collected, args.new_tab and i > 0))
                        except Exception as error:  # reported; the other runs still count
                            text = f"{error}".splitlines()[0] if f"{error}" else repr(error)
                            print(f"bench_memory: {kind} {page} run {run + 1} failed: {text}",
                                  file=sys.stderr, flush=True)
                        finally:
                            if browser is not None:
                                browser.close()
                report(kind, version, args.runs, results, args.settle, args.rest,
                       args.collected, args.new_tab)
                print(flush=True)
    finally:
        stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
