"""The guided hands' words (web/coach/guide.py, web/coach/guide_script.py) in the five
languages: merged into English (en.py) and each language's STRINGS, with the same checks
(tests/test_i18n.py, tests/test_typography.py). Keys: ``guide.<key>`` shared,
``guide.<rules>.<key>`` one guide's."""

from __future__ import annotations

import re


def _french(words: dict[str, str]) -> dict[str, str]:
    """French typography: a non-breaking space before : ; ! ? » and after «."""
    return {k: re.sub(r"«\s*", "«\u00a0", re.sub(r"\s+([:;!?»])", "\u00a0\\1", v))
            for k, v in words.items()}


EN = {
    "guide.offer": "New to Belote? Learn in 3 minutes with a guided hand.",
    "guide.offer.rules": "First time with {rules}? A guided hand shows it in 3 minutes.",
    "guide.learn": "Learn",
    "guide.help": "Play a guided hand",
    "guide.next": "Next",
    "guide.skip": "Skip the guide",
    "guide.skip.short": "Skip",
    "guide.short": "Guided hand.",
    "guide.off-script": "In this guided hand, play the {what}: the next steps follow it.",
    "guide.wait-next": "Read the tip above, then press Next.",
    "guide.over": "The hand is over: here is how it scores.",
    "guide.over.title": "Guided hand: the score",
    "guide.done": "Done",
    "guide.team.us": "your team",
    "guide.team.them": "the other team",
    "guide.score.cards": "Card points, the last trick's 10 included: you {us}, them {them}.",
    "guide.score.declarations": "Declarations that count: you {us}, them {them}.",
    "guide.score.belote": "Belote: you {us}, them {them}.",
    "guide.score.valat": "One team took all eight tricks: its valat bonus is in.",
    "guide.score.raw": "In all: you {us}, them {them}.",
    "guide.score.made": "The contract is made by {who}.",
    "guide.score.inside": "The contract failed: {who} is inside.",
    "guide.score.score": "Added to the match: you {us}, them {them}.",
    "guide.score.hanging": "{n} points hang: they go to whoever wins the next hand.",
    # Bulgarian
    "guide.bulgarian.intro": "Bulgarian Belot: you and your partner (top) against the two "
                             "sides. Five cards now, three more after the bidding.",
    "guide.bulgarian.bid": "Each bid must be higher: ♣ ♦ ♥ ♠, no trumps, all trumps. "
                           "With 9♥ K♥ Q♥, bid {bid}.",
    "guide.bulgarian.contract": "Three passes after a bid end the bidding: hearts are trumps "
                                "(see the corner). A double would make it count twice.",
    "guide.bulgarian.declare": "Spades are led: you must follow suit. Play the {card}; "
                               "your tierce 10-J-Q ♣ is declared with it.",
    "guide.bulgarian.declarations": "Declarations are shown after the first trick: your "
                                    "tierce to the queen beats theirs to the jack.",
    "guide.bulgarian.lead": "You won the trick, so you lead: any card. Play the {card}.",
    "guide.bulgarian.overtrump": "They trumped with the 8♥: you must overtrump. Play the "
                                 "{card}: you say belot (K-Q of trumps).",
    "guide.bulgarian.lead.partner": "Let your partner take the lead: play the {card}.",
    "guide.bulgarian.beat.trump": "Trumps are led: play higher if you can, even when your "
                                  "partner holds the trick. Play the {card}.",
    "guide.bulgarian.partner.frees": "No diamond, but your partner holds the trick: you need "
                                     "not trump. Discard the {card}.",
    "guide.bulgarian.trump.follow": "You cannot beat the 10♥: any heart will do. "
                                    "Play the {card}.",
    "guide.bulgarian.last": "The last trick adds 10 points. The {card} trumps it: "
                            "rebelote, your belot counts 20.",
    "guide.bulgarian.rule": "Bulgarian: the takers need more points than the others; fewer, "
                            "they are inside; equal, their points hang. Totals count ÷ 10.",
    # French
    "guide.french.intro": "French Belote: you and your partner (top) against the two sides. Five "
                          "cards each, and one turned face up: the 7♠.",
    "guide.french.pass": "First round: take the turned card's suit (spades) as trumps, or pass. "
                         "Your spades are weak: {bid}.",
    "guide.french.name": "Nobody took. Second round: name another suit, or pass. With A-K-Q-7 ♥, "
                         "choose {bid}.",
    "guide.french.contract": "You take: the 7♠ and two more cards are yours, three for each of the"
                             " others. Hearts are trumps (see the corner).",
    "guide.french.follow": "Spades are led: you must follow suit, even holding trumps. Play the "
                           "{card}; your tierce Q-K-A ♥ is declared with it.",
    "guide.french.declarations": "The best declaration at the table decides: your tierce to the "
                                 "ace beats theirs to the jack, so only yours count. Belote counts"
                                 " apart.",
    "guide.french.undertrump": "They trumped with the J♥. You cannot beat it, yet you must still "
                               "play a trump (undertrump). Play the {card}: belote!",
    "guide.french.beat.trump": "Trumps are led: play a higher one if you can. Play the {card}: "
                               "rebelote, your belote counts 20.",
    "guide.french.partner.frees": "No diamond, but your partner holds the trick: you need not "
                                  "trump. Discard the {card}.",
    "guide.french.overtrump": "They trumped with the 10♥: you must overtrump. Play the {card}.",
    "guide.french.lead": "You won the trick, so you lead: any card. Play the {card}.",
    "guide.french.trump": "No club, and your partner is not winning: you must trump. Play the "
                          "{card}.",
    "guide.french.last": "The last trick adds 10 points (dix de der). Lead the {card}: nobody has "
                         "a spade left.",
    "guide.french.rule": "French: the takers need more points than the others; fewer, they are "
                         "inside (dedans) and the others score 162 and every declaration; equal "
                         "(litige), their points hang. Capot: 252.",
    # Coinche
    "guide.coinche.intro": "Coinche: you and your partner (top) against the two sides. All eight "
                           "cards are dealt before the bidding.",
    "guide.coinche.bid": "A bid promises points with a trump suit: they bid 80 diamonds. With "
                         "A-K-Q-7 ♥, a tierce and belote, bid {bid}.",
    "guide.coinche.surcoinche": "They coinched: they bet you fail, and the hand counts double. "
                                "Sure of yourself? Surcoinche makes it count four times: {bid}.",
    "guide.coinche.contract": "A surcoinche ends the bidding: you must make 90 with hearts as "
                              "trumps, and at least 82 in cards.",
    "guide.coinche.follow": "Spades are led: you must follow suit, even holding trumps. Play the "
                            "{card}; your tierce Q-K-A ♥ is declared with it.",
    "guide.coinche.declarations": "The best declaration at the table decides: your tierce to the "
                                  "ace beats theirs to the jack, so only yours count. Belote "
                                  "counts apart.",
    "guide.coinche.no.undertrump": "They trumped with the J♥ and you cannot beat it. In Coinche "
                                   "you need not trump under it: keep your trumps, discard the "
                                   "{card}.",
    "guide.coinche.beat.trump": "Trumps are led: play a higher one if you can. Play the {card}: "
                                "belote (K-Q of trumps).",
    "guide.coinche.partner.frees": "No diamond, but your partner holds the trick: you need not "
                                   "trump. Discard the {card}.",
    "guide.coinche.overtrump": "They trumped with the 10♥: you must overtrump. Play the {card}.",
    "guide.coinche.lead": "You won the trick, so you lead: any card. Play the {card}.",
    "guide.coinche.trump": "No club, and your partner is not winning: you must trump. Play the "
                           "{card}: rebelote, your belote counts 20.",
    "guide.coinche.last": "The last trick adds 10 points (dix de der). Lead the {card}: nobody has"
                          " a trump left.",
    "guide.coinche.rule": "Coinche: made with 82 card points or more and the bid reached; cards "
                          "(to the ten), declarations and the bid count, ×2 coinched, ×4 "
                          "surcoinched; belote is never multiplied. Failed: the others score 160, "
                          "the bid and the declarations. Capot: 250.",
    # Bela
    "guide.bela.intro": "Bela: you and your partner (top) against the two sides. You deal: six "
                        "cards each now, two more face down once trumps are named.",
    "guide.bela.bid": "One round: each names a suit or passes. All three passed, so the dealer "
                      "must name one. With J♥ 9♥ K♥ Q♥, name {bid}.",
    "guide.bela.contract": "Hearts are trumps (see the corner); your two face-down cards join "
                           "your hand. Your team needs more than half of all the points.",
    "guide.bela.beat": "Spades are led: follow suit and beat the highest spade, even your "
                       "partner's. Play the {card}; your tierce J-Q-K ♥ is declared with it.",
    "guide.bela.declarations": "Each team's best declaration is compared: your partner's tierce "
                               "to the ace beats theirs to the jack, so your team scores both "
                               "its tierces.",
    "guide.bela.lead": "You won the trick, so you lead. Draw their trumps: play the {card}; each "
                       "must play a higher trump if able.",
    "guide.bela.lead.partner": "Let your partner take the lead: play the {card}.",
    "guide.bela.trump.partner": "No diamond: you must trump, even though your partner holds the "
                                "trick. Play the {card}: you say bela (K-Q of trumps).",
    "guide.bela.give": "You cannot win every trick: lead the {card}, they take this one.",
    "guide.bela.overtrump": "They trumped with the 8♥: you must overtrump. Play the {card}, your "
                            "bela's second card: it counts 20.",
    "guide.bela.trumps": "Only you hold trumps now: play the {card}.",
    "guide.bela.last": "The last trick adds 10 points. Play the {card}.",
    "guide.bela.rule": "Bela: the team that named trumps needs more than half of all points, "
                       "else it falls and the others score it all. All eight tricks: +90.",
    # Classic
    "guide.classic.intro": "Classic Belote: you and your partner (top) against the two sides. "
                           "You deal: five cards each and one turned up, the 7♠. Card points "
                           "stay hidden: count them.",
    "guide.classic.pass": "First round: take the turned card's suit (spades) as trumps, or pass. "
                          "Your spades are weak: {bid}.",
    "guide.classic.name": "Nobody took: second round, name any other suit or pass. With A♥ K♥ Q♥ "
                          "9♥, name {bid}.",
    "guide.classic.contract": "Hearts are trumps. The taker gets the turned 7♠ and two more "
                              "cards, the others three. You must score more than the other team.",
    "guide.classic.follow": "Spades are led: you must follow suit. Play the {card}; your tierce "
                            "Q-K-A ♥ is declared with it.",
    "guide.classic.declarations": "The single best declaration decides: your tierce to the ace "
                                  "beats theirs to the king, so only your team's declarations "
                                  "count.",
    "guide.classic.beat.trump": "A trump is led: you must play higher if you can, even over your "
                                "partner. Play the {card}.",
    "guide.classic.trump": "No spade, and an opponent holds the trick: you must trump. Play the "
                           "{card}: you say belote (K-Q of trumps).",
    "guide.classic.give": "Lead the {card}: they win this one.",
    "guide.classic.partner.frees": "No club, but your partner holds the trick: you need not "
                                   "trump. Discard the {card}.",
    "guide.classic.overtrump": "They trumped with the 8♥: you must overtrump. Play the {card}: "
                               "rebelote, your belote counts 20.",
    "guide.classic.trumps": "Only you hold trumps now: play the {card}.",
    "guide.classic.last": "The last trick adds 10 points. Play the {card}.",
    "guide.classic.rule": "Classic: the takers must score more than the others, or the others "
                          "add the takers' points to theirs; a tie leaves them pending. Capot: "
                          "+100.",
}

