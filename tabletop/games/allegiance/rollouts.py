"""Hard's first guess at the root: the heuristic's favourite moves, each played out to the
deal's end on the same guesses at the hidden cards.

The search deals the hidden cards afresh for every playout, so two moves are compared across
different deals, and at four players the deal's luck swamps what one move changes: the search
seldom leaves its heuristic. Played out on the same deals with the same dice (common random
numbers), two moves differ only where the move itself matters, so a few dozen deals tell them
apart.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from rules import Game, Move
from tabletop.ai.base import SeatView
from tabletop.ai.inference import Inference, weighed_deal

from .bots import AllegianceBot, ranked

PlayoutPolicy = Callable[[Game, random.Random], Move]
Reward = Callable[[Game], list[float]]

#: The heuristic's favourite moves compared (its choice among them).
TOP_MOVES = 4
#: The guesses at the hidden cards each of them is played out on.
GUESSES = 24
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
        reward: Reward,
        inference: Inference | None = None,
        draws: int = 4,
    ) -> None:
        self.rng = random.Random(seed)
        self.policy = policy
        self.reward = reward
        self.inference = inference
        self.draws = draws

    def choose(self, seat_view: SeatView) -> Move:
        heuristic = AllegianceBot(0)
        heuristic.rng = self.rng
        first = heuristic.choose(seat_view)
        rivals = [m for m in ranked(seat_view) if m != first][: TOP_MOVES - 1]
        if not rivals:
            return first
        weigh = None
        if self.inference is not None:
            weigh = self.inference(seat_view.view, seat_view.seen, seat_view.seat)
        gains: list[list[float]] = [[] for _ in rivals]
        for _ in range(GUESSES):
            deal = weighed_deal(seat_view.determinize, weigh, self.draws, self.rng)
            dice = self.rng.getrandbits(32)
            base = self._play(deal, first, seat_view.seat, dice)
            for out, move in zip(gains, rivals, strict=True):
                out.append(self._play(deal, move, seat_view.seat, dice) - base)
        best, lead = first, 0.0
        for move, diffs in zip(rivals, gains, strict=True):
            mean = sum(diffs) / len(diffs)
            var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
            if mean > lead and mean > CONFIDENCE * math.sqrt(var / len(diffs) + 1e-12):
                best, lead = move, mean
        return best

    def _play(self, deal: Game, move: Move, seat: int, dice: int) -> float:
        game = deal.clone()
        game.play(move)
        rng = random.Random(dice)
        while not game.over:
            game.play(self.policy(game, rng))
        return self.reward(game)[seat]
