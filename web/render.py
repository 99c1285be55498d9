"""The table as HTML strings, one per region of the page, from the engine's view and the UI state.

Pure functions (no browser): ``regions(view, ui)`` returns ``{region name: html}``; the
controller (:mod:`web.controller`) asks for them, and the page (:mod:`web.table`) assigns each
string to ``[data-region=name]`` when it changed.
Nothing here decides a rule: what is legal, who won, what scored, why declarations count, all
come from the view (and the rule set's data in :data:`belote.rules.RULE_SETS`).

Seats go counter-clockwise from the human at seat 0 (bottom): with four players seat 1 is on the
right, 2 opposite (the partner), 3 on the left; with three, seats 1 and 2 sit top right and top
left; with two, seat 1 is opposite.

Steadiness: the felt keeps its size whatever appears on it. The bidding box, the declarations
and "I'm out!" lie over the felt's lower edge, the notices over its top; a bubble pops in once
(``Ui.popped``), and the hand's cards are dealt in once (``Ui.deal_batch``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from html import unescape
from typing import TypedDict

from belote.cards import parse_hand
from belote.guides import GUIDES
from belote.rules import RULE_SETS, rules_of
from belote.view import ContractView, DeclarationView, SheetEntry, View

from .html import attr, escape
from .i18n import (
    LANGUAGES,
    SUIT_LETTERS,
    card_label,
    contract_words,
    current_language,
    double_name,
    t,
)
from .puzzles import Session
from .settings_panel import panel as settings_panel
from .settings_panel import stats_table as settings_stats_table
from .transfer import replay_button, sheet_actions

SUITS = ("clubs", "diamonds", "hearts", "spades")
SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
RED = {"diamonds", "hearts"}
COINCHE_LEVELS = ("80", "90", "100", "110", "120", "130", "140", "150", "160", "capot")
LEVELS = ("easy", "normal", "expert")
POSITIONS = {
    4: ("bottom", "right", "top", "left"),
    3: ("bottom", "top-right", "top-left"),
    2: ("bottom", "top"),
}
# Display order in the hand: colours alternate; within a suit, strongest first.
HAND_SUITS = ("S", "H", "C", "D")
PLAIN_RANKS = "AT KQJ987".replace(" ", "")
TRUMP_RANKS = "J9ATKQ87"
CARD_DIR = "./web/cards/"

Text = str | Callable[[], str]


class Said(TypedDict):
    """What a bid's words depend on: the rule set and the turned card (a :class:`View` is
    one)."""

    rules: str
    turned: str | None


def text_of(text: Text) -> str:
    """A message kept as a function of the language is said in the language of now."""
    return text() if callable(text) else text


@dataclass
class Ui:
    """What the table shows beyond the engine's view."""

    fast: bool = False
    settings: dict = field(default_factory=dict)
    stats: dict = field(default_factory=dict)
    overlay: str | None = None          # "sheet" | "last-trick" | "stats" | "hand" | ...
    message: Text = ""                  # an explanation (a refused card, a hint), until next move
    message_kind: str = "info"          # "info" | "illegal" | "hint"
    notice: Text = ""                   # a lasting banner (set-aside save, other tab)
    notice_kind: str = ""               # data-notice value: "broken-save", "other-tab", ...
    notice_folded: bool = False         # dismissed, but its state lasts (render.NOTICE_FOLDS)
    unticked: set = field(default_factory=set)  # declarations the human unticked
    shown_trick: dict | None = None     # a finished trick still on the table: cards, winner
    gathering: bool = False             # the shown trick is flying to its winner
    seen: set = field(default_factory=set)  # trick cards already drawn (no entry animation)
    hint: str | None = None             # the hinted action, highlighted
    passive: bool = False               # another tab changed the game: read-only until resumed
    busy: bool = False                  # a bot is thinking
    reasons: dict = field(default_factory=dict)  # card -> why it may not be played now
    help: tuple | None = None           # (language, rules, html) fetched for the rules panel
    bid_level: str | None = None        # Coinche: the level chosen in the bidding box
    popped: set = field(default_factory=set)  # bubbles drawn already (they pop in once)
    deal_batch: set = field(default_factory=set)  # cards being dealt in now (animated)
    practice: bool = False              # a deal practised (Controller.start_practice), unsaved
    takers: dict = field(default_factory=dict)  # hand number -> the seat that took (web.transfer)
    puzzles: Session | None = None      # "Learn from your mistakes" (web.puzzles)
    verdict: Text = ""                  # the verdict on the puzzle's last pick
    why: Text = ""                      # the review's reason for the puzzle's grade
    why_open: bool = False              # the reason shown ("Why?" pressed)
    guide_point: str = ""               # a guided hand: the part of the table its step shows
    guide_next: bool = False            # the guide's step waits for "Next"
    guide_over: list | None = None      # the guided hand's score, line by line, at its end
    guide_offer: str = ""               # the rule set whose guide the notice offers ("": any)
    takeback: bool = False              # moves may be taken back here (the button shows)
    can_take_back: bool = False         # ... and there is one to take back now


# --- small helpers -----------------------------------------------------------------------
def positions(players: int) -> tuple[str, ...]:
    return POSITIONS[players]


def labelled(label: str, text: str) -> str:
    """``Dealer: You``, in the language's typography (French: ``Donneur : Vous``); with
    ``text`` empty, the label and its colon."""
    return t("text.labelled", label=label, text=text).strip()


def seat_name(seat: int, players: int) -> str:
    if seat == 0:
        return t("seat.you")
    if players == 4:
        return t(("seat.right", "seat.partner", "seat.left")[seat - 1])
    if players == 3:
        return t(("seat.right", "seat.left")[seat - 1])
    return t("seat.opponent")


def side_name(side: int, view: View) -> str:
    if view["players"] == 4:
        return t("team.us") if side == 0 else t("team.them")
    return seat_name(side, view["players"])


def trick_won(seat: int, players: int) -> str:
    return t("trick.won.you") if seat == 0 else t("trick.won", seat=seat_name(seat, players))


def side_subject(side: int, view: View) -> str:
    """A side as the subject of a sentence: ``We`` / ``They`` / ``Right``."""
    if view["players"] == 4:
        return t("team.we") if side == 0 else t("team.they")
    return seat_name(side, view["players"])


def side_of(seat: int, view: View) -> int:
    """The side (team, or player alone) of ``seat``, as the view's rule set says."""
    return rules_of(view).side(seat)


def card_src(card: str, four_colour: bool = False) -> str:
    return f"{CARD_DIR}{'four/' if four_colour else ''}{card}.svg"


def back_src() -> str:
    return CARD_DIR + "back.svg"


def suit_of(card: str) -> str:
    return SUIT_LETTERS[card[1]]


def rank_index(card: str) -> str:
    """The rank as the cards print it: ``TH`` -> ``10``, ``JH`` -> ``J``."""
    return "10" if card[0] == "T" else card[0]


