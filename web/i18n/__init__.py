"""Every word the table shows, in one place: ``t(key, **kw)``.

English here (``EN``); Spanish, French, Bulgarian and Croatian in ``web/locales/<code>.py``,
each a dict with the same keys and ``{placeholders}`` (tests/test_i18n.py). Keys are short
dotted names; values are ``str.format`` templates. A key missing in a language falls back to
English. The language is the player's choice (settings), else the browser's
(:func:`detect_language`); :func:`set_language` switches it. Only this module carries text: the
engine says why it refuses an action as data (:mod:`belote.refusal`), translated by
:func:`refusal`.

Counts: a key whose English has forms ``key#one`` and ``key#other`` is a plural; ``t(key,
n=5)`` picks the language's form for ``n`` by its small rule (:data:`PLURALS`): "1 card",
"2 karte", "5 karata", "41 bod". Each language gives exactly the forms its rule names.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from belote.refusal import MUST_BEAT, MUST_TRUMP, Refusal
from belote.rules import RULE_SETS
from web.i18n.locales import LOCALES
from web.i18n.locales.daily import WORDS as DAILY_WORDS
from web.i18n.locales.guide import WORDS as GUIDE_WORDS

LANGUAGE = "en"


def _one_other(n: int) -> str:
    return "one" if n == 1 else "other"


def _french(n: int) -> str:
    return "one" if n in (0, 1) else "other"


def _croatian(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "other"


# Each language's plural rule (CLDR's for whole numbers) and the forms it names.
PLURALS = {"en": _one_other, "es": _one_other, "fr": _french, "bg": _one_other,
           "hr": _croatian}
PLURAL_FORMS = {"en": ("one", "other"), "es": ("one", "other"), "fr": ("one", "other"),
                "bg": ("one", "other"), "hr": ("one", "few", "other")}
# Code -> the language's own name (the language menu shows these, whatever the language).
LANGUAGES = {"en": "English", "es": "Español", "fr": "Français", "bg": "Български",
             "hr": "Hrvatski"}

EN: dict[str, str] = {
    # page and bar
    "app.title": "Belote",
    "text.labelled": "{label}: {text}",
    "loading": "Loading…",
    "loading.python": "Starting Python…",
    "loading.game": "Loading the game…",
    "loading.deal": "Dealing…",
    "loading.failed": "Belote could not load.",
    "loading.check": "Check the connection and try again.",
    "loading.retry": "Try again",
    "loading.held": "Your move is held until the game is ready.",
    "setting.rules": "Rules",
    "setting.players": "Players",
    "setting.level": "Bots",
    "setting.four_colour": "Four-colour cards",
    "setting.language": "Language",
    "players.n#one": "{n} player",
    "players.n#other": "{n} players",
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
    "action.help": "Rules",
    "action.help.short": "?",
    "help.loading": "Loading the rules…",
    "help.failed": "The rules could not be loaded ({reason}).",
    "action.next": "Next hand",
    "action.close": "Close",
    "action.out": "I'm out!",
    "action.out.help": "Claim that you have reached {target}: right, you win; wrong, you lose.",
    "action.take-over": "Play in this tab",
    "action.take-over.short": "Play here",
    "action.undo-new-game": "Back to that match",
    "action.undo-new-game.short": "Undo",
    "new.undo.note": "New match. The last one waits until your first move.",
    "settings.note": "Rules and players apply to the next new game.",
    # the Settings panel (web/settings_panel.py)
    "action.settings": "Settings",
    "action.settings.short": "⚙",
    "settings.title": "Settings",
    "settings.rules.legend": "Next game",
    "settings.rules.note": "Rule changes apply to the next new game. Everything else applies "
    "at once.",
    "settings.now": "This match: {rules}, {players}, to {target}.",
    "settings.pending": "The next new game follows the settings above.",
    "settings.new-game": "Start a new game now",
    "setting.target": "Target score",
    "setting.target.help": "The match ends after a hand in which a side reaches this score "
    "(usual: {default}).",
    "option.undertrump": "Undertrump",
    "option.undertrump.help": "A player who can neither follow suit nor beat an opponent's "
    "trump must still play a lower trump.",
    "settings.bots": "Bots",
    "setting.level.seat": "{seat}",
    "settings.play": "Play",
    "setting.speed": "Speed",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.instant": "Instant",
    "setting.autoplay": "Play my only legal card by itself",
    "setting.autoplay.help": "When a single card may be played, it is played after a short "
    "pause.",
    "setting.sound": "Sounds",
    "settings.display": "Display",
    "setting.theme": "Theme",
    "theme.auto": "Like the system",
    "theme.light": "Light",
    "theme.dark": "Dark",
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
    # a card's rank as its face prints it (J♥, 10-J-Q in a declaration)
    "rank.short.J": "J",
    "rank.short.Q": "Q",
    "rank.short.K": "K",
    "rank.short.A": "A",
    "card": "{rank} of {suit}",
    "card.not_playable": "{card}, not playable: {reason}",
    "card.refused": "The {card} cannot be played: {reason}.",
    "card.back": "face-down card",
    "card.turned": "Turned card",
    "card.stock": "Last card of the stock",
    "talon#one": "{n} card to pick up",
    "talon#other": "{n} cards to pick up",
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
    "cards.count#one": "{n} card",
    "cards.count#other": "{n} cards",
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
    "contract.marker.help": "The bidding and the declarations (key B)",
    "hand.title": "Hand {n}: bidding and declarations",
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
    "declare.carre.J": "Four jacks",
    "declare.carre.9": "Four nines",
    "declare.carre.A": "Four aces",
    "declare.carre.T": "Four tens",
    "declare.carre.K": "Four kings",
    "declare.carre.Q": "Four queens",
    "declare.outright": "wins the match",
    "declare.list": "Declarations",
    "declare.none": "No declarations in this hand.",
    "why.declarations": "Declarations",
    "why.sequences": "Sequences",
    "why.carres": "Fours of a kind",
    "why.side": "{what} count for {side}: {why}.",
    "why.none": "{what}: {why}.",
    "why.only": "the only ones declared",
    "why.value": "the higher value",
    "why.carre": "four of a kind beats a sequence of the same value",
    "why.length": "the longer sequence",
    "why.top": "the higher top card",
    "why.rank": "the stronger four of a kind",
    "why.tie": "equal best on both sides, none count",
    "why.first": "equal best, the first from the dealer's right wins",
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
    "out.right": "{side} said “I'm out” with {points} this hand: right!",
    "out.wrong": "{side} said “I'm out” with {points} this hand: wrong, and loses.",
    "out.right.you": "You said “I'm out” with {points} this hand: right!",
    "out.wrong.you": "You said “I'm out” with {points} this hand: wrong, and lose.",
    "out.confirm.title": "Say “I'm out”?",
    "out.confirm.total": "Match total",
    "out.confirm.shown": "This hand: declarations and belote",
    "out.confirm.counted": "Counted so far",
    "out.confirm.target": "Target",
    "out.confirm.needed": "Still to make with your tricks",
    "out.confirm.cards": "The card points of your tricks are not shown: count them yourself.",
    "out.confirm.stake": "If you have reached the target you win the match; if not, you lose "
    "it.",
    "out.confirm.no": "Keep playing",
    # scores
    "score.title": "Score",
    "score.target": "Game to {target}",
    "score.hanging": "Hanging: {points}",
    "score.tricks": "Tricks",
    "count.tricks#one": "{n} trick",
    "count.tricks#other": "{n} tricks",
    "count.points#one": "{n} point",
    "count.points#other": "{n} points",
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
    "sheet.valat": "valat {side} +{points}",
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
    "summary.claim": "Counted at the claim",
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
    "stats.hands": "Hands",
    "stats.taken": "Contracts taken",
    "stats.made": "Made",
    "stats.valats": "Valats",
    "stats.note": "Contracts taken: your own bids that won the auction. Valats: hands in which "
    "your side took every trick.",
    # export, import, replay (web/transfer.py, web/replay.py, web/records.py)
    "action.export-hand": "Export hand",
    "action.export-match": "Export match",
    "action.import": "Import…",
    "action.replay": "Replay",
    "export.done": "Saved as {file}.",
    "import.title": "Import a hand or a match",
    "import.help": "Open a file exported from Belote (one hand, or a whole match), or paste "
    "its text.",
    "import.file": "File",
    "import.paste": "Or paste the text here",
    "import.open": "Open",
    "import.failed": "This cannot be opened: {reason}",
    "import.empty": "there is nothing to open: choose a file or paste a record",
    "import.too_big": "it is far too long for a hand or a match ({size} characters)",
    "import.not_json": "it is not JSON ({reason})",
    "import.nested": "it is nested too deeply",
    "import.unknown": "it is neither a hand record (with a deck) nor a match (with hands)",
    "import.inconsistent": "its contents do not fit together",
    "import.passive": "this game is being played in another tab",
    "import.match.title": "Play this match?",
    "import.match.ask": "This is a match of {rules} ({players}), {where}: {score}. Play it in "
    "place of the current match?",
    "import.match.over": "finished",
    "import.match.note": "The current match is set aside until your first move.",
    "import.resume": "Play this match",
    "import.cancel": "Cancel",
    "import.resumed": "The imported match goes on where it stopped.",
    "import.resumed.undo": "The imported match goes on. The last one waits until your first move.",
    "replay.hand": "Replay hand {n}",
    "replay.title": "Replay: {rules}, hand {n}",
    "replay.title.imported": "Replay: {rules}",
    "replay.keys": "Arrow keys: step back and forth · Home, End: start and end · Esc: close",
    "replay.controls": "Replay controls",
    "replay.first": "Start of the hand",
    "replay.prev": "Previous step",
    "replay.next": "Next step",
    "replay.last": "End of the hand",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.step": "Step",
    "replay.position": "{step} / {steps}",
    "replay.close": "Close the replay",
    "replay.deal": "Dealer: {seat}.",
    "replay.bid": "{seat}: {bid}.",
    "replay.card": "{seat}: the {card}.",
    "replay.end": "End of the hand.",
    "replay.unfinished": "The record stops here, before the end of the hand.",
    "replay.cards#one": "{seat}: {n} card",
    "replay.cards#other": "{seat}: {n} cards",
    "replay.talon": "{card}, not picked up yet",
    "replay.side": "Side",
    "replay.score": "Score of the hand",
    "replay.out": "{side} said “I'm out” with {points} this hand.",
    # the hand review and practice (web/review.py, web/review_panel.py)
    "action.review": "Review",
    "review.hand": "Review hand {n}",
    "review.title": "Review of hand {n}",
    "review.title.imported": "Review of this hand",
    "review.close": "Close the review",
    "review.note": "What each of your choices cost in points of the hand's score: expected, "
    "over deals that fit what you knew then; exact, in the real deal with everyone playing "
    "perfectly from there.",
    "review.note.mistake": "A choice that costs more than {points} (expected) is a mistake.",
    "review.waiting": "The analysis runs in the background, in a helper that is still "
    "starting: it begins by itself in a few seconds. You can keep playing meanwhile.",
    "review.unavailable": "The analysis needs a background helper that could not start in this "
    "browser, so it cannot run here.",
    "review.failed": "The analysis stopped: {reason}",
    "review.starting": "Replaying the hand…",
    "review.progress": "Analysing: {done} of {total}",
    "review.progress.exact": "Exact costs: {done} of {total}",
    "review.done#one": "Done: {n} choice analysed.",
    "review.done#other": "Done: {n} choices analysed.",
    "review.stored": "Analysed before: kept with the hand.",
    "review.cancelled": "Cancelled after {done} of {total}.",
    "review.empty": "You had no real choice in this hand: nothing to review.",
    "review.cancel": "Cancel",
    "review.continue": "Continue",
    "review.list": "Your choices",
    "review.bidding": "Bidding",
    "review.trick": "Trick {n}",
    "review.played": "You: {what}",
    "review.best": "Expert: {what}",
    "review.same": "Expert: the same",
    "review.expected": "Expected cost {cost} ({deals})",
    "review.deals#one": "{n} deal",
    "review.deals#other": "{n} deals",
    "review.exact": "· exact cost {cost}",
    "review.exact.best": "({what} was best)",
    "review.exact.pending": "· exact cost…",
    "review.mistake": "Mistake",
    "review.grade.inaccuracy": "Inaccuracy",
    "review.grade.mistake": "Mistake",
    "review.grade.blunder": "Blunder",
    "review.margin": "± {points}",
    "review.luck.gamble": "A gamble that worked: it cost nothing in the real deal (the grade "
        "follows the expected cost, what you could know).",
    "review.luck.unlucky": "A good choice that was unlucky in the real deal (the grade follows "
        "the expected cost, what you could know).",
    "review.reason.card.partner": "Your partner was already winning the trick: {best} was enough.",
    "review.reason.card.takes": "{best} takes the trick in {a} of {n} deals, {played} in {b}.",
    "review.reason.card.later": "{played} takes this trick in {b} of {n} deals, but {best} "
        "scores more later ({better} of {n}).",
    "review.reason.card.better": "{best} scores more than {played} in {better} of {n} deals, as "
        "much in {same}.",
    "review.reason.bid.holding": "With your {count} {rank}, {best} makes more.",
    "review.reason.bid.loses": "This bid loses points in {pct}% of the deals that fit your hand.",
    "review.reason.bid.better": "{best} scores more than {played} in {better} of {n} deals that "
        "fit your hand.",
    "review.rank.J": "jacks",
    "review.rank.A": "aces",
    "review.mistakes#one": "{n} mistake",
    "review.mistakes#other": "{n} mistakes",
    "review.total": "{mistakes}, {points}",
    "review.total.none": "No mistakes",
    "review.practice": "Practice from here",
    "review.practice.label": "Practice from here ({when}, {what})",
    "practice.notice": "Practice: hand {n} from your choice ({when}). It does not count.",
    "practice.notice.imported": "Practice: this deal from your choice ({when}). It does not count.",
    "practice.end": "Back to the match",
    "practice.end.short": "Back",
    "practice.short": "Practice: it does not count.",
    "practice.again": "Practice again",
    "practice.title": "Practice: end of the hand",
    "practice.failed": "This deal cannot be practised: {reason}",
    # "Learn from your mistakes" (web/puzzles.py)
    "puzzle.open": "Learn from your mistakes",
    "puzzle.title": "Puzzle {i} of {n} ({when})",
    "puzzle.notice": "{title}: {task}",
    "puzzle.task.card": "find the best card.",
    "puzzle.task.bid": "find the best bid.",
    "puzzle.short": "Puzzles",
    "puzzle.prev": "Previous puzzle",
    "puzzle.prev.short": "‹",
    "puzzle.next": "Next puzzle",
    "puzzle.next.short": "›",
    "puzzle.finish": "Finish the puzzles",
    "puzzle.finish.short": "Finish",
    "puzzle.why": "Why?",
    "puzzle.no-hint": "No hint in a puzzle: the hint would be the answer.",
    "puzzle.best": "Well found: {pick} is the best choice.",
    "puzzle.good": "Good: {pick} is as good as {best}, the best.",
    "puzzle.bad": "Not as good: {pick} costs {cost} more than {best}. Try again.",
    "puzzle.other": "The review did not weigh this choice: pick another one.",
    "puzzle.none": "No graded choice in this hand: nothing to learn from.",
    "puzzle.done": "Puzzles done: {solved} of {tried} found at the first try.",
    "stats.puzzles": "Puzzles",
    "stats.solved": "Solved",
    "stats.note.puzzles": "Puzzles: your reviewed choices played again (Learn from your "
    "mistakes); solved: the best found at the first try.",
    # problems
    "save.broken": "Your saved game could not be read ({reason}). It was set aside and a new "
    "match has started.",
    "save.version": "Your saved game is from another version of Belote. It was set aside and "
    "a new match has started.",
    "save.unreadable": "it is not a saved game",
    "tab.other": "This game is now played in another tab.",
    "tab.other.short": "Played in another tab.",
    "tab.reloaded": "Loaded the game as the other tab left it.",
    "error": "Something went wrong: {reason}",
    # why a card or bid is refused (belote.refusal codes; see refusal())
    "refusal.must-follow": "you must follow {suit}",
    "refusal.must-beat": "you must play higher in {suit}",
    "refusal.must-trump": "you must trump with {suit}",
    "refusal.must-overtrump": "you must overtrump",
    "refusal.must-undertrump": "you must play a trump ({suit}) even if it cannot win",
    "refusal.not-held": "you do not hold {card}",
    "refusal.not-an-action": "you cannot do that now",
    "refusal.bid-not-legal": "that bid is not allowed now",
    "refusal.hand-is-over": "the hand is over",
    "refusal.out-lost": "a wrong claim to be out has already lost you the match",
    "refusal.nothing-to-take-back": "there is no move of yours in this hand to take back",
    # taking back a move (issue 27)
    "action.takeback": "Take back",
    "action.takeback.short": "↶",
    "takeback.key": "Take back your last card or bid (U)",
    "takeback.done": "Your move is taken back: play again.",
    "takeback.off": "Taking back moves is off in matches (Settings: take-backs).",
    "setting.takeback": "Allow taking back moves in matches",
    "setting.takeback.help": "Your last card or bid can be taken back (↶ or the key U). A match "
    "in which you do is marked on the score sheet and counted apart in the statistics. Always "
    "allowed in practice and in the guided hands.",
    "sheet.takeback#one": "{n} move taken back",
    "sheet.takeback#other": "{n} moves taken back",
    "sheet.helped": "Moves were taken back in this match: it is counted apart in the statistics.",
    "stats.helped": "With take-backs",
    "stats.helped_won": "Won with take-backs",
    "stats.note.helped": "Matches in which you took back a move are counted apart (with "
    "take-backs), not in Played and Won.",
    "refusal.must-beat-trump": "you must play a higher trump",
    "refusal.must-follow.held": "you must follow {suit}: you hold {held}",
    "refusal.must-beat.held": "you must play higher than the {beat}: you hold {held}",
    "refusal.must-beat.held.partner": (
        "you must play higher than the {beat}, even though your partner is winning: you hold "
        "{held}"),
    "refusal.must-beat-trump.held": "you must play a higher trump than the {beat}: you hold {held}",
    "refusal.must-beat-trump.held.partner": (
        "you must play a higher trump than the {beat}, even though your partner is winning: "
        "you hold {held}"),
    "refusal.must-trump.held": "you cannot follow {led}: you must trump with {held}",
    "refusal.must-trump.held.partner-not": (
        "your partner is not winning and you cannot follow {led}: you must trump with {held}"),
    "refusal.must-trump.held.partner": (
        "you cannot follow {led}: you must trump with {held}, even though your partner is "
        "winning"),
    "refusal.must-overtrump.held": (
        "you must overtrump: you hold {held}, higher than the {beat} on the table"),
    "refusal.must-overtrump.held.partner": (
        "you must overtrump, even though your partner is winning: you hold {held}, higher than "
        "the {beat} on the table"),
    "refusal.must-undertrump.held": (
        "you cannot beat the {beat}, but you must still play a trump: you hold {held}"),
    "refusal.must-undertrump.held.partner": (
        "your partner is winning, but you cannot follow {led} and must still play a trump: you "
        "hold {held}"),
    "refusal.auction-is-over": "the auction is over",
    "refusal.no-card-now": "no card can be played now",
    "refusal.hand-not-over": "the hand is not over yet",
    "refusal.match-is-over": "the match is over",
    "refusal.declare-first-card": "declarations are made with your first card",
    "refusal.already-declared": "that declaration is made already",
    "refusal.not-a-declaration": "you hold no such declaration",
    "refusal.out-not-allowed": (
        "you may say “I'm out” only after winning a "
        "trick with points, and not on the last trick"),
    # a save that could not be used in part, storage that refuses, a new version (issue 12)
    "save.too_big": "it is far too big ({size} characters)",
    "save.settings_lost": "Your saved settings could not be read. They were set aside and the "
    "defaults are back.",
    "save.stats_lost": "Your saved statistics could not be read. They were set aside and start "
    "again from zero.",
    "save.off": "Your progress is not being saved: this browser refuses to store it ({reason}). "
    "You can keep playing.",
    "update.ready": "A new version of Belote is ready.",
    "update.reload": "Reload",
    "offline.ready": "Ready to play offline.",
    "offline.filling": "Getting ready to play offline…",
    "offline.incomplete": "Not ready to play offline yet: some files could not be downloaded. "
    "They are fetched again on the next start.",
}
EN.update(GUIDE_WORDS["en"])  # the guided hands' words (web/locales/guide.py)
EN.update(DAILY_WORDS["en"])  # the daily deal's words (web/i18n/locales/daily.py)



class _Strings(Mapping):
    """``{code: {key: text}}`` for every language, English included (others load on demand)."""

    def __getitem__(self, code: str) -> dict[str, str]:
        return EN if code == "en" else LOCALES[code]

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


STRINGS: Mapping[str, dict[str, str]] = _Strings()
_WORDS = EN  # STRINGS[LANGUAGE]


def set_language(code) -> str:
    """Switch the language (an unknown code means English); returns the language now used."""
    global LANGUAGE, _WORDS
    LANGUAGE = code if code in LANGUAGES else "en"
    _WORDS = STRINGS[LANGUAGE]
    return LANGUAGE


def current_language() -> str:
    return LANGUAGE


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` while the block runs, then the language of before: the table's view
    (web/app/view.py) draws in its model's language, whatever was spoken before."""
    before = LANGUAGE
    try:
        yield set_language(code)
    finally:
        set_language(before)


