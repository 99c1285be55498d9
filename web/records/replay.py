"""The replay viewer's pure side: a recorded hand step by step, and its HTML.

:class:`Replay` holds one hand record. Step 0 is the deal; each later step adds one bid or one
card (and a Classic "I'm out" claim as the last step). The position after step ``k``
(:class:`Position`) is the engine's view of the record cut there (``belote.record``: ``cut``,
``view_of``), every seat's own for its cards: no rule is decided here. :func:`viewer` draws
one step with every hand face up, the bidding, the contract, the trick on the table, tricks and
points won, declarations and belote, and at the end the hand's score. The browser side
(controls, keys, autoplay) is in :mod:`web.records.dialogs`.
"""

from __future__ import annotations

from dataclasses import dataclass

from belote import Hand, hand_record, replay
from belote.cards import CARD_NAMES, cards_of
from belote.record import cut, view_of
from belote.view import DeclarationView, SheetEntry, View
from web.app.markup import attr, escape
from web.i18n import card_label, t
from web.table import summary, words
from web.table.meanings import said_button, said_meanings

# Where each seat sits in the viewer's grid (words.POSITIONS names, 3-player corners to sides).
AREA = {"bottom": "bottom", "top": "top", "left": "left", "right": "right",
        "top-left": "left", "top-right": "right"}


@dataclass
class Position:
    """What the viewer shows after one step: the engine's view of the hand replayed to there
    (seat 0's, as at the table), and what the viewer sees that no seat's view holds."""

    step: int
    action: tuple[str, int, str | None]  # ("deal" | "bid" | "card" | "out", seat, word)
    view: View
    hands: list[list[str]]      # every seat's cards (each seat's own view)
    declared: list[list[DeclarationView]]  # every seat's declarations (each seat's own view)
    talons: list[list[str]]     # Bela: the cards each seat has yet to pick up, face down
    card_points: list[int]      # per side (the table hides them in Classic; the viewer not)
    trick: list[list]           # the trick on the table; a finished one after its last card
    trick_winner: int | None    # who took it (once finished)
    over: bool                  # the record's last step, the hand over
    unfinished: bool            # the record's last step, the hand not over
    claim: int | None           # "I'm out": the claimant's points as counted at the claim


class Replay:
    """A hand record, step by step. RecordError (from the engine) if it does not replay."""

    def __init__(self, record: dict, number: int | None = None,
                 entry: SheetEntry | None = None):
        self.final = replay(record, complete=False)
        self.record = hand_record(self.final)   # normalised words, played cards up to any "out"
        self.number = number                    # hand number on the score sheet, if from one
        # its bids' keys (web/table/meanings.py): the deal's first cards tell it from another
        self.key = f'replay.{number or 0}.{"".join(map(str, self.record["deck"][:8]))}'
        self.entry = entry                      # that score sheet row
        hand = self.final
        self.actions: list[tuple[str, int, str | None]] = [("deal", hand.dealer, None)]
        self.actions += [("bid", s, w) for s, w in hand.auction.history()]
        self.actions += [("card", s, CARD_NAMES[c]) for s, c in zip(hand.played_by, hand.played)]
        if hand.out:
            self.actions.append(("out", hand.out["seat"], None))
        self.last = len(self.actions) - 1
        self._hands: dict[int, Hand] = {self.last: self.final}

    @property
    def rules(self) -> str:
        return self.final.rules.name

    @property
    def players(self) -> int:
        return self.final.n

    def clamp(self, step) -> int:
        try:
            step = int(step)
        except (TypeError, ValueError):
            step = 0
        return max(0, min(self.last, step))

    def prefix(self, step: int) -> dict:
        """The record cut after ``step``."""
        return cut(self.record, step)

    def hand_at(self, step: int) -> Hand:
        step = self.clamp(step)
        if step not in self._hands:
            self._hands[step] = replay(self.prefix(step), complete=False)
        return self._hands[step]

    def state(self, step: int) -> Position:
        """What the viewer shows after ``step``."""
        step = self.clamp(step)
        hand = self.hand_at(step)
        views = [view_of(hand, seat) for seat in range(hand.n)]
        view = views[0]
        kind, seat, word = self.actions[step]
        trick, winner = view["trick"], None
        last = view["last_trick"]
        if kind == "card" and not trick and last is not None:  # it stays until the next card
            trick, winner = last["cards"], last["winner"]
        over = hand.over and step == self.last
        out = view["out"]
        return Position(
            step, (kind, seat, word), view,
            hands=[v["hand"] for v in views],
            declared=[v["declared"][s] for s, v in enumerate(views)],
            talons=[[CARD_NAMES[c] for c in cards_of(h)] for h in hand.talon],
            card_points=list(hand.points),
            trick=trick, trick_winner=winner, over=over,
            unfinished=step == self.last and not hand.over,
            claim=(hand.claim_points(hand.rules.side(out["seat"]))
                   if over and out is not None else None))


