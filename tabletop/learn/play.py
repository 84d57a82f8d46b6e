"""How the app plays a lesson (no pygame): the session its table shows, the real game it
offers at its end, and which games have lessons at all."""

from __future__ import annotations

import rules

from ..session import HUMAN, SeatConfig, Session
from . import LessonRun

#: The level the other seats play at in the real game a lesson offers at its end (and the
#: kind the lesson's table gives them: not human, so the learner's view is the only one).
REAL_GAME_LEVEL = "easy"
#: The learner's name in the real game: a lesson calls them "You" and says their moves in
#: the second person; a saved game names every seat in the third (the setup's first name).
REAL_GAME_NAME = "Sam"


def has_lessons(game_id: str) -> bool:
    """Whether ``game_id`` declares lessons (without loading them: the title stays fast)."""
    from .. import games

    app_side = games.app_for(game_id)
    return app_side is not None and app_side.lessons is not None


def _seats(run: LessonRun, learner: str | None = None) -> list[SeatConfig]:
    """The lesson's seats: the learner's human (named ``learner`` if given), the others Easy."""
    lesson = run.lesson
    return [
        SeatConfig(learner, HUMAN)
        if seat == lesson.seat and learner is not None
        else SeatConfig(name, HUMAN if seat == lesson.seat else REAL_GAME_LEVEL)
        for seat, name in enumerate(lesson.names)
    ]


def lesson_session(run: LessonRun) -> Session:
    """The session a lesson's table shows: the lesson's deal and seats (the learner's human,
    the others scripted), with the moves the run has played so far."""
    lesson = run.lesson
    session = Session(lesson.game_id, _seats(run), lesson.seed, dict(lesson.options))
    session.you = lesson.seat  # "You play …", as the coach speaks
    for move in run.game.history:
        session.play(move)
    return session


def real_game_session(run: LessonRun) -> Session:
    """A real game after the lesson: the same seats and names (the learner's a real name), the
    learner's seat human, the others Easy AI, and a new deal: the lesson's options but those
    that fix its deal (a deck, a map, who starts: the rules' advanced options)."""
    spec = rules.GAMES[run.lesson.game_id]
    fixed = {opt.key for opt in spec.options if opt.advanced}
    options = {k: v for k, v in run.lesson.options.items() if k not in fixed}
    lesson = run.lesson
    learner = lesson.names[lesson.seat]
    if learner.casefold() == "you":
        taken = {n.casefold() for n in lesson.names}
        learner = REAL_GAME_NAME if REAL_GAME_NAME.casefold() not in taken else "Player 1"
    return Session(run.lesson.game_id, _seats(run, learner), None, options)
