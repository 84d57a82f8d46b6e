"""The autosave's writer: one background thread that writes save files, so a move's frame does
not wait for the disk (an atomic write with fsyncs costs milliseconds, sometimes a hundred).

The UI thread encodes the save's text itself (cheap with the C JSON encoder, and the writer
never reads the live session) and hands it over with :meth:`Saver.submit`. Per file, the
newest snapshot wins: one still waiting is replaced by a newer one, and since a single thread
writes them in turn, an older state is never written after a newer one. Every write's outcome
(None, or the OSError) is kept for the UI thread to collect with :meth:`Saver.outcomes`.
:meth:`Saver.flush` waits until everything handed over is on disk: called wherever the app
must have the file before it goes on (leaving the table, results, quitting, a terminate
signal, the app's end).
No pygame here.
"""

from __future__ import annotations

import atexit
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

Writer = Callable[[Path, Any], None]
Written = Callable[[OSError | None], None]
"""Called on the writer thread once a snapshot, or a newer one of the same file, is written."""


class Saver:
    """Writes ``(path, data)`` snapshots on one daemon thread, newest per path."""

    def __init__(self, write: Writer) -> None:
        self._write = write
        self._cond = threading.Condition()
        self._pending: dict[Path, Any] = {}  # insertion order: the order to write in
        self._callbacks: dict[Path, list[Written]] = {}
        self._busy = False  # the writer is writing one now (taken out of _pending)
        self._outcomes: list[tuple[Path, OSError | None]] = []
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, data: Any, written: Written | None = None) -> None:
        """Write ``data`` to ``path`` soon; replaces a snapshot of ``path`` still waiting.
        ``written`` is called (on the writer thread, with the error or None) once this
        snapshot or a newer one of ``path`` is written."""
        with self._cond:
            self._pending.pop(path, None)  # the newer one goes to the back of the line
            self._pending[path] = data
            if written is not None:
                self._callbacks.setdefault(path, []).append(written)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="tabletop-autosave", daemon=True
                )
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every snapshot handed over is written (or failed); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def outcomes(self, path: Path | None = None) -> list[tuple[Path, OSError | None]]:
        """The writes (of ``path``, or all) finished since they were last collected, oldest
        first: (path, None or the error)."""
        with self._cond:
            done = [o for o in self._outcomes if path is None or o[0] == path]
            self._outcomes = [o for o in self._outcomes if not (path is None or o[0] == path)]
        return done

    @property
    def idle(self) -> bool:
        with self._cond:
            return not self._pending and not self._busy

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending))
                path = next(iter(self._pending))
                data = self._pending.pop(path)
                callbacks = self._callbacks.pop(path, [])
                self._busy = True
            error: OSError | None = None
            try:
                self._write(path, data)
            except OSError as err:
                error = err
            except Exception as err:  # never kill the writer: say it like a disk error
                error = OSError(str(err))
            for callback in callbacks:  # before flush() returns: a flushed save is told
                try:
                    callback(error)
                except Exception:  # a listener's fault must not stop the saves
                    log.exception("an autosave listener failed")
            with self._cond:
                self._outcomes.append((path, error))
                self._busy = False
                self._cond.notify_all()


_shared: Saver | None = None
_shared_lock = threading.Lock()


def _write_save_data(path: Path, text: str) -> None:
    from .saves import write_save_data

    write_save_data(path, text)


def shared() -> Saver:
    """The app's one saver (made on first use); the interpreter's exit waits for it."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Saver(_write_save_data)
            atexit.register(_shared.flush)
        return _shared


def flush() -> None:
    """Wait for the app's pending autosaves (nothing to do if none were ever made)."""
    if _shared is not None:
        _shared.flush()
