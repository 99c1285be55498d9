"""After one visit the service worker has cached the whole site: offline, the page still boots.

The test serves the site from its own server and, after the first visit, both stops that server
and puts the browser context offline (Playwright's offline emulation alone does not cover
dedicated workers' requests). No context.route(): it would turn the HTTP cache off."""

import pytest
from browser_harness import (
    BOOT_JS,
    PageLog,
    new_context,
    open_table,
    start_server,
    stop_server,
    wait_until_ready,
)

pytestmark = pytest.mark.browser

CONTROLLED_JS = "() => navigator.serviceWorker.controller !== null"
ACTIVE_JS = """async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active !== null && registration.active.state === "activated";
}"""
CACHED_URLS_JS = """async () => {
    const urls = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
}"""


@pytest.fixture
def own_site(site_url):  # site_url: vendor check and the shared server's set-up
    server, url = start_server()
    state = {"server": server}
    yield url, state
    if state["server"] is not None:
        stop_server(state["server"])


def test_boots_offline_after_one_visit(browser, own_site):
    url, state = own_site
    context = new_context(browser, service_workers="allow", base_url=url)
    try:
        page = context.new_page()
        log = PageLog()
        log.watch(context, page)

        open_table(page)
        assert page.evaluate(ACTIVE_JS)
        try:
            page.wait_for_function(CONTROLLED_JS, timeout=10_000)
        except Exception:
            open_table(page)  # not claimed yet: a reload puts the page under the service worker
            page.wait_for_function(CONTROLLED_JS, timeout=30_000)

        # Everything fetched is in the service worker's cache (one cache: older ones are gone).
        assert len(page.evaluate("caches.keys()")) == 1
        cached = {u.split("?")[0] for u in page.evaluate(CACHED_URLS_JS)}
        fetched = {u.split("?")[0] for u in log.page_requests if u.startswith(url)}
        fetched = {url + "index.html" if u == url else u for u in fetched}
        fetched.discard(url + "sw.js")
        missing = sorted(u[len(url) :] for u in fetched - cached)
        assert not missing, f"fetched but not precached: {missing}"
        # PyScript's files: only those the page loads, none of its editor, terminal or
        # MicroPython parts (scripts/gen_site_config.py PYSCRIPT_STARTS).
        page_loaded = {u.split("?")[0] for u in log.page_requests}
        vendor = url + "web/vendor/pyscript/"
        extra = sorted(u[len(vendor):] for u in cached - page_loaded if u.startswith(vendor))
        assert not extra, f"precached but never loaded: {extra}"
        assert not [u for u in cached if any(p in u for p in ("codemirror", "xterm", "mpy-"))]

        stop_server(state["server"])
        state["server"] = None
        context.set_offline(True)
        page.reload()
        wait_until_ready(page)
        assert page.evaluate(CONTROLLED_JS)
        assert page.evaluate(BOOT_JS) == "snapshot"
        found = log.problems()
        assert not found, "the page misbehaved:\n" + "\n".join(found)
    finally:
        context.close()