def short_card(card: str) -> str:
    """``TH`` -> ``10♥`` (compact text for lists)."""
    return rank_index(card) + SYMBOLS[suit_of(card)]


def suit_html(suit: str, spoken: bool = False) -> str:
    """The suit's symbol in its colour; ``spoken``: with its name for screen readers."""
    cls = "red" if suit in RED else "black"
    name = f'<span class="visually-hidden">{escape(t("suit." + suit))}</span>' if spoken else ""
    return f'<span class="suit {cls}" aria-hidden="true">{SYMBOLS[suit]}</span>{name}'


def contract_text(contract: ContractView | None, rules: str, short: bool = False) -> str:
    """``90 ♥ coinched ×2``, ``All trumps doubled ×2``; ``short``: ``90 ♥ ×2``."""
    if not contract:
        return t("contract.none")
    name = contract["name"]
    parts = name.split()
    if contract["kind"] == "suit":
        suit = parts[-1]
        level = parts[0] if len(parts) == 2 else ""
        if level == "capot":
            level = t("bid.capot")
        text = (f"{escape(level)} " if level else "") + suit_html(suit, spoken=True) + (
            f' <span class="word">{escape(t("Suit." + suit))}</span>' if not level else "")
    else:
        text = escape(t("bid." + contract["kind"]))
    mult = contract.get("multiplier", 1)
    if mult > 1:
        key = double_name("double" if mult == 2 else "redouble", rules) + "d"
        word = escape(t("contract." + key))
        text += (f' <span class="mult" title="{attr(t("contract." + key))}">×{mult}'
                 f'<span class="visually-hidden"> {word}</span></span>' if short else
                 f' <span class="mult">{word} ×{mult}</span>')
    return text.strip()


def contract_html(words: str, rules: str) -> str:
    """A score-sheet contract (the engine's words: ``90 hearts coinched``) with its suit
    symbol: ``90 ♥ coinched``."""
    if not words or words == "thrown in":
        return escape(contract_words(words, rules))
    out = []
    for word in words.split():
        if word in SYMBOLS:
            out.append(suit_html(word, spoken=True))
        else:
            out.append(escape(contract_words(word, rules)))
    return " ".join(out)


def bid_label(bid: str, view: Said) -> str:
    """Text (HTML) of a bid word, as a button or in the auction history."""
    rules = view["rules"]
    if bid in SUITS:
        return suit_html(bid) + f' <span class="word">{escape(t("Suit." + bid))}</span>'
    if bid == "take":
        turned = view.get("turned")
        suit = suit_of(turned) if turned else None
        return escape(t("bid.take", suit="")).strip() + (" " + suit_html(suit) if suit else "")
    if bid in ("double", "redouble"):
        return escape(t("bid." + double_name(bid, rules)))
    if " " in bid:  # coinche: "90 hearts", "capot spades"
        level, suit = bid.split()
        return escape(t("bid.capot") if level == "capot" else level) + " " + suit_html(suit)
    return escape(t("bid." + bid))


def bid_text(bid: str, view: Said) -> str:
    """A bid in plain words (for labels and messages): ``90 hearts``, ``Take spades``."""
    turned = view.get("turned")
    if bid == "take" and turned:
        return t("bid.take", suit=t("suit." + suit_of(turned)))
    if " " in bid:
        level, suit = bid.split()
        return f'{t("bid.capot") if level == "capot" else level} {t("suit." + suit)}'
    return re.sub(r"<[^>]+>", "", bid_label(bid, view)).replace("\u2663", "").replace(
        "\u2666", "").replace("\u2665", "").replace("\u2660", "").strip()


def declaration_html(d: DeclarationView) -> str:
    """A declaration as shown: ``Tierce ♥ 9-10-J · 20``, ``Four nines · 150``."""
    kind, cards = d["kind"], d["cards"].split()
    points = d.get("points", 0)
    tail = f" · {points}" if points else f' · {escape(t("declare.outright"))}'
    if kind == "carre":
        return escape(t("declare.carre." + cards[0][0])) + tail
    ranks = "-".join(rank_index(c) for c in cards)
    return (f'{escape(t("declare." + kind))} {suit_html(suit_of(cards[0]), spoken=True)}'
            f' {ranks}{tail}')


def sorted_hand(cards: list[str], contract: ContractView | None) -> list[str]:
    trump = None
    all_trumps = False
    if contract:
        if contract["kind"] == "suit" and contract["trump"] is not None:
            trump = SUITS[contract["trump"]]
        all_trumps = contract["kind"] == "all-trumps"
    suits = list(HAND_SUITS)
    if trump:  # trumps first, colours still alternating where possible
        letter = trump[0].upper()
        i = suits.index(letter)
        suits = suits[i:] + suits[:i]

    def key(card: str):
        order = TRUMP_RANKS if all_trumps or (trump and suit_of(card) == trump) else PLAIN_RANKS
        return suits.index(card[1]), order.index(card[0])

    return sorted(cards, key=key)


def auction_table(view: View) -> str:
    """The whole auction, seat by seat: one column per seat from the first to bid, one row
    per round."""
    players, auction = view["players"], view["auction"]
    if not auction:
        return f'<p class="none">{escape(t("auction.none"))}</p>'
    first = (view["dealer"] + 1) % players
    order = [(first + i) % players for i in range(players)]
    rows: list[list[str]] = []
    last = players
    for seat, word in auction:
        col = order.index(seat)
        if col <= last:
            rows.append([""] * players)
        rows[-1][col] = (f'<span class="said" data-said-seat="{seat}" data-said="{attr(word)}">'
                         f'{bid_label(word, view)}</span>')
        last = col
    heads = "".join(f'<th scope="col">{escape(seat_name(s, players))}</th>' for s in order)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>"
                   for row in rows)
    return (f'<table class="auction" data-auction><thead><tr>{heads}</tr></thead>'
            f'<tbody>{body}</tbody></table>')


# --- regions ---------------------------------------------------------------------------
def regions(view: View, ui: Ui) -> dict[str, str]:
    return {
        "bar": bar(view, ui),
        "score": scoreboard(view, ui),
        "seats": seats(view, ui),
        "center": center(view, ui),
        "contract": contract_marker(view, ui),
        "bids": bids(view, ui),
        "declare": declare(view, ui),
        "hand": hand(view, ui),
        "overlay": overlay(view, ui),
        "message": message(view, ui),
        "notice": notice(ui),
    }


def human_turn(view: View) -> bool:
    return view["turn"] == view["seat"] and view["phase"] in ("auction", "play")


