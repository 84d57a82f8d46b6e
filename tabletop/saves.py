"""Saved games: one versioned JSON file per game, written after every move, read back safely.

A save holds the game id, rules version, seed, options, seats (names and AI levels), the move
list in the game's own notation, the state hash and snapshot, dates and a one-line summary.
Loading never trusts the file: every move is replayed through the rules layer, the position
it reaches must match the recorded hash, and anything wrong raises :class:`SaveError` with a
sentence for the player (the file, if it is one of ours, is moved aside as ``*.corrupt``).
An older format is migrated step by step (:data:`MIGRATIONS`) before it is checked.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rules

from . import __version__
from .names import BadName, check_name, repair_name, tidy_text
from .session import AI_LEVELS, HUMAN, PHONE, SeatConfig, Session, new_save_id, now_text
from .storage import (
    StorageError,
    decode_text,
    move_aside,
    parse_json,
    read_bytes,
    read_json,
    saves_dir,
    write_text_atomic,
)
from .storage import cleanup_temp_files as storage_cleanup

BOM = b"\xef\xbb\xbf"

SAVE_FORMAT = 2
"""Version of the save file. 1: a bare rules save (``Game.to_json``) with optional
``names`` and ``kinds`` lists, what tabletop wrote before saves had seats and dates."""
SAVE_KIND = "tabletop-save"
MAX_SUMMARY = 200
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class SaveError(ValueError):
    """A save that cannot be used; ``str(err)`` is one sentence for the player."""


# ---------------------------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------------------------


def summary(session: Session) -> str:
    """A short line for the Load list: who won, or whose turn it is and how far the game got."""
    game, names = session.game, session.names
    moves = len(game.history)
    if game.over:
        out = game.outcome()
        winners = [names[i] for i in out.winners if 0 <= i < len(names)]
        scores = ", ".join(f"{n} {_score(v)}" for n, v in zip(names, out.scores, strict=False))
        if not winners:
            return f"Finished: a draw ({scores})."
        return f"Finished: {' and '.join(winners)} won ({scores})."
    mover = game.to_move
    who = names[mover] if mover is not None and 0 <= mover < len(names) else "?"
    return f"{moves} moves played; {who} to move."


def _score(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def to_save(session: Session, label: str = "") -> dict[str, Any]:
    """The save file's content for ``session`` (plain JSON data: no pickle, nothing to eval).
    ``label`` names a save the player made on purpose (empty for the autosave)."""
    game = session.game
    return {
        "format": SAVE_FORMAT,
        "kind": SAVE_KIND,
        "app_version": __version__,
        "id": session.save_id,
        "label": label,
        "started": session.started,
        "saved": now_text(),
        "title": session.title,
        "summary": summary(session),
        "finished": game.over,
        "assisted": session.assisted,
        "table_display": session.table_display,
        "teach": session.teach,
        "seats": [_seat_json(s) for s in session.seats],
        "game": game.to_json(),  # game id, rules version, seed, options, moves, state hash
        "snapshot": game.snapshot(),
    }


def _seat_json(seat: SeatConfig) -> dict[str, Any]:
    """A seat as the save writes it. A phone seat (game night) is written as a human with
    ``"phone": true``: an older tabletop, which knows only humans and AI levels, then resumes
    the game with that player at the computer instead of refusing the save."""
    if seat.is_phone:
        return {"name": seat.name, "kind": HUMAN, "phone": True}
    return {"name": seat.name, "kind": seat.kind}


def save_path(session: Session) -> Path:
    return saves_dir() / f"{session.save_id}.json"


def write_save(session: Session, path: Path | None = None) -> Path:
    """Write ``session`` atomically (the autosave after every move); return the file."""
    target = path or save_path(session)
    write_save_data(target, save_text(session))
    return target


def save_text(session: Session) -> str:
    """The save file's text for ``session``, taken now: one line of JSON (the C encoder, well
    under a millisecond for a long game, where an indented file took several: the background
    autosave, :mod:`tabletop.autosave`, then only writes it while play goes on)."""
    return _encoded(to_save(session))


def _encoded(data: Mapping[str, Any]) -> str:
    """A save's content as the file's text: every save file is written the same way."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def write_save_data(target: Path, text: str) -> None:
    """Write a save's text (:func:`save_text`) to ``target`` atomically."""
    write_text_atomic(target, text + "\n")