# --- HTML ---------------------------------------------------------------------------------------

def _seat(seat: int, pos: Position) -> str:
    return words.seat_name(seat, pos.view["players"])


def describe(pos: Position) -> str:
    """The last step in words (the viewer's live line)."""
    kind, seat, word = pos.action
    view = pos.view
    if kind == "deal":
        text = t("replay.deal", seat=_seat(seat, pos))
    elif kind == "bid" and word is not None:
        text = t("replay.bid", seat=_seat(seat, pos), bid=words.bid_text(word, view))
    elif kind == "card" and word is not None:
        text = t("replay.card", seat=_seat(seat, pos), card=card_label(word))
        if pos.trick_winner is not None:
            text += " " + words.trick_won(pos.trick_winner, view["players"])
    else:
        text = t("out.claimed", seat=_seat(seat, pos))
    if pos.unfinished:
        text += " " + t("replay.unfinished")
    elif pos.over:
        text += " " + t("replay.end")
    return text


def _seat_block(seat: int, pos: Position, ui) -> str:
    view = pos.view
    players = view["players"]
    where = words.positions(players)[seat]
    four = ui.settings.get("four_colour", False)
    name = _seat(seat, pos)
    cards = words.sorted_hand(pos.hands[seat], view["contract"])
    imgs = "".join(
        f'<img class="rp-card" src="{words.card_src(c, four)}" data-rp-card="{c}"'
        f' data-seat="{seat}" alt="{attr(card_label(c))}">' for c in cards)
    imgs += "".join(
        f'<img class="rp-card rp-talon" src="{words.card_src(c, four)}" data-rp-card="{c}"'
        f' data-seat="{seat}" alt="{attr(t("replay.talon", card=card_label(c)))}">'
        for c in words.sorted_hand(pos.talons[seat], view["contract"]))
    n = len(cards) + len(pos.talons[seat])
    tags = []
    if view["dealer"] == seat:
        tags.append(f'<span class="dealer-chip" title="{attr(t("dealer"))}"'
                    f' aria-label="{attr(t("dealer"))}" role="img">'
                    f'{escape(t("dealer.short"))}</span>')
    said = [w for s, w in view["auction"] if s == seat]
    if view["phase"] == "auction" and said:
        tags.append(f'<span class="bubble bid">{words.bid_label(said[-1], view)}</span>')
    for s, word, card in view["belote"]:
        if s == seat:
            tags.append(f'<span class="bubble belote" data-rp-belote="{attr(word)}">'
                        f'{escape(t("belote." + word))} {escape(words.short_card(card))}</span>')
    decl = ""
    declared = pos.declared[seat]
    if declared:
        counted = (view["counted"] or [[]] * players)[seat]
        items = []
        for d in declared:
            kind, state = d["kind"], ""
            if view["counted"] is not None:
                word = t("declare.counts" if d in counted else "declare.void")
                state = f' <span class="state">({escape(word)})</span>'
            items.append(f'<span class="rp-decl" data-rp-declared="{attr(kind)}">'
                         f'{words.declaration_html(d)}{state}</span>')
        decl = f'<div class="rp-decls">{"".join(items)}</div>'
    turn = " turn" if view["turn"] == seat and not pos.over else ""
    return (
        f'<div class="rp-seat rp-{AREA[where]}{turn}" data-rp-seat="{seat}">'
        f'<div class="nameplate"><span class="name">{escape(name)}</span>{"".join(tags[:1])}'
        f'</div>{"".join(tags[1:])}'
        f'<div class="rp-cards" role="group" style="--n:{max(n, 1)}"'
        f' aria-label="{attr(t("replay.cards", seat=name, n=n))}">{imgs}</div>'
        f'{decl}</div>')


