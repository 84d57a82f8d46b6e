"""Machiavelli's gestures: cards move inside the working area (no single-card moves); the
moves offered as buttons are Draw and Pass, the working area's own buttons the rest."""

from __future__ import annotations

from rules import Move
from tabletop.table.gestures import Gestures

from .working_area import MachiavelliWorkingArea


class MachiavelliGestures(Gestures):
    # Several cards move at once (a run split off, a set), and a click on a meld's card with
    # a card in hand puts it on that meld.
    select_many = True
    click_drops_on_targets = True

    def __init__(self, area: MachiavelliWorkingArea) -> None:
        self.working_area = area
        self.area = area

    def can_pick_up(self, drag: str, legal: list[Move]) -> bool:
        return self.area.can_pick_up(drag)

    def targets_for(self, drag: str, legal: list[Move]) -> set[str]:
        return self.area.targets_for(drag)

    def targets_for_group(self, drags: list[str], legal: list[Move]) -> set[str]:
        return self.area.targets_for_group(drags)

    def drop_group(self, drags: list[str], zone_id: str) -> bool | str:
        return self.area.drop_group(drags, zone_id)

    def moves_for_piece(self, drag: str, legal: list[Move]) -> list[Move]:
        return []  # no single-card moves: cards move in the working area

    def candidate(self, drag: str, zone_id: str, legal: list[Move]) -> Move | None:
        return None

    def confirm(self, move: Move) -> str | None:
        """Drawing ends the turn: a table rearranged in the working area is put back first."""
        work = self.area.work
        if move.kind == "draw" and work is not None and work.changed:
            return (
                "Draw a card and end your turn? The changes you made to the table and your "
                "hand are put back."
            )
        return None

    def button_moves(self, legal: list[Move]) -> list[Move]:
        return [m for m in legal if m.kind in ("draw", "pass")]