FR = _french({
    "guide.offer": "Nouveau à la belote ? Apprenez en 3 minutes avec une donne guidée.",
    "guide.offer.rules": "Première partie de {rules} ? Une donne guidée la montre en 3 minutes.",
    "guide.learn": "Apprendre",
    "guide.help": "Jouer une donne guidée",
    "guide.next": "Suivant",
    "guide.skip": "Passer le guide",
    "guide.skip.short": "Passer",
    "guide.short": "Donne guidée.",
    "guide.off-script": "Dans cette donne guidée, jouez le {what} : la suite en dépend.",
    "guide.wait-next": "Lisez le conseil ci-dessus, puis « Suivant ».",
    "guide.over": "La donne est finie : voici son décompte.",
    "guide.over.title": "Donne guidée : le décompte",
    "guide.done": "Terminé",
    "guide.team.us": "votre équipe",
    "guide.team.them": "l'autre équipe",
    "guide.score.cards": "Points des cartes, 10 de der compris : vous {us}, eux {them}.",
    "guide.score.declarations": "Annonces qui comptent : vous {us}, eux {them}.",
    "guide.score.belote": "Belote : vous {us}, eux {them}.",
    "guide.score.valat": "Une équipe a fait les huit plis : sa prime de capot compte.",
    "guide.score.raw": "En tout : vous {us}, eux {them}.",
    "guide.score.made": "Le contrat est rempli par {who}.",
    "guide.score.inside": "Le contrat a chuté : {who} est dedans.",
    "guide.score.score": "Ajouté à la partie : vous {us}, eux {them}.",
    "guide.score.hanging": "{n} points sont en suspens : ils iront au gagnant de la donne "
                           "suivante.",
    "guide.bulgarian.intro": "Belote bulgare : vous et votre partenaire (en haut) contre les "
                             "deux côtés. Cinq cartes, puis trois après les enchères.",
    "guide.bulgarian.bid": "Chaque enchère doit monter : ♣ ♦ ♥ ♠, sans-atout, tout-atout. "
                           "Avec 9♥ R♥ D♥, annoncez {bid}.",
    "guide.bulgarian.contract": "Trois passes après une enchère la terminent : cœur est "
                                "atout (voir le coin). Un contre doublerait tout.",
    "guide.bulgarian.declare": "Pique est joué : vous devez fournir. Jouez le {card} ; "
                               "votre tierce 10-V-D ♣ est annoncée avec.",
    "guide.bulgarian.declarations": "Les annonces se montrent après le premier pli : votre "
                                    "tierce à la dame bat la leur au valet.",
    "guide.bulgarian.lead": "Vous avez fait le pli, vous entamez : n'importe quelle carte. "
                            "Jouez le {card}.",
    "guide.bulgarian.overtrump": "Ils ont coupé du 8♥ : vous devez surcouper. Jouez la "
                                 "{card} : belote (R-D d'atout).",
    "guide.bulgarian.lead.partner": "Donnez la main à votre partenaire : jouez la {card}.",
    "guide.bulgarian.beat.trump": "Atout joué : montez si vous pouvez, même si votre "
                                  "partenaire tient le pli. Jouez le {card}.",
    "guide.bulgarian.partner.frees": "Pas de carreau, mais votre partenaire tient le pli : "
                                     "inutile de couper. Défaussez le {card}.",
    "guide.bulgarian.trump.follow": "Vous ne pouvez pas battre le 10♥ : n'importe quel "
                                    "cœur. Jouez le {card}.",
    "guide.bulgarian.last": "Le dernier pli vaut 10 de plus. Le {card} le coupe : "
                            "rebelote, votre belote compte 20.",
    "guide.bulgarian.rule": "Bulgare : les preneurs doivent avoir plus que les autres ; "
                            "moins, ils sont dedans ; égalité, leurs points sont en suspens. "
                            "Les totaux comptent ÷ 10.",
    "guide.french.intro": "Belote française : vous et votre partenaire (en haut) contre les deux "
                          "côtés. Cinq cartes chacun, et une retournée : le 7♠.",
    "guide.french.pass": "Premier tour : prendre la couleur retournée (pique) comme atout, ou "
                         "passer. Vos piques sont faibles : {bid}.",
    "guide.french.name": "Personne n'a pris. Second tour : nommez une autre couleur, ou passez. "
    "Avec A-R-D-7 ♥, choisissez {bid}.",
    "guide.french.contract": "Vous prenez : le 7♠ et deux cartes de plus pour vous, trois pour les"
                             " autres. Cœur est atout (voir le coin).",
    "guide.french.follow": "Pique est joué : vous devez fournir, même avec de l'atout. Jouez le "
    "{card} ; votre tierce D-R-A ♥ est annoncée avec.",
    "guide.french.declarations": "La meilleure annonce de la table décide : votre tierce à l'as "
                                 "bat la leur au valet, seules les vôtres comptent. La belote "
                                 "compte à part.",
    "guide.french.undertrump": "Ils ont coupé du V♥. Vous ne pouvez pas monter, mais vous devez "
                               "couper quand même (sous-couper). Jouez la {card} : belote !",
    "guide.french.beat.trump": "Atout joué : montez si vous pouvez. Jouez le {card} : rebelote, "
                               "votre belote compte 20.",
    "guide.french.partner.frees": "Pas de carreau, mais votre partenaire tient le pli : inutile de"
                                  " couper. Défaussez le {card}.",
    "guide.french.overtrump": "Ils ont coupé du 10♥ : vous devez surcouper. Jouez l'{card}.",
    "guide.french.lead": "Vous avez fait le pli, vous entamez : n'importe quelle carte. Jouez le "
                         "{card}.",
    "guide.french.trump": "Pas de trèfle, et votre partenaire ne tient pas le pli : vous devez "
                          "couper. Jouez le {card}.",
    "guide.french.last": "Le dernier pli vaut 10 de plus (dix de der). Entamez le {card} : plus "
                         "personne n'a de pique.",
    "guide.french.rule": "Française : les preneurs doivent faire plus que les autres ; sinon ils "
                         "sont dedans et les autres marquent 162 et toutes les annonces ; à "
                         "égalité (litige), leurs points sont en suspens. Capot : 252.",
    "guide.coinche.intro": "Coinche : vous et votre partenaire (en haut) contre les deux côtés. "
                           "Les huit cartes sont données avant les enchères.",
    "guide.coinche.bid": "Une enchère promet des points avec un atout : ils ont dit 80 carreau. "
    "Avec A-R-D-7 ♥, une tierce et la belote, annoncez {bid}.",
    "guide.coinche.surcoinche": "Ils ont coinché : ils parient sur votre chute, la donne compte "
                                "double. Sûr de vous ? Surcoinchez, elle comptera quatre fois : "
                                "{bid}.",
    "guide.coinche.contract": "La surcoinche clôt les enchères : vous devez faire 90 à cœur, dont "
                              "au moins 82 en cartes.",
    "guide.coinche.follow": "Pique est joué : vous devez fournir, même avec de l'atout. Jouez le "
    "{card} ; votre tierce D-R-A ♥ est annoncée avec.",
    "guide.coinche.declarations": "La meilleure annonce de la table décide : votre tierce à l'as "
                                  "bat la leur au valet, seules les vôtres comptent. La belote "
                                  "compte à part.",
    "guide.coinche.no.undertrump": "Ils ont coupé du V♥ et vous ne pouvez pas monter. À la "
                                   "coinche, inutile de sous-couper : gardez vos atouts, défaussez"
                                   " le {card}.",
    "guide.coinche.beat.trump": "Atout joué : montez si vous pouvez. Jouez le {card} : belote (R-D"
                                " d'atout).",
    "guide.coinche.partner.frees": "Pas de carreau, mais votre partenaire tient le pli : inutile "
                                   "de couper. Défaussez le {card}.",
    "guide.coinche.overtrump": "Ils ont coupé du 10♥ : vous devez surcouper. Jouez l'{card}.",
    "guide.coinche.lead": "Vous avez fait le pli, vous entamez : n'importe quelle carte. Jouez le "
                          "{card}.",
    "guide.coinche.trump": "Pas de trèfle, et votre partenaire ne tient pas le pli : vous devez "
                           "couper. Jouez la {card} : rebelote, votre belote compte 20.",
    "guide.coinche.last": "Le dernier pli vaut 10 de plus (dix de der). Entamez le {card} : plus "
                          "personne n'a d'atout.",
    "guide.coinche.rule": "Coinche : contrat rempli avec au moins 82 points de cartes et l'enchère"
                          " atteinte ; cartes (à la dizaine), annonces et enchère comptent, ×2 "
                          "coinché, ×4 surcoinché ; la belote n'est jamais multipliée. Chute : les"
                          " autres marquent 160, l'enchère et les annonces. Capot : 250.",
    # Bela
    "guide.bela.intro": "Bela : vous et votre partenaire (en haut) contre les deux côtés. Vous "
                        "donnez : six cartes chacun, deux de plus face cachée après l'atout.",
    "guide.bela.bid": "Un seul tour : chacun nomme une couleur ou passe. Les trois ont passé, le "
    "donneur doit nommer. Avec V♥ 9♥ R♥ D♥, nommez {bid}.",
    "guide.bela.contract": "Cœur est atout (voir le coin) ; vos deux cartes cachées rejoignent "
                           "votre main. Votre équipe doit faire plus de la moitié des points.",
    "guide.bela.beat": "Pique est joué : fournissez et montez sur le plus haut pique, même celui "
    "du partenaire. Jouez l'{card} ; votre tierce V-D-R ♥ est annoncée avec.",
    "guide.bela.declarations": "On compare la meilleure annonce de chaque équipe : la tierce à "
                               "l'as de votre partenaire bat la leur au valet, votre équipe "
                               "compte ses deux tierces.",
    "guide.bela.lead": "Vous avez fait le pli, vous entamez. Faites tomber leurs atouts : jouez "
                       "le {card} ; chacun doit monter s'il le peut.",
    "guide.bela.lead.partner": "Donnez la main à votre partenaire : jouez le {card}.",
    "guide.bela.trump.partner": "Pas de carreau : vous devez couper, même si votre partenaire "
    "tient le pli. Jouez la {card} : bela (R-D d'atout).",
    "guide.bela.give": "Impossible de tout gagner : entamez le {card}, ce pli est pour eux.",
    "guide.bela.overtrump": "Ils ont coupé du 8♥ : vous devez surcouper. Jouez le {card}, la "
                            "seconde carte de votre bela : elle compte 20.",
    "guide.bela.trumps": "Vous seul avez encore de l'atout : jouez le {card}.",
    "guide.bela.last": "Le dernier pli vaut 10 de plus. Jouez le {card}.",
    "guide.bela.rule": "Bela : l'équipe qui a nommé l'atout doit faire plus de la moitié des "
                       "points, sinon elle tombe et les autres marquent tout. Tous les plis : "
                       "+90.",
    # Classic
    "guide.classic.intro": "Belote classique : vous et votre partenaire (en haut) contre les "
                           "deux côtés. Vous donnez : cinq cartes chacun, puis le 7♠ retourné. "
                           "Les points restent cachés : comptez-les.",
    "guide.classic.pass": "Premier tour : prenez la couleur retournée (pique) comme atout, ou "
                          "passez. Vos piques sont faibles : {bid}.",
    "guide.classic.name": "Personne n'a pris : second tour, nommez une autre couleur ou passez. "
    "Avec A♥ R♥ D♥ 9♥, nommez {bid}.",
    "guide.classic.contract": "Cœur est atout. Le preneur reçoit le 7♠ retourné et deux cartes, "
                              "les autres trois. Vous devez faire plus que l'autre équipe.",
    "guide.classic.follow": "Pique est joué : vous devez fournir. Jouez le {card} ; votre tierce "
    "D-R-A ♥ est annoncée avec.",
    "guide.classic.declarations": "La meilleure annonce de la table décide : votre tierce à l'as "
                                  "bat la leur au roi, seules les annonces de votre équipe "
                                  "comptent.",
    "guide.classic.beat.trump": "Atout joué : montez si vous pouvez, même sur votre partenaire. "
                                "Jouez l'{card}.",
    "guide.classic.trump": "Pas de pique, et un adversaire tient le pli : vous devez couper. "
    "Jouez la {card} : belote (R-D d'atout).",
    "guide.classic.give": "Entamez le {card} : ce pli est pour eux.",
    "guide.classic.partner.frees": "Pas de trèfle, mais votre partenaire tient le pli : inutile "
                                   "de couper. Défaussez le {card}.",
    "guide.classic.overtrump": "Ils ont coupé du 8♥ : vous devez surcouper. Jouez le {card} : "
                               "rebelote, votre belote compte 20.",
    "guide.classic.trumps": "Vous seul avez encore de l'atout : jouez le {card}.",
    "guide.classic.last": "Le dernier pli vaut 10 de plus. Jouez le {card}.",
    "guide.classic.rule": "Classique : les preneurs doivent faire plus que les autres, sinon "
                          "ceux-ci ajoutent les points des preneurs aux leurs ; égalité : en "
                          "suspens. Capot : +100.",
})

