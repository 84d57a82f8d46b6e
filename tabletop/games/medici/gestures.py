"""Medici's gestures: a card dragged to court, onto a stack to build or onto the deck to
plan; the rules are asked about the move a refused drop looks like."""

from __future__ import annotations

from rules import Move
from rules.medici import MediciMove
from tabletop.table.gestures import Gestures

ACTIONS = ("court", "build", "plan")


class MediciGestures(Gestures):
    def moves_for_piece(self, drag: str, legal: list[Move]) -> list[Move]:
        return [m for m in legal if m.cards == (drag,) and m.kind in ACTIONS]

    def candidate(self, drag: str, zone_id: str, legal: list[Move]) -> Move | None:
        if not any(m.kind in ACTIONS for m in legal) or zone_id.startswith("hand:"):
            return None
        if zone_id.startswith("stack:"):
            kind = "build"
        elif zone_id.startswith("deck:"):
            kind = "plan"
        else:
            kind = "court"
        return MediciMove(kind, (drag,), zone_id)
