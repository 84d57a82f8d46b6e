"""Lessons (tabletop.learn): the runner's behaviour on a small made-up lesson, then every game's
course held to its checklist and its scripted moves held to the rules."""

from __future__ import annotations

import pytest

import rules
from tabletop import games
from tabletop.learn import Course, Lesson, LessonError, LessonRun, Step, checklist_gaps


def _scripted(game_id: str, players: int, seed: int, plies: int) -> tuple[str, ...]:
    """The notation of ``plies`` moves of a seeded game, each seat playing its first legal
    move: a script the rules accept, whatever the game."""
    game = rules.new_game(game_id, players, seed)
    moves = []
    for _ in range(plies):
        move = game.legal_moves()[0]
        moves.append(str(move))
        game.play(move)
    return tuple(moves)


def _toy_course() -> Course:
    moves = _scripted("royal_houses", 2, 5, 8)
    welcome = Step("", "Welcome: this is the table.", teaches=("table",))
    steps = (
        welcome,
        *(Step(text, f"Move {n}.", teaches=("moves",)) for n, text in enumerate(moves, 1)),
    )
    lesson = Lesson(
        id="toy",
        game_id="royal_houses",
        title="Toy",
        players=2,
        seat=0,
        names=("You", "Coach"),
        seed=5,
        intro="",
        steps=steps,
        recap=("Nothing",),
    )
    checklist = {"table": "the table", "moves": "moving"}
    return Course("royal_houses", checklist, (lesson,))


def _walk(run: LessonRun) -> None:
    """Play the lesson to its end as an obedient learner."""
    while not run.finished:
        if not run.learners_turn:
            run.play_other()
        elif run.step is not None and not run.step.move:
            run.proceed()
        else:
            expected = run.expected()
            assert expected is not None
            verdict = run.attempt(expected)
            assert verdict.kind == "played", verdict.text


def test_a_lesson_played_as_scripted_reaches_its_end_on_the_scripted_table() -> None:
    course = _toy_course()
    lesson = course.lessons[0]
    run = LessonRun(course, lesson)
    _walk(run)
    replay = rules.new_game("royal_houses", 2, 5)
    for step in lesson.steps:
        if step.move:
            replay.play_text(step.move)
    assert run.game.snapshot() == replay.snapshot()


def test_another_legal_move_is_redirected_and_an_illegal_one_refused_changing_nothing() -> None:
    course = _toy_course()
    run = LessonRun(course, course.lessons[0])
    run.proceed()
    while not run.learners_turn:
        run.play_other()
    expected = run.expected()
    other = next(m for m in run.game.legal_moves() if m != expected)
    before, index = run.game.snapshot(), run.index
    verdict = run.attempt(other, describe=lambda m: "the intended move")
    assert verdict.kind == "redirect"
    assert "That works too" in verdict.text and "the intended move" in verdict.text
    assert (run.game.snapshot(), run.index) == (before, index)
    illegal = rules.Move("play", ("no-such-card",), "nowhere")
    verdict = run.attempt(illegal)
    assert verdict.kind == "refused" and verdict.text
    assert (run.game.snapshot(), run.index) == (before, index)


def test_back_returns_to_the_learners_previous_step_and_its_table() -> None:
    course = _toy_course()
    run = LessonRun(course, course.lessons[0])
    run.proceed()
    marks = []
    while not run.finished:
        if run.learners_turn:
            marks.append((run.index, run.game.snapshot()))
            expected = run.expected()
            assert expected is not None
            run.attempt(expected)
        else:
            run.play_other()
    for index, snapshot in reversed(marks):
        run.back()
        assert (run.index, run.game.snapshot()) == (index, snapshot)
        assert run.learners_turn


