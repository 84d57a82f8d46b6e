"""Card pictures for the phones at a game night, painted in a process of their own: the server
runs off the UI thread and never costs frames.

Painting a 240-pixel card face is pure-Python drawing (4-5 ms a card); on the UI thread every
picture a phone asked for cost the TV a frame of its budget (bench_game_night). A worker
process paints and encodes it instead (:func:`paint_png`: the same art as the table's), shared
by every game night of the app and spawned once. Where processes are unavailable the host
falls back to painting on its UI thread between moves.

Only a card's id and its game's id cross to the worker, for cards a phone may ask for.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor

from ..ai.worker import watch_parent
from .card_png import card_pixels


def paint_png(game_id: str, card: str) -> bytes | None:
    """``card``'s picture for a phone as PNG, or None for a card the art does not know. Runs
    in the painter process."""
    pixels = card_pixels(game_id, card)
    return None if pixels is None else pixels.png()


def _start_worker() -> None:
    """The worker's start: no window, no sound, and the app's end ends it too."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    watch_parent()


class CardPainter:
    """One worker process that paints card pictures on request (started at the first)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def paint(self, game_id: str, card: str) -> Future[bytes | None]:
        """``card``'s PNG, when the worker has painted it (the future fails if the worker
        cannot start or died: the caller then paints it another way)."""
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(1, mp_context=context, initializer=_start_worker)
            pool = self._pool
        try:
            return pool.submit(paint_png, game_id, card)
        except (RuntimeError, OSError) as err:  # broken or shut down: a fresh one next time
            with self._lock:
                if self._pool is pool:
                    self._pool = None
            failed: Future[bytes | None] = Future()
            failed.set_exception(err)
            return failed

    def warm_up(self) -> None:
        """Start the worker now, so the first phone does not wait for it."""
        with contextlib.suppress(RuntimeError, OSError):
            self.paint("", "")

    def shutdown(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


_shared: CardPainter | None = None


def shared() -> CardPainter:
    """The app's card painter (one worker for every game night)."""
    global _shared
    if _shared is None:
        _shared = CardPainter()
    return _shared
