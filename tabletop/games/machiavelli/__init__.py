"""Machiavelli's app side: its table layout, gestures, card art, bots and search settings.

Declared to the app in :data:`APP` (see :mod:`tabletop.games`); each part is imported when
first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games import GameApp

if TYPE_CHECKING:
    from tabletop.ai.base import GameBots
    from tabletop.ai.policy import GameAI
    from tabletop.layouts.base import Layout
    from tabletop.net.phone_table import TableForPhone
    from tabletop.table.card_art import GameArt
    from tabletop.table.gestures import Gestures


def _layout() -> Layout:
    from .layout import MachiavelliLayout

    return MachiavelliLayout()


def _gestures(layout: Layout) -> Gestures:
    from .gestures import MachiavelliGestures
    from .layout import MachiavelliLayout

    assert isinstance(layout, MachiavelliLayout)
    return MachiavelliGestures(layout.area)  # its drags edit the working area the layout draws


def _art() -> GameArt:
    from .art import ART

    return ART


def _bots() -> GameBots:
    from tabletop.ai.base import GameBots

    from .bots import BeginnerBot, MachiavelliBot

    return GameBots(heuristic=MachiavelliBot, easy=BeginnerBot)


def _phone() -> TableForPhone:
    from .phone import table

    return table


def _search() -> GameAI:
    from .search import SEARCH

    return SEARCH


#: What its events sound like (see rules/machiavelli/game.py): a hand won chimes (a new hand
#: deals, a play or a draw slaps: the common kinds).
SOUND_CUES = {"hand-end": "win"}

APP = GameApp(
    "machiavelli",
    layout=_layout,
    art=_art,
    bots=_bots,
    search=_search,
    phone=_phone,
    gestures=_gestures,
    sound_cues=SOUND_CUES,
)
