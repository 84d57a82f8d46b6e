"""Court of the Medici's lessons (tabletop/games/medici/lessons.py): the checklist against the
rules' sources, the tables the coach describes, the learner's wrong moves, the places pointed at
on every size of table, and the time a lesson takes."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest

import rules
from rules.medici import SPECIAL_NAMES, Medici
from tabletop.display import Display
from tabletop.games.medici.layout import MediciLayout
from tabletop.games.medici.lessons import CHECKLIST, COURSE, DUEL, PARTNERS
from tabletop.learn import Lesson, LessonRun, Step, redirect_text

LESSONS = {lesson.id: lesson for lesson in COURSE.lessons}

# The items only the four-player variant has (source: "Setting Up", "Inner Circle", "Ending
# the Game", "Adjudicating Ties" and the Mistress among the components).
VARIANT = {
    "teams",
    "team-cards",
    "mistress",
    "partner-setup",
    "closed-inner",
    "partner-end",
    "team-score",
}


def _taught(lesson: Lesson) -> set[str]:
    return {key for step in lesson.steps for key in step.teaches}


def _walk(lesson: Lesson) -> Iterator[tuple[int, Step, Medici]]:
    """Each step of ``lesson`` with the table it is taken on (before its move)."""
    run = LessonRun(COURSE, lesson)
    while not run.finished:
        step = run.step
        assert step is not None and isinstance(run.game, Medici)
        yield run.index, step, run.game
        if not step.move:
            run.proceed()
        elif run.learners_turn:
            expected = run.expected()
            assert expected is not None
            assert run.attempt(expected).kind == "played"
        else:
            run.play_other()


def _shown(lesson: Lesson) -> Iterator[tuple[int, Step, Medici, bool]]:
    """Each step with the table its words and places are shown on, and whether it is the
    learner's move: the learner's step and a *Next* before they are taken, another seat's
    once its move is played (the coach says what just happened)."""
    run = LessonRun(COURSE, lesson)
    while not run.finished:
        index, step = run.index, run.step
        assert step is not None and isinstance(run.game, Medici)
        if step.move and not run.learners_turn:
            run.play_other()
            yield index, step, run.game, False
            continue
        yield index, step, run.game, bool(step.move)
        if step.move:
            expected = run.expected()
            assert expected is not None
            assert run.attempt(expected).kind == "played"
        else:
            run.proceed()


def _end(lesson: Lesson) -> Medici:
    run = LessonRun(COURSE, lesson, len(lesson.steps))
    assert isinstance(run.game, Medici)
    return run.game


# ---- (a) the checklist is what the sources demand ------------------------------------------


def test_the_checklist_names_every_card_kind_action_and_way_the_court_closes() -> None:
    """RULES-NOTES, Court of the Medici: the deck's card kinds (nobles, Minister, Lady-in-Waiting,
    Jester, Duke; the variant's Mistress), the four actions ("Send a noble to court", "Build",
    "Conspire", "Plan for the future"), the last card, both ways the duel ends and its
    scoring with the tie-break."""
    kinds = {"M": "minister", "L": "lady", "J": "jester", "D": "duke", "X": "mistress"}
    assert set(kinds) == set(SPECIAL_NAMES)
    required = {
        *kinds.values(),
        "nobles",
        "stack-value",
        "inner-circle",
        "first-player",
        "one-action-draw",
        "send-to-court",
        "build",
        "conspire",
        "spare",
        "plan",
        "last-card",
        "end-inner",
        "end-cannot-play",
        "scoring",
        "tie",
    }
    assert required <= set(CHECKLIST)
    assert set(CHECKLIST) >= VARIANT
    assert all(text.strip() and "\n" not in text for text in CHECKLIST.values())


def test_the_duel_teaches_the_whole_base_game_and_the_partnership_only_its_differences() -> None:
    """The brief: the duel teaches every rule a first duel needs; the second lesson only the
    four-player variant's differences (the Alliances source's own sections)."""
    assert _taught(DUEL) == set(CHECKLIST) - VARIANT
    assert _taught(PARTNERS) == VARIANT
    assert (DUEL.id, DUEL.players, PARTNERS.id, PARTNERS.players) == (
        "medici",
        2,
        "medici-partners",
        4,
    )


# ---- the tables the coach describes ------------------------------------------------------


def test_the_duel_starts_with_the_learner_and_ends_as_the_coach_says() -> None:
    """RULES-NOTES: "Higher Inner Circle total starts" (30 against 22) and "End, 2 players: at
    once when a player has no card of their house left in the Inner Circle"; each scores the
    influence points of their cards in play (30 against 21)."""
    start = rules.new_game("medici", 2, DUEL.seed, dict(DUEL.options))
    assert isinstance(start, Medici)
    assert start.to_move == DUEL.seat == 0
    assert start.points() == [30, 22]
    game = _end(DUEL)
    assert game.over and "no noble left in the Inner Circle" in game.end_reason
    assert game.points() == [30, 21]
    assert game.outcome().winners == (0,)
    said = " ".join(step.say for step in DUEL.steps)
    assert "30 against Lorenzo's 22" in said and "30 points and Lorenzo 21" in said


def test_the_partnership_lesson_ends_when_the_inner_circle_is_empty_and_the_team_wins() -> None:
    """Source, "Ending the Game": the game ends when there are no cards in the Inner Circle and
    each player's total is added to his partner's (23 against 18 here)."""
    run = LessonRun(COURSE, PARTNERS)
    assert isinstance(run.game, Medici)
    inner = [sid for sid in run.game.stacks if run.game.area[sid] == "inner"]
    assert [len(run.game.stacks[sid]) for sid in inner] == [4, 4]  # four cards, one a house
    assert run.game.teams == ((0, 2), (1, 3))
    game = _end(PARTNERS)
    assert game.over and game.end_reason == "The Inner Circle is empty."
    assert game.points() == [10, 7, 13, 11]
    outcome = game.outcome()
    assert outcome.winners == (0, 2) and outcome.breakdown["team_points"] == [23, 18]


def test_every_scripted_move_of_the_learner_is_one_a_gesture_can_make() -> None:
    """No ``same_move`` is needed: the table's gestures offer the legal moves, and every move
    the learner is asked for equals one of them exactly."""
    assert COURSE.same_move is None
    for lesson in COURSE.lessons:
        for _, step, game in _walk(lesson):
            if step.move and game.to_move == lesson.seat:
                assert game.parse_move(step.move) in game.legal_moves(), step.move
                assert str(game.parse_move(step.move)) == step.move


def test_the_coach_never_shows_notation() -> None:
    card_id = re.compile(r"\b[GROP](?:10|[2-9]|[MLJX])[ab]\b|\b[GROP]D\b")
    notation = re.compile(r"\b(?:court|build|plan|strike|spare|value|name) [A-Z0-9]")
    for lesson in COURSE.lessons:
        words = [lesson.intro, *lesson.recap, *(step.say for step in lesson.steps)]
        for text in words:
            assert not card_id.search(text), text
            assert not notation.search(text), text


# ---- (b) another legal move is redirected, an illegal one refused, and nothing changes ------


def _illegal(game: Medici, seat: int) -> str:
    """A move the rules refuse at this point of the learner's turn."""
    if game.phase == "value":
        return "value 11"
    if game.phase == "conspire":
        pending = game.pending["stack"]
        return f"strike {next(s for s in game.stacks if game.total(s) != game.total(pending))}"
    if game.players == 4:
        inner = next(s for s in game.stacks if game.area[s] == "inner")
        return f"build {game.hands[seat][0]} on {inner}"
    missing = next(c for c in game.decks[seat] if c not in game.hands[seat])
    return f"court {missing}"


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_off_script_moves_get_the_redirect_or_the_rules_refusal_and_change_nothing(
    lesson_id: str,
) -> None:
    lesson = LESSONS[lesson_id]
    learner_steps = [
        index for index, step, game in _walk(lesson) if step.move and game.to_move == lesson.seat
    ]
    assert len(learner_steps) >= 5
    refusals = set()
    for index in learner_steps:
        run = LessonRun(COURSE, lesson, index)
        game, step = run.game, run.step
        assert isinstance(game, Medici) and step is not None
        before = game.snapshot()
        expected = run.expected()
        assert expected is not None
        other = next((m for m in game.legal_moves() if m != expected), None)
        if other is not None:

            def describe(move: rules.Move, game: Medici = game) -> str:
                return game.describe_move(move, lesson.seat, lesson.names)

            verdict = run.attempt(other, describe)
            assert verdict.kind == "redirect"
            assert verdict.text == (step.redirect or redirect_text(describe(expected), step.say))
            assert "That works too" in verdict.text
            assert (run.game.snapshot(), run.index) == (before, index)
        illegal = game.parse_move(_illegal(game, lesson.seat))
        refusal = game.why_illegal(illegal, lesson.seat)
        assert refusal is not None
        verdict = run.attempt(illegal)
        assert verdict.kind == "refused" and verdict.text == refusal.message
        assert (run.game.snapshot(), run.index) == (before, index)
        refusals.add(refusal.code)
    # Each kind of step meets its own refusal; the variant's closed Inner Circle among them
    # (source, "Inner Circle": "No player may play a card to the Inner Circle").
    wanted = {"bad-value", "not-equal"} | (
        {"inner-circle-closed"} if lesson.players == 4 else {"not-in-hand"}
    )
    assert wanted <= refusals, refusals


