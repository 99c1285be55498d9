"""Export and import of hands and matches (docs/records.md), as pure functions.

- :func:`read` turns pasted or uploaded text into an :class:`Imported` (a hand record, replayed
  by the engine to check it, or a whole match rebuilt by ``Match.from_dict``), or raises
  :class:`TransferError` whose message names the problem (the engine's RecordError text for a
  record that does not replay). It never raises anything else, whatever the text.
- :func:`hand_export` / :func:`match_export`: what "Export hand" and "Export match" download
  (pretty JSON and a file name). "Export hand" gives the last finished hand: the current one
  once it is over, else the one before.
- HTML for the score sheet's buttons and the import dialog.

The browser side (downloads, reading a file, the dialog's events) is in :mod:`web.records`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from belote import Hand, Match, RecordError, hand_record, replay
from belote.view import SheetEntry, View
from web.app.markup import attr, escape
from web.i18n import t
from web.i18n.phrase import Joined, Phrase, Words, phrase
from web.storage import safejson

MAX_CHARS = safejson.MAX_CHARS  # the same guards as the save (web/storage/safejson.py)


class TransferError(ValueError):
    """Text that is not a hand record nor a match; ``said`` says why (for the player, in the
    language of the moment: :mod:`web.i18n.phrase`)."""

    def __init__(self, said: Phrase | Joined):
        super().__init__(said)
        self.said = said

    def __str__(self) -> str:
        return str(self.said.said())


@dataclass
class Imported:
    kind: str                      # "hand" | "match"
    record: dict | None = None     # the hand record (kind "hand")
    hand: Hand | None = None       # that record replayed (as far as it goes)
    match: Match | None = None     # kind "match"


def _parse_json(text) -> object:
    if not isinstance(text, str) or not text.strip():
        raise TransferError(phrase("import.empty"))
    try:
        return safejson.loads(text)
    except safejson.TooBig:
        raise TransferError(phrase("import.too_big", size=len(text))) from None
    except safejson.TooDeep:
        raise TransferError(phrase("import.nested")) from None
    except json.JSONDecodeError as e:
        where = Words(f"{e.msg}, line {e.lineno} column {e.colno}")
        raise TransferError(phrase("import.not_json", reason=where)) from None
    except (ValueError, TypeError) as e:
        raise TransferError(phrase("import.not_json", reason=Words(str(e)))) from None


def read(text) -> Imported:
    """What ``text`` holds: a hand record or a match (a saved game's ``{"version", "match"}``
    is taken as its match). TransferError otherwise, naming the problem."""
    data = _parse_json(text)
    saved = isinstance(data, dict) and "hands" not in data and "deck" not in data \
        and isinstance(data.get("match"), dict)
    if saved and isinstance(data, dict):
        data = data["match"]  # the whole saved state (localStorage belote.v1)
    if not isinstance(data, dict):
        raise TransferError(phrase("import.unknown"))
    try:
        if saved or "hands" in data:
            return Imported("match", match=Match.from_dict(data))
        if "deck" in data:
            hand = replay(data, complete=False)
            return Imported("hand", record=hand_record(hand), hand=hand)
    except RecordError as e:
        detail = Words(f"({e})") if str(e) else None  # the engine's words: in English
        raise TransferError(Joined((phrase("import.inconsistent"), detail))) from None
    except RecursionError:
        raise TransferError(phrase("import.nested")) from None
    except Exception as e:  # a hand-edited file can hold any surprise: never crash the table
        name = Words(f"({type(e).__name__})")
        raise TransferError(Joined((phrase("import.inconsistent"), name))) from None
    raise TransferError(phrase("import.unknown"))


# --- export -----------------------------------------------------------------------------------
def last_finished(match: Match) -> tuple[int, dict] | None:
    """(hand number, record) of the last finished hand, the current one once it is over."""
    if match.hand.over:
        return len(match.records) + 1, hand_record(match.hand)
    if match.records:
        return len(match.records), match.records[-1]
    return None


def hand_of_sheet(match: Match, number: int) -> dict | None:
    """The record of finished hand ``number`` (1-based, as on the score sheet)."""
    if not isinstance(number, int) or number < 1:
        return None
    if number <= len(match.records):
        return match.records[number - 1]
    if number == len(match.records) + 1 and match.hand.over:
        return hand_record(match.hand)
    return None


def taker(record: dict) -> int | None:
    """The seat that took the contract of a finished hand's ``record`` (None: thrown in, or a
    record that does not replay): its auction, replayed by the engine."""
    try:
        auction_only = {**record, "play": [], "declared": [[] for _ in record["declared"]],
                        "out": None}
        contract = replay(auction_only, complete=False).contract
    except (RecordError, KeyError, TypeError, ValueError):
        return None
    return contract.bidder if contract is not None else None


def takers(match: Match, known: dict[int, int | None]) -> dict[int, int | None]:
    """Who took each finished hand's contract, by its number on the score sheet; ``known``
    (what an earlier call returned for this match) is kept and only the new hands replayed."""
    found = dict(known)
    for number in range(1, len(match.sheet) + 1):
        if number not in found:
            record = hand_of_sheet(match, number)
            if record is not None:
                found[number] = taker(record)
    return found


def sheet_entry(match: Match, number: int) -> SheetEntry | None:
    return next((e for e in match.sheet if e.get("hand") == number), None)


def dumps(data: dict) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def hand_export(match: Match) -> tuple[str, str] | None:
    """(file name, JSON text) of the last finished hand, None before the first one ends."""
    found = last_finished(match)
    if found is None:
        return None
    number, record = found
    return f"belote-{match.rules.name}-{match.seed}-hand-{number}.json", dumps(record)


def match_export(match: Match) -> tuple[str, str]:
    return f"belote-{match.rules.name}-{match.seed}-match.json", dumps(match.to_dict())


# --- HTML -------------------------------------------------------------------------------------

def sheet_actions(view: View) -> str:
    """The buttons under the score sheet: export the last hand or the match, import."""
    has_hand = bool(view.get("sheet"))  # a row for every finished hand
    return (
        '<div class="actions transfer">'
        f'<button type="button" data-action="export-hand"'
        f'{"" if has_hand else " disabled"}>{escape(t("action.export-hand"))}</button>'
        f'<button type="button" data-action="export-match">'
        f'{escape(t("action.export-match"))}</button>'
        f'<button type="button" data-action="import">{escape(t("action.import"))}</button>'
        '</div>')


def replay_button(number: int) -> str:
    """The score sheet's button for finished hand ``number``."""
    return (f'<button type="button" class="replay-hand" data-action="replay-hand"'
            f' data-hand="{number}" aria-label="{attr(t("replay.hand", n=number))}">'
            f'{escape(t("action.replay"))}</button>')


