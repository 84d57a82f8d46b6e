"""Everyone chooses at once: a seat's secret choice taken before its turn comes.

Some decisions are meant to be made by every player at once and in secret (the Allegiance
card, Royal Houses' counters, Alliances' drafting: :meth:`rules.Game.secret_round`). The rules
take them one seat after another; at a game night each phone may choose as soon as the round
opens. The host keeps a choice made ahead of its turn here and plays it when the rules ask
that seat, so the rules, the log and the saves see exactly the game they always did.

A seat's options ahead of its turn are found on a copy of the game: the seats before it play
what they chose, or any legal move (within a round no seat's options depend on another's
choice, which ``tests/test_secret_rounds.py`` checks for every game), until the copy asks it.
Nothing of the copy leaves this module but that seat's own options.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from rules import Game, Move

#: Decisions a copy plays at most to reach a seat's turn in a round (a round has a few a seat).
MAX_STEPS = 200


@dataclass
class Ahead:
    """What ``seat`` may choose now, ahead of its turn, and whom the round still waits for."""

    game: Game | None  # the copy at the seat's turn (for the moves' words), None: nothing to do
    moves: list[Move]
    waiting: list[int]  # the other seats still to choose in this round, in turn order


@dataclass
class ChoicesAhead:
    """The choices phones made ahead of their turn, per seat, in the order they were made."""

    queued: dict[int, list[tuple[Move, str]]] = field(default_factory=dict)
    round_id: Hashable | None = None

    def clear(self) -> list[tuple[int, str]]:
        """Forget every choice (an undo, a round that ended otherwise); the (seat, message id)
        pairs that were waiting."""
        dropped = [(seat, msg_id) for seat, q in self.queued.items() for _, msg_id in q]
        self.queued = {}
        self.round_id = None
        return dropped

    def add(self, seat: int, move: Move, msg_id: str, round_id: Hashable) -> None:
        if round_id != self.round_id:
            self.clear()
            self.round_id = round_id
        self.queued.setdefault(seat, []).append((move, msg_id))

    def has(self, seat: int) -> bool:
        return bool(self.queued.get(seat))

    def moves(self, seat: int) -> list[Move]:
        """``seat``'s choices waiting for its turn, in the order it made them."""
        return [move for move, _ in self.queued.get(seat, [])]

    def next_for(self, game: Game) -> tuple[int, Move, str] | None:
        """The choice to play now: the seat the rules ask has one waiting in this round."""
        seat = game.to_move
        if seat is None or game.secret_round() != self.round_id or not self.queued.get(seat):
            return None
        move, msg_id = self.queued[seat].pop(0)
        return seat, move, msg_id

    def ahead(self, game: Game, seat: int) -> Ahead:
        """``seat``'s options now in the round ``game`` is in (none outside one, or once it has
        chosen all it can before the round goes on), and the seats it waits for."""
        round_id = game.secret_round()
        if round_id is None or game.over:
            return Ahead(None, [], [])
        queued = {s: list(q) if round_id == self.round_id else [] for s, q in self.queued.items()}
        copy = game.clone()
        at_turn: Game | None = None
        moves: list[Move] = []
        waiting: list[int] = []
        for _ in range(MAX_STEPS):
            mover = copy.to_move
            if copy.over or mover is None or copy.secret_round() != round_id:
                break
            mine = queued.get(mover)
            if mine:
                copy.play(mine.pop(0)[0])
                continue
            if mover == seat and at_turn is None:
                at_turn, moves = copy.clone(), copy.legal_moves()
            elif mover != seat and mover not in waiting:
                waiting.append(mover)
            copy.play(copy.legal_moves()[0])
        return Ahead(at_turn, moves, waiting)