ES = {
    "guide.offer": "¿Nuevo en la belote? Aprenda en 3 minutos con una mano guiada.",
    "guide.offer.rules": "¿Primera vez con {rules}? Una mano guiada lo muestra en 3 minutos.",
    "guide.learn": "Aprender",
    "guide.help": "Jugar una mano guiada",
    "guide.next": "Siguiente",
    "guide.skip": "Saltar la guía",
    "guide.skip.short": "Saltar",
    "guide.short": "Mano guiada.",
    "guide.off-script": "En esta mano guiada, juegue el {what}: los pasos siguientes "
                        "dependen de ello.",
    "guide.wait-next": "Lea el consejo de arriba y pulse «Siguiente».",
    "guide.over": "La mano ha terminado: así se puntúa.",
    "guide.over.title": "Mano guiada: la puntuación",
    "guide.done": "Hecho",
    "guide.team.us": "su equipo",
    "guide.team.them": "el otro equipo",
    "guide.score.cards": "Puntos de cartas, con los 10 de la última baza: ustedes {us}, "
                         "ellos {them}.",
    "guide.score.declarations": "Cantos que cuentan: ustedes {us}, ellos {them}.",
    "guide.score.belote": "Belote: ustedes {us}, ellos {them}.",
    "guide.score.valat": "Un equipo ganó las ocho bazas: cuenta su prima de capote.",
    "guide.score.raw": "En total: ustedes {us}, ellos {them}.",
    "guide.score.made": "El contrato lo cumple {who}.",
    "guide.score.inside": "El contrato fracasó: {who} queda dentro.",
    "guide.score.score": "Sumado a la partida: ustedes {us}, ellos {them}.",
    "guide.score.hanging": "{n} puntos quedan pendientes: serán de quien gane la próxima mano.",
    "guide.bulgarian.intro": "Belot búlgaro: usted y su compañero (arriba) contra los dos "
                             "lados. Cinco cartas ahora, tres más tras la subasta.",
    "guide.bulgarian.bid": "Cada oferta debe ser mayor: ♣ ♦ ♥ ♠, sin triunfo, todo triunfo. "
                           "Con 9♥ R♥ D♥, oferte {bid}.",
    "guide.bulgarian.contract": "Tres pases tras una oferta la cierran: corazones es triunfo "
                                "(vea la esquina). Un doble lo contaría dos veces.",
    "guide.bulgarian.declare": "Salen picas: debe seguir el palo. Juegue el {card}; "
                               "su tercera 10-J-Q ♣ se canta con ella.",
    "guide.bulgarian.declarations": "Los cantos se muestran tras la primera baza: su tercera "
                                    "a la reina gana a la suya a la jota.",
    "guide.bulgarian.lead": "Ganó la baza, así que sale usted: cualquier carta. "
                            "Juegue el {card}.",
    "guide.bulgarian.overtrump": "Fallaron con el 8♥: debe contrafallar. Juegue la {card}: "
                                 "dice belot (R-D de triunfo).",
    "guide.bulgarian.lead.partner": "Deje la mano a su compañero: juegue la {card}.",
    "guide.bulgarian.beat.trump": "Salen triunfos: suba si puede, aunque su compañero gane "
                                  "la baza. Juegue el {card}.",
    "guide.bulgarian.partner.frees": "No tiene diamantes, pero su compañero gana la baza: no "
                                     "hace falta fallar. Descarte el {card}.",
    "guide.bulgarian.trump.follow": "No puede ganar al 10♥: vale cualquier corazón. "
                                    "Juegue el {card}.",
    "guide.bulgarian.last": "La última baza suma 10 puntos. El {card} la falla: "
                            "rebelot, su belot cuenta 20.",
    "guide.bulgarian.rule": "Búlgaro: los que ganan la subasta necesitan más puntos que los "
                            "otros; menos, quedan dentro; empate, sus puntos quedan pendientes. "
                            "Los totales cuentan ÷ 10.",
    "guide.french.intro": "Belote francesa: usted y su compañero (arriba) contra los dos lados. "
                          "Cinco cartas cada uno, y una boca arriba: el 7♠.",
    "guide.french.pass": "Primera vuelta: tomar el palo de la carta vuelta (picas) como triunfo, o"
                         " pasar. Sus picas son flojas: {bid}.",
    "guide.french.name": "Nadie tomó. Segunda vuelta: nombre otro palo, o pase. Con A-R-D-7 ♥, "
                         "elija {bid}.",
    "guide.french.contract": "Usted toma: el 7♠ y dos cartas más son suyas, tres para cada uno de "
                             "los otros. Corazones es triunfo (vea la esquina).",
    "guide.french.follow": "Salen picas: debe seguir el palo, aunque tenga triunfos. Juegue el "
                           "{card}; su tercera D-R-A ♥ se canta con él.",
    "guide.french.declarations": "Decide el mejor canto de la mesa: su tercera al as gana a la "
                                 "suya a la jota, así que solo cuentan los suyos. La belote cuenta"
                                 " aparte.",
    "guide.french.undertrump": "Fallaron con la J♥. No puede superarla, pero aun así debe jugar "
                               "triunfo (infrafallar). Juegue la {card}: ¡belote!",
    "guide.french.beat.trump": "Salen triunfos: suba si puede. Juegue el {card}: rebelote, su "
                               "belote cuenta 20.",
    "guide.french.partner.frees": "No tiene diamantes, pero su compañero gana la baza: no hace "
                                  "falta fallar. Descarte el {card}.",
    "guide.french.overtrump": "Fallaron con el 10♥: debe contrafallar. Juegue el {card}.",
    "guide.french.lead": "Ganó la baza, así que sale usted: cualquier carta. Juegue la {card}.",
    "guide.french.trump": "No tiene tréboles y su compañero no gana la baza: debe fallar. Juegue "
                          "el {card}.",
    "guide.french.last": "La última baza suma 10 puntos (dix de der). Salga con el {card}: nadie "
                         "tiene ya picas.",
    "guide.french.rule": "Francesa: los que toman necesitan más puntos que los otros; si no, "
                         "quedan dentro y los otros suman 162 y todos los cantos; empate "
                         "(litigio), sus puntos quedan pendientes. Capote: 252.",
    "guide.coinche.intro": "Coinche: usted y su compañero (arriba) contra los dos lados. Las ocho "
                           "cartas se reparten antes de la subasta.",
    "guide.coinche.bid": "Una oferta promete puntos con un triunfo: ofertaron 80 diamantes. Con "
                         "A-R-D-7 ♥, una tercera y la belote, oferte {bid}.",
    "guide.coinche.surcoinche": "Le hicieron coinche: apuestan a que falla, y la mano cuenta "
                                "doble. ¿Seguro? El surcoinche la hace contar cuatro veces: {bid}.",
    "guide.coinche.contract": "El surcoinche cierra la subasta: debe hacer 90 con corazones de "
                              "triunfo, y al menos 82 en cartas.",
    "guide.coinche.follow": "Salen picas: debe seguir el palo, aunque tenga triunfos. Juegue el "
                            "{card}; su tercera D-R-A ♥ se canta con él.",
    "guide.coinche.declarations": "Decide el mejor canto de la mesa: su tercera al as gana a la "
                                  "suya a la jota, así que solo cuentan los suyos. La belote "
                                  "cuenta aparte.",
    "guide.coinche.no.undertrump": "Fallaron con la J♥ y no puede superarla. En la coinche no hace"
                                   " falta infrafallar: guarde sus triunfos y descarte el {card}.",
    "guide.coinche.beat.trump": "Salen triunfos: suba si puede. Juegue el {card}: belote (R-D de "
                                "triunfo).",
    "guide.coinche.partner.frees": "No tiene diamantes, pero su compañero gana la baza: no hace "
                                   "falta fallar. Descarte la {card}.",
    "guide.coinche.overtrump": "Fallaron con el 10♥: debe contrafallar. Juegue el {card}.",
    "guide.coinche.lead": "Ganó la baza, así que sale usted: cualquier carta. Juegue el {card}.",
    "guide.coinche.trump": "No tiene tréboles y su compañero no gana la baza: debe fallar. Juegue "
                           "la {card}: rebelote, su belote cuenta 20.",
    "guide.coinche.last": "La última baza suma 10 puntos (dix de der). Salga con el {card}: nadie "
                          "tiene ya triunfos.",
    "guide.coinche.rule": "Coinche: se cumple con 82 puntos de cartas o más y la oferta alcanzada;"
                          " cuentan cartas (a la decena), cantos y oferta, ×2 con coinche, ×4 con "
                          "surcoinche; la belote nunca se multiplica. Si falla: los otros suman "
                          "160, la oferta y los cantos. Capote: 250.",
    # Bela
    "guide.bela.intro": "Bela: usted y su compañero (arriba) contra los dos lados. Usted "
                        "reparte: seis cartas cada uno, y dos más boca abajo tras elegir el "
                        "triunfo.",
    "guide.bela.bid": "Una sola vuelta: cada uno nombra un palo o pasa. Los tres pasaron, así "
                      "que quien reparte debe nombrar uno. Con J♥ 9♥ K♥ Q♥, nombre {bid}.",
    "guide.bela.contract": "Corazones es triunfo (vea la esquina); sus dos cartas boca abajo "
                           "pasan a su mano. Su equipo necesita más de la mitad de los puntos.",
    "guide.bela.beat": "Salen picas: siga el palo y supere la pica más alta, aunque sea de su "
                       "compañero. Juegue el {card}; su tercia J-Q-K ♥ se canta con él.",
    "guide.bela.declarations": "Se compara el mejor canto de cada equipo: la tercia al as de su "
                               "compañero gana a la suya a la jota; su equipo cuenta sus dos "
                               "tercias.",
    "guide.bela.lead": "Ganó la baza, así que sale usted. Arrastre sus triunfos: juegue la "
                       "{card}; cada uno debe subir si puede.",
    "guide.bela.lead.partner": "Deje la mano a su compañero: juegue el {card}.",
    "guide.bela.trump.partner": "Sin diamantes: debe fallar, aunque su compañero gane la baza. "
                                "Juegue la {card}: dice bela (K-Q de triunfo).",
    "guide.bela.give": "No puede ganar todas las bazas: salga con el {card}, esta es para ellos.",
    "guide.bela.overtrump": "Fallaron con el 8♥: debe contrafallar. Juegue el {card}, la segunda "
                            "carta de su bela: cuenta 20.",
    "guide.bela.trumps": "Solo usted tiene triunfos: juegue el {card}.",
    "guide.bela.last": "La última baza suma 10 puntos. Juegue el {card}.",
    "guide.bela.rule": "Bela: el equipo que nombró el triunfo necesita más de la mitad de los "
                       "puntos; si no, cae y los otros se lo anotan todo. Las ocho bazas: +90.",
    # Classic
    "guide.classic.intro": "Belote clásica: usted y su compañero (arriba) contra los dos lados. "
                           "Usted reparte: cinco cartas cada uno y el 7♠ boca arriba. Los puntos "
                           "no se muestran: cuéntelos.",
    "guide.classic.pass": "Primera vuelta: tome el palo de la carta vuelta (picas) como triunfo, "
                          "o pase. Sus picas son flojas: {bid}.",
    "guide.classic.name": "Nadie tomó: segunda vuelta, nombre otro palo o pase. Con A♥ K♥ Q♥ 9♥, "
                          "nombre {bid}.",
    "guide.classic.contract": "Corazones es triunfo. Quien toma recibe el 7♠ vuelto y dos cartas "
                              "más; los demás, tres. Debe sumar más que el otro equipo.",
    "guide.classic.follow": "Salen picas: debe seguir el palo. Juegue el {card}; su tercia Q-K-A "
                            "♥ se canta con él.",
    "guide.classic.declarations": "Decide el mejor canto de la mesa: su tercia al as gana a la "
                                  "suya al rey; solo cuentan los cantos de su equipo.",
    "guide.classic.beat.trump": "Sale triunfo: suba si puede, aunque gane su compañero. Juegue "
                                "el {card}.",
    "guide.classic.trump": "Sin picas y un rival gana la baza: debe fallar. Juegue la {card}: "
                           "dice belote (K-Q de triunfo).",
    "guide.classic.give": "Salga con el {card}: esta baza es para ellos.",
    "guide.classic.partner.frees": "Sin tréboles, pero su compañero gana la baza: no hace falta "
                                   "fallar. Descarte el {card}.",
    "guide.classic.overtrump": "Fallaron con el 8♥: debe contrafallar. Juegue el {card}: "
                               "rebelote, su belote cuenta 20.",
    "guide.classic.trumps": "Solo usted tiene triunfos: juegue el {card}.",
    "guide.classic.last": "La última baza suma 10 puntos. Juegue el {card}.",
    "guide.classic.rule": "Clásica: quien toma debe sumar más que los otros; si no, estos se "
                          "anotan también sus puntos; empate: quedan pendientes. Capote: +100.",
}

