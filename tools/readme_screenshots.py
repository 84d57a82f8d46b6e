"""The README's screenshots at 1080p: title, tables mid-game (Royal Houses, Machiavelli,
Alliances) and the results.

python tools/readme_screenshots.py      # writes docs/screenshots/*.png
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from tabletop.app import App
from tabletop.scenes.results import ResultsScene
from tabletop.scenes.table import TableScene
from tabletop.scenes.title import TitleScene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def table_session(turns: int, seed: int = 5) -> Session:
    """Sam (human) against Nadia (AI), played on by random moves until ``turns`` turns."""
    session = Session("royal_houses", [SeatConfig("Sam"), SeatConfig("Nadia", "easy")], seed=seed)
    rng = random.Random(seed)
    game = session.game
    while not game.over and not (game.turn >= turns and game.to_move == 0 and game.phase == "play"):
        session.play(rng.choice(game.legal_moves()))
    return session


def machiavelli_session(seed: int = 4) -> Session:
    """Sam against two AI seats, played on (the solver's plays when there are some) until the
    table holds a dozen melds and it is Sam's turn."""
    seats = [SeatConfig("Sam"), SeatConfig("Nadia", "easy"), SeatConfig("Omar", "easy")]
    session = Session("machiavelli", seats, seed=seed)
    game = session.game
    rng = random.Random(seed)
    while not game.over and (len(game.table) < 12 or game.to_move != 0):
        plays = [m for m in game.legal_moves() if m.kind == "play"]
        session.play(plays[0] if plays else rng.choice(game.legal_moves()))
    return session


def alliances_session(seed: int = 3) -> Session:
    """Four players in the middle of a conflict of the first campaign, Sam to play."""
    seats = [SeatConfig("Sam"), SeatConfig("Nadia", "easy"), SeatConfig("Omar", "easy")]
    seats.append(SeatConfig("Pia", "easy"))
    session = Session("alliances", seats, seed=seed)
    game = session.game
    rng = random.Random(seed)
    while not game.over and not (game.to_move == 0 and game.phase == "play" and game.conflict >= 3):
        session.play(rng.choice(game.legal_moves()))
    return session


def shoot(name: str, make, frames: int = 6) -> None:  # type: ignore[no-untyped-def]
    app = App((1920, 1080), settings=Settings(animation_speed=0.0), persist_settings=False)
    try:
        app.push(make(app))
        for _ in range(frames):
            app.step(1 / 60)
        OUT.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(OUT / f"{name}.png"))
        print("wrote", OUT / f"{name}.png")
    finally:
        app.quit()


def main() -> None:
    shoot("title", TitleScene)
    shoot("table", lambda app: TableScene(app, table_session(9)))
    shoot("machiavelli", lambda app: TableScene(app, machiavelli_session()))
    shoot("alliances", lambda app: TableScene(app, alliances_session()))
    finished = table_session(99)
    shoot("results", lambda app: ResultsScene(app, finished))


if __name__ == "__main__":
    main()
