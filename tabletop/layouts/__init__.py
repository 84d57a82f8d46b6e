"""Table layouts: the generic :class:`Layout` every game's layout builds on, and the lookup.

Each game's own layout lives in its package (``tabletop/games/<id>/layout.py``), declared in
its :class:`~tabletop.games.GameApp`.
"""

from __future__ import annotations

from .. import games
from .base import GenericLayout, Layout, LocalAction


def get_layout(game_id: str) -> Layout:
    """The game's own layout, or a plain generic one for a game that has none yet."""
    return games.layout_for(game_id) or GenericLayout()


__all__ = ["GenericLayout", "Layout", "LocalAction", "get_layout"]
