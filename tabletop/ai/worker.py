"""Bot decisions off the UI thread, so the table keeps animating while an AI thinks."""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor

from rules import Game, Move

from .base import Bot, decide


class AIWorker:
    """One background thread that answers "what does this bot play here?"."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletop-ai")

    def ask(self, bot: Bot, game: Game, seat: int, seed: int) -> Future[Move]:
        # The copy is made here, on the UI thread: the worker never touches the live game.
        return self._pool.submit(decide, bot, game.clone(), seat, random.Random(seed))

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
