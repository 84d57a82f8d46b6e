"""High Card's app side (a worked example): its table layout, card art, bots and search.

A real game's package is ``tabletop/games/<game id>/``; this one lives in the tests and is
found by the same lookup (:func:`tabletop.games.app_for`) once a test adds its folder to
``tabletop.games.__path__``. Declared to the app in :data:`APP`; each part is imported when
first asked for, so the AI worker can load the bots and search settings without pygame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games import GameApp

if TYPE_CHECKING:
    from tabletop.ai.base import GameBots
    from tabletop.ai.policy import GameAI
    from tabletop.layouts.base import Layout
    from tabletop.table.card_art import GameArt


def _layout() -> Layout:
    from .layout import HighCardLayout

    return HighCardLayout()


def _art() -> GameArt:
    from .art import ART

    return ART


def _bots() -> GameBots:
    from tabletop.ai.base import GameBots

    from .bots import HighCardBot

    return GameBots(heuristic=HighCardBot)


def _search() -> GameAI:
    from .search import SEARCH

    return SEARCH


APP = GameApp("highcard", layout=_layout, art=_art, bots=_bots, search=_search)
