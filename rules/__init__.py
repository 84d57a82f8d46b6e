"""The rules layer: pure game logic, no pygame, no I/O.

``GAMES`` lists every game; ``new_game`` starts one and ``load_game`` rebuilds a save.
See :mod:`rules.core` for the contract.

Every module or package in this folder but the contract's own (:data:`CONTRACT`:
:mod:`rules.core`, :mod:`rules.state`) is a game, found here and imported (importing a game
registers it): adding a game adds a file or a folder, nothing else.
``GAMES`` holds them in the order of their ids.
"""

import importlib
import pkgutil

from .core import (
    GAMES,
    BadSave,
    Event,
    Game,
    GameOverError,
    GameShape,
    GameSpec,
    IllegalMove,
    Move,
    OptionSpec,
    Outcome,
    SetupError,
    load_game,
    new_game,
    visible_events,
)

__all__ = [
    "CONTRACT",
    "GAMES",
    "BadSave",
    "Event",
    "Game",
    "GameOverError",
    "GameShape",
    "GameSpec",
    "IllegalMove",
    "Move",
    "OptionSpec",
    "Outcome",
    "SetupError",
    "load_game",
    "new_game",
    "rules_text",
    "visible_events",
]


#: The modules of the contract every game follows; every other module here is a game.
CONTRACT = ("core", "state")


def _discover() -> None:
    for found in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if found.name not in CONTRACT and not found.name.startswith("_"):
            importlib.import_module(f"{__name__}.{found.name}")


_discover()


def rules_text(game_id: str) -> str:
    """The in-app rules of a game (Markdown, our own words)."""
    from importlib.resources import files

    return files(__name__).joinpath(GAMES[game_id].rules_file).read_text(encoding="utf-8")
