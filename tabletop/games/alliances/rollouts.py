"""Hard's first guess at the root (3 and 4 players): the heuristic's favourite moves, each
played out on the same guesses at the hidden cards with the same dice, and judged as the
search judges a cut-off playout.

The search deals the hidden cards afresh for every playout, so two moves are compared across
different deals: at 3 and 4 players the deal's luck swamps what one move changes, and the
search kept its heuristic's move almost always. Played out on the same deals with the same
dice (common random numbers), two moves differ only where the move itself matters.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from rules import Game, Move
from tabletop.ai.base import SeatView
from tabletop.ai.inference import Inference, weighed_deal

from .bots import AlliancesBot, ranked

PlayoutPolicy = Callable[[Game, random.Random], Move]
#: A position's reward per seat (at a playout's cut-off or the game's end).
Judge = Callable[[Game], list[float]]

#: The heuristic's favourite moves compared (its choice among them).
TOP_MOVES = 4
#: The guesses at the hidden cards each of them is played out on.
GUESSES = 24
#: Plies played after the move before the position is judged (the search's cut-off).
CUTOFF = 6
#: Another move replaces the heuristic's when its mean gain beats zero by this many standard
#: errors of the paired differences.
CONFIDENCE = 1.0


class PairedRollouts:
    """Compares the heuristic's top moves by playouts on shared guesses (see the module)."""

    name = "paired rollouts"

    def __init__(
        self,
        seed: int,
        policy: PlayoutPolicy,
        judge: Judge,
        inference: Inference | None = None,
        draws: int = 4,
        guesses: int = GUESSES,
        cutoff: int = CUTOFF,
    ) -> None:
        self.rng = random.Random(seed)
        self.policy = policy
        self.judge = judge
        self.inference = inference
        self.draws = draws
        self.guesses = guesses
        self.cutoff = cutoff

    def choose(self, seat_view: SeatView) -> Move:
        heuristic = AlliancesBot(0)
        heuristic.rng = self.rng
        first = heuristic.choose(seat_view)
        rivals = [m for m in ranked(seat_view) if m != first][: TOP_MOVES - 1]
        if not rivals:
            return first
        weigh = None
        if self.inference is not None:
            weigh = self.inference(seat_view.view, seat_view.seen, seat_view.seat)
        gains: list[list[float]] = [[] for _ in rivals]
        for _ in range(self.guesses):
            deal = weighed_deal(seat_view.determinize, weigh, self.draws, self.rng)
            dice = self.rng.getrandbits(32)
            base = self._play(deal, first, seat_view.seat, dice)
            for out, move in zip(gains, rivals, strict=True):
                out.append(self._play(deal, move, seat_view.seat, dice) - base)
        return pick(first, rivals, gains)

    def _play(self, deal: Game, move: Move, seat: int, dice: int) -> float:
        game = deal.clone()
        game.play(move)
        rng = random.Random(dice)
        plies = 0
        while not game.over and plies < self.cutoff:
            game.play(self.policy(game, rng))
            plies += 1
        return self.judge(game)[seat]


def pick(first: Move, rivals: list[Move], gains: list[list[float]]) -> Move:
    """The rival with the largest mean paired gain over ``first``, if that gain beats zero by
    :data:`CONFIDENCE` standard errors; else ``first``."""
    best, lead = first, 0.0
    for move, diffs in zip(rivals, gains, strict=True):
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        if mean > lead and mean > CONFIDENCE * math.sqrt(var / len(diffs) + 1e-12):
            best, lead = move, mean
    return best
