"""Hints say why (tabletop.ai.advice): the sentence comes from what the search weighed and what
the move led to in deals that fit the seat's view; it depends on nothing the seat cannot see
and names no hidden card."""

from __future__ import annotations

import random

import pytest

import rules
from rules import Event
from tabletop import games
from tabletop.ai.advice import Advice, advise_seeded
from tabletop.ai.base import SeatView
from tabletop.ai.hint import advise_now, hint_bot
from tabletop.games.allegiance.advice import facts as allegiance_facts
from tabletop.games.alliances.advice import facts as alliances_facts

CASES = [("royal_houses", 2), ("allegiance", 4), ("medici", 2), ("medici", 4), ("alliances", 4)]
ITERATIONS = 120


def positions(game_id: str, players: int, count: int) -> list[rules.Game]:
    """Mid-game positions of seeded random games where the seat to move has a choice."""
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        game, rng = rules.new_game(game_id, players, seed), random.Random(seed)
        for _ in range(rng.randrange(4, 50)):
            if game.over:
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.over and game.forced_move() is None:
            found.append(game)
    return found


def describe(game: rules.Game):  # type: ignore[no-untyped-def]
    names = [f"Player {i + 1}" for i in range(game.players)]
    return lambda move: game.describe_move(move, game.to_move, names)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_hint_says_its_move_and_why(game_id: str, players: int) -> None:
    for game in positions(game_id, players, 3):
        advice = advise_now(game, game.to_move, iterations=ITERATIONS)
        assert advice.move in game.legal_moves()
        said = describe(game)(advice.move)
        sentence = advice.sentence(describe(game))
        assert sentence.startswith(said + ": ") and sentence.endswith(".")
        assert advice.reason(describe(game)), "a searched hint always has a reason"
        # The figures quoted are the search's own: a share of the playouts that began with it.
        if advice.share is not None:
            assert 0.0 <= advice.share <= 1.0 and advice.tried > 0


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_hint_depends_only_on_what_the_seat_may_know(game_id: str, players: int) -> None:
    """Two games that differ only in cards the seat cannot see get the same advice."""
    for game in positions(game_id, players, 2):
        seat = game.to_move
        other = game.determinize(seat, random.Random(99))  # the hidden cards dealt anew
        # ...with the same past: the play the seat saw (what its search reads) is the same.
        other.seed, other.history, other.determinized = game.seed, list(game.history), False
        other.options = dict(game.options)
        answers = []
        for real in (game, other):
            view = SeatView(real, seat, random.Random(7))
            answers.append(advise_seeded(hint_bot(game_id, 5, ITERATIONS), view, 5))
        assert answers[0] == answers[1]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_hint_names_no_hidden_card(game_id: str, players: int) -> None:
    """A hidden card's name in the hint is a leak, unless a card the seat can see bears the
    same name (Medici's twin copies: building one's own Poet names the rival's too)."""
    for game in positions(game_id, players, 3):
        seat = game.to_move
        sentence = advise_now(game, seat, iterations=ITERATIONS).sentence(describe(game))
        hidden = game.hidden_cards(seat)
        seen: set[str] = set()
        for card in set(game.census()) - hidden:
            try:
                seen.update(*games.card_names_for(game_id, card))
            except ValueError:  # a token (a counter, a marker), not a card: it has no name
                continue
        for card in hidden:
            names, labels = games.card_names_for(game_id, card)
            for word in (names | labels) - seen:
                assert word not in sentence, f"{sentence!r} names hidden {card}"


def test_allegiance_tells_a_trick_won_and_the_house_the_seat_backs() -> None:
    """Allegiance rules: the trick's Victories go to the house of its best Face; a player
    scores through the house their Allegiance card backs."""
    view = {"allegiance": ["S4", None, None, None]}
    award = Event(
        "award", "", {"house": "Swords", "victories": ["Peace"], "seat": 0, "face": "S5"}
    )
    said = allegiance_facts([award], 0, frozenset({0}), view)
    assert said == ["it wins the trick and sends Peace to Swords, the house you back"]
    theirs = Event("award", "", {**award.data, "seat": 2})
    assert allegiance_facts([theirs], 0, frozenset({0}), view) == [
        "Peace goes to Swords, the house you back"
    ]
    assert allegiance_facts([theirs], 0, frozenset({0}), {"allegiance": ["H4", None]}) == []


def test_alliances_tells_a_conflict_won_by_the_side_and_the_country_taken() -> None:
    view = {"grid": [{"id": "tile:0,0", "country": "Caldessa"}]}
    won = Event("conflict", "", {"winner": 2, "tile": "tile:0,0", "captured": True, "cards": []})
    assert alliances_facts([won], 0, frozenset({0, 2}), view) == [
        "your side wins the conflict and takes Caldessa"
    ]
    assert alliances_facts([won], 1, frozenset({1, 3}), view) == []
    own = Event("conflict", "", {**won.data, "winner": 0})
    assert alliances_facts([own], 0, frozenset({0, 2}), view) == [
        "you win the conflict and take Caldessa"
    ]


def test_the_reason_reads_the_search_figures_and_never_claims_a_lead_it_lacks() -> None:
    move, other = rules.Move("play", ("a",)), rules.Move("play", ("b",))
    named = {move: "Play A", other: "Play B"}.__getitem__
    ahead = Advice(move, (), 0.61, 200, other, 0.48)
    assert ahead.sentence(named) == (
        "Play A: it won 61% of the 200 games the search played out with it, against 48% for "
        "Play B."
    )
    kept = Advice(move, (), 0.48, 150, other, 0.52)
    assert "no other move did clearly better" in kept.sentence(named)
    told = Advice(move, (("it wins the trick", 1.0), ("Hearts gains", 0.7)), 0.6, 9, other, 0.5)
    assert told.sentence(named) == "Play A: it wins the trick and most likely Hearts gains."
    assert Advice(move).sentence(named) == "Play A."
