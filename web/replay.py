"""The replay viewer's pure side: a recorded hand step by step, and its HTML.

:class:`Replay` holds one hand record. Step 0 is the deal; each later step adds one bid or one
card (and a Classic "I'm out" claim as the last step). The position after step ``k`` is what
the engine gives for the record cut there (``belote.record.replay`` with ``complete=False``):
no rule is decided here. :func:`viewer` draws one step with every hand face up, the bidding, the
contract, the trick on the table, tricks and points won, declarations and belote, and at the
end the hand's score. The browser side (controls, keys, autoplay) is in :mod:`web.records`.
"""

from __future__ import annotations

from belote import Hand, hand_record, replay
from belote.cards import CARD_NAMES, cards_of
from belote.record import summary as record_summary
from belote.view import SheetEntry, declaration_views

from . import render
from .html import attr, escape
from .i18n import card_label, t

# Where each seat sits in the viewer's grid (render.POSITIONS names, 3-player corners to sides).
AREA = {"bottom": "bottom", "top": "top", "left": "left", "right": "right",
        "top-left": "left", "top-right": "right"}


def contract_dict(contract) -> dict | None:
    """The contract as the table's view gives it (``Match.view``)."""
    if contract is None:
        return None
    return {"name": contract.name, "label": contract.label, "kind": contract.kind,
            "trump": contract.trump, "bidder": contract.bidder, "level": contract.level,
            "multiplier": contract.multiplier}


class Replay:
    """A hand record, step by step. RecordError (from the engine) if it does not replay."""

    def __init__(self, record: dict, number: int | None = None,
                 entry: SheetEntry | None = None):
        self.final = replay(record, complete=False)
        self.record = hand_record(self.final)   # normalised words, played cards up to any "out"
        self.number = number                    # hand number on the score sheet, if from one
        self.entry = entry                      # that score sheet row
        hand = self.final
        self.actions: list[tuple[str, int | None, str | None]] = [("deal", hand.dealer, None)]
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
        rec = dict(self.record)
        bids = len(self.final.auction.words)
        rec["auction"] = self.record["auction"][:step]
        rec["play"] = self.record["play"][:max(0, step - bids)]
        if step < self.last or not self.final.out:
            rec["out"] = None
        return rec

    def hand_at(self, step: int) -> Hand:
        step = self.clamp(step)
        if step not in self._hands:
            self._hands[step] = replay(self.prefix(step), complete=False)
        return self._hands[step]

    def state(self, step: int) -> dict:
        """Everything the viewer shows after ``step``, as plain data (a table-like view)."""
        step = self.clamp(step)
        hand = self.hand_at(step)
        kind, seat, word = self.actions[step]
        contract = contract_dict(hand.contract)
        closed = kind == "card" and not hand.trick and hand.tricks
        if closed:
            seats, cards, winner = hand.tricks[-1]
            trick = [[s, CARD_NAMES[c]] for s, c in zip(seats, cards)]
        else:
            winner = None
            trick = [[s, CARD_NAMES[c]] for s, c in zip(hand.trick_seats, hand.trick)]
        rules = hand.rules
        over = hand.over and step == self.last
        return {
            "step": step, "steps": self.last, "action": (kind, seat, word),
            "rules": rules.name, "players": hand.n, "seat": 0, "side": 0, "sides": rules.sides,
            "target": rules.target, "dealer": hand.dealer, "phase": hand.phase,
            "turn": hand.turn, "contract": contract,
            "hands": [[CARD_NAMES[c] for c in cards_of(h)] for h in hand.hands],
            "talons": [[CARD_NAMES[c] for c in cards_of(h)] for h in hand.talon],
            "turned": CARD_NAMES[hand.turned] if hand.turned is not None else None,
            "stock_card": CARD_NAMES[hand.stock_card] if hand.stock_card is not None else None,
            "auction": [[s, w] for s, w in hand.auction.history()],
            "trick": trick, "trick_winner": winner,
            "tricks": len(hand.tricks), "tricks_won": list(hand.trick_counts),
            "card_points": list(hand.points),
            "declared": [declaration_views(rules, ds) for ds in hand.declared],
            "counted": (None if hand.counted is None else
                        [declaration_views(rules, ds) for ds in hand.counted]),
            "declaration_verdicts": hand.verdicts,
            "belote": [[s, w, CARD_NAMES[c]] for s, w, c in hand.belote_log],
            "out": hand.out, "over": over, "unfinished": step == self.last and not hand.over,
            "score": record_summary(hand) if over and hand.score is not None else None,
            "hand_score": hand.score.to_dict() if over and hand.score is not None else None,
            "claim": (hand.claim_points(rules.side(hand.out["seat"]))
                      if over and hand.out else None),
            "thrown_in": over and hand.thrown_in,
        }


