"""What the per-game lesson tests share: a lesson walked step by step (whose each step is, the
table before and after it), the places it points at checked on the learner's table at every
size, and its length at an ordinary reading pace."""

from __future__ import annotations

import pygame

from rules import Game, Move
from tabletop.display import Display
from tabletop.layouts.base import Layout
from tabletop.learn import Course, Lesson, LessonRun, Step, redirect_text

#: The sizes a pointed place must be on the table at: 720p, 1080p, 4K and the TV profile.
SIZES = [
    ((1280, 720), "desktop"),
    ((1920, 1080), "desktop"),
    ((3840, 2160), "desktop"),
    ((1920, 1080), "tv"),
]
SIZE_IDS = ["720p", "1080p", "4k", "tv"]
WORDS_A_MINUTE = 200
LEARNER_MOVE_S, OTHER_MOVE_S = 6.0, 2.0

Walk = list[tuple[Step, str, Game, Game]]


def walk(course: Course, lesson: Lesson) -> Walk:
    """Every step with whose it is (``"learner"``, ``"other"`` or ``"next"``) and the table
    before and after it."""
    run = LessonRun(course, lesson)
    out = []
    while not run.finished:
        step = run.step
        assert step is not None
        before = run.game.clone()
        if not step.move:
            kind = "next"
            run.proceed()
        elif run.learners_turn:
            kind = "learner"
            expected = run.expected()
            assert expected is not None
            assert run.attempt(expected).kind == "played"
        else:
            kind = "other"
            run.play_other()
        out.append((step, kind, before, run.game.clone()))
    return out


def missing_places(
    layout: Layout, steps: Walk, lesson: Lesson, size: tuple[int, int], profile: str
) -> list[tuple[int, str]]:
    """The pointed places not on the learner's table at ``size``: the learner's and *Next*
    steps point at the table before their move; another seat's step is said once its move is
    played, so it points at the table after it."""
    display = Display(*size, profile=profile)
    status_h, log_w, coach_h = display.px(64), display.px(400), display.px(140)
    rect = pygame.Rect(0, status_h + coach_h, size[0] - log_w, size[1] - status_h - coach_h)
    seat, names = lesson.seat, list(lesson.names)
    missing = []
    for number, (step, kind, before, after) in enumerate(steps, 1):
        if not step.point:
            continue
        game = after if kind == "other" else before
        model = layout.build(game.view(seat), seat, rect, display, names)
        pieces = {p.id for p in model.pieces}
        zones = {z.id for z in model.zones}
        for place in step.point:
            kind_, _, ident = place.partition(":")
            if ident not in (pieces if kind_ == "card" else zones):
                missing.append((number, place))
    return missing


def estimated_minutes(lesson: Lesson, steps: Walk) -> float:
    """Reading the coach (intro, steps, recap) at an ordinary pace, plus the moves."""
    words = len(lesson.intro.split()) + sum(len(line.split()) for line in lesson.recap)
    words += sum(len(step.say.split()) for step in lesson.steps)
    counts = {"learner": 0, "other": 0, "next": 0}
    for _, kind, *_ in steps:
        counts[kind] += 1
    seconds = words / WORDS_A_MINUTE * 60
    seconds += counts["learner"] * LEARNER_MOVE_S + counts["other"] * OTHER_MOVE_S
    return seconds / 60


def check_off_script(run: LessonRun, other: str | None, illegal: str) -> None:
    """At a learner's step: ``other`` (a legal move that is not the step's; ``None`` where
    the rules leave no other choice) gets the kind redirect, ``illegal`` the rules' own
    refusal, and neither changes the game or the step."""
    seat, names = run.lesson.seat, run.lesson.names
    before, index = run.game.snapshot(), run.index
    step = run.step
    assert step is not None

    def describe(move: Move) -> str:
        return run.game.describe_move(move, seat, names)

    if other is None:
        assert [str(m) for m in run.game.legal_moves()] == [step.move]
    else:
        move = run.game.parse_move(other)
        assert run.game.why_illegal(move, seat) is None
        verdict = run.attempt(move, describe)
        assert verdict.kind == "redirect"
        expected = run.expected()
        assert expected is not None
        intended = run.game.describe_move(expected, seat, names)
        assert verdict.text == (step.redirect or redirect_text(intended, step.say))
        assert (run.game.snapshot(), run.index) == (before, index)
    move = run.game.parse_move(illegal)
    refusal = run.game.why_illegal(move, seat)
    assert refusal is not None
    verdict = run.attempt(move, describe)
    assert verdict.kind == "refused" and verdict.text == refusal.message
    assert (run.game.snapshot(), run.index) == (before, index)


def run_at(course: Course, lesson: Lesson, steps: Walk, move: str) -> LessonRun:
    """The lesson at its (first) learner step whose move is ``move``."""
    index = next(i for i, (s, kind, *_) in enumerate(steps) if s.move == move and kind == "learner")
    run = LessonRun(course, lesson, index)
    assert run.learners_turn and run.step is not None and run.step.move == move
    return run


def refusal_at(run: LessonRun, illegal: str) -> str:
    """What the lesson says to ``illegal`` (notation) at ``run``'s step: the rules' refusal."""
    return run.attempt(run.game.parse_move(illegal)).text
