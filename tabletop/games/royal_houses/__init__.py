"""Royal Houses's app side: its table layout, gestures, card art, bots and search settings
(and, for the leak checks, how its cards are named).

Declared to the app in :data:`APP` (see :mod:`tabletop.games`); each part is imported when
first asked for.
"""

from __future__ import annotations

from tabletop.games import declare

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

APP = declare(
    __name__,
    layout=".layout:RoyalHousesLayout",
    gestures=".gestures:RoyalHousesGestures",
    art=".art:ART",
    bots=".bots:RoyalHousesBot",
    search=".search:SEARCH",
    card_name="rules.royal_houses:card_name",
    phone=".phone:table",
    howto=".howto:HOWTO",
    tip=".tips:tip",
    legend=".legend:LEGEND",
    score_now=".score_now:score_now",
    sound_cues=SOUND_CUES,
    lessons=".lessons:COURSE",
)
