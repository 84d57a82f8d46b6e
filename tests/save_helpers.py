"""Shared by the tests that break saves, storage and locks on purpose."""

from __future__ import annotations

import os
import random

from tabletop.session import SeatConfig, Session

#: The environment for an app started in a subprocess: no screen, no sound card.
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
#: What a refusal shown to a player must never contain: Python's own words.
INTERNALS = ("Errno", "Error", "codec", "utf-8'", "recursion", "Traceback", "exception")


def played(moves: int, seed: int = 3, names: tuple[str, str] = ("Nadia", "Kevin")) -> Session:
    """A Royal Houses game, a human against Easy, ``moves`` random moves in."""
    session = Session(
        "royal_houses", [SeatConfig(names[0]), SeatConfig(names[1], "easy")], seed=seed
    )
    rng = random.Random(seed)
    while not session.game.over and len(session.game.history) < moves:
        session.play(rng.choice(session.game.legal_moves()))
    return session


def plain(message: str) -> None:
    """Fail if a player's message quotes Python internals."""
    for word in INTERNALS:
        assert word not in message, f"{word!r} in a player's message: {message}"
