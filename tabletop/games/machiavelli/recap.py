"""The pause at the end of a Machiavelli hand: how it ended (a player went out, or the stock
ran dry and everyone passed), the penalty points of the hand, and in a match the totals so far.
Built from the public event and view only (hand scores name no card)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event
from rules.machiavelli.game import MATCH_TARGET
from tabletop.layouts.base import seat_names
from tabletop.table.model import Recap


def hand_recap(
    events: Sequence[Event], view: Mapping[str, Any], names: Sequence[str]
) -> Recap | None:
    end = next((e for e in events if e.kind == "hand-end"), None)
    if end is None:
        return None
    data = end.data
    over = any(e.kind == "end" for e in events)
    match = bool(view.get("match"))
    title = f"Hand {data.get('hand', '')} is over" if match else "The hand is over"
    out = data.get("out")
    winners = [int(s) for s in data.get("winners", [])]
    if isinstance(out, int):
        lines = [f"{seat_names([out], names)} plays their last card and wins the hand."]
    else:
        lines = [
            "The stock is empty and everyone passed in a row: "
            f"{seat_names(winners, names)} {'wins' if len(winners) == 1 else 'share'} the hand "
            "with the fewest penalty points."
        ]
    points = list(data.get("points", []))
    lines.append(
        "Penalty points this hand: "
        + ", ".join(f"{seat_names([s], names)} {p}" for s, p in enumerate(points))
        + "."
    )
    if match:
        totals = list(view.get("totals", []))
        reached = [s for s, t in enumerate(totals) if t >= MATCH_TARGET]
        lines.append(
            "Totals: "
            + ", ".join(f"{seat_names([s], names)} {t}" for s, t in enumerate(totals))
            + (
                f". {seat_names(reached, names)} reached {MATCH_TARGET}: the match is over."
                if over
                else f" (the match ends when someone reaches {MATCH_TARGET})."
            )
        )
    return Recap(title, tuple(lines))
