"""Screenshots of every lesson, headless: its first, middle and last step of the learner's
(and its end's recap) at 1920×1080 desktop and TV.

    python tools/shoot_lessons.py OUT [--game medici] [--course module:attribute]

Writes ``OUT/<game>-<lesson>-<first|middle|last|end>-<w>x<h>-<profile>.png`` for every lesson
of every game's course (``tabletop.games.course_for``), or of the course ``--course`` names
(e.g. ``lesson_helpers:toy_course``, a function or a Course; ``tests/`` is on the path). The
bookmarks a lesson keeps go to a scratch folder, never the user's. Open every PNG and look.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
from pathlib import Path

# Headless, and a scratch home, before pygame and platformdirs are used.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_SCRATCH = tempfile.mkdtemp(prefix="tabletop-lesson-shots-")
for _var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
    os.environ[_var] = os.path.join(_SCRATCH, _var.lower())
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import pygame  # noqa: E402

import rules  # noqa: E402
from tabletop import games  # noqa: E402
from tabletop.app import App  # noqa: E402
from tabletop.learn import Course, Lesson, LessonRun  # noqa: E402
from tabletop.scenes.lesson import LessonScene  # noqa: E402
from tabletop.storage import Settings  # noqa: E402

CONFIGS: tuple[tuple[int, int, str], ...] = ((1920, 1080, "desktop"), (1920, 1080, "tv"))


def learner_steps(course: Course, lesson: Lesson) -> list[int]:
    """The indexes of the steps the learner acts on (a move of theirs or a *Next*)."""
    run = LessonRun(course, lesson)
    found = []
    while not run.finished:
        if run.learners_turn:
            found.append(run.index)
            expected = run.expected()
            if expected is None:
                run.proceed()
            else:
                run.attempt(expected)
        else:
            run.play_other()
    return found


def picks(course: Course, lesson: Lesson) -> list[tuple[str, int]]:
    steps = learner_steps(course, lesson) or [0]
    return [
        ("first", steps[0]),
        ("middle", steps[len(steps) // 2]),
        ("last", steps[-1]),
        ("end", len(lesson.steps)),
    ]


def shoot_lesson(app: App, course: Course, lesson: Lesson, out: Path, tag: str) -> list[Path]:
    written = []
    for label, index in picks(course, lesson):
        scene = LessonScene(app, LessonRun(course, lesson, index))
        app.reset_to(scene)
        if label != "end":
            scene.due_at = float("inf")  # the coach at this very step: the script waits
        for _ in range(6):
            app.step(1 / 60)
        path = out / f"{course.game_id}-{lesson.id}-{label}-{tag}.png"
        pygame.image.save(app.screen, path)
        written.append(path)
    return written


def courses(game: str | None, named: str | None) -> list[Course]:
    if named:
        module, _, attribute = named.partition(":")
        found = getattr(importlib.import_module(module), attribute)
        return [found() if callable(found) else found]
    ids = [game] if game else sorted(rules.GAMES)
    return [c for g in ids if (c := games.course_for(g)) is not None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--game", help="only this game's lessons")
    parser.add_argument("--course", help="module:attribute of a Course (or a function)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    chosen = courses(args.game, args.course)
    if not chosen:
        print("no lessons to shoot", file=sys.stderr)
        return 1
    for width, height, profile in CONFIGS:
        settings = Settings(profile=profile, animation_speed=0.0)
        app = App((width, height), settings=settings, persist_settings=False)
        try:
            for course in chosen:
                for lesson in course.lessons:
                    tag = f"{width}x{height}-{profile}"
                    for path in shoot_lesson(app, course, lesson, args.out, tag):
                        print(path)
        finally:
            app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
