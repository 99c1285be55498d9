"""The one update of the table: every message (web/app/messages.py) goes through here.

``update(model, msg)`` changes the model and returns the effects for the page
(web/app/effects.py). Each kind of message has its handler in the room it belongs to — the
table's turns and commands (web/table/), the coach's practice, puzzles, guided hands and
review (web/coach/), the records region (web/records/) — found in :data:`ROUTES`. After each,
what came onto the table is noted for the view to animate (web/table/motion.py). :func:`step`
is what the adapter and the CPython test page call: :func:`update`, with an error in a handler
reported and said instead of breaking the page.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from web.app import keys
from web.app import messages as m
from web.app import records_messages as rm
from web.app.effects import Effects, Report
from web.app.model import Model
from web.coach import accuracy, guiding, practice, reviewing
from web.daily import play as daily
from web.records import dialogs
from web.table import moves, start, turns
from web.table.motion import note

Handler = Callable[[Model, Any], Effects]


def _plain(run: Callable[[Model], Effects]) -> Handler:
    """The handler of a message that carries nothing: ``run(model)``."""
    return lambda model, msg: run(model)


def new_game(model: Model, msg: m.NewGame) -> Effects:
    """"New game"; in a tab whose game another one took, it takes the game (as it was left)
    first."""
    if model.session.passive:
        return start.take_over(model, then=msg)
    return moves.new_game(model)


def save_read(model: Model, msg: m.SaveRead) -> Effects:
    effects = start.save_read(model, msg)
    return effects + (update(model, msg.then) if msg.then is not None else [])


def today(model: Model, msg: m.Today) -> Effects:
    """The UTC date now, as the page's clock says it; then what waited for it."""
    model.session.today = msg.date
    return update(model, msg.then) if msg.then is not None else []


def key(model: Model, msg: m.Key) -> Effects:
    """A key: what its binding sends (web/app/keys.py). A key no region kept for itself says
    that the keyboard is in use (the focus then follows the table)."""
    resolved = keys.resolve(model, msg)
    if not resolved.kept:
        model.session.keyboard = True
    return update(model, resolved.msg) if resolved.msg is not None else []


def pointer(model: Model) -> Effects:
    model.session.keyboard = False
    return []


def failed(model: Model, msg: m.Failed) -> Effects:
    return moves.fail(model, msg.reason)


ROUTES: dict[type, Handler] = {
    # the table
    m.PlayCard: lambda model, msg: turns.play_card(model, msg.card),
    m.Bid: lambda model, msg: turns.act(model, msg.word),
    m.ChooseLevel: moves.choose_level,
    m.ShowMeaning: moves.show_meaning,
    m.Tick: moves.tick,
    m.AskOut: _plain(moves.ask_out),
    m.ConfirmOut: _plain(moves.confirm_out),
    m.NewGame: new_game,
    m.SettingsNewGame: _plain(moves.settings_new_game),
    m.NextHand: _plain(moves.next_hand),
    m.Hint: _plain(moves.hint),
    m.TakeBack: _plain(moves.take_back),
    m.Toggle: moves.toggle,
    m.Close: _plain(moves.close),
    m.Dismiss: _plain(moves.dismiss),
    m.TakeOver: lambda model, msg: start.take_over(model),
    m.UndoNewGame: _plain(moves.undo_new_game),
    m.ApplyUpdate: _plain(moves.apply_update),
    m.Setting: moves.setting,
    m.FocusMove: moves.focus_move,
    m.Key: key,
    # the coach
    m.EndPractice: _plain(practice.end_practice),
    m.PracticeAgain: _plain(practice.practice_again),
    m.PuzzleStep: practice.puzzle_step,
    m.FinishPuzzles: _plain(practice.finish_puzzles),
    m.PuzzleWhy: _plain(practice.puzzle_why),
    m.StartGuide: guiding.start,
    m.GuideNext: _plain(guiding.next_step),
    m.EndGuide: _plain(guiding.end),
    m.ReviewHand: reviewing.open_sheet_hand,
    m.ReviewReplayed: _plain(reviewing.open_from_viewer),
    m.ReviewClose: _plain(reviewing.close),
    m.ReviewCancel: _plain(reviewing.cancel),
    m.ReviewContinue: _plain(reviewing.resume),
    m.Practise: reviewing.practise,
    m.Puzzles: _plain(reviewing.puzzles),
    # the daily deal
    m.OpenDaily: _plain(daily.open_panel),
    m.DailyPlay: daily.play,
    m.DailyBegin: daily.start,
    m.DailyNext: _plain(daily.next_hand),
    m.DailyEnd: _plain(daily.end),
    m.DailyCompare: _plain(daily.retry),
    m.DailyShare: _plain(daily.share),
    m.ChartMatch: accuracy.step_chart,
    m.Shared: daily.shared,
    m.ExpertPlayed: daily.expert_played,
    m.Today: today,
    m.Accuracy: accuracy.measured,
    # records
    rm.ReplayHand: dialogs.open_sheet_hand,
    rm.ExportHand: _plain(dialogs.export_hand),
    rm.ExportMatch: _plain(dialogs.export_match),
    rm.OpenImport: _plain(dialogs.open_import),
    rm.ImportTyped: dialogs.typed,
    rm.ImportPasted: _plain(dialogs.pasted),
    rm.ImportFile: _plain(dialogs.file_chosen),
    rm.ImportResume: _plain(dialogs.resume),
    rm.CloseRecords: _plain(dialogs.close_records),
    rm.ReplayPlay: _plain(dialogs.toggle_play),
    rm.ReplayTo: dialogs.replay_to,
    # the page
    m.Pointer: _plain(pointer),
    m.SystemTheme: moves.system_theme,
    m.UpdateReady: _plain(moves.update_ready),
    m.StorageChanged: start.storage_changed,
    m.WriteRefused: start.write_refused,
    m.SaveRead: save_read,
    m.Failed: failed,
    # answers
    m.Waited: turns.waited,
    m.BotChose: turns.bot_chose,
    m.HoldReleased: turns.hold_released,
    m.OtherTabs: turns.other_tabs,
    m.Hinted: moves.hinted,
    m.HelpFetched: moves.help_fetched,
    rm.FileRead: dialogs.file_read,
    rm.ReplayTick: dialogs.ticked,
    m.WorkerState: reviewing.worker_state,
    m.ReviewAnswer: reviewing.answered,
}


def update(model: Model, msg: m.Msg) -> Effects:
    """What ``msg`` does to ``model`` (changed in place), and the effects for the page."""
    effects = ROUTES[type(msg)](model, msg)
    note(model)
    return effects


def step(model: Model, msg: m.Msg) -> Effects:
    """:func:`update`; an error in it is reported (the console) and said in the part of the
    page it came from, which goes on."""
    try:
        return update(model, msg)
    except Exception as error:
        return fail(model, msg, error)


def fail(model: Model, msg: m.Msg, error: BaseException) -> Effects:
    """An unexpected error while handling ``msg``: reported, and said where it happened."""
    reason = str(error) or type(error).__name__
    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    if isinstance(msg, rm.RecordsMsg):
        label, effects = "Belote records error", dialogs.fail(model, reason)
    elif isinstance(msg, m.ReviewMsg):
        label, effects = "Belote review error", reviewing.fail(model, reason)
    else:
        label, effects = "Belote table error", moves.fail(model, reason)
    return [Report(label, text), *effects]
