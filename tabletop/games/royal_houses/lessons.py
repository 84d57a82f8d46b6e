"""Royal Houses's lesson: the last turns of a game against a scripted rival, then its scoring.

A whole game is 80 decisions, too long to learn in a few minutes, so the lesson starts from a
prepared position (the prelude: who goes first, both players' counters and 27 turns, played
silently on a fixed deck) with five cards left in the deck. From there the learner sees every
card kind, gifts (forced and free), a hand veto coming and how to stop it, the end of the deck
and the scoring, where vetoes strike both ways.
"""

from __future__ import annotations

from tabletop.learn import Course, Lesson, Step

# Each group below names the section of the source text (shared/sources/003_fe70a3d6d016cd02.txt)
# it comes from; house readings are those of shared/RULES-NOTES.md, "Royal Houses".
CHECKLIST: dict[str, str] = {
    # "The Deck": "48 cards, in six suits ... numbered from 1 to 8"
    "houses": "48 cards in six Royal Houses, numbered 1 to 8; a card is played on its own house",
    "influence": "Influence sits on the houses, and each point belongs to whoever put it there",
    # "The Deck": "The player with more Garnets will decide if they will play first or second"
    "order": "The player with more garnets chooses who plays first; first gets 8 cards, second 7",
    # "Set Up": "privately assign their six Majority Bonus counters"
    "counters": "Each player secretly puts one counter (-2, +0, +1, +2, +3, +5) on every house",
    # "Turn Structure": "draw one card, then play one card ... then choose one card ... to give"
    "turn": "A turn: draw a card, play one onto its house and do its action, give one away",
    "gift": "Every turn ends with a gift: one card from your hand to your rival's",
    # "Turn Structure": "may not be the card that the player was given the previous turn"
    "gift-back": "You cannot give back the card your rival gave you on their last turn",
    # "Card Actions": "2 - Place 2 Influence ..." (and 4, 6, 8 likewise)
    "place-influence": "A 2, 4, 6 or 8 places that much of your influence on its house",
    # "Card Actions": "1 - Look at your opponent's Majority Bonus counter ... Switch two"
    "card-1": "A 1 shows you the rival's counter on its house; then you may swap two of yours",
    # "Card Actions": "3 - Your opponent must choose a card of this Royal House to give you"
    "card-3": "A 3 places 1 influence, and the rival's next gift must be of its house if it can",
    # "Card Actions": "5 - Move up to 3 Influence (from either player) from another Royal House"
    "card-5": "A 5 pulls up to 3 influence from one other house into its own",
    # "Card Actions": "7 - Move up to 4 Influence (from either player) from this Royal House"
    "card-7": "A 7 pushes up to 4 influence from its own house into one other",
    "moved-owner": "Influence moved by a 5 or a 7, yours or your rival's, keeps its owner",
    # "Turn Structure": "until the draw deck is empty (which will occur on the first player's turn)"
    "end": "The deck runs out on the first player's draw; they finish, then the second "
    "player plays one last card, with no draw and no gift",
    # "Game End": "Players score 1 point per Influence ... a varying bonus score for the player
    # with more Influence"
    "score": "Each house pays 1 point per influence you have there",
    "majority-bonus": "A house's bonus (its two counters added) goes to whoever has strictly "
    "more influence there; a tie pays nobody",
    # "Game End": "if the sum of the numbers on the cards of that Royal House in your
    # opponent's hand exceeds yours, your score for that House is 0"
    "veto": "If your rival's cards of a house left in hand add up to more than yours, your "
    "whole score for that house is 0",
    # "Winning": "the player with the higher score will win! In the event of a tie ..."
    "winner": "The higher total wins; a tie goes to more majorities, then more influence on "
    "the board, then the higher total in hand",
}

#: The fixed deck: Margot's first 8 cards, your 7, then the draw pile from its top.
_DEAL = (
    "E8 C6 E1 D7 C8 D6 A1 A4 A5 E5 B4 B8 D5 E2 A3 C3 B2 D4 A8 C2 F2 E3 D1 C4 "
    "A6 C1 A7 B3 E4 B6 F3 E7 B1 A2 C5 E6 B5 D2 F4 F5 F7 F6 F1 D3 B7 C7 D8 F8"
)
DECK = tuple(_DEAL.split())

