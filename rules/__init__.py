"""The rules layer: pure game logic, no pygame, no I/O.

``GAMES`` lists every game; ``new_game`` starts one and ``load_game`` rebuilds a save.
See :mod:`rules.core` for the contract.
"""

from . import allegiance, alliances, machiavelli, medici, royal_houses  # noqa: F401  (importing a game registers it)
from .core import (
    GAMES,
    BadSave,
    Event,
    Game,
    GameOverError,
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
    "GAMES",
    "BadSave",
    "Event",
    "Game",
    "GameOverError",
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


def rules_text(game_id: str) -> str:
    """The in-app rules of a game (Markdown, our own words)."""
    from importlib.resources import files

    return files(__name__).joinpath(GAMES[game_id].rules_file).read_text(encoding="utf-8")
