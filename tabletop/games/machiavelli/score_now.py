"""Machiavelli's score so far: the penalty points each player would take if the hand ended
now (the cards in hand, by the rules' :func:`penalty`), and in a match the hands before.

A hand the viewer cannot see is known by its size only: its penalty is the range between its
size's cheapest and dearest cards among those the viewer has not seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import Game
from rules.machiavelli.melds import ALL_CARDS, penalty

from ..tally import Cell, Row, Tally, TallyTable, between, exact, seat_label, total


def _hand_penalty(view: Any, seat: int, unseen: list[int]) -> Cell:
    hand = view["hands"][seat]
    if hand is not None:
        return exact(sum(penalty(c) for c in hand))
    n = view["hand_counts"][seat]
    return between(sum(unseen[:n]), sum(unseen[len(unseen) - n :]) if n else 0)


def score_now(game: Game, seat: int | None, names: Sequence[str]) -> Tally:
    view: Any = game.view(seat)
    n = view["players"]
    seen = {c for meld in view["table"] for c in meld}
    for hand in view["hands"]:
        seen.update(hand or [])
    unseen = sorted(penalty(c) for c in ALL_CARDS if c not in seen)
    over = view["over"]
    rows = []
    for s in range(n):
        in_hand = _hand_penalty(view, s, unseen)
        cells: list[Cell] = [exact(view["hand_counts"][s]), in_hand]
        if view["match"]:
            # Once the game is over its last hand is in the totals already.
            before = exact(view["totals"][s] - (in_hand.lo or 0 if over else 0))
            cells += [before, total([before, in_hand])]
        rows.append(Row(seat_label(names, s, seat), tuple(cells)))
    columns = ["Player", "Cards in hand", "Penalty in hand"]
    if view["match"]:
        columns += ["Earlier hands", "Total"]
    notes = [
        "Penalty points: A 11, K, Q and J 10, other cards their number. The fewest wins; "
        "a player who lays down every card takes none."
    ]
    if view["match"]:
        notes.append("The match ends when someone reaches 100 penalty points.")
    hidden = [names[s] for s in range(n) if view["hands"][s] is None]
    if hidden and not over:
        if len(hidden) == 1:
            who = f"{hidden[0]}'s hand is hidden: its penalty runs"
        else:
            who = "The hands are hidden" if seat is None else "The other hands are hidden"
            who += ": their penalties run"
        notes.append(f"{who} from the cheapest to the dearest unseen cards.")
    return Tally((TallyTable(tuple(columns), tuple(rows)),), tuple(notes))
