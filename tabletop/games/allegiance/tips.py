"""Allegiance's tips for a phone's decision (Teach as we play): from the seat's own view and
its legal moves only (see tabletop.net.howto)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.allegiance import FACE_SET, HOUSE_OF, HOUSES, VICTORY_SET, card_name

from ...net.howto import count, kinds, lit_cards, own_hand


def _backing(view: Mapping[str, Any], seat: int) -> str:
    chosen = view.get("allegiance") or []
    ally = chosen[seat] if seat < len(chosen) else None
    return f" You back {HOUSES[HOUSE_OF[ally]]}." if ally in HOUSE_OF else ""


def _trick(view: Mapping[str, Any], seat: int) -> str:
    """What the trick needs before its Victories go to a House, and who takes them now."""
    trick = view.get("trick") or []
    victories = [t["card"] for t in trick if t.get("card") in VICTORY_SET]
    faces = [t for t in trick if t.get("card") in FACE_SET]
    best = next((t for t in faces if t.get("best")), None)
    if not victories:
        return "The trick holds no Victory yet: nothing is won until someone plays one."
    won = " and ".join(victories)
    if best is None:
        return f"The trick holds {won} but no Face: the best Face played takes it."
    house = HOUSES[HOUSE_OF[best["card"]]]
    return (
        f"{won} would go to {house}: {card_name(best['card'])} is best at rank "
        f"{best.get('rank')}. A higher Face, or a Trait, changes that."
    )


def tip(view: Mapping[str, Any], seat: int, moves: Sequence[Mapping[str, Any]]) -> str:
    """Why the phone lights what it lights, for Allegiance."""
    kind = kinds(moves)
    lit = lit_cards(moves, own_hand(view, seat))
    if "ally" in kind:
        return (
            f"Lit: the {count(len(lit), 'Face')} you may back as your Allegiance card. If its "
            "House wins the most Victories, you score its rank."
        )
    if kind & {"kill", "spare"}:
        return "Your Assassin may remove one other Face from the trick, or spare them all."
    if lit == ["Moon"]:
        return "You hold the Moon: it always leads the first round."
    if "play" in kind or "trait" in kind:
        return _trick(view, seat) + _backing(view, seat)
    return ""
