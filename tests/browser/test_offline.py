"""After one visit the service worker has cached the whole site: offline, the page still boots.

No context.route() here: it would turn the HTTP cache off and is not needed."""

import pytest

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


def test_boots_offline_after_one_visit(context, page, page_log, open_table, site_url):
    open_table(page)
    assert page.evaluate(ACTIVE_JS)
    try:
        page.wait_for_function(CONTROLLED_JS, timeout=10_000)
    except Exception:
        open_table(page)  # not claimed yet: a reload puts the page under the service worker
        page.wait_for_function(CONTROLLED_JS, timeout=30_000)

    # Everything the page fetched is in the service worker's cache (one cache: old ones are gone).
    assert len(page.evaluate("caches.keys()")) == 1
    cached = {url.split("?")[0] for url in page.evaluate(CACHED_URLS_JS)}
    fetched = {url.split("?")[0] for url in page_log.requests if url.startswith(site_url)}
    fetched = {site_url + "index.html" if url == site_url else url for url in fetched}
    fetched.discard(site_url + "sw.js")
    missing = sorted(url[len(site_url) :] for url in fetched - cached)
    assert not missing, f"fetched but not precached: {missing}"

    context.set_offline(True)
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.reload()
    page.wait_for_function(
        "() => document.querySelector('main').dataset.phase !== 'loading'", timeout=120_000
    )
    assert page.evaluate(CONTROLLED_JS)
    assert responses, "no response seen after going offline"
    not_cached = [r.url for r in responses if not r.from_service_worker]
    assert not not_cached, f"served from elsewhere than the service worker: {not_cached}"