def detect_language(navigator_languages) -> str:
    """The first of the browser's languages (``navigator.languages``: ``["bg-BG", "en"]``) that
    the table speaks, by its primary subtag; English when none is."""
    for tag in navigator_languages or ():
        if isinstance(tag, str):
            code = tag.strip().lower().replace("_", "-").split("-")[0]
            if code in LANGUAGES:
                return code
    return "en"


def t(key: str, **kw) -> str:
    """The text for ``key`` in the current language (English as fallback, else the key); a
    plural key takes the form for ``n``."""
    text = _WORDS.get(key) or EN.get(key)
    if text is None:
        n = kw.get("n")
        if isinstance(n, int) and key + "#other" in EN:
            text = (_WORDS.get(f"{key}#{PLURALS[LANGUAGE](n)}") or _WORDS.get(key + "#other")
                    or EN[f"{key}#{_one_other(n)}"])
        else:
            text = key
    return text.format(**kw) if kw else text


# The decimal separator of each language (a cost of 2.4 points: "2,4" but in English).
DECIMAL_COMMA = {"es", "fr", "bg", "hr"}


def number(x: float, digits: int = 1) -> str:
    """``x`` rounded to ``digits`` decimals as the language writes it, without trailing
    zeros: ``2.4`` (``2,4`` in French), ``18``."""
    text = f"{x:.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text.replace(".", ",") if LANGUAGE in DECIMAL_COMMA else text