def test_the_closed_inner_circle_refusal_is_the_rules_own_sentence() -> None:
    run = LessonRun(COURSE, PARTNERS)
    run.proceed()
    run.proceed()
    verdict = run.attempt(run.game.parse_move("build GXa on 2"))
    assert verdict.kind == "refused"
    assert verdict.text.startswith("No card may be played onto the Inner Circle")
    assert run.index == 2


# ---- (c) every pointed place is on the table, at every size ----------------------------------

SIZES = [
    (1280, 720, "desktop"),
    (1920, 1080, "desktop"),
    (3840, 2160, "desktop"),
    (1920, 1080, "tv"),
]


def _table_rect(display: Display) -> pygame.Rect:
    """The table scene's play area (under the status bar, beside the log), less a coach's band
    of five lines over it."""
    status = display.frame_px(64) + 5 * display.font_px(22)
    return pygame.Rect(0, status, display.width - display.log_px(False), display.height - status)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}-{s[2]}")
@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_every_pointed_place_is_on_the_learners_table(
    lesson_id: str, size: tuple[int, int, str]
) -> None:
    pygame.font.init()
    lesson = LESSONS[lesson_id]
    display = Display(*size)
    rect = _table_rect(display)
    layout = MediciLayout()
    pointed = 0
    for index, step, game, learners in _shown(lesson):
        view = dict(game.view(lesson.seat))
        model = layout.build(view, lesson.seat, rect, display, list(lesson.names))
        pieces = {piece.id: piece for piece in model.pieces}
        zones = {zone.id: zone for zone in model.zones}
        for place in step.point:
            kind, _, name = place.partition(":")
            where = pieces.get(name) if kind == "card" else zones.get(name)
            assert where is not None, f"step {index + 1}: {place} is not on the table"
            assert rect.colliderect(where.rect), f"step {index + 1}: {place} is off the table"
            pointed += 1
        for place in step.point if learners else ():
            name = place.partition(":")[2]
            if place.startswith("card:"):  # a card to move is the learner's, to drag
                assert pieces[name].drag == name, f"step {index + 1}: {name} cannot be dragged"
    assert pointed >= len(lesson.steps) - 2


# ---- (d) the time a lesson takes -----------------------------------------------------------

WORDS_A_MINUTE = 200
LEARNER_MOVE_S = 6
SCRIPTED_MOVE_S = 2


def minutes(lesson: Lesson) -> float:
    """A person reading at an ordinary pace: the coach's words (the intro, every step and the
    recap) at 200 a minute, 6 s for each of the learner's moves and 2 s for each scripted one."""
    words = len(lesson.intro.split()) + sum(len(line.split()) for line in lesson.recap)
    learner = scripted = 0
    for _, step, game in _walk(lesson):
        words += len(step.say.split())
        if step.move and game.to_move == lesson.seat:
            learner += 1
        elif step.move:
            scripted += 1
    seconds = words / WORDS_A_MINUTE * 60 + LEARNER_MOVE_S * learner + SCRIPTED_MOVE_S * scripted
    return seconds / 60


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_a_lesson_takes_three_to_six_minutes(lesson_id: str) -> None:
    assert 3 <= minutes(LESSONS[lesson_id]) <= 6
