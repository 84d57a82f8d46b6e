"""Allegiance's app side: its table layout, gestures, card art, bots and search settings.

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
    from .layout import AllegianceLayout

    return AllegianceLayout()


def _gestures(layout: Layout) -> Gestures:
    from .gestures import AllegianceGestures

    return AllegianceGestures()


def _art() -> GameArt:
    from .art import ART

    return ART


def _bots() -> GameBots:
    from tabletop.ai.base import GameBots

    from .bots import AllegianceBot

    return GameBots(heuristic=AllegianceBot)


def _phone() -> TableForPhone:
    from .phone import table

    return table


def _search() -> GameAI:
    from .search import SEARCH

    return SEARCH


#: What its events sound like (see rules/allegiance.py): a trick's Victories awarded or a deal
#: won chime; every card put down (an Allegiance card, a Trait, an Assassin's strike) slaps.
SOUND_CUES = {
    "ally": "play",
    "flip": "play",
    "trait": "play",
    "trait-down": "play",
    "kill": "play",
    "spare": "play",
    "award": "win",
    "deal-end": "win",
}

APP = GameApp(
    "allegiance",
    layout=_layout,
    art=_art,
    bots=_bots,
    search=_search,
    phone=_phone,
    gestures=_gestures,
    sound_cues=SOUND_CUES,
)