def bar(view: View, ui: Ui) -> str:
    new_game = ("" if view["phase"] == "match-over" else
                f'<button type="button" class="primary" data-action="new-game">'
                f'{escape(t("action.new-game"))}</button>')
    can_hint = human_turn(view) and not ui.passive and ui.puzzles is None  # no answer given
    has_last = bool(view.get("last_trick"))
    return (
        f'<span class="brand">{escape(t("app.title"))}</span>'
        f'<div class="settings">'
        f'<label>{escape(t("setting.language"))}'
        f'<select data-setting="language">{_language_options()}</select></label>'
        f'{new_game}'
        f'<button type="button" data-action="settings" aria-label="{attr(t("action.settings"))}"'
        f' aria-pressed="{str(ui.overlay == "settings").lower()}">'
        f'{_long_short("action.settings")}</button></div>'
        f'<div class="tools"><span class="break"></span>'
        f'<button type="button" data-action="hint"{"" if can_hint else " disabled"}>'
        f'{escape(t("action.hint"))}</button>'
        + takeback_button(ui) +
        f'<button type="button" data-action="last-trick"{"" if has_last else " disabled"}'
        f' aria-pressed="{str(ui.overlay == "last-trick").lower()}">'
        f'{_long_short("action.last-trick")}</button>'
        f'<button type="button" data-action="sheet"'
        f' aria-pressed="{str(ui.overlay == "sheet").lower()}">'
        f'{_long_short("action.sheet")}</button>'
        f'<button type="button" data-action="stats"'
        f' aria-pressed="{str(ui.overlay == "stats").lower()}">'
        f'{_long_short("action.stats")}</button>'
        f'<button type="button" data-action="help"'
        f' aria-pressed="{str(ui.overlay == "help").lower()}">'
        f'{_long_short("action.help")}</button>'
        f'</div>'
    )


def takeback_button(ui: Ui) -> str:
    """Take back (key U), where moves may be taken back: disabled when there is none."""
    if not ui.takeback:
        return ""
    able = ui.can_take_back and not ui.passive
    return (f'<button type="button" data-action="take-back" aria-keyshortcuts="U"'
            f' title="{attr(t("takeback.key"))}"{"" if able else " disabled"}>'
            f'{_long_short("action.takeback")}</button>')


def _language_options() -> str:
    """Each language in its own words (whatever the page's language)."""
    now = current_language()
    return "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == now else ""}>'
        f'{escape(name)}</option>' for code, name in LANGUAGES.items())


def _long_short(key: str) -> str:
    """A label with a shorter form for narrow screens (CSS shows one of the two)."""
    return (f'<span class="long">{escape(t(key))}</span>'
            f'<span class="short" aria-hidden="true">{escape(t(key + ".short"))}</span>')


def scoreboard(view: View, ui: Ui) -> str:
    """The match totals, tricks (and card points where shown), hanging points, hand number:
    the same lines in every phase, so that it never changes height."""
    players = view["players"]
    attr_name = "data-score-team" if players == 4 else "data-score-player"
    rows = []
    for side in range(view["sides"]):
        mine = side == view["side"]
        out = side in (view.get("losers") or [])
        tricks = view["tricks_won"][side]
        card_points = view["card_points"]
        points = card_points[side] if card_points is not None else None
        detail = ""
        if view["phase"] in ("play", "hand-over"):
            detail = escape(t("count.tricks", n=tricks))
            if points is not None:
                detail += f' · {escape(t("count.points", n=points))}'
        rows.append(
            f'<div class="side-row{" mine" if mine else ""}{" out" if out else ""}">'
            f'<span class="side-name">{escape(side_name(side, view))}</span>'
            f'<span class="side-detail">{detail}</span>'
            f'<span class="total" {attr_name}="{side}">{view["totals"][side]}</span></div>')
    hanging = view.get("hanging") or 0
    hanging_html = (f' · <span class="hanging" data-hanging="{hanging}">'
                    f'{escape(t("score.hanging", points=hanging))}</span>' if hanging else "")
    return (
        f'<div class="rules-title">{escape(t("rules." + view["rules"]))} '
        f'<span class="target">{escape(t("rules.to", target=view["target"]))}</span></div>'
        f'<div class="sides">{"".join(rows)}</div>'
        f'<div class="hand-line">{escape(t("score.hand", n=view["hand_number"]))} · '
        f'{escape(labelled(t("dealer"), seat_name(view["dealer"], players)))}'
        f'{hanging_html}</div>'
    )


def bubble_keys(view: View) -> set[str]:
    """The bubbles on the table now (what :func:`_bubble` draws), by key."""
    keys = set()
    n = view["hand_number"]
    if view["phase"] == "auction":
        last: dict[int, int] = {}
        for i, (seat, _) in enumerate(view["auction"]):
            last[seat] = i
        keys |= {f"{n}:bid:{i}" for i in last.values()}
    for _, word, card in view.get("belote") or []:
        keys.add(f"{n}:{word}:{card}")
    return keys


def animated(ui: Ui) -> bool:
    """Whether the table animates: not with ?fast=1, nor at the "instant" speed (CSS also
    stops every animation then, and with reduced motion)."""
    return not ui.fast and ui.settings.get("speed") != "instant"


def _pop(key: str, ui: Ui) -> str:
    """The class of a bubble that appears now (it pops in once, not at every redraw)."""
    return " fresh" if animated(ui) and key not in ui.popped else ""


def _bubble(view: View, seat: int, ui: Ui) -> str:
    """What a seat says now: its last bid in the auction, belote while that card is on the
    table."""
    phase, n = view["phase"], view["hand_number"]
    if phase == "auction":
        said = [(i, w) for i, (s, w) in enumerate(view["auction"]) if s == seat]
        if said:
            i, word = said[-1]
            return (f'<span class="bubble bid{_pop(f"{n}:bid:{i}", ui)}"'
                    f' data-said-seat="{seat}" data-said="{attr(word)}"'
                    f' data-bubble="{n}:bid:{i}">{bid_label(word, view)}</span>')
        return ""
    trick_cards = {c for _, c in (ui.shown_trick["cards"] if ui.shown_trick else view["trick"])}
    for s, word, card in view.get("belote") or []:
        if s == seat and card in trick_cards:
            key = f"{n}:{word}:{card}"
            return (f'<span class="bubble belote{_pop(key, ui)}" data-belote="{attr(word)}"'
                    f' data-bubble="{key}">{escape(t("belote." + word))}</span>')
    return ""


def _declarations(view: View, seat: int) -> str:
    """A seat's declarations, from its first card to the end of the hand: the kinds announced
    while the first trick is played, then each with its cards and points, and whether it
    counts."""
    if view["phase"] != "play":
        return ""
    declared = view["declared"][seat]
    counted = view.get("counted")
    items = []
    if declared:
        for d in declared:
            state, note = "", ""
            if counted is not None:
                ok = d in counted[seat]
                state = " counts" if ok else " void"
                note = (f'<span class="visually-hidden"> ('
                        f'{escape(t("declare.counts" if ok else "declare.void"))})</span>')
            items.append(f'<li class="decl-chip{state}" data-declared="{attr(d["kind"])}">'
                         f'{declaration_html(d)}{note}</li>')
    else:
        items = [f'<li class="decl-chip" data-announced="{attr(k)}">'
                 f'{escape(t("declare." + k))}</li>'
                 for k in (view.get("announced") or [[]] * view["players"])[seat]]
    if not items:
        return ""
    return (f'<ul class="decls" aria-label="{attr(t("declare.list"))}">{"".join(items)}'
            f'</ul>')