# --- HTML ---------------------------------------------------------------------------------------

def _seat(seat: int, st: dict) -> str:
    return render.seat_name(seat, st["players"])


def describe(st: dict) -> str:
    """The last step in words (the viewer's live line)."""
    kind, seat, word = st["action"]
    if kind == "deal":
        text = t("replay.deal", seat=_seat(seat, st))
    elif kind == "bid":
        text = t("replay.bid", seat=_seat(seat, st), bid=render.bid_text(word, st))
    elif kind == "card":
        text = t("replay.card", seat=_seat(seat, st), card=card_label(word))
        if st["trick_winner"] is not None:
            text += " " + render.trick_won(st["trick_winner"], st["players"])
    else:
        text = t("out.claimed", seat=_seat(seat, st))
    if st["unfinished"]:
        text += " " + t("replay.unfinished")
    elif st["over"]:
        text += " " + t("replay.end")
    return text


def _seat_block(seat: int, st: dict, ui) -> str:
    players = st["players"]
    pos = render.positions(players)[seat]
    four = ui.settings.get("four_colour", False)
    name = _seat(seat, st)
    cards = render.sorted_hand(st["hands"][seat], st["contract"])
    imgs = "".join(
        f'<img class="rp-card" src="{render.card_src(c, four)}" data-rp-card="{c}"'
        f' data-seat="{seat}" alt="{attr(card_label(c))}">' for c in cards)
    imgs += "".join(
        f'<img class="rp-card rp-talon" src="{render.card_src(c, four)}" data-rp-card="{c}"'
        f' data-seat="{seat}" alt="{attr(t("replay.talon", card=card_label(c)))}">'
        for c in render.sorted_hand(st["talons"][seat], st["contract"]))
    n = len(cards) + len(st["talons"][seat])
    tags = []
    if st["dealer"] == seat:
        tags.append(f'<span class="dealer-chip" title="{attr(t("dealer"))}"'
                    f' aria-label="{attr(t("dealer"))}" role="img">'
                    f'{escape(t("dealer.short"))}</span>')
    said = [w for s, w in st["auction"] if s == seat]
    if st["phase"] == "auction" and said:
        tags.append(f'<span class="bubble bid">{render.bid_label(said[-1], st)}</span>')
    for s, word, card in st["belote"]:
        if s == seat:
            tags.append(f'<span class="bubble belote" data-rp-belote="{attr(word)}">'
                        f'{escape(t("belote." + word))} {escape(render.short_card(card))}</span>')
    decl = ""
    declared = st["declared"][seat]
    if declared:
        counted = (st["counted"] or [[]] * players)[seat]
        items = []
        for d in declared:
            kind, state = d["kind"], ""
            if st["counted"] is not None:
                word = t("declare.counts" if d in counted else "declare.void")
                state = f' <span class="state">({escape(word)})</span>'
            items.append(f'<span class="rp-decl" data-rp-declared="{attr(kind)}">'
                         f'{render.declaration_html(d)}{state}</span>')
        decl = f'<div class="rp-decls">{"".join(items)}</div>'
    turn = " turn" if st["turn"] == seat and not st["over"] else ""
    return (
        f'<div class="rp-seat rp-{AREA[pos]}{turn}" data-rp-seat="{seat}">'
        f'<div class="nameplate"><span class="name">{escape(name)}</span>{"".join(tags[:1])}'
        f'</div>{"".join(tags[1:])}'
        f'<div class="rp-cards" role="group" style="--n:{max(n, 1)}"'
        f' aria-label="{attr(t("replay.cards", seat=name, n=n))}">{imgs}</div>'
        f'{decl}</div>')