def _dialog(title: str, body: str) -> str:
    return (f'<div class="panel records-dialog" role="dialog" aria-modal="true"'
            f' aria-labelledby="records-title" data-panel="import">'
            f'<div class="panel-head"><h2 id="records-title">{escape(title)}</h2>'
            f'<button type="button" class="close" data-action="import-close"'
            f' aria-label="{attr(t("action.close"))}">×</button></div>'
            f'<div class="panel-body">{body}</div></div>')


def import_form(error: str = "", text: str = "") -> str:
    """The import dialog: a file, or pasted text; ``error`` says why the last try failed."""
    problem = (f'<p class="import-error" role="alert" data-import-error>'
               f'{escape(t("import.failed", reason=error))}</p>' if error else "")
    return _dialog(t("import.title"), (
        f'<p class="import-help">{escape(t("import.help"))}</p>'
        f'<p class="import-file"><label for="import-file">{escape(t("import.file"))}</label> '
        f'<input type="file" id="import-file" data-import-file'
        f' accept=".json,application/json,text/plain"></p>'
        f'<p class="import-paste"><label for="import-text">{escape(t("import.paste"))}</label>'
        f'<textarea id="import-text" data-import-text rows="6" spellcheck="false"'
        f' autocomplete="off">{escape(text)}</textarea></p>'
        f'{problem}'
        f'<div class="actions"><button type="button" class="primary" data-action="import-open">'
        f'{escape(t("import.open"))}</button></div>'))


def match_question(match: Match, side_names: list[str]) -> str:
    """Asks before an imported match replaces the current one."""
    totals = " · ".join(f"{name} {total}" for name, total in zip(side_names, match.totals))
    if match.phase == "match-over":
        where = t("import.match.over")
    else:
        where = t("score.hand", n=len(match.records) + 1)
    text = t("import.match.ask", rules=t("rules." + match.rules.name),
             players=t("players.n", n=match.players), where=where, score=totals)
    return _dialog(t("import.match.title"), (
        f'<p data-import-match>{escape(text)}</p>'
        f'<p class="import-help">{escape(t("import.match.note"))}</p>'
        f'<div class="actions"><button type="button" data-action="import-cancel">'
        f'{escape(t("import.cancel"))}</button>'
        f'<button type="button" class="primary" data-action="import-resume">'
        f'{escape(t("import.resume"))}</button></div>'))
