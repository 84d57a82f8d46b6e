"""The table's AI turns: asks the shared AI worker for the move of an AI seat to move, and
hands it over once it is ready and has waited long enough for people to follow it."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from concurrent import futures
from concurrent.futures import Future

import rules
from rules import Move

from ..ai.bots import make_bot
from ..ai.worker import AIWorker, shared_worker
from ..session import Session

AI_DELAY = 0.8  # seconds an AI move waits at normal speed, so people can follow it


class AITurns:
    """The bots of a session's AI seats and the one question being worked out for them."""

    def __init__(self, session: Session, *, play: bool = True) -> None:
        """``play`` False: the AI seats' moves come from elsewhere (a lesson's script)."""
        self.session = session
        self.bots = {
            seat: make_bot(cfg.kind, session.game_id, (session.seed or 0) * 31 + seat)
            for seat, cfg in enumerate(session.seats)
            if not cfg.is_human and play
        }
        self.worker: AIWorker = shared_worker()
        if self.bots:
            self.worker.warm_up()
        self.thinking: Future[Move] | None = None
        self.thinking_seat: int | None = None
        self.ai_ready_at = 0.0

    def forget(self) -> None:
        """Drop an answer still coming: it is for a position (or a table) that is gone."""
        self.thinking = None

    def poll(self, game: rules.Game, speed: float, toast: Callable[[str], None]) -> Move | None:
        """Call once a frame while an AI seat may move: starts its question, and returns its
        move when it is due (a bot that fails plays a random move, and ``toast`` says so)."""
        seat = game.to_move
        if seat is None or seat not in self.bots:
            return None
        if self.thinking is None:
            self.thinking = self.worker.ask(
                self.bots[seat],
                game,
                seat,
                random.Random(len(game.history)).getrandbits(32) ^ (self.session.seed or 0),
            )
            self.thinking_seat = seat
            self.ai_ready_at = time.monotonic() + (AI_DELAY / speed if speed > 0 else 0)
            return None
        if not self.thinking.done():
            # Yield the GIL for a moment: the worker's answer is delivered by a helper thread
            # that would starve in a loop that never sleeps (tests, --selftest).
            futures.wait([self.thinking], timeout=0.001)
        if not self.thinking.done() or time.monotonic() < self.ai_ready_at:
            return None
        future, self.thinking = self.thinking, None
        try:
            move = future.result()
        except Exception:  # a bot bug must not end the game: play on, and say so
            toast("The AI could not decide; it plays a random move.")
            move = random.choice(game.legal_moves())
        return move if game.to_move == self.thinking_seat else None
