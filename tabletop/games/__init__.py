"""Each game's app side, one package per game: ``tabletop/games/<game id>/``.

A game's rules live in ``rules/`` (pure, registered in :data:`rules.GAMES`); everything else
the app needs of it lives in its package here: the layout (where things go on the table),
its card and piece art, its heuristic bots and its search settings. The package's
``__init__.py`` declares them in one :class:`GameApp` named ``APP``; the app finds it by the
rules' game id (:func:`app_for`), so adding a game's app side means adding one folder (see
docs/adding-a-game.md).

The declaration names each part by a function that imports it on first use: the AI worker
asks for bots and search settings without importing pygame, and a game nobody plays costs
nothing at start-up.

>>> app_for("royal_houses").game_id
'royal_houses'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the parts' types only: importing them here would import pygame
    from ..ai.base import GameBots
    from ..ai.policy import GameAI
    from ..layouts.base import Layout
    from ..net.phone_table import TableForPhone
    from ..table.card_art import GameArt
    from ..table.gestures import Gestures


@dataclass(frozen=True)
class GameApp:
    """What the app needs of one game beyond its rules; each part is loaded when first asked.

    ``layout``: a new layout for a table of this game (pygame). ``art``: how its cards and
    pieces are painted (pygame). ``bots``: its heuristic bot, and its Easy and hint bots where
    they are not the usual ones (no pygame). ``search``: its search settings (no pygame);
    without them the search uses the heuristic bot for playouts and defaults for the rest.
    ``gestures``: what drags and clicks mean at a table drawn by the given layout (pygame-free),
    where they are not the usual ones. ``sound_cues``: which sound each of its rules' event
    kinds calls for ("deal", "play", "win", "end"…, or "" for none), beyond the common kinds
    every game shares (:data:`tabletop.audio.cues.DEFAULT_CUES`). ``phone``: what a phone
    shows of the table at a game night, from its seat's view (no pygame).
    A part left out falls back to the generic one (a plain layout, cards showing their names,
    random play, a card dropped on its move's target).
    """

    game_id: str
    layout: Callable[[], Layout] | None = None
    art: Callable[[], GameArt] | None = None
    bots: Callable[[], GameBots] | None = None
    search: Callable[[], GameAI] | None = None
    gestures: Callable[[Layout], Gestures] | None = None
    phone: Callable[[], TableForPhone] | None = None
    sound_cues: Mapping[str, str] = field(default_factory=dict, hash=False)


PACKAGE = __name__


@cache
def app_for(game_id: str) -> GameApp | None:
    """The declaration of ``game_id``'s app side (its package's ``APP``), or None if the game
    has no package here. Raises ``TypeError`` if the package declares something else."""
    if not game_id.isidentifier():
        return None
    try:
        module = importlib.import_module(f"{PACKAGE}.{game_id}")
    except ModuleNotFoundError as error:
        if error.name != f"{PACKAGE}.{game_id}":
            raise  # the package exists but something it imports does not: a real error
        return None
    app = getattr(module, "APP", None)
    if not isinstance(app, GameApp) or app.game_id != game_id:
        raise TypeError(f"{module.__name__}.APP must be a GameApp for {game_id!r}, not {app!r}")
    return app


def layout_for(game_id: str) -> Layout | None:
    """A new layout of ``game_id``'s own, or None if it has none."""
    app = app_for(game_id)
    return app.layout() if app is not None and app.layout is not None else None


def gestures_for(game_id: str, layout: Layout) -> Gestures | None:
    """New gestures of ``game_id``'s own for a table drawn by ``layout``, or None."""
    app = app_for(game_id)
    return app.gestures(layout) if app is not None and app.gestures is not None else None


def phone_table_for(game_id: str) -> TableForPhone | None:
    """What a phone shows of ``game_id``'s table (pygame-free), or None if it has none."""
    app = app_for(game_id)
    return app.phone() if app is not None and app.phone is not None else None


def sound_cues_for(game_id: str) -> Mapping[str, str]:
    """What ``game_id``'s event kinds sound like (empty: only the common kinds)."""
    app = app_for(game_id)
    return app.sound_cues if app is not None else {}


def art_for(game_id: str) -> GameArt | None:
    app = app_for(game_id)
    return app.art() if app is not None and app.art is not None else None


def bots_for(game_id: str) -> GameBots | None:
    app = app_for(game_id)
    return app.bots() if app is not None and app.bots is not None else None


def search_for(game_id: str) -> GameAI | None:
    app = app_for(game_id)
    return app.search() if app is not None and app.search is not None else None
