"""What Machiavelli's play says of the rivals' hidden hands (see :mod:`tabletop.ai.inference`).

A player who has opened and then draws (or passes) instead of laying cards had nothing they
cared to lay: a card that would simply have grown a meld on the table as it was then (the
fourth of a set, the next card at either end of a run) is unlikely to be in their hand, bar
the one card they just drew. Each guess at a rival's hand is weighed by how many such cards it
holds, reading the table from the events the seat has seen.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event, Game
from rules.machiavelli import Machiavelli
from rules.machiavelli.melds import ACE, FACE, SUITS, Face
from tabletop.ai.inference import Weigher

#: Log-likelihood of each card in a rival's guessed hand that would have grown a meld on the
#: table when that rival last drew or passed.
SPURNED = -2.0


def growers(table: Sequence[Sequence[str]], ace_low: bool) -> set[Face]:
    """The faces that would grow a meld of ``table`` without moving any other card."""
    out: set[Face] = set()
    for meld in table:
        faces = [FACE[c] for c in meld]
        ranks = {r for r, _ in faces}
        suits = {s for _, s in faces}
        if len(ranks) == 1 and len(faces) < len(SUITS):  # a set short of a suit
            rank = next(iter(ranks))
            out |= {(rank, s) for s in range(len(SUITS)) if s not in suits}
        elif len(suits) == 1 and len(ranks) == len(faces):  # a run
            suit = next(iter(suits))
            if ace_low and ACE in ranks and 0 in ranks:  # A 2 3 …: the ace sits below the 2
                low = ACE
                high = max(r for r in ranks if r != ACE)
            else:
                low, high = min(ranks), max(ranks)
            if high < ACE:
                out.add((high + 1, suit))
            if low == 0 and ace_low and ACE not in ranks:
                out.add((ACE, suit))
            elif 0 < low < ACE:
                out.add((low - 1, suit))
    return out


def spurned(seen: Sequence[Event], players: int, ace_low: bool) -> list[set[Face]]:
    """Per seat: the faces that would have grown the table when it last drew or passed,
    if it had opened by then and has not laid cards since (else none)."""
    table: list[list[str]] = []
    opened = [False] * players
    out: list[set[Face]] = [set() for _ in range(players)]
    for e in seen:
        d = e.data
        if e.kind in ("deal", "hand-end"):
            table, opened, out = [], [False] * players, [set() for _ in range(players)]
        elif e.kind == "play" and "seat" in d:
            opened[d["seat"]] = True
            out[d["seat"]] = set()
            if "table" in d:
                table = d["table"]
        elif e.kind in ("draw", "pass") and "seat" in d and opened[d["seat"]]:
            out[d["seat"]] = growers(table, ace_low)
    return out


def infer(view: Mapping[str, Any], seen: Sequence[Event], seat: int) -> Weigher | None:
    """The weigher of guesses at the rivals' hands (``None`` when no rival spurned a card)."""
    if view["phase"] != "play":
        return None
    marks = spurned(seen, view["players"], bool(view["ace_low_or_high"]))
    rivals = [(s, marks[s]) for s in range(view["players"]) if s != seat and marks[s]]
    if not rivals:
        return None

    def weigh(guess: Game) -> float:
        assert isinstance(guess, Machiavelli)
        held = sum(1 for s, faces in rivals for c in guess.hands[s] if FACE[c] in faces)
        return math.exp(max(-50.0, SPURNED * held))

    return weigh
