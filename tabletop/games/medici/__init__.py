"""Court of the Medici's app side: its table layout, gestures, card art, bots and search settings
(and, for the leak checks, how its cards are named).

Declared to the app in :data:`APP` (see :mod:`tabletop.games`); each part is imported when
first asked for.
"""

from __future__ import annotations

from tabletop.games import declare

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

APP = declare(
    __name__,
    layout=".layout:MediciLayout",
    gestures=".gestures:MediciGestures",
    art=".art:ART",
    bots=".bots:MediciBot",
    search=".search:SEARCH",
    card_name="rules.medici:card_name",
    phone=".phone:table",
    howto=".howto:HOWTO",
    tip=".tips:tip",
    advice=".advice:facts",
    legend=".legend:LEGEND",
    lessons=".lessons:COURSE",
    score_now=".score_now:score_now",
    sound_cues=SOUND_CUES,
)
