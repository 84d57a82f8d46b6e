"""A partner that does not blunder: keeping the moves that take from one's own side for nothing
out of every level's choice.

A partnership game may declare a *judge* (its package's ``partner.py``): given what a seat
sees (its ``view``), a legal ``move`` and all the legal moves, it says why the move takes a
trick or a stack from the seat's own side for nothing, or ``None``. The judge reads the view
only, so it cannot use a card the seat may not see. The bots and the search ask
:func:`sound_moves` for the moves they may pick: the legal moves the judge passes, or all of
them where it passes none (a move that is the only one left is no blunder).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules import Move

#: (the seat's view, a legal move, every legal move) -> why the move is a blunder, or None.
Judge = Callable[[Mapping[str, Any], Move, Sequence[Move]], "str | None"]

#: Off: every level plays as it would without a judge (for measuring what the judge changes;
#: the app never turns it off).
JUDGING = True


def sound_moves(judge: Judge | None, view: Mapping[str, Any], moves: Sequence[Move]) -> list[Move]:
    """The moves of ``moves`` that ``judge`` does not find wasteful (all of them without a
    judge, or where it finds every one wasteful)."""
    if judge is None or not JUDGING or len(moves) < 2:
        return list(moves)
    kept = [m for m in moves if judge(view, m, moves) is None]
    return kept or list(moves)


def blunder(
    judge: Judge | None, view: Mapping[str, Any], move: Move, legal: Sequence[Move]
) -> str | None:
    """Why ``judge`` finds ``move`` wasteful among ``legal``, or None (and None where there is
    no judge, no other move, or judging is off)."""
    if judge is None or not JUDGING or len(legal) < 2:
        return None
    return judge(view, move, legal)