BG = {
    "guide.offer": "Нов си в белота? Научи го за 3 минути с водена игра.",
    "guide.offer.rules": "За първи път {rules}? Водена игра го показва за 3 минути.",
    "guide.learn": "Научи",
    "guide.help": "Водена игра",
    "guide.next": "Напред",
    "guide.skip": "Пропусни урока",
    "guide.skip.short": "Пропусни",
    "guide.short": "Водена игра.",
    "guide.off-script": "В тази водена игра изиграй {what}: следващите стъпки зависят от това.",
    "guide.wait-next": "Прочети съвета горе и натисни „Напред“.",
    "guide.over": "Играта свърши: ето как се брои.",
    "guide.over.title": "Водена игра: резултатът",
    "guide.done": "Готово",
    "guide.team.us": "твоят отбор",
    "guide.team.them": "другият отбор",
    "guide.score.cards": "Точки от картите, с 10-те за последната ръка: ние {us}, те {them}.",
    "guide.score.declarations": "Обяви, които се броят: ние {us}, те {them}.",
    "guide.score.belote": "Белот: ние {us}, те {them}.",
    "guide.score.valat": "Единият отбор взе и осемте ръце: бонусът за валат се брои.",
    "guide.score.raw": "Общо: ние {us}, те {them}.",
    "guide.score.made": "Договорът е изпълнен от {who}.",
    "guide.score.inside": "Договорът падна: {who} е вътре.",
    "guide.score.score": "Добавено към играта: ние {us}, те {them}.",
    "guide.score.hanging": "{n} точки висят: отиват при победителя в следващата игра.",
    "guide.bulgarian.intro": "Български белот: ти и партньорът ти (горе) срещу двамата отстрани. "
    "Пет карти сега, още три след обявяването.",
    "guide.bulgarian.bid": "Всяка обява трябва да е по-висока: ♣ ♦ ♥ ♠, без коз, всичко коз. С 9♥ "
    "К♥ Д♥ обяви {bid}.",
    "guide.bulgarian.contract": "Три паса след обява я завършват: купа е коз (виж ъгъла). Контра "
    "би удвоила всичко.",
    "guide.bulgarian.declare": "Играна е пика: трябва да отговориш. Изиграй {card}; терцата ти "
    "10-В-Д ♣ се обявява с нея.",
    "guide.bulgarian.declarations": "Обявите се показват след първата ръка: твоята терца до дама "
    "бие тяхната до вале.",
    "guide.bulgarian.lead": "Взе ръката и играеш първи: всяка карта. Изиграй {card}.",
    "guide.bulgarian.overtrump": "Те цакаха с 8♥: трябва да надцакаш. Изиграй {card}: казваш "
    "белот (К-Д коз).",
    "guide.bulgarian.lead.partner": "Дай ръката на партньора: изиграй {card}.",
    "guide.bulgarian.beat.trump": "Игран е коз: качи, ако можеш, дори когато партньорът държи "
    "ръката. Изиграй {card}.",
    "guide.bulgarian.partner.frees": "Нямаш каро, но партньорът държи ръката: не е нужно да "
    "цакаш. Изхвърли {card}.",
    "guide.bulgarian.trump.follow": "Не можеш да биеш 10♥: всяка купа става. Изиграй {card}.",
    "guide.bulgarian.last": "Последната ръка носи още 10 точки. {card} я цака: белотът ти се брои "
    "20.",
    "guide.bulgarian.rule": "Български: обявилите трябва да имат повече точки от другите; "
                            "по-малко са вътре; при равенство точките им висят. "
                            "Сборовете се делят на 10.",
    "guide.french.intro": "Френски белот: ти и партньорът ти (горе) срещу двамата отстрани. По "
    "пет карти и една обърната: 7♠.",
    "guide.french.pass": "Първи кръг: вземи боята на обърнатата карта (пика) за коз или пас. "
    "Пиките ти са слаби: {bid}.",
    "guide.french.name": "Никой не взе. Втори кръг: обяви друга боя или пас. С А-К-Д-7 ♥ избери "
    "{bid}.",
    "guide.french.contract": "Ти взимаш: 7♠ и още две карти са твои, по три за другите. Купа е "
    "коз (виж ъгъла).",
    "guide.french.follow": "Играна е пика: трябва да отговориш, дори с коз в ръка. Изиграй "
    "{card}; терцата ти Д-К-А ♥ се обявява с нея.",
    "guide.french.declarations": "Решава най-добрата обява на масата: твоята терца до асо бие "
    "тяхната до вале, затова се броят само твоите. Белотът се брои отделно.",
    "guide.french.undertrump": "Те цакаха с вале ♥. Не можеш да го биеш, но пак трябва да цакаш "
    "(подцакване). Изиграй {card}: белот!",
    "guide.french.beat.trump": "Игран е коз: качи, ако можеш. Изиграй {card}: ребелот, белотът ти "
    "се брои 20.",
    "guide.french.partner.frees": "Нямаш каро, но партньорът държи ръката: не е нужно да цакаш. "
    "Изхвърли {card}.",
    "guide.french.overtrump": "Те цакаха с 10♥: трябва да надцакаш. Изиграй {card}.",
    "guide.french.lead": "Взе ръката и играеш първи: всяка карта. Изиграй {card}.",
    "guide.french.trump": "Нямаш спатия, а партньорът не държи ръката: трябва да цакаш. Изиграй "
    "{card}.",
    "guide.french.last": "Последната ръка носи още 10 точки. Изиграй {card}: никой няма вече пика.",
    "guide.french.rule": "Френски: взелите трябва да имат повече точки от другите; иначе са вътре "
                         "и другите пишат 162 и всички обяви; при равенство точките им висят. "
                         "Капо: 252.",
    "guide.coinche.intro": "Коанш: ти и партньорът ти (горе) срещу двамата отстрани. Всичките "
    "осем карти се раздават преди обявяването.",
    "guide.coinche.bid": "Обявата обещава точки с коз: те обявиха 80 каро. С А-К-Д-7 ♥, терца и "
    "белот обяви {bid}.",
    "guide.coinche.surcoinche": "Те казаха коанш: залагат, че отборът ти ще падне, и играта се "
    "брои двойно. Сигурен ли си? Сюркоанш я прави четворна: {bid}.",
    "guide.coinche.contract": "Сюркоаншът завършва обявяването: отборът ти трябва да направи 90 с "
    "купа коз и поне 82 от картите.",
    "guide.coinche.follow": "Играна е пика: трябва да отговориш, дори с коз в ръка. Изиграй "
    "{card}; терцата ти Д-К-А ♥ се обявява с нея.",
    "guide.coinche.declarations": "Решава най-добрата обява на масата: твоята терца до асо бие "
    "тяхната до вале, затова се броят само твоите. Белотът се брои отделно.",
    "guide.coinche.no.undertrump": "Те цакаха с вале ♥ и не можеш да го биеш. В коанш не е нужно "
    "да подцакваш: пази козовете си, изхвърли {card}.",
    "guide.coinche.beat.trump": "Игран е коз: качи, ако можеш. Изиграй {card}: белот (К-Д коз).",
    "guide.coinche.partner.frees": "Нямаш каро, но партньорът държи ръката: не е нужно да цакаш. "
    "Изхвърли {card}.",
    "guide.coinche.overtrump": "Те цакаха с 10♥: трябва да надцакаш. Изиграй {card}.",
    "guide.coinche.lead": "Взе ръката и играеш първи: всяка карта. Изиграй {card}.",
    "guide.coinche.trump": "Нямаш спатия, а партньорът не държи ръката: трябва да цакаш. Изиграй "
    "{card}: ребелот, белотът ти се брои 20.",
    "guide.coinche.last": "Последната ръка носи още 10 точки. Изиграй {card}: никой няма вече коз.",
    "guide.coinche.rule": "Коанш: договорът е изпълнен с поне 82 точки от картите и достигната "
                          "обява; броят се картите (до десетица), обявите и обявата, ×2 с коанш, "
                          "×4 със сюркоанш; белотът не се умножава. Паднали: другите пишат 160, "
                          "обявата и обявите. Капо: 250.",
    # Bela
    "guide.bela.intro": "Бела: ти и партньорът ти (горе) срещу двамата отстрани. Ти раздаваш: по "
    "шест карти сега, още две с лицето надолу след избора на коз.",
    "guide.bela.bid": "Един кръг: всеки казва боя или пас. Тримата казаха пас, затова раздаващият "
    "трябва да избере. С В♥ 9♥ К♥ Д♥ избери {bid}.",
    "guide.bela.contract": "Купа е коз (виж ъгъла); двете ти скрити карти влизат в ръката. "
    "Отборът ти трябва да има повече от половината точки.",
    "guide.bela.beat": "Играна е пика: отговори и качи над най-високата пика, дори на партньора. "
    "Изиграй {card}; терцата ти В-Д-К ♥ се обявява с нея.",
    "guide.bela.declarations": "Сравняват се най-добрите обяви на отборите: терцата до асо на "
    "партньора бие тяхната до вале и отборът ти брои двете си терци.",
    "guide.bela.lead": "Взе ръката и играеш първи. Изтегли козовете им: изиграй {card}; всеки "
    "трябва да качи, ако може.",
    "guide.bela.lead.partner": "Дай ръката на партньора: изиграй {card}.",
    "guide.bela.trump.partner": "Нямаш каро: трябва да цакаш, дори когато партньорът държи "
    "ръката. Изиграй {card}: казваш бела (К-Д коз).",
    "guide.bela.give": "Не можеш да вземеш всичко: изиграй {card}, тази ръка е тяхна.",
    "guide.bela.overtrump": "Те цакаха с 8♥: трябва да надцакаш. Изиграй {card}, втората карта на "
    "белата ти: тя носи 20.",
    "guide.bela.trumps": "Само ти имаш козове: изиграй {card}.",
    "guide.bela.last": "Последната ръка носи още 10 точки. Изиграй {card}.",
    "guide.bela.rule": "Бела: отборът, избрал коза, трябва да има повече от половината точки, "
                       "иначе пада и другите вземат всичко. Всички осем ръце: +90.",
    # Classic
    "guide.classic.intro": "Класически белот: ти и партньорът ти (горе) срещу двамата отстрани. "
    "Ти раздаваш: по пет карти и обърната 7♠. Точките не се показват: брой ги.",
    "guide.classic.pass": "Първи кръг: вземи боята на обърнатата карта (пика) за коз или пас. "
    "Пиките ти са слаби: {bid}.",
    "guide.classic.name": "Никой не взе: втори кръг, избери друга боя или пас. С А♥ К♥ Д♥ 9♥ "
    "избери {bid}.",
    "guide.classic.contract": "Купа е коз. Взелият получава обърнатата 7♠ и още две карти, "
    "другите по три. Отборът ти трябва да има повече от другия.",
    "guide.classic.follow": "Играна е пика: трябва да отговориш. Изиграй {card}; терцата ти Д-К-А "
    "♥ се обявява с нея.",
    "guide.classic.declarations": "Решава най-добрата обява на масата: терцата ти до асо бие "
    "тяхната до поп; броят се само обявите на твоя отбор.",
    "guide.classic.beat.trump": "Игран е коз: качи, ако можеш, дори над партньора. Изиграй {card}.",
    "guide.classic.trump": "Нямаш пика, а противник държи ръката: трябва да цакаш. Изиграй "
    "{card}: казваш белот (К-Д коз).",
    "guide.classic.give": "Изиграй {card}: тази ръка е тяхна.",
    "guide.classic.partner.frees": "Нямаш спатия, но партньорът държи ръката: не е нужно да "
    "цакаш. Изхвърли {card}.",
    "guide.classic.overtrump": "Те цакаха с 8♥: трябва да надцакаш. Изиграй {card}: белотът ти се "
    "брои 20.",
    "guide.classic.trumps": "Само ти имаш козове: изиграй {card}.",
    "guide.classic.last": "Последната ръка носи още 10 точки. Изиграй {card}.",
    "guide.classic.rule": "Класически: взелите трябва да имат повече от другите, иначе другите "
                          "прибавят и техните точки; при равенство те висят. Капо: +100.",
}