def _center(st: dict, ui) -> str:
    players = st["players"]
    pos = render.positions(players)
    four = ui.settings.get("four_colour", False)
    parts = []
    if st["phase"] == "auction" and st["turned"]:
        c = st["turned"]
        parts.append(f'<figure class="turned"><img src="{render.card_src(c, four)}"'
                     f' alt="{attr(t("card.turned") + ": " + card_label(c))}">'
                     f'<figcaption>{escape(t("card.turned"))}</figcaption></figure>')
    if st["stock_card"] and st["phase"] != "auction":
        c = st["stock_card"]
        parts.append(f'<figure class="stock"><img src="{render.card_src(c, four)}"'
                     f' alt="{attr(t("card.stock") + ": " + card_label(c))}">'
                     f'<figcaption>{escape(t("card.stock"))}</figcaption></figure>')
    cards = "".join(
        f'<img class="tcard pos-{pos[s]}{" winner" if s == st["trick_winner"] else ""}"'
        f' src="{render.card_src(c, four)}" data-rp-trick-card="{c}" data-seat="{s}"'
        f' alt="{attr(_seat(s, st) + ": " + card_label(c))}">' for s, c in st["trick"])
    parts.append(f'<div class="trick" role="group" aria-label="{attr(t("trick"))}">{cards}</div>')
    return f'<div class="rp-center">{"".join(parts)}</div>'


def _info(rp: Replay, st: dict) -> str:
    rules = st["rules"]
    contract = st["contract"]
    lines = []
    if contract:
        lines.append(
            f'<p class="rp-contract"><span class="label">{escape(t("contract"))}</span> '
            f'<span data-rp-contract="{attr(contract["name"])}">'
            f'{render.contract_text(contract, rules)}</span> '
            f'<span class="by">· {escape(_seat(contract["bidder"], st))}</span></p>')
    lines.append(f'<p class="rp-dealer">{escape(t("dealer"))}: '
                 f'{escape(_seat(st["dealer"], st))}</p>')
    sides = "".join(
        f'<tr><th scope="row">{escape(render.side_name(s, st))}</th>'
        f'<td data-rp-tricks="{s}">{st["tricks_won"][s]}</td>'
        f'<td data-rp-points="{s}">{st["card_points"][s]}</td></tr>'
        for s in range(st["sides"]))
    lines.append(
        f'<table class="rp-sides"><thead><tr><th scope="col">'
        f'<span class="visually-hidden">{escape(t("replay.side"))}</span></th>'
        f'<th scope="col">{escape(t("score.tricks"))}</th>'
        f'<th scope="col">{escape(t("score.points"))}</th></tr></thead>'
        f'<tbody>{sides}</tbody></table>')
    bids = "".join(
        f'<li data-rp-said="{attr(w)}"><b>{escape(_seat(s, st))}</b> '
        f'{render.bid_label(w, st)}</li>' for s, w in st["auction"])
    lines.append(f'<h3>{escape(t("auction.history"))}</h3>'
                 + (f'<ol class="rp-auction">{bids}</ol>' if bids else
                    f'<p class="none">{escape(t("auction.none"))}</p>'))
    return f'<div class="rp-info">{"".join(lines)}</div>'


