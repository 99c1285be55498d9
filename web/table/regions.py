"""The table's regions as HTML strings: the bar, the score, the seats, the trick, the
contract, the bidding box, the declarations, the hand and the status line.

Pure functions of the engine's view and :class:`web.table.shown.Shown` (no browser):
:func:`regions` returns ``{region name: html}``, which the view (web/app/view.py) gives the
page. Nothing here decides a rule: what is legal, who won, what scored, all come from the view.

Steadiness: the felt keeps its size whatever appears on it. The bidding box, the declarations
and "I'm out!" lie over the felt's lower edge, the notices over its top. What came on the table
in this hand (a card, a bubble: ``Shown.arrived``) carries its animation's class, which a redraw
keeps (the page morphs the regions: the element stays, its animation does not start again).
"""

from __future__ import annotations

from belote.auction import bid_word, split_bid
from belote.cards import parse_hand
from belote.contract import level_of, level_word
from belote.rules import RULE_SETS, rules_of
from belote.view import DeclarationView, View
from web.app.markup import attr, escape
from web.i18n import LANGUAGES, card_label, current_language, t
from web.table.meanings import bid_tip, legal_meanings, said_button, said_meanings
from web.table.notice import notice
from web.table.panels import overlay
from web.table.shown import Shown
from web.table.words import (
    COINCHE_LEVELS,
    SUITS,
    back_src,
    bid_label,
    bid_text,
    card_src,
    contract_text,
    declaration_html,
    labelled,
    level_label,
    long_short,
    positions,
    seat_name,
    side_name,
    side_of,
    sorted_hand,
    suit_html,
    trick_won,
)


def regions(view: View, ui: Shown) -> dict[str, str]:
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


def bar(view: View, ui: Shown) -> str:
    new_game = ("" if view["phase"] == "match-over" else
                f'<button type="button" class="primary" data-action="new-game">'
                f'{escape(t("action.new-game"))}</button>')
    # no hint where the Expert's answer is the yardstick: a puzzle, a daily hand
    can_hint = human_turn(view) and not ui.passive and ui.puzzles is None and not ui.daily
    has_last = bool(view.get("last_trick"))
    return (
        f'<span class="brand">{escape(t("app.title"))}</span>'
        f'<div class="settings">'
        f'<label>{escape(t("setting.language"))}'
        f'<select data-setting="language">{_language_options()}</select></label>'
        f'{new_game}'
        f'<button type="button" data-action="settings" aria-label="{attr(t("action.settings"))}"'
        f' aria-pressed="{str(ui.overlay == "settings").lower()}">'
        f'{long_short("action.settings")}</button></div>'
        f'<div class="tools"><span class="break"></span>'
        f'<button type="button" data-action="hint"{"" if can_hint else " disabled"}>'
        f'{escape(t("action.hint"))}</button>'
        + takeback_button(ui) +
        f'<button type="button" data-action="last-trick"{"" if has_last else " disabled"}'
        f' aria-pressed="{str(ui.overlay == "last-trick").lower()}">'
        f'{long_short("action.last-trick")}</button>'
        f'<button type="button" data-action="sheet"'
        f' aria-pressed="{str(ui.overlay == "sheet").lower()}">'
        f'{long_short("action.sheet")}</button>'
        f'<button type="button" data-action="daily"'
        f' aria-pressed="{str(ui.overlay == "daily").lower()}">'
        f'{long_short("action.daily")}</button>'
        f'<button type="button" data-action="stats"'
        f' aria-pressed="{str(ui.overlay == "stats").lower()}">'
        f'{long_short("action.stats")}</button>'
        f'<button type="button" data-action="help"'
        f' aria-pressed="{str(ui.overlay == "help").lower()}">'
        f'{long_short("action.help")}</button>'
        f'</div>'
    )


def takeback_button(ui: Shown) -> str:
    """Take back (key U), where moves may be taken back: disabled when there is none."""
    if not ui.takeback:
        return ""
    able = ui.can_take_back and not ui.passive
    return (f'<button type="button" data-action="take-back" aria-keyshortcuts="U"'
            f' title="{attr(t("takeback.key"))}"{"" if able else " disabled"}>'
            f'{long_short("action.takeback")}</button>')