def seats(view: View, ui: Ui) -> str:
    players = view["players"]
    pos = positions(players)
    out = []
    for seat in range(players):
        turn = view["turn"] == seat
        dealer = view["dealer"] == seat
        count = view["hand_sizes"][seat]
        backs = ""
        if seat != view["seat"]:  # kept (empty) after the hand: the seats stay in place
            shown = count if view["phase"] in ("auction", "play") else 0
            backs = '<div class="backs" aria-hidden="true">' + "".join(
                f'<img src="{back_src()}" alt="">' for _ in range(shown)) + "</div>"
        out_mark = " out" if side_of(seat, view) in (view.get("losers") or []) else ""
        label = seat_name(seat, players)
        info = [label]
        if dealer:
            info.append(t("dealer"))
        if seat != view["seat"]:
            info.append(t("cards.count", n=count))
        out.append(
            f'<div class="seat pos-{pos[seat]}{" turn" if turn else ""}{out_mark}"'
            f' data-seat-panel="{seat}" role="group" aria-label="{attr(", ".join(info))}">'
            f'<div class="nameplate"><span class="name">{escape(label)}</span>'
            + (f'<span class="dealer-chip" title="{attr(t("dealer"))}">'
               f'{escape(t("dealer.short"))}</span>' if dealer else "")
            + "</div>"
            + backs + _bubble(view, seat, ui) + _declarations(view, seat) + "</div>")
    return "".join(out)


def center(view: View, ui: Ui) -> str:
    players = view["players"]
    pos = positions(players)
    four = ui.settings.get("four_colour", False)
    parts = []
    turned, stock = view["turned"], view["stock_card"]
    if view["phase"] == "auction" and turned:
        c = turned
        parts.append(
            f'<figure class="turned"><img src="{card_src(c, four)}" data-turned="{c}"'
            f' alt="{attr(labelled(t("card.turned"), card_label(c)))}">'
            f'<figcaption>{escape(t("card.turned"))}</figcaption></figure>')
    if stock and view["phase"] in ("play", "hand-over"):
        c = stock
        parts.append(
            f'<figure class="stock"><img src="{card_src(c, four)}" data-stock="{c}"'
            f' alt="{attr(labelled(t("card.stock"), card_label(c)))}">'
            f'<figcaption>{escape(t("card.stock"))}</figcaption></figure>')
    shown = ui.shown_trick
    trick = shown["cards"] if shown else view["trick"]
    winner = shown["winner"] if shown else None
    cls = "trick"
    if shown and winner is not None and ui.gathering:
        cls += f" gather gather-{pos[winner]}"
    cards = []
    for seat, card in trick:
        enter = "" if not animated(ui) or card in ui.seen else f" enter from-{pos[seat]}"
        win = " winner" if winner == seat else ""
        cards.append(
            f'<img class="tcard pos-{pos[seat]}{enter}{win}" src="{card_src(card, four)}"'
            f' data-trick-card="{card}" data-seat="{seat}"'
            f' alt="{attr(labelled(seat_name(seat, players), card_label(card)))}">')
    parts.append(f'<div class="{cls}" data-trick role="group" aria-label="{attr(t("trick"))}">'
                 + "".join(cards) + "</div>")
    return "".join(parts)


def contract_marker(view: View, ui: Ui) -> str:
    """The contract on the felt, from the end of the auction to the end of the hand: what
    was bid, any double, who took it; a button that opens the whole auction and the
    declarations (``data-action="hand-info"``, key B)."""
    contract = view.get("contract")
    if not contract or view["phase"] not in ("play", "hand-over"):
        return ""
    players, rules = view["players"], view["rules"]
    who = seat_name(contract["bidder"], players)
    return (f'<button type="button" class="contract-marker" data-action="hand-info"'
            f' data-contract="{attr(contract["name"])}"'
            f' data-multiplier="{contract.get("multiplier", 1)}"'
            f' data-bidder="{contract["bidder"]}" title="{attr(t("contract.marker.help"))}"'
            f' aria-pressed="{str(ui.overlay == "hand").lower()}" aria-keyshortcuts="B">'
            f'<span class="visually-hidden">{escape(labelled(t("contract"), ""))} </span>'
            f'<span class="c-what">{contract_text(contract, rules, short=True)}</span>'
            f'<span class="visually-hidden">, </span>'
            f'<span class="c-who">{escape(who)}</span></button>')


def bids(view: View, ui: Ui) -> str:
    """The bidding box: every bid of the rule set's system, only the legal ones enabled.
    Coinche: one row of levels (the chosen one pressed), its four suits, then pass and the
    doubles: every legal bid two taps away, nothing to scroll."""
    if view["phase"] != "auction" or view["turn"] != view["seat"] or ui.passive:
        return ""
    legal = set(view["legal"])
    rules = view["rules"]

    def button(bid: str, cls: str = "", text: str | None = None) -> str:
        enabled = bid in legal
        hinted = " hinted" if ui.hint == bid else ""
        label = f' aria-label="{attr(bid_text(bid, view))}"' if text is not None else ""
        return (f'<button type="button" class="bid{(" " + cls) if cls else ""}{hinted}"'
                f' data-bid="{attr(bid)}"{label}{"" if enabled else " disabled"}>'
                f'{bid_label(bid, view) if text is None else text}</button>')

    layout = RULE_SETS[rules].auction_class.layout(legal)
    note = t(f"auction.{layout.note}") if layout.note else ""
    rows = [_coinche_levels(view, ui, legal, button)] if layout.levels else []
    for row in layout.rows:
        rows.append('<div class="bid-row">' + "".join(
            button(b, b if b in ("pass", "take") else "") for b in row) + "</div>")
    return (f'<div class="bidbox" role="group" aria-label="{attr(t("auction.title"))}"'
            f' data-bidbox="{attr(rules)}">'
            + (f'<p class="note">{escape(note)}</p>' if note else "")
            + "".join(rows) + "</div>")


def coinche_level(view: View, ui: Ui) -> str | None:
    """The level the Coinche bidding box shows: the chosen one while legal, else the
    hinted bid's, else the lowest legal one (None when no number may be bid)."""
    legal = set(view["legal"])
    levels = [lv for lv in COINCHE_LEVELS if any(f"{lv} {s}" in legal for s in SUITS)]
    for wanted in (ui.bid_level, (ui.hint or "").split(" ")[0]):
        if wanted in levels:
            return wanted
    return levels[0] if levels else None