def _score(rp: Replay, st: dict) -> str:
    """The end of the hand: the table's own summary of it."""
    if not st["over"]:
        return ""
    entry = rp.entry
    if st["thrown_in"]:
        body = f'<p class="verdict">{escape(t("summary.thrown"))}</p>'
    elif st["out"] and not (entry and entry.get("out")):
        side = render.side_of(st["out"]["seat"], st)
        said = t("replay.out", side=render.side_subject(side, st),
                 points=t("count.points", n=st["claim"]))
        body = f'<p class="verdict" data-out="claimed">{escape(said)}</p>'
    else:
        view = dict(st, sheet=[entry] if entry else [], totals=[0] * st["sides"])
        body = render.summary(view, totals=False)
    title = t("replay.score") if not entry else t("summary.title", n=entry.get("hand", rp.number))
    return (f'<section class="rp-score" aria-labelledby="rp-score-title" data-rp-score>'
            f'<h3 id="rp-score-title">{escape(title)}</h3>{body}</section>')


def body(rp: Replay, step: int, ui) -> str:
    """The changing part of the viewer at ``step``."""
    st = rp.state(step)
    seats = "".join(_seat_block(s, st, ui) for s in range(st["players"]))
    return (f'<div class="rp-table" data-players="{st["players"]}">{seats}{_center(st, ui)}</div>'
            f'<div class="rp-side">{_info(rp, st)}{_score(rp, st)}</div>')


def title(rp: Replay) -> str:
    rules = t("rules." + rp.rules)
    if rp.number is not None:
        return t("replay.title", rules=rules, n=rp.number)
    return t("replay.title.imported", rules=rules)


def position_text(rp: Replay, step: int) -> str:
    return t("replay.position", step=step, steps=rp.last)


def controls(rp: Replay) -> str:
    def button(action: str, key: str, symbol: str) -> str:
        return (f'<button type="button" data-action="{action}" aria-label="{attr(t(key))}"'
                f' title="{attr(t(key))}"><span aria-hidden="true">{symbol}</span></button>')

    return (
        f'<div class="rp-controls" role="toolbar" aria-label="{attr(t("replay.controls"))}">'
        + button("replay-first", "replay.first", "▐◀")
        + button("replay-prev", "replay.prev", "◀")
        + (f'<button type="button" class="primary rp-play" data-action="replay-play"'
           f'><span aria-hidden="true" data-rp-play-icon>▶</span> '
           f'<span data-rp-play-text>{escape(t("replay.play"))}</span></button>')
        + button("replay-next", "replay.next", "▶")
        + button("replay-last", "replay.last", "▶▌")
        + f'<label class="rp-seek"><span class="visually-hidden">{escape(t("replay.step"))}'
        f'</span><input type="range" min="0" max="{rp.last}" value="0" step="1"'
        f' data-replay-seek></label>'
        f'<span class="rp-position" data-rp-position>{escape(position_text(rp, 0))}</span>'
        '</div>')


def viewer(rp: Replay, step: int, ui) -> str:
    """The whole viewer (its frame, the controls and the body at ``step``)."""
    step = rp.clamp(step)
    return (
        f'<div class="replay" role="dialog" aria-modal="true" aria-labelledby="replay-title"'
        f' data-replay-step="{step}" data-replay-steps="{rp.last}" data-playing="false">'
        f'<div class="rp-head"><h2 id="replay-title">{escape(title(rp))}</h2>'
        f'<p class="rp-keys">{escape(t("replay.keys"))}</p>'
        f'<button type="button" class="rp-review" data-action="replay-review"'
        f' aria-haspopup="dialog">{escape(t("action.review"))}</button>'
        f'<button type="button" class="close" data-action="replay-close"'
        f' aria-label="{attr(t("replay.close"))}">×</button></div>'
        f'<div class="rp-body" data-rp-body>{body(rp, step, ui)}</div>'
        f'<div class="rp-foot">{controls(rp)}'
        f'<p class="rp-said" data-rp-live aria-live="polite">{escape(describe(rp.state(step)))}'
        f'</p></div></div>')
