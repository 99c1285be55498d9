"""The records region: "Export hand", "Export match", the import dialog and the replay viewer.

While the region is open (``Session.records.mode``: ``import`` or ``replay``) the view marks
``<main data-records>`` and the page makes the rest of it inert (the replay viewer also hides
it: CSS). What a file or a paste holds is decided by :mod:`web.records.transfer`; what the viewer
shows by :mod:`web.records.replay`.
"""

from __future__ import annotations

from web.app.effects import After, Download, Effects, Focus, ReadFile
from web.app.model import Model
from web.app.records_messages import FileRead, ImportTyped, ReplayHand, ReplayTick, ReplayTo
from web.i18n.phrase import Words, phrase
from web.records import replay as viewer
from web.records import transfer
from web.table.changes import say
from web.table.moves import resume_imported

AUTOPLAY_PAUSE = 0.9
MAX_FILE_BYTES = transfer.MAX_CHARS * 4


# --- export --------------------------------------------------------------------------------------
def export_hand(model: Model) -> Effects:
    found = transfer.hand_export(model.saved.match)
    if found is None:
        say(model, phrase("sheet.empty"))
        return []
    say(model, phrase("export.done", file=found[0]))
    return [Download(*found)]


def export_match(model: Model) -> Effects:
    name, text = transfer.match_export(model.saved.match)
    say(model, phrase("export.done", file=name))
    return [Download(name, text)]


# --- import --------------------------------------------------------------------------------------
def open_import(model: Model) -> Effects:
    model.session.records.opener = '[data-action="import"]'
    return show_import(model, None)


def show_import(model: Model, error, text: str = "") -> Effects:
    """The import dialog, saying why the last try failed (``error``, a phrase) if it did."""
    r = model.session.records
    stop(model)
    r.mode, r.pending, r.replay, r.error, r.text = "import", None, None, error, text
    return [Focus("[data-import-text]" if error is not None else "#import-file")]


def typed(model: Model, msg: ImportTyped) -> Effects:
    model.session.records.text = msg.text
    return []


def pasted(model: Model) -> Effects:
    return load(model, model.session.records.text)


def file_chosen(model: Model) -> Effects:
    return [ReadFile(MAX_FILE_BYTES)]


def file_read(model: Model, msg: FileRead) -> Effects:
    if msg.too_big is not None:
        return show_import(model, phrase("import.too_big", size=msg.too_big))
    return load(model, msg.text, from_file=True)


def load(model: Model, text: str | None, from_file: bool = False) -> Effects:
    """Open what ``text`` holds; a clear message (and nothing else changed) if it cannot."""
    try:
        imported = transfer.read(text)
    except transfer.TransferError as error:
        return show_import(model, error.said, "" if from_file else (text or ""))
    if imported.record is not None:
        return open_replay(model, viewer.Replay(imported.record))
    if imported.match is None:
        return []
    r = model.session.records
    r.mode, r.pending, r.error = "import", imported.match, None
    return [Focus('[data-action="import-resume"]')]


def resume(model: Model) -> Effects:
    """The imported match replaces the saved one (web/table/moves.py resume_imported)."""
    r = model.session.records
    match = r.pending
    if match is None:
        return []
    if model.session.passive:
        return show_import(model, phrase("import.passive"))
    r.pending, r.opener = None, None
    return close_records(model) + resume_imported(model, match)


# --- the replay viewer ---------------------------------------------------------------------------
def open_sheet_hand(model: Model, msg: ReplayHand) -> Effects:
    match = model.match
    record = transfer.hand_of_sheet(match, msg.number)
    if record is None:
        return []
    model.session.records.opener = f'[data-action="replay-hand"][data-hand="{msg.number}"]'
    return open_replay(model, viewer.Replay(record, msg.number,
                                            transfer.sheet_entry(match, msg.number)))


def open_replay(model: Model, rp: viewer.Replay) -> Effects:
    r = model.session.records
    stop(model)
    r.mode, r.replay, r.step, r.pending, r.error = "replay", rp, 0, None, None
    return [Focus('[data-action="replay-next"]')]


def replay_to(model: Model, msg: ReplayTo) -> Effects:
    """Show a step of the hand replayed (autoplay stops)."""
    r = model.session.records
    if r.replay is None:
        return []
    stop(model)
    where = {"first": 0, "prev": r.step - 1, "next": r.step + 1, "last": r.replay.last}
    r.step = r.replay.clamp(where.get(msg.where, msg.where))
    return []


def toggle_play(model: Model) -> Effects:
    r = model.session.records
    if r.playing or r.replay is None:
        stop(model)
        return []
    if r.step >= r.replay.last:
        r.step = 0
    r.playing = True
    return _tick(model)


def _tick(model: Model) -> Effects:
    r = model.session.records
    r.token = model.token()
    pause = 0.05 if model.flags.fast else AUTOPLAY_PAUSE
    return [After(pause, ReplayTick(r.token))]


def ticked(model: Model, msg: ReplayTick) -> Effects:
    """The autoplay's next step; it stops at the end."""
    r = model.session.records
    if not r.playing or msg.token != r.token or r.replay is None:
        return []
    if r.step < r.replay.last:
        r.step += 1
    if r.step >= r.replay.last:
        r.playing = False
        return []
    return _tick(model)


def stop(model: Model) -> None:
    r = model.session.records
    r.playing = False
    r.token = model.token()


# --- the region ----------------------------------------------------------------------------------
def close_records(model: Model, focus: bool = True) -> Effects:
    """Close the region; the focus goes back to what opened it."""
    r = model.session.records
    stop(model)
    was_open, opener = r.mode is not None, r.opener
    r.mode, r.replay, r.pending, r.error, r.text = None, None, None, None, ""
    if focus and was_open and opener:
        return [Focus(opener, '[data-action="sheet"]')]
    return []


def fail(model: Model, reason: str) -> Effects:
    """Something went wrong in the region: it closes, and the table says why."""
    effects = close_records(model)
    say(model, phrase("error", reason=Words(reason)), "illegal")
    return effects