def _center(pos: Position, ui) -> str:
    view = pos.view
    where = words.positions(view["players"])
    four = ui.settings.get("four_colour", False)
    parts = []
    turned, stock = view["turned"], view["stock_card"]
    if view["phase"] == "auction" and turned:
        parts.append(f'<figure class="turned"><img src="{words.card_src(turned, four)}"'
                     f' alt="{attr(words.labelled(t("card.turned"), card_label(turned)))}">'
                     f'<figcaption>{escape(t("card.turned"))}</figcaption></figure>')
    if stock and view["phase"] != "auction":
        parts.append(f'<figure class="stock"><img src="{words.card_src(stock, four)}"'
                     f' alt="{attr(words.labelled(t("card.stock"), card_label(stock)))}">'
                     f'<figcaption>{escape(t("card.stock"))}</figcaption></figure>')
    cards = "".join(
        f'<img class="tcard pos-{where[s]}{" winner" if s == pos.trick_winner else ""}"'
        f' src="{words.card_src(c, four)}" data-rp-trick-card="{c}" data-seat="{s}"'
        f' alt="{attr(words.labelled(_seat(s, pos), card_label(c)))}">' for s, c in pos.trick)
    parts.append(f'<div class="trick" role="group" aria-label="{attr(t("trick"))}">{cards}</div>')
    return f'<div class="rp-center">{"".join(parts)}</div>'


def _info(rp: Replay, pos: Position, opened: str) -> str:
    view = pos.view
    contract = view["contract"]
    lines = []
    if contract:
        lines.append(
            f'<p class="rp-contract"><span class="label">{escape(t("contract"))}</span> '
            f'<span data-rp-contract="{attr(contract["name"])}">'
            f'{words.contract_text(contract, view["rules"])}</span> '
            f'<span class="by">· {escape(_seat(contract["bidder"], pos))}</span></p>')
    lines.append(f'<p class="rp-dealer">'
                 f'{escape(words.labelled(t("dealer"), _seat(view["dealer"], pos)))}</p>')
    sides = "".join(
        f'<tr><th scope="row">{escape(words.side_name(s, view))}</th>'
        f'<td data-rp-tricks="{s}">{view["tricks_won"][s]}</td>'
        f'<td data-rp-points="{s}">{pos.card_points[s]}</td></tr>'
        for s in range(view["sides"]))
    lines.append(
        f'<table class="rp-sides"><thead><tr><th scope="col">'
        f'<span class="visually-hidden">{escape(t("replay.side"))}</span></th>'
        f'<th scope="col">{escape(t("score.tricks"))}</th>'
        f'<th scope="col">{escape(t("score.points"))}</th></tr></thead>'
        f'<tbody>{sides}</tbody></table>')
    meanings = said_meanings(view)  # each bid says what it shows
    bids = "".join(
        f'<li class="said" data-rp-said="{attr(w)}"><b>{escape(_seat(s, pos))}</b> '
        f'{said_button(view, i, f"{rp.key}:{i}", opened, meanings)}</li>'
        for i, (s, w) in enumerate(view["auction"]))
    lines.append(f'<h3>{escape(t("auction.history"))}</h3>'
                 + (f'<ol class="rp-auction">{bids}</ol>' if bids else
                    f'<p class="none">{escape(t("auction.none"))}</p>'))
    return f'<div class="rp-info">{"".join(lines)}</div>'


