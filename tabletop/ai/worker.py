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
from concurrent.futures import (
    BrokenExecutor,
    Executor,
    Future,
    InvalidStateError,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from typing import Any, TypeVar

from rules import Game, Move

from .base import Bot, SeatView, decide_from_view

T = TypeVar("T")


class AIWorker:
    """Answers "what does this bot play here?" in the background.

    If the worker process dies (killed, out of memory), the pool it belonged to is broken:
    a new one is started and the question asked once more, so the player sees at most a
    short delay instead of a crash."""

    def __init__(self, use_process: bool = True) -> None:
        self.use_process = use_process
        self._pool: Executor | None = None
        self._lock = threading.Lock()
        self._generation = 0  # shutdown() moves it on: a late retry then asks nobody
        self.restarts = 0  # how many times a dead worker was replaced

    def _executor(self) -> Executor:
        with self._lock:
            if self._pool is None:
                self._pool = self._new_pool()
            return self._pool

    def _new_pool(self) -> Executor:
        if self.use_process:
            try:
                context = multiprocessing.get_context("spawn")
                return ProcessPoolExecutor(
                    max_workers=1, mp_context=context, initializer=watch_parent
                )
            except (OSError, ValueError, NotImplementedError):
                pass
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletop-ai")

    def _replace(self, broken: Executor) -> None:
        """Drop a pool whose worker died (once, however many questions found it broken)."""
        with self._lock:
            if self._pool is not broken:
                return
            self._pool = None
            self.restarts += 1
        broken.shutdown(wait=False, cancel_futures=True)

    def warm_up(self) -> None:
        """Start the process now, so the first AI decision does not wait for it."""
        self._submit(int)

    def ask(self, bot: Bot, game: Game, seat: int, seed: int) -> Future[Move]:
        """``seat``'s decision by ``bot``. The worker is sent only what the seat may know: its
        :class:`SeatView` (a copy with every hidden card dealt again), made here on the UI
        thread, so the real hidden cards never reach the worker's memory."""
        question = seat_question(game, seat, seed)
        if isinstance(question, SeatView):
            return self._submit(decide_seeded, bot, question, seed)
        answer: Future[Move] = Future()
        answer.set_result(question)  # a forced move needs no bot
        return answer

    def run(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Any other slow question (``fn`` and ``args`` must pickle), e.g. a solver's hint."""
        return self._submit(fn, *args)

    def _submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        answer: Future[T] = Future()
        self._attempt(answer, fn, args, retries=1, generation=self._generation)
        return answer

    def _attempt(
        self,
        answer: Future[T],
        fn: Callable[..., T],
        args: tuple[Any, ...],
        retries: int,
        generation: int,
    ) -> None:
        """Ask the pool; ``answer`` gets its result. A pool found broken (now, or when the
        answer comes) is replaced and the question asked again, ``retries`` times."""
        if generation != self._generation:
            answer.cancel()
            return
        pool = self._executor()
        try:
            inner = pool.submit(fn, *args)
        except BrokenExecutor:
            self._replace(pool)
            pool = self._executor()
            try:
                inner = pool.submit(fn, *args)
            except BaseException as err:  # handed to whoever waits for the answer
                _settle(answer, error=err)
                return
        except BaseException as err:
            _settle(answer, error=err)
            return

        def done(result: Future[T]) -> None:
            if result.cancelled():
                answer.cancel()
                return
            error = result.exception()
            if isinstance(error, BrokenExecutor) and retries > 0:
                # Not on the pool's own thread (it is busy tearing the broken pool down).
                threading.Thread(
                    target=self._retry,
                    args=(pool, answer, fn, args, retries - 1, generation),
                    name="tabletop-ai-restart",
                    daemon=True,
                ).start()
            elif error is not None:
                _settle(answer, error=error)
            else:
                _settle(answer, value=result.result())

        inner.add_done_callback(done)

    def _retry(
        self,
        broken: Executor,
        answer: Future[T],
        fn: Callable[..., T],
        args: tuple[Any, ...],
        retries: int,
        generation: int,
    ) -> None:
        self._replace(broken)
        self._attempt(answer, fn, args, retries, generation)

    def shutdown(self) -> None:
        with self._lock:
            self._generation += 1
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _settle(answer: Future[Any], *, value: Any = None, error: BaseException | None = None) -> None:
    """Give ``answer`` its outcome, unless whoever asked has cancelled it meanwhile."""
    try:
        if error is not None:
            answer.set_exception(error)
        else:
            answer.set_result(value)
    except InvalidStateError:
        pass


#: How much the worker process yields to the UI when cores are busy (POSIX niceness): the UI
#: needs little CPU but needs it on time, and a search spends a wall-clock budget anyway.
WORKER_NICENESS = 5


def watch_parent() -> None:
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


def seat_question(game: Game, seat: int, seed: int) -> SeatView | Move:
    """What the worker is asked about ``seat``'s decision: the seat's :class:`SeatView`, or
    the move itself where the seat has no choice. Raises ``ValueError`` if ``seat`` is not
    to move."""
    if game.over or game.to_move != seat:
        raise ValueError(f"Seat {seat} is not to move (to move: {game.to_move}).")
    forced = game.forced_move()
    if forced is not None:
        return forced
    return SeatView(game, seat, random.Random(seed ^ 0x5EED))


def decide_seeded(bot: Bot, seat_view: SeatView, seed: int) -> Move:
    """Runs in the worker. The bot arrives as a fresh copy each time (pickled), so its own
    random generator would never advance: give it one seeded for this decision."""
    if isinstance(getattr(bot, "rng", None), random.Random):
        bot.rng = random.Random(seed)  # type: ignore[attr-defined]
    return decide_from_view(bot, seat_view)


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
