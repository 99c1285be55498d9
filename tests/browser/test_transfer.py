"""Export and import in a real Chromium: "Export hand" and "Export match" download the records
the game saved; the downloaded hand, imported from a file, opens in the replay viewer; a file
that is not even text gets a message naming the problem, and the game stays as it was. (The
import of a pasted match, malformed input of every kind, the export of an unfinished match:
under CPython, tests/test_table_flows.py.)"""

import json

import pytest
from table_driver import phase_is, play_until, saved

pytestmark = pytest.mark.browser


def finish_first_hand(page, open_table, **params):
    open_table(page, {"rules": "bulgarian", "level": "easy", "seed": 23, **params})
    play_until(page, phase_is("hand-over", "match-over"))
    page.click("[data-action=sheet]")


def download(page, action):
    with page.expect_download() as info:
        page.click(f"[data-action={action}]")
    d = info.value
    with open(d.path(), encoding="utf-8") as f:
        return d.suggested_filename, json.load(f)


def test_export_then_import_the_hand_file(page, open_table, tmp_path):
    finish_first_hand(page, open_table)
    before = saved(page)
    state = before["match"]
    name, hand = download(page, "export-hand")
    assert name == f"belote-bulgarian-{state['seed']}-hand-1.json"
    assert hand == state["hands"][0]
    assert name in page.text_content("[data-region=message]")
    name, match = download(page, "export-match")
    assert name == f"belote-bulgarian-{state['seed']}-match.json"
    assert match == state
    # Nothing is left behind in the page (the link is removed, no blob: request fails).
    assert page.evaluate("document.querySelectorAll('a[download]').length") == 0
    # The downloaded hand, imported from a file, opens in the replay viewer.
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand), encoding="utf-8")
    page.click("[data-action=import]")
    assert page.get_attribute("main", "data-records") == "import"
    page.set_input_files("[data-import-file]", str(path))
    page.wait_for_selector("[data-replay-step]")
    steps = int(page.get_attribute("[data-replay-step]", "data-replay-steps"))
    assert steps == len(hand["auction"]) + len(hand["play"])
    assert page.text_content("#replay-title") == "Replay: Bulgarian Belot"
    page.keyboard.press("End")
    assert page.query_selector("[data-rp-score]")
    page.keyboard.press("Escape")
    assert page.get_attribute("main", "data-records") is None
    assert saved(page) == before
    # A file that is not even text: said, and nothing changes.
    page.click("[data-action=import]")
    path = tmp_path / "picture.json"
    path.write_bytes(bytes(range(256)) * 4)
    page.set_input_files("[data-import-file]", str(path))
    page.wait_for_function("document.querySelector('[data-import-error]')"
                           "?.textContent.includes('not JSON')")
    assert page.get_attribute("[data-import-error]", "role") == "alert"
    page.click("[data-action=import-close]")
    assert page.get_attribute("main", "data-records") is None
    assert saved(page) == before
    assert page.get_attribute("main", "data-phase") in ("hand-over", "match-over")
