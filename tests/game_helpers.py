"""Positions for AI tests, shared by the test modules that search them."""

from __future__ import annotations

import random

import rules


def mid_game(game_id: str, players: int, seed: int, steps: int) -> rules.Game:
    """A game ``steps`` random moves in, at a decision with a real choice."""
    game = rules.new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.play(rng.choice(game.legal_moves()))
    while len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    return game


def until_legal(
    game_id: str, players: int, seed: int, kind: str, options: dict | None = None
) -> tuple[rules.Game, rules.Move]:
    """A seeded random game played on until a move of ``kind`` is legal, and that move."""
    game = rules.new_game(game_id, players, seed=seed, options=options)
    rng = random.Random(seed)
    while not game.over:
        found = [m for m in game.legal_moves() if m.kind == kind]
        if found:
            return game, found[0]
        game.play(rng.choice(game.legal_moves()))
    raise AssertionError(f"no {kind!r} move in seed {seed}")
