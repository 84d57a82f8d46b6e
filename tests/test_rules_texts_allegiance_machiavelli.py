"""The in-app rules texts of Allegiance and Machiavelli mark exactly our decisions.

RULES-NOTES.md: "Each game's in-app rules text must state these decisions and mark them 'house
reading'". So every decision of ours sits in a paragraph or list item that starts with
**House reading:**, and what the original rules say does not. Each case cites the RULES-NOTES
line ("notes: ...") or the source clause (sources/002_... for Allegiance, sources/001_... for
Machiavelli, "source, <section>") it checks.
"""

from __future__ import annotations

import re

import pytest
from rules_texts import passage_with, passages

import rules

MARK = "**House reading:**"


def is_marked(game_id: str, phrase: str) -> bool:
    """Is the one paragraph or list item (as the app parses it) holding ``phrase`` marked, that
    is, does it start with the "House reading:" label? A nested item is its own passage."""
    return passage_with(game_id, phrase).startswith("House reading:")


# ---------------------------------------------------------------------------------- Allegiance

ALLEGIANCE_HOUSE_READINGS = [
    # notes: "Traits (6) ... the other three are ours"
    "the other three names and the split (three up, three down) are ours",
    # notes: "Victories (12): Courage, Honor, Love, Time (source) + Glory, ..."
    "the other eight names are ours",
    # notes: "Excluded cards (4, 5, 7, 8 players) are dealt face up" (source: face up for 4)
    "we set them aside face up for 5, 7 and 8 players too",
    # notes: "never the Moon" (our procedure: the next card goes instead)
    "it stays in the deal and the next card is set aside instead",
    # notes: "If a player holds no Face card after the deal, redeal."
    "the cards are shuffled and dealt again",
    # DESIGN: secret choices are taken in seat order
    "players choose one after another, starting with Player 1",
    # our decision: empty hands are skipped
    "a player with no cards left would simply be skipped",
    # source, "Tiles": tiles numbered 1-7 only; the numbering past 7 is ours
    "the numbering simply goes on: 8, 9 and so on",
    # notes: "ALL traits waiting in front of a player flip and apply to the next Face"
    "all of them turn over together onto that player's next Face",
    # our decision: traits left waiting at the end are discarded
    "Traits still waiting when the deal ends are simply discarded",
    # notes: "Assassin ... MAY remove one other Face from the current trick (with its traits)"
    "the removed Face leaves the trick together with the Traits on it",
    # notes: "Precedence of the rest is unchanged."
    "the Faces that stay keep their precedence numbers",
    # notes: "The deal ends when all dealt Victories are awarded" (excluded ones out of play)
    "Victories set aside at the start are out of play",
    # notes: "If all hands are empty with Victories unawarded, those Victories go to no house."
    "Victories still in an unfinished trick then go to no House",
    # our decision: no Victory won at all -> nobody scores
    "if no House won a single Victory, no House wins and nobody scores",
    # our decision: the source scores players but names no winner
    "the player with the most points wins, and equal totals share the win",
    # notes: "A match is N deals (default 1), scores summed."
    "each player's points add up over the deals",
]

ALLEGIANCE_SOURCE = [
    # source, "Setup": deal all cards with 3, 6 or 9 players; exclude 2, 4, 5, 6 otherwise
    "With 3, 6 or 9 players every card is dealt",
    # source, "Setup": "The Moon card should never be excluded."
    "The Moon is never set aside.",
    # source, "Setup": choose a Face, face down, keep it secret
    "Each player picks one Face from their hand and lays it face down",
    # source, "Play": the first round begins with the Moon
    "starts with the player holding the Moon",
    # source, "Play": a Face AND a Victory, else another full round
    "if it holds at least one Face and at least one Victory",
    # source, "Play": a House may win multiple Victories in a round (the Countess example)
    "gives both to Hearts",
    # source, "Example Rounds": Player 1 leads Round 2 after a round with no award
    "A round with no award is led again by the same player",
    # source, "Play": the Face played first has Precedence
    "between equal effective ranks, the one that came first (precedence) wins",
    # source, "Play": the winning Face's player leads the next hand
    "the player of the winning Face leads the next round",
    # source, "Play": face-down Traits in front of any player, yourself included
    "Face down in front of any player, yourself included",
    # source, "Play": assassins may remove a Face, even of their own house
    "It can even be a Face of your own House",
    # source, "Play": the game is over when all Victories have been awarded
    "The deal ends as soon as every Victory has been awarded",
    # source, "Winning": the House(s) with most Victories; a point per rank of the card
    "Every player whose Allegiance card belongs to a winning House scores that card's rank",
    # source, "Example Rounds", Round 1 and Round 2
    "Player 4 lays Clever face up on the Knight of Hearts",
    "Honor and Time go to Swords, and Player 2",
]


@pytest.mark.parametrize("phrase", ALLEGIANCE_HOUSE_READINGS)
def test_allegiance_house_readings_are_marked(phrase: str) -> None:
    assert is_marked("allegiance", phrase), phrase