def _language_options() -> str:
    """Each language in its own words (whatever the page's language)."""
    now = current_language()
    return "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == now else ""}>'
        f'{escape(name)}</option>' for code, name in LANGUAGES.items())


def scoreboard(view: View, ui: Shown) -> str:
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
        f'<div class="hand-line">{escape(t("score.hand", n=view["hand_number"]))}'
        f'<span class="dealer-line"> · '  # (a phone leaves it to the dealer's chip: style.css)
        f'{escape(labelled(t("dealer"), seat_name(view["dealer"], players)))}</span>'
        f'{hanging_html}</div>'
    )


def _pop(key: str, ui: Shown) -> str:
    """The class of a bubble that appears now (it pops in once, not at every redraw)."""
    return " fresh" if ui.animated and f"bubble:{key}" in ui.arrived else ""


def _bubble(view: View, seat: int, ui: Shown, meanings: list[dict | None]) -> str:
    """What a seat says now: its last bid in the auction (which says what it shows:
    web/table/meanings.py), belote while that card is on the table."""
    phase, n = view["phase"], view["hand_number"]
    if phase == "auction":
        said = [(i, w) for i, (s, w) in enumerate(view["auction"]) if s == seat]
        if said:
            i, word = said[-1]
            key = f"{ui.deal}.{n}:bid:{i}"
            return (f'<span class="bubble bid{_pop(f"{n}:bid:{i}", ui)}"'
                    f' data-said-seat="{seat}" data-said="{attr(word)}" data-bubble="{key}">'
                    f'{said_button(view, i, "bubble." + key, ui.meaning, meanings)}</span>')
        return ""
    trick_cards = {c for _, c in (ui.shown_trick.cards if ui.shown_trick else view["trick"])}
    for s, word, card in view.get("belote") or []:
        if s == seat and card in trick_cards:
            key = f"{n}:{word}:{card}"
            return (f'<span class="bubble belote{_pop(key, ui)}" data-belote="{attr(word)}"'
                    f' data-bubble="{ui.deal}.{key}">{escape(t("belote." + word))}</span>')
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


def seats(view: View, ui: Shown) -> str:
    players = view["players"]
    pos = positions(players)
    meanings = said_meanings(view) if view["phase"] == "auction" else []
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
            + backs + _bubble(view, seat, ui, meanings) + _declarations(view, seat) + "</div>")
    return "".join(out)


def center(view: View, ui: Shown) -> str:
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
    trick = shown.cards if shown else view["trick"]
    winner = shown.winner if shown else None
    cls = "trick"
    if shown and winner is not None and shown.gathering:
        cls += f" gather gather-{pos[winner]}"
    cards = []
    for seat, card in trick:
        arrived = ui.animated and f"trick:{card}" in ui.arrived
        enter = f" enter from-{pos[seat]}" if arrived else ""
        win = " winner" if winner == seat else ""
        cards.append(
            f'<img class="tcard pos-{pos[seat]}{enter}{win}" src="{card_src(card, four)}"'
            f' data-trick-card="{card}" data-seat="{seat}"'
            f' alt="{attr(labelled(seat_name(seat, players), card_label(card)))}">')
    parts.append(f'<div class="{cls}" data-trick data-deal="{ui.deal}" role="group"'
                 f' aria-label="{attr(t("trick"))}">'
                 + "".join(cards) + "</div>")
    return "".join(parts)


def contract_marker(view: View, ui: Shown) -> str:
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


