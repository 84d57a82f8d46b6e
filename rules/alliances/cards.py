"""Alliances' 48 cards: power cards ``M1``..``P12`` in three ranked suits and the special
action cards (:mod:`.specials`), with their suits, ranks and names."""

from __future__ import annotations

from .specials import SPECIAL_ACTIONS, SPECIAL_SUIT

# Suits from lowest to highest rank (Politics beats Economics beats Military).
SUITS: dict[str, str] = {"M": "Military", "E": "Economics", "P": "Politics"}
SUIT_RANK: dict[str, int] = {s: i for i, s in enumerate(SUITS)}
RANKS = tuple(range(1, 13))
POWER_CARDS = tuple(f"{s}{r}" for s in SUITS for r in RANKS)

ALL_CARDS = POWER_CARDS + tuple(SPECIAL_ACTIONS)


def suit_of(card: str) -> str:
    return SPECIAL_SUIT[card] if card in SPECIAL_SUIT else card[0]


def rank_of(card: str) -> int:
    return 0 if card in SPECIAL_SUIT else int(card[1:])


def card_name(card: str) -> str:
    """``"the 9 of Military"``, ``"Covert Operation"``."""
    if card in SPECIAL_ACTIONS:
        return SPECIAL_ACTIONS[card][0]
    return f"the {card[1:]} of {SUITS[card[0]]}"


def card_label(card: str) -> str:
    """A card as a button names it: ``"9 Politics"``, ``"Covert Operation"``."""
    if card in SPECIAL_ACTIONS:
        return SPECIAL_ACTIONS[card][0]
    return f"{card[1:]} {SUITS[card[0]]}"