def clean_label(text: str) -> str:
    """A save name as typed, tidied (:func:`tabletop.names.check_name`): one line, nothing
    that cannot be drawn, at most MAX_NAME characters. Raises SaveError for a name with
    nothing visible in it."""
    if not tidy_text(str(text)):
        raise SaveError("Give the save a name.")
    try:
        return check_name(str(text), "The save's name", cut=True)
    except BadName as err:
        raise SaveError(str(err)) from None


def write_named_save(session: Session, label: str) -> Path:
    """Keep a copy of the game as it is now, under a name of the player's choosing. It is a
    file of its own: the game's autosave goes on in its own file, and resuming the copy later
    starts a new autosave, so the named save always stays as it was made."""
    data = to_save(session, clean_label(label))
    data["id"] = new_save_id()
    target = saves_dir() / f"{data['id']}.json"
    write_save_data(target, _encoded(data))
    return target


def delete_save(path: Path) -> None:
    path.unlink(missing_ok=True)


# ---------------------------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------------------------


def _from_v1(data: Mapping[str, Any]) -> dict[str, Any]:
    """Format 1 (a bare rules save, perhaps with ``names`` and ``kinds``) to format 2."""
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 16:
        raise SaveError("The save's player count is missing or impossible.")
    names = data.get("names")
    kinds = data.get("kinds")
    if not isinstance(names, list) or len(names) != players:
        names = [f"Player {i + 1}" for i in range(players)]
    if not isinstance(kinds, list) or len(kinds) != players:
        kinds = [HUMAN] + ["easy"] * (players - 1)
    rules_save = {k: v for k, v in data.items() if k not in ("names", "kinds")}
    return {
        "format": 2,
        "kind": SAVE_KIND,
        "id": "",
        "seats": [{"name": n, "kind": k} for n, k in zip(names, kinds, strict=True)],
        "game": rules_save,
    }


#: ``MIGRATIONS[n]`` turns a format-``n`` save into a format-``n + 1`` one.
MIGRATIONS: dict[int, Callable[[Mapping[str, Any]], dict[str, Any]]] = {1: _from_v1}


def migrate(data: Any) -> dict[str, Any]:
    """Bring a save of any known format up to :data:`SAVE_FORMAT` (raises SaveError)."""
    if not isinstance(data, Mapping):
        raise SaveError("The file is not a tabletop save (it is not a JSON object).")
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise SaveError("The file is not a tabletop save (it has no format number).")
    if fmt > SAVE_FORMAT:
        raise SaveError(
            f"The save was written by a newer version of tabletop (format {fmt}); "
            "update the app to open it."
        )
    if fmt < 1:
        raise SaveError(f"The save's format number {fmt} is not one tabletop ever wrote.")
    out = dict(data)
    while out["format"] < SAVE_FORMAT:
        out = MIGRATIONS[out["format"]](out)
    return out


def _seats(raw: Any, players: int) -> list[SeatConfig]:
    if not isinstance(raw, list) or len(raw) != players:
        raise SaveError("The save's seats do not match its player count.")
    seats = []
    for i, seat in enumerate(raw):
        if not isinstance(seat, Mapping):
            raise SaveError("A seat in the save is not a name and a level.")
        kind = seat.get("kind")
        if kind == HUMAN and seat.get("phone") is True:
            kind = PHONE
        if kind not in (HUMAN, PHONE) and kind not in AI_LEVELS:
            raise SaveError(
                "A seat in the save has an unknown kind of player (not human or an AI level)."
            )
        # A name the app could not draw (NUL, lone surrogate, invisible, too long) is
        # repaired rather than refused: the game in the file is still good.
        seats.append(SeatConfig(repair_name(seat.get("name"), f"Player {i + 1}"), kind))
    return seats


