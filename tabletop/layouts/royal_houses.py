"""Royal Houses at the table: six house columns, both hands, counters and the deck."""

from __future__ import annotations

from typing import Any

import pygame

from rules import Move, Outcome
from rules.royal_houses import HOUSES, INITIALS, card_name

from ..display import Display
from ..table.model import TableModel
from .base import Layout


def _house(initial_or_zone: str) -> str:
    name = initial_or_zone.removeprefix("house:")
    if len(name) == 1 and name in INITIALS:
        return HOUSES[INITIALS.index(name)]
    return name


class RoyalHousesLayout(Layout):
    game_id = "royal_houses"

    def describe(self, move: Move, view: dict[str, Any], names: list[str]) -> str:
        k = move.kind
        if k == "order":
            return f"Go {move.value[0]}"
        if k == "keep":
            return "Keep my counters"
        if k == "swap":
            return f"Swap {move.value[0]} ↔ {move.value[1]}"
        if k == "shift":
            mine, theirs = move.value
            if not mine and not theirs:
                return "Move nothing"
            parts = []
            if mine:
                parts.append(f"{mine} of mine")
            if theirs:
                parts.append(f"{theirs} of theirs")
            return "Move " + " + ".join(parts)
        if k in ("source", "dest"):
            return ("From " if k == "source" else "To ") + _house(move.target)
        if k == "counter":
            v = move.value[0]
            return f"{v:+d} on {_house(move.target)}" if v else f"+0 on {_house(move.target)}"
        if k in ("play", "gift"):
            return f"{k.title()} {card_name(move.cards[0])}"
        return str(move)

    def score_table(self, outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
        """One row per house: influence, counters and bonus, hand sums, veto, points."""
        header = ["House", "Influence", "Counters → bonus", "In hand", "Points"]
        rows = []
        for r in outcome.breakdown.get("houses", []):
            lead = r["majority"]
            influence = f"{r['influence'][0]} – {r['influence'][1]}"
            if lead is not None:
                influence += f"  ({names[lead]} leads)"
            counters = f"{r['counters'][0]:+d} {r['counters'][1]:+d} → {r['bonus']:+d}"
            hands = f"{r['hand_sums'][0]} – {r['hand_sums'][1]}"
            vetoed = [names[s] for s in (0, 1) if r["vetoed"][s]]
            if vetoed:
                hands += f"  (veto: {vetoed[0]} scores 0)"
            points = f"{r['points'][0]} – {r['points'][1]}"
            rows.append([r["house"], influence, counters, hands, points])
        totals = outcome.breakdown.get("totals", list(outcome.scores))
        rows.append(["Total", "", "", "", f"{totals[0]} – {totals[1]}"])
        return header, rows

    def build(
        self, view: dict[str, Any], viewer: int | None, rect: pygame.Rect, display: Display,
        names: list[str], *, colorblind: bool = False,
    ) -> TableModel:
        return TableModel()