def _coinche_levels(view, ui: Ui, legal: set, button) -> str:
    chosen = coinche_level(view, ui)
    levels = "".join(
        f'<button type="button" class="level" data-action="bid-level" data-level="{lv}"'
        f' aria-pressed="{str(lv == chosen).lower()}"'
        f'{"" if any(f"{lv} {s}" in legal for s in SUITS) else " disabled"}>'
        f'{escape(t("bid.capot") if lv == "capot" else lv)}</button>'
        for lv in COINCHE_LEVELS)
    level = chosen or COINCHE_LEVELS[0]
    words = escape(t("bid.capot") if level == "capot" else level)
    suits = "".join(button(f"{level} {s}", "num", f'<span class="lv">{words}</span>'
                           + suit_html(s)) for s in SUITS)
    return (f'<div class="level-row" role="group" aria-label="{attr(t("auction.levels"))}">'
            f'{levels}</div><div class="bid-row suits">{suits}</div>')


def declarations_to_make(view: View, ui: Ui) -> list[str]:
    """The declarations the human may make now (with the first card), as actions."""
    if not human_turn(view) or view["phase"] != "play" or ui.passive:
        return []
    return [a for a in view["legal"] if a.startswith("declare ")]


def declare(view: View, ui: Ui) -> str:
    """Declarations to make with the first card (ticked by default), and "I'm out"."""
    if not human_turn(view) or view["phase"] != "play" or ui.passive:
        return ""
    decls = declarations_to_make(view, ui)
    parts = []
    if decls:
        boxes = []
        for action in decls:
            _, kind, *cards = action.split()
            checked = "" if action in ui.unticked else " checked"
            hinted = " hinted" if ui.hint == action else ""
            shown: DeclarationView = {"kind": kind, "cards": " ".join(cards),
                                      "points": _points_of(view, action)}
            boxes.append(
                f'<label class="decl{hinted}"><input type="checkbox"'
                f' data-declare="{attr(action)}"{checked}>'
                f'<span class="kind">{declaration_html(shown)}</span></label>')
        # a group with a heading of its own rather than a fieldset's legend, which each engine
        # places differently (WebKit ignores a legend's float: it sat on the box's edge)
        parts.append('<div class="declbox" role="group" aria-labelledby="declbox-title">'
                     f'<p class="declbox-title" id="declbox-title">{escape(t("declare.title"))}'
                     '</p>' + "".join(boxes) + "</div>")
    if "out" in view["legal"]:
        hinted = " hinted" if ui.hint == "out" else ""
        parts.append(f'<button type="button" class="out{hinted}" data-action="out"'
                     f' aria-haspopup="dialog"'
                     f' title="{attr(t("action.out.help", target=view["target"]))}">'
                     f'{escape(t("action.out"))}</button>')
    return "".join(parts)


def _points_of(view: View, action: str) -> int:
    """What a declaration the human may make is worth, as the rule set values it."""
    rules = rules_of(view)
    _, kind, *cards = action.split()
    mask = parse_hand(" ".join(cards))
    for d in rules.declarations_in(mask):
        if d.kind == kind and d.cards == mask:
            return rules.declaration_points(d)
    return 0


def hand(view: View, ui: Ui) -> str:
    four = ui.settings.get("four_colour", False)
    cards = sorted_hand(view["hand"], view.get("contract"))
    my_turn = human_turn(view) and view["phase"] == "play" and not ui.passive
    legal = set(view["legal"]) if my_turn else set()
    dealing = [c for c in cards if c in ui.deal_batch] if animated(ui) else []
    buttons = []
    for c in cards:
        label = card_label(c)
        playable = c in legal
        extra = ""
        if not playable:
            why = ui.reasons.get(c)
            if why:
                label = t("card.not_playable", card=label, reason=why)
            extra = ' aria-disabled="true"'
        hinted = " hinted" if ui.hint == c else ""
        deal = (f' style="--d:{dealing.index(c)}"' if c in dealing else "")
        buttons.append(
            f'<button type="button" class="card{" playable" if playable else ""}{hinted}'
            f'{" deal" if deal else ""}"'
            f' data-card="{c}"{extra} aria-label="{attr(label)}"{deal}>'
            f'<img src="{card_src(c, four)}" alt="" draggable="false"></button>')
    talon = ""
    if view.get("talon_count"):
        n = view["talon_count"]
        talon = (f'<div class="talon" role="img" aria-label="{attr(t("talon", n=n))}"'
                 f' title="{attr(t("talon", n=n))}">'
                 + "".join(f'<img src="{back_src()}" alt="">' for _ in range(n)) + "</div>")
    n = len(cards) + (view.get("talon_count") or 0)
    return (f'<div class="cards" style="--n:{max(n, 1)}" role="group"'
            f' aria-label="{attr(t("seat.you"))}">' + "".join(buttons) + talon + "</div>")


def message(view: View, ui: Ui) -> str:
    """One line under the felt: whose turn it is, or an explanation (a refused card, a
    hint), said in the language of now."""
    said = text_of(ui.message)
    if said:
        return (f'<p class="msg {attr(ui.message_kind)}" data-message="{attr(ui.message_kind)}">'
                f'{escape(said)}</p>')
    players = view["players"]
    phase = view["phase"]
    text = ""
    turn = view["turn"]
    if ui.shown_trick is not None:
        text = trick_won(ui.shown_trick["winner"], players)
    elif turn is not None and phase == "auction":
        if turn == view["seat"]:
            text = t("turn.you.bid")
        else:
            text = t("turn.other.bid", seat=seat_name(turn, players))
    elif turn is not None and phase == "play":
        if turn == view["seat"]:
            text = t("turn.you.lead") if not view["trick"] else t("turn.you.play")
        else:
            text = t("turn.other.play", seat=seat_name(turn, players))
    return f'<p class="msg status" data-message="status">{escape(text)}</p>' if text else ""


NOTICE_PROBLEMS = ("broken-save", "save-failed")   # said as problems (tone), the rest as news
# Notices that cannot go away while their state lasts: dismissed, they fold to a short label
# that keeps their button (the way back from a practice, playing in this tab again).
NOTICE_FOLDS = {"practice": "practice.short", "other-tab": "tab.other.short",
                "puzzle": "puzzle.short", "guide": "guide.short"}


