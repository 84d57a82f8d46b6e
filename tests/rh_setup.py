"""Royal Houses set-ups shared by the rules, table and real-window tests."""

from __future__ import annotations

from rules.royal_houses import CARDS

#: One counter on each house, in house order: -2 A, +0 B, +1 C, +2 D, +3 E, +5 F.
STANDARD_COUNTERS = [
    "counter -2 A",
    "counter +0 B",
    "counter +1 C",
    "counter +2 D",
    "counter +3 E",
    "counter +5 F",
]

#: The first player's eight cards in :func:`fixed_deck`.
FIRST_HAND = ["A2", "B4", "C6", "D8", "E1", "F3", "A5", "B7"]


def fixed_deck() -> list[str]:
    """The first player holds FIRST_HAND; the second the next seven cards in card order."""
    return FIRST_HAND + [c for c in CARDS if c not in FIRST_HAND]