HR = {
    "guide.offer": "Novi ste u beli? Naučite je za 3 minute uz vođenu ruku.",
    "guide.offer.rules": "Prvi put {rules}? Vođena ruka pokazuje je za 3 minute.",
    "guide.learn": "Nauči",
    "guide.help": "Igraj vođenu ruku",
    "guide.next": "Dalje",
    "guide.skip": "Preskoči vodič",
    "guide.skip.short": "Preskoči",
    "guide.short": "Vođena ruka.",
    "guide.off-script": "U ovoj vođenoj ruci odigrajte {what}: sljedeći koraci ovise o tome.",
    "guide.wait-next": "Pročitajte savjet gore, zatim pritisnite „Dalje“.",
    "guide.over": "Ruka je gotova: evo kako se boduje.",
    "guide.over.title": "Vođena ruka: bodovi",
    "guide.done": "Gotovo",
    "guide.team.us": "vaš tim",
    "guide.team.them": "drugi tim",
    "guide.score.cards": "Bodovi karata, s 10 za zadnji štih: vi {us}, oni {them}.",
    "guide.score.declarations": "Zvanja koja se broje: vi {us}, oni {them}.",
    "guide.score.belote": "Bela: vi {us}, oni {them}.",
    "guide.score.valat": "Jedan tim uzeo je svih osam štihova: broji se njegov bonus.",
    "guide.score.raw": "Ukupno: vi {us}, oni {them}.",
    "guide.score.made": "Ugovor je ispunio {who}.",
    "guide.score.inside": "Ugovor je pao: {who} je pao.",
    "guide.score.score": "Dodano partiji: vi {us}, oni {them}.",
    "guide.score.hanging": "{n} bodova visi: idu pobjedniku sljedeće ruke.",
    "guide.bulgarian.intro": "Bugarski belot: vi i partner (gore) protiv dvojice sa strane. "
                             "Pet karata sada, još tri nakon licitacije.",
    "guide.bulgarian.bid": "Svaka licitacija mora biti viša: ♣ ♦ ♥ ♠, bez aduta, sve aduti. "
                           "S 9♥ K♥ Q♥ licitirajte {bid}.",
    "guide.bulgarian.contract": "Tri dalje nakon licitacije je završavaju: herc je adut "
                                "(vidi kut). Kontra bi sve udvostručila.",
    "guide.bulgarian.declare": "Igra se pik: morate odgovoriti na boju. Odigrajte {card}; "
                               "vaša terca 10-J-Q ♣ zove se s njom.",
    "guide.bulgarian.declarations": "Zvanja se pokazuju nakon prvog štiha: vaša terca do "
                                    "dame pobjeđuje njihovu do dečka.",
    "guide.bulgarian.lead": "Uzeli ste štih pa igrate prvi: bilo koja karta. "
                            "Odigrajte {card}.",
    "guide.bulgarian.overtrump": "Presjekli su s 8♥: morate presjeći više. Odigrajte {card}: "
                                 "zovete belu (K-Q aduta).",
    "guide.bulgarian.lead.partner": "Prepustite igru partneru: odigrajte {card}.",
    "guide.bulgarian.beat.trump": "Igra se adut: idite više ako možete, čak i kad partner "
                                  "drži štih. Odigrajte {card}.",
    "guide.bulgarian.partner.frees": "Nemate karo, ali partner drži štih: ne morate rezati. "
                                     "Bacite {card}.",
    "guide.bulgarian.trump.follow": "Ne možete pobijediti 10♥: bilo koji herc vrijedi. "
                                    "Odigrajte {card}.",
    "guide.bulgarian.last": "Zadnji štih donosi još 10 bodova. {card} ga siječe: "
                            "vaša bela broji 20.",
    "guide.bulgarian.rule": "Bugarski: onaj tko je zvao treba više bodova od drugih; manje, "
                            "pao je; jednako, bodovi vise. Zbrojevi se dijele s 10.",
    "guide.french.intro": "Francuski belot: vi i partner (gore) protiv dvojice sa strane. Po pet "
                          "karata i jedna okrenuta: 7♠.",
    "guide.french.pass": "Prvi krug: uzmite boju okrenute karte (pik) za aduta ili recite dalje. "
                         "Pikovi su vam slabi: {bid}.",
    "guide.french.name": "Nitko nije uzeo. Drugi krug: zovite drugu boju ili dalje. S A-K-Q-7 ♥ "
                         "odaberite {bid}.",
    "guide.french.contract": "Uzeli ste: 7♠ i još dvije karte su vaše, ostalima po tri. Herc je "
                             "adut (vidi kut).",
    "guide.french.follow": "Igra se pik: morate odgovoriti na boju, čak i s adutom. Odigrajte "
                           "{card}; vaša terca Q-K-A ♥ zove se s njom.",
    "guide.french.declarations": "Odlučuje najbolje zvanje za stolom: vaša terca do asa pobjeđuje "
                                 "njihovu do dečka, pa se broje samo vaša. Bela se broji zasebno.",
    "guide.french.undertrump": "Presjekli su dečkom ♥. Ne možete ići više, ali ipak morate rezati "
                               "(podrezati). Odigrajte {card}: bela!",
    "guide.french.beat.trump": "Igra se adut: idite više ako možete. Odigrajte {card}: vaša bela "
                               "broji 20.",
    "guide.french.partner.frees": "Nemate karo, ali partner drži štih: ne morate rezati. Bacite "
                                  "{card}.",
    "guide.french.overtrump": "Presjekli su s 10♥: morate presjeći više. Odigrajte {card}.",
    "guide.french.lead": "Uzeli ste štih pa igrate prvi: bilo koja karta. Odigrajte {card}.",
    "guide.french.trump": "Nemate tref, a partner ne drži štih: morate rezati. Odigrajte {card}.",
    "guide.french.last": "Zadnji štih donosi još 10 bodova. Odigrajte {card}: više nitko nema pik.",
    "guide.french.rule": "Francuski: onaj tko je uzeo treba više bodova od drugih; inače je pao i "
                         "drugi pišu 162 i sva zvanja; jednako, bodovi vise. Kapot: 252.",
    "guide.coinche.intro": "Coinche: vi i partner (gore) protiv dvojice sa strane. Svih osam "
                           "karata dijeli se prije licitacije.",
    "guide.coinche.bid": "Licitacija obećava bodove s adutom: oni su zvali 80 karo. S A-K-Q-7 ♥, "
                         "tercom i belom licitirajte {bid}.",
    "guide.coinche.surcoinche": "Rekli su coinche: klade se da ćete pasti, i ruka se broji "
                                "dvostruko. Sigurni ste? Surcoinche je broji četverostruko: {bid}.",
    "guide.coinche.contract": "Surcoinche završava licitaciju: morate skupiti 90 s hercom kao "
                              "adutom, i barem 82 u kartama.",
    "guide.coinche.follow": "Igra se pik: morate odgovoriti na boju, čak i s adutom. Odigrajte "
                            "{card}; vaša terca Q-K-A ♥ zove se s njom.",
    "guide.coinche.declarations": "Odlučuje najbolje zvanje za stolom: vaša terca do asa pobjeđuje"
                                  " njihovu do dečka, pa se broje samo vaša. Bela se broji "
                                  "zasebno.",
    "guide.coinche.no.undertrump": "Presjekli su dečkom ♥ i ne možete ići više. U coincheu ne "
                                   "morate podrezati: čuvajte adute, bacite {card}.",
    "guide.coinche.beat.trump": "Igra se adut: idite više ako možete. Odigrajte {card}: bela (K-Q "
                                "aduta).",
    "guide.coinche.partner.frees": "Nemate karo, ali partner drži štih: ne morate rezati. Bacite "
                                   "{card}.",
    "guide.coinche.overtrump": "Presjekli su s 10♥: morate presjeći više. Odigrajte {card}.",
    "guide.coinche.lead": "Uzeli ste štih pa igrate prvi: bilo koja karta. Odigrajte {card}.",
    "guide.coinche.trump": "Nemate tref, a partner ne drži štih: morate rezati. Odigrajte {card}: "
                           "vaša bela broji 20.",
    "guide.coinche.last": "Zadnji štih donosi još 10 bodova. Odigrajte {card}: više nitko nema "
                          "aduta.",
    "guide.coinche.rule": "Coinche: ugovor je ispunjen s barem 82 boda u kartama i dostignutom "
                          "licitacijom; broje se karte (na deseticu), zvanja i licitacija, ×2 uz "
                          "coinche, ×4 uz surcoinche; bela se ne množi. Pad: drugi pišu 160, "
                          "licitaciju i zvanja. Kapot: 250.",
    # Bela
    "guide.bela.intro": "Bela: vi i partner (gore) protiv dvojice sa strane. Vi dijelite: svatko "
                        "sada šest karata, još dvije skrivene (talon) nakon zvanja aduta.",
    "guide.bela.bid": "Jedan krug: svatko zove boju ili kaže dalje. Sva trojica rekla su dalje, "
                      "pa djelitelj mora zvati. S J♥ 9♥ K♥ Q♥ zovite {bid}.",
    "guide.bela.contract": "Herc je adut (vidi kut); vaše dvije skrivene karte ulaze u ruku. Vaš "
                           "tim treba više od pola svih bodova.",
    "guide.bela.beat": "Igra se pik: odgovorite na boju i idite iznad najvišeg pika, čak i "
                       "partnerova. Odigrajte {card}; vaša terca J-Q-K ♥ zove se s njim.",
    "guide.bela.declarations": "Uspoređuju se najbolja zvanja timova: partnerova terca do asa "
                               "pobjeđuje njihovu do dečka, pa vaš tim broji obje svoje terce.",
    "guide.bela.lead": "Uzeli ste štih pa igrate prvi. Izvucite im adute: odigrajte {card}; "
                       "svatko mora ići više ako može.",
    "guide.bela.lead.partner": "Prepustite igru partneru: odigrajte {card}.",
    "guide.bela.trump.partner": "Nemate karo: morate rezati, čak i kad partner drži štih. "
                                "Odigrajte {card}: zovete belu (K-Q aduta).",
    "guide.bela.give": "Ne možete uzeti sve: odigrajte {card}, ovaj štih je njihov.",
    "guide.bela.overtrump": "Presjekli su s 8♥: morate presjeći više. Odigrajte {card}, drugu "
                            "kartu vaše bele: broji 20.",
    "guide.bela.trumps": "Samo vi imate adute: odigrajte {card}.",
    "guide.bela.last": "Zadnji štih donosi još 10 bodova. Odigrajte {card}.",
    "guide.bela.rule": "Bela: tim koji je zvao adut treba više od pola svih bodova, inače pada i "
                       "drugi pišu sve. Štiglja, svih osam štihova: +90.",
    # Classic
    "guide.classic.intro": "Klasični belot: vi i partner (gore) protiv dvojice sa strane. Vi "
                           "dijelite: svatko pet karata i okrenuta 7♠. Bodovi se ne prikazuju: "
                           "brojite ih.",
    "guide.classic.pass": "Prvi krug: uzmite boju okrenute karte (pik) za adut ili recite dalje. "
                          "Vaši pikovi su slabi: {bid}.",
    "guide.classic.name": "Nitko nije uzeo: drugi krug, zovite drugu boju ili dalje. S A♥ K♥ Q♥ "
                          "9♥ zovite {bid}.",
    "guide.classic.contract": "Herc je adut. Tko uzme dobiva okrenutu 7♠ i još dvije karte, "
                              "ostali tri. Morate imati više od drugog tima.",
    "guide.classic.follow": "Igra se pik: morate odgovoriti na boju. Odigrajte {card}; vaša "
                            "terca Q-K-A ♥ zove se s njom.",
    "guide.classic.declarations": "Odlučuje najbolje zvanje za stolom: vaša terca do asa "
                                  "pobjeđuje njihovu do kralja; broje se samo zvanja vašeg tima.",
    "guide.classic.beat.trump": "Igra se adut: idite više ako možete, čak i iznad partnera. "
                                "Odigrajte {card}.",
    "guide.classic.trump": "Nemate pik, a protivnik drži štih: morate rezati. Odigrajte {card}: "
                           "zovete belu (K-Q aduta).",
    "guide.classic.give": "Odigrajte {card}: ovaj štih je njihov.",
    "guide.classic.partner.frees": "Nemate tref, ali partner drži štih: ne morate rezati. Bacite "
                                   "{card}.",
    "guide.classic.overtrump": "Presjekli su s 8♥: morate presjeći više. Odigrajte {card}: vaša "
                               "bela broji 20.",
    "guide.classic.trumps": "Samo vi imate adute: odigrajte {card}.",
    "guide.classic.last": "Zadnji štih donosi još 10 bodova. Odigrajte {card}.",
    "guide.classic.rule": "Klasični: tko uzme mora imati više od drugih, inače drugi dodaju i "
                          "njegove bodove; neriješeno: bodovi vise. Kapot: +100.",
}

WORDS = {"en": EN, "fr": FR, "es": ES, "bg": BG, "hr": HR}
