"""What Court of the Medici's play says of the hidden hands (see :mod:`tabletop.ai.inference`).

Two things a player at this table reads. What a rival keeps: nobles go to court to score, the
high ones first, so the longer a rival has played, the more its hand is what it chose not to
play, low cards and the specials it saves. And what a rival left untaken: a player who could
have conspired against a rich enemy stack and did not most likely held no card that would have
made the match (a 6 when building on its 3 would have levelled it with a 9 of the other side,
a Jester when any value from 1 to 10 would, a Minister on a single card that already matched).
Each of a player's last actions is read on the court as it stood then, rebuilt from the events
the seat has seen; each card of a guessed hand is weighed by both signals, with weights fitted
to the heuristic bot's games.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event, Game
from rules.medici import (
    CODE_OF,
    FACE,
    HOUSES,
    INITIALS,
    JESTER_VALUES,
    MISTRESS_VALUES,
    Medici,
)
from tabletop.ai.inference import Weigher

#: Log-likelihood per point of a card's worth (a noble's value, the Duke 15, a Minister 0,
#: a Lady or a Jester 1, a Mistress -1) in a guessed hand, once the holder has played
#: ``RAMP`` actions or more (in proportion before: a fresh hand is as dealt).
KEEP = -0.22
RAMP = 6
#: Log-likelihood per point of enemy influence a card in a guessed hand could have struck at
#: the holder's last action and was not used for.
MISSED = -0.05
#: The same at each earlier action, per action back (the hand has changed since).
FADE = 0.5
#: Actions read back per player.
DEPTH = 2
WORTH = {**{str(n): n for n in range(2, 11)}, "D": 15, "M": 0, "L": 1, "J": 1, "X": -1}

Court = dict[int, list[str]]


class Action:
    """One action as the table saw it: who acted, the court just before (stacks by id,
    bottom card first, and their areas), the actor's revealed last card then, and whether
    the action ended in a conspiracy."""

    __slots__ = ("area", "court", "last", "seat", "struck")

    def __init__(self, seat: int, court: Court, area: dict[int, str], last: str | None) -> None:
        self.seat, self.last, self.struck = seat, last, False
        self.court = {s: list(c) for s, c in court.items()}
        self.area = dict(area)


def _zone(zone: str) -> int:
    return int(zone[6:])


def actions(seen: Sequence[Event], players: int) -> list[Action]:
    """Every action the seat has seen, in order, with the court rebuilt from the events."""
    court: Court = {}
    area: dict[int, str] = {}
    last: list[str | None] = [None] * players
    out: list[Action] = []
    for e in seen:
        d, k = e.data, e.kind
        if k == "setup":
            for sid, cards in enumerate(d["inner"], start=1):
                court[sid], area[sid] = list(cards), "inner"
        elif k in ("court", "build", "plan") and "seat" in d:
            out.append(Action(d["seat"], court, area, last[d["seat"]]))
            if k == "court":
                court[_zone(d["stack"])], area[_zone(d["stack"])] = [d["card"]], "outer"
            elif k == "build":
                court[_zone(d["stack"])].append(d["card"])
        elif k == "reveal":
            last[d["seat"]] = d["card"]
        elif k == "minister":
            court[_zone(d["stack"])] = court[_zone(d["stack"])][-1:]
        elif k == "lady":
            cards, where = court.pop(_zone(d["stack"])), area.pop(_zone(d["stack"]))
            for zone, card in zip(d["into"], cards, strict=True):
                court[_zone(zone)], area[_zone(zone)] = [card], where
        elif k == "conspire":
            court.pop(_zone(d["stack"]), None)
            area.pop(_zone(d["stack"]), None)
            if out and out[-1].seat == d["seat"]:
                out[-1].struck = True
    return out


def _points(card: str, value: int) -> int:
    code = CODE_OF[card]
    return 1 if code == "J" else -1 if code == "X" else value


def missed(
    action: Action, side: str, values: Mapping[str, int], inner_open: bool
) -> dict[str, float]:
    """Per card code (``"7"``, ``"J"``, ``"M"``…): the most enemy influence a card of it
    could have struck at ``action`` (``side``: the initials of the actor's side's houses;
    ``inner_open``: the duel, where the Inner Circle may be built on)."""

    def value(c: str) -> int:
        face = FACE[c]
        return face if face is not None else values.get(c, 0)

    court = action.court
    totals = {sid: sum(value(c) for c in cards) for sid, cards in court.items()}
    worth = {
        sid: float(sum(-_points(c, value(c)) if c[0] in side else _points(c, value(c)) for c in cs))
        for sid, cs in court.items()
    }
    by_value: dict[int, float] = {}
    minister = 0.0
    for s, cards in court.items():
        if not inner_open and action.area[s] == "inner":
            continue
        cleared = worth[s] if len(cards) >= 2 else 0.0  # a Minister dismisses the cards below
        for o, t in totals.items():
            if o == s or worth[o] <= 0:
                continue
            v = t - totals[s]
            by_value[v] = max(by_value.get(v, 0.0), worth[o])
            if (len(cards) == 1 and v == 0) or (len(cards) >= 2 and t == 0):
                minister = max(minister, worth[o] + cleared)
    cap = 15 if action.last is None else value(action.last)
    out = {str(n): by_value.get(n, 0.0) if n <= cap else 0.0 for n in range(2, 11)}
    out["D"] = by_value.get(15, 0.0) if cap >= 15 else 0.0
    out["M"] = minister if cap >= 0 else 0.0
    out["J"] = max((by_value.get(v, 0.0) for v in JESTER_VALUES if v <= cap), default=0.0)
    out["X"] = max((by_value.get(v, 0.0) for v in MISTRESS_VALUES if v <= cap), default=0.0)
    out["L"] = 0.0  # a Lady breaks the stack up: nothing is left to conspire with
    return out


def card_scores(view: Mapping[str, Any], seen: Sequence[Event]) -> list[dict[str, float]]:
    """Per seat, per card code: the log-likelihood of a card of it in that seat's hand."""
    players = view["players"]
    side_of = {}
    for team in view["teams"]:
        initials = "".join(INITIALS[HOUSES.index(view["houses"][s])] for s in team)
        side_of.update({s: initials for s in team})
    scores: list[dict[str, float]] = [{} for _ in range(players)]
    played = [0] * players
    for action in reversed(actions(seen, players)):
        s = action.seat
        back = played[s]
        played[s] += 1
        if back >= DEPTH or action.struck:  # a strike used a card: what was left says less
            continue
        weight = MISSED * FADE**back
        for code, gain in missed(action, side_of[s], view["values"], players == 2).items():
            if gain:
                scores[s][code] = scores[s].get(code, 0.0) + weight * gain
    for s in range(players):
        keep = KEEP * min(1.0, played[s] / RAMP)
        if keep:
            for code, worth in WORTH.items():
                scores[s][code] = scores[s].get(code, 0.0) + keep * worth
    return scores


def infer(view: Mapping[str, Any], seen: Sequence[Event], seat: int) -> Weigher | None:
    """The weigher of guesses at the other players' hands (``None`` before they have acted)."""
    if view["over"]:
        return None
    scores = card_scores(view, seen)
    others = [(s, scores[s]) for s in range(view["players"]) if s != seat and scores[s]]
    if not others:
        return None

    def weigh(guess: Game) -> float:
        assert isinstance(guess, Medici)
        total = 0.0
        for s, per_code in others:
            for c in guess.hands[s]:
                total += per_code.get(CODE_OF[c], 0.0)
        return math.exp(max(-50.0, min(50.0, total)))

    return weigh
