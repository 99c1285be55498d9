"""The page's memory against the bare Pyodide page's: ``python -m scripts.bench_memory``.

    python -m scripts.bench_memory [--runs 3] [--browsers chromium,firefox] [--settle 5]
                                   [--rest 40] [--collected 2] [--new-tab]
                                   [--keep-service-worker]

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
snapshot) and reads it again the same way; in the same tab, or with ``--new-tab`` in a new tab
once the first is closed. Chromium is driven over the DevTools protocol with DevTools
attached to the page alone (:class:`Chromium`: Playwright would keep the service worker, and with
it the closed tab's renderer, alive for good); ``--keep-service-worker`` attaches to it as
Playwright does. Then the same for ``web/bare.html`` (the same Pyodide through PyScript and
nothing else) in a browser of its own: its first visit, then a second one (the HTTP cache).
Table and bare runs alternate, so that a machine getting busier weighs on both alike.

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
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import (  # noqa: E402
    BOOT_TIMEOUT_MS,
    CHROMIUM_ARGS,
    LOCAL_HOST,
    SYSTEM_CHROMIUM,
    start_server,
    stop_server,
    vendor_ready_or_say,
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
# The switches Playwright (1.65) gives Chromium, so that these readings compare with those taken
# through Playwright (the browser tests', and this command's before); the harness's CHROMIUM_ARGS
# come after them.
PLAYWRIGHT_SWITCHES = [
    "--disable-field-trial-config", "--disable-background-networking",
    "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows",
    "--disable-back-forward-cache", "--disable-breakpad",
    "--disable-component-extensions-with-background-pages", "--disable-component-update",
    "--no-default-browser-check", "--disable-default-apps", "--disable-dev-shm-usage",
    "--disable-extensions",
    "--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,"
    "HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,"
    "ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,"
    "NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch",
    "--allow-pre-commit-input", "--disable-hang-monitor", "--disable-ipc-flooding-protection",
    "--disable-popup-blocking", "--disable-prompt-on-repost", "--disable-renderer-backgrounding",
    "--force-color-profile=srgb", "--metrics-recording-only", "--no-first-run",
    "--password-store=basic", "--use-mock-keychain", "--no-service-autorun",
    "--disable-search-engine-choice-screen", "--headless", "--hide-scrollbars", "--mute-audio",
]


class TargetGone(RuntimeError):
    pass


class Chromium:
    """Chromium driven over the DevTools protocol (``websocket-client``), DevTools attached to
    the page only. Not through Playwright: it attaches to every service worker, and a service
    worker with DevTools attached never stops when idle, so the renderer it runs in (that of
    the page that started it) never ends, even once that page's tab is closed (docs/boot.md,
    "What kept the closed tab's renderer"). ``keep_service_worker`` attaches to each service
    worker as Playwright does, for that reading. One browser context, as Playwright's
    ``new_context``."""

    def __init__(self, keep_service_worker: bool = False):
        import websocket

        self.profile = tempfile.mkdtemp(prefix="belote-chromium-")
        self.process = subprocess.Popen(
            [chromium_executable(), *PLAYWRIGHT_SWITCHES, *CHROMIUM_ARGS,
             f"--user-data-dir={self.profile}", "--remote-debugging-port=0",
             "--no-startup-window"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port = Path(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + 60
        while len(lines := port.read_text().split() if port.exists() else []) < 2:
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.close()
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.1)
        self.ws = websocket.create_connection(f"ws://{LOCAL_HOST}:{lines[0]}{lines[1]}",
                                              suppress_origin=True,
                                              timeout=BOOT_TIMEOUT_MS / 1000)
        self.next_id = 0
        self.version = self.send("Browser.getVersion")["product"].partition("/")[2]
        if keep_service_worker:
            self.send("Target.setAutoAttach", {"autoAttach": True, "flatten": True,
                                               "waitForDebuggerOnStart": False,
                                               "filter": [{"type": "service_worker"},
                                                          {"exclude": True}]})
        self.context = self.send("Target.createBrowserContext")["browserContextId"]
        self.target = self.session = ""
        self.new_page()

    def send(self, method: str, params: dict | None = None, session: str = ""):
        """``method``'s result (in the target of ``session``, else the browser's).
        TargetGone when that target goes before it answers."""
        self.next_id += 1
        message: dict = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        while True:
            answer = json.loads(self.ws.recv())
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error'].get('message')}")
                return answer["result"]
            if (session and answer.get("method") == "Target.detachedFromTarget"
                    and answer["params"].get("sessionId") == session):
                raise TargetGone(method)

    def new_page(self) -> None:
        """A new tab (about:blank), the page of the calls that follow; the one before closed."""
        if self.target:
            self.send("Target.closeTarget", {"targetId": self.target})
        self.target = self.send("Target.createTarget", {"url": "about:blank",
                                                        "browserContextId": self.context})[
            "targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": self.target,
                                                           "flatten": True})["sessionId"]
        # (Playwright's default viewport)
        self.send("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 720,
                                                         "deviceScaleFactor": 1,
                                                         "mobile": False}, self.session)

    def goto(self, url: str) -> None:
        self.send("Page.navigate", {"url": url}, self.session)

    def call(self, source: str):
        """The JS function ``source``'s result (JSON), called in the page; None while the page
        has no document to call it in (navigating)."""
        try:
            answer = self.send("Runtime.evaluate", {"expression": f"({source})()",
                                                    "returnByValue": True,
                                                    "awaitPromise": True}, self.session)
        except RuntimeError:
            return None
        return answer["result"].get("value")

    def wait(self, source: str, timeout: float):
        from drivers import poll

        return poll(self.call, source, timeout=timeout, interval=0.2)

    def collect_garbage(self) -> int:
        """A full garbage collection in every realm of the browser (one session each: the
        page's own session collects only the page); the number of targets collected."""
        collected = 0
        for target in self.send("Target.getTargets")["targetInfos"]:
            if target["type"] not in REALMS:
                continue
            try:
                session = self.send("Target.attachToTarget", {"targetId": target["targetId"],
                                                              "flatten": True})["sessionId"]
                self.send("HeapProfiler.collectGarbage", session=session)
                self.send("Target.detachFromTarget", {"sessionId": session})
                collected += 1
            except RuntimeError:  # (TargetGone too)
                pass  # gone meanwhile (a service worker stopping): nothing to collect
        return collected

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.send("Browser.close")
        from drivers import end_browser

        end_browser(self.process, self.profile)


def chromium_executable() -> str:
    """/usr/bin/chromium when present, else Playwright's (as the browser tests)."""
    if os.path.exists(SYSTEM_CHROMIUM):
        return SYSTEM_CHROMIUM
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        return playwright.chromium.executable_path


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
    """One fresh browser with one page: Chromium (:class:`Chromium`), Firefox through
    tests/browser/drivers.py; both ``goto``, ``wait``, ``call``, ``new_page`` and ``close``."""

    def __init__(self, kind: str, keep_service_worker: bool = False):
        self.kind = kind
        if kind == "chromium":
            self.driver = Chromium(keep_service_worker)
        else:
            from drivers import Firefox

            # (no back-forward cache: a later visit's page would keep the earlier one in memory)
            self.driver = Firefox(prefs={"browser.sessionhistory.max_total_viewers": 0})
        self.version = self.driver.version

    def visit(self, url: str, settle: float, rest: float, collected: float,
              new_tab: bool = False) -> dict:
        if new_tab:
            self.driver.new_page()
        self.driver.goto(url)
        self.driver.wait(SETTLED_JS, timeout=BOOT_TIMEOUT_MS / 1000)
        reading: dict = {"boot": self.driver.call(BOOT_JS)}

        def read(prefix: str) -> None:
            reading.update({prefix + key: value
                            for key, value in memory(renderers(self.kind)).items()})

        time.sleep(settle)
        read("")
        time.sleep(rest)
        read("rest ")
        if isinstance(self.driver, Chromium):
            self.driver.collect_garbage()
            time.sleep(collected)
            read("gc ")
        return reading

    def close(self) -> None:
        self.driver.close()


def med(values: list[float]) -> str:
    return f"{statistics.median(values):.0f}" if values else "-"


KEYS = ("rss", "private", "rest rss", "rest private", "gc rss", "gc private")


def report(kind: str, version: str, runs: int, results: dict, settle: float, rest: float,
           collected: float, new_tab: bool = False, keep_service_worker: bool = False) -> None:
    keys = [key for key in KEYS if any(key in r for rows in results.values() for r in rows)]
    gc = "gc rss" in keys
    print(f"{kind} {version}: MB of the renderer processes, {settle:g} s after the page settled "
          f"and {rest:g} s later (at rest)"
          + (f", then {collected:g} s after a full garbage collection in every target "
             "(collected)" if gc else "")
          + ("; the later visit in a new tab" if new_tab else "")
          + ("; DevTools kept on the service worker" if keep_service_worker
             and kind == "chromium" else "")
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
                        help="the later visit in a new tab, the first one closed (default: the "
                             "same tab)")
    parser.add_argument("--keep-service-worker", action="store_true",
                        help="DevTools attached to every service worker, as Playwright does: "
                             "it then never stops when idle (Chromium)")
    args = parser.parse_args(argv)
    if not vendor_ready_or_say("bench_memory"):
        return 2
    server, base = start_server()
    pages = (("table", base, ("first", "later")), ("bare", base + "web/bare.html",
                                                   ("first", "second")))
    try:
        for kind in [k.strip() for k in args.browsers.split(",") if k.strip()]:
            why = missing(kind)
            if why:
                print(f"{kind}: skipped ({why})\n")
                continue
            results: dict = {(page, visit): [] for page, _, visits in pages for visit in visits}
            version = "?"
            for run in range(args.runs):
                for page, url, visits in pages:
                    browser = None
                    try:
                        browser = Browser(kind, args.keep_service_worker)
                        version = browser.version
                        for i, visit in enumerate(visits):
                            results[(page, visit)].append(
                                browser.visit(url, args.settle, args.rest, args.collected,
                                              args.new_tab and i > 0))
                    except Exception as error:  # reported; the other runs still count
                        text = f"{error}".splitlines()[0] if f"{error}" else repr(error)
                        print(f"bench_memory: {kind} {page} run {run + 1} failed: {text}",
                              file=sys.stderr, flush=True)
                    finally:
                        if browser is not None:
                            browser.close()
            report(kind, version, args.runs, results, args.settle, args.rest, args.collected,
                   args.new_tab, args.keep_service_worker)
            print(flush=True)
    finally:
        stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
