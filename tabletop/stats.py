"""Statistics per game and player name: played, won, win rate by AI level, best score, streaks.

Every finished game adds one record (keyed by its save id, so showing the results twice
counts it once) to ``statistics.json``, written atomically; the figures are worked out from
the records when asked. A game in which a human took a move back is marked *assisted*.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rules

from .names import repair_name
from .session import AI_LEVELS, HUMAN, HUMAN_KINDS, Session, now_text
from .storage import (
    StorageError,
    format_problem,
    keep_aside,
    read_json,
    statistics_path,
    write_json_atomic,
)

STATS_FORMAT = 1
MAX_RECORDS = 20_000  # oldest records go first beyond this: the file stays well under 10 MB
#: The opposition a game counts under: its strongest AI seat, or only humans.
LEVEL_ORDER = ("hard", "normal", "easy", "random")
HUMANS_ONLY = "humans"
_GAME_ID = re.compile(r"^[a-z0-9_]{1,40}$")


def record_of(session: Session) -> dict[str, Any]:
    """The record a finished session adds."""
    out = session.game.outcome()
    seats = []
    for i, seat in enumerate(session.seats):
        score = out.scores[i] if i < len(out.scores) else 0
        # A phone player (game night) is a human player: counted as one, and written as one
        # so an older tabletop reads the file as before.
        kind = HUMAN if seat.is_human else seat.kind
        seats.append({"name": seat.name, "kind": kind, "score": score, "won": i in out.winners})
    return {
        "id": session.save_id,
        "fingerprint": fingerprint(session),
        "game": session.game_id,
        "date": now_text(),
        "assisted": session.assisted,
        "moves": len(session.game.history),
        "seats": seats,
    }


def fingerprint(session: Session) -> str:
    """The game itself, whatever file it came from: its deal (game, seed and options) and
    every move. An imported copy of a game already counted has a new save id but the same
    fingerprint, so it is not counted again."""
    game = session.game
    played = "\n".join(str(m) for m in game.history)
    text = f"{session.game_id}\n{game.seed}\n{sorted(game.options.items())!r}\n{played}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def load_records(path: Path | None = None) -> tuple[list[dict[str, Any]], str | None]:
    """The valid records, oldest first, and a warning if the file had to be moved aside."""
    path = path or statistics_path()
    if not path.exists():
        return [], None
    try:
        data = read_json(path)
    except StorageError as err:
        return [], str(err)
    problem = format_problem(data, STATS_FORMAT, "statistics")
    body = data.get("games") if isinstance(data, dict) else None
    if problem is None and not isinstance(body, list):
        problem = "it has no list of games"
    if problem is not None or not isinstance(body, list):
        # Kept aside, never overwritten by the next game's record.
        return [], keep_aside(path, problem or "?", "statistics start again from here")
    return [_safe_names(r) for r in body if _valid(r)], None


def _safe_names(record: dict[str, Any]) -> dict[str, Any]:
    """The record with every name one the app can draw (an older or hostile file may hold a
    NUL, a lone surrogate or an invisible name: repaired, never a crash)."""
    seats = [
        {**s, "name": repair_name(s["name"], f"Player {i + 1}")}
        for i, s in enumerate(record["seats"])
    ]
    return {**record, "seats": seats}


def _valid(record: Any) -> bool:
    """A record is kept only if every field has the type the figures need."""
    if not isinstance(record, Mapping):
        return False
    if not isinstance(record.get("id"), str) or not isinstance(record.get("game"), str):
        return False
    if not _GAME_ID.match(record["game"]):
        return False  # shown as the game's name when the app does not know it
    if not isinstance(record.get("assisted"), bool) or not isinstance(record.get("date"), str):
        return False
    seats = record.get("seats")
    if not isinstance(seats, list) or not seats:
        return False
    for s in seats:
        if not isinstance(s, Mapping) or not isinstance(s.get("name"), str):
            return False
        if s.get("kind") not in HUMAN_KINDS and s.get("kind") not in AI_LEVELS:
            return False
        score = s.get("score")
        if isinstance(score, bool) or not isinstance(score, int | float) or score != score:
            return False
        if not isinstance(s.get("won"), bool):
            return False
    return True


def record_game(session: Session, path: Path | None = None) -> bool:
    """Add a finished session to the statistics; False if it was already counted (or is not
    over). Raises OSError if the file cannot be written (the caller tells the player)."""
    if not session.game.over:
        return False
    path = path or statistics_path()
    records, _ = load_records(path)
    mark = fingerprint(session)
    if any(r["id"] == session.save_id or r.get("fingerprint") == mark for r in records):
        return False  # counted already: the same save, or a copy of the same game
    records.append(record_of(session))
    write_json_atomic(path, {"format": STATS_FORMAT, "games": records[-MAX_RECORDS:]})
    return True


@dataclass
class LevelFigures:
    played: int = 0
    won: int = 0

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass
class PlayerFigures:
    """One player's figures in one game."""

    game_id: str
    name: str
    played: int = 0
    won: int = 0
    assisted: int = 0
    best_score: float | None = None
    streak: int = 0  # current run of wins
    best_streak: int = 0
    by_level: dict[str, LevelFigures] = field(default_factory=dict)

    @property
    def title(self) -> str:
        spec = rules.GAMES.get(self.game_id)
        return spec.title if spec else self.game_id

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def opposition(record: Mapping[str, Any]) -> str:
    """The strongest AI level at the table, or :data:`HUMANS_ONLY`."""
    kinds = {s["kind"] for s in record["seats"]}
    return next((k for k in LEVEL_ORDER if k in kinds), HUMANS_ONLY)


def figures(records: list[dict[str, Any]]) -> list[PlayerFigures]:
    """Figures per (game, human player name), in record order; sorted by game, then most played."""
    table: dict[tuple[str, str], PlayerFigures] = {}
    for record in records:
        level = opposition(record)
        for seat in record["seats"]:
            if seat["kind"] not in HUMAN_KINDS:
                continue
            key = (record["game"], seat["name"])
            f = table.setdefault(key, PlayerFigures(*key))
            f.played += 1
            f.assisted += record["assisted"]
            score = float(seat["score"])
            f.best_score = score if f.best_score is None else max(f.best_score, score)
            lf = f.by_level.setdefault(level, LevelFigures())
            lf.played += 1
            if seat["won"]:
                f.won += 1
                lf.won += 1
                f.streak += 1
                f.best_streak = max(f.best_streak, f.streak)
            else:
                f.streak = 0
    return sorted(table.values(), key=lambda f: (f.title.casefold(), -f.played, f.name.casefold()))
