"""Sealed Bids (``tests/example_game/rules_sealedbids.py``): the worked example of a game with
simultaneous secret decisions, walked through docs/adding-a-game.md and held to the shared
conformance checks. Registered only for the length of a test, like High Card.

What it adds to High Card: up to four seats bid in turn while the earlier bids of the round
stay hidden, so a seat must not learn a pending bid from its view, the events it sees, its
legal moves, the words for a move, or by deduction from a rival's hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from example_game import rules_sealedbids
from example_game.rules_sealedbids import GAME_ID, bid
from test_conformance import (
    check_determinized_copy_cannot_be_saved,
    check_every_step,
    check_random_playouts,
    check_same_seed_same_game,
    check_spec_is_complete,
)

import rules


@pytest.fixture
def sealed_bids() -> Iterator[str]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(rules.GAMES, GAME_ID, rules_sealedbids.SPEC)
        yield GAME_ID


def test_the_shared_conformance_checks_pass(sealed_bids: str) -> None:
    check_spec_is_complete(sealed_bids)
    for players, options in rules.GAMES[sealed_bids].test_configs:
        check_random_playouts(sealed_bids, players, dict(options), 100)
        check_every_step(sealed_bids, players, dict(options))
        check_same_seed_same_game(sealed_bids, players, dict(options))
    check_determinized_copy_cannot_be_saved(sealed_bids)


def test_the_shortest_game_is_the_shape_s() -> None:
    game = rules_sealedbids.SealedBids(2, 1, {})
    while not game.over:
        game.play(game.legal_moves()[0])
    assert len(game.history) == rules_sealedbids.SPEC.shape.shortest


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_pending_bid_is_seen_by_no_other_seat(sealed_bids: str, players: int) -> None:
    """Whatever the first seat bids, every other seat sees the same: views, events, legal
    moves and their words; the bid shows only once all have bid."""
    seen: dict[str, list] = {}
    for card in rules_sealedbids.seat_cards(0):
        game = rules.new_game(sealed_bids, players, seed=3)
        events = game.play(bid(card))
        for seat in [*range(1, players), None]:
            assert card not in str(game.view(seat)), seat
            assert card in game.hidden_cards(seat)
        others = [
            (
                game.view(seat),
                [e.render(["A", "B", "C", "D"]) for e in rules.visible_events(events, seat)],
                [str(m) for m in game.legal_moves()] if game.to_move == seat else None,
                [game.describe_move(m, 1, ["A", "B", "C", "D"]) for m in game.legal_moves()],
            )
            for seat in [*range(1, players), None]
        ]
        seen[card] = others
        assert game.view(0)["my_bid"] == card
    assert all(v == seen["a1"] for v in seen.values()), "another seat can tell the bids apart"


def test_a_rivals_hand_is_not_shown_while_its_bid_is_pending(sealed_bids: str) -> None:
    """Leaks by deduction: every seat knows which cards a rival has left, so its hand shown
    beside its face-down bid would name the bid (the card missing from it)."""
    game = rules.new_game(sealed_bids, 3, seed=5)
    game.play(bid("a4"))
    for seat in (1, 2, None):
        view = game.view(seat)
        assert view["hands"][0] is None and view["hand_counts"][0] == 4
        assert view["bid"] == [True, False, False]


def test_the_bids_are_revealed_together_and_the_highest_single_bid_wins(
    sealed_bids: str,
) -> None:
    game = rules.new_game(sealed_bids, 3, seed=2)
    prize = game.view(None)["prize"]
    game.play(bid("a5"))
    game.play(bid("b5"))
    events = game.play(bid("c2"))
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].data == {
        "prize": prize,
        "bids": ["a5", "b5", "c2"],
        "winner": None,  # a tie for highest wins nothing
    }
    assert all(e.visible_to(s) for s in (0, 1, 2, None) for e in reveal)
    game.play(bid("a1"))
    game.play(bid("b2"))
    game.play(bid("c3"))
    assert game.view(None)["rounds"][1]["winner"] == 2


def test_determinize_guesses_a_pending_bid_from_the_rivals_cards(sealed_bids: str) -> None:
    game = rules.new_game(sealed_bids, 2, seed=4)
    game.play(bid("a3"))
    guesses = {game.determinize(1, random.Random(n)).bids[0] for n in range(40)}
    assert guesses == set(rules_sealedbids.seat_cards(0))


def test_the_conformance_checks_catch_a_hand_shown_beside_a_pending_bid(
    sealed_bids: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    honest = rules_sealedbids.SealedBids.view

    def leaky(self: rules_sealedbids.SealedBids, seat: int | None) -> dict:
        view = honest(self, seat)
        view["hands"] = [sorted(h) for h in self.hands]
        return view

    monkeypatch.setattr(rules_sealedbids.SealedBids, "view", leaky)
    with pytest.raises(AssertionError, match="hidden"):
        check_every_step(sealed_bids, 2, {})
