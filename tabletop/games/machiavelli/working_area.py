"""Machiavelli's working area: the mover's private copy of the table and hand during a turn.

A turn's play is one decision (the whole new table), so the player first rearranges a copy
— any card from the hand or from any meld onto any meld, onto "new meld", or (your own cards
only) back to the hand. The copy may be invalid while you work; "End turn" hands it to the
rules as one ``play`` move and is enabled only when they would accept it; "Reset turn"
restores the table and hand; "Hint" loads the exact solver's best play into it.

The table scene finds it through the game's gestures (:class:`MachiavelliGestures`); the
layout draws it. No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules import Move
from rules.machiavelli import meld_problem, play_move
from rules.machiavelli.game import best_table
from rules.machiavelli.melds import card_order, sort_meld
from tabletop.table.gestures import HintJob, Judge, LocalAction

NEW_ZONE = "meld:new"
HAND_ZONE = "hand"


@dataclass
class Workspace:
    """The mover's private copy of the table and hand during a turn (never seen by the rules
    until "End turn")."""

    key: tuple
    start_table: list[list[str]]
    start_hand: list[str]
    melds: list[list[str]] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.hand != self.start_hand or self.melds != self.start_table

    def where(self, card: str) -> int | None:
        """Index of the meld holding ``card``; None if it is in the hand (or nowhere)."""
        return next((i for i, m in enumerate(self.melds) if card in m), None)

    def take(self, card: str) -> None:
        if card in self.hand:
            self.hand.remove(card)
            return
        i = self.where(card)
        if i is not None:
            self.melds[i].remove(card)

    def tidy(self, ace_low: bool) -> None:
        """Drop emptied melds; show valid melds in reading order, others grouped by suit."""
        self.melds = [
            list(sort_meld(m, ace_low)) if meld_problem(m, ace_low) is None else _grouped(m)
            for m in self.melds
            if m
        ]


def _grouped(cards: list[str]) -> list[str]:
    return sorted(cards, key=card_order)


class MachiavelliWorkingArea:
    """The working copy (``work``, None when it is not the viewer's turn) and its buttons."""

    def __init__(self) -> None:
        self.work: Workspace | None = None
        self.sort_by_rank = False
        self.ace_low = False
        self.opened = True

    def sync(self, view: Mapping[str, Any], viewer: int | None) -> None:
        """Start a fresh working copy whenever the viewer's turn (or the position) is new."""
        if viewer is None or view.get("to_move") != viewer or view.get("over"):
            self.work = None
            return
        hand = list(view["hands"][viewer] or [])
        table = [list(m) for m in view["table"]]
        key = (view.get("hand_number"), view.get("to_move"), str(table), tuple(hand))
        if self.work is None or self.work.key != key:
            self.work = Workspace(key, table, hand, [list(m) for m in table], list(hand))
        self.opened = bool(view["opened"][viewer])
        self.ace_low = bool(view.get("ace_low_or_high"))

    def can_pick_up(self, drag: str) -> bool:
        w = self.work
        if w is None:
            return False
        if drag in w.hand:
            return True
        # Before opening, the table's melds may not be touched (only your new melds may).
        return w.where(drag) is not None and (self.opened or drag in w.start_hand)

    def targets_for(self, drag: str) -> set[str]:
        w = self.work
        if w is None or not self.can_pick_up(drag):
            return set()
        own = w.where(drag)
        found = {f"meld:{i}" for i in range(len(w.melds)) if i != own}
        found.add(NEW_ZONE)
        if drag in w.start_hand and drag not in w.hand:
            found.add(HAND_ZONE)
        return found

    def drop(self, drag: str, zone_id: str) -> bool | str:
        w = self.work
        if w is None:
            return False
        if not self.can_pick_up(drag):
            if not self.opened:
                return "Before you open, the melds on the table may not be touched."
            return False
        if zone_id == HAND_ZONE:
            if drag not in w.start_hand:
                return "Cards that were on the table stay on the table."
            w.take(drag)
            w.hand.append(drag)
        elif zone_id == NEW_ZONE:
            w.take(drag)
            w.melds.append([drag])
        elif zone_id.startswith("meld:"):
            try:
                index = int(zone_id[5:])
            except ValueError:
                return False
            if not 0 <= index < len(w.melds) or w.where(drag) == index:
                return False
            target = w.melds[index]
            w.take(drag)
            target.append(drag)
        else:
            return False
        w.tidy(self.ace_low)
        return True

    def actions(self, judge: Judge) -> list[LocalAction]:
        w = self.work
        if w is None:
            return []
        reason = self._end_turn_problem(judge)
        return [
            LocalAction("end", "End turn", reason is None, reason or ""),
            LocalAction("reset", "Reset turn", w.changed, "Nothing has moved yet."),
            LocalAction("sort", "Sort by suit" if self.sort_by_rank else "Sort by rank"),
        ]

    def _end_turn_problem(self, judge: Judge) -> str | None:
        w = self.work
        if w is None:
            return "It is not your turn."
        if len(w.hand) >= len(w.start_hand):
            return "Put at least one card from your hand on the table, or draw."
        err = judge(play_move(w.melds))
        return None if err is None else err.message

    def run_action(self, key: str, judge: Judge) -> Move | str | None:
        w = self.work
        if w is None:
            return None
        if key == "end":
            problem = self._end_turn_problem(judge)
            return play_move(w.melds) if problem is None else problem
        if key == "reset":
            w.melds = [list(m) for m in w.start_table]
            w.hand = list(w.start_hand)
            return None
        if key == "sort":
            self.sort_by_rank = not self.sort_by_rank
            return None
        return None

    def hint_job(self) -> HintJob | str:
        """The exact solver's best play (most cards placed, then highest ranks) for the turn
        as it started: tens of ms, hundreds at worst, so the worker runs it."""
        w = self.work
        if w is None:
            return "It is not your turn."
        table = tuple(tuple(m) for m in w.start_table)
        hand = tuple(sorted(w.start_hand, key=card_order))
        return best_table, (table, hand, self.opened, self.ace_low)

    def show_hint(self, answer: Any) -> str:
        """Load the solver's play into the working area as a preview (End turn plays it)."""
        w, best = self.work, answer
        if w is None:
            return "It is not your turn."
        if best is None:
            return "No card of your hand can go on the table now: draw a card."
        w.melds = [list(m) for m in best]
        placed = {c for m in best for c in m} - {c for m in w.start_table for c in m}
        w.hand = [c for c in w.start_hand if c not in placed]
        return (
            f"Hint: this places {len(placed)} card{'s' if len(placed) != 1 else ''}. "
            "End turn to play it, or Reset turn to dismiss it."
        )
