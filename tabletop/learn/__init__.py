"""Lessons: a guided first game on a fixed deal, where the learner makes their own moves.

A game's lessons are data kept in its own package (``tabletop/games/<id>/lessons.py``, declared
as ``lessons=".lessons:COURSE"``): a :class:`Course` holds the game's checklist (every rule a
first game needs, derived from the rules' source text) and its :class:`Lesson` s. A lesson is a
fixed deal (a game id, a seed, options, seat names) and the moves of the whole lesson, in
order, as :class:`Step` s: the learner's own (what to do now and why) and the other seats'
(scripted, with what just happened and why it matters).

:class:`LessonRun` (pure: no pygame, no files) walks a lesson: it plays the other seats'
steps, judges the learner's moves (the intended one is played, another legal one gets a kind
redirect, an illegal one the rules' own refusal sentence, and neither changes anything) and
goes back a step on request.

>>> from tabletop.learn import Course, Lesson, Step
>>> step = Step("draw", "Draw a card: you have no meld to lay.", teaches=("draw",))
>>> step.teaches
('draw',)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import rules
from rules import Game, Move


@dataclass(frozen=True)
class Step:
    """One move of a lesson, by whichever seat is to move when it comes.

    ``move``: the move in the game's notation (``game.parse_move``); empty for a step where the
    coach only explains and the learner presses *Next*. ``say``: the coach's words, one idea,
    one or two sentences: for the learner's move, what to do now and why; for another seat's,
    what just happened and why it matters. ``point``: the places to point at, as
    ``"card:<card id>"`` (wherever that card is drawn) or ``"zone:<zone id>"`` (a layout
    zone). ``teaches``: the checklist items this step teaches. ``redirect``: what to say when
    the learner makes another legal move (default: :func:`redirect_text`).
    """

    move: str
    say: str
    point: tuple[str, ...] = ()
    teaches: tuple[str, ...] = ()
    redirect: str = ""


@dataclass(frozen=True)
class Lesson:
    """A guided game on a fixed deal: ``steps`` are every move from the start (after
    ``prelude``, moves played silently to reach a prepared position) to the lesson's end.

    ``seat`` is the learner's; every other seat's moves are scripted. ``recap`` lists what was
    learnt, shown at the end, before the offer of a real game against Easy AI with the same
    seats.
    """

    id: str
    game_id: str
    title: str
    players: int
    seat: int
    names: tuple[str, ...]
    seed: int
    intro: str
    steps: tuple[Step, ...]
    recap: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    prelude: tuple[str, ...] = ()


@dataclass(frozen=True)
class Course:
    """A game's lessons and the checklist they are held to: ``checklist`` maps an item's key
    to what it is (``"follow-suit": "You must follow the suit led if you can"``); every item
    is taught by a step of some lesson. ``same_move`` tells whether the learner's move is the
    intended one, where equal moves can be written differently (default: equality)."""

    game_id: str
    checklist: Mapping[str, str]
    lessons: tuple[Lesson, ...]
    same_move: Callable[[Game, Move, Move], bool] | None = None


def redirect_text(intended: str, why: str) -> str:
    """The kind word for another legal move: ``intended`` describes the lesson's move."""
    return f"That works too, but for this lesson try this: {intended}. {why}".strip()


@dataclass(frozen=True)
class Verdict:
    """What became of the learner's move: ``"played"`` (the intended move, now played),
    ``"redirect"`` (legal, but not this lesson's: nothing changed) or ``"refused"`` (illegal:
    the rules' sentence, nothing changed). ``text`` is what to tell the learner."""

    kind: Literal["played", "redirect", "refused"]
    text: str
    events: tuple[rules.Event, ...] = ()


class LessonError(ValueError):
    """A lesson whose scripted moves the rules do not accept (a rules change broke it)."""


def start_game(lesson: Lesson) -> Game:
    """The lesson's game at its first step: its deal, with the prelude played."""
    game = rules.new_game(lesson.game_id, lesson.players, lesson.seed, dict(lesson.options))
    for number, text in enumerate(lesson.prelude, 1):
        try:
            game.play_text(text)
        except (rules.IllegalMove, ValueError) as error:
            raise LessonError(f"{lesson.id}: prelude move {number} ({text!r}): {error}") from error
    return game


