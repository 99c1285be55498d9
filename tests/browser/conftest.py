"""Browser test fixtures: the site served on 127.0.0.1, a real Chromium driven by Playwright, and
Firefox and WebKit for the smoke suites.

- ``site_url``: ``http://127.0.0.1:PORT/belote/``: the repository root served under a sub-path
  (like GitHub Pages), so that an absolute URL anywhere in the site shows up as a 404.
- ``browser``: Chromium for the session (/usr/bin/chromium when present, else Playwright's),
  with the tests' flags (browser_harness.TEST_ARGS). ``optimizing_browser``: one with V8's
  default WebAssembly tiers, for the few pages that compute long after one boot (marked
  ``wasm_optimizing``: their ``context`` and ``page`` come from it).
- ``context``: a fresh browser context (empty profile: cold caches; service workers blocked) whose
  ``base_url`` is ``site_url``.
- ``page``: a page in ``context``. The test fails if any request goes to a host other than
  127.0.0.1, or on any console error or uncaught page error.
- ``page_log``: what ``page`` recorded: ``.requests`` (URLs), ``.errors``.
- ``open_table``: ``open_table(page, url_params="")`` opens ``./?fast=1&<url_params>`` (a query
  string or a dict) and waits until ``<main data-phase>`` is no longer ``loading``.
- ``firefox``, ``webkit``: one Firefox ESR (WebDriver BiDi) or WebKitGTK (WebKitWebDriver) per
  test module (Firefox's error log starts afresh for each test), behind drivers.py's interface;
  skipped with the reason when the browser cannot be had here, and failed instead under CI=true.
Plain helpers (servers, PageLog, ...) are in browser_harness.py; the checks run in several
browsers are in smoke.py.

Every test in this folder is marked ``browser`` (``pytest -m "not browser"`` leaves them out).
They need web/vendor/ (``python3 scripts/vendor.py``, which ./test runs): without it they are
skipped, or fail under CI.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_harness import (  # noqa: E402
    TEST_ARGS,
    PageLog,
    launch_chromium,
    new_context,
    open_table,
    start_server,
    stop_server,
    vendor_ready,
)


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


def require_vendor() -> None:
    if not vendor_ready():
        message = "web/vendor/ is missing: run python3 scripts/vendor.py (./test does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="session")
def site_url():
    require_vendor()
    server, url = start_server()
    yield url
    stop_server(server)


@pytest.fixture(scope="session")
def playwright_instance():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance, site_url):
    browser = launch_chromium(playwright_instance, TEST_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def optimizing_browser(playwright_instance, site_url):
    browser = launch_chromium(playwright_instance)
    yield browser
    browser.close()


@pytest.fixture
def context(request, site_url):
    which = "optimizing_browser" if request.node.get_closest_marker("wasm_optimizing") \
        else "browser"
    context = new_context(request.getfixturevalue(which), base_url=site_url)
    context.set_default_timeout(60_000)
    yield context
    context.close()


@pytest.fixture
def page_log():
    return PageLog()


@pytest.fixture
def page(context, page_log):
    page = context.new_page()
    page_log.watch(context, page)
    yield page
    problems = page_log.problems()
    assert not problems, "the page misbehaved:\n" + "\n".join(problems)


@pytest.fixture(name="open_table")
def open_table_fixture():
    return open_table


# --- Firefox and WebKit (drivers.py): one browser per suite -------------------------------
def require(missing: str | None, browser: str) -> None:
    """Skip with the reason when the browser cannot be had here; under CI=true, fail."""
    if missing:
        message = f"{browser} cannot be tested here: {missing}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="module")
def firefox_browser(site_url):
    from drivers import DriverError, Firefox, firefox_missing

    require(firefox_missing(), "Firefox")
    # The player's language is the browser's: French here (the bad-save messages). WebAssembly
    # run as compiled by the baseline compiler only, as in the tests' Chromium
    # (browser_harness.TEST_ARGS): test_firefox.py took 31 -> 27 s of CPU.
    prefs = {"intl.accept_languages": "fr", "intl.locale.requested": "fr",
             "javascript.options.wasm_optimizingjit": False}
    try:
        driver = Firefox(prefs)
    except DriverError as error:  # seen once on a loaded machine: a second start, then fail
        print(f"Firefox again: {error}")
        driver = Firefox(prefs)
    print(f"Firefox {driver.version}")
    yield driver
    driver.close()


@pytest.fixture
def firefox(firefox_browser):
    """The module's Firefox with a log of its own for this test."""
    firefox_browser.forget_log()
    return firefox_browser


@pytest.fixture(scope="module")
def webkit(site_url):
    from drivers import WebKit, webkit_missing

    require(webkit_missing(), "WebKit")
    driver = WebKit()
    print(f"WebKitGTK {driver.version}")
    yield driver
    driver.close()
