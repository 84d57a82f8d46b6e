"""High Card's app side (a worked example): its table layout, card art, bots and search.

A real game's package is ``tabletop/games/<game id>/``; this one lives in the tests and is
found by the same lookup (:func:`tabletop.games.app_for`) once a test adds its folder to
``tabletop.games.__path__``. Declared to the app in :data:`APP`; each part is named
``"module:attribute"`` and imported when first asked for, so the AI worker can load the bots
and search settings without pygame.
"""

from __future__ import annotations

from tabletop.games import declare

APP = declare(
    __name__,
    layout=".layout:HighCardLayout",
    art=".art:ART",
    bots=".bots:HighCardBot",
    search=".search:SEARCH",
    card_name="example_game.rules_highcard:card_name",
)
