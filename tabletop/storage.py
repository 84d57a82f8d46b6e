"""Settings, saves and statistics under platformdirs, as versioned JSON.

Writes are atomic (temp file in the same folder, flush, fsync, ``os.replace``): a crash or a
kill mid-write leaves the previous file whole. A file that cannot be read is moved aside as
``*.corrupt`` and reported, never silently overwritten. Nothing here uses pickle or eval.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

APP = "tabletop"
SETTINGS_FORMAT = 1
MAX_FILE_BYTES = 10 * 1024 * 1024


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def saves_dir() -> Path:
    """One file per game (autosaved after every move), finished games included for replays."""
    return data_dir() / "saves"


def exports_dir() -> Path:
    """Where exported move lists go (the Load screen says the full path)."""
    return data_dir() / "exports"


def statistics_path() -> Path:
    return data_dir() / "statistics.json"


class StorageError(Exception):
    """A file that could not be read; the message is for the player, ``reason`` the words in
    its brackets (e.g. "it is not valid JSON")."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` so that ``path`` holds either the old file or the whole new one."""
    write_text_atomic(path, json.dumps(data, indent=1, sort_keys=True))


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old file or the whole new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_dir(path.parent)


def _sync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); Windows cannot open a folder, and needs not."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class _Refused(Exception):
    """Why a file is not read, as words that follow "could not be read (…)"."""


def read_bytes(path: Path) -> bytes:
    """The content of a regular file of at most :data:`MAX_FILE_BYTES`. Anything else (a
    named pipe, a device, a folder, a huge file) is refused without waiting or reading it
    whole: raises StorageError, whose ``reason`` says why in words."""
    try:
        return _read_regular(path)
    except FileNotFoundError as err:
        raise StorageError(f"{path.name} does not exist.", "there is no such file") from err
    except OSError as err:
        reason = describe_os_error(err)
        raise StorageError(f"{path.name} could not be read ({reason}).", reason) from err
    except _Refused as err:
        raise StorageError(f"{path.name} could not be read ({err}).", str(err)) from err


def _read_regular(path: Path) -> bytes:
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise _Refused(NOT_A_FILE)
    # Non-blocking: a regular file swapped for a named pipe after the check above would
    # otherwise wait forever for a writer (and the app with it).
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fh.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise _Refused(NOT_A_FILE)
        if info.st_size > MAX_FILE_BYTES:
            raise _Refused(TOO_LARGE)
        blob = fh.read(MAX_FILE_BYTES + 1)  # a file still growing cannot slip past the check
    if len(blob) > MAX_FILE_BYTES:
        raise _Refused(TOO_LARGE)
    return blob


def decode_text(blob: bytes) -> str:
    """UTF-8 text, with or without the byte order mark some editors put first (ValueError if
    it is not UTF-8)."""
    return blob.decode("utf-8-sig")


def read_json(path: Path, *, keep_bad: bool = False) -> Any:
    """Read a JSON file; raise StorageError if it is unreadable, after moving it aside as
    ``*.corrupt`` (unless ``keep_bad``: a file the player picked from elsewhere stays put)."""
    try:
        blob = read_bytes(path)
        return parse_json(blob)
    except StorageError as err:
        if not (path.exists() or path.is_symlink()):
            raise  # nothing to keep aside
        if keep_bad:
            raise StorageError(
                f"{path.name} could not be read ({err.reason}).", err.reason
            ) from None
        reason = err.reason
    try:
        aside = move_aside(path)
    except OSError:
        raise StorageError(f"{path.name} could not be read ({reason}).", reason) from None
    raise StorageError(
        f"{path.name} could not be read ({reason}); it was kept as {aside.name}.", reason
    )


def parse_json(blob: bytes) -> Any:
    """JSON from a file's bytes; StorageError whose message says why in words if it is not."""
    try:
        return json.loads(decode_text(blob))
    except UnicodeDecodeError:
        reason = "it is not UTF-8 text, so not valid JSON"
    except RecursionError:
        reason = "it is nested far too deeply, far more than any real file"
    except ValueError:  # JSONDecodeError, and numbers too long to read
        reason = "it is not valid JSON"
    raise StorageError(reason, reason)


NOT_A_FILE = "it is not an ordinary file"
TOO_LARGE = "it is larger than 10 MB, far more than any real file"

#: What went wrong, in words, for the errors a player can meet (not Python's own text).
_OS_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EACCES: "the system does not allow it",
    errno.EPERM: "the system does not allow it",
    errno.EROFS: "the disk is read-only",
    errno.ENOENT: "the file or its folder does not exist",
    errno.EISDIR: "it is a folder, not a file",
    errno.ENOTDIR: "a part of its path is not a folder",
    errno.ENAMETOOLONG: "its name is too long",
    errno.EIO: "the disk could not be read or written",
    errno.EMFILE: "too many files are open",
    errno.ENFILE: "too many files are open",
    errno.EBUSY: "the file is in use",
    errno.ELOOP: "its path loops through links",
    errno.EEXIST: "a file of that name is in the way",
    errno.EXDEV: "it is on another disk",
}
if hasattr(errno, "EDQUOT"):
    _OS_REASONS[errno.EDQUOT] = "the disk quota is used up"


def describe_os_error(err: OSError) -> str:
    """An OSError as words a player understands (never the exception's own text)."""
    if err.errno in _OS_REASONS:
        return _OS_REASONS[err.errno]
    if isinstance(err, PermissionError):
        return "the system does not allow it"
    if isinstance(err, FileNotFoundError):
        return "the file or its folder does not exist"
    return f"the system refused (error {err.errno})" if err.errno else "the system refused"