def _text(data: Mapping[str, Any], key: str, default: str = "") -> str:
    """A line of the header (summary, dates), safe to draw; ``default`` if it is not text."""
    value = data.get(key, default)
    if not isinstance(value, str) or len(value) > MAX_SUMMARY:
        return default
    return tidy_text(value)


def _label(data: Mapping[str, Any]) -> str:
    """The name of a save the player made on purpose ("" for an autosave), safe to draw."""
    raw = data.get("label", "")
    if not isinstance(raw, str) or not raw:
        return ""
    return repair_name(raw[: MAX_SUMMARY * 4], "Saved game")


def session_from_save(data: Any) -> Session:
    """Rebuild the session a save describes, re-validating every move (raises SaveError)."""
    data = migrate(data)
    if data.get("kind") != SAVE_KIND:
        raise SaveError("The file is not a tabletop save.")
    raw_game = data.get("game")
    if not isinstance(raw_game, Mapping):
        raise SaveError("The save has no game in it.")
    try:
        game = rules.load_game(raw_game)
    except rules.BadSave as err:
        raise SaveError(str(err)) from err
    snapshot = data.get("snapshot")
    if snapshot is not None and _canonical(snapshot) != _canonical(game.snapshot()):
        raise SaveError("The save's moves do not lead to the position it records: it was edited.")
    seats = _seats(data.get("seats"), game.players)
    save_id = data.get("id")
    if not isinstance(save_id, str) or not _ID.match(save_id) or _label(data):
        # Migrated, hand-made or named: play goes on in a fresh file, the save stays as it is.
        save_id = None
    assisted, table_display = data.get("assisted", False), data.get("table_display", False)
    if not isinstance(assisted, bool) or not isinstance(table_display, bool):
        raise SaveError("The save's flags are not true or false.")
    try:
        session = Session.restore(
            game,
            seats,
            table_display=table_display,
            save_id=save_id,
            started=_text(data, "started") or None,
            assisted=assisted,
        )
        session.teach = data.get("teach") is True  # an older save has none: off
        return session
    except (rules.IllegalMove, rules.SetupError) as err:  # load_game replayed it: never expected
        raise SaveError(f"The save cannot be replayed: {err}") from err


