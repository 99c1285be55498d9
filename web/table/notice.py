"""The notice bar: one lasting notice, its action, and the puzzle's verdict."""

from __future__ import annotations

from web.app.markup import attr, escape
from web.coach.puzzles import Session
from web.i18n import t
from web.table.shown import Shown
from web.table.words import long_short

NOTICE_PROBLEMS = ("broken-save", "save-failed")   # said as problems (tone), the rest as news
# Notices that cannot go away while their state lasts: dismissed, they fold to a short label
# that keeps their button (the way back from a practice, playing in this tab again).


NOTICE_FOLDS = {"practice": "practice.short", "other-tab": "tab.other.short",
                "puzzle": "puzzle.short", "guide": "guide.short", "daily": "daily.short"}


def _button(action: str, key: str, primary: bool = False, short: bool = False,
            extra: str = "") -> str:
    """A notice's button for ``data-action=action``, saying ``key``: whole, or (``short``) in
    its long and short forms with the whole as its name."""
    cls = ' class="primary"' if primary else ""
    head = f'<button type="button"{cls} data-action="{action}"{extra}'
    if short:
        return f'{head} aria-label="{attr(t(key))}">{long_short(key)}</button>'
    return f'{head}>{escape(t(key))}</button>'


def notice(ui: Shown) -> str:
    """The lasting notice, in a slim bar of its own (never over the felt): its text, its
    action, and a close button (a notice that must stay folds to a short label instead)."""
    said = ui.notice
    if not said:
        return ""
    kind = ui.notice_kind if not ui.passive else "other-tab"
    action = ""
    if ui.passive:
        action = _button("take-over", "action.take-over", primary=True, short=True)
    elif kind == "new-game":
        action = _button("undo-new-game", "action.undo-new-game", short=True)
    elif kind == "update":
        action = _button("update", "update.reload", primary=True)
    elif kind == "practice":
        action = _button("practice-end", "practice.end", short=True)
    elif kind == "daily":
        action = _button("daily-end", "daily.end")
    elif kind == "puzzle" and ui.puzzles is not None:
        action = puzzle_actions(ui.puzzles)
    elif kind == "guide-offer":
        rules = f' data-rules="{attr(ui.guide_offer)}"' if ui.guide_offer else ""
        action = _button("guide-start", "guide.learn", primary=True, extra=rules)
    elif kind == "guide":
        action = (_button("guide-next", "guide.next", primary=True) if ui.guide_next else "") + (
            "" if ui.guide_over is not None else  # played to its end: its score says "Done"
            _button("guide-skip", "guide.skip", short=True))
    folded = ui.notice_folded and kind in NOTICE_FOLDS
    text = t(NOTICE_FOLDS[kind]) if folded else said
    words = escape(text)
    verdict = ui.verdict if kind == "puzzle" and ui.puzzles is not None else ""
    shows = ""  # what the words hold, for web/style.css (rather than a :has() on them)
    if verdict and ui.puzzles is not None and ui.puzzles.last is not None:
        # the verdict on the last pick, in the notice's live region (never over the felt)
        good = "good" if ui.puzzles.last.good else "bad"
        words = (("" if folded else f'<span class="pz-title">{words}</span> ')
                 + f'<strong class="pz-verdict" data-verdict="{good}">{escape(verdict)}</strong>')
        shows = ' data-shows="verdict"'
        why = "" if folded else ui.why
        if why:  # the reason behind "Why?": on a phone it takes the verdict's place
            reason = ui.puzzles.puzzle.reason
            code = reason.get("code", "") if isinstance(reason, dict) else ""
            if ui.why_open:
                words += f' <span class="pz-reason" data-reason="{attr(code)}">{escape(why)}</span>'
                shows = ' data-shows="reason"'
            action = (f'<button type="button" class="pz-why" data-action="puzzle-why"'
                      f' aria-expanded="{str(ui.why_open).lower()}">'
                      f'{escape(t("puzzle.why"))}</button>') + action
    close = "" if folded else (
        f'<button type="button" class="close" data-action="dismiss"'
        f' aria-label="{attr(t("action.close"))}" title="{attr(t("action.close"))}">×</button>')
    tone = "problem" if ui.notice_kind in NOTICE_PROBLEMS else "news"
    mark = "!" if tone == "problem" else "i"
    return (f'<div class="notice" data-notice="{attr(ui.notice_kind)}" data-tone="{tone}"'
            f'{" data-folded" if folded else ""}>'
            f'<span class="notice-mark" aria-hidden="true">{mark}</span>'
            f'<p{shows}>{words}</p><span class="notice-actions">{action}{close}</span></div>')


def puzzle_actions(session: Session) -> str:
    """"Learn from your mistakes": the previous and next puzzle, and Finish (back to the
    match)."""
    at, total = session.at, len(session.puzzles)

    def step(action: str, key: str, enabled: bool) -> str:
        return (f'<button type="button" data-action="{action}" aria-label="{attr(t(key))}"'
                f'{"" if enabled else " disabled"}>{long_short(key)}</button>')

    cls = ' class="primary"' if session.found and at == total - 1 else ""
    return (step("puzzle-prev", "puzzle.prev", at > 0)
            + step("puzzle-next", "puzzle.next", at < total - 1)
            + f'<button type="button"{cls} data-action="puzzle-finish"'
            f' aria-label="{attr(t("puzzle.finish"))}">{long_short("puzzle.finish")}</button>')
