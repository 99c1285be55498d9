"""Plain helpers behind the browser tests' fixtures (conftest.py) and scripts/bench_boot.py.

- ``start_server()``: the repository root served on 127.0.0.1 (free port) under the sub-path
  SUBPATH, like GitHub Pages serves a project site, so that an absolute URL anywhere in the site
  shows up as a 404. Responses say ``Cache-Control: no-cache`` (``cache_control`` to change it);
  ``overrides`` serves other bytes for some paths (a test's version of the site).
- ``launch_chromium(playwright, extra_args=())``: /usr/bin/chromium when present (with flags
  that keep it from calling home and a resolver that maps every host but 127.0.0.1 to nothing),
  else Playwright's; the tests add TEST_ARGS. ``chromium_options`` gives those options (for a
  persistent context).
- ``new_context(browser, **options)``: a fresh context, service workers blocked unless asked for.
- ``PageLog``: records every request of a context and a page's console errors, console warnings
  and page errors.
- ``open_table(page, url_params)``: opens ``./?fast=1&...`` and waits until Python has taken the
  page out of ``data-phase="loading"``.
"""

from __future__ import annotations

import functools
import http.server
import io
import os
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parents[2]
SUBPATH = "/belote/"
LOCAL_HOST = "127.0.0.1"
SYSTEM_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
# The tests' Chromium (conftest.py) runs the page's WebAssembly as compiled by V8's baseline
# compiler (Liftoff), never compiled again by its optimizing one (TurboFan): every test's fresh
# context is a new renderer that would otherwise optimize Python's interpreter anew in the
# background, the costliest part of a boot (2.7 -> 2.1 s of CPU per boot, a quarter less CPU for
# the browser tests that boot often, on a 2-core machine whose two pytest workers already share
# every core). What the page computes is the same; the benchmarks (scripts/) keep the default.
TEST_ARGS = ["--js-flags=--liftoff-only"]
BOOT_TIMEOUT_MS = 120_000
# How Python started (web/runtime.mjs, web/snapshot.py): snapshot | snapshot-stale | plain.
BOOT_JS = "() => document.documentElement.dataset.boot || ''"
PHASE_READY_JS = """() => {
    const main = document.querySelector("main");
    return !!main && !!main.dataset.phase && main.dataset.phase !== "loading";
}"""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ROOT under SUBPATH only; quiet; explicit types for module and wasm files."""

    cache_control = "no-cache"
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".toml": "text/plain",
        ".py": "text/plain",
    }

    overrides: dict[str, bytes] = {}  # path under SUBPATH ("index.html") -> what to serve

    def send_head(self):
        rel = urlsplit(self.path).path
        rel = rel[len(SUBPATH):] if rel.startswith(SUBPATH) else None
        body = self.overrides.get("index.html" if rel == "" else rel) if rel is not None else None
        if body is None:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(rel or "index.html"))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path):
        parts = urlsplit(path)
        if not parts.path.startswith(SUBPATH):
            return str(ROOT / "no such file (outside the site's sub-path)")
        return super().translate_path("/" + parts.path[len(SUBPATH) :])

    def end_headers(self):
        # "no-cache" (the default here): every use revalidates, so that offline only the service
        # worker can serve the site (a fresh HTTP-cache copy would hide a file missing from its
        # precache list).
        if self.cache_control:
            self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # the browser closing a connection early is not our business


def vendor_ready() -> bool:
    """Whether web/vendor/ is there; if so, web/build/python.zip is (re)built when stale, so the
    page runs the Python of the working tree."""
    ready = (ROOT / "web/vendor/pyodide/pyodide.asm.wasm").is_file() and (
        ROOT / "web/vendor/pyscript/core.js"
    ).is_file()
    if ready:
        sys.path.insert(0, str(ROOT / "scripts"))
        import build_python

        build_python.ensure()
    return ready


def vendor_ready_or_say(program: str) -> bool:
    """:func:`vendor_ready`; if not, a script named ``program`` says what to run, on stderr."""
    if vendor_ready():
        return True
    print(f"{program}: web/vendor/ is missing: run python3 scripts/vendor.py", file=sys.stderr)
    return False


def start_server(cache_control: str | None = "no-cache",
                 overrides: dict[str, bytes] | None = None) -> tuple[QuietServer, str]:
    """Serve the site in a thread; returns the server (give it to stop_server) and its URL.
    ``overrides`` (path under the site -> bytes) is served instead of those files; the dict may
    change while the server runs (a new version of the site)."""
    handler = type("Handler", (SiteHandler,), {"cache_control": cache_control,
                                                "overrides": {} if overrides is None
                                                else overrides})
    server = QuietServer((LOCAL_HOST, 0), functools.partial(handler, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://{LOCAL_HOST}:{server.server_port}{SUBPATH}"


def stop_server(server: QuietServer) -> None:
    """Stop serving; safe to call again (a test that stopped it to go offline, then its
    cleanup)."""
    server.shutdown()
    server.server_close()


def new_context(browser, **options):
    """A fresh Chromium context (empty profile). Service workers are blocked unless the test
    asks for them (``service_workers="allow"``): a first visit's worker precaches the whole
    runtime, work that only the offline, update and install tests are about."""
    options.setdefault("service_workers", "block")
    return browser.new_context(**options)


def chromium_options(extra_args=(), **options) -> dict:
    """The launch options of the Chromium used here: /usr/bin/chromium when present, else
    Playwright's; CHROMIUM_ARGS then ``extra_args``."""
    if os.path.exists(SYSTEM_CHROMIUM):
        options.setdefault("executable_path", SYSTEM_CHROMIUM)
    return {"args": CHROMIUM_ARGS + list(extra_args), **options}


