"""Alliances' tips for a phone's decision (Teach as we play): from the seat's own view and its
legal moves only (see tabletop.net.howto)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rules.alliances.cards import SUITS, rank_of, suit_of
from rules.alliances.specials import SPECIAL_SUIT

from ...net.howto import count, kinds, lit_cards, own_hand


def _strongest(hand: list[str]) -> str:
    """The suit the seat holds most power in (its cards' numbers added up)."""
    power = Counter[str]()
    for card in hand:
        if card not in SPECIAL_SUIT:
            power[suit_of(card)] += rank_of(card)
    if not power:
        return ""
    suit, total = power.most_common(1)[0]
    held = sum(1 for c in hand if c not in SPECIAL_SUIT and suit_of(c) == suit)
    return f" Your strongest suit: {SUITS[suit]} ({count(held, 'card')}, {total} in all)."


def _play(view: Mapping[str, Any], seat: int, moves: Sequence[Mapping[str, Any]]) -> str:
    hand = own_hand(view, seat)
    lit = lit_cards(moves, hand)
    leading, dominant = view.get("leading"), view.get("dominant")
    trumps = f" {SUITS[dominant]} is dominant: it beats every other suit." if dominant else ""
    if not leading or not view.get("table"):
        return "You lead: the suit you play becomes the suit the others must follow." + trumps
    name = SUITS.get(leading, leading)
    follow = [c for c in lit if c not in SPECIAL_SUIT and suit_of(c) == leading]
    if follow and all(c in SPECIAL_SUIT or suit_of(c) == leading for c in lit):
        specials = " (or a special action card)" if len(follow) < len(lit) else ""
        return f"You must follow {name}{specials}: you hold {count(len(follow), 'card')}." + trumps
    return f"You hold no {name}: any card may be played." + trumps


def tip(view: Mapping[str, Any], seat: int, moves: Sequence[Mapping[str, Any]]) -> str:
    """Why the phone lights what it lights, for Alliances."""
    kind = kinds(moves)
    if "bid" in kind:
        return (
            "Bid the countries your alliance will hold at the end, and a dominant suit."
            + _strongest(own_hand(view, seat))
        )
    if "target" in kind:
        return (
            f"Lit: the {count(len(moves), 'country', 'countries')} you may target: neutral "
            "ones next to a country your alliance holds."
        )
    if "play" in kind:
        return _play(view, seat, moves)
    return ""
