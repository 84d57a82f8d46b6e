"""Settings, saves and statistics under platformdirs, as versioned JSON.

Writes are atomic (temp file in the same folder, flush, fsync, ``os.replace``): a crash or a
kill mid-write leaves the previous file whole. A file that cannot be read is moved aside as
``*.corrupt`` and reported, never silently overwritten. Nothing here uses pickle or eval.
"""

from __future__ import annotations

import json
import os
import tempfile
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
    """A file that could not be read; the message is for the player."""


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


def read_json(path: Path, *, keep_bad: bool = False) -> Any:
    """Read a JSON file; raise StorageError if it is unreadable, after moving it aside as
    ``*.corrupt`` (unless ``keep_bad``: a file the player picked from elsewhere stays put)."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ValueError("larger than 10 MB, far more than any real file")
        with open(path, "rb") as fh:
            blob = fh.read(MAX_FILE_BYTES + 1)  # a file still growing cannot slip past the check
        if len(blob) > MAX_FILE_BYTES:
            raise ValueError("larger than 10 MB, far more than any real file")
        return json.loads(blob.decode("utf-8"))
    except FileNotFoundError as err:
        raise StorageError(f"{path.name} does not exist.") from err
    except (OSError, ValueError, RecursionError) as err:
        reason = "it is not valid JSON" if isinstance(err, json.JSONDecodeError) else str(err)
        if keep_bad:
            raise StorageError(f"{path.name} could not be read ({reason}).") from err
        aside = move_aside(path)
        raise StorageError(
            f"{path.name} could not be read ({reason}); it was kept as {aside.name}."
        ) from err


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
    colorblind: bool = False
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
    body = data.get("settings") if isinstance(data, dict) else None
    return Settings.from_dict(body), None


def save_settings(settings: Settings) -> None:
    write_json_atomic(settings_path(), {"format": SETTINGS_FORMAT, "settings": asdict(settings)})