def _decimal_form(text: str) -> str:
    """The plural form of a number written with decimals (CLDR, by its integer part ``i`` and
    its visible fraction digits ``f``): French says "1,5 point", Croatian "2,3 boda"."""
    whole, _, fraction = text.replace(",", ".").partition(".")
    i, f = int(whole.lstrip("-") or 0), int(fraction or 0)
    if LANGUAGE == "fr":
        return "one" if i in (0, 1) else "other"
    if LANGUAGE == "hr":
        if f % 10 == 1 and f % 100 != 11:
            return "one"
        if 2 <= f % 10 <= 4 and not 12 <= f % 100 <= 14:
            return "few"
    return "other"


def count(key: str, x: float, digits: int = 1) -> str:
    """A plural ``key`` for a number that may have decimals (``count.points``: "2,4 points"):
    a whole number takes the language's usual form."""
    text = number(x, digits)
    plain = text.lstrip("-")
    form = PLURALS[LANGUAGE](int(plain)) if plain.isdigit() else _decimal_form(text)
    template = (_WORDS.get(f"{key}#{form}") or _WORDS.get(key + "#other")
                or EN.get(f"{key}#{'one' if text == '1' else 'other'}") or key)
    return template.format(n=text)


def plural_keys() -> set[str]:
    """The plural keys of English (without their ``#form``)."""
    return {k.split("#")[0] for k in EN if "#" in k}


