"""Export and import in a real Chromium: "Export hand" and "Export match" download the records
the game saved; a downloaded hand imported from a file opens in the replay viewer; a match pasted
in is asked about, then played (and the match it replaced is one click away); malformed input of
any kind gets a message naming the problem, and the current game stays as it was."""

import json

import pytest
from table_driver import phase_is, play_until, saved, wait_for_human

from belote import Match

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


def test_export_hand_and_match(page, open_table):
    finish_first_hand(page, open_table)
    state = saved(page)["match"]
    name, hand = download(page, "export-hand")
    assert name == f"belote-bulgarian-{state['seed']}-hand-1.json"
    assert hand == state["hands"][0]
    assert name in page.text_content("[data-region=message]")
    name, match = download(page, "export-match")
    assert name == f"belote-bulgarian-{state['seed']}-match.json"
    assert match == state
    # Nothing is left behind in the page (the link is removed, no blob: request fails).
    assert page.evaluate("document.querySelectorAll('a[download]').length") == 0


def test_export_hand_waits_for_a_finished_hand(page, open_table):
    open_table(page, {"rules": "coinche", "level": "easy", "seed": 3})
    wait_for_human(page)
    page.click("[data-action=sheet]")
    assert page.is_disabled("[data-action=export-hand]")
    name, match = download(page, "export-match")
    assert match == saved(page)["match"] and len(match["hands"]) == 1


def test_import_a_hand_file_opens_the_replay(page, open_table, tmp_path):
    finish_first_hand(page, open_table)
    _, hand = download(page, "export-hand")
    before = saved(page)
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


def other_match() -> dict:
    """A Coinche match after one hand (one bid, then passes), at the human's first bid."""
    m = Match("coinche", 4, {}, 77)
    while len(m.records) < 1 or m.phase != "auction" or m.turn != 0:
        legal = m.legal_actions()
        if m.phase == "auction" and m.hand.auction.words and "pass" in legal:
            m.apply("pass")
        else:
            m.apply(next((a for a in legal if a != "pass"), legal[0]))
    return m.to_dict()


def paste(page, text):
    if page.get_attribute("main", "data-records") != "import":
        page.click("[data-action=import]")
    page.fill("[data-import-text]", text)
    page.click("[data-action=import-open]")


def test_import_a_match_asks_then_plays_it(page, open_table):
    finish_first_hand(page, open_table)
    before = saved(page)
    imported = other_match()
    paste(page, json.dumps(imported))
    question = page.text_content("[data-import-match]")
    assert "Coinche" in question and "Hand 2" in question
    page.click("[data-action=import-cancel]")
    assert saved(page) == before and page.get_attribute("main", "data-rules") == "bulgarian"
    paste(page, json.dumps(imported))
    page.click("[data-action=import-resume]")
    assert page.get_attribute("main", "data-records") is None
    assert page.get_attribute("main", "data-rules") == "coinche"
    assert wait_for_human(page) == "auction"
    assert saved(page)["match"] == imported
    # The match it replaced is one click away until the first move.
    page.click("[data-action=undo-new-game]")
    assert page.get_attribute("main", "data-rules") == "bulgarian"
    assert saved(page)["match"] == before["match"]


MALFORMED = [
    ("", "nothing to open"),
    ("{oops", "not JSON"),
    ("[1, 2, 3]", "neither a hand record"),
    ('{"rules": "bulgarian", "dealer": 0, "deck": ["JH"]}', "all 32 cards (it has 1)"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
]


def test_malformed_input_says_why_and_changes_nothing(page, open_table, tmp_path):
    finish_first_hand(page, open_table)
    before = saved(page)
    hand = before["match"]["hands"][0]
    illegal = dict(hand, play=[hand["play"][1], *hand["play"][1:]])
    cases = [*MALFORMED, (json.dumps(illegal), "card 1"),
             (json.dumps(dict(before["match"], seed=before["match"]["seed"] + 1)), "seed")]
    for text, says in cases:
        paste(page, text)
        message = page.text_content("[data-import-error]")
        assert message.startswith("This cannot be opened: ") and says in message, message
        assert page.get_attribute("[data-import-error]", "role") == "alert"
    # A file that is not even text.
    path = tmp_path / "picture.json"
    path.write_bytes(bytes(range(256)) * 4)
    page.set_input_files("[data-import-file]", str(path))
    # The file is read asynchronously, and the last paste's message is still shown until then.
    page.wait_for_function("document.querySelector('[data-import-error]')"
                           "?.textContent.includes('not JSON')")
    page.click("[data-action=import-close]")
    assert page.get_attribute("main", "data-records") is None
    assert saved(page) == before
    assert page.get_attribute("main", "data-phase") in ("hand-over", "match-over")
