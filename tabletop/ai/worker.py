"""Bot decisions off the UI thread, so the table keeps animating while an AI thinks.

Decisions run in one worker *process*: a search bot is pure Python, and in a thread it would
fight the UI for the GIL (frames stutter). The process is spawned once and shared by every
table; where processes are unavailable a thread does the work instead.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import random
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

from rules import Game, Move

from .base import Bot, decide

T = TypeVar("T")


class AIWorker:
    """Answers "what does this bot play here?" in the background."""

    def __init__(self, use_process: bool = True) -> None:
        self.use_process = use_process
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.use_process:
                try:
                    context = multiprocessing.get_context("spawn")
                    self._pool = ProcessPoolExecutor(
                        max_workers=1, mp_context=context, initializer=_watch_parent
                    )
                except (OSError, ValueError, NotImplementedError):
                    self._pool = None
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletop-ai")
        return self._pool

    def warm_up(self) -> None:
        """Start the process now, so the first AI decision does not wait for it."""
        self._executor().submit(int)

    def ask(self, bot: Bot, game: Game, seat: int, seed: int) -> Future[Move]:
        # The copy is made here, on the UI thread: the worker never touches the live game.
        return self._executor().submit(decide_seeded, bot, game.clone(), seat, seed)

    def run(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Any other slow question (``fn`` and ``args`` must pickle), e.g. a solver's hint."""
        return self._executor().submit(fn, *args)

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


#: How much the worker process yields to the UI when cores are busy (POSIX niceness): the UI
#: needs little CPU but needs it on time, and a search spends a wall-clock budget anyway.
WORKER_NICENESS = 5


def _watch_parent() -> None:
    """Runs in the worker: end it as soon as the app is gone, however the app ended (a crash
    or a kill never calls shutdown, and an orphan would keep thinking forever); and let the
    UI go first when they compete for a core."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: think at normal priority
            os.nice(WORKER_NICENESS)
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait_then_exit() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=wait_then_exit, name="tabletop-ai-watchdog", daemon=True).start()


def decide_seeded(bot: Bot, game: Game, seat: int, seed: int) -> Move:
    """Runs in the worker. The bot arrives as a fresh copy each time (pickled), so its own
    random generator would never advance: give it one seeded for this decision."""
    if isinstance(getattr(bot, "rng", None), random.Random):
        bot.rng = random.Random(seed)  # type: ignore[attr-defined]
    return decide(bot, game, seat, random.Random(seed ^ 0x5EED))


_shared: AIWorker | None = None


def shared_worker() -> AIWorker:
    """The app's one AI worker (its process outlives scenes; :func:`shutdown_shared` ends it)."""
    global _shared
    if _shared is None:
        _shared = AIWorker()
    return _shared


def shutdown_shared() -> None:
    global _shared
    if _shared is not None:
        _shared.shutdown()
        _shared = None
