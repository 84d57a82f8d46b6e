"""Allegiance's app side: its table layout, gestures, card art, bots and search settings
(and, for the leak checks, how its cards are named).

Declared to the app in :data:`APP` (see :mod:`tabletop.games`); each part is imported when
first asked for.
"""

from __future__ import annotations

from tabletop.games import declare

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

APP = declare(
    __name__,
    layout=".layout:AllegianceLayout",
    gestures=".gestures:AllegianceGestures",
    art=".art:ART",
    bots=".bots:AllegianceBot",
    search=".search:SEARCH",
    card_name="rules.allegiance:card_name",
    phone=".phone:table",
    howto=".howto:HOWTO",
    tip=".tips:tip",
    advice=".advice:facts",
    lessons=".lessons:COURSE",
    legend=".legend:LEGEND",
    score_now=".score_now:score_now",
    sound_cues=SOUND_CUES,
)
