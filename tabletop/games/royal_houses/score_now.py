"""Royal Houses' score so far: every house scored by the rules' own :func:`score_house`, with
today's hands' vetoes applied, as far as the viewer may know them.

A hand the viewer cannot see (the rival's, or both on the public table) is known by its size,
the cards of it the viewer has seen, and the cards still unseen; its sum in each house is then
a range, and so are the vetoes it may cast. A counter not yet seen is one of its owner's
unseen values. Each house is scored at the corners of those ranges (the points only rise or
fall with each of them), so a cell's range is exactly what the house may give.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from rules import Game
from rules.royal_houses import CARDS, COUNTERS, HOUSES, house_of, number_of, score_house

from ..tally import EMPTY, Cell, Row, Tally, TallyTable, between, seat_label, total

Span = tuple[int, int]


def _hand_sums(view: Any, seat: int, unseen: list[str]) -> list[Span]:
    """The lowest and highest sum ``seat``'s hand may hold in each house."""
    hand = view["hands"][seat]
    if hand is not None:
        sums = [sum(number_of(c) for c in hand if house_of(c) == h) for h in range(6)]
        return [(s, s) for s in sums]
    known = view["known_in_hand"][seat]
    hidden = view["hand_counts"][seat] - len(known)
    spans = []
    for h in range(6):
        base = sum(number_of(c) for c in known if house_of(c) == h)
        pool = sorted(number_of(c) for c in unseen if house_of(c) == h)
        others = len(unseen) - len(pool)
        forced = max(0, hidden - others)  # cards of this house the hand must hold
        low = base + sum(pool[:forced])
        high = base + sum(pool[len(pool) - min(hidden, len(pool)) :])
        spans.append((low, high))
    return spans


def _counters(view: Any, seat: int) -> list[Span]:
    """The lowest and highest counter ``seat`` has on each house (0: none there)."""
    known: dict[str, int] = view["counters"][seat]
    free = [v for v in COUNTERS if v not in known.values()]
    spans = []
    for name in HOUSES:
        if name in known:
            spans.append((known[name], known[name]))
        elif name in view["counters_placed"][seat]:
            spans.append((min(free), max(free)))
        else:
            spans.append((0, 0))
    return spans


def _unseen(view: Any) -> list[str]:
    """The cards the viewer has not seen: the deck and the hidden parts of hands."""
    seen = set(view["played"])
    for s in (0, 1):
        seen.update(view["hands"][s] or [])
        seen.update(view["known_in_hand"][s])
    return [c for c in CARDS if c not in seen]


def _house_cells(
    view: Any, h: int, sums: list[list[Span]], counters: list[list[Span]]
) -> list[Cell]:
    """The house's points for each seat: a range where hidden things decide, marked
    "vetoed" when a veto is sure and "veto?" when one may come."""
    points: list[set[int]] = [set(), set()]
    vetoes: list[set[bool]] = [set(), set()]
    influence = (view["influence"][0][h], view["influence"][1][h])
    for s0, s1, c0, c1 in product(sums[0][h], sums[1][h], counters[0][h], counters[1][h]):
        row = score_house(HOUSES[h], influence, (c0, c1), (s0, s1))
        for s in (0, 1):
            points[s].add(row.points[s])
            vetoes[s].add(row.vetoed[s])
    cells = []
    for s in (0, 1):
        lo, hi = min(points[s]), max(points[s])
        # A veto is marked where it costs something: sure, on influence the seat has there;
        # possible, where it makes the points a range.
        sure = vetoes[s] == {True} and influence[s] > 0
        mark = "vetoed" if sure else "veto?" if len(vetoes[s]) > 1 and lo != hi else ""
        cells.append(between(lo, hi, mark))
    return cells


def _bonus(view: Any, h: int, counters: list[list[Span]], names: Sequence[str]) -> Cell:
    """Both counters' sum, and who takes it: the player with strictly more influence."""
    lo = counters[0][h][0] + counters[1][h][0]
    hi = counters[0][h][1] + counters[1][h][1]
    a, b = view["influence"][0][h], view["influence"][1][h]
    to = f"for {names[0]}" if a > b else f"for {names[1]}" if b > a else "for nobody"
    return between(lo, hi, to)


def score_now(game: Game, seat: int | None, names: Sequence[str]) -> Tally:
    view: Any = game.view(seat)
    unseen = _unseen(view)
    sums = [_hand_sums(view, s, unseen) for s in (0, 1)]
    counters = [_counters(view, s) for s in (0, 1)]
    rows = []
    for h, name in enumerate(HOUSES):
        inf = view["influence"]
        cells = _house_cells(view, h, sums, counters)
        influence = f"{inf[0][h]} – {inf[1][h]}"
        rows.append(Row(name, (Cell(words=influence), _bonus(view, h, counters, names), *cells)))
    totals = [total(r.cells[2 + s] for r in rows) for s in (0, 1)]
    rows.append(Row("Total", (EMPTY, EMPTY, *totals), total=True))
    columns = (
        "House",
        "Influence",
        "Bonus",
        seat_label(names, 0, seat),
        seat_label(names, 1, seat),
    )
    return Tally((TallyTable(columns, tuple(rows)),), tuple(_notes(view, seat, names)))


def _notes(view: Any, seat: int | None, names: Sequence[str]) -> list[str]:
    notes = [
        "A house's points go to each player's influence there; the bonus (both counters) "
        "goes to the player with strictly more influence. A player is vetoed in a house "
        "when the rival's hand holds a higher sum of that house's cards."
    ]
    if view["over"]:
        return notes
    hidden = [s for s in (0, 1) if view["hands"][s] is None]
    if len(hidden) == 2:
        notes.append("The public table shows no hand or counter: vetoes and bonuses are ranges.")
    elif hidden:
        rival = names[hidden[0]]
        notes.append(
            f"{rival}'s hand and unseen counters are hidden: the vetoes and bonuses they "
            "decide are ranges, and the totals add up each house's range."
        )
    return notes
