"""A first guess at the root by paired rollouts: the heuristic's favourite moves, each played
out on the same guesses at the hidden cards with the same dice, and judged.

The search deals the hidden cards afresh for every playout, so two moves are compared across
different deals; with three players or more the deal's luck swamps what one move changes, and
the search seldom leaves its heuristic. Played out on the same deals with the same dice
(common random numbers), two moves differ only where the move itself matters, so a few dozen
deals tell them apart. Another move replaces the heuristic's only on clear evidence.

A game plugs it in as Hard's ``GameAI.root_bot``:
``replace(settings, root_bot=paired_guess(settings, MyBot, my_ranked, judge))``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from rules import Game, Move

from .base import SeatView
from .inference import Inference, weighed_deal

if TYPE_CHECKING:
    from .policy import GameAI

PlayoutPolicy = Callable[[Game, random.Random], Move]
#: A position's reward per seat where a playout stopped (its cut-off or the game's end).
Judge = Callable[[Game], list[float]]

#: The heuristic's favourite moves compared (its choice among them).
TOP_MOVES = 4
#: The guesses at the hidden cards each of them is played out on.
GUESSES = 24
#: Another move replaces the heuristic's when its mean gain beats zero by this many standard
#: errors of the paired differences.
CONFIDENCE = 1.0


class SeededBot(Protocol):
    """A game's heuristic bot: its choice is the move the others must beat."""

    rng: random.Random

    def choose(self, seat_view: SeatView) -> Move: ...


class PairedRollouts:
    """Compares the heuristic's top moves by playouts on shared guesses (see the module).
    ``ranked`` lists the heuristic's moves best first; ``cutoff`` None plays every playout
    to the game's end."""

    name = "paired rollouts"

    def __init__(
        self,
        seed: int,
        heuristic: Callable[[int], SeededBot],
        ranked: Callable[[SeatView], list[Move]],
        policy: PlayoutPolicy,
        judge: Judge,
        inference: Inference | None = None,
        draws: int = 4,
        guesses: int = GUESSES,
        cutoff: int | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.heuristic = heuristic
        self.ranked = ranked
        self.policy = policy
        self.judge = judge
        self.inference = inference
        self.draws = draws
        self.guesses = guesses
        self.cutoff = cutoff

    def choose(self, seat_view: SeatView) -> Move:
        bot = self.heuristic(0)
        bot.rng = self.rng  # the heuristic's tie-breaks follow this guess's seed
        first = bot.choose(seat_view)
        rivals = [m for m in self.ranked(seat_view) if m != first][: TOP_MOVES - 1]
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
        while not game.over and (self.cutoff is None or plies < self.cutoff):
            game.play(self.policy(game, rng))
            plies += 1
        return self.judge(game)[seat]


def paired_guess(
    ai: GameAI,
    heuristic: Callable[[int], SeededBot],
    ranked: Callable[[SeatView], list[Move]],
    judge: Judge,
) -> Callable[[int], PairedRollouts]:
    """A root guess (``GameAI.root_bot``) by paired rollouts on a game's search settings: its
    playout policy, inference, guesses per deal and cut-off."""
    return partial(
        PairedRollouts,
        heuristic=heuristic,
        ranked=ranked,
        policy=ai.heuristic,
        judge=judge,
        inference=ai.inference,
        draws=ai.draws,
        cutoff=ai.cutoff,
    )


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
