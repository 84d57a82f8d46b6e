"""Alliances: world domination's app side: its table layout, gestures, card art, bots and
search settings (and, for the leak checks, how its cards are named).

Declared to the app in :data:`APP` (see :mod:`tabletop.games`); each part is imported when
first asked for.
"""

from __future__ import annotations

from tabletop.games import declare

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

APP = declare(
    __name__,
    layout=".layout:AlliancesLayout",
    gestures=".gestures:AlliancesGestures",
    art=".art:ART",
    bots=".bots:AlliancesBot",
    easy=".bots:easy_bot",
    search=".search:SEARCH",
    card_name="rules.alliances:card_name",
    card_label="rules.alliances:card_label",
    phone=".phone:table",
    howto=".howto:HOWTO",
    tip=".tips:tip",
    advice=".advice:facts",
    lessons=".lessons:COURSE",
    legend=".legend:LEGEND",
    score_now=".score_now:score_now",
    sound_cues=SOUND_CUES,
)
