"""Allegiance on a phone: the trick so far, the Victories each House has won, the scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.allegiance import card_name

from ...net.phone_table import PhoneTable, item, phone_table, seat_name, section


def table(view: Mapping[str, Any], names: Sequence[str]) -> PhoneTable:
    viewer = view.get("viewer")
    trick = [
        item(
            seat_name(names, played["seat"], viewer),
            card_name(played["card"])
            + (f", rank {played['rank']}" if played.get("rank") else "")
            + (" · best so far" if played.get("best") else ""),
            cards=[played["card"]],
            mark="lead" if played.get("best") else "",
        )
        for played in view.get("trick") or []
    ]
    leader = view.get("leader")
    trick_note = "" if trick or leader is None else f"{seat_name(names, leader, viewer)} leads"
    won = view.get("won") or {}
    victories = [
        item(house, ", ".join(won[house]) if won.get(house) else "none yet")
        for house in view["houses"]
    ]
    scores = view.get("scores") or []
    score = " · ".join(f"{seat_name(names, s, viewer)} {points}" for s, points in enumerate(scores))
    left = view.get("victories_left")
    return phone_table(
        [
            section("Trick", trick, trick_note),
            section(
                "Victories won",
                victories,
                f"{left} of {view.get('victories_in_play')} still to win" if left else "",
            ),
        ],
        f"Deal {view.get('deal')} of {view.get('deals')} · scores: {score}" if score else "",
    )