def notice(ui: Ui) -> str:
    """The lasting notice, in a slim bar of its own (never over the felt): its text, its
    action, and a close button (a notice that must stay folds to a short label instead)."""
    said = text_of(ui.notice)
    if not said:
        return ""
    kind = ui.notice_kind if not ui.passive else "other-tab"
    action = ""
    if ui.passive:
        action = (f'<button type="button" class="primary" data-action="take-over"'
                  f' aria-label="{attr(t("action.take-over"))}">'
                  f'{_long_short("action.take-over")}</button>')
    elif kind == "new-game":
        action = (f'<button type="button" data-action="undo-new-game"'
                  f' aria-label="{attr(t("action.undo-new-game"))}">'
                  f'{_long_short("action.undo-new-game")}</button>')
    elif kind == "update":
        action = (f'<button type="button" class="primary" data-action="update">'
                  f'{escape(t("update.reload"))}</button>')
    elif kind == "practice":
        action = (f'<button type="button" data-action="practice-end"'
                  f' aria-label="{attr(t("practice.end"))}">'
                  f'{_long_short("practice.end")}</button>')
    elif kind == "puzzle" and ui.puzzles is not None:
        action = puzzle_actions(ui.puzzles)
    elif kind == "guide-offer":
        rules = f' data-rules="{attr(ui.guide_offer)}"' if ui.guide_offer else ""
        action = (f'<button type="button" class="primary" data-action="guide-start"{rules}>'
                  f'{escape(t("guide.learn"))}</button>')
    elif kind == "guide":
        action = ((f'<button type="button" class="primary" data-action="guide-next">'
                   f'{escape(t("guide.next"))}</button>') if ui.guide_next else "") + (
            f'<button type="button" data-action="guide-skip"'
            f' aria-label="{attr(t("guide.skip"))}">{_long_short("guide.skip")}</button>')
    folded = ui.notice_folded and kind in NOTICE_FOLDS
    text = t(NOTICE_FOLDS[kind]) if folded else said
    words = escape(text)
    verdict = text_of(ui.verdict) if kind == "puzzle" and ui.puzzles is not None else ""
    shows = ""  # what the words hold, for web/style.css (rather than a :has() on them)
    if verdict and ui.puzzles is not None and ui.puzzles.last is not None:
        # the verdict on the last pick, in the notice's live region (never over the felt)
        good = "good" if ui.puzzles.last.good else "bad"
        words = (("" if folded else f'<span class="pz-title">{words}</span> ')
                 + f'<strong class="pz-verdict" data-verdict="{good}">{escape(verdict)}</strong>')
        shows = ' data-shows="verdict"'
        why = "" if folded else text_of(ui.why)
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
                f'{"" if enabled else " disabled"}>{_long_short(key)}</button>')

    cls = ' class="primary"' if session.found and at == total - 1 else ""
    return (step("puzzle-prev", "puzzle.prev", at > 0)
            + step("puzzle-next", "puzzle.next", at < total - 1)
            + f'<button type="button"{cls} data-action="puzzle-finish"'
            f' aria-label="{attr(t("puzzle.finish"))}">{_long_short("puzzle.finish")}</button>')


# --- overlays --------------------------------------------------------------------------------
def overlay(view: View, ui: Ui) -> str:
    if ui.overlay == "sheet":
        return _panel("sheet", t("sheet.title"), sheet(view, ui.takers) + sheet_actions(view),
                      closable=True)
    if ui.overlay == "last-trick":
        return _panel("last-trick", t("last.title"), last_trick(view, ui), closable=True)
    if ui.overlay == "help":
        return help_panel(view, ui)
    if ui.overlay == "settings":
        return _panel("settings", t("settings.title"), settings_panel(view, ui.settings),
                      closable=True)
    if ui.overlay == "stats":
        return _panel("stats", t("stats.title"), stats_table(ui.stats), closable=True)
    if ui.overlay == "hand" and view.get("contract"):
        return _panel("hand", t("hand.title", n=view["hand_number"]), hand_info(view),
                      closable=True)
    if ui.overlay == "confirm-out" and "out" in view["legal"]:
        return _panel("confirm-out", t("out.confirm.title"), out_confirm(view), closable=True)
    if ui.guide_over is not None and ui.shown_trick is None:
        lines = "".join(f"<li>{escape(line)}</li>" for line in ui.guide_over)
        return _panel("guide-over", t("guide.over.title"), (
            f'<ul class="guide-score" data-guide-score>{lines}</ul>'
            f'<div class="actions"><button type="button" class="primary" data-action="guide-done">'
            f'{escape(t("guide.done"))}</button></div>'))
    if ui.practice and view["phase"] in ("hand-over", "match-over") and ui.shown_trick is None:
        return _panel("practice-over", t("practice.title"), summary(view, totals=False) + (
            f'<div class="actions"><button type="button" data-action="practice-again">'
            f'{escape(t("practice.again"))}</button>'
            f'<button type="button" class="primary" data-action="practice-end">'
            f'{escape(t("practice.end"))}</button></div>'))
    if view["phase"] == "match-over" and ui.shown_trick is None:
        return _panel("match-over", t("match.over"), match_over(view, ui))
    if view["phase"] == "hand-over" and ui.shown_trick is None:
        title = t("summary.title", n=view["hand_number"])
        return _panel("hand-over", title, summary(view) + (
            f'<div class="actions">{review_button(view["hand_number"], wide=True)}'
            f'<button type="button" class="primary" data-action="next">'
            f'{escape(t("action.next"))}</button></div>'))
    return ""


def review_button(number: int, wide: bool = False) -> str:
    """"Review" for finished hand ``number`` (web/review_panel.py): in the hand's summary
    (``wide``) or on its score sheet row."""
    cls = "review-hand" + ("" if wide else " small")
    return (f'<button type="button" class="{cls}" data-action="review-hand"'
            f' data-hand="{number}" aria-label="{attr(t("review.hand", n=number))}">'
            f'{escape(t("action.review"))}</button>')


def _panel(kind: str, title: str, body: str, closable: bool = False) -> str:
    close = (f'<button type="button" class="close" data-action="close"'
             f' aria-label="{attr(t("action.close"))}">×</button>' if closable else "")
    return (f'<div class="panel" role="dialog" aria-labelledby="panel-title" data-panel="{kind}">'
            f'<div class="panel-head"><h2 id="panel-title">{escape(title)}</h2>{close}</div>'
            f'<div class="panel-body">{body}</div></div>')


def help_panel(view: View, ui: Ui) -> str:
    """The rules of the match's rule set in the current language: web/help/<lang>/<rules>.html,
    fetched by the controller into ``ui.help``. The fragment's <h2> becomes the panel's title."""
    lang, rules = current_language(), view["rules"]
    title = t("rules." + rules)
    guided = ""  # the rule set's guided hand, at any time
    if rules in GUIDES:
        guided = (f'<p class="guide-offer"><button type="button" data-action="guide-start"'
                  f' data-rules="{attr(rules)}">{escape(t("guide.help"))}</button></p>')
    if not ui.help or ui.help[:2] != (lang, rules):
        return _panel("help", title, guided + f'<p class="help-loading">'
                      f'{escape(t("help.loading"))}</p>', closable=True)
    html = ui.help[2]
    found = re.match(r"\s*<h2>(.*?)</h2>", html, re.S)
    if found:
        title, html = unescape(re.sub(r"<[^>]+>", "", found.group(1))), html[found.end():]
    return _panel("help", title, guided + f'<div class="help" lang="{lang}"'
                  f' data-help="{lang}/{rules}">{html}</div>', closable=True)


