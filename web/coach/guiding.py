"""The guided hands on the table: offered, started, stepped through, skipped or finished.

A guided hand (:class:`web.coach.guide.GuideRun`) sets the saved match aside (``Session.guided``)
until it ends; its bots play the script's words (web/table/turns.py) and the player's action is
checked against it. What the guides remember (done, seen, under way) is kept under
``belote.v1.guide`` (:func:`web.table.changes.store_progress`).
"""

from __future__ import annotations

from belote.rules import DEFAULT_RULES
from web.app.effects import Effects
from web.app.messages import StartGuide
from web.app.model import Guided, Model
from web.coach import guide
from web.i18n.phrase import phrase
from web.table.changes import back_to_match, changed, notice, reset_table, say, store_progress
from web.table.turns import kick


def offer(model: Model, rules: str) -> None:
    """The small offer of a guided hand (``rules``'s, or the first visit's ""), in the
    notices' bar: it never stops play."""
    said = (phrase("guide.offer.rules", rules=phrase("rules." + rules)) if rules
            else phrase("guide.offer"))
    notice(model, said, "guide-offer", rules)


def rules_chosen(model: Model, rules: str) -> Effects:
    """A rule set chosen in the settings: its guide is offered the first time."""
    progress = model.saved.progress
    if rules in progress.seen:
        return []
    progress.seen.add(rules)
    if rules in guide.GUIDES and rules not in progress.done and model.session.guided is None \
            and model.flags.offers:
        offer(model, rules)
    return store_progress(model)


def start(model: Model, msg: StartGuide) -> Effects:
    """Play ``msg.rules``' guided hand (default: the rule set of the saved match), setting
    the match aside until it ends or is skipped."""
    if model.session.passive:
        return []
    rules = msg.rules
    if rules not in guide.GUIDES:
        rules = model.saved.match.rules.name
    if rules not in guide.GUIDES:
        rules = DEFAULT_RULES
    back_to_match(model)
    model.session.overlay = None
    effects = enter(model, rules, 0)
    model.session.keyboard = True
    return effects + changed(model) + kick(model)


def enter(model: Model, rules: str, at: int) -> Effects:
    """Put ``rules``' guided hand on the table at step ``at`` (from the start when the script
    no longer has that step)."""
    try:
        run = guide.GuideRun(guide.GUIDES[rules], at)
    except Exception:
        run = guide.GuideRun(guide.GUIDES[rules], 0)
    back_to_match(model)
    s = model.session
    s.guided = Guided(run, s.notice)
    reset_table(model)
    progress = model.saved.progress
    progress.offered = True
    progress.current = (rules, run.at)
    notice(model, None, "guide")
    return store_progress(model)


def next_step(model: Model) -> Effects:
    """"Next" on a step that waits for it."""
    guided = model.session.guided
    if guided is None or not guided.run.next():
        return []
    say(model, None)
    model.saved.progress.current = (guided.run.rules, guided.run.at)
    return store_progress(model) + changed(model) + kick(model)


def end(model: Model) -> Effects:
    """Skip the guided hand, or close it once played: remembered as done."""
    guided = model.session.guided
    if guided is None:
        return []
    progress = model.saved.progress
    progress.done.add(guided.run.rules)
    progress.current = None
    back_to_match(model)
    model.session.keyboard = True
    return store_progress(model) + changed(model) + kick(model)
