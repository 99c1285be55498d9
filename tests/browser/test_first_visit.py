"""The first visit over a slow link (issues 28 and 37), in bytes, not time:
tests/browser/slow_site.py counts what it sends (gzip on the fly, as GitHub Pages).

A fresh profile, the service worker allowed, the table opened as a player (``./``: the bots start
too). Until the table is playable the server sends at most BUDGET bytes, and not the memory
snapshot (Python starts plainly). From the first request until the background fill is done
(sw.js, ``<html data-offline="ready">``) and the bots are ready, no file's body is sent twice:
the page, the service worker and the bots (on the page, or in their worker) share each download,
from a server with GitHub Pages' caching headers and from one that says no-cache with no
validator (slow_site.CACHING), in Chromium and in Firefox; and the console has no warning and no
error. On GitHub Pages' headers, in Chromium, the next visit then starts from the snapshot and
asks the server for almost nothing, and so does an offline one. One boot per browser and server
besides that: the first visit is the costly part."""

import pytest
from browser_harness import BOOT_JS, PageLog, new_context, stop_server, wait_until_ready
from drivers import Chromium
from slow_site import MB, start_slow_server
from smoke import BOTS

pytestmark = pytest.mark.browser

BUDGET = 7 * MB
# When the table became playable (web/boot.js's mark), on the server's clock (time.time()).
READY_AT_JS = """() => (performance.timeOrigin
  + performance.getEntriesByName("belote:ready")[0].startTime) / 1000"""
# The fill done and the bots settled: [html data-offline, main data-bots], else null.
SETTLED_JS = """() => {
  const offline = document.documentElement.dataset.offline || "";
  const bots = document.querySelector("main").dataset.bots || "";
  return ["ready", "incomplete"].includes(offline) && bots ? [offline, bots] : null;
}"""
SETTLE_S = 120


def each_file_once(driver, server) -> None:
    """The first visit ``driver`` shows (a fresh profile) once settled: the bots where they
    belong, no body sent twice, the snapshot sent (by the fill), a clean console."""
    assert driver.wait(SETTLED_JS, SETTLE_S) == ["ready", BOTS[driver.name]]
    sent = server.meter.paths()
    assert "web/build/snapshot.bin.gz" in sent
    assert not server.meter.twice(), f"sent more than once: {server.meter.twice()}"
    problems = driver.errors(warnings=True)
    assert not problems, "\n".join(problems)


@pytest.fixture
def chromium_on(browser):
    """``start(caching)``: a slow site with those headers (a faster link than the benchmark's:
    the bytes are the same, the test shorter) and a fresh Chromium profile on it; (server,
    url, context, driver). Closed and stopped after the test."""
    opened = []

    def start(caching: str):
        server, url = start_slow_server(mbit=100, delay_ms=5, caching=caching)
        context = new_context(browser, service_workers="allow", base_url=url)
        page, log = context.new_page(), PageLog()
        log.watch(context, page)
        opened.append((server, context))
        return server, url, context, Chromium(page, log)

    yield start
    for server, context in opened:
        context.close()
        stop_server(server)


def test_first_visit_within_budget_each_file_once_then_snapshot_and_offline(chromium_on):
    server, url, context, driver = chromium_on("pages")
    page = driver.page
    page.goto(url)
    wait_until_ready(page)
    ready_at = page.evaluate(READY_AT_JS)
    until = server.meter.bytes_until(ready_at)
    served = server.meter.paths(ready_at)
    assert page.evaluate(BOOT_JS) == "plain"
    assert "web/build/snapshot.bin.gz" not in served
    assert until <= BUDGET, f"{until / MB:.2f} MB until playable: " + ", ".join(
        f"{path} {size / MB:.2f}" for path, size in
        sorted(served.items(), key=lambda item: -item[1])[:6])
    each_file_once(driver, server)

    before = server.meter.total()
    page.goto(url)  # the next visit
    wait_until_ready(page)
    assert page.evaluate(BOOT_JS) == "snapshot"
    assert server.meter.total() - before < 100_000  # from the cache (sw.js: a check only)

    stop_server(server)
    context.set_offline(True)
    page.reload()
    try:
        wait_until_ready(page)
    except AssertionError as error:  # what the page said, too
        raise AssertionError(f"{error}; console: {driver.errors(warnings=True)}") from error
    assert page.evaluate(BOOT_JS) == "snapshot"
    assert not driver.errors(warnings=True), driver.errors(warnings=True)


def test_first_visit_each_file_once_from_a_no_cache_server(chromium_on):
    server, url, _, driver = chromium_on("no-cache")
    driver.goto(url)
    each_file_once(driver, server)


@pytest.mark.xdist_group("firefox")  # (one pytest-xdist worker for the Firefox tests)
@pytest.mark.parametrize("caching", ["pages", "no-cache"])
def test_firefox_first_visit_sends_each_file_once(firefox, caching):
    server, url = start_slow_server(mbit=100, delay_ms=5, caching=caching)
    try:
        firefox.goto(url)
        each_file_once(firefox, server)
    finally:
        stop_server(server)
