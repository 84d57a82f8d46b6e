"""Machiavelli on a phone: the melds have a section of their own (the page's meld rows);
this is the rest, the stock and each player's hand size and penalty so far."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...net.phone_table import PhoneTable, item, phone_table, seat_name, yours


def table(view: Mapping[str, Any], names: Sequence[str]) -> PhoneTable:
    viewer = view.get("viewer")
    counts = view.get("hand_counts") or []
    hands = " · ".join(
        f"{seat_name(names, s, viewer)} {n} card{'s' * (n != 1)}" for s, n in enumerate(counts)
    )
    totals = view.get("totals") or []
    penalty = ""
    if any(totals):
        penalty = " · penalty points so far: " + ", ".join(
            f"{seat_name(names, s, viewer)} {t}" for s, t in enumerate(totals)
        )
    opened = view.get("opened") or []
    own = yours(
        viewer,
        [
            item("Penalty in hand", str(view.get("my_penalty")))
            if view.get("my_penalty") is not None
            else None,
            item("Opened", "yes" if opened[viewer] else "not yet")
            if viewer is not None and viewer < len(opened)
            else None,
        ],
    )
    return phone_table([own], f"Stock {view.get('stock_count')} · {hands}{penalty}")
