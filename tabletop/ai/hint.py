"""Hints: "what would Hard play here?", for a human seat, computed off the UI thread.

The hint bot is an ordinary bot (Hard by default; a game may declare its own in its
package's :class:`~tabletop.ai.base.GameBots`), asked through the AI worker with the same
honest :class:`~tabletop.ai.base.SeatView` as any AI seat: a hint never knows more than
the player asking for it. A hint belongs to one position; once anything is played it is
stale and is dropped.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from rules import Game, Move

from .. import games
from .advice import Advice, advise_seeded
from .base import Bot, SeatView
from .bots import make_bot
from .worker import AIWorker, decide_seeded, seat_question

HINT_LEVEL = "hard"


def hint_bot(game_id: str, seed: int, iterations: int | None = None) -> Bot:
    """The bot whose choice a hint shows (``iterations`` caps a search, for tests)."""
    bots = games.bots_for(game_id)
    if bots is not None and bots.hint is not None:
        return bots.hint(seed)
    return make_bot(HINT_LEVEL, game_id, seed, iterations=iterations)


def hint_seed(game: Game, seat: int) -> int:
    """Same position, same hint: the seed depends on the game and how far it has gone."""
    return random.Random(f"hint:{game.seed}:{len(game.history)}:{seat}").getrandbits(32)


def hint_now(game: Game, seat: int, iterations: int | None = None) -> Move:
    """The hint for ``seat``, computed here and now exactly as the worker would (headless
    tools and tests)."""
    seed = hint_seed(game, seat)
    question = seat_question(game, seat, seed)
    if not isinstance(question, SeatView):
        return question
    return decide_seeded(hint_bot(game.spec.id, seed, iterations), question, seed)


def advise_now(game: Game, seat: int, iterations: int | None = None) -> Advice:
    """The hint for ``seat`` and why, computed here and now exactly as the worker would."""
    seed = hint_seed(game, seat)
    question = seat_question(game, seat, seed)
    if not isinstance(question, SeatView):
        return Advice(question)
    return advise_seeded(hint_bot(game.spec.id, seed, iterations), question, seed)


def ask_advice(worker: AIWorker, game: Game, seat: int, iterations: int | None) -> Future[Any]:
    """The hint bot's :class:`Advice` for ``seat``, worked out in the worker from the seat's
    :class:`SeatView` (made here: the real hidden cards never reach the worker)."""
    seed = hint_seed(game, seat)
    question = seat_question(game, seat, seed)
    if isinstance(question, SeatView):
        return worker.run(advise_seeded, hint_bot(game.spec.id, seed, iterations), question, seed)
    answer: Future[Any] = Future()
    answer.set_result(Advice(question))  # a forced move: nothing to weigh
    return answer


@dataclass(frozen=True)
class Position:
    """Where a hint was asked: it stays valid only while the game is still there."""

    seat: int
    plies: int

    @staticmethod
    def of(game: Game) -> Position | None:
        seat = game.to_move
        return None if seat is None else Position(seat, len(game.history))


class HintRequest:
    """One hint being worked out in the worker for the position ``game`` is in now: the hint
    bot's move, or the answer to ``job`` (a function and its arguments) where the table
    working area works out its own hint (see ``WorkingArea.hint_job`` in
    tabletop.table.gestures)."""

    def __init__(
        self,
        worker: AIWorker,
        game: Game,
        seat: int,
        iterations: int | None = None,
        job: tuple[Callable[..., Any], tuple[Any, ...]] | None = None,
    ) -> None:
        if game.to_move != seat:
            raise ValueError(f"Seat {seat} is not to move: no hint to give.")
        self.position = Position(seat, len(game.history))
        self.from_layout = job is not None
        self.future: Future[Any]
        if job is not None:
            fn, args = job
            self.future = worker.run(fn, *args)
        else:
            self.future = ask_advice(worker, game, seat, iterations)

    def is_for(self, game: Game) -> bool:
        return Position.of(game) == self.position

    def done(self) -> bool:
        return self.future.done()

    def result(self) -> Any:
        """The hint's :class:`Advice`, or the layout job's answer (raises what the worker
        raised); call once :meth:`done`."""
        return self.future.result()

    def cancel(self) -> None:
        self.future.cancel()
