"""The first visit over a slow link (issue 28), in bytes, not time: tests/browser/slow_site.py
counts what it sends (gzip on the fly, as GitHub Pages).

A fresh profile, service worker allowed: until the table is playable the server sends at most
BUDGET bytes, and not the memory snapshot (Python starts plainly); after the background fill
(sw.js, <html data-offline="ready">) no file has been sent twice (the page and the service worker
share each download), the next visit starts from the snapshot, and so does an offline one."""

import pytest
from browser_harness import BOOT_JS, PageLog, new_context, open_table, stop_server, wait_until_ready
from slow_site import MB, start_slow_server

pytestmark = pytest.mark.browser

BUDGET = 7 * MB
# When the table became playable (web/boot.js's mark), on the server's clock (time.time()).
READY_AT_JS = """() => (performance.timeOrigin
  + performance.getEntriesByName("belote:ready")[0].startTime) / 1000"""
FILLED_JS = "() => ['ready', 'incomplete'].includes(document.documentElement.dataset.offline)"
OFFLINE_JS = "() => document.documentElement.dataset.offline || ''"


def test_first_visit_within_budget_then_snapshot_and_offline(browser, site_url):
    # A faster link than the benchmark's: the bytes are the same, the test shorter.
    server, url = start_slow_server(mbit=100, delay_ms=5)
    context = new_context(browser, service_workers="allow", base_url=url)
    try:
        page = context.new_page()
        log = PageLog()
        log.watch(context, page)
        open_table(page)
        until = server.meter.bytes_until(page.evaluate(READY_AT_JS))
        served = server.meter.paths(page.evaluate(READY_AT_JS))
        assert page.evaluate(BOOT_JS) == "plain"
        assert "web/build/snapshot.bin.gz" not in served
        assert until <= BUDGET, f"{until / MB:.2f} MB until playable: " + ", ".join(
            f"{path} {size / MB:.2f}" for path, size in
            sorted(served.items(), key=lambda item: -item[1])[:6])

        page.wait_for_function(FILLED_JS, timeout=120_000)
        assert page.evaluate(OFFLINE_JS) == "ready"
        assert "web/build/snapshot.bin.gz" in server.meter.paths()
        assert not server.meter.twice(), server.meter.twice()

        before = server.meter.total()
        open_table(page)  # the next visit
        assert page.evaluate(BOOT_JS) == "snapshot"
        assert server.meter.total() - before < 100_000  # from the cache (sw.js: a check only)

        stop_server(server)
        context.set_offline(True)
        page.reload()
        wait_until_ready(page)
        assert page.evaluate(BOOT_JS) == "snapshot"
        assert not log.problems(), log.problems()
    finally:
        context.close()
        stop_server(server)
