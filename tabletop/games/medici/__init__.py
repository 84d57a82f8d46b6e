"""Court of the Medici's app side: its table layout, gestures, card art, bots and search settings.

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
    from .layout import MediciLayout

    return MediciLayout()


def _gestures(layout: Layout) -> Gestures:
    from .gestures import MediciGestures

    return MediciGestures()


def _art() -> GameArt:
    from .art import ART

    return ART


def _bots() -> GameBots:
    from tabletop.ai.base import GameBots

    from .bots import MediciBot

    return GameBots(heuristic=MediciBot)


def _phone() -> TableForPhone:
    from .phone import table

    return table


def _search() -> GameAI:
    from .search import SEARCH

    return SEARCH


#: What its events sound like (see rules/medici.py): the start deals; a card sent to court,
#: built into an alliance, drawn or shown slaps; a conspiracy eliminating a stack (a conflict
#: won) chimes, as does a Minister dismissing cards.
SOUND_CUES = {
    "setup": "deal",
    "court": "play",
    "build": "play",
    "lady": "play",
    "plan": "play",
    "reveal": "play",
    "minister": "win",
    "conspire": "win",
}

APP = GameApp(
    "medici",
    layout=_layout,
    art=_art,
    bots=_bots,
    search=_search,
    phone=_phone,
    gestures=_gestures,
    sound_cues=SOUND_CUES,
)
