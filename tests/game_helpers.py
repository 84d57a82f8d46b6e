"""Positions for AI tests, shared by the test modules that search them."""

from __future__ import annotations

import random
from typing import Any

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


def draw_beside_twin(game: rules.Game, drawn: str) -> str:
    """Machiavelli, two decks: make ``drawn`` the stock's top card and lay a set holding its
    twin (the same face from the other deck) on the table; return the twin. The set's cards
    leave whichever hand or place in the stock they were dealt to."""
    face, deck = drawn.split(".")
    twin = f"{face}.{3 - int(deck)}"
    meld = [twin, *(f"{face[:-1]}{s}.{deck}" for s in "SHDC" if s != face[-1])][:3]
    g: Any = game  # the Machiavelli game's own fields
    for cards in [*g.hands, g.stock]:
        cards[:] = [c for c in cards if c not in meld]
    top = g.stock[-1]
    for cards in [*g.hands, g.stock]:
        if drawn in cards:
            cards[cards.index(drawn)] = top
    g.stock[-1] = drawn
    g.table = [*g.table, tuple(meld)]
    g._legal_cache = None
    return twin


class SteppingClock:
    """A stand-in for the ``time`` module whose clock moves on a fixed step at every reading,
    so that how many iterations a search's budget buys does not depend on the machine's speed
    or load (tests check the search's behaviour; benchmarks measure its time)."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now
