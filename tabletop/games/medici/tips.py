"""Court of the Medici's tips for a phone's decision (Teach as we play): from the seat's own
view and its legal moves only (see tabletop.net.howto)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.medici import FACE, card_name

from ...net.howto import count, kinds


def _conspiracy(view: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]) -> str:
    """A build the seat may make that matches another stack's total (a conspiracy), if any."""
    totals = {s["id"]: s["total"] for s in view.get("stacks") or []}
    for move in moves:
        if move.get("kind") != "build" or not move.get("cards"):
            continue
        card, target = move["cards"][0], move.get("target")
        value = FACE.get(card)
        if value is None or target not in totals or card[1] in "ML":  # these do not just add
            continue
        made = totals[target] + value
        twin = next((s for s, t in totals.items() if t == made and s != target), None)
        if twin is not None and isinstance(target, str):
            return (
                f"{_upper(card_name(card))} on {target.replace(':', ' ')} makes {made}, "
                f"like {twin.replace(':', ' ')}: a conspiracy could remove it."
            )
    return ""


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def tip(view: Mapping[str, Any], seat: int, moves: Sequence[Mapping[str, Any]]) -> str:
    """Why the phone lights what it lights, for Court of the Medici."""
    kind = kinds(moves)
    if "value" in kind:
        return "Choose what it counts in its stack now; at the end it scores a fixed 1 (or -1)."
    if kind & {"strike", "spare"}:
        return (
            f"Lit: the {count(len([m for m in moves if m.get('kind') == 'strike']), 'stack')} "
            "worth exactly as much as the one you built. Striking one discards all its cards."
        )
    if kind & {"court", "build", "plan"}:
        limits = view.get("limits") or []
        limit = limits[seat] if seat < len(limits) else None
        said = _conspiracy(view, moves)
        if limit is not None:
            return f"Your last card is shown: nothing worth more than {limit} may be played. {said}"
        return said or "Send a card to court, build it on any stack, or plan it under your deck."
    return ""
