"""Allegiance's words for what a hinted move leads to (see tabletop.ai.advice): the trick won
and the Victories it sends to a house, the house the seat backs, a card its Assassin removes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event
from rules.allegiance import HOUSE_OF, HOUSES, card_name


def facts(
    events: Sequence[Event], seat: int, partners: frozenset[int], view: Mapping[str, Any]
) -> list[str]:
    ally = view["allegiance"][seat]
    backed = HOUSES[HOUSE_OF[ally]] if ally in HOUSE_OF else None
    out = []
    for event in events:
        data = event.data
        if event.kind == "award":
            house = data["house"]
            won = " and ".join(data["victories"])
            yours = ", the house you back" if house == backed else ""
            if data["seat"] == seat:
                out.append(f"it wins the trick and sends {won} to {house}{yours}")
            elif yours:
                goes = "goes" if len(data["victories"]) == 1 else "go"
                out.append(f"{won} {goes} to {house}{yours}")
        elif event.kind == "kill" and data["seat"] == seat:
            out.append(f"your Assassin removes {card_name(data['card'])} from the trick")
        if event.kind == "award":
            break  # the trick this move is in: what follows is another decision's
    return out
