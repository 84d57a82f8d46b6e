"""Machiavelli's tips for a phone's decision (Teach as we play): from the seat's own view and
its legal moves only (see tabletop.net.howto)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...net.howto import kinds


def tip(view: Mapping[str, Any], seat: int, moves: Sequence[Mapping[str, Any]]) -> str:
    """What this turn allows, for Machiavelli."""
    kind = kinds(moves)
    opened = view.get("opened") or []
    has_opened = bool(opened[seat]) if seat < len(opened) else True
    empty = not view.get("stock_count")
    other = "pass" if empty else "draw a card"
    if "play" not in kind:
        return f"Nothing in your hand makes a meld yet, with or without the table: {other}."
    if not has_opened:
        return (
            "You have not opened: lay a whole meld of 3 or more cards from your hand alone "
            f"(the table stays as it is), or {other}."
        )
    return (
        "Tick cards and ask: the host may rearrange the whole table to fit them, as long as "
        f"every meld is sound at the end. Or {other}."
    )
