"""Royal Houses' gestures: a counter dragged onto a house, or one of your counters swapped
with another house's; cards as usual."""

from __future__ import annotations

from rules import Move
from rules.royal_houses import RoyalMove
from tabletop.table.gestures import Gestures


class RoyalHousesGestures(Gestures):
    def moves_for_piece(self, drag: str, legal: list[Move]) -> list[Move]:
        if drag.startswith("swap:"):  # one of your counters, dragged onto another house
            house = drag.split(":", 1)[1]
            return [m for m in legal if m.kind == "swap" and house in m.value]
        if drag.startswith("counter:"):
            value = int(drag.split(":")[1])
            return [m for m in legal if m.kind == "counter" and m.value == (value,)]
        return [m for m in legal if m.cards == (drag,)]

    def resolve_drop(self, drag: str, zone_id: str, legal: list[Move]) -> list[Move]:
        if drag.startswith("swap:"):
            other = zone_id.removeprefix("house:")
            return [
                m
                for m in self.moves_for_piece(drag, legal)
                if other in m.value and other != drag.split(":", 1)[1]
            ]
        return super().resolve_drop(drag, zone_id, legal)

    def targets_for(self, drag: str, legal: list[Move]) -> set[str]:
        if drag.startswith("swap:"):
            house = drag.split(":", 1)[1]
            return {
                "house:" + h
                for m in self.moves_for_piece(drag, legal)
                for h in m.value
                if h != house
            }
        return super().targets_for(drag, legal)

    def candidate(self, drag: str, zone_id: str, legal: list[Move]) -> Move | None:
        if drag.startswith("swap:"):
            return None  # dropped back on its own house: nothing to explain
        if drag.startswith("counter:"):
            return RoyalMove("counter", target=zone_id, value=(int(drag.split(":")[1]),))
        return super().candidate(drag, zone_id, legal)
