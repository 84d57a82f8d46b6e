"""Alliances' Hard at 3 and 4 players guesses its root move by paired rollouts: the
heuristic's favourite moves played out on the same guesses at the hidden cards, a move
replacing the heuristic's only on clear evidence."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import cast

import pytest

import rules
from rules import Game
from rules.alliances import Alliances
from tabletop.ai.base import SeatView
from tabletop.ai.policy import game_ai
from tabletop.ai.rollouts import PairedRollouts
from tabletop.games.alliances.bots import AlliancesBot, ranked
from tabletop.games.alliances.search import judged


def _opening(players: int, seed: int) -> SeatView:
    game = rules.new_game("alliances", players, seed=seed)
    return SeatView(game, game.mover, random.Random(seed))


def _rollouts(judge: Callable[[Game], list[float]], seed: int = 5) -> PairedRollouts:
    hard = game_ai("alliances").for_players(3).root_bot
    assert isinstance(hard, partial) and hard.func is PairedRollouts
    return PairedRollouts(seed, **{**hard.keywords, "judge": judge, "guesses": 8})


def _decisions(players: int, seed: int, every: int) -> list[SeatView]:
    """Seat views of a heuristic-played game, every ``every``-th decision with a choice."""
    game = rules.new_game("alliances", players, seed=seed)
    bot = AlliancesBot(seed)
    out: list[SeatView] = []
    asked = 0
    while not game.over:
        seat_view = SeatView(game, game.mover, random.Random(seed))
        if len(seat_view.legal_moves()) > 1:
            if asked % every == 0:
                out.append(seat_view)
            asked += 1
        game.play(bot.choose(seat_view))
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_ranked_lists_legal_moves_with_the_heuristics_choice(players: int) -> None:
    for seat_view in _decisions(players, 1, 9):
        moves = ranked(seat_view)
        assert moves and set(moves) <= set(seat_view.legal_moves())
        assert AlliancesBot(0).choose(seat_view) in moves


def test_ranked_never_outbids_the_ally() -> None:
    game = rules.new_game("alliances", 4, seed=1)
    game.play(next(m for m in game.legal_moves() if m.kind == "bid"))
    game.play(next(m for m in game.legal_moves() if m.kind == "pass"))
    seat_view = SeatView(game, game.mover, random.Random(1))
    assert [m.kind for m in ranked(seat_view)] == ["pass"]


def test_paired_rollouts_take_a_move_that_wins_on_every_shared_guess() -> None:
    seat_view = _opening(4, 1)
    seat = seat_view.seat
    first, second = ranked(seat_view)[:2]
    assert AlliancesBot(0).choose(seat_view) == first and second.kind == "bid"

    def backs_second(game: Game) -> list[float]:
        log = cast(Alliances, game).bid_log
        won = log[0] == [seat, *second.value]
        return [1.0 if s == seat and won else 0.0 for s in range(4)]

    assert _rollouts(backs_second).choose(seat_view) == second


def test_paired_rollouts_keep_the_heuristic_choice_when_no_move_is_better() -> None:
    for seed in range(3):
        seat_view = _opening(4, seed)
        expected = AlliancesBot(0).choose(seat_view)
        assert _rollouts(lambda game: [0.25] * 4).choose(seat_view) == expected


@pytest.mark.parametrize("players", [3, 4])
def test_only_hard_at_three_and_four_players_guesses_by_rollouts(players: int) -> None:
    ai = game_ai("alliances").for_players(players)
    assert ai.root_bot is not None
    assert ai.normal is not None and ai.normal.root_bot is None
    assert game_ai("alliances").for_players(2).root_bot is None


def test_paired_rollouts_are_seeded() -> None:
    for seat_view in _decisions(3, 2, 15)[:2]:
        picks = [_rollouts(judged, seed=11).choose(seat_view) for _ in range(2)]
        assert picks[0] == picks[1]
