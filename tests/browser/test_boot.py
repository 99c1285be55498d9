"""The page boots: Pyodide starts through PyScript, Python runs and takes the page out of its
loading screen, with every request to 127.0.0.1 and no console error (checked by `page`). With
no service worker's cache the page starts Python plainly and never fetches the memory snapshot;
with ``snapshot=1`` (fetched anyway) a snapshot of another build, or a broken one, is not used.
The service worker's side: test_first_visit.py, test_offline.py."""

import gzip
import io
import zipfile

import pytest
from browser_harness import (
    BOOT_JS,
    ROOT,
    PageLog,
    new_context,
    open_table,
    start_server,
    stop_server,
    wait_until_ready,
)
from table_driver import saved, wait_for_human

pytestmark = pytest.mark.browser

PHASES = {"auction", "play", "hand-over", "match-over"}


def test_page_boots_and_python_runs(page, page_log, site_url):
    # Before Python takes over the page shows a loading screen that reports progress.
    page.goto("./?fast=1")
    assert page.get_attribute("main", "data-phase") in {"loading", *PHASES}
    assert page.locator("[data-loading-progress]").count() == 1
    wait_until_ready(page)
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
    # Not in the service worker's cache (none here): a plain start, with no wait for it.
    assert page.evaluate(BOOT_JS) == "plain"
    assert "web/build/snapshot.bin.gz" not in fetched


# --- the memory snapshot (web/runtime.mjs, scripts/build_python.py) ---------------------------


def boot_with(browser, overrides: dict[str, bytes], url_params="") -> tuple[str, dict | None]:
    """A first visit of the site served with ``overrides``: how Python started, and the save
    (the table drew and saved); fails on any console error."""
    server, url = start_server(overrides=overrides)
    context = new_context(browser, base_url=url)
    try:
        page = context.new_page()
        log = PageLog()
        log.watch(context, page)
        open_table(page, url_params)
        assert wait_for_human(page) in PHASES
        how = page.evaluate(BOOT_JS)
        assert not log.problems(), log.problems()
        return how, saved(page)
    finally:
        context.close()
        stop_server(server)


def zip_with_build(build: str) -> bytes:
    """web/build/python.zip with another web/BUILD (as if the snapshot were of another build)."""
    out = io.BytesIO()
    with zipfile.ZipFile(ROOT / "web/build/python.zip") as old, zipfile.ZipFile(out, "w") as new:
        for info in old.infolist():
            data = build.encode() if info.filename == "web/BUILD" else old.read(info)
            new.writestr(info, data)
    return out.getvalue()


def test_python_starts_from_the_snapshot_and_deals_afresh(browser):
    # The snapshot froze Python's random generator; web/main.py seeds it again, so two first
    # visits do not deal the same match.
    first, second = boot_with(browser, {}, "snapshot=1"), boot_with(browser, {}, "snapshot=1")
    assert first[0] == second[0] == "snapshot"
    assert first[1]["match"]["seed"] != second[1]["match"]["seed"]
    assert first[1]["match"]["hands"][0]["deck"] != second[1]["match"]["hands"][0]["deck"]


def test_a_snapshot_of_another_build_is_not_trusted(browser):
    how, save = boot_with(browser, {"web/build/python.zip": zip_with_build("another build")},
                          "seed=5&snapshot=1")
    assert how == "snapshot-stale"  # its modules dropped and imported afresh from the zip
    assert save["match"]["seed"] == 5


@pytest.mark.parametrize("snapshot", [gzip.compress(b"not a snapshot" * 1000),
                                      gzip.compress(b"cut short" * 1000)[:100]],
                         ids=["not-a-snapshot", "gzip-cut-short"])
def test_a_broken_snapshot_falls_back_to_a_plain_start(browser, snapshot):
    how, save = boot_with(browser, {"web/build/snapshot.bin.gz": snapshot}, "seed=5&snapshot=1")
    assert how == "plain"
    assert save["match"]["seed"] == 5
