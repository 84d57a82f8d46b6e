"""Machiavelli's guided first game: one hand against Lucia on a fixed deal, from the opening
to the last card laid and the penalty points of the cards left in hand.

A Machiavelli move is a whole new table, and the working area hands it over in its own order
(melds in the places they sit, cards sorted within each). The player cannot tell the two
copies of a card apart either. So a move is the lesson's when it makes the same melds out of
the same faces (:func:`same_table`): which copy of the J♦ went where, and in what order the
melds or their cards are listed, does not matter.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import Game, Move
from rules.machiavelli.melds import ALL_CARDS, FACE
from tabletop.learn import Course, Lesson, Step

# ---- the checklist -----------------------------------------------------------------------
CHECKLIST: dict[str, str] = {
    # Source "Deal." ("shuffles the two decks into one pile", "fourteen cards") and "Goal."
    # ("the first to play all the cards in their hand").
    "deal": "Two decks are shuffled together; each player gets 14 cards, the rest is the stock",
    "goal": "Be the first to lay every card from your hand onto the table",
    # Source "Invariant." ("three- or four-of-a-kind, with each suit appearing at most once";
    # "a run, where each card is of the same suit"); RULES-NOTES: runs of 3 or more.
    "set": "A set is 3 or 4 cards of one rank, every suit different",
    "run": "A run is 3 or more cards of one suit in unbroken order",
    "two-decks": "Every card exists twice: the two copies are different cards on the table",
    "ace": "The ace follows the king in a run and can never come before the 2",
    # Source "Play." ("Initially a player must play (at least) a self-contained group of
    # three cards"; "as many cards as they like"); RULES-NOTES "Opening".
    "opening": "Your first play is a meld of 3 or more cards from your own hand alone",
    "lay": "Once opened, lay as many cards from your hand as you like, in new melds",
    "add-on": "Add cards to any meld on the table: no meld belongs to anyone",
    # Source "Play." ("redistributing existing groups and adding cards") and "Invariant."
    # ("At the end of each player's turn, each card played on the table must be part of
    # exactly one" meld).
    "rearrange": "Take cards from the melds on the table, split or rebuild them into new melds",
    "valid-table": "When your turn ends every card on the table is in one valid meld, "
    "and table cards never go back to a hand",
    # Source "Play." ("If the player does not play a card on the table, they must pick up a
    # card from the top of the deck").
    "draw": "If you cannot or will not play, draw the top card of the stock: your turn ends",
    # Source "Goal."; RULES-NOTES ("The hand ends when someone empties their hand", "penalty
    # points", "stock empty, every player passes in a row").
    "going-out": "Laying your last card ends the hand and wins it",
    "penalty": "Cards left in hand cost penalty points: ace 11, K Q J 10, the rest their number",
    "stock-empty": "With the stock empty you pass instead of drawing; if everyone passes "
    "in a row, the fewest penalty points win",
}

# ---- the deal ----------------------------------------------------------------------------


def _ids(text: str) -> list[str]:
    """Card ids written one after another, as a deal reads."""
    return text.split()


# The learner (seat 0) is dealt first, then Lucia; the stock's top cards follow, in the order
# they are drawn (Lucia's 7♣, your A♠, Lucia's Q♦, Lucia's 9♠). The rest keeps the decks'
# order: nobody reaches it.
_YOU = _ids("8S.1 8H.1 8D.1 2D.1 3D.1 4D.1 5D.1 QH.1 7H.1 7S.1 QS.1 KS.1 JD.2 3C.1")
_LUCIA = _ids("9H.1 10H.1 JH.1 6S.1 6H.1 6D.1 4C.1 5C.1 6C.1 9D.1 10D.1 JD.1 KD.1 AH.1")
_STOCK_TOP = _ids("7C.1 AS.1 QD.1 9S.1")
_DEALT = {*_YOU, *_LUCIA, *_STOCK_TOP}
DECK: tuple[str, ...] = (
    *_YOU,
    *_LUCIA,
    *_STOCK_TOP,
    *(card for card in ALL_CARDS if card not in _DEALT),
)

# ---- the melds the hand builds, in the notation ------------------------------------------
EIGHTS = "8S.1-8H.1-8D.1"
HEARTS = "9H.1-10H.1-JH.1"
HEARTS_Q = "9H.1-10H.1-JH.1-QH.1"
DIAMONDS = "2D.1-3D.1-4D.1-5D.1"
SIXES = "6S.1-6H.1-6D.1"
CLUBS = "4C.1-5C.1-6C.1-7C.1"
CLUBS_SHORT = "4C.1-5C.1-6C.1"
CLUBS_LOW = "3C.1-4C.1-5C.1-6C.1"
SPADES = "QS.1-KS.1-AS.1"
SEVENS = "7S.1-7H.1-7C.1"
LONG_RUN = "9D.1-10D.1-JD.1-QD.1-KD.1"
LOW_HALF = "9D.1-10D.1-JD.1"
HIGH_HALF = "JD.2-QD.1-KD.1"


def _play(*melds: str) -> str:
    return "play " + " ".join(melds)


def _cards(*ids: str) -> tuple[str, ...]:
    return tuple(f"card:{card}" for card in ids)


STEPS: tuple[Step, ...] = (
    Step(
        "",
        "Two decks are shuffled together and you each get 14 cards; the rest is the stock. "
        "Lay every card of your hand onto the table in melds before Lucia does and you win.",
        point=("zone:hand",),
        teaches=("deal", "goal"),
    ),
    Step(
        _play(EIGHTS),
        "Open with your three 8s, a set: cards of one rank, each suit once. Your first play "
        "must be a meld of three or more cards from your own hand: drag one 8 onto New meld, "
        "the other two onto it, then press End turn.",
        point=(*_cards("8S.1", "8H.1", "8D.1"), "zone:meld:new"),
        teaches=("set", "opening"),
    ),
    Step(
        _play(EIGHTS, HEARTS),
        "Lucia opens with 9♥ 10♥ J♥: a run, three or more cards of one suit in order.",
        point=_cards("9H.1", "10H.1", "JH.1"),
        teaches=("run",),
    ),
    Step(
        _play(EIGHTS, HEARTS, DIAMONDS),
        "You have opened, so now you may lay as many cards as you like. Lay your run "
        "2♦ 3♦ 4♦ 5♦ as a new meld: a run may be as long as you can make it.",
        point=(*_cards("2D.1", "3D.1", "4D.1", "5D.1"), "zone:meld:new"),
        teaches=("lay", "run"),
    ),
    Step(
        _play(EIGHTS, HEARTS, DIAMONDS, SIXES),
        "Lucia lays three 6s, another set.",
        point=_cards("6S.1", "6H.1", "6D.1"),
    ),
    Step(
        _play(EIGHTS, HEARTS_Q, DIAMONDS, SIXES),
        "The melds on the table belong to nobody: put your Q♥ on the end of Lucia's run of hearts.",
        point=_cards("QH.1", "JH.1"),
        teaches=("add-on",),
    ),
    Step(
        "draw",
        "Lucia draws a card instead. You may always draw rather than play; drawing ends your turn.",
        teaches=("draw",),
    ),
    Step(
        "draw",
        "None of your cards fits anywhere now, not even by moving the table around. "
        "Press Draw a card: you take the top card of the stock and your turn ends.",
        point=("zone:hand",),
        teaches=("draw",),
    ),
    Step(
        _play(EIGHTS, HEARTS_Q, DIAMONDS, SIXES, CLUBS),
        "Lucia lays a run of clubs, 4♣ to 7♣.",
        point=_cards("4C.1", "5C.1", "6C.1", "7C.1"),
    ),
    Step(
        _play(EIGHTS, HEARTS_Q, DIAMONDS, SIXES, CLUBS, SPADES),
        "You drew the A♠. The ace comes after the king, never before the 2, so lay "
        "Q♠ K♠ A♠ as a new run.",
        point=(*_cards("QS.1", "KS.1", "AS.1"), "zone:meld:new"),
        teaches=("ace",),
    ),
    Step(
        "draw",
        "Lucia draws again. Every card she holds at the end will count against her.",
    ),
    Step(
        _play(EIGHTS, HEARTS_Q, DIAMONDS, SIXES, CLUBS_SHORT, SPADES, SEVENS),
        "Your 7♥ and 7♠ need a third 7. Take the 7♣ off the end of Lucia's clubs and make "
        "a set of three 7s with them: 4♣ 5♣ 6♣ is still a run, and End turn only works "
        "when every meld on the table is sound.",
        point=_cards("7C.1", "7H.1", "7S.1"),
        teaches=("rearrange", "valid-table"),
        redirect="That works too, but for this lesson take the 7♣ from Lucia's run of clubs "
        "and make a set of 7♠ 7♥ 7♣ with your two 7s.",
    ),
    Step(
        _play(EIGHTS, HEARTS_Q, DIAMONDS, SIXES, CLUBS_SHORT, SPADES, SEVENS, LONG_RUN),
        "Lucia lays a long run of diamonds, 9♦ to K♦.",
        point=_cards("9D.1", "10D.1", "JD.1", "QD.1", "KD.1"),
    ),
    Step(
        _play(EIGHTS, HEARTS_Q, DIAMONDS, SIXES, CLUBS_SHORT, SPADES, SEVENS, LOW_HALF, HIGH_HALF),
        "Every card exists twice, and you hold the other J♦. Move Lucia's Q♦ and K♦ to New "
        "meld and put your J♦ with them: two runs, 9♦ 10♦ J♦ and J♦ Q♦ K♦.",
        point=_cards("JD.2", "QD.1", "KD.1"),
        teaches=("two-decks", "rearrange"),
        redirect="That works too, but for this lesson split Lucia's diamonds after her J♦ "
        "and make a second run J♦ Q♦ K♦ with your own J♦.",
    ),
    Step(
        "draw",
        "Lucia has nothing she can lay, so she must draw.",
    ),
    Step(
        _play(EIGHTS, HEARTS_Q, DIAMONDS, SIXES, CLUBS_LOW, SPADES, SEVENS, LOW_HALF, HIGH_HALF),
        "One card left: your 3♣ goes in front of 4♣ 5♣ 6♣. Lay your last card and the "
        "hand is yours.",
        point=_cards("3C.1", "4C.1"),
        teaches=("going-out",),
    ),
    Step(
        "",
        "Lucia is left with A♥ and 9♠: 20 penalty points, since an ace costs 11, a king, "
        "queen or jack 10, any other card its number. Should the stock run out, you pass "
        "instead of drawing, and when everyone passes in a row the fewest points win.",
        teaches=("penalty", "stock-empty"),
    ),
)

LESSON = Lesson(
    id="machiavelli",
    game_id="machiavelli",
    title="Your first hand",
    players=2,
    seat=0,
    names=("You", "Lucia"),
    seed=1,  # unused: the deck is fixed
    intro="Machiavelli is a rummy played with two decks, where every meld on the table "
    "belongs to everyone. You play one hand against Lucia, making your own moves.",
    steps=STEPS,
    recap=(
        "Melds are sets (one rank, each suit once) and runs (one suit, in order).",
        "Your first play is a meld from your own hand; after that, lay as much as you like.",
        "Any meld on the table is yours to add to, split or rebuild, if every meld is sound "
        "when your turn ends.",
        "If you do not play, you draw one card.",
        "The ace comes after the king, and every card exists twice.",
        "The first to lay their last card wins; cards left in hand are penalty points.",
    ),
    options={"deck": list(DECK)},
)


def _faces(melds: Sequence[object]) -> list[list[tuple[int, int]]] | None:
    """A table's melds as sorted faces, in a fixed order; None if it is not a table of cards."""
    out = []
    for meld in melds:
        if not isinstance(meld, tuple) or not all(c in FACE for c in meld):
            return None
        out.append(sorted(FACE[c] for c in meld))
    return sorted(out)


def same_table(game: Game, move: Move, expected: Move) -> bool:
    """Whether ``move`` is the lesson's ``expected`` move: a draw or a pass is itself; a play
    is the same if it leaves the same melds on the table, by face (the two copies of a card
    look alike), whatever order the melds and their cards are listed in."""
    if move.kind != "play" or expected.kind != "play":
        return move == expected
    mine = _faces(move.value)
    return mine is not None and mine == _faces(expected.value)


COURSE = Course("machiavelli", CHECKLIST, (LESSON,), same_move=same_table)
