"""Opening the table, and the page's storage: the save read at start, the other tabs, a write
refused.

:func:`init` builds the model from what the page read (its query, localStorage, the browser's
languages and theme): the match saved, or a new one as the query says; a guided hand under way;
the first visit's offer. Opening takes nothing from another tab open on the game: only a change
made here claims it (web/table/changes.py ``save``); another tab's write
(:func:`storage_changed`) makes this one read-only until its player takes the game back
(:func:`take_over`).
"""

from __future__ import annotations

from collections.abc import Mapping

from belote import Match
from web.app.effects import Effects, ReadSave, SetAside, StartWorker
from web.app.messages import Msg, SaveRead, StorageChanged, WriteRefused
from web.app.model import Flags, Model, Saved, Session
from web.coach import accuracy, guide
from web.coach.guiding import enter, offer
from web.daily import play as daily
from web.daily import run as daily_run
from web.i18n.phrase import Joined, Words, phrase
from web.storage import save as storage
from web.storage.settings import BOT_SEATS, chosen, match_options
from web.table.changes import (
    back_to_match,
    changed,
    claim_tab,
    notice,
    notice_kind,
    reset_table,
)
from web.table.motion import still
from web.table.moves import language_of
from web.table.turns import kick

KEYS = (storage.KEY, storage.TAB_KEY, guide.KEY, daily_run.KEY, accuracy.KEY)  # what init reads


def init(flags: Flags, languages: tuple[str, ...], dark: bool,
         stored: Mapping[str, str | None]) -> tuple[Model, Effects]:
    """The table as the page opens (``stored``: localStorage's :data:`KEYS`): go on with the
    match saved, or a new one as the page's query says."""
    raw = stored.get(storage.KEY)
    loaded = storage.decode(raw)
    settings = _url_settings(flags, loaded.settings)
    if flags.fast and not chosen(raw, "sound"):  # ?fast=1 (tests): silent by default
        settings = {**settings, "sound": False}
    owner = stored.get(storage.TAB_KEY)
    session = Session(languages=tuple(languages), dark=dark, tab_owner=owner, last_saved=raw,
                      daily_saved=stored.get(daily_run.KEY),
                      watching=owner is not None and owner != flags.tab_id)
    match, resumed = loaded.match, True
    if match is None or _url_wants_other(flags, settings, match):
        resumed = False
        match = Match(settings["rules"], settings["players"], match_options(settings),
                      flags.seed)
    progress_raw = stored.get(guide.KEY)
    history, run = daily_run.load(stored.get(daily_run.KEY))
    measured, matches = accuracy.load(stored.get(accuracy.KEY))
    model = Model(flags, Saved(match, settings, loaded.stats, loaded.reviews,
                               guide.load(progress_raw), history, run, measured, matches),
                  session)
    session.language = language_of(model)
    effects: Effects = []
    if loaded.set_aside and raw is not None:
        effects.append(SetAside(raw))
        notice(model, storage.problem_phrase(loaded), "broken-save")
    progress = model.saved.progress
    if progress.current is not None:  # a guided hand under way: go on with it
        if run is not None:
            run.playing = False
        effects += enter(model, *progress.current)
    elif model.daily is not None:  # a daily hand on the table: go on with it
        daily.hand_notice(model)
        effects += daily.resume(model)
    elif raw is None and progress_raw is None and flags.offers:  # the first visit
        offer(model, "")
    if resumed or model.session.guided is not None or model.daily is not None:
        still(model)  # the table as it was left: nothing comes in (a new match deals in)
    effects += changed(model) + kick(model)
    if flags.worker:
        effects.append(StartWorker())
    return model, effects


def _url_settings(flags: Flags, settings: dict) -> dict:
    """``?rules=coinche&players=4&level=easy``: the game the query asks for."""
    p, s = flags.params, dict(settings)
    if p.get("rules"):
        s["rules"] = p["rules"]
        if not p.get("players"):
            s["players"] = 4
    if p.get("players", "").isdigit():
        s["players"] = int(p["players"])
    if p.get("level"):  # ?level=easy: every bot
        s["levels"] = [p["level"]] * len(BOT_SEATS)
    return storage.clean_settings(s)


def _url_wants_other(flags: Flags, settings: dict, match: Match) -> bool:
    """With ?rules=…&players=…&seed=… the saved match is resumed only if it is that one."""
    p = flags.params
    if p.get("rules") and (match.rules.name, match.players) != (settings["rules"],
                                                                settings["players"]):
        return True
    return flags.seed is not None and match.seed != flags.seed


# --- other tabs, storage -------------------------------------------------------------------------
def storage_changed(model: Model, msg: StorageChanged) -> Effects:
    """Another tab wrote ``msg.value`` under ``msg.key``: if it plays this game now, this
    one stops until the player takes it back. The daily deal's and the accuracy's storage are
    followed (web/daily/run.py, web/coach/accuracy.py ``follow``), passive or not; a daily
    hand on this table that another tab's try replaced stops this tab too."""
    s = model.session
    if msg.value is not None and msg.key == accuracy.KEY:
        accuracy.follow(model, msg.value)
    if msg.value is not None and msg.key == daily_run.KEY and daily_run.follow(model, msg.value):
        reset_table(model)
        still(model)
        return [] if s.passive else _stop(model)
    if msg.value is None or msg.key not in (storage.KEY, storage.TAB_KEY) or s.passive:
        return []
    if msg.key == storage.TAB_KEY:
        s.tab_owner = msg.value
    if msg.value in (s.last_saved, model.flags.tab_id):
        return []
    return _stop(model)


def _stop(model: Model) -> Effects:
    """Another tab plays this game now: this one stops, and says so."""
    model.session.passive = True
    model.session.version += 1
    notice(model, phrase("tab.other"), "other-tab")
    return []


def plays(model: Model) -> bool:
    """Whether this tab plays the game (it answers another tab's "who plays?")."""
    return not model.session.passive and not model.session.watching


def take_over(model: Model, then: Msg | None = None) -> Effects:
    """Play here again: claim the game, then read what the other tab saved (and ``then``)."""
    return claim_tab(model) + [ReadSave(then)]


def save_read(model: Model, msg: SaveRead) -> Effects:
    """The save as the other tab left it, now played here."""
    s = model.session
    loaded = storage.decode(msg.raw)
    s.last_saved = msg.raw
    if loaded.match is not None:
        back_to_match(model)
        kept = model.saved
        kept.match, kept.settings, kept.stats = loaded.match, loaded.settings, loaded.stats
        kept.reviews = loaded.reviews
        s.language = language_of(model)
    s.passive = False
    reset_table(model)
    notice(model, phrase("tab.reloaded"), "reloaded")
    return changed(model) + kick(model)


def write_refused(model: Model, msg: WriteRefused) -> Effects:
    """Storage refused a write (full, private mode, turned off): the game goes on, and says
    once that progress is not being saved."""
    s = model.session
    if msg.key == storage.KEY:
        s.last_saved = None  # the next change tries again
    elif msg.key == storage.TAB_KEY:
        s.tab_owner = None
    elif msg.key == daily_run.KEY:
        s.daily_saved = None
    if s.save_failed:
        return []
    s.save_failed = True
    before = s.notice.said if s.notice is not None and notice_kind(model) == "broken-save" \
        else None
    notice(model, Joined((before, phrase("save.off", reason=Words(msg.reason)))), "save-failed")
    return []
