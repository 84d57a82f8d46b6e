"""One window per game: while a table has a game open, its save is locked against other
tabletop windows (two windows writing one save: the last writer would win, the other game
would be lost without a word).

The lock is ``SAVE_ID.lock`` beside the save, held with the operating system's own file lock
(``flock`` on Linux and macOS, ``msvcrt.locking`` on Windows) for as long as the table is open.
The system drops the lock when the window closes, crashes or is killed, so a lock is never
left stale; the file itself only says who holds it (pid, host, time), for a curious reader.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
import time
from pathlib import Path

from .storage import saves_dir

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # raises OSError if another holds it

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # per open file: two opens conflict

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


IN_USE = "This game is open in another tabletop window."


def lock_path(save_id: str, folder: Path | None = None) -> Path:
    return (folder or saves_dir()) / f"{save_id}.lock"


class GameLock:
    """A held lock on one game; :meth:`release` (or the end of the process) lets go."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def try_acquire(cls, path: Path) -> GameLock | None:
        """The lock, or None if another window holds it (or it cannot be had at all)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            return None
        for _ in range(3):
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
            except OSError:
                return None
            try:
                _lock(fd)
            except OSError:
                os.close(fd)
                return None
            # Its last holder may have removed the file between our open and our lock: then
            # this lock is on a file nobody else will look at. Try again on the new one.
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except OSError:
                same = False
            if same:
                lock = cls(path, fd)
                lock._describe()
                return lock
            _unlock(fd)
            os.close(fd)
        return None

    def _describe(self) -> None:
        note = {"pid": os.getpid(), "host": socket.gethostname(), "time": time.time()}
        assert self._fd is not None
        try:
            os.lseek(self._fd, 1, os.SEEK_SET)  # byte 0 is the one Windows locks
            os.write(self._fd, json.dumps(note).encode())
        except OSError:
            pass  # the note is for people; the lock itself is held

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if os.name != "nt":
            # Remove first, then let go: whoever opened the old file sees it was removed.
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        with contextlib.suppress(OSError):
            _unlock(fd)
        os.close(fd)
        if os.name == "nt":  # pragma: no cover - Windows cannot remove an open file
            with contextlib.suppress(OSError):
                os.unlink(self.path)


#: The games this process holds, by save id.
_held: dict[str, GameLock] = {}


def hold(save_id: str) -> bool:
    """Lock ``save_id`` for this window; False if another window has it open."""
    if save_id in _held:
        return True
    lock = GameLock.try_acquire(lock_path(save_id))
    if lock is None:
        return False
    _held[save_id] = lock
    return True


def release(save_id: str) -> None:
    lock = _held.pop(save_id, None)
    if lock is not None:
        lock.release()


def open_elsewhere(save_id: str) -> bool:
    """Whether another tabletop window has this game open now."""
    if save_id in _held:
        return False
    lock = GameLock.try_acquire(lock_path(save_id))
    if lock is None:
        return lock_path(save_id).exists()  # held by another, not merely unwritable
    lock.release()
    return False
