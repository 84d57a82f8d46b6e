"""Royal Houses's app side: its table layout, gestures, card art, bots and search settings.

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
    from .layout import RoyalHousesLayout

    return RoyalHousesLayout()


def _gestures(layout: Layout) -> Gestures:
    from .gestures import RoyalHousesGestures

    return RoyalHousesGestures()


def _art() -> GameArt:
    from .art import ART

    return ART


def _bots() -> GameBots:
    from tabletop.ai.base import GameBots

    from .bots import RoyalHousesBot

    return GameBots(heuristic=RoyalHousesBot)


def _phone() -> TableForPhone:
    from .phone import table

    return table


def _search() -> GameAI:
    from .search import SEARCH

    return SEARCH


#: What its events sound like (see rules/royal_houses.py): the hands dealt after the order is
#: chosen deal; a counter placed, a card played or handed across, influence moved slap. There
#: are no tricks to win.
SOUND_CUES = {
    "counter": "play",
    "gift": "play",
    "influence": "play",
    "swap": "play",
    "shift": "play",
}

APP = GameApp(
    "royal_houses",
    layout=_layout,
    art=_art,
    bots=_bots,
    search=_search,
    phone=_phone,
    gestures=_gestures,
    sound_cues=SOUND_CUES,
)
