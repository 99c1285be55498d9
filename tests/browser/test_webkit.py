"""WebKit (WebKitGTK's MiniBrowser: Safari's engine) through WebKitWebDriver and Selenium: the
smoke suite (smoke.py) and the layout sweep as notices come and go (notices_sweep.py). Uncaught
errors are caught by a script the test server puts at the top of the page
(drivers.ERROR_CATCHER)."""

import pytest
from browser_harness import ROOT, start_server, stop_server
from drivers import ERROR_CATCHER
from notices_sweep import sweep_notices
from smoke import smoke

pytestmark = [
    # Selenium's WebKitGTK driver still sets an address the old way.
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
    # One WebKit for the module: one pytest-xdist worker runs its tests (./test: loadgroup).
    pytest.mark.xdist_group("webkit"),
]


def catching_errors() -> tuple:
    """The site on an origin of its own, its page with ERROR_CATCHER: (server, url)."""
    page = (ROOT / "index.html").read_bytes().replace(b"<head>", b"<head>\n" + ERROR_CATCHER, 1)
    return start_server(overrides={"index.html": page})


def test_webkit_plays_resumes_and_starts_offline(webkit):
    server, url = catching_errors()
    try:
        smoke(webkit, url, lambda: stop_server(server))
    finally:
        stop_server(server)


def test_webkit_layout_as_notices_come_and_go(webkit):
    """At its narrowest window (a phone's width, 447 px) and a desktop's (issue 40)."""
    server, url = catching_errors()
    try:
        sweep_notices(webkit, url, [(447, 844), (1280, 800)])
    finally:
        stop_server(server)
