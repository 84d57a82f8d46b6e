"""Allegiance on a phone: the trick so far, the Victories each House has won, the scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.allegiance import card_name

from ...net.phone_table import PhoneTable, item, phone_table, seat_name, section, yours


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
    ally = view["allegiance"][viewer] if viewer is not None else None
    waiting = view.get("waiting") or []
    # traits laid face down before a seat: who holds how many, and which are this player's
    mine = [(s, w["card"]) for s, laid in enumerate(waiting) for w in laid if w["by"] == viewer]
    own = yours(
        viewer,
        [
            item("Your Allegiance", card_name(ally), cards=[ally]) if ally else None,
            item(
                "Your traits laid",
                ", ".join(f"{card} before {seat_name(names, s, viewer)}" for s, card in mine),
                cards=[card for _, card in mine],
            )
            if mine and all(card for _, card in mine)
            else None,
        ],
    )
    laid = [
        item(seat_name(names, s, viewer), f"{len(before)} face down")
        for s, before in enumerate(waiting)
        if before
    ]
    return phone_table(
        [
            own,
            section("Trick", trick, trick_note),
            section("Traits waiting", laid),
            section(
                "Victories won",
                victories,
                f"{left} of {view.get('victories_in_play')} still to win" if left else "",
            ),
        ],
        f"Deal {view.get('deal')} of {view.get('deals')} · scores: {score}" if score else "",
    )