def launch_chromium(playwright, extra_args=(), **options):
    return playwright.chromium.launch(**chromium_options(extra_args, **options))


# What Playwright itself says in a context whose service workers are blocked (new_context).
BLOCKED_BY_PLAYWRIGHT = "Service Worker registration blocked by Playwright"


@dataclass
class PageLog:
    requests: list[str] = field(default_factory=list)
    page_requests: list[str] = field(default_factory=list)  # not the service worker's own
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def watch(self, context, page) -> None:
        """Record every request of the context (pages, workers, service worker) and the page's
        console errors and uncaught errors."""
        context.on("request", self._request)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))

    def problems(self, warnings: bool = False) -> list[str]:
        """Requests to other hosts and errors; console warnings too if asked (a normal start
        gives none: tests/browser/test_first_visit.py)."""
        return ([f"request to another host: {url}" for url in self.foreign] + self.errors
                + (self.warnings if warnings else []))

    def _request(self, request) -> None:
        self.requests.append(request.url)
        if request.service_worker is None:
            self.page_requests.append(request.url)
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != LOCAL_HOST:
            self.foreign.append(request.url)

    def _console(self, message) -> None:
        if message.text == BLOCKED_BY_PLAYWRIGHT:
            return
        if message.type in ("error", "warning"):
            where = message.location.get("url", "") if message.location else ""
            text = f"console.{message.type}: {message.text} {where}".rstrip()
            (self.errors if message.type == "error" else self.warnings).append(text)


def table_url(url_params="") -> str:
    """``./?fast=1`` plus url_params (a query string or a dict)."""
    if isinstance(url_params, dict):
        url_params = urlencode(url_params)
    url_params = url_params.lstrip("?&")
    return "./?fast=1" + (f"&{url_params}" if url_params else "")


def open_table(page, url_params="", timeout_ms: int = BOOT_TIMEOUT_MS):
    """Open the table (relative to the context's base_url) and wait until Python has taken over."""
    page.goto(table_url(url_params))
    wait_until_ready(page, timeout_ms)
    return page


_boot_failures = 0
BOOT_FAILURES_TOLERATED = 2


def wait_until_ready(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until Python has taken over the page.

    After two boots in a row have failed in this process the page is broken for every test: later
    calls fail at once instead of each waiting out its timeout (a broken boot must not turn the run
    into a CI timeout). A renderer crash ("Target crashed") is not counted: it fails at once, it
    is the browser's, not the page's, and ./test reruns that test once (docs/testing.md)."""
    global _boot_failures
    if _boot_failures >= BOOT_FAILURES_TOLERATED:
        raise AssertionError(
            f"the page did not boot {_boot_failures} times in a row in this run: not waiting again")
    try:
        page.wait_for_function(PHASE_READY_JS, timeout=timeout_ms, polling=50)
    except Exception as error:
        if "Target crashed" in str(error):
            raise
        _boot_failures += 1
        raise AssertionError(f"the page did not boot: {boot_state(page)}") from error
    _boot_failures = 0


# What a page that did not boot shows: where the loading stands, and what it said.
BOOT_STATE_JS = """() => {
    const main = document.querySelector("main"), box = document.querySelector(".loading");
    const attrs = (el) => el ? Object.entries(el.dataset).map(([k, v]) => `${k}=${v}`).join(" ")
        : "none";
    return `url ${location.href}; <html> ${attrs(document.documentElement)}; <main> ${attrs(main)}`
        + `; service worker ${navigator.serviceWorker && navigator.serviceWorker.controller
            ? "in charge" : "none"}; loading box: ${box ? box.innerText.trim() : "none"}`;
}"""


def boot_state(page) -> str:
    """BOOT_STATE_JS, or why it could not be read (within 5 s: a page whose loop is stuck
    never answers an evaluate)."""
    try:
        return page.wait_for_function(BOOT_STATE_JS, timeout=5000).json_value()
    except Exception as error:
        return f"unreadable ({type(error).__name__})"
