"""The pause at the end of a Court of the Medici game: why the court closed, each side's
influence in play, and what decides the winner. Built from the public events and view only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event
from tabletop.layouts.base import seat_names
from tabletop.table.model import Recap


def end_recap(
    events: Sequence[Event], view: Mapping[str, Any], names: Sequence[str]
) -> Recap | None:
    if not any(e.kind == "end" for e in events):
        return None
    reason = str(view.get("end_reason", "")).format_map({f"p{i}": n for i, n in enumerate(names)})
    lines = [f"The court closes: {reason}" if reason else "The court closes."]
    teams = [list(t) for t in view.get("teams", [])]
    points = list(view.get("points", []))
    if teams and points:
        totals = [sum(points[s] for s in t if 0 <= s < len(points)) for t in teams]
        sides = [seat_names(t, names) for t in teams]
        lines.append(
            "Influence in play: "
            + ", ".join(f"{w} {p}" for w, p in zip(sides, totals, strict=True))
            + "."
        )
        best = max(totals)
        top = [i for i, p in enumerate(totals) if p == best]
        if len(top) == 1:
            lines.append(
                f"{sides[top[0]]} {'win' if len(teams[top[0]]) > 1 else 'wins'} "
                "with the most influence."
            )
        else:
            lines.append(f"Influence ties at {best}: the highest-value card in play decides.")
    return Recap("The game is over", tuple(lines))
