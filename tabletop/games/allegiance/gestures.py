"""Allegiance's gestures: a trait onto a seat, a card onto a house to back it; a click on a
Face in the trick is the Assassin's strike at it."""

from __future__ import annotations

from rules import Move
from rules.allegiance import TRAITS, AllegianceMove
from tabletop.table.gestures import Gestures


class AllegianceGestures(Gestures):
    def candidate(self, drag: str, zone_id: str, legal: list[Move]) -> Move | None:
        if not legal:
            return None
        if drag in TRAITS:
            return AllegianceMove("trait", cards=(drag,), target=zone_id)
        if zone_id.startswith("allegiance:"):
            return AllegianceMove("ally", cards=(drag,), target=zone_id)
        return AllegianceMove("play", cards=(drag,), target="trick")

    def click_moves(self, zone_id: str, legal: list[Move]) -> list[Move]:
        """A click on a Face in the trick is the Assassin's strike at it."""
        if zone_id.startswith("face:"):
            face = zone_id.removeprefix("face:")
            return [m for m in legal if m.kind == "kill" and m.cards == (face,)]
        return super().click_moves(zone_id, legal)
