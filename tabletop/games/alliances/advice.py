"""Alliances's words for what a hinted move leads to (see tabletop.ai.advice): the bidding
won, the conflict won by the seat's side and the country it takes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event


def facts(
    events: Sequence[Event], seat: int, partners: frozenset[int], view: Mapping[str, Any]
) -> list[str]:
    countries = {tile["id"]: tile["country"] for tile in view["grid"]}
    out = []
    for event in events:
        data = event.data
        if event.kind == "contract" and data["seat"] == seat:
            out.append("it wins you the bidding: your alliance becomes the Aggressor")
        elif event.kind == "conflict" and data["winner"] is not None:
            who = "you win" if data["winner"] == seat else "your side wins"
            if data["winner"] not in partners:
                continue
            country = countries.get(data["tile"], "the country")
            take = "take" if data["winner"] == seat else "takes"  # "you take", "your side takes"
            took = f" and {take} {country}" if data["captured"] else f", though {country} holds"
            out.append(f"{who} the conflict{took}")
            break  # the conflict this move is in: what follows is another decision's
    return out
