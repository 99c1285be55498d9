"""The smoke and bad-save checks, written once for any driver of drivers.py (Chromium, Firefox,
WebKit). Each check runs in named steps; a failure says which step failed and in which browser.

- :func:`smoke`: a first visit: a playable table, Python started plainly (no snapshot cached
  yet); one whole hand played by clicking (``?fast=1``), with a reload in the middle of a trick
  that must resume exactly; the service worker's background fill; the bots' worker started
  (without ``fast=1``), page and worker from the memory snapshot now cached; a reload with the
  server stopped, through the service worker, again from the snapshot; no error.
- :func:`bad_saves`: for each bad ``belote.v1`` (or those given), in one page session: set it,
  reload, and find a playable table, the message in the player's language, the bad value set
  aside under ``belote.v1.broken`` and a good save in its place.
"""

from __future__ import annotations

import contextlib
import json

from browser_harness import BOOT_JS, PHASE_READY_JS
from table_driver import NEXT_JS, STATE_JS, WAIT_HUMAN_JS

from web.i18n import set_language
from web.storage import save as storage

SAVE_JS = "() => localStorage.getItem('belote.v1')"
CONTROLLED_JS = "() => navigator.serviceWorker.controller !== null"
WORKER_JS = "() => document.querySelector('main').dataset.worker || ''"
# The background fill done (sw.js; web/boot.js sets <html data-offline>).
OFFLINE_JS = """() => ["ready", "incomplete"].includes(document.documentElement.dataset.offline)
  ? document.documentElement.dataset.offline : null"""
IMAGES_JS = "() => [...document.images].every((img) => img.complete)"


@contextlib.contextmanager
def step(browser: str, name: str):
    try:
        yield
    except Exception as error:
        raise AssertionError(f"{browser}: step '{name}' failed: {error}") from error


def ready(driver, timeout: float = 120.0) -> None:
    driver.wait(PHASE_READY_JS, timeout)


def wait_for_human(driver) -> dict:
    driver.wait(WAIT_HUMAN_JS, 60)
    return driver.call(STATE_JS)


def reload(driver) -> None:
    """Reload once the page's images have loaded: in Firefox a card whose load the reload cuts
    short can show as a service worker error in the log the tests check."""
    driver.wait(IMAGES_JS, 30)
    driver.reload()


def act(driver) -> None:
    """The human's next thing, the simple way, by a real click."""
    wait_for_human(driver)
    selector = driver.call(NEXT_JS)
    assert selector, "nothing to click"
    before = driver.call(SAVE_JS)
    driver.click(selector)
    driver.wait("(before) => localStorage.getItem('belote.v1') !== before", 30, args=(before,))


def mid_trick(s: dict) -> bool:
    return s["phase"] == "play" and s["turn"] == "0" and 1 <= len(s["trick"]) <= 3 \
        and len(s["hand"]) < 8


def play_until(driver, stop, limit: int = 60) -> dict:
    for _ in range(limit):
        s = wait_for_human(driver)
        if stop(s):
            return s
        act(driver)
    raise AssertionError(f"not there after {limit} actions")


def smoke(driver, url: str, stop_server) -> None:
    """``url`` is the site (on an origin of its own); ``stop_server()`` takes it offline."""
    b = driver.name
    game = "rules=bulgarian&level=easy&seed=21"
    with step(b, "boot to a playable table"):
        driver.goto(f"{url}?fast=1&{game}")
        ready(driver)
        assert wait_for_human(driver)["phase"] == "auction"
    with step(b, "a first visit starts Python plainly (no snapshot cached yet)"):
        assert driver.call(BOOT_JS) == "plain"
    with step(b, "play by clicking until the middle of a trick"):
        play_until(driver, mid_trick)
    with step(b, "a reload resumes exactly"):
        before, saved = driver.call(STATE_JS), driver.call(SAVE_JS)
        reload(driver)
        ready(driver)
        after = wait_for_human(driver)
        assert after == before, f"{after} != {before}"
        assert driver.call(SAVE_JS) == saved
    with step(b, "play the rest of the hand by clicking"):
        play_until(driver, lambda s: s["phase"] == "hand-over")
        hands = json.loads(driver.call(SAVE_JS))["match"]["hands"]
        assert len(hands[-1]["play"]) == 32, hands[-1]["play"]
    with step(b, "the service worker controls the page and fills its cache"):
        driver.wait(CONTROLLED_JS, 30)
        assert driver.wait(OFFLINE_JS, 120) == "ready"
    with step(b, "the bots' worker starts (without fast=1), from the snapshot now cached"):
        driver.goto(f"{url}?{game}")
        ready(driver)
        assert driver.call(BOOT_JS) == "snapshot"
        assert driver.wait(WORKER_JS, 120) == "ready"
        assert driver.call(STATE_JS)["phase"] == "hand-over"
        # The worker's Python started from the memory snapshot too (web/runtime.mjs).
        assert driver.call("() => document.querySelector('main').dataset.workerBoot") == \
            "snapshot"
    with step(b, "offline reload through the service worker, worker included"):
        stop_server()
        reload(driver)
        ready(driver)
        assert driver.call(CONTROLLED_JS)
        assert driver.call(STATE_JS)["phase"] == "hand-over"
        assert driver.call(BOOT_JS) == "snapshot"  # from the service worker's cache
        assert driver.wait(WORKER_JS, 120) == "ready"
    with step(b, "no console error nor uncaught error"):
        found = driver.errors()
        assert not found, "\n".join(found)


