"""Machiavelli's working area: the mover's private copy of the table and hand during a turn.

A turn's play is one decision (the whole new table), so the player first rearranges a copy
— any card from the hand or from any meld onto any meld, onto "new meld", or (your own cards
only) back to the hand. The copy may be invalid while you work; "End turn" hands it to the
rules as one ``play`` move and is enabled only when they would accept it; "Reset turn"
restores the table and hand; "Hint" loads the exact solver's best play into it.

Melds keep their place: a meld is an entry of a list whose index never changes during a
hand (an emptied meld stays as a gap, ``[]``, a free place for a new meld), and a new meld
goes into the free place it was dropped on or at the end. The area also follows the public
table between turns (:attr:`MachiavelliWorkingArea.shown`): another player's play is
matched onto the melds already shown (:mod:`.arrangement`) and the cards it brought or moved
are outlined (:attr:`~MachiavelliWorkingArea.marks`), as is a card the viewer just drew
(:attr:`~MachiavelliWorkingArea.drawn`), until the viewer's next action.

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

from .arrangement import Melds, changed_cards, matched, packed, same_melds

NEW_ZONE = "meld:new"
HAND_ZONE = "hand"
#: Gaps are closed at the start of the viewer's turn once they are this many (a free place
#: or two is handy; dozens would crowd the table).
MAX_GAPS = 3


@dataclass
class Workspace:
    """The mover's private copy of the table and hand during a turn (never seen by the rules
    until "End turn"). ``melds`` keeps every meld at its index; ``[]`` is a free place."""

    key: tuple
    start_table: Melds
    start_hand: list[str]
    melds: Melds = field(default_factory=list)
    hand: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.hand != self.start_hand or self.melds != self.start_table

    @property
    def table(self) -> Melds:
        """The melds as the rules get them: in place order, without the gaps."""
        return packed(self.melds)

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
        """Show valid melds in reading order, others grouped by suit; every meld keeps its
        place (an emptied one stays a free place)."""
        self.melds = [
            list(sort_meld(m, ace_low)) if m and meld_problem(m, ace_low) is None else _grouped(m)
            for m in self.melds
        ]


def _grouped(cards: list[str]) -> list[str]:
    return sorted(cards, key=card_order)


class MachiavelliWorkingArea:
    """The working copy (``work``, None when it is not the viewer's turn), its buttons, and
    the table as shown between turns (``shown``, with the changes to outline)."""

    def __init__(self) -> None:
        self.work: Workspace | None = None
        self.sort_by_rank = False
        self.ace_low = False
        self.opened = True
        #: The public table in the places it is drawn (gaps included) when no one works on it.
        self.shown: Melds = []
        #: Bumped whenever the places are packed again (a new hand): the layout reflows then.
        self.generation = 0
        #: Cards another player's play (or the Hint) brought onto the table or moved.
        self.marks: set[str] = set()
        #: Cards the viewer just drew (outlined in the hand).
        self.drawn: set[str] = set()
        self._seen: tuple[Any, ...] | None = None  # (viewer, hand number) last followed
        self._hand_seen: list[str] = []

    def sync(self, view: Mapping[str, Any], viewer: int | None) -> None:
        """Follow the rules' view: place the public table's melds where they were, mark what
        changed, and start a fresh working copy whenever the viewer's turn (or the position)
        is new."""
        table = [list(m) for m in view["table"]]
        hand = list(view["hands"][viewer] or []) if viewer is not None else []
        seen = (viewer, view.get("hand_number"))
        table_changed = not same_melds(self.shown, table)
        if self._seen is None or seen[1] != self._seen[1]:  # a new hand: pack the places
            self.shown = packed(table)
            self.generation += 1
            self.marks, self.drawn = set(), set()
        elif table_changed:
            self._follow_table(table, viewer)
        if seen != self._seen:  # another viewer (hot seat): their hand is not "new"
            self.drawn = set()
        elif viewer is not None and not table_changed and len(hand) > len(self._hand_seen):
            self.drawn = {c for c in hand if c not in self._hand_seen}
            self.marks = set()  # drawing was the viewer's action: the outlines were seen
        self._seen, self._hand_seen = seen, hand
        if viewer is None or view.get("to_move") != viewer or view.get("over"):
            self.work = None
            return
        key = (view.get("hand_number"), view.get("to_move"), str(table), tuple(hand))
        if self.work is None or self.work.key != key:
            if sum(1 for m in self.shown if not m) >= MAX_GAPS:
                self.shown = packed(self.shown)
                self.generation += 1
            start = [list(m) for m in self.shown]
            self.work = Workspace(key, start, hand, [list(m) for m in start], list(hand))
        self.opened = bool(view["opened"][viewer])
        self.ace_low = bool(view.get("ace_low_or_high"))

    def _follow_table(self, table: Melds, viewer: int | None) -> None:
        """A new public table: its melds go where the old ones were. The viewer's own play
        keeps the places it was built in and marks nothing; anyone else's play marks what it
        brought or moved."""
        work = self.work
        if work is not None and same_melds(work.melds, table):
            self.shown = matched(work.melds, table)
            self.marks = set()
            return
        arranged = matched(self.shown, table)
        changed = changed_cards(self.shown, arranged)
        # A seat sees every change since it last acted; the public table (a TV, where no one
        # acts) the last play's only.
        self.marks = changed if viewer is None else self.marks | changed
        self.shown = arranged

    def forget(self) -> None:
        """The position was replaced (an undo): the places, outlines and working copy were
        about a table that is gone, so the next :meth:`sync` lays the table out afresh, as
        loading that position does (matched onto the places of the undone play, the melds
        it brought would leave free places behind). The sort order is the player's and
        stays."""
        self.work = None
        self.shown = []
        self.marks, self.drawn = set(), set()
        self._seen, self._hand_seen = None, []

    def acted(self) -> None:
        """The viewer did something: the outlines of what others did (and of the drawn card)
        have been seen."""
        self.marks = set()
        self.drawn = set()

    def can_pick_up(self, drag: str) -> bool:
        w = self.work
        if w is None:
            return False
        if drag in w.hand:
            return True
        # Before opening, the table's melds may not be touched (only your new melds may).
        return w.where(drag) is not None and (self.opened or drag in w.start_hand)

    def targets_for(self, drag: str) -> set[str]:
        return self.targets_for_group([drag])

    def targets_for_group(self, drags: list[str]) -> set[str]:
        """Where cards ``drags`` may go together: any meld or free place not already holding
        them all, a new meld, and the hand if they are all the viewer's own cards."""
        w = self.work
        if w is None or not drags or not all(self.can_pick_up(d) for d in drags):
            return set()
        found = {f"meld:{i}" for i, m in enumerate(w.melds) if not all(d in m for d in drags)}
        found.add(NEW_ZONE)
        if all(d in w.start_hand for d in drags) and not all(d in w.hand for d in drags):
            found.add(HAND_ZONE)
        return found

    def drop(self, drag: str, zone_id: str) -> bool | str:
        return self.drop_group([drag], zone_id)

    def drop_group(self, drags: list[str], zone_id: str) -> bool | str:
        """Move cards ``drags`` together onto ``zone_id`` (a meld, a free place, a new meld
        at the end, or the hand)."""
        w = self.work
        if w is None or not drags:
            return False
        if not all(self.can_pick_up(d) for d in drags):
            if not self.opened:
                return "Before you open, the melds on the table may not be touched."
            return False
        if zone_id == HAND_ZONE:
            if any(d not in w.start_hand for d in drags):
                return "Cards that were on the table stay on the table."
            for d in drags:
                w.take(d)
                w.hand.append(d)
        elif zone_id == NEW_ZONE:
            for d in drags:
                w.take(d)
            w.melds.append(list(drags))
        elif zone_id.startswith("meld:"):
            try:
                index = int(zone_id[5:])
            except ValueError:
                return False
            if not 0 <= index < len(w.melds) or all(w.where(d) == index for d in drags):
                return False
            target = w.melds[index]
            for d in drags:
                if d not in target:
                    w.take(d)
                    target.append(d)
        else:
            return False
        w.tidy(self.ace_low)
        self.acted()
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
        """Why End turn cannot play the working table now: the rules' own sentence."""
        w = self.work
        if w is None:
            return "It is not your turn."
        if len(w.hand) >= len(w.start_hand):
            return "Put at least one card from your hand on the table, or draw."
        err = judge(play_move(w.table))
        return None if err is None else err.message

    def run_action(self, key: str, judge: Judge) -> Move | str | None:
        w = self.work
        if w is None:
            return None
        if key == "end":
            problem = self._end_turn_problem(judge)
            if problem is None:
                self.acted()
                return play_move(w.table)
            return problem
        if key == "reset":
            w.melds = [list(m) for m in w.start_table]
            w.hand = list(w.start_hand)
            self.acted()
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
        table = tuple(tuple(m) for m in packed(w.start_table))
        hand = tuple(sorted(w.start_hand, key=card_order))
        return best_table, (table, hand, self.opened, self.ace_low)

    def show_hint(self, answer: Any) -> str:
        """Load the solver's play into the working area as a preview (End turn plays it):
        its melds take the places of the melds they share most cards with, and the cards it
        brings or moves are outlined."""
        w, best = self.work, answer
        if w is None:
            return "It is not your turn."
        if best is None:
            return "No card of your hand can go on the table now: draw a card."
        w.melds = matched(w.start_table, best)
        self.marks = changed_cards(w.start_table, w.melds)
        placed = {c for m in best for c in m} - {c for m in w.start_table for c in m}
        w.hand = [c for c in w.start_hand if c not in placed]
        return (
            f"Hint: this places {len(placed)} card{'s' if len(placed) != 1 else ''}. "
            "End turn to play it, or Reset turn to dismiss it."
        )
