"""Alliances: world domination's app side: its table layout, gestures, card art, bots and
search settings.

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
    from .layout import AlliancesLayout

    return AlliancesLayout()


def _gestures(layout: Layout) -> Gestures:
    from .gestures import AlliancesGestures

    return AlliancesGestures()


def _art() -> GameArt:
    from .art import ART

    return ART


def _bots() -> GameBots:
    from tabletop.ai.base import GameBots

    from .bots import AlliancesBot

    return GameBots(heuristic=AlliancesBot)


def _phone() -> TableForPhone:
    from .phone import table

    return table


def _search() -> GameAI:
    from .search import SEARCH

    return SEARCH


#: What its events sound like (see rules/alliances/game.py): a trick or a conflict won, or a
#: campaign's end, chimes; a new campaign deals; each card chosen, given, set aside or played
#: slaps. Bids and calls are words, not cards: silent.
SOUND_CUES = {
    "campaign": "deal",
    "keep": "play",
    "show": "play",
    "set": "play",
    "give": "play",
    "pair": "play",
    "tribute": "play",
    "target": "play",
    "special": "play",
    "boost": "play",
    "trick": "win",
    "conflict": "win",
    "campaign-end": "win",
}

APP = GameApp(
    "alliances",
    layout=_layout,
    art=_art,
    bots=_bots,
    search=_search,
    phone=_phone,
    gestures=_gestures,
    sound_cues=SOUND_CUES,
)
