"""Machiavelli's app side: its table layout, gestures, card art, bots and search
settings, what lays the cards a phone picked, and how its cards are named.

Declared to the app in :data:`APP` (see :mod:`tabletop.games`); each part is imported when
first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games import declare

if TYPE_CHECKING:
    from tabletop.layouts.base import Layout
    from tabletop.table.gestures import Gestures


def _gestures(layout: Layout) -> Gestures:
    from .gestures import MachiavelliGestures
    from .layout import MachiavelliLayout

    assert isinstance(layout, MachiavelliLayout)
    return MachiavelliGestures(layout.area)  # its drags edit the working area the layout draws


#: What its events sound like (see rules/machiavelli/game.py): a hand won chimes (a new hand
#: deals, a play or a draw slaps: the common kinds).
SOUND_CUES = {"hand-end": "win"}

APP = declare(
    __name__,
    layout=".layout:MachiavelliLayout",
    gestures=_gestures,
    art=".art:ART",
    bots=".bots:MachiavelliBot",
    easy=".bots:BeginnerBot",
    search=".search:SEARCH",
    propose=".propose:propose",
    card_name="rules.machiavelli.melds:card_label",
    phone=".phone:table",
    howto=".howto:HOWTO",
    tip=".tips:tip",
    lessons=".lessons:COURSE",
    legend=".legend:LEGEND",
    score_now=".score_now:score_now",
    sound_cues=SOUND_CUES,
)
