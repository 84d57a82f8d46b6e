"""What a phone shows of the table: a few short sections of rows, and the score so far.

A game says what its players need in sight to decide (its package's ``phone`` module, a
function of one seat's view); the page renders any game's sections the same way. Everything
here comes from ``view(seat)``: a phone never learns more than its seat may.

>>> section("Trick", [item("Sam", "rank 6, best so far", cards=["H6"])])["items"][0]["text"]
'rank 6, best so far'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

#: JSON-ready: ``{"sections": [...], "score": "..."}``.
PhoneTable = dict[str, Any]


class TableForPhone(Protocol):
    """A game's phone table: from one seat's view and the players' names."""

    def __call__(self, view: Mapping[str, Any], names: Sequence[str]) -> PhoneTable: ...


def item(
    label: str, text: str = "", *, cards: Iterable[str] = (), mark: str = "", key: str = ""
) -> dict[str, Any]:
    """One row: ``label`` in bold, ``text`` after it, small ``cards`` under them (tap one to
    see it large). ``mark``: "lead" (the best so far, the leader), "you" (the phone's own)
    or "". ``key``: what the game's decisions call it ("stack 5"), for the page to light."""
    return {"label": label, "text": text, "cards": list(cards), "mark": mark, "key": key}


def section(title: str, items: Iterable[dict[str, Any]], note: str = "") -> dict[str, Any]:
    """A titled group of rows; ``note`` a line under the title."""
    return {"title": title, "note": note, "items": list(items)}


def phone_table(sections: Iterable[dict[str, Any]], score: str = "") -> PhoneTable:
    """The whole table for one phone: its sections (empty ones left out) and the score."""
    return {"sections": [s for s in sections if s["items"] or s["note"]], "score": score}


def yours(viewer: int | None, items: Iterable[dict[str, Any] | None]) -> dict[str, Any]:
    """The section of what only this phone's player knows (their secret card, their plans),
    from their own view; empty on the public table."""
    shown = [i for i in items if i is not None] if viewer is not None else []
    return section("Yours", shown)


def seat_name(names: Sequence[str], seat: int | None, viewer: int | None) -> str:
    """A seat as the phone's player reads it: "You" for their own, else the name."""
    if seat is None:
        return ""
    if seat == viewer:
        return "You"
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
