"""``tabletop --selftest``: one complete game of every registered game, AI in every seat,
through the real scenes and sprites. Exit 0 on success, 1 with a message on any error."""

from __future__ import annotations

import sys
import traceback

import pygame

import rules

from .app import App
from .session import SeatConfig, Session
from .storage import Settings

MAX_FRAMES_PER_GAME = 20_000


def run_selftest(
    frames: int | None = None, screenshot: str | None = None, size: tuple[int, int] = (1280, 720)
) -> int:
    from .scenes.results import ResultsScene
    from .scenes.table import TableScene

    settings = Settings(animation_speed=0.0)
    app = App(size, settings=settings, persist_settings=False)
    played = []
    try:
        for game_id, spec in sorted(rules.GAMES.items()):
            seats = [SeatConfig(f"AI {i + 1}", "easy") for i in range(spec.min_players)]
            session = Session(game_id, seats, seed=2024)
            table = TableScene(app, session)
            app.reset_to(table)
            budget = frames or MAX_FRAMES_PER_GAME
            for _ in range(budget):
                app.step(1 / 60)
                if isinstance(app.top, ResultsScene):
                    break
            else:
                raise RuntimeError(
                    f"{spec.title}: not finished after {budget} frames "
                    f"({len(session.game.history)} moves played)"
                )
            for _ in range(3):
                app.step(1 / 60)
            out = session.game.outcome()
            played.append(
                f"{spec.title}: {len(session.game.history)} moves, scores {list(out.scores)}"
            )
        if screenshot:
            pygame.image.save(app.screen, screenshot)
    except Exception:
        traceback.print_exc()
        print("selftest FAILED", file=sys.stderr)
        return 1
    finally:
        app.quit()
    for line in played:
        print(line)
    print(f"selftest passed: {len(played)} game(s)")
    return 0
