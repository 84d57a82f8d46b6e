"""A game being played: the rules state, who sits where, the log, and undo. No drawing here."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import rules
from rules import Event, Game, Move

from .second_person import said_to

HUMAN = "human"
#: A human who plays from their phone at a game night: a human for everything the
#: app judges (hidden information, statistics, undo), whose moves come over the network.
PHONE = "phone"
HUMAN_KINDS = (HUMAN, PHONE)
AI_LEVELS = ("easy", "normal", "hard", "random")
LEVEL_LABELS = {
    "human": "Human",
    "phone": "Phone",
    "easy": "AI · Easy",
    "normal": "AI · Normal",
    "hard": "AI · Hard",
    "random": "AI · Random",
}


@dataclass
class SeatConfig:
    name: str
    kind: str = HUMAN  # "human", "phone" or an AI level from AI_LEVELS

    @property
    def is_human(self) -> bool:
        """A person plays this seat, at this computer or from a phone."""
        return self.kind in HUMAN_KINDS

    @property
    def is_phone(self) -> bool:
        return self.kind == PHONE


@dataclass
class LogEntry:
    event: Event
    turn: int


def now_text() -> str:
    """The current UTC time as ISO text, to the second (how saves and statistics date things)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def new_save_id() -> str:
    """A file-name-safe id that sorts by start time: ``20261122-153220-3f9a1c``."""
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


class UndoRefused(Exception):
    """Undo is not possible now; the message says why, in one sentence."""


@dataclass
class Session:
    """Everything about one game in progress that the app needs besides the rules state."""

    game_id: str
    seats: list[SeatConfig]
    seed: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    table_display: bool = False  # a TV shows only the public table between human turns
    game: Game = field(init=False)
    log: list[LogEntry] = field(init=False, default_factory=list)
    #: The save file's id; the autosave writes every move of this game to the same file.
    save_id: str = field(default_factory=new_save_id)
    started: str = field(default_factory=now_text)
    #: True once a human took a move back: statistics count the game as assisted.
    assisted: bool = False
    #: Who made each move of ``game.history`` (undo takes back one seat's own decision).
    movers: list[int] = field(init=False, default_factory=list)
    #: The seat whose own moves the log says in the second person ("You play …"), where the
    #: player's seat is named "You" (a lesson); None: every seat by its name.
    you: int | None = None
    #: *Teach as we play* (a game night's option): each phone shows a tip for its decision.
    teach: bool = False

    def __post_init__(self) -> None:
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(2**31)
        self.game = rules.new_game(self.game_id, len(self.seats), self.seed, dict(self.options))
        self._record(self.game.opening_events)

    @classmethod
    def restore(
        cls,
        game: Game,
        seats: Sequence[SeatConfig],
        *,
        table_display: bool = False,
        save_id: str | None = None,
        started: str | None = None,
        assisted: bool = False,
    ) -> Session:
        """The session of a loaded game: the same deal, replayed move by move (so the log and
        who-moved-when are rebuilt exactly as they were)."""
        session = cls(
            game.spec.id,
            [SeatConfig(s.name, s.kind) for s in seats],
            game.seed,
            dict(game.options),
            table_display,
            save_id=save_id or new_save_id(),
            started=started or now_text(),
            assisted=assisted,
        )
        for move in game.history:
            session.play(move)
        return session

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def phone_seats(self) -> list[int]:
        """The seats played from phones: a game night when there is any."""
        return [i for i, s in enumerate(self.seats) if s.is_phone]

    def play_here(self) -> None:
        """The phone seats become local humans (a game night that could not start)."""
        self.seats = [SeatConfig(s.name, HUMAN) if s.is_phone else s for s in self.seats]

    @property
    def title(self) -> str:
        return rules.GAMES[self.game_id].title

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].is_human

    def play(self, move: Move, seat: int | None = None) -> list[Event]:
        """Apply a move through the rules (raises rules.IllegalMove, changing nothing)."""
        mover = self.game.to_move
        events = self.game.play(move, seat)
        self.movers.append(mover if mover is not None else -1)
        self._record(events)
        return events

    def _record(self, events: list[Event]) -> None:
        turn = len(self.game.history)
        self.log.extend(LogEntry(e, turn) for e in events)

    def log_lines(self, viewer: int | None, start: int = 0) -> list[str]:
        """The log in words, as ``viewer`` may read it (``None``: the public table), from its
        entry ``start`` on."""
        names, you = self.names, self.you
        seen = [e.event for e in self.log[start:] if e.event.visible_to(viewer)]
        if you is not None:
            return [said_to(e.text, you, names) for e in seen]
        return [e.render(names) for e in seen]

    # ---- undo -------------------------------------------------------------------------
    def undo_refusal(self, seat: int | None) -> str | None:
        """Why ``seat`` may not take back its last decision now, or ``None`` if it may."""
        try:
            self._undo_point(seat)
        except UndoRefused as err:
            return str(err)
        return None

    def undo(self, seat: int | None) -> int:
        """Take back ``seat``'s last decision and every move made after it (the AI's replies);
        return how many moves went. Raises :class:`UndoRefused`, changing nothing."""
        point = self._undo_point(seat)
        moves = self.game.history[:point]
        taken = len(self.game.history) - point
        fresh = Session(
            self.game_id,
            self.seats,
            self.seed,
            dict(self.game.options),
            self.table_display,
            save_id=self.save_id,
            started=self.started,
        )
        for move in moves:
            fresh.play(move)
        self.game, self.log, self.movers = fresh.game, fresh.log, fresh.movers
        self.assisted = True
        return taken

    def _undo_point(self, seat: int | None) -> int:
        """The history length to go back to, or raise :class:`UndoRefused` with the reason."""
        if len(self.humans) != 1:
            raise UndoRefused("Undo is only for games with one human player.")
        if seat is None or seat not in self.humans:
            raise UndoRefused("Only the human player can take back a move.")
        if self.game.over:
            raise UndoRefused("The game is over: moves can no longer be taken back.")
        point = next(
            (i for i in range(len(self.movers) - 1, -1, -1) if self.movers[i] == seat), None
        )
        if point is None:
            raise UndoRefused("You have not made a decision yet, so there is nothing to undo.")
        shown = self._shown_since(point, seat)
        if shown:
            raise UndoRefused(
                "Undo is not possible: since your last decision you have seen hidden "
                f"cards ({shown})."
            )
        return point

    def _shown_since(self, point: int, seat: int) -> str:
        """What the first move after ``point`` that showed ``seat`` something hidden showed
        (the words of that event), or "" if those moves showed nothing hidden.

        The rules say so: an event whose ``reveals`` names ``seat`` (a card drawn or received,
        a rival's counter seen), or a card that stops being hidden from ``seat`` (a rival
        plays it face up, a deal ends and everything is shown).
        """
        game = rules.new_game(self.game_id, len(self.seats), self.seed, dict(self.game.options))
        for move in self.game.history[:point]:
            game.play(move)
        for move in self.game.history[point:]:
            hidden = game.hidden_cards(seat)
            events = game.play(move)
            shown = next((e for e in events if seat in e.reveals and e.visible_to(seat)), None)
            if shown is None and hidden - game.hidden_cards(seat) and not game.over:
                shown = next((e for e in events if e.visible_to(seat)), None)
                shown = shown or rules.Event("move", str(move))
            if shown is not None:
                return shown.render(self.names).rstrip(".")
        return ""

    def rematch(self) -> Session:
        return Session(
            self.game_id,
            [SeatConfig(s.name, s.kind) for s in self.seats],
            None,
            dict(self.options),
            self.table_display,
            teach=self.teach,
        )
