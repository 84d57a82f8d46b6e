"""Replays and the move list as text.

:class:`Replay` steps a finished or saved game back and forth from its move list (every
position is rebuilt by the rules layer from the seed, so a replay shows exactly what was
played). :func:`export_text` writes the move list in the game's own notation, with a short
header; :func:`import_text` reads it back, checking every move through the rules.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import rules
from rules import Event, Game, Move

from .names import repair_name
from .session import AI_LEVELS, HUMAN, HUMAN_KINDS, SeatConfig, Session

TEXT_HEADER = "# tabletop move list"
MAX_TEXT_CHARS = 2_000_000


class MoveListError(ValueError):
    """A move list that cannot be read; the message is one sentence for the player."""


@dataclass
class Replay:
    """A game's positions from the deal to its last move, for stepping through."""

    session: Session
    positions: list[Game] = field(init=False)
    events: list[list[Event]] = field(init=False)  # what each move did (events[0]: the deal)
    index: int = 0  # how many moves are shown

    def __post_init__(self) -> None:
        s = self.session
        game = rules.new_game(s.game_id, len(s.seats), s.seed, dict(s.game.options))
        self.positions = [game.clone()]
        self.events = [list(game.opening_events)]
        for move in s.game.history:
            self.events.append(game.play(move))
            self.positions.append(game.clone())

    @property
    def length(self) -> int:
        """How many moves the game has."""
        return len(self.positions) - 1

    @property
    def game(self) -> Game:
        return self.positions[self.index]

    def step(self, by: int = 1) -> bool:
        """Move ``by`` moves forward (or back, if negative); False at either end."""
        target = max(0, min(self.length, self.index + by))
        moved = target != self.index
        self.index = target
        return moved

    def seek(self, index: int) -> None:
        self.index = max(0, min(self.length, index))

    def last_move_text(self) -> str:
        if self.index == 0:
            return "The deal."
        return str(self.session.game.history[self.index - 1])

    def lines(self, viewer: int | None) -> list[str]:
        """The log up to the shown move, as ``viewer`` may read it."""
        names = self.session.names
        return [
            e.render(names)
            for batch in self.events[: self.index + 1]
            for e in batch
            if e.visible_to(viewer)
        ]


def replay_viewers(session: Session) -> list[int | None]:
    """Whose eyes a replay may show the table through: always the public table (``None``);
    while the game is unfinished, also the seat of its one human player in a solo game (the
    hands of a hot-seat game stay hidden from whoever opens its replay); every seat once the
    game is over."""
    if session.game.over:
        return [None, *range(len(session.seats))]
    humans = session.humans
    return [None, humans[0]] if len(humans) == 1 else [None]


def export_text(session: Session) -> str:
    """The move list in the game's notation: a header (game, players, seed, options, seats),
    then one numbered move a line. :func:`import_text` reads it back.

    A finished game is written in full: nothing in it is secret any more. An unfinished game
    is written as its human player may know it, like its replay (:func:`replay_viewers`): in
    a solo game the human's own decisions in full, in a hot-seat game only what the whole
    table saw; a decision kept secret from them (a rival's majority counter, Allegiance card
    or draft pick) is written ``?`` (:data:`HIDDEN_MOVE`). Its seed and any fixed deal in its
    options are left out too: with them anyone could deal the same hands again. The list can
    then be read but not played on (:func:`import_text` says so): the save itself resumes the
    game."""
    game = session.game
    seats = ", ".join(f"{s.name}={s.kind}" for s in session.seats)
    unfinished = not game.over
    options = dict(game.options)
    if unfinished:
        for option in game.spec.options:
            if option.kind == "card-list" and options.get(option.key) is not None:
                options[option.key] = None
    lines = [
        TEXT_HEADER,
        f"# game: {session.game_id}",
        f"# players: {game.players}",
        f"# seed: {SECRET_SEED if unfinished else game.seed}",
        f"# options: {json.dumps(options, sort_keys=True)}",
        f"# seats: {seats}",
    ]
    hidden = secret_moves(session, export_viewer(session)) if unfinished else set()
    if unfinished:
        lines.append(f"# {HIDDEN_NOTE}")
    lines += [
        f"{n}. {HIDDEN_MOVE if n - 1 in hidden else move}" for n, move in enumerate(game.history, 1)
    ]
    return "\n".join(lines) + "\n"


#: How an unfinished game's export writes a decision its readers may not know.
HIDDEN_MOVE = "?"
HIDDEN_NOTE = "unfinished: the seed and moves written ? are secret until the game ends"
#: The seed line of an unfinished game's export (the seed would deal every hand again).
SECRET_SEED = "secret until the game ends"
UNFINISHED_REFUSAL = (
    "this move list was written before the game ended, so it can be read but not played on "
    "(Load resumes the game from its save)."
)


