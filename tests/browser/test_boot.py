"""The page boots: Pyodide starts through PyScript, Python runs and takes the page out of its
loading screen, with every request to 127.0.0.1 and no console error (checked by `page`)."""

import pytest

pytestmark = pytest.mark.browser

PHASES = {"auction", "play", "hand-over", "match-over"}


def test_page_boots_and_python_runs(page, page_log, open_table, site_url):
    open_table(page)
    phase = page.get_attribute("main", "data-phase")
    assert phase in PHASES
    # Every file came from the site, under its sub-path: all URLs in the site are relative.
    assert page_log.requests
    web = [url for url in page_log.requests if url.startswith(("http:", "https:"))]
    outside = [url for url in web if not url.startswith(site_url)]
    assert not outside, outside
    fetched = {url[len(site_url) :].split("?")[0] for url in web}
    assert "web/vendor/pyodide/pyodide.asm.wasm" in fetched
    assert "web/build/python.zip" in fetched  # the engine and the table, in one request


def test_loading_screen_shows_progress(page, site_url):
    # Before Python takes over the page shows a loading screen that reports progress.
    page.goto("./?fast=1")
    assert page.get_attribute("main", "data-phase") in {"loading", *PHASES}
    assert page.locator("[data-loading-progress]").count() == 1
    page.wait_for_function(
        "() => document.querySelector('main').dataset.phase !== 'loading'", timeout=120_000
    )
