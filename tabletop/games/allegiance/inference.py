"""What Allegiance's play says of the hidden Allegiance cards (see :mod:`tabletop.ai.inference`).

A player backs one House in secret, and it shows: they feed Victories to tricks that House
leads, take the lead with its Faces, raise its Faces with traits and keep their Assassins off
them, and pledge a high card (its rank is the prize). Each rival's pledge is weighed by those
signals, read from the events the seat has seen since the deal began, with the weights of a
conditional-logit model fitted to the heuristic bot's games (``SIGNALS``, ``RANK``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event, Game
from rules.allegiance import FACE_SET, HOUSE_OF, HOUSES, RANK_OF, TRAITS, VICTORY_SET, Allegiance
from tabletop.ai.inference import Weigher

#: Signals per rival and House: Victories fed to a trick that House leads, Faces that take
#: the trick's lead, Faces played that do not, traits on its Faces (up +1, down -1), its Faces
#: a rival's Assassin removed. ``SIGNALS`` weighs them (log-likelihood per unit).
FEED, LEAD, TRAIL, LIFT, KILL = range(5)
SIGNALS = (1.2, 2.3, 0.4, 2.1, -1.65)
#: Log-likelihood per rank of the pledged card: people pledge high (the rank is the prize).
RANK = 0.63


def signals(seen: Sequence[Event], players: int) -> list[list[list[float]]]:
    """``signals[seat][house][signal]``, counted over the current deal's events."""
    out = _empty(players)
    trick: list[list[Any]] = []  # [house, rank] of each Face in the trick, in order
    for e in seen:
        d = e.data
        k = e.kind
        if k == "deal":
            out, trick = _empty(players), []
        elif k == "award":
            trick = []
        elif k == "play" and "seat" in d:
            _play(out[d["seat"]], trick, d["card"])
        elif k == "flip":
            trick[-1][1] += sum(TRAITS.get(t, 0) for _, t in d["traits"])
        elif k == "trait" and d.get("face") in FACE_SET:
            face = next((f for f in trick if f[2] == d["face"]), None)
            delta = TRAITS.get(d["card"], 0)
            if face is not None:
                face[1] += delta
            out[d["seat"]][HOUSE_OF[d["face"]]][LIFT] += 1 if delta > 0 else -1
        elif k == "kill":
            trick[:] = [f for f in trick if f[2] != d["card"]]
            out[d["seat"]][HOUSE_OF[d["card"]]][KILL] += 1
    return out


def _empty(players: int) -> list[list[list[float]]]:
    return [[[0.0] * 5 for _ in HOUSES] for _ in range(players)]


def _best(trick: list[list[Any]]) -> list[Any] | None:
    """The Face that leads the trick: highest rank, the earliest among equals."""
    best = None
    for face in trick:
        if best is None or face[1] > best[1]:
            best = face
    return best


def _play(mine: list[list[float]], trick: list[list[Any]], card: str) -> None:
    if card in VICTORY_SET:
        best = _best(trick)
        if best is not None:
            mine[best[0]][FEED] += 1
    elif card in FACE_SET:
        before = _best(trick)
        house = HOUSE_OF[card]
        trick.append([house, RANK_OF[card], card])
        takes = before is None or RANK_OF[card] > before[1]
        mine[house][LEAD if takes else TRAIL] += 1


def pledge_scores(seen: Sequence[Event], players: int) -> list[list[float]]:
    """Log-likelihood, before the rank term, of each rival backing each House."""
    return [
        [sum(w * x for w, x in zip(SIGNALS, per_house, strict=True)) for per_house in per_seat]
        for per_seat in signals(seen, players)
    ]


def infer(view: Mapping[str, Any], seen: Sequence[Event], seat: int) -> Weigher | None:
    """The weigher of guesses at the rivals' Allegiance cards (``None`` before any is laid
    or once the deal is over)."""
    if view["phase"] not in ("play", "kill"):
        return None
    scores = pledge_scores(seen, view["players"])
    rivals = [s for s in range(view["players"]) if s != seat]

    def weigh(guess: Game) -> float:
        assert isinstance(guess, Allegiance)
        total = 0.0
        for s in rivals:
            card = guess.allegiance[s]
            if card is not None:
                total += scores[s][HOUSE_OF[card]] + RANK * RANK_OF[card]
        return math.exp(max(-50.0, min(50.0, total)))

    return weigh
