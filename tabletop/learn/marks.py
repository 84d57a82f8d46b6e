"""Where each game's lesson was left: one bookmark a game (:meth:`LessonRun.bookmark`), kept
in ``lessons.json`` beside the settings, so *Learn* on the title screen offers to go on.

A bookmark is only ever a hint: whatever is read here is checked again by
:meth:`LessonRun.resume`, and a file that cannot be read is no bookmarks at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..storage import (
    StorageError,
    config_dir,
    format_problem,
    keep_aside,
    read_json,
    write_json_atomic,
)

MARKS_FORMAT = 1


def marks_path() -> Path:
    return config_dir() / "lessons.json"


def load_marks() -> dict[str, dict[str, Any]]:
    """Each game's bookmark as stored (raw: :meth:`LessonRun.resume` checks it); a missing,
    unreadable or foreign file is no bookmarks (a bad one is kept aside)."""
    path = marks_path()
    if not path.exists():
        return {}
    try:
        data = read_json(path)
    except StorageError:
        return {}
    problem = format_problem(data, MARKS_FORMAT, "lessons")
    if problem:
        keep_aside(path, problem, "the lessons start afresh")
        return {}
    marks = data.get("marks")
    if not isinstance(marks, dict):
        return {}
    return {k: v for k, v in marks.items() if isinstance(k, str) and isinstance(v, dict)}


def mark_for(game_id: str) -> dict[str, Any] | None:
    return load_marks().get(game_id)


def keep_mark(game_id: str, mark: dict[str, Any] | None) -> bool:
    """Keep ``mark`` as ``game_id``'s bookmark (None: forget it). False if the file could
    not be written (a lesson is not worth an error message)."""
    marks = load_marks()
    if mark is None:
        if game_id not in marks:
            return True
        marks.pop(game_id)
    else:
        marks[game_id] = mark
    try:
        write_json_atomic(marks_path(), {"format": MARKS_FORMAT, "marks": marks})
    except OSError:
        return False
    return True
