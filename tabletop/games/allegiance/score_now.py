"""Allegiance's score so far: the Victories each house has won this deal, and what each player
would score if the deal ended now (the rules' :func:`winning_houses` and
:func:`allegiance_points`), added to the deals before.

An Allegiance card the viewer cannot see is one of the Faces the viewer has not seen: its
points are the range over them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import Game
from rules.allegiance import (
    FACES,
    HOUSE_OF,
    HOUSES,
    RANK_NAMES,
    RANK_OF,
    allegiance_points,
    winning_houses,
)

from ..tally import Cell, Row, Tally, TallyTable, between, exact, seat_label, total, words


def _unseen_faces(view: Any) -> list[str]:
    seen = set(view["discard"]) | set(view["excluded"])
    seen.update(c for c in view["allegiance"] if c is not None)
    for hand in view["hands"]:
        seen.update(hand or [])
    for entry in view["trick"]:
        seen.add(entry["card"])
    return [c for c in FACES if c not in seen]


def _backs(view: Any, s: int) -> Cell:
    card = view["allegiance"][s]
    if card is not None:
        return words(f"{HOUSES[HOUSE_OF[card]]} ({RANK_NAMES[RANK_OF[card]]}, {RANK_OF[card]})")
    return words("?" if view["allegiance_chosen"][s] else "not chosen")


def score_now(game: Game, seat: int | None, names: Sequence[str]) -> Tally:
    view: Any = game.view(seat)
    n = view["players"]
    counts = [len(view["won"][h]) for h in HOUSES]
    in_deal = view["phase"] in ("play", "kill")
    winning = winning_houses(counts) if in_deal else []
    unseen = _unseen_faces(view)
    possible = sorted({allegiance_points(c, winning) for c in unseen}) or [0]
    rows = []
    for s in range(n):
        card = view["allegiance"][s]
        before = exact(view["scores"][s])
        if not in_deal or (card is None and not view["allegiance_chosen"][s]):
            now = exact(0)
        elif card is not None:
            now = exact(allegiance_points(card, winning))
        else:
            now = between(possible[0], possible[-1])
        cells = (_backs(view, s), before, now, total([before, now]))
        rows.append(Row(seat_label(names, s, seat), cells))
    lead = Row(
        "Victories",
        tuple(
            exact(c) if h not in winning else Cell(c, c, mark="leads") for h, c in enumerate(counts)
        ),
    )
    victories = TallyTable(("House", *HOUSES), (lead,))
    deal = "This deal" if view["deals"] == 1 else f"Deal {view['deal']}"
    players = TallyTable(("Player", "Backs", "Earlier deals", deal, "Total"), tuple(rows))
    return Tally((victories, players), tuple(_notes(view, seat, in_deal)))


def _notes(view: Any, seat: int | None, in_deal: bool) -> list[str]:
    notes = [
        "When the deal ends, the house (or houses) with the most Victories wins it, and each "
        "player backing it scores the rank of their Allegiance card."
    ]
    if in_deal:
        left = view["victories_left"]
        notes.append(
            f"{left} Victor{'y is' if left == 1 else 'ies are'} still to be won this deal."
        )
        hidden = any(
            c is None and chosen
            for c, chosen in zip(view["allegiance"], view["allegiance_chosen"], strict=True)
        )
        if hidden:
            whose = (
                "All Allegiance cards are" if seat is None else "The others' Allegiance cards are"
            )
            notes.append(f"{whose} hidden: their points this deal run over the Faces not yet seen.")
    return notes
