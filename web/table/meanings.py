"""What each bid said shows, in the player's words: belote/bots/meanings.py's model of every
auction word (the one the bots bid and read by), rendered with web/i18n/locales/meanings.py's
templates, never kept as prose (docs/bid-meanings.md).

A bid said (a seat's bubble, a cell of the auction list) is drawn as a button whose description
(``aria-describedby``) is its meaning, in a tooltip element beside it: shown while the pointer
is over it or the keyboard's focus on it (style.css), and when tapped (``data-action="meaning"``:
:class:`web.app.messages.ShowMeaning` keeps its key in the model until tapped again). The
player's own bid says what the partner reads (the others, with two or three players), and so
does each word of the bidding box before it is said (on hover and focus: a tap bids). A
meaning whose kind or holding has no words here says so rather than anything wrong.
"""

from __future__ import annotations

import re

from belote.contract import level_word
from belote.view import View
from web.app.markup import attr, escape
from web.i18n import SYMBOLS, card_short, contract_words, t
from web.table.words import SYMBOLS as SUIT_SYMBOLS
from web.table.words import bid_label, bid_text, labelled, seat_name

# The kinds of meaning and of holding the templates say (belote/bots/meanings.py's kinds).
KINDS = {"suit", "no-trumps", "all-trumps", "raise", "double", "redouble", "forced", "pass"}
HOLDINGS = {"card", "card-with", "length", "rank", "ace-ten", "side-ace", "jacks"}
RANKS = {"A", "J", "9"}


def holding_text(h: dict) -> str:
    """One alternative a word shows, in words: ``J♥``, ``9♥ with another ♥``, ``2 aces``."""
    kind = h["kind"]
    if kind == "card":
        return card_short(h["card"])
    if kind == "card-with":
        more = h["count"] - 1
        return t("meaning.card-with" + (".more" if more > 1 else ""), n=more,
                 card=card_short(h["card"]), symbol=SYMBOLS[h["card"][1]])
    if kind == "length":
        return t("meaning.length", n=h["count"], symbol=SUIT_SYMBOLS[h["suit"]])
    if kind == "rank":
        n = h.get("count", 1)
        return t(f'meaning.rank.{h["rank"]}' + (".n" if n > 1 else ""), n=n)
    if kind == "side-ace":
        return t("meaning.side-ace", symbol=SUIT_SYMBOLS[h["suit"]])
    return t("meaning." + kind)  # ace-ten, jacks (two jacks or nines: the only count used)


def _said(m: dict) -> bool:
    """Whether the templates say every part of meaning ``m``."""
    return m["kind"] in KINDS and all(
        h["kind"] in HOLDINGS and (h["kind"] != "rank" or h["rank"] in RANKS)
        and (h["kind"] != "jacks" or h.get("count") == 2) for h in m["shows"])


def meaning_text(m: dict | None, rules: str, players: int, mine: bool = False) -> str:
    """What meaning ``m`` (:meth:`belote.bots.meanings.Meaning.to_dict`) shows, in a sentence;
    ``mine``: the player's own bid, as the others read it. None, or a kind without words:
    that the bid has no set meaning."""
    if m is None or not _said(m):
        return t("meaning.none")
    parts = [holding_text(h) for h in m["shows"]]
    shows = parts[0] if len(parts) == 1 else t("meaning.or", a=", ".join(parts[:-1]),
                                                 b=parts[-1]) if parts else ""
    kind = m["kind"]
    if kind == "forced":
        text = t("meaning.forced")
    elif not parts:  # a pass, a double with nothing to double
        text = t("meaning.pass")
    elif kind == "suit" and m.get("turned"):
        text = t("meaning.take", card=card_short(m["turned"]), shows=shows)
    elif kind == "raise":
        text = t("meaning.raise", symbol=SUIT_SYMBOLS[m["contract"]], shows=shows)
    elif kind in ("double", "redouble"):
        about = m["contract"] if m.get("level") is None else (
            f'{level_word(m["level"])} {m["contract"]}')
        text = t("meaning." + kind, contract=contract_words(about, rules), shows=shows)
    else:
        text = t("meaning.shows", shows=shows)
    if not mine:
        return text
    # one sentence: what follows the colon goes on in lower case (in each of the languages)
    return t("meaning.yours" if players == 4 else "meaning.yours.others",
             meaning=text[:1].lower() + text[1:])


def _read(view: View) -> dict | None:
    """``view_meanings(view)``, or None when the model cannot read its auction."""
    # imported when first needed (the bots' package: 6 ms more in Pyodide after the table's
    # modules, measured under Node.js; the snapshot has it already)
    from belote.bots.meanings import view_meanings
    try:
        return view_meanings(view)
    except (KeyError, ValueError, AssertionError, IndexError):
        return None


def said_meanings(view: View) -> list[dict | None]:
    """The meaning of each word of ``view``'s auction, in order (None: one the model cannot
    read, which the page then says has no set meaning)."""
    auction = view.get("auction") or []
    found = _read(view) if auction else None
    said: list[dict | None] = list(found["auction"]) if found else []
    return said + [None] * (len(auction) - len(said))


def legal_meanings(view: View) -> dict[str, dict | None]:
    """At the player's turn in the auction, what each legal word would show, as the others will
    read it (None: no set meaning)."""
    found = _read(view)
    legal = found["legal"] if found else {}
    return {word: legal.get(word) for word in view["legal"]}


def _tip_id(key: str) -> str:
    return "meaning-" + re.sub(r"[^\w-]", "-", key)


def bid_tip(view: View, word: str, meanings: dict[str, dict | None]) -> tuple[str, str]:
    """A bidding box's ``word`` before it is said: its button's description attribute and its
    tooltip (shown on hover and focus, style.css: a tap bids)."""
    if word not in meanings:
        return "", ""
    tip = _tip_id("bid." + word)
    text = meaning_text(meanings[word], view["rules"], view["players"], mine=True)
    return (f' aria-describedby="{tip}"',
            f'<span class="meaning" role="tooltip" id="{tip}">{escape(text)}</span>')


def said_button(view: View, index: int, key: str, opened: str,
                meanings: list[dict | None]) -> str:
    """Bid ``index`` of ``view``'s auction as drawn (a bubble's, a list's), keyed ``key``: a
    button described by its meaning, which shows on hover, focus and when ``opened`` is its
    key."""
    seat, word = view["auction"][index]
    players = view["players"]
    tip = _tip_id(key)
    who = seat_name(seat, players)
    text = meaning_text(meanings[index] if index < len(meanings) else None, view["rules"],
                        players, mine=seat == view["seat"])
    # (seen, not said: the button's name says whose bid it is)
    heading = t("contract.by", contract=bid_text(word, view), seat=who)
    return (f'<button type="button" class="said-bid" data-action="meaning"'
            f' data-meaning="{attr(key)}" aria-expanded="{str(key == opened).lower()}"'
            f' aria-label="{attr(labelled(who, bid_text(word, view)))}"'
            f' aria-describedby="{tip}">{bid_label(word, view)}</button>'
            f'<span class="meaning" role="tooltip" id="{tip}">'
            f'<strong aria-hidden="true">{escape(heading)}</strong> {escape(text)}</span>')
