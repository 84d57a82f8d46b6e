"""A game being played: the rules state, who sits where, and the log. No drawing here."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import rules
from rules import Event, Game, Move

HUMAN = "human"
AI_LEVELS = ("easy", "normal", "hard", "random")
LEVEL_LABELS = {
    "human": "Human",
    "easy": "AI · Easy",
    "normal": "AI · Normal",
    "hard": "AI · Hard",
    "random": "AI · Random",
}


@dataclass
class SeatConfig:
    name: str
    kind: str = HUMAN  # "human" or an AI level from AI_LEVELS

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass
class LogEntry:
    event: Event
    turn: int


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

    def __post_init__(self) -> None:
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(2**31)
        self.game = rules.new_game(self.game_id, len(self.seats), self.seed, dict(self.options))
        self._record(self.game.opening_events)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def title(self) -> str:
        return rules.GAMES[self.game_id].title

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].is_human

    def play(self, move: Move, seat: int | None = None) -> list[Event]:
        """Apply a move through the rules (raises rules.IllegalMove, changing nothing)."""
        events = self.game.play(move, seat)
        self._record(events)
        return events

    def _record(self, events: list[Event]) -> None:
        turn = len(self.game.history)
        self.log.extend(LogEntry(e, turn) for e in events)

    def log_lines(self, viewer: int | None) -> list[str]:
        """The log in words, as ``viewer`` may read it (``None``: the public table)."""
        return [e.event.render(self.names) for e in self.log if e.event.visible_to(viewer)]

    def rematch(self) -> Session:
        return Session(
            self.game_id,
            [SeatConfig(s.name, s.kind) for s in self.seats],
            None,
            dict(self.options),
            self.table_display,
        )