def _score(rp: Replay, pos: Position, opened: str) -> str:
    """The end of the hand: the table's own summary of it."""
    if not pos.over:
        return ""
    entry, view = rp.entry, pos.view
    out = view["out"]
    if view["contract"] is None:
        body = f'<p class="verdict">{escape(t("summary.thrown"))}</p>'
    elif out and not (entry and entry.get("out")):
        side = words.side_of(out["seat"], view)
        said = t("replay.out", side=words.side_subject(side, view),
                 points=t("count.points", n=pos.claim))
        body = f'<p class="verdict" data-out="claimed">{escape(said)}</p>'
    else:  # as the table shows it: this hand's row of the score sheet, if it is on one
        shown = view.copy()
        shown["sheet"], shown["totals"] = [entry] if entry else [], [0] * view["sides"]
        body = summary.summary(shown, False, opened, rp.key + ".list")
    title = t("replay.score") if not entry else t("summary.title", n=entry.get("hand", rp.number))
    return (f'<section class="rp-score" aria-labelledby="rp-score-title" data-rp-score>'
            f'<h3 id="rp-score-title">{escape(title)}</h3>{body}</section>')


def body(rp: Replay, step: int, ui) -> str:
    """The changing part of the viewer at ``step``."""
    pos = rp.state(step)
    players = pos.view["players"]
    seats = "".join(_seat_block(s, pos, ui) for s in range(players))
    return (f'<div class="rp-table" data-players="{players}">{seats}{_center(pos, ui)}</div>'
            f'<div class="rp-side">{_info(rp, pos, ui.meaning)}'
            f'{_score(rp, pos, ui.meaning)}</div>')


def title(rp: Replay) -> str:
    rules = t("rules." + rp.rules)
    if rp.number is not None:
        return t("replay.title", rules=rules, n=rp.number)
    return t("replay.title.imported", rules=rules)


def position_text(rp: Replay, step: int) -> str:
    return t("replay.position", step=step, steps=rp.last)


def controls(rp: Replay, step: int, playing: bool) -> str:
    def button(action: str, key: str, symbol: str, off: bool) -> str:
        return (f'<button type="button" data-action="{action}" aria-label="{attr(t(key))}"'
                f' title="{attr(t(key))}" aria-disabled="{str(off).lower()}">'
                f'<span aria-hidden="true">{symbol}</span></button>')

    first, last = step == 0, step == rp.last
    return (
        f'<div class="rp-controls" role="toolbar" aria-label="{attr(t("replay.controls"))}">'
        + button("replay-first", "replay.first", "▐◀", first)
        + button("replay-prev", "replay.prev", "◀", first)
        + (f'<button type="button" class="primary rp-play" data-action="replay-play"'
           f'><span aria-hidden="true" data-rp-play-icon>{"❚❚" if playing else "▶"}</span> '
           f'<span data-rp-play-text>{escape(t("replay.pause" if playing else "replay.play"))}'
           f'</span></button>')
        + button("replay-next", "replay.next", "▶", last)
        + button("replay-last", "replay.last", "▶▌", last)
        + f'<label class="rp-seek"><span class="visually-hidden">{escape(t("replay.step"))}'
        f'</span><input type="range" min="0" max="{rp.last}" value="{step}" step="1"'
        f' data-replay-seek></label>'
        f'<span class="rp-position" data-rp-position>{escape(position_text(rp, step))}</span>'
        '</div>')


def viewer(rp: Replay, step: int, ui, playing: bool = False) -> str:
    """The whole viewer at ``step`` (its frame, the controls, the hand at that step),
    ``playing`` or not."""
    step = rp.clamp(step)
    return (
        f'<div class="replay" role="dialog" aria-modal="true" aria-labelledby="replay-title"'
        f' data-replay-step="{step}" data-replay-steps="{rp.last}"'
        f' data-playing="{str(playing).lower()}">'
        f'<div class="rp-head"><h2 id="replay-title">{escape(title(rp))}</h2>'
        f'<p class="rp-keys">{escape(t("replay.keys"))}</p>'
        f'<button type="button" class="rp-review" data-action="replay-review"'
        f' aria-haspopup="dialog">{escape(t("action.review"))}</button>'
        f'<button type="button" class="close" data-action="replay-close"'
        f' aria-label="{attr(t("replay.close"))}">×</button></div>'
        f'<div class="rp-body" data-rp-body>{body(rp, step, ui)}</div>'
        f'<div class="rp-foot">{controls(rp, step, playing)}'
        f'<p class="rp-said" data-rp-live aria-live="polite">{escape(describe(rp.state(step)))}'
        f'</p></div></div>')
