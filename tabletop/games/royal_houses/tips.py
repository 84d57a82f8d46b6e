"""Royal Houses' tips for a phone's decision (Teach as we play): from the seat's own view and
its legal moves only (see tabletop.net.howto)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.royal_houses import card_name

from ...net.howto import count, kinds, lit_cards, own_hand

ACTIONS = "2, 4, 6 and 8 add influence; 1 spies, 3 demands, 5 pulls, 7 pushes"


def _gift(view: Mapping[str, Any], seat: int, moves: Sequence[Mapping[str, Any]]) -> str:
    lit = lit_cards(moves, own_hand(view, seat))
    must = (view.get("gift_must") or [None, None])[seat]
    received = (view.get("received") or [None, None])[seat]
    if must:
        return (
            f"Your rival's 3 asked for {must}: your gift must be of that house "
            f"(you hold {count(len(lit), 'card')} you may give)."
        )
    why = "Any card may go"
    if received and received in own_hand(view, seat) and received not in lit:
        why = f"Any card but {card_name(received)} may go: a gift never goes straight back"
    return f"{why}. What you give counts for your rival's hand veto on its house."


def _num(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0


def tip(view: Mapping[str, Any], seat: int, moves: Sequence[Mapping[str, Any]]) -> str:
    """Why the phone lights what it lights, for Royal Houses."""
    kind = kinds(moves)
    if "order" in kind:
        return "You choose the order: the first player starts with 8 cards, the second with 7."
    if "counter" in kind:
        houses = {m.get("target") for m in moves}
        values = sorted({str(m.get("description", "")).split(" on ")[0] for m in moves}, key=_num)
        return (
            f"Lit: the {count(len(houses), 'house')} still without a counter of yours (left: "
            f"{', '.join(values)}). The two counters on a house add up to its bonus."
        )
    if "play" in kind:
        lit = lit_cards(moves, own_hand(view, seat))
        return f"Any of your {count(len(lit), 'card')} may go onto its own house: {ACTIONS}."
    if kind & {"keep", "swap"}:
        return "Your 1 let you see their counter: swap two of yours if that helps, or keep them."
    if "source" in kind:
        return "Your 5 pulls up to 3 influence: lit are the houses with influence to pull from."
    if "dest" in kind:
        return "Your 7 pushes up to 4 influence out of its house: choose where it goes."
    if "shift" in kind:
        return "Moved influence keeps its owner: theirs moved out weakens them there."
    if "gift" in kind:
        return _gift(view, seat, moves)
    return ""