# --- bad saves --------------------------------------------------------------------------------
def _good_save() -> str:
    from belote import Match

    m = Match("bulgarian", 4, {}, 5)
    for _ in range(6):
        m.apply(m.legal_actions()[0])
    settings = storage.clean_settings({"rules": "bulgarian", "theme": "dark"})
    return storage.encode(settings, m, {"bulgarian": {"played": 2, "won": 1}})


def _with(save: str, **parts: str) -> str:
    from web.storage import safejson

    members = safejson.members(save)
    members.update(parts)
    return "{" + ",".join(f"{json.dumps(k)}:{v}" for k, v in members.items()) + "}"


def bad_kinds() -> dict[str, tuple[str, str | None]]:
    """kind -> (the raw save, or a JS expression that makes it in the page when it is big)."""
    good = _good_save()
    unreplayable = json.loads(good)
    unreplayable["match"]["hands"][0]["deck"].reverse()
    huge = '{"version":1,"pad":"' + "x" * 5_000_000 + '"}'
    return {
        "deeply nested (30,000 [)": ("[" * 30_000, "'['.repeat(30000)"),
        "huge (5 MB)": (huge, "'{\"version\":1,\"pad\":\"' + 'x'.repeat(5000000) + '\"}'"),
        "not JSON": ("{not json", None),
        "JSON of the wrong shape": ('[{"version": 1}]', None),
        "from another version": (json.dumps({"version": 2, "match": None}), None),
        "a match that does not replay": (json.dumps(unreplayable), None),
        "settings deeply nested and statistics of the wrong shape":
            (_with(good, settings="[" * 30_000 + "]" * 30_000, stats='"lots"'), None),
    }


# The kinds whose handling depends on the browser's engine (the stack depth that parsing a
# deeply nested value reaches, the storage quota that a huge value meets), and one plain kind
# for the message in the browser's language; the others are the same Python code in any engine.
ENGINE_BOUND = ("deeply nested (30,000 [)", "huge (5 MB)", "not JSON",
                "settings deeply nested and statistics of the wrong shape")


SET_JS = """(value, expression) => {
    localStorage.clear();
    localStorage.setItem("belote.v1", expression === null ? value : eval(expression));
    return true;
}"""
CHECK_JS = """(value, expression) => {
    const raw = expression === null ? value : eval(expression);
    const notice = document.querySelector("[data-notice=broken-save]");
    let save = null;
    try { save = JSON.parse(localStorage.getItem("belote.v1")); } catch (e) {}
    return {
        setAside: localStorage.getItem("belote.v1.broken") === raw,
        notice: notice ? notice.querySelector("p").textContent : null,
        version: save && save.version,
        phase: document.querySelector("main").dataset.phase,
    };
}"""


def bad_saves(driver, url: str, language: str, kinds: dict | None = None) -> None:
    """Every bad kind in one page session (``url``: a fresh origin, the browser set to speak
    ``language``)."""
    b = driver.name
    with step(b, "boot"):
        driver.goto(f"{url}?fast=1")
        ready(driver)
        wait_for_human(driver)  # the bots have played and saved: the page is quiet
    for kind, (raw, expression) in (kinds or bad_kinds()).items():
        with step(b, f"bad save: {kind}"):
            arg = None if expression else raw
            driver.call(SET_JS, arg, expression)
            reload(driver)
            ready(driver)
            set_language(language)
            try:
                expected = storage.problem_phrase(storage.decode(raw)).said()
            finally:
                set_language("en")
            found = driver.call(CHECK_JS, arg, expression)
            assert found["notice"] == expected, f"{found['notice']!r} != {expected!r}"
            assert found["setAside"], "not set aside under belote.v1.broken"
            assert found["version"] == 1, "no good save in its place"
            assert found["phase"] in ("auction", "play", "hand-over"), found  # a playable table
            act(driver)  # playable: the human's first bid goes through
            wait_for_human(driver)  # the bots have played and saved: the page is quiet
    with step(b, "no console error nor uncaught error"):
        found = driver.errors()
        assert not found, "\n".join(found)
