"""Table layouts: the generic :class:`Layout` every game's layout builds on, and the lookups.

Each game's own layout (and its gestures, where they differ from the usual ones) lives in
its package (``tabletop/games/<id>/``), declared in its :class:`~tabletop.games.GameApp`.
"""

from __future__ import annotations

from .. import games
from ..table.gestures import Gestures, LocalAction
from .base import GenericLayout, Layout


def get_layout(game_id: str) -> Layout:
    """The game's own layout, or a plain generic one for a game that has none yet."""
    return games.layout_for(game_id) or GenericLayout()


def get_gestures(game_id: str, layout: Layout) -> Gestures:
    """What drags and clicks mean at ``layout``'s table: the game's own, or the usual ones."""
    return games.gestures_for(game_id, layout) or Gestures()


__all__ = ["GenericLayout", "Gestures", "Layout", "LocalAction", "get_gestures", "get_layout"]
