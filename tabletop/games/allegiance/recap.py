"""The pause at the end of an Allegiance deal: which House won it and with how many Victories,
what each player scored for the House they backed, and who leads. Built from the public events
and view only (a finished deal shows every Allegiance card)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event
from tabletop.layouts.base import seat_names
from tabletop.table.model import Recap


def deal_recap(
    events: Sequence[Event], view: Mapping[str, Any], names: Sequence[str]
) -> Recap | None:
    end = next((e for e in events if e.kind == "deal-end"), None)
    if end is None:
        return None
    over = any(e.kind == "end" for e in events)
    deal = end.data.get("deal", view.get("deal", ""))
    deals = view.get("deals", deal)
    if deals == 1:
        title = "The deal is over"
    else:
        title = "The last deal is over" if over else f"Deal {deal} of {deals} is over"
    lines = [end.render(names)]
    records = view.get("deal_results") or []
    record = records[-1] if records else {}
    victories = {h: v for h, v in dict(record.get("victories", {})).items() if v}
    if victories:
        lines[0] += " Victories: " + ", ".join(f"{h} {v}" for h, v in victories.items()) + "."
    points = list(record.get("points", []))
    if points:
        scored = [f"{seat_names([s], names)} {p}" for s, p in enumerate(points) if p]
        lines.append(
            "Points this deal: " + ", ".join(scored) + "."
            if scored
            else "Nobody backed the winning House: no points this deal."
        )
    scores = [int(s) for s in view.get("scores", [])]
    if scores:
        top = max(scores)
        leaders = seat_names([s for s, v in enumerate(scores) if v == top], names)
        several = scores.count(top) > 1
        if top == 0:
            lines.append(
                "Nobody has scored yet." if not over else "The game is over: nobody scored."
            )
        elif over:
            verb = "share the win" if several else "wins"
            lines.append(f"The game is over: {leaders} {verb} with {top} points.")
        else:
            verb = "share the lead" if several else "leads"
            lines.append(f"{leaders} {verb} with {top} point{'' if top == 1 else 's'}.")
    return Recap(title, tuple(lines))