def export_viewer(session: Session) -> int | None:
    """Whose knowledge an unfinished game's export holds: the lone human's in a solo game,
    the public table's in a hot-seat (or AI-only) game."""
    humans = session.humans
    return humans[0] if len(humans) == 1 else None


def secret_moves(session: Session, viewer: int | None) -> set[int]:
    """Indices into the game's history of the decisions ``viewer`` (``None``: the public
    table) cannot know: made by another seat, and either naming a card hidden from ``viewer``
    once it is made (a card kept in a draft, given face down, chosen as an Allegiance), or
    told to ``viewer`` only in a redacted event that some other legal decision would have
    told alike (a majority counter's value)."""
    s = session
    game = rules.new_game(s.game_id, len(s.seats), s.seed, dict(s.game.options))
    cards = set(game.census())
    names = s.names
    secret: set[int] = set()
    for i, move in enumerate(s.game.history):
        mover = game.to_move
        before = game.clone() if mover != viewer else None
        events = game.play(move)
        if before is None:
            continue
        named = (set(move.cards) | set(re.findall(r"[\w.]+", str(move)))) & cards
        redacted = not all(e.visible_to(viewer) for e in events)
        if named & game.hidden_cards(viewer) or (
            redacted and _told_alike(before, move, events, viewer, names, game.view(viewer))
        ):
            secret.add(i)
    return secret


def _told_alike(
    before: Game,
    move: Move,
    events: list[Event],
    viewer: int | None,
    names: list[str],
    view: Mapping[str, Any],
) -> bool:
    """Whether another legal decision at ``before`` shows ``viewer`` the same events and
    the same table as ``move`` did."""
    seen = [e.render(names) for e in events if e.visible_to(viewer)]
    for other in before.legal_moves():
        if other == move:
            continue
        alt = before.clone()
        alt_events = alt.play(other)
        if [e.render(names) for e in alt_events if e.visible_to(viewer)] == seen and (
            alt.view(viewer) == view
        ):
            return True
    return False


def import_text(text: str) -> Session:
    """The game a move list describes, every move checked by the rules (raises MoveListError)."""
    if not isinstance(text, str) or len(text) > MAX_TEXT_CHARS:
        raise MoveListError("The move list is far longer than any real game.")
    header: dict[str, str] = {}
    moves: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, sep, value = line[1:].partition(":")
            if sep:
                header[key.strip().lower()] = value.strip()
            continue
        head, dot, rest = line.partition(". ")
        moves.append(rest.strip() if dot and head.isdigit() else line)
        if len(moves) > rules.core.MAX_SAVED_MOVES:
            raise MoveListError("The move list is far longer than any real game.")
    game_id = header.get("game", "")
    if game_id not in rules.GAMES:
        raise MoveListError(f"The move list does not name a known game ({game_id[:30]!r}).")
    if header.get("seed") == SECRET_SEED:
        raise MoveListError(f"The seed is secret: {UNFINISHED_REFUSAL}")
    try:
        players = int(header.get("players", ""))
        seed = int(header.get("seed", ""))
        options = json.loads(header.get("options") or "{}")
    except (ValueError, RecursionError):
        raise MoveListError("The move list's header (players, seed, options) is damaged.") from None
    if not isinstance(options, dict):
        raise MoveListError("The move list's options are not a JSON object.")
    seats = _seats(header.get("seats", ""), players)
    try:
        game = rules.new_game(game_id, players, seed, options)
    except rules.SetupError as err:
        raise MoveListError(f"The move list cannot be set up: {err}") from None
    for n, text_move in enumerate(moves, 1):
        if text_move == HIDDEN_MOVE:
            raise MoveListError(f"Move {n} is secret: {UNFINISHED_REFUSAL}")
        if len(text_move) > rules.core.MAX_MOVE_TEXT:
            raise MoveListError(f"Move {n} is not a move.")
        try:
            game.play(game.parse_move(text_move))
        except rules.IllegalMove as err:
            raise MoveListError(
                f"Move {n} ({text_move[:40]!r}) is refused: {err.message}"
            ) from None
    return Session.restore(game, seats)


def _seats(text: str, players: int) -> list[SeatConfig]:
    """``Nadia=human, Kevin=easy`` (missing or damaged: Player 1 human, the rest Easy AI)."""
    seats: list[SeatConfig] = []
    for part in text.split(","):
        name, _, kind = part.strip().rpartition("=")
        if name.strip() and (kind in HUMAN_KINDS or kind in AI_LEVELS):
            seats.append(SeatConfig(repair_name(name, f"Player {len(seats) + 1}"), kind))
    if len(seats) != players:
        seats = [SeatConfig(f"Player {i + 1}", HUMAN if i == 0 else "easy") for i in range(players)]
    return seats
