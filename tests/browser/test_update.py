"""Updates (issue 12): serve version A, visit (then the background fill); serve version B: the
open page offers to reload into it (B installs whole), keeps running A's files until then, and
reloads into B; serve C, close the page: the next visit runs C; offline afterwards still works.
A page never runs two versions' files.

The versions differ in sw.js (its VERSION), index.html (a <meta> marker) and web/boot.js (a
global marker), served by the test server's overrides."""

import contextlib
import re

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
from slow_site import start_slow_server

from web.i18n import t

pytestmark = pytest.mark.browser

UPDATE_JS = "() => navigator.serviceWorker.getRegistration().then((r) => r.update())"
OFFLINE_READY_JS = "() => document.documentElement.dataset.offline === 'ready'"
RUNNING_JS = """async () => ({
    page: (document.querySelector("meta[name=test-version]") || {}).content || "A",
    boot: window.beloteTestVersion || "A",
    fetched: ((await (await fetch("./web/boot.js")).text()).match(/beloteTestVersion = "(\\w)"/)
              || [null, "A"])[1],
    caches: (await caches.keys()).length,
})"""


def version(name: str) -> dict[str, bytes]:
    sw = (ROOT / "sw.js").read_text()
    sw = re.sub(r'const VERSION = "[^"]*";', f'const VERSION = "test-{name}";', sw)
    page = (ROOT / "index.html").read_text().replace(
        "<head>", f'<head>\n  <meta name="test-version" content="{name}">', 1)
    boot = f'window.beloteTestVersion = "{name}";\n' + (ROOT / "web/boot.js").read_text()
    return {"sw.js": sw.encode(), "index.html": page.encode(), "web/boot.js": boot.encode()}


def runs(page, name: str) -> None:
    found = page.evaluate(RUNNING_JS)
    assert found == {"page": name, "boot": name, "fetched": name, "caches": 1}, found
    # Python started from the memory snapshot: the version's own, from its cache (web/runtime.mjs)
    assert page.evaluate(BOOT_JS) == "snapshot"


def offered(page) -> None:
    page.evaluate(UPDATE_JS)  # what the page does when it is shown again, and every hour
    notice = page.locator("[data-notice=update]")
    notice.wait_for(timeout=60_000)
    assert notice.locator("p").text_content() == t("update.ready")


@contextlib.contextmanager
def workers_on(browser, server, url: str):
    """A fresh context with service workers allowed on ``server`` (whose URL is ``url``), and
    its page watched for problems: (context, page, log). The context is closed after, and the
    server stopped."""
    context = new_context(browser, service_workers="allow", base_url=url)
    try:
        yield (context, *watched(context))
    finally:
        context.close()
        stop_server(server)


def watched(context) -> tuple:
    page, log = context.new_page(), PageLog()
    log.watch(context, page)
    return page, log


def offline_runs(context, page, server, name: str) -> None:
    """The server gone and the browser offline: the page starts again, running ``name``."""
    stop_server(server)
    context.set_offline(True)
    page.reload()
    wait_until_ready(page)
    runs(page, name)


def test_an_update_is_offered_then_runs_whole(browser, site_url):
    overrides = {}
    server, url = start_server(overrides=overrides)
    with workers_on(browser, server, url) as (context, page, log):
        open_table(page)
        # The first visit starts plainly; once the background fill has kept the rest (sw.js),
        # the next visit starts from the snapshot.
        page.wait_for_function(OFFLINE_READY_JS, timeout=120_000)
        open_table(page)
        runs(page, "A")

        overrides.update(version("B"))
        offered(page)
        found = page.evaluate(RUNNING_JS)  # B is installed and waiting: the page still runs A
        assert (found["page"], found["boot"], found["fetched"]) == ("A", "A", "A"), found
        with page.expect_navigation():
            page.click("[data-action=update]")
        wait_until_ready(page)
        runs(page, "B")

        overrides.update(version("C"))
        offered(page)
        assert not log.problems(), log.problems()
        page.close()
        page, log = watched(context)
        open_table(page)  # the next visit
        runs(page, "C")

        offline_runs(context, page, server, "C")
        assert not log.problems(), log.problems()


FILLING_JS = "() => document.documentElement.dataset.offline || ''"


def test_an_update_during_the_first_visits_fill(browser, site_url):
    """Version B is published while the first visit of A is still filling the cache in the
    background (issue 28): B installs whole, the page keeps running A until it reloads into B,
    which starts from its snapshot, is ready offline, and starts again with no network."""
    overrides = {}
    # A link slow enough that the fill (about 7 MB) takes seconds: the update comes during it.
    server, url = start_slow_server(mbit=20, delay_ms=20, overrides=overrides)
    with workers_on(browser, server, url) as (context, page, log):
        open_table(page)
        overrides.update(version("B"))
        assert page.evaluate(FILLING_JS) == "filling"
        offered(page)
        found = page.evaluate(RUNNING_JS)
        assert (found["page"], found["boot"]) == ("A", "A"), found
        with page.expect_navigation():
            page.click("[data-action=update]")
        wait_until_ready(page)
        runs(page, "B")
        page.wait_for_function(OFFLINE_READY_JS, timeout=120_000)

        offline_runs(context, page, server, "B")
        assert not log.problems(), log.problems()
