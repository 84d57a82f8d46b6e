"""Allegiance's search judges a playout by who won the deal: a deal is the whole game and is
decided by its last Victories, so no playout may be cut off before the deal ends."""

from __future__ import annotations

import random

import pytest

import rules
from tabletop.ai.policy import game_ai


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
