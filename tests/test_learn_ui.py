"""Learn at the table, headless: the title's Learn, the lesson's table (coach, the learner's
moves judged by the lesson, the other seats' script, Back, Hint), leaving and resuming, the
end's recap and real game, every course's pointed places at every size, ``--learn`` and the
selftest's lessons. A made-up lesson (tests/lesson_helpers.py) stands in for the games' own,
and every real course (``games.course_for``) is covered as well once it exists."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from lesson_helpers import install, toy_course
from scene_helpers import click, key, make_app, pump, use_private_home

import rules
from tabletop import games
from tabletop.app import App
from tabletop.learn import Course, LessonRun
from tabletop.learn.marks import keep_mark, mark_for, marks_path
from tabletop.scenes.lesson import PACE, LessonScene
from tabletop.scenes.lesson_coach import point_rect
from tabletop.scenes.lesson_menu import PanelScene
from tabletop.scenes.table import TableScene
from tabletop.scenes.title import TitleScene

REAL_COURSES = {g: c for g in sorted(rules.GAMES) if (c := games.course_for(g)) is not None}
SIZES = [
    ((1280, 720), "desktop"),
    ((1920, 1080), "desktop"),
    ((3840, 2160), "desktop"),
    ((1920, 1080), "tv"),
]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


@pytest.fixture
def app(home: Path) -> Iterator[App]:
    application = make_app((1600, 900), animation_speed=0.0)
    yield application
    application.quit()


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Course:
    course = toy_course()
    install(monkeypatch, course)
    return course


def start(app: App, course: Course, index: int = 0, lesson: int = 0) -> LessonScene:
    app.go.lesson(LessonRun(course, course.lessons[lesson], index))
    pump(app, 2)
    assert isinstance(app.top, LessonScene)
    return app.top


def to_learners_move(app: App, scene: LessonScene) -> None:
    """On until the learner has a move to make (Next pressed on the way)."""
    run = scene.run
    for _ in range(200):
        step = run.step
        if run.learners_turn and step is not None and step.move:
            return
        if run.learners_turn:
            scene.next_step()
        pump(app, 1)
    raise AssertionError("no move of the learner's came")


def walk_to_end(app: App, scene: LessonScene) -> None:
    run = scene.run
    for _ in range(2000):
        if scene.ended:
            pump(app, 2)
            return
        if run.learners_turn:
            expected = run.expected()
            if expected is None:
                scene.next_step()
            else:
                assert scene.play(expected)
        pump(app, 1)
    raise AssertionError("the lesson did not end")


# ---- the title's Learn ----------------------------------------------------------------


def test_learn_on_the_title_opens_the_lesson_with_the_coach_saying_its_first_step(
    app: App, toy: Course
) -> None:
    title = TitleScene(app)
    app.push(title)
    pump(app, 2)
    button = title.learn_buttons["royal_houses"]
    assert button.is_enabled
    click(app, button)
    scene = app.top
    assert isinstance(scene, LessonScene)
    first = toy.lessons[0].steps[0]
    assert scene.coach.text == first.say
    assert scene.coach.next_button is not None  # a step that only explains: Next
    assert scene.coach.rect is not None and scene.coach.rect.bottom <= scene.layout_rect.top
    for game_id, learn in title.learn_buttons.items():
        if game_id != "royal_houses":
            assert learn.is_enabled == (game_id in REAL_COURSES)


@pytest.mark.parametrize(("size", "profile"), SIZES)
def test_the_title_rows_hold_learn_beside_rules_and_play_at_every_size(
    home: Path, size: tuple[int, int], profile: str
) -> None:
    app = make_app(size, profile)
    try:
        title = TitleScene(app)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            app.push(title)
            pump(app, 2)
        assert not [str(w.message) for w in caught if "too small" in str(w.message)]
        for game_id, learn in title.learn_buttons.items():
            rules_button = title.rules_buttons[game_id]
            play = title.play_buttons[game_id]
            row = learn.ui_container.get_rect()
            assert row.contains(learn.rect), game_id
            assert learn.rect.right < rules_button.rect.left < play.rect.left
            label = title.game_labels[game_id].rect
            assert label.right <= learn.rect.left, game_id
            assert learn.rect.top >= 0 and learn.rect.bottom <= size[1]
    finally:
        app.quit()


def test_several_lessons_are_chosen_from_the_first_by_default(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    course = toy_course(lessons=2)
    install(monkeypatch, course)
    app.push(TitleScene(app))
    app.go.learn("royal_houses")
    pump(app, 2)
    chooser = app.top
    assert isinstance(chooser, PanelScene)
    labels = [c.label for c in chooser.choices]
    assert labels == ["First steps", "More steps 2", "Cancel"]
    assert [c.primary for c in chooser.choices] == [True, False, False]
    click(app, chooser.buttons["More steps 2"])
    assert isinstance(app.top, LessonScene) and app.top.run.lesson.id == "toy2"


def test_a_game_without_lessons_says_so(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "course_for", lambda game_id: None)
    app.push(TitleScene(app))
    app.go.learn("allegiance")
    pump(app, 1)
    assert isinstance(app.top, TitleScene)
    assert any("has no lessons yet" in t.text for t in app.toasts)


# ---- the learner's moves ----------------------------------------------------------------


def test_the_intended_move_by_the_tables_own_drag_advances_and_animates(
    app: App, toy: Course
) -> None:
    scene = start(app, toy)
    to_learners_move(app, scene)
    run = scene.run
    index = run.index
    expected = run.expected()
    assert expected is not None and expected.target is not None
    # The counter dragged onto its house, as the mouse would.
    drag = next(
        p.drag
        for p in scene.model.pieces
        if p.drag
        and scene.gestures.resolve_drop(p.drag, expected.target, scene.game.legal_moves())
        == [expected]
    )
    scene.drop(drag, expected.target)
    pump(app, 2)
    assert run.index == index + 1
    assert scene.game.history == run.game.history  # the table shows the lesson's game
    assert scene.game.history[-1] == expected


def test_another_legal_move_gets_the_redirect_and_changes_nothing(app: App, toy: Course) -> None:
    scene = start(app, toy)
    to_learners_move(app, scene)
    run = scene.run
    expected = run.expected()
    other = next(m for m in scene.game.legal_moves() if m != expected)
    before, index = scene.game.snapshot(), run.index
    assert scene.play(other) is False
    pump(app, 2)
    assert "That works too" in scene.coach.text
    assert scene.describe(expected) in scene.coach.text  # says what to play instead
    assert (scene.game.snapshot(), run.game.snapshot(), run.index) == (
        before,
        before,
        index,
    )
    # Then the intended move is still taken, and the redirect goes.
    assert expected is not None and scene.play(expected)
    assert "That works too" not in scene.coach.text


def test_an_illegal_move_gets_the_rules_sentence_and_changes_nothing(app: App, toy: Course) -> None:
    scene = start(app, toy)
    to_learners_move(app, scene)
    run = scene.run
    illegal = rules.Move("play", ("C1",), "house:Castellia")  # cards wait for the counters
    refusal = scene.game.why_illegal(illegal, run.lesson.seat)
    assert refusal is not None
    before, index = scene.game.snapshot(), run.index
    assert scene.play(illegal) is False
    pump(app, 1)
    assert any(t.text == refusal.message and t.kind == "error" for t in app.toasts)
    assert (scene.game.snapshot(), run.index) == (before, index)


def test_back_returns_to_the_learners_previous_step_and_its_table(app: App, toy: Course) -> None:
    scene = start(app, toy)
    to_learners_move(app, scene)
    run = scene.run
    index, snapshot = run.index, scene.game.snapshot()
    expected = run.expected()
    assert expected is not None and scene.play(expected)
    pump(app, 2)
    assert scene.coach.back_button is not None and scene.coach.back_button.is_enabled
    click(app, scene.coach.back_button)
    assert run.index == index
    assert scene.game.snapshot() == snapshot == run.game.snapshot()
    assert run.learners_turn and scene.coach.text.endswith(run.step.say)  # type: ignore[union-attr]


def test_the_other_seats_play_their_script_at_a_readable_pace_and_no_ai_plays(
    home: Path, toy: Course
) -> None:
    app = make_app((1600, 900), animation_speed=1.0)
    try:
        scene = start(app, toy)
        assert scene.ai.bots == {}  # no AI worker is asked for the scripted seats
        run = scene.run
        scene.next_step()
        pump(app, 3)
        assert run.index == 1  # the rival's first move waits
        assert scene.due_at - time.monotonic() > PACE / 2
        scene.due_at = 0.0
        pump(app, 2)
        assert run.index == 2 and scene.game.history == run.game.history
        assert scene.coach.text == toy.lessons[0].steps[1].say  # what just happened
        assert PACE >= 1.2 and PACE <= 2.0
    finally:
        app.quit()


def test_hint_points_at_the_lessons_move(app: App, toy: Course) -> None:
    scene = start(app, toy)
    to_learners_move(app, scene)
    key(app, pygame.K_h)
    assert scene.hint.move == scene.run.expected()
    assert scene.hint.request is None  # no AI asked


def test_the_table_saves_nothing_and_offers_no_undo(app: App, toy: Course, home: Path) -> None:
    scene = start(app, toy)
    to_learners_move(app, scene)
    expected = scene.run.expected()
    assert expected is not None and scene.play(expected)
    pump(app, 3)
    scene.flush_save()
    assert not scene.saving.undo_offered()
    assert scene.save_button is not None and not scene.save_button.visible
    saves = home / "xdg_data_home" / "tabletop" / "saves"
    assert not any(saves.glob("*.json")) if saves.exists() else True


# ---- leaving and resuming ---------------------------------------------------------------


def test_leaving_keeps_a_bookmark_and_learn_offers_to_go_on_or_start_over(
    app: App, toy: Course
) -> None:
    scene = start(app, toy)
    to_learners_move(app, scene)
    expected = scene.run.expected()
    assert expected is not None and scene.play(expected)
    pump(app, 2)
    index = scene.run.index
    key(app, pygame.K_ESCAPE)
    assert scene.leave_dialog is not None
    scene.leave_dialog.answer_yes()
    pump(app, 2)
    assert isinstance(app.top, TitleScene)
    assert mark_for("royal_houses") == {"game": "royal_houses", "lesson": "toy", "step": index}
    click(app, app.top.learn_buttons["royal_houses"])
    chooser = app.top
    assert isinstance(chooser, PanelScene)
    assert [c.label for c in chooser.choices] == [
        "Go on: First steps",
        "Start over: First steps",
        "Cancel",
    ]
    click(app, chooser.buttons["Go on: First steps"])
    resumed = app.top
    assert isinstance(resumed, LessonScene) and resumed.run.index == index
    assert resumed.game.history == resumed.run.game.history
    resumed._leave()
    pump(app, 1)
    click(app, app.top.learn_buttons["royal_houses"])  # type: ignore[union-attr]
    assert isinstance(app.top, PanelScene)
    click(app, app.top.buttons["Start over: First steps"])
    assert isinstance(app.top, LessonScene) and app.top.run.index == 0


@pytest.mark.parametrize(
    "broken",
    [
        {"game": "royal_houses", "lesson": "toy", "step": 10**6},
        {"game": "royal_houses", "lesson": "gone", "step": 2},
        {"game": "royal_houses", "lesson": "toy", "step": "3"},
        "not a bookmark",
        None,
    ],
)
def test_a_broken_bookmark_is_ignored(app: App, toy: Course, broken: object) -> None:
    if broken is None:  # not even JSON
        marks_path().parent.mkdir(parents=True, exist_ok=True)
        marks_path().write_text("{ not json", encoding="utf-8")
    else:
        marks_path().parent.mkdir(parents=True, exist_ok=True)
        marks_path().write_text(
            json.dumps({"format": 1, "marks": {"royal_houses": broken}}), encoding="utf-8"
        )
    app.push(TitleScene(app))
    pump(app, 1)
    click(app, app.top.learn_buttons["royal_houses"])  # type: ignore[union-attr]
    scene = app.top
    assert isinstance(scene, LessonScene) and scene.run.index == 0


# ---- the end ----------------------------------------------------------------------------


def test_the_end_shows_the_recap_and_plays_a_real_game_against_easy(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    course = toy_course(lessons=2)
    install(monkeypatch, course)
    keep_mark("royal_houses", {"game": "royal_houses", "lesson": "toy", "step": 3})
    scene = start(app, course)
    walk_to_end(app, scene)
    end = app.top
    assert isinstance(end, PanelScene)
    for item in course.lessons[0].recap:
        assert any(item in line for line in end.lines)
    assert [c.label for c in end.choices] == [
        "Play a real game",
        "Next lesson: More steps 2",
        "Back to title",
    ]
    assert mark_for("royal_houses") is None  # done: Learn starts afresh
    click(app, end.buttons["Play a real game"])
    table = app.top
    assert isinstance(table, TableScene) and not isinstance(table, LessonScene)
    seats = [(s.name, s.kind) for s in table.session.seats]
    assert seats == [("Ada", "human"), ("Coach", "easy")]
    assert table.ai.bots and 1 in table.ai.bots  # the AI plays them now
    assert "deck" not in table.session.options


def test_the_last_lesson_offers_no_next_and_back_to_title_goes_home(app: App, toy: Course) -> None:
    scene = start(app, toy)
    walk_to_end(app, scene)
    end = app.top
    assert isinstance(end, PanelScene)
    assert [c.label for c in end.choices] == ["Play a real game", "Back to title"]
    click(app, end.buttons["Back to title"])
    assert isinstance(app.top, TitleScene)


# ---- every course's places, at every size -------------------------------------------------

COURSE_IDS = ["test-course", *sorted(REAL_COURSES)]


def _course(name: str) -> Course:
    return toy_course() if name == "test-course" else REAL_COURSES[name]


def _missing_places(app: App, course: Course) -> list[str]:
    """Every pointed place not on the table when the coach points at it: a learner's (or
    *Next*) step's before its move, another seat's after it (it says what just happened)."""
    missing = []
    for lesson in course.lessons:
        scene = start(app, course, lesson=course.lessons.index(lesson))
        run = scene.run
        while not run.finished:
            step = run.step
            assert step is not None
            mine = run.learners_turn
            if mine:
                missing += _absent(scene, lesson.id, run.index, step.point)
                expected = run.expected()
                if expected is None:
                    scene.next_step()
                else:
                    assert scene.play(expected)
            else:
                _settle(scene)
                scene.due_at = 0.0
                scene._advance()
                missing += _absent(scene, lesson.id, run.index - 1, step.point)
            _settle(scene)
    return missing


def _settle(scene: LessonScene) -> None:
    """A held trick or a recap moved on at once (as a click does)."""
    for _ in range(50):
        if not scene.showing_a_moment:
            return
        if scene.moments.held is not None:
            scene.moments.skip()
        scene.end_recap()
        scene.moments.update(1.0)
    raise AssertionError("the table kept holding a moment")


def _absent(scene: LessonScene, lesson: str, index: int, places: tuple[str, ...]) -> list[str]:
    scene.refresh(animate=False)
    return [
        f"{lesson} step {index + 1}: {place}"
        for place in places
        if point_rect(scene.model, place) is None
    ]


@pytest.mark.parametrize("name", COURSE_IDS)
def test_every_pointed_place_is_on_the_table_at_every_size(home: Path, name: str) -> None:
    course = _course(name)
    assert any(step.point for lesson in course.lessons for step in lesson.steps)
    for size, profile in SIZES:
        app = make_app(size, profile, animation_speed=0.0)
        try:
            missing = _missing_places(app, course)
        finally:
            app.quit()
        assert not missing, f"{size} {profile}: {missing}"


@pytest.mark.parametrize(("size", "profile"), SIZES)
def test_the_coach_band_holds_its_words_and_the_table_keeps_its_room(
    home: Path, toy: Course, size: tuple[int, int], profile: str
) -> None:
    app = make_app(size, profile, animation_speed=0.0)
    try:
        scene = start(app, toy)
        to_learners_move(app, scene)
        band = scene.coach.rect
        assert band is not None
        font_px = scene.coach.font_px
        assert font_px >= app.display.body_px
        said = " ".join(text for text, quiet in scene.coach.lines if not quiet)
        step = scene.run.step
        assert step is not None and said.split() == step.say.split()
        assert band.h <= size[1] // 4
        for piece in scene.model.pieces:
            assert not band.colliderect(piece.rect), piece.id
    finally:
        app.quit()


# ---- the command line and the selftest ------------------------------------------------------


def test_learn_from_the_command_line(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    from tabletop.__main__ import _first_scene_factory, parse_args

    with pytest.raises(SystemExit) as ended:
        _first_scene_factory(parse_args(["--learn", "chess"]))
    assert "no game 'chess'" in str(ended.value.code)
    monkeypatch.setattr(games, "course_for", lambda game_id: None)
    with pytest.raises(SystemExit) as ended:
        _first_scene_factory(parse_args(["--learn", "medici"]))
    assert ended.value.code == "tabletop: Court of the Medici has no lessons yet"
    install(monkeypatch, toy_course())
    factory = _first_scene_factory(parse_args(["--learn", "royal_houses"]))
    app = make_app(animation_speed=0.0)
    try:
        scene = factory(app)
        assert isinstance(scene, LessonScene) and scene.run.lesson.id == "toy"
    finally:
        app.quit()


def test_learn_from_a_shell_gives_a_message_and_an_exit_code() -> None:
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    import os

    result = subprocess.run(
        [sys.executable, "-m", "tabletop", "--learn", "chess"],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=120,
    )
    assert result.returncode == 1
    assert "no game 'chess'" in result.stderr and "Traceback" not in result.stderr
    without = [g for g in sorted(rules.GAMES) if g not in REAL_COURSES]
    taught = sorted(REAL_COURSES)
    args = ["--learn", without[0]] if without else ["--learn", taught[0], "--frames", "20"]
    result = subprocess.run(
        [sys.executable, "-m", "tabletop", *args, "--speed", "0", "--size", "1280x720"],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=300,
    )
    if without:
        assert result.returncode == 1 and "has no lessons yet" in result.stderr
    else:
        assert result.returncode == 0, result.stderr


def test_the_selftest_plays_every_lesson_to_its_end_and_names_it(app: App, toy: Course) -> None:
    from tabletop.selftest import _play_lessons

    played = _play_lessons(app)
    assert any("royal_houses/toy (First steps): 18 steps" in line for line in played)
    assert len(played) == 1 + sum(
        len(c.lessons) for g, c in REAL_COURSES.items() if g != "royal_houses"
    )