SUIT_LETTERS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card_label(card: str) -> str:
    """``JH`` -> ``jack of hearts``."""
    return t("card", rank=t("rank." + card[0]), suit=t("suit." + SUIT_LETTERS[card[1]]))


def refusal(why: Refusal | None) -> str:
    """Why the engine refused an action (:mod:`belote.refusal`), in the current language."""
    if why is None:
        return ""
    params = why.params
    key = "refusal." + why.code
    if why.code == MUST_BEAT and params.get("trump"):
        key = "refusal.must-beat-trump"
    words = {}
    for name in ("suit", "led"):
        if name in params:
            words[name] = t("suit." + params[name])
    if "card" in params:
        words["card"] = card_label(params["card"])
    if params.get("held"):  # the duty with the cards that make it (belote.play.duty_refusal)
        words["held"] = ", ".join(card_short(c) for c in params["held"])
        words["beat"] = card_short(params["beat"]) if params.get("beat") else ""
        key += ".held"
        partner = params.get("partner")
        if partner == "winning" or (partner == "not-winning" and why.code == MUST_TRUMP):
            key += ".partner" if partner == "winning" else ".partner-not"
        if key not in EN:
            key = key.rsplit(".", 1)[0]
    return t(key, **words)


SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def rank_short(rank: str) -> str:
    """A rank as a card's face prints it in the language: ``T`` -> ``10``, ``J`` -> ``J``
    (French ``V``, Bulgarian ``В``)."""
    if rank == "T":
        return "10"
    return t("rank.short." + rank) if rank in "JQKA" else rank


def card_short(card: str) -> str:
    """``JH`` -> ``J♥``, ``TS`` -> ``10♠``: a card as its face prints it."""
    return rank_short(card[0]) + SYMBOLS[card[1]]


def double_name(word: str, rules: str) -> str:
    """What players call a ``double`` or ``redouble`` under ``rules``: coinche, surcoinche."""
    cls = RULE_SETS.get(rules)
    names = cls.double_names if cls else ("double", "redouble")
    return names[word == "redouble"]


def contract_words(words: str, rules: str = "") -> str:
    """The engine's words for a contract in the score sheet (``90 hearts doubled``, ``capot
    spades``, ``all-trumps redoubled``, ``thrown in``) in the current language."""
    if not words or words == "thrown in":
        return t("contract.thrown") if words else ""
    out = []
    for word in words.split():
        if word in ("doubled", "redoubled"):
            out.append(t("contract." + double_name(word[:-1], rules) + "d"))
        elif word == "capot":
            out.append(t("bid.capot"))
        elif word in ("no-trumps", "all-trumps"):
            out.append(t("bid." + word))
        elif word in SUIT_LETTERS.values():
            out.append(t("suit." + word))
        else:
            out.append(word)
    return " ".join(out)
