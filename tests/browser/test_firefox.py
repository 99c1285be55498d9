"""Firefox (Debian's firefox-esr, Gecko) over WebDriver BiDi: the smoke suite, the kinds of
bad save that depend on the engine (smoke.py; Chromium reads every kind), and the layout sweep as
notices come and go (notices_sweep.py). One Firefox for the module; each test on an origin of its
own."""

import pytest
from browser_harness import start_server, stop_server
from notices_sweep import sweep_notices
from smoke import ENGINE_BOUND, bad_kinds, bad_saves, smoke

# One Firefox for the module: one pytest-xdist worker runs its tests (./test: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("firefox")


def test_firefox_plays_resumes_and_starts_offline(firefox):
    server, url = start_server()
    try:
        smoke(firefox, url, lambda: stop_server(server))
    finally:
        stop_server(server)


def test_firefox_no_save_breaks_the_page(firefox):
    server, url = start_server()
    try:
        kinds = {k: v for k, v in bad_kinds().items() if k in ENGINE_BOUND}
        assert len(kinds) == len(ENGINE_BOUND)
        bad_saves(firefox, url, "fr", kinds)
    finally:
        stop_server(server)


def test_firefox_layout_as_notices_come_and_go(firefox):
    """At a phone's size and a desktop's (issue 40)."""
    server, url = start_server()
    try:
        sweep_notices(firefox, url, [(390, 844), (1280, 800)])
    finally:
        stop_server(server)
