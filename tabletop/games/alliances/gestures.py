"""Alliances' gestures: a hand or packet card dragged onto the conflict, the hand, the
meeting, the Empire's pairs or the tribute; clicks on the bidding grid, a call, a pair, a
card to choose, a tile or a seat."""

from __future__ import annotations

from rules import Move
from rules.alliances import AlliancesMove
from tabletop.table.gestures import Gestures

# Where a hand (or packet) card goes for each kind of move that carries it.
DROP_ZONES = {
    "play": "conflict",
    "keep": "hand",
    "show": "meeting",
    "set": "aside",
    "give": "tribute",
}


class AlliancesGestures(Gestures):
    @staticmethod
    def _drop_zone(move: Move) -> str | None:
        return DROP_ZONES.get(move.kind) if move.cards else None

    def moves_for_piece(self, drag: str, legal: list[Move]) -> list[Move]:
        return [m for m in legal if m.cards == (drag,) and m.kind in DROP_ZONES]

    def resolve_drop(self, drag: str, zone_id: str, legal: list[Move]) -> list[Move]:
        return [m for m in self.moves_for_piece(drag, legal) if self._drop_zone(m) == zone_id]

    def targets_for(self, drag: str, legal: list[Move]) -> set[str]:
        return {z for m in self.moves_for_piece(drag, legal) if (z := self._drop_zone(m))}

    def click_moves(self, zone_id: str, legal: list[Move]) -> list[Move]:
        kind, _, rest = zone_id.partition(":")
        if kind == "bid":
            count, _, suit = rest.partition(":")
            return [
                m
                for m in legal
                if m.kind == "bid"
                and len(m.value) == 2
                and (str(m.value[0]), m.value[1]) == (count, suit)
            ]
        if kind == "call":
            return [m for m in legal if m.kind == "call" and m.value == (rest,)]
        if kind == "pair":
            return [m for m in legal if m.kind == "pair" and [str(v) for v in m.value] == [rest]]
        if kind == "choice":
            return [m for m in legal if m.kind == "choose" and m.cards == (rest,)]
        if kind in ("tile", "seat"):
            return [m for m in legal if m.target == zone_id and m.kind in ("target", "boost")]
        return []

    def candidate(self, drag: str, zone_id: str, legal: list[Move]) -> Move | None:
        """A dropped card the rules refuse: ask them about the move it looks like, so the
        toast says why (e.g. "You must follow Military…")."""
        kinds = {m.kind for m in legal if m.kind in DROP_ZONES}
        for kind in kinds:
            if DROP_ZONES[kind] == zone_id:
                return AlliancesMove(kind, (drag,), "conflict" if kind == "play" else "")
        if "play" in kinds and zone_id.startswith(("seat:", "choice:")):
            return AlliancesMove("play", (drag,), "conflict")
        return None
