"""Allegiance's gestures: a trait onto a seat, a card onto a house to back it; a click on a
Face in the trick is the Assassin's strike at it."""

from __future__ import annotations

from rules import Move
from rules.allegiance import TRAITS, AllegianceMove
from tabletop.table.gestures import Gestures


class AllegianceGestures(Gestures):
    def candidate(self, drag: str, zone_id: str, legal: list[Move]) -> Move | None:
        """The move a drop stands for, aimed at the zone it was dropped on: the trick (or a
        Face lying in it) for a card played, so that a drop anywhere else (a player's panel)
        is refused in the rules' words rather than played into the trick; the Allegiance
        card while it is being chosen."""
        if not legal:
            return None
        if drag in TRAITS:
            return AllegianceMove("trait", cards=(drag,), target=zone_id)
        # While the Allegiance card is chosen, a card put anywhere is asked about as that
        # choice: the refusal says what the card must be and where it goes.
        if zone_id.startswith("allegiance:") or any(m.kind == "ally" for m in legal):
            return AllegianceMove("ally", cards=(drag,), target=zone_id)
        on_trick = zone_id == "trick" or zone_id.startswith("face:")
        return AllegianceMove("play", cards=(drag,), target="trick" if on_trick else zone_id)

    def click_moves(self, zone_id: str, legal: list[Move]) -> list[Move]:
        """A click on a Face in the trick is the Assassin's strike at it."""
        if zone_id.startswith("face:"):
            face = zone_id.removeprefix("face:")
            return [m for m in legal if m.kind == "kill" and m.cards == (face,)]
        return super().click_moves(zone_id, legal)