#: Before the lesson: Margot (more garnets) goes first, both lay their counters, then 27
#: turns, one a line, until five cards are left and it is your turn.
PRELUDE = tuple(
    move.strip()
    for line in """
    go first
    counter +5 F | counter +3 C | counter +0 A | counter +1 D | counter +2 E | counter -2 B
    counter +5 D | counter +2 B | counter -2 A | counter +3 F | counter +0 C | counter +1 E
    play C8 | gift A1
    play E2 | gift A5
    play C3 | gift D4
    play A1 | keep | gift E5
    play E1 | keep | gift A4
    play F2 | gift B2
    play E3 | gift C2
    play A4 | gift A3
    play A3 | gift D6
    play B8 | gift A6
    play A6 | gift C1
    play C2 | gift D1
    play C4 | gift B3
    play B3 | gift A7
    play B2 | gift B6
    play B6 | gift F3
    play D7 | gift E7
    play C1 | keep | gift E4
    play E4 | gift A2
    play D4 | gift C5
    play F3 | gift E6
    play A2 | gift B1
    play B1 | keep | gift D2
    play F4 | gift B5
    play D1 | keep | gift F5
    play D2 | gift F7
    play F6 | gift C6
    """.strip().splitlines()
    for move in line.split("|")
)


def _house(name: str) -> str:
    """A house's column, to point at."""
    return f"zone:house:{name}"


_ARTOIS, _BELLEROPHON, _CASTELLIA = _house("Artois"), _house("Bellerophon"), _house("Castellia")
_BOURGOGNE, _ELLICTA, _FEBROIS = _house("De Bourgogne"), _house("Ellicta"), _house("Febrois")

