"""Royal Houses on a phone: each house's influence, who leads it and your counter on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.royal_houses import card_name

from ...net.phone_table import PhoneTable, item, phone_table, seat_name, section, yours


def table(view: Mapping[str, Any], names: Sequence[str]) -> PhoneTable:
    viewer = view.get("viewer")
    influence = view["influence"]
    mine = (view["counters"][viewer] or {}) if viewer is not None else {}
    rows = []
    for h, house in enumerate(view["houses"]):
        a, b = influence[0][h], influence[1][h]
        lead = 0 if a > b else 1 if b > a else None
        text = f"{seat_name(names, 0, viewer)} {a} – {b} {seat_name(names, 1, viewer)}"
        if lead is not None:
            text += f" · {seat_name(names, lead, viewer)} lead{'' if lead == viewer else 's'}"
        if house in mine:
            text += f" · your counter {mine[house]:+d}"
        rows.append(item(house, text, mark="you" if lead == viewer and lead is not None else ""))
    pending = view.get("pending") or {}
    notes = []
    if pending.get("card"):
        notes.append(f"Being played: {card_name(pending['card'])} on {pending['house']}")
    counts = view["hand_counts"]
    score = " · ".join(
        f"{seat_name(names, s, viewer)} {counts[s]} card{'s' * (counts[s] != 1)} in hand"
        for s in (0, 1)
    )
    mine_given = view["received"][viewer] if viewer is not None else None
    must = view["gift_must"][viewer] if viewer is not None else None
    own = yours(
        viewer,
        [
            item("Given to you", card_name(mine_given), cards=[mine_given]) if mine_given else None,
            item("Your next gift", f"must be from {must}") if must else None,
        ],
    )
    return phone_table(
        [section("Houses", rows, " · ".join(notes)), own],
        f"Deck {view['deck_count']} · {score}",
    )
