"""Court of the Medici on a phone: every stack of the court with its number, total and
cards (the decisions name stacks by number), and the influence so far."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.medici import card_name

from ...net.phone_table import PhoneTable, item, phone_table, seat_name, section, yours


def _stack(stack: Mapping[str, Any]) -> dict[str, Any]:
    number = int(str(stack["id"]).split(":")[1])
    return item(
        f"Stack {number}",
        f"total {stack['total']}",
        cards=[c["card"] for c in stack["cards"]],
        key=f"stack {number}",
    )


def table(view: Mapping[str, Any], names: Sequence[str]) -> PhoneTable:
    viewer = view.get("viewer")
    stacks = view.get("stacks") or []
    inner = [_stack(s) for s in stacks if s["area"] == "inner"]
    outer = [_stack(s) for s in stacks if s["area"] != "inner"]
    points = view.get("points") or []
    score = " · ".join(f"{seat_name(names, s, viewer)} {p}" for s, p in enumerate(points))
    teams = view.get("teams") or []
    if len(teams) > 1 and points:
        score += " (teams: " + " – ".join(str(sum(points[s] for s in t)) for t in teams) + ")"
    houses = view.get("houses") or []
    planned = view.get("my_deck_bottom") or []
    own = yours(
        viewer,
        [
            item("Your house", houses[viewer]) if viewer is not None and houses else None,
            item(
                "Planned (your deck's bottom)",
                ", ".join(card_name(c) for c in planned),
                cards=planned,
            )
            if planned
            else None,
        ],
    )
    return phone_table(
        [
            section("Inner Circle", inner),
            section("Outer Court", outer, "" if outer else "empty"),
            own,
        ],
        f"Influence: {score}" if score else "",
    )
