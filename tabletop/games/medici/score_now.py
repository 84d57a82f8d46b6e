"""Court of the Medici's score so far: each house's influence at court, card by card as the
rules count it (:meth:`Medici.points_of_card`: a noble its value, a Jester 1, a Mistress -1),
and in the 4-player game each team's sum. Everything that scores lies face up at court, so
nothing here is a range.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import Game
from rules.medici import CODE_OF, Medici

from ..tally import Cell, Row, Tally, TallyTable, exact, seat_label, words


def score_now(game: Game, seat: int | None, names: Sequence[str]) -> Tally:
    view: Any = game.view(seat)
    n = view["players"]
    count = [0] * n
    parts = [[0, 0, 0] for _ in range(n)]  # nobles, Jesters, Mistresses
    for stack in view["stacks"]:
        for row in stack["cards"]:
            s, card = row["owner"], row["card"]
            kind = {"J": 1, "X": 2}.get(CODE_OF[card], 0)
            # A Jester's or Mistress's points do not depend on the value it is given.
            parts[s][kind] += Medici.points_of_card(card, row["value"] or 0)
            count[s] += 1
    points = view["points"]
    teams = view["teams"]
    rows = []
    for s in range(n):
        cells: list[Cell] = [words(view["houses"][s]), exact(count[s]), *map(exact, parts[s])]
        cells.append(exact(points[s]))
        if len(teams) > 1 and n > 2:
            team = next(t for t in teams if s in t)
            cells.append(exact(sum(points[m] for m in team)))
        rows.append(Row(seat_label(names, s, seat), tuple(cells)))
    columns = ["Player", "House", "Cards", "Nobles", "Jesters", "Mistresses", "Influence"]
    notes = [
        "Each card at court counts for its house: a noble its value, a Jester 1, a "
        "Mistress \u22121. Ties go to the highest card in play.",
        "Everything that scores is face up at court: these numbers are exact.",
    ]
    if n > 2:
        columns.append("Team")
        notes.insert(1, "Partners add up their houses' influence.")
    return Tally((TallyTable(tuple(columns), tuple(rows)),), tuple(notes))
