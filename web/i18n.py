"""Every word the table shows, in one place: ``t(key, **kw)``.

English only for now; another issue adds Spanish, French, Bulgarian and Croatian by giving
``STRINGS`` more languages. Keys are short dotted names; values are ``str.format`` templates.
Only this module and the engine's reasons for a refused card (``Match.why_illegal``) carry text.
"""

from __future__ import annotations

LANGUAGE = "en"

EN: dict[str, str] = {
    # page and bar
    "app.title": "Belote",
    "loading": "Loading…",
    "loading.python": "Starting Python…",
    "loading.game": "Loading the game…",
    "loading.deal": "Dealing…",
    "setting.rules": "Rules",
    "setting.players": "Players",
    "setting.level": "Bots",
    "setting.four_colour": "Four-colour cards",
    "players.n": "{n} players",
    "level.easy": "Easy",
    "level.normal": "Normal",
    "level.expert": "Expert",
    "action.new-game": "New game",
    "action.sheet": "Score sheet",
    "action.sheet.short": "Sheet",
    "action.last-trick": "Last trick",
    "action.last-trick.short": "Last",
    "action.hint": "Hint",
    "action.stats": "Statistics",
    "action.stats.short": "Stats",
    "action.next": "Next hand",
    "action.close": "Close",
    "action.out": "I'm out!",
    "action.out.help": "Claim that you have reached {target}: right, you win; wrong, you lose.",
    "action.take-over": "Play in this tab",
    "action.undo-new-game": "Back to that match",
    "new.undo.note": "A new match has started; the one you were playing is set aside until "
    "your first move.",
    "settings.note": "Rules and players apply to the next new game.",
    # rule sets
    "rules.bulgarian": "Bulgarian Belot",
    "rules.french": "French Belote",
    "rules.coinche": "Coinche",
    "rules.bela": "Bela",
    "rules.classic": "Classic Belote",
    "rules.to": "to {target}",
    # cards
    "suit.clubs": "clubs",
    "suit.diamonds": "diamonds",
    "suit.hearts": "hearts",
    "suit.spades": "spades",
    "Suit.clubs": "Clubs",
    "Suit.diamonds": "Diamonds",
    "Suit.hearts": "Hearts",
    "Suit.spades": "Spades",
    "rank.7": "seven",
    "rank.8": "eight",
    "rank.9": "nine",
    "rank.T": "ten",
    "rank.J": "jack",
    "rank.Q": "queen",
    "rank.K": "king",
    "rank.A": "ace",
    "card": "{rank} of {suit}",
    "card.not_playable": "{card}, not playable: {reason}",
    "card.refused": "The {card} cannot be played: {reason}.",
    "card.back": "face-down card",
    "card.turned": "Turned card",
    "card.stock": "Last card of the stock",
    "talon": "{n} cards to pick up",
    # seats and sides
    "seat.you": "You",
    "seat.right": "Right",
    "seat.partner": "Partner",
    "seat.left": "Left",
    "seat.opponent": "Opponent",
    "team.us": "Us",
    "team.them": "Them",
    "team.we": "We",
    "team.they": "They",
    "dealer": "Dealer",
    "dealer.short": "D",
    "cards.count": "{n} cards",
    # auction
    "bid.pass": "Pass",
    "bid.clubs": "♣ Clubs",
    "bid.diamonds": "♦ Diamonds",
    "bid.hearts": "♥ Hearts",
    "bid.spades": "♠ Spades",
    "bid.no-trumps": "No trumps",
    "bid.all-trumps": "All trumps",
    "bid.double": "Double",
    "bid.redouble": "Redouble",
    "bid.coinche": "Coinche",
    "bid.surcoinche": "Surcoinche",
    "bid.take": "Take {suit}",
    "bid.capot": "Capot",
    "auction.title": "Your bid",
    "auction.round1": "Take the turned card's suit as trump, or pass.",
    "auction.round2": "Second round: name another suit, or pass.",
    "auction.forced": "Everyone passed: as dealer you must name trump.",
    "auction.history": "Bidding",
    "auction.none": "No bid yet",
    "auction.levels": "Bid",
    # contract
    "contract": "Contract",
    "contract.by": "{contract} · {seat}",
    "contract.doubled": "doubled",
    "contract.redoubled": "redoubled",
    "contract.coinched": "coinched",
    "contract.surcoinched": "surcoinched",
    "contract.none": "—",
    "contract.thrown": "thrown in",
    "trump": "Trump",
    # play
    "turn.you.bid": "Your turn to bid.",
    "turn.you.play": "Your turn: play a card.",
    "turn.you.lead": "Your lead: play any card.",
    "turn.other.bid": "{seat} is bidding…",
    "turn.other.play": "{seat} is playing…",
    "turn.wait": "Wait for your turn.",
    "turn.bid_first": "Cards are played once the bidding is over.",
    "region.score": "Score",
    "region.felt": "Card table",
    "region.me": "Your hand",
    "declare.title": "Declare with your first card",
    "declare.tierce": "Tierce",
    "declare.quarte": "Quarte",
    "declare.quinte": "Quinte",
    "declare.carre": "Four of a kind",
    "declare.belot": "Eight in sequence",
    "declare.value": "{points}",
    "declare.counts": "counts",
    "declare.void": "does not count",
    "belote.belote": "Belote!",
    "belote.rebelote": "Rebelote!",
    "trick": "Trick",
    "trick.won": "{seat} takes the trick.",
    "trick.won.you": "You take the trick.",
    "last.title": "Last trick",
    "last.none": "No trick played yet.",
    "hint.play": "Hint: play the {card}.",
    "hint.bid": "Hint: {bid}.",
    "hint.declare": "Hint: declare your {kind}.",
    "hint.out": "Hint: claim \u201cI'm out\u201d.",
    "hint.none": "No hint now.",
    "out.claimed": "{seat} says \u201cI'm out!\u201d",
    "out.right": "{side} said “I'm out” with {points} points this hand: right!",
    "out.wrong": "{side} said “I'm out” with {points} points this hand: wrong, and "
    "loses.",
    "out.right.you": "You said “I'm out” with {points} points this hand: right!",
    "out.wrong.you": "You said “I'm out” with {points} points this hand: wrong, and "
    "lose.",
    # scores
    "score.title": "Score",
    "score.target": "Game to {target}",
    "score.hanging": "Hanging: {points}",
    "score.tricks": "Tricks",
    "tricks.one": "1 trick",
    "tricks.other": "{n} tricks",
    "score.points": "Points",
    "score.hand": "Hand {n}",
    "sheet.title": "Score sheet",
    "sheet.hand": "#",
    "sheet.contract": "Contract",
    "sheet.empty": "No hand finished yet.",
    "sheet.made": "made",
    "sheet.inside": "inside",
    "sheet.hanging": "hanging {points}",
    "sheet.out": "out",
    "summary.title": "Hand {n}",
    "summary.thrown": "Everyone passed: the cards are thrown in.",
    "summary.cards": "Card points",
    "summary.declarations": "Declarations",
    "summary.belote": "Belote",
    "summary.valat": "Valat",
    "summary.raw": "Total",
    "summary.score": "Scored",
    "summary.hanging": "Hanging",
    "summary.made": "{side} made the contract ({contract}).",
    "summary.inside": "{side} went inside ({contract}).",
    "summary.tied": "Contract not made ({contract}): the takers' points hang.",
    "summary.yes": "yes",
    "match.over": "Match over",
    "match.won": "You win the match!",
    "match.won.team": "You and your partner win the match!",
    "match.lost": "{side} wins the match.",
    "match.lost.team": "They win the match.",
    "match.final": "Final score",
    "stats.title": "Statistics",
    "stats.options.title": "Statistics and options",
    "options.title": "Options",
    "stats.rules": "Rule set",
    "stats.played": "Played",
    "stats.won": "Won",
    "stats.empty": "No match finished yet.",
    # problems
    "save.broken": "Your saved game could not be read ({reason}). It was set aside and a new "
    "match has started.",
    "save.version": "Your saved game is from another version of Belote. It was set aside and "
    "a new match has started.",
    "save.failed": "The game could not be saved in this browser ({reason}).",
    "tab.other": "This game was changed in another tab or window.",
    "tab.reloaded": "Loaded the game as the other tab left it.",
    "error": "Something went wrong: {reason}",
}

STRINGS = {"en": EN}


def t(key: str, **kw) -> str:
    """The text for ``key`` in the current language (English as fallback, else the key)."""
    text = STRINGS.get(LANGUAGE, EN).get(key) or EN.get(key) or key
    return text.format(**kw) if kw else text


SUIT_LETTERS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card_label(card: str) -> str:
    """``JH`` -> ``jack of hearts``."""
    return t("card", rank=t("rank." + card[0]), suit=t("suit." + SUIT_LETTERS[card[1]]))


def reason(text: str) -> str:
    """The engine's reason for a refused card or bid (English words from ``why_illegal``)."""
    return STRINGS.get(LANGUAGE, EN).get("reason:" + text, text)
