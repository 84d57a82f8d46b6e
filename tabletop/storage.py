"""Settings (and later saves and statistics) under platformdirs, as versioned JSON.

Writes are atomic (temp file, fsync, ``os.replace``); a file that cannot be read is moved
aside as ``*.corrupt`` and reported, never silently overwritten.
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


class StorageError(Exception):
    """A file that could not be read; the message is for the player."""


def write_json_atomic(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_json(path: Path) -> Any:
    """Read a JSON file; raise StorageError (after moving the file aside) if it is unreadable."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ValueError("larger than 10 MB")
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError, RecursionError) as err:
        aside = move_aside(path)
        raise StorageError(
            f"{path.name} could not be read ({err}); it was kept as {aside.name}."
        ) from err


def move_aside(path: Path) -> Path:
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
