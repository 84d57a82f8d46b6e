"""Bots by kind: ``make_bot(kind, game_id, seed)`` builds the bot that plays a seat.

``random`` plays uniformly; ``easy`` and ``heuristic`` are the game's own heuristic bot (from
its package in :mod:`tabletop.games`, with noise for Easy), ``normal`` and ``hard`` the
search (:mod:`tabletop.ai.ismcts`) at two time budgets (a game may give Normal settings of
its own, ``GameAI.normal``: Machiavelli and Medici a weaker guide). A game without a
heuristic of its own falls back to :class:`RandomBot` (and the bot's name says so).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules import Move

from .base import Bot, SeatView
from .heuristics import heuristic_for
from .ismcts import ISMCTSBot

#: Search levels: (seconds per decision, iteration cap, playout policy).
SEARCH_LEVELS: dict[str, tuple[float | None, int, str]] = {
    "normal": (0.3, 100_000, "heuristic"),
    "hard": (1.5, 500_000, "heuristic"),
}
#: Kinds that decide in milliseconds (tests play whole games with them).
QUICK_KINDS = ("random", "easy", "heuristic")
KINDS = (*QUICK_KINDS, *SEARCH_LEVELS)
EASY_NOISE = 0.15


class RandomBot:
    """Uniform over the legal moves, with its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, seat_view: SeatView) -> Move:
        return self.rng.choice(seat_view.legal_moves())


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}


def make_bot(kind: str, game_id: str, seed: int, iterations: int | None = None) -> Bot:
    """A bot of ``kind`` ("random", "easy", "heuristic", "normal" or "hard") for ``game_id``.

    ``iterations`` replaces a search level's time budget by that iteration cap (arena and
    benchmarks: reproducible and bounded). Raises ``ValueError`` for an unknown kind.
    """
    if kind in BOTS:
        return BOTS[kind](seed)
    if kind in SEARCH_LEVELS:
        budget, cap, playouts = SEARCH_LEVELS[kind]
        if iterations is not None:
            budget, cap = None, iterations
        return ISMCTSBot(
            seed,
            budget=budget,
            iterations=cap,
            name=f"ismcts-{kind}",
            playouts=playouts,
            level=kind,
        )
    if kind not in ("easy", "heuristic"):
        raise ValueError(f"Unknown bot kind {kind!r}; choose from {', '.join(KINDS)}.")
    factory = heuristic_for(game_id, kind)
    if factory is None:
        bot = RandomBot(seed)
        bot.name = f"random (no {kind} bot for {game_id})"
        return bot
    return factory(seed, noise=EASY_NOISE if kind == "easy" else 0.0)