def bids(view: View, ui: Shown) -> str:
    """The bidding box: every bid of the rule set's system, only the legal ones enabled.
    Coinche: one row of levels (the chosen one pressed), its four suits, then pass and the
    doubles: every legal bid two taps away, nothing to scroll."""
    if view["phase"] != "auction" or view["turn"] != view["seat"] or ui.passive:
        return ""
    legal = set(view["legal"])
    rules = view["rules"]
    meanings = legal_meanings(view)  # what each word would tell (web/table/meanings.py)

    def button(bid: str, cls: str = "", text: str | None = None) -> str:
        enabled = bid in legal
        hinted = " hinted" if ui.hint == bid else ""
        label = f' aria-label="{attr(bid_text(bid, view))}"' if text is not None else ""
        described, tip = bid_tip(view, bid, meanings)
        return (f'<button type="button" class="bid{(" " + cls) if cls else ""}{hinted}"'
                f' data-bid="{attr(bid)}"{label}{described}{"" if enabled else " disabled"}>'
                f'{bid_label(bid, view) if text is None else text}</button>{tip}')

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


def coinche_level(view: View, ui: Shown) -> str | None:
    """The level the Coinche bidding box shows: the chosen one while legal, else the
    hinted bid's, else the lowest legal one (None when no number may be bid)."""
    legal = set(view["legal"])
    levels = [lv for lv in COINCHE_LEVELS if _level_legal(lv, legal)]
    hinted = split_bid(ui.hint)[0] if ui.hint in legal else 0
    for wanted in (ui.bid_level, level_word(hinted) if hinted else None):
        if wanted in levels:
            return wanted
    return levels[0] if levels else None


def _level_legal(level: str, legal: set) -> bool:
    """Whether a bid at the Coinche ``level`` (its word) is among the ``legal`` ones."""
    return any(bid_word(level_of(level), s) in legal for s in SUITS)


def _coinche_levels(view, ui: Shown, legal: set, button) -> str:
    chosen = coinche_level(view, ui)
    levels = "".join(
        f'<button type="button" class="level" data-action="bid-level" data-level="{lv}"'
        f' aria-pressed="{str(lv == chosen).lower()}"'
        f'{"" if _level_legal(lv, legal) else " disabled"}>'
        f'{escape(level_label(lv))}</button>'
        for lv in COINCHE_LEVELS)
    level = chosen or COINCHE_LEVELS[0]
    words = escape(level_label(level))
    suits = "".join(button(bid_word(level_of(level), s), "num",
                           f'<span class="lv">{words}</span>' + suit_html(s)) for s in SUITS)
    return (f'<div class="level-row" role="group" aria-label="{attr(t("auction.levels"))}">'
            f'{levels}</div><div class="bid-row suits">{suits}</div>')


def declarations_to_make(view: View, ui: Shown) -> list[str]:
    """The declarations the player may make now (with the first card), as actions."""
    if not human_turn(view) or view["phase"] != "play" or ui.passive:
        return []
    return [a for a in view["legal"] if a.startswith("declare ")]


def declare(view: View, ui: Shown) -> str:
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


def hand(view: View, ui: Shown) -> str:
    four = ui.settings.get("four_colour", False)
    cards = sorted_hand(view["hand"], view.get("contract"))
    my_turn = human_turn(view) and view["phase"] == "play" and not ui.passive
    legal = set(view["legal"]) if my_turn else set()
    dealing = [c for c in cards if f"deal:{c}" in ui.arrived] if ui.animated else []
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
    return (f'<div class="cards" style="--n:{max(n, 1)}" data-deal="{ui.deal}" role="group"'
            f' aria-label="{attr(t("seat.you"))}">' + "".join(buttons) + talon + "</div>")


def message(view: View, ui: Shown) -> str:
    """One line under the felt: whose turn it is, or an explanation (a refused card, a
    hint), said in the language of now."""
    said = ui.message
    if said:
        return (f'<p class="msg {attr(ui.message_kind)}" data-message="{attr(ui.message_kind)}">'
                f'{escape(said)}</p>')
    players = view["players"]
    phase = view["phase"]
    text = ""
    turn = view["turn"]
    if ui.shown_trick is not None:
        text = trick_won(ui.shown_trick.winner, players)
    elif ui.guide_next:  # the guided hand waits for "Next", not for a seat
        text = t("guide.wait-next")
    elif ui.passive and turn == view["seat"] and phase in ("auction", "play"):
        text = t("turn.you.elsewhere")  # the cards may be played in the tab that plays
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