def _canonical(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return "unreadable"


def read_save(path: Path, *, ours: bool = True) -> Session:
    """Load the save at ``path``. A bad file raises SaveError; one of ours is moved aside as
    ``*.corrupt`` first (``ours=False`` for a file the player picked: it is left alone)."""
    try:
        data = read_json(path, keep_bad=not ours)
    except StorageError as err:
        raise SaveError(str(err)) from err
    try:
        session = session_from_save(data)
    except SaveError as err:
        if not ours:
            raise SaveError(f"{path.name}: {err}") from err
        aside = _move_aside_quietly(path)
        kept = f" It was kept as {aside}." if aside else ""
        raise SaveError(f"{path.name}: {err}{kept}") from err
    if session.save_id != path.stem:
        # A copy (a backup, "<id> (1).json" from a sync tool, a file copied by hand) goes on in
        # a file of its own: its autosave must never replace the game it was copied from.
        session.save_id = fresh_save_id()
    return session


def _move_aside_quietly(path: Path) -> str:
    try:
        return move_aside(path).name
    except OSError:
        return ""


# ---------------------------------------------------------------------------------------------
# the list of saves
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SaveInfo:
    """One row of the Load screen, read from a file's header (without replaying it)."""

    path: Path
    game_id: str
    title: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    saved: str
    summary: str
    finished: bool
    moves: int
    label: str = ""  # the name of a save the player made on purpose

    @property
    def players_text(self) -> str:
        return ", ".join(
            f"{n} ({k if k in (HUMAN, PHONE) else 'AI ' + k})"
            for n, k in zip(self.names, self.kinds, strict=False)
        )


def _info(path: Path, data: Any) -> SaveInfo:
    data = migrate(data)
    raw_game = data.get("game")
    if not isinstance(raw_game, Mapping):
        raise SaveError("The save has no game in it.")
    game_id = raw_game.get("game")
    spec = rules.GAMES.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        raise SaveError(f"The save is for an unknown game ({str(game_id)[:30]!r}).")
    moves = raw_game.get("moves")
    if not isinstance(moves, list):
        raise SaveError("The save has no move list.")
    players = raw_game.get("players")
    seats = _seats(data.get("seats"), players if isinstance(players, int) else -1)
    finished = data.get("finished", False)
    return SaveInfo(
        path=path,
        game_id=spec.id,
        title=spec.title,
        names=tuple(s.name for s in seats),
        kinds=tuple(s.kind for s in seats),
        saved=_text(data, "saved"),
        summary=_text(data, "summary"),
        finished=finished if isinstance(finished, bool) else False,
        moves=len(moves),
        label=_label(data),
    )


def list_saves(folder: Path | None = None) -> tuple[list[SaveInfo], list[str]]:
    """Every readable save, newest first, and a sentence for each file that had to be moved
    aside. Headers only: a file that lies in its moves is caught when it is loaded."""
    folder = folder or saves_dir()
    infos: list[SaveInfo] = []
    problems: list[str] = []
    if not folder.is_dir():
        return infos, problems
    for path in sorted(folder.glob("*.json")):
        try:
            infos.append(_info(path, read_json(path)))
        except StorageError as err:
            problems.append(str(err))
        except SaveError as err:
            aside = _move_aside_quietly(path)
            problems.append(f"{path.name}: {err}" + (f" It was kept as {aside}." if aside else ""))
    infos.sort(key=lambda i: (i.saved, i.path.name), reverse=True)
    return infos, problems


def latest_unfinished(folder: Path | None = None) -> SaveInfo | None:
    """The save "Continue" resumes: the most recently autosaved game that is not over (named
    saves are resumed from the Load screen)."""
    infos, _ = list_saves(folder)
    return next((i for i in infos if not i.finished and not i.label), None)


def when_text(saved: str) -> str:
    """``2026-11-22T15:32:20+00:00`` as "22 Nov 2026, 15:32" in local time ("" if unreadable)."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(saved).astimezone()
    except (ValueError, OverflowError):
        return ""
    return moment.strftime("%d %b %Y, %H:%M").lstrip("0")


def cleanup_temp_files(folder: Path | None = None) -> int:
    """Remove temp files a killed write left in the saves folder, however young (never a
    save itself); return how many. The app's start cleans every folder of its own."""
    return storage_cleanup([folder or saves_dir()], older_than=0.0)


def load_any(path: Path) -> Session:
    """A file the player picked: a save, or a move list exported as text. The file is left
    where it is even when it is bad. Raises SaveError (a ValueError) with the reason."""
    from .replay import TEXT_HEADER, MoveListError, import_text

    try:
        blob = read_bytes(path)
    except StorageError as err:
        raise SaveError(f"{path.name} cannot be opened ({err.reason}).") from None
    if blob.removeprefix(BOM).startswith(TEXT_HEADER.encode()):
        try:
            text = decode_text(blob)
        except ValueError:
            raise SaveError(f"{path.name} cannot be read (it is not UTF-8 text).") from None
        try:
            return _as_new_game(import_text(text))
        except MoveListError as err:
            raise SaveError(f"{path.name}: {err}") from None
    try:
        data = parse_json(blob)
    except StorageError as err:
        raise SaveError(f"{path.name} could not be read ({err.reason}).") from None
    try:
        return _as_new_game(session_from_save(data))
    except SaveError as err:
        raise SaveError(f"{path.name}: {err}") from None


def _as_new_game(session: Session) -> Session:
    """An imported game gets a save file of its own: an older copy of a game must never
    replace the newer game that has the same id (nor any other file)."""
    session.save_id = fresh_save_id()
    return session


def fresh_save_id(folder: Path | None = None) -> str:
    """A new save id whose file does not exist yet."""
    folder = folder or saves_dir()
    while True:
        save_id = new_save_id()
        if not (folder / f"{save_id}.json").exists():
            return save_id