def hand_info(view: View) -> str:
    """The contract, the whole auction seat by seat, and the declarations of the hand."""
    contract = view["contract"]
    if contract is None:  # (the panel opens once there is one)
        return ""
    players = view["players"]
    head = (f'<p class="contract-line">{contract_text(contract, view["rules"])} · '
            f'{escape(seat_name(contract["bidder"], players))}</p>')
    return (head + f'<h3>{escape(t("auction.history"))}</h3>' + auction_table(view)
            + f'<h3>{escape(t("declare.list"))}</h3>' + declarations_summary(view))


def declarations_summary(view: View) -> str:
    """Every declaration made that the viewer may see, by seat, and why those that count
    count (the engine's verdicts: better sequence, carré, tie)."""
    players = view["players"]
    counted = view.get("counted")
    rows = []
    for seat in range(players):
        declared = (view.get("declared") or [[]] * players)[seat]
        if declared:
            chips = []
            for d in declared:
                state, note = "", ""
                if counted is not None:
                    ok = d in counted[seat]
                    state = " counts" if ok else " void"
                    word = t("declare.counts" if ok else "declare.void")
                    note = f' <small>({escape(word)})</small>'
                chips.append(f'<li class="decl-chip{state}" data-declared="{attr(d["kind"])}">'
                             f'{declaration_html(d)}{note}</li>')
            body = f'<ul class="decls">{"".join(chips)}</ul>'
        else:
            kinds = (view.get("announced") or [[]] * players)[seat]
            if not kinds:
                continue
            body = escape(", ".join(t("declare." + k) for k in kinds))
        rows.append(f'<li data-declarations-seat="{seat}"><b>{escape(seat_name(seat, players))}'
                    f'</b> {body}</li>')
    if not rows:
        return f'<p class="none">{escape(t("declare.none"))}</p>'
    return (f'<ul class="decl-seats">{"".join(rows)}</ul>'
            + "".join(f'<p class="why" data-why="{attr(v["reason"])}">'
                      f'{escape(verdict_text(v, view))}</p>'
                      for v in view.get("declaration_verdicts") or []))


def verdict_text(v: dict, view: View) -> str:
    """``Sequences count for Us: a longer sequence.`` from an engine verdict."""
    what = t("why." + v["compared"])
    why = t("why." + v["reason"])
    if v["side"] is None:
        return t("why.none", what=what, why=why)
    return t("why.side", what=what, side=side_name(v["side"], view), why=why)


def out_confirm(view: View) -> str:
    """Before "I'm out": the claimant's total counted so far beside the target. Card points
    of the hand are not shown (RULES.md §6: players keep count in their heads)."""
    side = view["side"]
    total, known, target = view["totals"][side], view["known_points"][side], view["target"]
    counted = total + known
    rows = [("out.confirm.total", total, ""), ("out.confirm.shown", known, ""),
            ("out.confirm.counted", counted, "sum"), ("out.confirm.target", target, ""),
            ("out.confirm.needed", max(0, target - counted), "scored")]
    body = "".join(f'<tr class="{cls}"><th scope="row">{escape(t(key))}</th>'
                   f'<td data-out-{key.split(".")[-1]}="{value}">{value}</td></tr>'
                   for key, value, cls in rows)
    return (f'<table class="summary out-count">{body}</table>'
            f'<p class="note">{escape(t("out.confirm.cards"))}</p>'
            f'<p class="verdict">{escape(t("out.confirm.stake"))}</p>'
            f'<div class="actions"><button type="button" class="out" data-action="out-confirm">'
            f'{escape(t("action.out"))}</button>'
            f'<button type="button" class="primary" data-action="close">'
            f'{escape(t("out.confirm.no"))}</button></div>')


def _side_heads(view: View) -> str:
    return "".join(f'<th scope="col">{escape(side_name(s, view))}</th>'
                   for s in range(view["sides"]))


def _auction_details(view: View) -> str:
    if not view.get("auction"):
        return ""
    return (f'<details class="auction-details"><summary>{escape(t("auction.history"))}'
            f'</summary>{auction_table(view)}</details>')


def summary(view: View, totals: bool = True) -> str:
    """The end of a hand: card points, declarations (whose count, and why), belote, valat,
    made or inside; the auction one tap away."""
    sheet_rows = view.get("sheet") or []
    entry = sheet_rows[-1] if sheet_rows else None
    score = view.get("hand_score")
    if entry and entry.get("out"):
        return _out_summary(view, entry) + (_totals_line(view) if totals else "")
    if not score:
        return (f'<p class="verdict">{escape(t("summary.thrown"))}</p>'
                + _auction_details(view))
    sides = view["sides"]
    bidders = score["bidders"]
    contract = contract_text(view.get("contract"), view["rules"])
    bidder_name = side_subject(bidders, view)
    if score["made"]:
        verdict = t("summary.made", side=bidder_name, contract="{c}")
    elif any(score.get("hanging") or []) and score["hanging"][bidders]:
        verdict = t("summary.tied", contract="{c}")
    else:
        verdict = t("summary.inside", side=bidder_name, contract="{c}")
    verdict = escape(verdict).replace("{c}", contract)
    gained = entry["score"] if entry else score["score"]

    def row(key: str, values, cls: str = "") -> str:
        cells = "".join(f"<td>{escape(str(v))}</td>" for v in values)
        return f'<tr class="{cls}"><th scope="row">{escape(t(key))}</th>{cells}</tr>'

    bonus = RULE_SETS[view["rules"]].valat_bonus
    valat = [f"+{bonus}" if view["tricks_won"][s] == 8 else "" for s in range(sides)]
    rows = [
        row("summary.cards", score["card_points"]),
        row("summary.declarations", score["declarations"]),
        row("summary.belote", score["belote"]),
    ]
    if score["valat"]:
        rows.append(row("summary.valat", valat, "valat"))
    rows.append(row("summary.raw", score["raw"], "sum"))
    rows.append(row("summary.score", gained, "scored"))
    if any(score.get("hanging") or []):
        rows.append(row("summary.hanging", score["hanging"]))
    verdicts = "".join(f'<p class="why" data-why="{attr(v["reason"])}">'
                       f'{escape(verdict_text(v, view))}</p>'
                       for v in view.get("declaration_verdicts") or [])
    mine = bidders == view.get("side", 0)
    tied = not score["made"] and any(score.get("hanging") or []) and score["hanging"][bidders]
    good = None if tied else score["made"] == mine
    return (f'<p class="verdict{" made" if score["made"] else " inside"}"'
            f' data-made="{str(bool(score["made"])).lower()}"{news(good)}{verdict}</p>'
            f'<table class="summary"><thead><tr><td></td>{_side_heads(view)}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>' + verdicts
            + _auction_details(view)
            + (_totals_line(view) if totals else ""))