def test_a_bookmark_resumes_the_same_step_and_a_broken_one_is_refused() -> None:
    course = _toy_course()
    run = LessonRun(course, course.lessons[0])
    run.proceed()
    run.play_other() if not run.learners_turn else None
    resumed = LessonRun.resume({"royal_houses": course}, run.bookmark())
    assert resumed is not None
    assert (resumed.index, resumed.game.snapshot()) == (run.index, run.game.snapshot())
    courses = {"royal_houses": course}
    for broken in (
        {},
        {"game": "nope", "lesson": "toy", "step": 1},
        {"game": "royal_houses"},
        {"game": "royal_houses", "lesson": "toy", "step": -1},
        {"game": "royal_houses", "lesson": "toy", "step": 10**9},
        {"game": "royal_houses", "lesson": "toy", "step": True},
        {"game": "royal_houses", "lesson": "other", "step": 0},
        {"game": ["x"], "step": "2"},
    ):
        assert LessonRun.resume(courses, broken) is None


def test_a_script_the_rules_refuse_fails_loudly() -> None:
    course = _toy_course()
    lesson = course.lessons[0]
    steps = (*lesson.steps[:2], Step("gift nonsense", "A move the rules refuse."))
    broken = Lesson(**{**lesson.__dict__, "steps": steps})
    with pytest.raises(LessonError, match="step 3"):
        LessonRun(Course("royal_houses", course.checklist, (broken,)), broken, index=3)


def test_the_checklist_gaps_name_untaught_and_unknown_items() -> None:
    course = _toy_course()
    assert checklist_gaps(course) == (set(), set())
    wider = Course("royal_houses", {**course.checklist, "end": "the end"}, course.lessons)
    assert checklist_gaps(wider) == ({"end"}, set())


# ---- every game's own course -------------------------------------------------------------

COURSES = {g: c for g in sorted(rules.GAMES) if (c := games.course_for(g)) is not None}


@pytest.mark.parametrize("game_id", sorted(COURSES))
def test_every_checklist_item_is_taught_and_every_taught_item_is_listed(game_id: str) -> None:
    untaught, unknown = checklist_gaps(COURSES[game_id])
    assert not untaught, f"checklist items no step teaches: {sorted(untaught)}"
    assert not unknown, f"steps teach items not on the checklist: {sorted(unknown)}"


@pytest.mark.parametrize("game_id", sorted(COURSES))
def test_every_lesson_plays_to_its_end_by_its_script(game_id: str) -> None:
    course = COURSES[game_id]
    assert course.game_id == game_id and course.lessons
    for lesson in course.lessons:
        assert lesson.game_id == game_id and len(lesson.names) == lesson.players
        for step in lesson.steps:
            assert step.say.strip(), f"{lesson.id}: a step with nothing to say"
            for place in step.point:
                assert place.partition(":")[0] in ("card", "zone"), place
        run = LessonRun(course, lesson)
        _walk(run)
        assert run.finished


def test_every_game_can_be_learnt() -> None:
    """Every registered game declares a course (its lessons and their checklist)."""
    assert sorted(COURSES) == sorted(rules.GAMES)


@pytest.mark.parametrize("game_id", sorted(COURSES))
def test_the_real_game_after_a_lesson_deals_anew(game_id: str) -> None:
    """The lesson's fixed deal (a deck, a map, who starts) stays with the lesson: the real game
    offered at its end keeps only the options a player could choose in the setup."""
    from tabletop.learn.play import real_game_session

    spec = rules.GAMES[game_id]
    for lesson in COURSES[game_id].lessons:
        session = real_game_session(LessonRun(COURSES[game_id], lesson))
        fixed = {opt.key for opt in spec.options if opt.advanced}
        assert not fixed & set(session.options), lesson.id
        assert session.game.players == lesson.players


def test_a_lessons_log_speaks_to_the_learner_and_the_real_game_names_them() -> None:
    """The coach says "you": so does the log ("You play …", never "You plays …"); the real game
    after the lesson, saved and resumed like any other, calls the learner by a name."""
    from tabletop.learn.play import lesson_session, real_game_session

    for course in COURSES.values():
        for lesson in course.lessons:
            run = LessonRun(course, lesson)
            _walk(run)
            lines = lesson_session(run).log_lines(lesson.seat)
            assert not [line for line in lines if "You's" in line or "You plays" in line]
            real = real_game_session(run)
            assert "You" not in real.names
            assert (
                real.names[lesson.seat]
                not in lesson.names[: lesson.seat] + lesson.names[lesson.seat + 1 :]
            )
