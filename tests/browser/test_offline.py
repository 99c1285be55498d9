"""Offline (sw.js): the first visit keeps what the page fetches, then, once the table is playable,
the background fill brings the rest (<html data-offline="ready">): offline, the page boots from
the memory snapshot. Offline before the fill has finished, it starts with what it has.

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

from web.i18n import t

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


OFFLINE_JS = "() => document.documentElement.dataset.offline || ''"
FILLED_JS = "() => ['ready', 'incomplete'].includes(document.documentElement.dataset.offline)"


def test_boots_offline_after_one_visit(browser, own_site):
    url, state = own_site
    context = new_context(browser, service_workers="allow", base_url=url)
    try:
        page = context.new_page()
        log = PageLog()
        log.watch(context, page)

        open_table(page)
        assert page.evaluate(ACTIVE_JS)
        assert page.evaluate(CONTROLLED_JS)  # the first visit starts under the service worker
        # A first visit starts plainly: the snapshot is not in the cache yet, nor waited for.
        assert page.evaluate(BOOT_JS) == "plain"
        page.wait_for_function(FILLED_JS, timeout=120_000)
        assert page.evaluate(OFFLINE_JS) == "ready"
        # Settings says so, quietly (web/storage/settings_panel.py).
        page.click("[data-action=settings]")
        assert page.locator("[data-offline-note]").inner_text().strip() == t("offline.ready")

        # Everything fetched is in the service worker's cache (one cache: older ones are gone),
        # and so is the snapshot, fetched by the fill.
        assert len(page.evaluate("caches.keys()")) == 1
        cached = {u.split("?")[0] for u in page.evaluate(CACHED_URLS_JS)}
        fetched = {u.split("?")[0] for u in log.page_requests if u.startswith(url)}
        fetched = {url + "index.html" if u == url else u for u in fetched}
        fetched.discard(url + "sw.js")
        missing = sorted(u[len(url) :] for u in fetched - cached)
        assert not missing, f"fetched but not kept: {missing}"
        assert url + "web/build/snapshot.bin.gz" in cached
        assert url + "web/cards/four/AS.svg" in cached  # the other card art
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
        page.wait_for_function(FILLED_JS, timeout=30_000)
        assert page.evaluate(OFFLINE_JS) == "ready"  # nothing left to fetch
        found = log.problems()
        assert not found, "the page misbehaved:\n" + "\n".join(found)
    finally:
        context.close()


# A card face the fill had not kept (taken out of the cache if it had), asked for offline.
FACE_JS = """async () => {
  const url = new URL("./web/cards/four/AS.svg", location.href).href;
  for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
  const answer = await fetch(url);
  return [answer.status, answer.headers.get("content-type"), await answer.text()];
}"""


def test_offline_before_the_fill_starts_with_what_it_has(browser, own_site):
    url, state = own_site
    context = new_context(browser, service_workers="allow", base_url=url)
    try:
        page = context.new_page()
        log = PageLog()
        log.watch(context, page)
        open_table(page)
        assert page.evaluate(CONTROLLED_JS)
        # Offline at once: the fill (one file at a time, the snapshot last) cannot finish.
        stop_server(state["server"])
        state["server"] = None
        context.set_offline(True)
        page.wait_for_function(FILLED_JS, timeout=60_000)
        page.reload()
        wait_until_ready(page)  # the files the first visit fetched are enough to play
        assert page.evaluate(BOOT_JS) in ("plain", "snapshot")
        page.wait_for_function(FILLED_JS, timeout=60_000)
        if page.evaluate(BOOT_JS) == "plain":
            assert page.evaluate(OFFLINE_JS) == "incomplete"
        # A card face not kept yet is never a failed load (the game may deal or play cards the
        # first visit never showed): the browser's own copy if the fill had fetched it before
        # the server stopped (sw.js fromHttpCache), else a plain card saying its rank and suit.
        status, kind, text = page.evaluate(FACE_JS)
        assert (status, kind) == (200, "image/svg+xml"), (status, kind)
        assert "A\u2660" in text or "f-AS" in text, text
        found = log.problems()
        assert not found, "the page misbehaved:\n" + "\n".join(found)
    finally:
        context.close()