NEWS_MARKS = {"good": "✔", "bad": "✘"}


def news(good: bool | None) -> str:
    """A verdict's attributes and mark as news for the viewer's side: good news for your side in
    one colour, theirs in another (style.css ``[data-news]``), and never by colour alone."""
    if good is None:
        return ' data-news="even">'
    kind = "good" if good else "bad"
    return (f' data-news="{kind}"><span class="news-mark" aria-hidden="true">'
            f'{NEWS_MARKS[kind]}</span> ')


def _out_summary(view: View, entry: SheetEntry) -> str:
    """A hand stopped by "I'm out": who claimed, right or wrong, and each side's points as
    counted at the claim, which the score sheet and the totals hold (RULES.md §6)."""
    out = entry["out"]
    key = ("out.right" if out["right"] else "out.wrong") + (
        ".you" if out["side"] == view["side"] else "")
    text = t(key, side=side_subject(out["side"], view), points=t("count.points", n=out["points"]))
    right = "right" if out["right"] else "wrong"
    cells = "".join(f'<td data-claim-side="{s}">{entry["score"][s]}</td>'
                    for s in range(view["sides"]))
    good = out["right"] == (out["side"] == view["side"])
    return (f'<p class="verdict" data-out="{right}"{news(good)}{escape(text)}</p>'
            f'<table class="summary"><thead><tr><td></td>{_side_heads(view)}</tr></thead>'
            f'<tbody><tr class="scored"><th scope="row">{escape(t("summary.claim"))}</th>'
            f'{cells}</tr></tbody></table>')


def _totals_line(view: View) -> str:
    parts = [f'<span class="side-total">{escape(side_name(s, view))} '
             f'<b data-final-side="{s}">{view["totals"][s]}</b></span>'
             for s in range(view["sides"])]
    hanging = view.get("hanging") or 0
    extra = f' · {escape(t("score.hanging", points=hanging))}' if hanging else ""
    return f'<p class="totals">{" · ".join(parts)}{extra}</p>'


def sheet(view: View, takers: Mapping[int, int | None] | None = None) -> str:
    """Every finished hand: its contract and who took it (``takers``: hand number -> seat),
    made or inside, each side's points and running totals, its Replay and Review."""
    rows = view.get("sheet") or []
    takers = takers or {}
    if not rows:
        return f'<p>{escape(t("sheet.empty"))}</p>'
    body = []
    bonus = RULE_SETS[view["rules"]].valat_bonus
    for e in rows:
        contract = contract_html(e.get("contract") or "", view["rules"])
        notes = []
        if e.get("out"):
            notes.append(t("sheet.out"))
        elif e.get("made") is True:
            notes.append(t("sheet.made"))
        elif e.get("made") is False:
            notes.append(t("sheet.inside"))
        if e.get("valat") is not None:
            notes.append(t("sheet.valat", side=side_name(e["valat"], view), points=bonus))
        if any(e.get("hanging") or []):
            notes.append(t("sheet.hanging", points=sum(e["hanging"])))
        taken_back = (view.get("takebacks") or {}).get(str(e["hand"]), 0)
        if taken_back:
            notes.append(t("sheet.takeback", n=taken_back))
        totals = e.get("totals")
        cells = "".join(
            f'<td><span class="gain">{e["score"][s]}</span>'
            f'<span class="running">{totals[s] if totals else ""}</span></td>'
            for s in range(view["sides"]))
        seat = takers.get(e["hand"])
        if seat is not None:
            contract += (f' · <span class="sheet-taker" data-taker="{seat}">'
                         f'{escape(seat_name(seat, view["players"]))}</span>')
        body.append(f'<tr><td>{e["hand"]}</td><td><span class="sheet-contract">{contract}</span>'
                    f'<small>{escape(" · ".join(notes))}</small></td>{cells}'
                    f'<td class="replay-cell">{replay_button(e["hand"])}'
                    f'{review_button(e["hand"])}</td></tr>')
    return (f'<table class="sheet"><thead><tr><th scope="col">{escape(t("sheet.hand"))}</th>'
            f'<th scope="col">{escape(t("sheet.contract"))}</th>{_side_heads(view)}'
            f'<th scope="col"><span class="visually-hidden">{escape(t("action.replay"))}'
            f'</span></th></tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>' + _totals_line(view) + _helped(view))


def _helped(view: View) -> str:
    """The mark of a match in which moves were taken back (counted apart in the statistics)."""
    if not view.get("takebacks"):
        return ""
    return f'<p class="sheet-helped" data-helped>{escape(t("sheet.helped"))}</p>'


def last_trick(view: View, ui: Ui) -> str:
    """The last trick: each card at its seat, with the seat's name."""
    last = view.get("last_trick")
    if not last:
        return f'<p>{escape(t("last.none"))}</p>'
    players = view["players"]
    pos = positions(players)
    four = ui.settings.get("four_colour", False)
    cards = "".join(
        f'<figure class="lcard pos-{pos[s]}{" winner" if s == last["winner"] else ""}">'
        f'<img src="{card_src(c, four)}" data-last-card="{c}" data-seat="{s}"'
        f' alt="{attr(labelled(seat_name(s, players), card_label(c)))}">'
        f'<figcaption aria-hidden="true">{escape(seat_name(s, players))}</figcaption></figure>'
        for s, c in last["cards"])
    return (f'<div class="trick last" data-players="{players}">{cards}</div>'
            f'<p class="last-winner">{escape(trick_won(last["winner"], players))}</p>')


def match_over(view: View, ui: Ui) -> str:
    winner = view["winner"]
    if winner is None:
        return ""
    if winner == view["side"]:
        headline = t("match.won.team") if view["players"] == 4 else t("match.won")
    elif view["players"] == 4:
        headline = t("match.lost.team")
    else:
        headline = t("match.lost", side=side_subject(winner, view))
    won = winner == view["side"]
    return (f'<p class="verdict big{" won" if won else ""}"'
            f' data-winner="{winner}"{news(won)}{escape(headline)}</p>'
            + summary(view, totals=False)
            + f'<h3>{escape(t("match.final"))}</h3>' + _totals_line(view)
            + stats_table(ui.stats)
            + f'<div class="actions">{review_button(view["hand_number"], wide=True)}'
            f'<button type="button" class="primary"'
            f' data-action="new-game">{escape(t("action.new-game"))}</button></div>')


def stats_table(stats: dict) -> str:
    """Per rule set: matches played and won, hands, contracts taken and made, valats."""
    return settings_stats_table(stats)
