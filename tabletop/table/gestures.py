"""What a drag or a click on the table means, given the rules' legal moves.

A layout says where things are drawn; a :class:`Gestures` says what doing something to them
means: which moves a piece dropped on a zone, or a click on a zone, stands for, where a held
piece may go, and which move to ask the rules about when a drop matches no legal move (so
the refusal can be explained in their words). It never decides legality itself.

The defaults suit most card games (a card dropped on its target); a game whose gestures
differ subclasses it in its own package (``tabletop/games/<id>/gestures.py``) and declares it
in its :class:`~tabletop.games.GameApp`. A game that stages a turn in a private working area
before making one move (Machiavelli) exposes it as :attr:`Gestures.working_area`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from rules import IllegalMove, Move

#: Asks the rules why a move would be refused now (None: it is legal).
Judge = Callable[[Move], IllegalMove | None]

#: A function and its arguments, run by the AI worker (so both must pickle).
HintJob = tuple[Callable[..., Any], tuple[Any, ...]]


@dataclass(frozen=True)
class LocalAction:
    """A button for a working area (not a move): "Reset turn", "Sort by rank".
    A disabled action shows ``reason`` when the player asks why."""

    key: str
    label: str
    enabled: bool = True
    reason: str = ""


class WorkingArea(Protocol):
    """A private copy of the table edited before one move is made (Machiavelli rearranges the
    whole table, then ends the turn with one move). The table scene asks for it through
    :attr:`Gestures.working_area`; most games have none."""

    def sync(self, view: Mapping[str, Any], viewer: int | None) -> None:
        """Follow the rules' view (called before each layout of the table): start a fresh
        copy when a new turn or position comes to the viewer, drop it otherwise."""
        ...

    def forget(self) -> None:
        """The position was replaced (an undo): drop everything kept about the old one, so
        the next :meth:`sync` starts as on a freshly loaded table."""
        ...

    def drop(self, drag: str, zone_id: str) -> bool | str:
        """Handle a drop inside the area: True if handled (the scene lays the table out
        again), a sentence if refused, False if it is not the area's (resolved into moves)."""
        ...

    def actions(self, judge: Judge) -> list[LocalAction]:
        """The area's buttons, shown with the buttons for moves."""
        ...

    def run_action(self, key: str, judge: Judge) -> Move | str | None:
        """Carry out action ``key``: a Move to play, a sentence to show, or None (done)."""
        ...

    def hint_job(self) -> HintJob | str:
        """The work behind the Hint button, as a picklable function and its arguments the AI
        worker runs, or a sentence saying why there is no hint now."""
        ...

    def show_hint(self, answer: Any) -> str:
        """Load the worker's answer to :meth:`hint_job` into the area; say what it is."""
        ...


class Gestures:
    """What drags and clicks mean for one game (default: a card dropped on a move's target)."""

    #: The game's working area, if it stages a turn before making one move.
    working_area: WorkingArea | None = None
    #: Several pieces may be picked at once (Shift/Ctrl+click, Space) and moved together
    #: (:meth:`drop_group`); off for most games.
    select_many: bool = False
    #: With a piece selected, a click on another piece lying in one of its target zones
    #: drops the selection there (instead of selecting that piece); off for most games.
    click_drops_on_targets: bool = False

    def targets_for_group(self, drags: list[str], legal: list[Move]) -> set[str]:
        """Zone ids where pieces ``drags`` may go together (default: where each may go)."""
        found = [self.targets_for(d, legal) for d in drags]
        return set.intersection(*found) if found else set()

    def drop_group(self, drags: list[str], zone_id: str) -> bool | str:
        """Pieces ``drags`` dropped together on ``zone_id``: True if handled, a sentence if
        refused, False if the game does not move pieces together (see :attr:`select_many`)."""
        return False

    def moves_for_piece(self, drag: str, legal: list[Move]) -> list[Move]:
        """The legal moves a gesture on piece ``drag`` can mean (default: moves of that card)."""
        return [m for m in legal if m.cards == (drag,)]

    def resolve_drop(self, drag: str, zone_id: str, legal: list[Move]) -> list[Move]:
        """The legal moves meant by dropping ``drag`` on ``zone_id`` (default: same target)."""
        return [m for m in self.moves_for_piece(drag, legal) if m.target == zone_id]

    def targets_for(self, drag: str, legal: list[Move]) -> set[str]:
        """Zone ids where ``drag`` may be dropped (they light up while it is held)."""
        return {m.target for m in self.moves_for_piece(drag, legal)}

    def click_moves(self, zone_id: str, legal: list[Move]) -> list[Move]:
        """The legal moves a click on ``zone_id`` stands for (default: moves aimed at that zone
        that carry no card and no further choice, e.g. "take influence from this house")."""
        return [m for m in legal if m.target == zone_id and not m.cards and not m.value]

    def candidate(self, drag: str, zone_id: str, legal: list[Move]) -> Move | None:
        """A move to ask the rules about when ``drag`` is dropped where no legal move goes."""
        kinds = [m.kind for m in legal if m.cards] or ["play"]
        return type(legal[0])(kinds[0], cards=(drag,), target=zone_id) if legal else None

    def can_pick_up(self, drag: str, legal: list[Move]) -> bool:
        """Whether piece ``drag`` may be picked up now (default: some legal move uses it)."""
        return bool(self.moves_for_piece(drag, legal))

    def confirm(self, move: Move) -> str | None:
        """A question to ask before a button plays ``move`` (it would throw away work the
        player did), or None to play it at once (default)."""
        return None

    def button_moves(self, legal: list[Move]) -> list[Move]:
        """The legal moves the scene may offer as buttons when no gesture makes them."""
        return legal
