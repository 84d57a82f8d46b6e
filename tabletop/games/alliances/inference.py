"""What Alliances' bids and calls say of the rivals' hidden hands (see
:mod:`tabletop.ai.inference`).

A player who bids a number of countries in a suit, or calls a dominant suit, holds a hand that
is strong in it: more so than in the other suits. Each guess at such a rival's hand (with the
cards they have played since put back) is weighed by how much stronger it is in the suit they
named than in their best other suit, as the heuristic bot measures a hand's strength. Voids
(a suit not followed) are the rules' business already: every guess respects them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event, Game
from rules.alliances import Alliances
from rules.alliances.cards import SUITS
from tabletop.ai.inference import Weigher

from .bots import trick_estimate

#: Log-likelihood per conflict of strength the named suit has over the hand's best other one.
NAMED = 1.25


def named_suits(seen: Sequence[Event]) -> dict[int, tuple[str, list[str]]]:
    """Per seat that bid or called a suit in the campaign under way: the suit it named last
    and the cards it has played since."""
    out: dict[int, tuple[str, list[str]]] = {}
    for e in seen:
        d = e.data
        if e.kind in ("deal", "redeal", "campaign"):
            out = {}
        elif e.kind in ("bid", "call") and d.get("suit") in SUITS and "seat" in d:
            out[d["seat"]] = (d["suit"], [])
        elif e.kind == "play" and d.get("seat") in out and "card" in d:
            out[d["seat"]][1].append(d["card"])
    return out


def infer(view: Mapping[str, Any], seen: Sequence[Event], seat: int) -> Weigher | None:
    """The weigher of guesses at the hands of the rivals who named a suit (``None``: none
    did in the campaign under way)."""
    if view["over"]:
        return None
    players = view["players"]
    named = {s: v for s, v in named_suits(seen).items() if s != seat}
    if not named:
        return None

    def weigh(guess: Game) -> float:
        assert isinstance(guess, Alliances)
        total = 0.0
        for s, (suit, played) in named.items():
            hand = guess.hands[s] + played
            strength = {x: trick_estimate(hand, x, players) for x in SUITS}
            total += strength[suit] - max(v for x, v in strength.items() if x != suit)
        return math.exp(max(-50.0, min(50.0, NAMED * total)))

    return weigh
