"""``tabletop`` / ``python -m tabletop``: read the arguments, open the window, run."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import __version__

if TYPE_CHECKING:  # the window's types only: the arguments are read before pygame loads
    from .app import App
    from .scenes.base import Scene

SceneFactory = Callable[["App"], "Scene"]

SEAT_KINDS = {
    "human": "human",
    "ai": "easy",
    "easy": "easy",
    "normal": "normal",
    "hard": "hard",
    "random": "random",
}
DEFAULT_NAMES = ["Sam", "Nadia", "Kevin", "Aaron", "Marta", "Luca", "Ines", "Tomas", "Ada"]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="tabletop", description="A digital table for card games.")
    p.add_argument("--version", action="version", version=f"tabletop {__version__}")
    p.add_argument("--game", help="start this game at once (e.g. royal_houses)")
    p.add_argument(
        "--seats", help="one kind per seat: human, ai (= easy), easy, normal, hard, random"
    )
    p.add_argument("--names", help="comma-separated player names")
    p.add_argument("--seed", type=int, help="deal seed, for replaying a game")
    p.add_argument(
        "--learn", metavar="GAME", help="start this game's first lesson (e.g. royal_houses)"
    )
    p.add_argument(
        "--load", metavar="FILE", help="resume a saved game (.json) or a move list (.txt)"
    )
    p.add_argument(
        "--table-display",
        action="store_true",
        help="TV mode: show only the public table between human turns",
    )
    p.add_argument("--size", help="window size, e.g. 1920x1080")
    p.add_argument("--fullscreen", action="store_true", default=None)
    p.add_argument("--profile", choices=["desktop", "tv"], help="display profile")
    p.add_argument("--speed", type=float, help="animation speed (0 = instant)")
    p.add_argument(
        "--selftest",
        action="store_true",
        help="play one complete game of every game, AI in every seat, then exit",
    )
    p.add_argument("--frames", type=int, help="stop after this many frames")
    p.add_argument("--screenshot", help="save the last frame to this PNG file")
    return p.parse_args(argv)


def _size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"tabletop: --size must look like 1920x1080, not {text!r}") from None
    return (w, h)


def main(argv: list[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()  # the AI's worker process, in a frozen build
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.selftest:
        from .selftest import run_selftest

        return run_selftest(
            frames=args.frames, screenshot=args.screenshot, size=_size(args.size) or (1280, 720)
        )
    first = _first_scene_factory(args)  # checks the arguments before a window opens
    from .app import App

    app = App(_size(args.size), fullscreen=args.fullscreen, profile=args.profile, speed=args.speed)
    from . import startup_probe

    if startup_probe.enabled():
        app.on_frame = startup_probe.report_first_frame
    try:
        app.push(first(app))
        code = app.run(max_frames=args.frames)
        if args.screenshot:
            import pygame

            pygame.image.save(app.screen, args.screenshot)
        return code
    finally:
        app.quit()


def _first_scene_factory(args: argparse.Namespace) -> SceneFactory:
    if args.learn:
        return _lesson_scene_factory(args.learn)
    if args.load:
        return _load_scene_factory(args.load, table_display=args.table_display)
    if not args.game:

        def title(app: App) -> Scene:
            from .scenes.title import TitleScene

            return TitleScene(app)

        return title
    import rules

    from .session import SeatConfig, Session

    spec = rules.GAMES.get(args.game)
    if spec is None:
        raise SystemExit(f"tabletop: no game {args.game!r}; choose from {', '.join(rules.GAMES)}")
    kinds = (args.seats or "human," + ",".join(["ai"] * (spec.min_players - 1))).split(",")
    bad = [k for k in kinds if k.strip().lower() not in SEAT_KINDS]
    if bad:
        raise SystemExit(
            f"tabletop: unknown seat kind {bad[0]!r} (human, ai, easy, normal, hard, random)"
        )
    names = _names(args.names) if args.names else []
    names += [n for n in DEFAULT_NAMES if n not in names]
    # More seats than names (a count the rules refuse below, in their words): numbered names.
    names += [f"Player {i + 1}" for i in range(len(names), len(kinds))]
    seats = [
        SeatConfig(names[i].strip(), SEAT_KINDS[k.strip().lower()]) for i, k in enumerate(kinds)
    ]
    try:
        session = Session(args.game, seats, args.seed, table_display=args.table_display)
    except rules.SetupError as err:
        raise SystemExit(f"tabletop: {err}") from None

    def table(app: App) -> Scene:
        from .scenes.table import TableScene

        return TableScene(app, session)

    return table


def _lesson_scene_factory(game_id: str) -> SceneFactory:
    """The table of ``game_id``'s first lesson; a game unknown or without lessons ends here
    with a message."""
    import rules

    from . import games
    from .learn import LessonRun

    spec = rules.GAMES.get(game_id)
    if spec is None:
        raise SystemExit(f"tabletop: no game {game_id!r}; choose from {', '.join(rules.GAMES)}")
    course = games.course_for(game_id)
    if course is None or not course.lessons:
        raise SystemExit(f"tabletop: {spec.title} has no lessons yet")
    run = LessonRun(course, course.lessons[0])

    def lesson(app: App) -> Scene:
        from .scenes.lesson import LessonScene

        return LessonScene(app, run)

    return lesson


def _names(text: str) -> list[str]:
    """``--names``, each checked as every name is (a bad one ends here, like a bad argument:
    the name itself is not quoted, it may not even be printable)."""
    from .names import BadName, check_name

    names = []
    for i, raw in enumerate(text.split(","), 1):
        try:
            names.append(check_name(raw, f"--names: name {i}"))
        except BadName as err:
            print(f"tabletop: error: {err}", file=sys.stderr)
            raise SystemExit(2) from None
    return names


def _load_scene_factory(file: str, *, table_display: bool = False) -> SceneFactory:
    """The table of a saved game or move list; a bad file ends here with a message.
    ``--table-display`` turns the loaded game's table display on (a save made without it)."""
    from pathlib import Path

    from .saves import load_any

    try:
        session = load_any(Path(file))
    except ValueError as err:
        raise SystemExit(f"tabletop: cannot load {file}: {err}") from None
    if table_display:
        session.table_display = True

    def table(app: App) -> Scene:
        from .scenes.table import TableScene

        return TableScene(app, session)

    return table


if __name__ == "__main__":
    sys.exit(main())