def move_aside(path: Path) -> Path:
    """Rename a bad file to ``NAME.corrupt`` (or ``NAME.N.corrupt``): kept, never overwritten."""
    aside = path.with_name(path.name + ".corrupt")
    n = 1
    while aside.exists():
        aside = path.with_name(f"{path.name}.{n}.corrupt")
        n += 1
    os.replace(path, aside)
    return aside


@dataclass
class Settings:
    fullscreen: bool = False
    profile: str = "desktop"  # "desktop" or "tv"
    animation_speed: float = 1.0  # 0 = instant
    sound: bool = True
    volume: int = 70  # 0-100; files from before it existed get this
    colorblind: bool = False
    #: A finished trick or conflict stays on the table until a click or a key, not ~1 s.
    tricks_wait: bool = False
    window_width: int = 1600
    window_height: int = 900

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Keep every known, well-typed value; ignore the rest (older or hand-edited files)."""
        out = cls()
        if not isinstance(data, dict):
            return out
        for f in fields(cls):
            value = data.get(f.name)
            default = getattr(out, f.name)
            if isinstance(value, bool) != isinstance(default, bool):
                continue
            if isinstance(value, type(default)) or (
                isinstance(default, float) and isinstance(value, int)
            ):
                setattr(out, f.name, type(default)(value))
        if out.profile not in ("desktop", "tv"):
            out.profile = "desktop"
        out.animation_speed = min(4.0, max(0.0, out.animation_speed))
        out.volume = min(100, max(0, out.volume))
        out.window_width = min(7680, max(800, out.window_width))
        out.window_height = min(4320, max(600, out.window_height))
        return out


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (defaults if none), and a warning for the player if the file was bad."""
    path = settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = read_json(path)
    except StorageError as err:
        return Settings(), str(err)
    problem = format_problem(data, SETTINGS_FORMAT, "settings")
    if problem:
        return Settings(), keep_aside(path, problem, "the usual settings are used")
    body = data.get("settings") if isinstance(data, dict) else None
    return Settings.from_dict(body), None


def format_problem(data: Any, current: int, what: str) -> str | None:
    """Why ``data`` is not a file of ours this version can read (a newer format, or no format
    at all), or None. Such a file is kept aside, never overwritten by this version."""
    fmt = data.get("format") if isinstance(data, dict) else None
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        return f"it is not a tabletop {what} file"
    if fmt > current:
        return f"it was written by a newer version of tabletop (format {fmt})"
    return None


def keep_aside(path: Path, problem: str, then: str) -> str:
    """Move a file this version cannot use aside (as bad files are) and say so."""
    try:
        aside = move_aside(path)
    except OSError as err:
        return f"{path.name}: {problem}; it could not be kept aside ({describe_os_error(err)})."
    return f"{path.name}: {problem}. It was kept as {aside.name}, and {then}."


#: How old a temp file must be before the start-up clean removes it: a write in progress in
#: another window takes milliseconds, never this long.
TEMP_GRACE_SECONDS = 10.0
#: ``NAME.json.XXXXXXXX.tmp``: how :func:`write_text_atomic` (``mkstemp``) names its temp files.
_TEMP_NAME = re.compile(r"^.+\.(?:json|txt)\.[a-z0-9_]{8}\.tmp$")


def cleanup_temp_files(
    folders: list[Path] | None = None, *, older_than: float = TEMP_GRACE_SECONDS
) -> int:
    """Remove the temp files that killed writes left behind (only files named as ours are,
    never a save itself), if older than ``older_than`` seconds; return how many went."""
    if folders is None:
        folders = [saves_dir(), data_dir(), config_dir(), exports_dir()]
    now = time.time()
    removed = 0
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not _TEMP_NAME.match(entry.name):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
                if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < older_than:
                    continue
                os.unlink(entry.path)
                removed += 1
            except OSError:
                pass
    return removed


def save_settings(settings: Settings) -> None:
    write_json_atomic(settings_path(), {"format": SETTINGS_FORMAT, "settings": asdict(settings)})


# ---- the setup screen's memory ------------------------------------------------
SETUP_MEMORY_FORMAT = 1


def setup_memory_path() -> Path:
    return config_dir() / "setup.json"


def load_by_game(
    path: Path, version: int, what: str, key: str, afresh: str
) -> dict[str, dict[str, Any]]:
    """A file of one entry a game (``{"format": version, key: {game id: {...}}}``), as stored
    (raw: its reader checks every value). A missing, unreadable or foreign file is no entries
    at all; a bad one is kept aside, the player told that ``afresh``."""
    if not path.exists():
        return {}
    try:
        data = read_json(path)
    except StorageError:
        return {}
    problem = format_problem(data, version, what)
    if problem:
        keep_aside(path, problem, afresh)
        return {}
    entries = data.get(key)
    if not isinstance(entries, dict):
        return {}
    return {k: v for k, v in entries.items() if isinstance(k, str) and isinstance(v, dict)}


def load_setup_memory() -> dict[str, dict[str, Any]]:
    """Each game's last setup choices, as stored (raw: the setup screen checks every value)."""
    return load_by_game(
        setup_memory_path(),
        SETUP_MEMORY_FORMAT,
        "setup memory",
        "games",
        "the setup screen starts afresh",
    )


def save_setup_memory(games: dict[str, dict[str, Any]]) -> None:
    write_json_atomic(setup_memory_path(), {"format": SETUP_MEMORY_FORMAT, "games": games})