@pytest.mark.parametrize("phrase", ALLEGIANCE_SOURCE)
def test_allegiance_source_rules_are_not_marked(phrase: str) -> None:
    assert not is_marked("allegiance", phrase), phrase


def test_allegiance_text_has_the_two_example_rounds() -> None:
    """Source, "Example Rounds": the two rounds are retold in the rules text, in order, under
    their own heading (checked against the engine in tests/test_allegiance.py)."""
    text = rules.rules_text("allegiance")
    assert "### An example: two rounds" in text
    first, second = text.index("**Round 1.**"), text.index("**Round 2.**")
    assert text.index("### An example: two rounds") < first < second
    round_1 = re.sub(r"\s+", " ", text[first:second])
    for words in ("the Moon", "Knight of Hearts", "Count of Stars", "Clever", "nothing is awarded"):
        assert words in round_1
    round_2 = re.sub(r"\s+", " ", text[second : text.index("## The end of a deal")])
    for words in ("Honor", "Count of Swords", "Time", "Beloved", "go to Swords", "Player 2"):
        assert words in round_2


# --------------------------------------------------------------------------------- Machiavelli

MACHIAVELLI_HOUSE_READINGS = [
    # notes: "Two 52-card decks, no jokers" (source: two decks, jokers not mentioned)
    "we play without them",
    # notes: "Runs: 3+ consecutive cards of one suit" (source, "Invariant": no length given)
    "we ask for at least three cards, as for a set",
    # notes: 'Option "ace low or high"'
    'the option "Ace low or high"',
    # our decision: the app knows no ages (source, "Choose the dealer": the oldest deals)
    "the last seat deals the first hand",
    # notes: "Machiavelli (2-6 players)" (source: "a mate or two")
    "we allow 2 to 6 players",
    # notes: "until a player has opened ... may not touch the table that turn"
    "until you have opened you may lay several new melds at once",
    # notes: "With the stock empty, a player who does not play passes."
    "once the stock is empty, a player who does not play passes",
    # notes: "stock empty, every player passes in a row; then fewest penalty points wins"
    "every player passes in a row",
    # notes: "(A 11, K/Q/J 10, others face value ...)"
    "ace 11, king, queen, jack 10, every other card its number",
    # our decision: the others' ranking in a single hand
    "the others are ranked behind the player who went out",
    # notes: "Optional match to 100 points."
    "reaches 100 or more at the end of a hand",
    # our decision: who deals after a shared hand
    "if a hand is shared, the first of its winners after the dealer deals",
]

MACHIAVELLI_SOURCE = [
    # source, "Deal": two decks shuffled together
    "Two 52-card decks shuffled together",
    # source, "Invariant": three- or four-of-a-kind, each suit at most once
    "three or four cards of the same rank, each of a different suit",
    # source, "Invariant": runs of one suit
    "cards of the same suit in sequence",
    # source, "Invariant": the ace follows the king, never before the two
    "The ace comes after the king",
    # source, "Deal": fourteen cards each, face down
    "deals 14 cards to each player, face down",
    # source, "Play": clockwise from the dealer's left
    "The player to the dealer's left plays first",
    # source, "Play": otherwise pick up a card from the top of the deck
    "if you do not play, take the top card of the stock",
    # source, "Play": initially a self-contained group of three cards
    "Your first play must be a group of at least three cards from your own hand",
    # source, "Invariant": each card played on the table is in exactly one group
    "every card that was on the table stays on the table",
    # source, "Goal": first to play all cards wins
    "The hand ends as soon as a player plays their last card",
    # source, "Choose the dealer": winners deal successive hands
    "The winner of a hand deals the next one",
]


@pytest.mark.parametrize("phrase", MACHIAVELLI_HOUSE_READINGS)
def test_machiavelli_house_readings_are_marked(phrase: str) -> None:
    assert is_marked("machiavelli", phrase), phrase


@pytest.mark.parametrize("phrase", MACHIAVELLI_SOURCE)
def test_machiavelli_source_rules_are_not_marked(phrase: str) -> None:
    assert not is_marked("machiavelli", phrase), phrase


# ---------------------------------------------------------------------------------- both texts


@pytest.mark.parametrize("game_id", ["allegiance", "machiavelli"])
def test_one_way_of_marking(game_id: str) -> None:
    """RULES-NOTES: decisions are marked "house reading"; the texts use one mark, always at the
    start of its paragraph or list item, so a reader sees at once which parts are ours (the
    introduction names the mark once)."""
    text = rules.rules_text(game_id)
    mentions = len(re.findall(r"house reading", text, flags=re.IGNORECASE))
    assert mentions == text.count(MARK) + 1 and "Parts marked **House reading**" in text
    labelled = [p for p in passages(game_id) if "House reading" in p]
    assert labelled[0].startswith("Parts marked House reading")
    assert len(labelled) > 5 and all(p.startswith("House reading:") for p in labelled[1:])
