"""Where each game's lesson was left: one bookmark a game (:meth:`LessonRun.bookmark`), kept
in ``lessons.json`` beside the settings, so *Learn* on the title screen offers to go on.

A bookmark is only ever a hint: whatever is read here is checked again by
:meth:`LessonRun.resume`, and a file that cannot be read is no bookmarks at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..storage import config_dir, load_by_game, write_json_atomic

MARKS_FORMAT = 1


def marks_path() -> Path:
    return config_dir() / "lessons.json"


def load_marks() -> dict[str, dict[str, Any]]:
    """Each game's bookmark as stored (raw: :meth:`LessonRun.resume` checks it)."""
    return load_by_game(marks_path(), MARKS_FORMAT, "lessons", "marks", "the lessons start afresh")


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
