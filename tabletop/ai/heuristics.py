"""A game's own heuristic bot, found in its package (:mod:`tabletop.games`, as ``bots``).

Its own module because two sides need it: :mod:`tabletop.ai.bots` deals it to a seat (Easy),
and the search's settings (:mod:`tabletop.ai.policy`) play their playouts with it, while the
bots module builds that search.
"""

from __future__ import annotations

from .. import games
from .base import HeuristicFactory


def heuristic_for(game_id: str, kind: str = "heuristic") -> HeuristicFactory | None:
    """The factory of ``game_id``'s heuristic bot (``kind="easy"``: its Easy bot, where that
    is not the heuristic with noise), or None for a game without one."""
    bots = games.bots_for(game_id)
    if bots is None:
        return None
    return (bots.easy if kind == "easy" else None) or bots.heuristic
