"""What Royal Houses' play says of the rival's hidden counters and hand (see
:mod:`tabletop.ai.inference`).

A rival puts influence where its counters are high and gives away the houses it cares least
about; it keeps the cards of the houses it builds (to win their hand veto) and hands over the
others. Each guess at the rival's counters and hand is weighed by those signals, read from the
events the seat has seen, with weights fitted to the heuristic bot's games.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event, Game
from rules.royal_houses import HOUSES, RoyalHouses, house_of
from tabletop.ai.inference import Weigher

#: Log-likelihood per (counter value × influence the rival placed on its house).
COUNTER_BUILT = 0.12
#: Log-likelihood per (counter value × cards of its house the rival gave away).
COUNTER_GIVEN = -0.05
#: Log-likelihood of an unseen card being in the rival's hand rather than the deck, per
#: influence the rival placed on its house and per card of that house it gave away.
HAND_BUILT = 0.07
HAND_GIVEN = -0.15


def signals(seen: Sequence[Event], rival: int) -> tuple[list[float], list[float]]:
    """Per house: the influence ``rival`` placed there, and the cards of it they gave away."""
    built = [0.0] * len(HOUSES)
    given = [0.0] * len(HOUSES)
    index = {name: i for i, name in enumerate(HOUSES)}
    for e in seen:
        d = e.data
        if d.get("seat") != rival:
            continue
        if e.kind == "influence":
            built[index[d["house"]]] += d["amount"]
        elif e.kind == "shift":
            built[index[d["to"]]] += d["own"]
            built[index[d["from"]]] -= d["own"]
        elif e.kind == "gift" and "card" in d:
            given[house_of(d["card"])] += 1
    return built, given


def infer(view: Mapping[str, Any], seen: Sequence[Event], seat: int) -> Weigher | None:
    """The weigher of guesses at the rival's counters and hand (``None`` before the rival
    has done anything to read)."""
    if view["phase"] in ("order", "counters", "over"):
        return None
    rival = 1 - seat
    built, given = signals(seen, rival)
    if not any(built) and not any(given):
        return None
    per_counter = [COUNTER_BUILT * b + COUNTER_GIVEN * g for b, g in zip(built, given, strict=True)]
    per_card = [HAND_BUILT * b + HAND_GIVEN * g for b, g in zip(built, given, strict=True)]

    def weigh(guess: Game) -> float:
        assert isinstance(guess, RoyalHouses)
        total = sum(per_counter[h] * v for h, v in guess.counters[rival].items())
        total += sum(per_card[house_of(c)] for c in guess.hands[rival])
        return math.exp(max(-50.0, min(50.0, total)))

    return weigh
