"""The small changes every part of the update makes to the table: say something, show a
notice, keep the game, put the saved match back on the table.

Each takes the model (web/app/model.py) and changes it; those that have something for the page
to do return effects (web/app/effects.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from belote import Match
from web.app.effects import Effects, Save, Sound, Store
from web.app.model import Model, Notice, Said
from web.coach import guide
from web.daily import run as daily_run
from web.storage import save as storage
from web.storage.settings import match_options, speed_factor
from web.table.motion import new_hand


# --- words ---------------------------------------------------------------------------------------
def say(model: Model, said: Any, kind: str = "info") -> None:
    """An explanation under the felt until the next move (None: the turn's status again)."""
    model.session.message = Said(said, kind) if said else None


def notice(model: Model, said: Any, kind: str, rules: str = "") -> None:
    """The lasting notice (``kind`` "" : none); ``said`` a phrase, or None when the view says
    it from the state (a guided hand's step, a puzzle's task)."""
    model.session.notice = Notice(kind, said, rules=rules) if kind else None


def notice_kind(model: Model) -> str:
    n = model.session.notice
    return n.kind if n is not None else ""


# --- keeping the game ----------------------------------------------------------------------------
def claim_tab(model: Model) -> Effects:
    """Say that this tab plays now: any other tab open on the game stops (web/table/start.py
    ``stored``)."""
    s, me = model.session, model.flags.tab_id
    s.watching = False
    if s.tab_owner == me:
        return []
    s.tab_owner = me
    return [Store(storage.TAB_KEY, me)]


def save(model: Model) -> Effects:
    """Keep the game; a change made here takes it from any other tab (:func:`claim_tab`).
    A tab whose game another one took writes nothing until its player takes it back."""
    s, kept = model.session, model.saved
    if s.passive:
        return []
    daily = daily_run.store(model) if model.daily is not None else []  # its hand goes on
    text = storage.encode(kept.settings, kept.match, kept.stats, kept.reviews)
    if text == s.last_saved:
        return daily
    s.last_saved = text
    return claim_tab(model) + [Save(text)] + daily


def changed(model: Model) -> Effects:
    """The table changed: answers asked for before no longer apply; keep the game."""
    model.session.version += 1
    return save(model)


def store_progress(model: Model) -> Effects:
    """Keep the guides' progress (the guided hand under way, how far)."""
    if model.session.passive:
        return []
    progress, guided = model.saved.progress, model.session.guided
    if guided is not None:
        progress.current = (guided.run.rules, guided.run.at)
    return [Store(guide.KEY, progress.dump())]


# --- the table's pace ----------------------------------------------------------------------------
def instant(model: Model) -> bool:
    """No pause and no animation: ?fast=1, or the "instant" speed."""
    return model.flags.fast or speed_factor(model.saved.settings) == 0


def paced(model: Model, seconds: float) -> float:
    """A pause of the table's pace (none with ?fast=1)."""
    return 0.0 if model.flags.fast else seconds * speed_factor(model.saved.settings)


def sound(model: Model, name: str | None) -> Effects:
    if name and model.saved.settings.get("sound") and not model.session.passive:
        return [Sound(name)]
    return []


# --- another match on the table ------------------------------------------------------------------
def new_match(model: Model, seed: int | None = None) -> Match:
    """A match of the settings' game. With ?seed=N in the address the first match is N and
    each new one the next number (a session, a test, goes the same way again)."""
    s, url_seed = model.saved.settings, model.flags.seed
    if seed is None and url_seed is not None:
        model.session.new_matches += 1
        seed = url_seed + model.session.new_matches
    return Match(s["rules"], s["players"], match_options(s), seed)


def reset_table(model: Model) -> None:
    """Another match on the table: nothing of the last one's drawing carries over."""
    s = model.session
    s.overlay, s.hint, s.unticked, s.bid_level = None, None, set(), None
    s.shown_trick = None
    new_hand(model)
    say(model, None)


def back_to_match(model: Model) -> None:
    """Put the match a guided hand or a practice set aside back on the table, with the notice
    it set aside (not saved: the saved match is that one)."""
    s = model.session
    if s.guided is not None:
        aside, s.guided = s.guided.aside, None
        reset_table(model)
        s.notice = again(aside) if aside is None or aside.kind != "guide-offer" else None
    if s.practice is not None:
        aside, s.practice = s.practice.aside, None
        reset_table(model)
        s.notice = again(aside)


def again(aside: Notice | None) -> Notice | None:
    """A notice set aside, shown again (unfolded)."""
    return None if aside is None else replace(aside, folded=False)


def forget_abandoned(model: Model) -> None:
    """The first move in the new match: the one it replaced is gone for good."""
    s = model.session
    if s.abandoned is not None:
        s.abandoned = None
        if notice_kind(model) == "new-game":
            notice(model, None, "")
