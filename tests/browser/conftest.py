"""Browser test harness: the site served on 127.0.0.1, a real Chromium driven by Playwright.

Fixtures
- ``site_url``: ``http://127.0.0.1:PORT/belote/``, the repository root served under a sub-path
  (like GitHub Pages), so that an absolute URL anywhere in the site shows up as a 404. Responses
  say ``Cache-Control: no-cache``, so that offline only the service worker serves the site.
- ``browser``: Chromium for the session (/usr/bin/chromium when present, else Playwright's).
- ``context``: a fresh browser context (empty profile: cold caches, no service worker) whose
  ``base_url`` is ``site_url``.
- ``page``: a page in ``context``. The test fails if any request goes to a host other than
  127.0.0.1, or on any console error or uncaught page error.
- ``page_log``: what ``page`` recorded: ``.requests`` (URLs), ``.errors``.
- ``open_table``: ``open_table(page, url_params="")`` opens ``./?fast=1&<url_params>`` (params
  as a string or a dict) and waits until ``<main data-phase>`` is no longer ``loading``.

Every test in this folder is marked ``browser`` (``pytest -m "not browser"`` skips them). They need
web/vendor/ (``python3 scripts/vendor.py``, which ./test runs): without it they are skipped, or
fail under CI.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUBPATH = "/belote/"
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
BOOT_TIMEOUT_MS = 120_000
LOCAL_HOST = "127.0.0.1"
PHASE_READY_JS = """() => {
    const main = document.querySelector("main");
    return !!main && !!main.dataset.phase && main.dataset.phase !== "loading";
}"""


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ROOT under SUBPATH only; quiet; explicit types for the module and wasm files."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".toml": "text/plain",
        ".py": "text/plain",
    }

    def translate_path(self, path):
        parts = urlsplit(path)
        if not parts.path.startswith(SUBPATH):
            return str(ROOT / "no such file (outside the site's sub-path)")
        return super().translate_path("/" + parts.path[len(SUBPATH) :])

    def end_headers(self):
        # Revalidate every time: offline, only the service worker can serve the site (a fresh
        # HTTP-cache copy would hide a file missing from its precache list).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # the browser closing a connection early is not our business


def vendor_ready() -> bool:
    return (ROOT / "web/vendor/pyodide/pyodide.asm.wasm").is_file() and (
        ROOT / "web/vendor/pyscript/core.js"
    ).is_file()


@pytest.fixture(scope="session")
def site_url():
    if not vendor_ready():
        message = "web/vendor/ is missing: run python3 scripts/vendor.py (./test does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    server = QuietServer((LOCAL_HOST, 0), functools.partial(SiteHandler, directory=str(ROOT)))
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://{LOCAL_HOST}:{server.server_port}{SUBPATH}"
    finally:
        server.shutdown()
        server.server_close()


def launch_chromium(playwright):
    if os.path.exists(SYSTEM_CHROMIUM):
        return playwright.chromium.launch(executable_path=SYSTEM_CHROMIUM, args=CHROMIUM_ARGS)
    return playwright.chromium.launch(args=CHROMIUM_ARGS)


@pytest.fixture(scope="session")
def playwright_instance():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance, site_url):
    browser = launch_chromium(playwright_instance)
    yield browser
    browser.close()


@pytest.fixture
def context(browser, site_url):
    context = browser.new_context(base_url=site_url)
    context.set_default_timeout(60_000)
    yield context
    context.close()


@dataclass
class PageLog:
    requests: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def watch(self, context, page) -> None:
        """Record every request of the context (pages, workers, service worker) and the page's
        console errors and uncaught errors."""
        context.on("request", self._request)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))

    def _request(self, request) -> None:
        self.requests.append(request.url)
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != LOCAL_HOST:
            self.foreign.append(request.url)

    def _console(self, message) -> None:
        if message.type == "error":
            where = message.location.get("url", "") if message.location else ""
            self.errors.append(f"console.error: {message.text} {where}".rstrip())


@pytest.fixture
def page_log():
    return PageLog()


@pytest.fixture
def page(context, page_log):
    page = context.new_page()
    page_log.watch(context, page)
    yield page
    problems = [f"request to another host: {url}" for url in page_log.foreign] + page_log.errors
    assert not problems, "the page misbehaved:\n" + "\n".join(problems)


def open_table(page, url_params="", timeout_ms: int = BOOT_TIMEOUT_MS):
    """Open the table with ?fast=1 (plus url_params) and wait until Python has taken over."""
    if isinstance(url_params, dict):
        url_params = urlencode(url_params)
    query = "fast=1" + (f"&{url_params.lstrip('?&')}" if url_params else "")
    page.goto(f"./?{query}")
    wait_until_ready(page, timeout_ms)
    return page


def wait_until_ready(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    page.wait_for_function(PHASE_READY_JS, timeout=timeout_ms, polling=50)


@pytest.fixture(name="open_table")
def open_table_fixture():
    return open_table
