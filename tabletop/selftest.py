"""``tabletop --selftest``: one complete game of every registered game, AI in every seat,
through the real scenes and sprites. Exit 0 on success, 1 with a message on any error."""

from __future__ import annotations

import os
import sys
import traceback

import pygame

import rules

from .ai.worker import shared_worker
from .app import App
from .learn import Course, Lesson
from .resources import install_kind
from .session import SeatConfig, Session
from .storage import Settings
from .ui.markdown_blocks import parse

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
        resources_line = _resources_report(app)
        games_line = _game_packages_report()
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
        lessons = _play_lessons(app)
        worker_line = _ai_worker_report()
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
    for line in lessons:
        print(line)
    print(f"lessons: {len(lessons)} played to their end")
    print(resources_line)
    print(games_line)
    print(worker_line)
    print(f"selftest passed: {len(played)} game(s)")
    return 0


def _play_lessons(app: App) -> list[str]:
    """Every lesson of every game's course, played to its end through its table: the other
    seats by their script, the learner by the lesson's own moves and *Next*."""
    from . import games

    played = []
    for game_id in sorted(rules.GAMES):
        course = games.course_for(game_id)
        if course is None:
            continue
        for lesson in course.lessons:
            steps = _play_lesson(app, course, lesson)
            played.append(f"lesson {game_id}/{lesson.id} ({lesson.title}): {steps} steps")
    return played


def _play_lesson(app: App, course: Course, lesson: Lesson) -> int:
    """Play ``lesson`` to its end at its table; return its step count."""
    from .learn import LessonRun
    from .scenes.lesson import LessonScene

    run = LessonRun(course, lesson)
    scene = LessonScene(app, run)
    app.reset_to(scene)
    for _ in range(MAX_FRAMES_PER_GAME):
        app.step(1 / 60)
        if scene.ended:
            break
        if app.top is not scene or run.step is None or not run.learners_turn:
            continue
        expected = run.expected()
        if expected is None:
            scene.next_step()
        elif not scene.play(expected):
            raise RuntimeError(f"lesson {lesson.id}: step {run.index + 1} was refused")
    if not run.finished or not scene.ended:
        raise RuntimeError(f"lesson {lesson.id}: not finished at step {run.index + 1}")
    return len(lesson.steps)


def _resources_report(app: App) -> str:
    """Load every font face, the theme's fonts and every game's rules text, through the same
    helpers the scenes use: a build that left one out fails here, not when a player opens it."""
    from . import fonts
    from .theme import theme_for

    for face in fonts.FACES:
        fonts.get_font(12, face)
    for block in theme_for(app.display).values():
        for key, path in block.get("font", {}).items():
            if key.endswith("_path"):
                pygame.font.Font(path, 12)
    texts = [rules.rules_text(game_id) for game_id in sorted(rules.GAMES)]
    # Parsed, so a bundle without the Markdown parser (markdown-it-py) fails here too.
    if not all(parse(text) for text in texts):
        raise RuntimeError("a game's rules text is empty")
    return (
        f"resources: {len(fonts.FACES)} font faces, theme, {len(texts)} rules texts "
        f"({install_kind()})"
    )


def _game_packages_report() -> str:
    """Every game's app side (tabletop/games/<id>/) is found and each part loads: a build
    that left one out would otherwise fall back quietly to a plain layout and random play."""
    from . import games

    for game_id, spec in sorted(rules.GAMES.items()):
        app_side = games.app_for(game_id)
        if app_side is None:
            raise RuntimeError(f"{spec.title}: no app package tabletop.games.{game_id}")
        for part in (app_side.layout, app_side.art, app_side.bots, app_side.search):
            if part is None or part() is None:
                raise RuntimeError(f"{spec.title}: a part of its app package is missing")
    return f"game packages: {len(rules.GAMES)} (layout, art, bots and search each)"


def _ai_worker_report() -> str:
    """Where the AI's decisions ran. A broken worker process (e.g. a frozen build without
    ``freeze_support``) does not stop a game: the table toasts and plays a random move. So ask
    the worker once more, directly: a broken pool raises here and fails the selftest."""
    pool = shared_worker()._executor()
    pid = pool.submit(os.getpid).result(timeout=60)
    if pid == os.getpid():
        return "AI worker: a thread (no worker process on this system)"
    return f"AI worker: separate process (pid {pid})"
