"""WebKit (WebKitGTK's MiniBrowser: Safari's engine) through WebKitWebDriver and Selenium: the
smoke suite (smoke.py). Uncaught errors are caught by a script the test server puts at the top
of the page (drivers.ERROR_CATCHER)."""

import pytest
from browser_harness import ROOT, start_server, stop_server
from drivers import ERROR_CATCHER
from smoke import smoke

# Selenium's WebKitGTK driver still sets an address the old way.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")


def test_webkit_plays_resumes_and_starts_offline(webkit):
    page = (ROOT / "index.html").read_bytes().replace(b"<head>", b"<head>\n" + ERROR_CATCHER, 1)
    server, url = start_server(overrides={"index.html": page})
    try:
        smoke(webkit, url, lambda: stop_server(server))
    finally:
        stop_server(server)
