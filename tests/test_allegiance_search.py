"""Allegiance's search judges a playout by who won the deal: a deal is the whole game and is
decided by its last Victories, so no playout may be cut off before the deal ends. The reward
also counts how each seat's House stood, below the win."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import cast

import pytest

import rules
from rules import Game
from rules.allegiance import HOUSE_OF, Allegiance
from tabletop.ai.base import SeatView
from tabletop.ai.policy import game_ai
from tabletop.ai.rollouts import PairedRollouts
from tabletop.games.allegiance.bots import AllegianceBot, ranked
from tabletop.games.allegiance.search import deal_reward


@pytest.mark.parametrize("players", [3, 4, 7, 9])
def test_a_whole_deal_fits_in_one_playout(players: int) -> None:
    cutoff = game_ai("allegiance").cutoff
    rng = random.Random(players)
    for seed in range(20):
        game = rules.new_game("allegiance", players, seed=seed)
        while not game.over:
            game.play(rng.choice(game.legal_moves()))
        # Every decision of the deal, the Allegiance choices and Assassins' kills included.
        assert len(game.history) <= cutoff


def _finished(players: int, seed: int) -> Allegiance:
    game = rules.new_game("allegiance", players, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
    return cast(Allegiance, game)


def test_a_playout_reward_counts_the_win_first_and_the_house_next() -> None:
    for seed in range(30):
        game = _finished(7, seed)
        reward = deal_reward(game)
        assert sum(reward) == pytest.approx(1)
        won = [len(pile) for pile in game.won]
        top = max(won)
        winners = game.outcome().winners
        if len(winners) == 7:  # nobody backed a winning House: all share the win alike
            continue
        for s, card in enumerate(game.allegiance):
            assert card is not None
            if s in winners:  # the win outweighs any House standing
                assert reward[s] == max(reward)
            elif won[HOUSE_OF[card]] < top:  # a House that lost the deal: below every winner
                assert all(reward[s] < reward[w] for w in winners)
        # Two losers: the one whose House came nearer gets more.
        losers = [s for s in range(7) if s not in winners]
        for a in losers:
            for b in losers:
                if won[HOUSE_OF[game.allegiance[a]]] > won[HOUSE_OF[game.allegiance[b]]]:
                    assert reward[a] > reward[b]


def _pledging(players: int, seed: int) -> SeatView:
    game = rules.new_game("allegiance", players, seed=seed)
    return SeatView(game, game.mover, random.Random(seed))


def _rollouts(reward: Callable[[Game], list[float]]) -> PairedRollouts:
    hard = game_ai("allegiance").for_players(4).root_bot
    assert isinstance(hard, partial) and hard.func is PairedRollouts
    return PairedRollouts(5, **{**hard.keywords, "judge": reward})


def test_paired_rollouts_take_a_move_that_wins_on_every_shared_guess() -> None:
    seat_view = _pledging(4, 3)
    seat = seat_view.seat
    second = ranked(seat_view)[1].cards[0]

    def backs_second(game: Game) -> list[float]:
        pledged = cast(Allegiance, game).allegiance
        return [1.0 if s == seat and pledged[s] == second else 0.0 for s in range(4)]

    assert _rollouts(backs_second).choose(seat_view).cards[0] == second


def test_paired_rollouts_keep_the_heuristic_choice_when_no_move_is_better() -> None:
    for seed in range(3):
        seat_view = _pledging(4, seed)
        expected = AllegianceBot(0).choose(seat_view)
        assert _rollouts(lambda game: [0.25] * 4).choose(seat_view) == expected


#: Every count: Hard's paired-rollout guess lost at none of those measured.
GUESSING = (3, 4, 5, 6, 7, 8, 9)


@pytest.mark.parametrize("players", range(3, 10))
def test_only_hard_guesses_at_the_root_by_rollouts(players: int) -> None:
    assert rules.GAMES["allegiance"].min_players == 3
    assert rules.GAMES["allegiance"].max_players == 9
    ai = game_ai("allegiance").for_players(players)
    if players in GUESSING:
        assert isinstance(ai.root_bot, partial) and ai.root_bot.func is PairedRollouts
    else:
        assert ai.root_bot is None
    assert (ai.normal or ai).root_bot is None  # Normal keeps the heuristic's guess
