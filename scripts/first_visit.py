"""How much a first visit downloads: ``python -m scripts.first_visit``.

Serves the site (as the browser tests do, no compression, like ``./serve``), opens it once in a
fresh headless Chromium profile without ``?fast=1`` (so the bots start, as for a player:
web/ai.py), waits until the table is up, the bots are ready and the service worker has
precached the site, then prints the bytes the server sent (response bodies; a file the
service worker revalidates after the page loaded it costs a 304, no body) and the size of the
precache list. GitHub Pages compresses text files, so a real first visit is smaller.
"""

from __future__ import annotations

import re
import sys
import threading
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import (  # noqa: E402
    SiteHandler,
    launch_chromium,
    start_server,
    stop_server,
    vendor_ready_or_say,
    wait_until_ready,
)

ACTIVE_JS = """async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active !== null && registration.active.state === "activated";
}"""
MB = 1_000_000


def main() -> int:
    if not vendor_ready_or_say("first_visit"):
        return 1
    sent: Counter[str] = Counter()
    lock = threading.Lock()

    def copyfile(self, source, outputfile):
        data = source.read()
        with lock:
            sent[self.path.split("?")[0]] += len(data)
        outputfile.write(data)

    SiteHandler.copyfile = copyfile  # every handler the server makes derives from it
    from playwright.sync_api import sync_playwright

    server, url = start_server()
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            context = browser.new_context(base_url=url)
            page = context.new_page()
            page.goto("./")
            wait_until_ready(page)
            page.wait_for_function(
                "() => document.querySelector('main').dataset.bots", timeout=120_000)
            page.wait_for_function(ACTIVE_JS, timeout=120_000)
            version = browser.version
            browser.close()
    finally:
        stop_server(server)
    precache = re.findall(r'^  "\./([^"]+)",$', (ROOT / "sw.js").read_text(), re.M)
    listed = sum((ROOT / rel).stat().st_size for rel in precache if (ROOT / rel).is_file())
    total = sum(sent.values())
    print(f"First visit, fresh Chromium {version} profile, no compression:")
    print(f"  downloaded {total / MB:.1f} MB in {len(sent)} files "
          f"(precache list: {len(precache)} files, {listed / MB:.1f} MB)")
    for path, size in sent.most_common(5):
        print(f"  {size / MB:6.2f} MB  {path.split('/belote/', 1)[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