STEPS = (
    # ---- the table
    Step(
        "",
        "Six Royal Houses, one column each: your influence at the bottom, Margot's at the top, "
        "a star on the leader. In Bellerophon you lead 15 to 2.",
        (_BELLEROPHON,),
        ("houses", "influence"),
    ),
    Step(
        "",
        "Margot had more garnets, so she chose to go first, with 8 cards to your 7. We have "
        "skipped ahead to the last five cards of the deck.",
        ("card:deck:0",),
        ("order",),
    ),
    Step(
        "",
        "Before play, each of you hid one counter on every house: -2, +0, +1, +2, +3 or +5 "
        "(your +5 is on De Bourgogne). A house's two counters add up to the bonus its leader "
        "takes at the end.",
        ("card:counter:0:5",),
        ("counters", "majority-bonus"),
    ),
    Step(
        "",
        "Now the rule that catches new players. At the end, if Margot's cards of a house left "
        "in hand add up to more than yours, your whole score in that house is 0: a veto.",
        ("zone:hand:0",),
        ("veto",),
    ),
    # ---- your turn: play, then give
    Step(
        "play E6",
        "Each turn: draw (done for you), play a card onto its own house, give one away. Play "
        "the 6 of Ellicta: even cards place that much influence, and you lead there, 8 to 5.",
        ("card:E6", _ELLICTA),
        ("turn", "place-influence"),
    ),
    Step(
        "gift F5",
        "Give Margot the 5 of Febrois, a house she leads. A card of a house you lead could, in "
        "her hand, outweigh yours and veto you.",
        ("card:F5", "zone:hand:1"),
        ("gift",),
    ),
    Step(
        "play D3",
        "Margot played the 3 of De Bourgogne: 1 influence there, and your next gift must be a "
        "De Bourgogne card if you have one.",
        ("card:D3",),
        ("card-3",),
    ),
    Step(
        "gift B5",
        "She gave you the 5 of Bellerophon: in your hand, it guards Bellerophon.",
        ("card:B5",),
        ("gift",),
    ),
    # ---- a 5 pulls, and a forced gift
    Step(
        "play D5",
        "You drew the 7 of Bellerophon. Play the 5 of De Bourgogne: a 5 pulls up to 3 influence "
        "from one other house into its own.",
        ("card:D5", _BOURGOGNE),
        ("card-5",),
    ),
    Step(
        "from A",
        "Pull from Artois, where Margot leads 7 to 6.",
        (_ARTOIS,),
        ("card-5",),
    ),
    Step(
        "shift 0 3",
        "Move 3 of Margot's influence. Moved influence keeps its owner, so she falls behind in "
        "Artois, 4 to your 6, and you still lead De Bourgogne, 6 to 4.",
        (_ARTOIS, _BOURGOGNE),
        ("moved-owner",),
    ),
    Step(
        "gift D6",
        "Her 3 of De Bourgogne decides this gift: it must be a De Bourgogne card, and the 6 is "
        "your only one.",
        ("card:D6",),
        ("card-3",),
    ),
    Step(
        "",
        "A veto is coming: Margot holds the 6 of De Bourgogne and you hold none. If the game "
        "ended now, all your De Bourgogne points would be 0.",
        ("card:D6", _BOURGOGNE),
        ("veto",),
    ),
    # ---- a 7 pushes
    Step(
        "play C7",
        "Margot played the 7 of Castellia: a 7 pushes up to 4 influence from its own house into "
        "another one.",
        ("card:C7",),
        ("card-7",),
    ),
    Step("to F", "She sends it to Febrois.", (_FEBROIS,), ("card-7",)),
    Step(
        "shift 4 0",
        "She moves 4 of her own influence: she still leads Castellia, 9 to 2, and now leads "
        "Febrois, 11 to 6.",
        (_CASTELLIA, _FEBROIS),
        ("card-7",),
    ),
    Step(
        "gift A7",
        "She gave you the 7 of Artois: with your 8, you far outweigh the 5 of Artois she holds.",
        ("card:A7",),
        ("gift",),
    ),
    # ---- stopping the veto, and a 1
    Step(
        "",
        "You drew the 8 of De Bourgogne. Keep it: in your hand it beats her 6, so the veto now "
        "strikes her, not you.",
        ("card:D8", "card:D6"),
        ("veto",),
    ),
    Step(
        "play F1",
        "Play the 1 of Febrois: a 1 lets you see Margot's counter on its house, then swap two of "
        "your own counters if you like.",
        ("card:F1",),
        ("card-1",),
        redirect="Not that one: keep the 8 of De Bourgogne in your hand, where it stops her "
        "veto, and play the 1 of Febrois.",
    ),
    Step(
        "swap A F",
        "Her counter on Febrois is +5, and your +3 there only adds to the bonus she will take. "
        "Swap it with your -2 on Artois, a house you now lead.",
        ("card:counter:1:5", "card:counter:0:3", "card:counter:0:-2"),
        ("card-1", "counters"),
    ),
    Step(
        "gift B4",
        "Give the 4 of Bellerophon: every other Bellerophon card is played or yours, so it can't "
        "outweigh your 5 and 7. Not the 7 of Artois: a gift never goes straight back.",
        ("card:B4",),
        ("gift", "gift-back"),
    ),
    # ---- the end of the deck
    Step(
        "play F8",
        "Margot drew the last card and played the 8 of Febrois. After her gift you, playing "
        "second, take one last turn: no draw, no gift, just one card.",
        ("card:F8",),
        ("end",),
    ),
    Step("gift A5", "Her last gift: the 5 of Artois.", ("card:A5",), ("gift",)),
    Step(
        "play A8",
        "Your last card: play the 8 of Artois. The 5 and 7 you keep still guard Artois, as "
        "every other Artois card is on the table.",
        ("card:A8", _ARTOIS),
        ("end",),
    ),
    # ---- the scoring
    Step(
        "",
        "Game over. Each house pays 1 point per influence, plus its bonus to whoever has "
        "strictly more influence: in Artois your 14 and the +3 bonus make 17.",
        (_ARTOIS,),
        ("score", "majority-bonus"),
    ),
    Step(
        "",
        "Your kept cards paid: your 8 of De Bourgogne vetoed Margot there, and your 6 of "
        "Castellia beat her 5, wiping out her 12 points in Castellia.",
        ("card:D8", "card:C6"),
        ("veto",),
    ),
    Step(
        "",
        "Vetoes strike you too. With the deck empty, every card not on the table or in your "
        "hand was in hers: here the 8 of Ellicta, which with her 5 beats your 7.",
        ("card:E8", _ELLICTA),
        ("veto",),
    ),
    Step(
        "",
        "You win, 46 to 27. A tied score would go to more majorities, then more influence on "
        "the board, then the higher hand.",
        (),
        ("winner",),
    ),
)

LESSON = Lesson(
    id="royal_houses",
    game_id="royal_houses",
    title="The last turns of a game",
    players=2,
    seat=0,
    names=("You", "Margot"),
    seed=1,
    intro="You and Margot near the end of a game of Royal Houses: five cards are left, enough "
    "to see every card, the gifts, a veto coming and the scoring.",
    steps=STEPS,
    recap=(
        "A turn: draw, play a card onto its own house, give one away.",
        "Even cards place influence; a 3 places 1 and picks the next gift's house; a 5 pulls "
        "influence in, a 7 pushes it out; a 1 peeks at a counter.",
        "A gift never goes straight back.",
        "Each house pays its influence, and its bonus to the leader.",
        "Cards left in hand veto: keep the ones that guard your houses, and count the ones "
        "you have not seen.",
        "When the deck runs out, the second player ends the game with one last card.",
    ),
    options={"garnets": [0, 3], "deck": list(DECK)},
    prelude=PRELUDE,
)

COURSE = Course("royal_houses", CHECKLIST, (LESSON,))
