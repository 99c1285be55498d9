"""The README's screenshots: the table on a desktop (1280×800) and on a phone (390×844), in the
middle of an auction and in the middle of a trick, in headless Chromium.

    python3 scripts/make_screenshots.py        # writes docs/screenshot*.png

Needs web/vendor/ (python3 scripts/vendor.py) and Playwright, as the browser tests do.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT)]

from browser_harness import (  # noqa: E402
    launch_chromium,
    open_table,
    start_server,
    stop_server,
    vendor_ready_or_say,
)
from table_driver import play_until, state, wait_for_human  # noqa: E402

DOCS = ROOT / "docs"
# (file, viewport, rule set and seed, the moment): seeds with something to see (declarations,
# a coinche bid, a trick half played).
SHOTS = [
    ("screenshot.png", (1280, 800), {"rules": "coinche", "seed": 14}, "trick"),
    ("screenshot-auction.png", (1280, 800), {"rules": "coinche", "seed": 14}, "auction"),
    ("screenshot-phone.png", (390, 844), {"rules": "bulgarian", "seed": 21}, "auction"),
    ("screenshot-phone-trick.png", (390, 844), {"rules": "bulgarian", "seed": 21}, "trick"),
]


def mid_trick(page) -> bool:
    s = state(page)
    return s["phase"] == "play" and s["turn"] == "0" and len(s["trick"]) >= 2 \
        and 5 <= len(s["hand"]) <= 7


def mid_auction(page) -> bool:
    s = state(page)
    return s["phase"] == "auction" and s["turn"] == "0" and len(s["auction"]) >= 2


def main() -> int:
    if not vendor_ready_or_say("make_screenshots"):
        return 1
    from playwright.sync_api import sync_playwright

    server, url = start_server()
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for name, (width, height), params, moment in SHOTS:
                context = browser.new_context(base_url=url, color_scheme="light",
                                              viewport={"width": width, "height": height},
                                              device_scale_factor=1)
                page = context.new_page()
                open_table(page, {"level": "easy", **params})
                wait_for_human(page)
                play_until(page, mid_trick if moment == "trick" else mid_auction)
                page.screenshot(path=str(DOCS / name))
                print(f"make_screenshots: docs/{name}")
                context.close()
            browser.close()
    finally:
        stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