class LessonRun:
    """One learner going through ``lesson``: ``game`` is the table now, ``index`` the step due.

    The other seats' steps are played with :meth:`play_other` (the UI calls it at a readable
    pace); the learner's moves go through :meth:`attempt`, a *Next* through :meth:`proceed`.
    """

    def __init__(self, course: Course, lesson: Lesson, index: int = 0) -> None:
        self.course = course
        self.lesson = lesson
        self._replay(index)

    def _replay(self, index: int) -> None:
        """The table from the lesson's start, with its first ``index`` steps played."""
        self.game = start_game(self.lesson)
        self.index = 0
        self.last_events: tuple[rules.Event, ...] = ()
        # Whose each played step was (None: a *Next*), to find the learner's steps going back.
        self.movers: list[int | None] = []
        while self.index < min(index, len(self.lesson.steps)):
            self._play_step()

    # ---- where the lesson is ------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The step due now, or None once the lesson is over."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def learners_turn(self) -> bool:
        """The step due is the learner's: a move of their seat, or a *Next*."""
        step = self.step
        if step is None:
            return False
        return not step.move or self.game.to_move == self.lesson.seat

    def expected(self) -> Move | None:
        """The move the step due expects (None for a *Next* step or at the end)."""
        step = self.step
        return self.game.parse_move(step.move) if step is not None and step.move else None

    # ---- moving on ------------------------------------------------------------------------
    def _play_step(self) -> tuple[rules.Event, ...]:
        step = self.lesson.steps[self.index]
        events: tuple[rules.Event, ...] = ()
        self.movers.append(self.game.to_move if step.move else None)
        if step.move:
            try:
                events = tuple(self.game.play_text(step.move))
            except (rules.IllegalMove, ValueError) as error:
                raise LessonError(
                    f"{self.lesson.id}: step {self.index + 1} ({step.move!r}): {error}"
                ) from error
        self.index += 1
        self.last_events = events
        return events

    def play_other(self) -> tuple[rules.Event, ...]:
        """Play the next scripted move of another seat; its step's ``say`` explains it."""
        if self.finished or self.learners_turn:
            raise LessonError(f"{self.lesson.id}: step {self.index + 1} is the learner's")
        return self._play_step()

    def proceed(self) -> None:
        """*Next* on a step where the coach only explains."""
        step = self.step
        if step is None or step.move:
            raise LessonError(f"{self.lesson.id}: step {self.index + 1} waits for a move")
        self._play_step()

    def is_intended(self, move: Move) -> bool:
        expected = self.expected()
        if expected is None:
            return False
        same = self.course.same_move
        return same(self.game, move, expected) if same is not None else move == expected

    def attempt(self, move: Move, describe: Callable[[Move], str] | None = None) -> Verdict:
        """The learner's ``move``: played if it is the step's, else a redirect (legal) or the
        rules' refusal (illegal); the last two change nothing. ``describe`` words a move for
        the redirect (default: its notation)."""
        step = self.step
        if step is None or not self.learners_turn or not step.move:
            return Verdict("refused", "The lesson is not waiting for a move now.")
        refusal = self.game.why_illegal(move, self.lesson.seat)
        if refusal is not None:
            return Verdict("refused", refusal.message)
        if not self.is_intended(move):
            expected = self.expected()
            assert expected is not None
            intended = describe(expected) if describe is not None else str(expected)
            return Verdict("redirect", step.redirect or redirect_text(intended, step.say))
        # The scripted move itself is played, so the lesson's table is exactly its script's.
        return Verdict("played", step.say, self._play_step())

    def back(self) -> None:
        """Go back to the learner's previous step (the table as it was then)."""
        target = self.index - 1
        while target > 0 and self.movers[target] not in (None, self.lesson.seat):
            target -= 1
        self._replay(max(target, 0))

    # ---- resuming -------------------------------------------------------------------------
    def bookmark(self) -> dict[str, Any]:
        """What a resumed lesson needs (kept in settings)."""
        return {"game": self.lesson.game_id, "lesson": self.lesson.id, "step": self.index}

    @staticmethod
    def resume(courses: Mapping[str, Course], mark: Mapping[str, Any]) -> LessonRun | None:
        """The lesson ``mark`` (from :meth:`bookmark`) points at, or None if it is not a
        lesson any more (an old or edited bookmark)."""
        game_id, step = mark.get("game"), mark.get("step")
        course = courses.get(game_id) if isinstance(game_id, str) else None
        if course is None or not isinstance(step, int) or isinstance(step, bool):
            return None
        for lesson in course.lessons:
            if lesson.id == mark.get("lesson") and 0 <= step <= len(lesson.steps):
                try:
                    return LessonRun(course, lesson, step)
                except LessonError:
                    return None
        return None


def checklist_gaps(course: Course) -> tuple[set[str], set[str]]:
    """The checklist items no step teaches, and the ``teaches`` keys not on the checklist."""
    taught = {key for lesson in course.lessons for step in lesson.steps for key in step.teaches}
    return set(course.checklist) - taught, taught - set(course.checklist)
