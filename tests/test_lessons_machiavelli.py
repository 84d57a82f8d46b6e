"""Machiavelli's lesson (tabletop/games/machiavelli/lessons.py): its checklist holds what the
source demands, what the coach says about the table is true there, an off-script move is
redirected or refused without changing anything, every pointed place is on the table at four
sizes, it takes 3 to 6 minutes, and a table built by hand in the working area and handed over
by End turn is accepted as the lesson's move however its melds are listed.

Source: shared/sources/001_c717387ba60b2570.txt; decisions: RULES-NOTES.md "Machiavelli".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

import rules
from rules import Move
from rules.machiavelli import DRAW, Machiavelli, play_move
from tabletop import games
from tabletop.display import Display
from tabletop.games.machiavelli.gestures import MachiavelliGestures
from tabletop.games.machiavelli.layout import MachiavelliLayout
from tabletop.games.machiavelli.lessons import COURSE, LESSON, same_table
from tabletop.games.machiavelli.working_area import NEW_ZONE, MachiavelliWorkingArea
from tabletop.learn import Lesson, LessonRun, Step, redirect_text

SEAT = LESSON.seat


def _describe(run: LessonRun) -> Callable[[Move], str]:
    return lambda move: run.game.describe_move(move, SEAT, list(LESSON.names))


def _run_to(index: int) -> LessonRun:
    """The lesson with its first ``index`` steps played, as the scene walks it."""
    run = LessonRun(COURSE, LESSON)
    while run.index < index:
        if not run.learners_turn:
            run.play_other()
        elif run.step is not None and not run.step.move:
            run.proceed()
        else:
            expected = run.expected()
            assert expected is not None
            assert run.attempt(expected).kind == "played"
    return run


def _table(run: LessonRun) -> Machiavelli:
    """The lesson's game as Machiavelli (its solver and its melds)."""
    assert isinstance(run.game, Machiavelli)
    return run.game


def _learner_step(text_in_say: str) -> int:
    """The index of the learner's step whose words contain ``text_in_say``."""
    return next(i for i, s in enumerate(LESSON.steps) if s.move and text_in_say in s.say)


def _kinds(lesson: Lesson) -> Iterator[tuple[Step, str]]:
    """Each step with who takes it: "learner" (a move of the learner's seat), "scripted"
    (another seat's move) or "next" (the coach only explains)."""
    game = rules.new_game(lesson.game_id, lesson.players, lesson.seed, dict(lesson.options))
    for step in lesson.steps:
        if not step.move:
            yield step, "next"
            continue
        yield step, "learner" if game.to_move == lesson.seat else "scripted"
        game.play_text(step.move)


# ---- (a) the checklist ---------------------------------------------------------------------


def test_the_checklist_holds_what_the_source_demands() -> None:
    """Source "Invariant." (sets, runs, "The ace follows the king in a run, and cannot be
    placed before the two"), "Play." (the opening group of three, adding to and
    "redistributing existing groups", drawing when you do not play), "Goal." and "Deal.";
    RULES-NOTES "Machiavelli" (runs of 3+, the end with an empty stock, penalty points)."""
    demanded = {
        "deal",
        "goal",
        "set",
        "run",
        "two-decks",
        "ace",
        "opening",
        "lay",
        "add-on",
        "rearrange",
        "valid-table",
        "draw",
        "going-out",
        "penalty",
        "stock-empty",
    }
    assert demanded <= set(COURSE.checklist)
    assert games.course_for("machiavelli") is COURSE


# ---- what the coach says is true on its table -------------------------------------------------


def test_the_draw_step_comes_when_the_learner_truly_cannot_play() -> None:
    """Source "Play.": "If the player does not play a card on the table, they must pick up a
    card". The coach says none of your cards fits, not even by moving the table around: the
    exact solver finds no play there."""
    run = _run_to(_learner_step("Press Draw"))
    assert run.learners_turn and _table(run).best_play() is None
    assert [str(m) for m in run.game.legal_moves()] == ["draw"]


def test_lucia_draws_by_choice_once_and_because_she_must_later() -> None:
    """RULES-NOTES: "A turn is either a play (1+ cards from hand, table valid at the end) or
    a draw of 1 card": drawing is allowed with a play in hand, as Lucia's first draw shows;
    her last one is forced."""
    draws = [i for i, s in enumerate(LESSON.steps) if s.move == "draw"]
    by_choice = _run_to(draws[0])
    assert by_choice.game.to_move != SEAT and _table(by_choice).best_play() is not None
    forced = _run_to(draws[-1])
    assert forced.game.to_move != SEAT and _table(forced).best_play() is None


def test_the_lesson_ends_with_the_learner_out_and_lucia_on_20_penalty_points() -> None:
    """Source "Goal.": the first to play all their cards wins; RULES-NOTES: "A 11, K/Q/J 10,
    others face value" — Lucia's A♥ and 9♠ make 20, as the coach says."""
    run = _run_to(len(LESSON.steps) - 1)
    assert run.game.over
    outcome = run.game.outcome()
    assert outcome.winners == (SEAT,)
    assert outcome.breakdown is not None
    assert outcome.breakdown["penalties"] == [0, 20]
    assert outcome.breakdown["left"][1] == ["9S.1", "AH.1"]
    assert "20 penalty points" in LESSON.steps[-1].say


def test_the_rearranging_steps_really_rearrange_the_table() -> None:
    """Source "Play.": "redistributing existing groups and adding cards": at the 7s and at the
    split, a card that was on the table changes meld (the 7♣; the Q♦ and K♦)."""
    for hint, moved in (("third 7", {"7C.1"}), ("exists twice", {"QD.1", "KD.1"})):
        run = _run_to(_learner_step(hint))
        before = {c: frozenset(m) for m in _table(run).table for c in m}
        expected = run.expected()
        assert expected is not None and run.attempt(expected).kind == "played"
        after = {c: frozenset(m) for m in _table(run).table for c in m}
        assert {c for c in before if not before[c] <= after[c]} >= moved


# ---- (b) off-script moves --------------------------------------------------------------------


def _assert_unchanged_after(run: LessonRun, move: Move) -> str:
    before, index = run.game.snapshot(), run.index
    verdict = run.attempt(move, describe=_describe(run))
    assert (run.game.snapshot(), run.index) == (before, index)
    return verdict.kind + ":" + verdict.text


@pytest.mark.parametrize(
    "hint,legal,illegal",
    [
        # The opening: the diamond run instead of the 8s; a meld of two.
        ("three 8s", "play 2D.1-3D.1-4D.1-5D.1", "play 8S.1-8H.1"),
        # The 7s: the 3♣ laid off instead; the 7s as a meld of two.
        (
            "third 7",
            "play 8S.1-8H.1-8D.1 9H.1-10H.1-JH.1-QH.1 2D.1-3D.1-4D.1-5D.1 6S.1-6H.1-6D.1 "
            "3C.1-4C.1-5C.1-6C.1-7C.1 QS.1-KS.1-AS.1",
            "play 8S.1-8H.1-8D.1 9H.1-10H.1-JH.1-QH.1 2D.1-3D.1-4D.1-5D.1 6S.1-6H.1-6D.1 "
            "4C.1-5C.1-6C.1-7C.1 QS.1-KS.1-AS.1 7S.1-7H.1",
        ),
        # The split: the 3♣ laid off instead; both J♦ in one run.
        (
            "exists twice",
            "play 8S.1-8H.1-8D.1 9H.1-10H.1-JH.1-QH.1 2D.1-3D.1-4D.1-5D.1 6S.1-6H.1-6D.1 "
            "3C.1-4C.1-5C.1-6C.1 QS.1-KS.1-AS.1 7S.1-7H.1-7C.1 9D.1-10D.1-JD.1-QD.1-KD.1",
            "play 8S.1-8H.1-8D.1 9H.1-10H.1-JH.1-QH.1 2D.1-3D.1-4D.1-5D.1 6S.1-6H.1-6D.1 "
            "4C.1-5C.1-6C.1 QS.1-KS.1-AS.1 7S.1-7H.1-7C.1 9D.1-10D.1-JD.1-JD.2-QD.1-KD.1",
        ),
    ],
)
def test_an_off_script_move_is_redirected_and_an_illegal_one_refused(
    hint: str, legal: str, illegal: str
) -> None:
    """RULES-NOTES: a meld has 3+ cards, a run each card once ("not a run: J♦ appears twice");
    the refusal is the rules' own sentence, and neither move changes the game or the step."""
    index = _learner_step(hint)
    run = _run_to(index)
    step, game = LESSON.steps[index], run.game
    other = game.parse_move(legal)
    assert game.why_illegal(other, SEAT) is None
    expected = run.expected()
    assert expected is not None
    words = step.redirect or redirect_text(_describe(run)(expected), step.say)
    assert _assert_unchanged_after(run, other) == "redirect:" + words
    wrong = game.parse_move(illegal)
    refusal = game.why_illegal(wrong, SEAT)
    assert refusal is not None
    assert _assert_unchanged_after(run, wrong) == "refused:" + refusal.message


def test_passing_at_the_draw_step_gets_the_rules_refusal() -> None:
    """RULES-NOTES: "With the stock empty, a player who does not play passes" — not before."""
    run = _run_to(_learner_step("Press Draw"))
    refusal = run.game.why_illegal(rules.machiavelli.PASS, SEAT)
    assert refusal is not None and refusal.code == "must-draw"
    assert _assert_unchanged_after(run, rules.machiavelli.PASS) == "refused:" + refusal.message


# ---- (c) every pointed place is on the table -------------------------------------------------

DISPLAYS = [
    Display(1280, 720),
    Display(1920, 1080),
    Display(3840, 2160),
    Display(1920, 1080, "tv"),
]


@pytest.mark.parametrize("display", DISPLAYS, ids=["720p", "1080p", "4k", "tv"])
def test_every_pointed_place_is_on_the_learners_table(display: Display) -> None:
    """A learner's step (or a *Next*) points at the table before its move; another seat's
    step at the table its move made. The layout is kept in step with the game as the table
    scene keeps it (the working area follows every position)."""
    pygame.font.init()
    area = MachiavelliWorkingArea()
    layout = MachiavelliLayout(area)
    w, h = display.size
    status_h, log_w = display.frame_px(64), display.log_px()
    rect = pygame.Rect(0, status_h, w - log_w, h - status_h)
    run = LessonRun(COURSE, LESSON)

    def check(step: Step) -> None:
        view = run.game.view(SEAT)
        area.sync(view, SEAT)
        model = layout.build(view, SEAT, rect, display, list(LESSON.names))
        pieces = {p.id for p in model.pieces}
        for place in step.point:
            kind, _, name = place.partition(":")
            found = name in pieces if kind == "card" else model.zone(name) is not None
            assert found, f"step {run.index + 1}: {place} is not on the table"

    while not run.finished:
        step = run.step
        assert step is not None
        if run.learners_turn:
            check(step)
            if step.move:
                expected = run.expected()
                assert expected is not None
                run.attempt(expected)
            else:
                run.proceed()
        else:
            run.play_other()
            check(step)


# ---- (d) the time it takes ---------------------------------------------------------------------


def estimated_minutes(lesson: Lesson) -> float:
    """A reader at ~200 words a minute (the intro, every step's words, the recap) plus ~6 s
    for each of the learner's moves and ~2 s for each scripted move or *Next* press."""
    words = len(lesson.intro.split()) + sum(len(line.split()) for line in lesson.recap)
    seconds = 0.0
    for step, kind in _kinds(lesson):
        words += len(step.say.split())
        seconds += 6 if kind == "learner" else 2
    return words / 200 + seconds / 60


def test_the_lesson_takes_three_to_six_minutes() -> None:
    minutes = estimated_minutes(LESSON)
    assert 3 <= minutes <= 6, minutes


# ---- (e) the working area's table is the lesson's move -------------------------------------


def _area_at(run: LessonRun) -> MachiavelliWorkingArea:
    area = MachiavelliWorkingArea()
    area.sync(run.game.view(SEAT), SEAT)
    assert area.work is not None
    return area


def _end_turn(area: MachiavelliWorkingArea, run: LessonRun) -> Move:
    """Press End turn: the move the working area hands to the table scene."""
    move = area.run_action("end", lambda m: run.game.why_illegal(m, SEAT))
    assert isinstance(move, Move), move
    return move


def _place(area: MachiavelliWorkingArea, card: str) -> str:
    assert area.work is not None
    index = area.work.where(card)
    assert index is not None, card
    return f"meld:{index}"


def _build_anew(area: MachiavelliWorkingArea, expected: Move) -> None:
    """Make ``expected``'s table another way than its notation lists it: each meld not
    already on the table is gathered, its cards in reverse, on New meld, last meld first."""
    work = area.work
    assert work is not None
    for meld in reversed(expected.value):
        if any(set(m) == set(meld) for m in work.melds):
            continue
        assert area.drop_group(list(reversed(meld)), NEW_ZONE) is True


def test_every_learner_play_built_by_hand_and_ended_is_the_lessons_move() -> None:
    """Each play of the learner's, built from the turn's start by drags in the working area
    and handed over by End turn, is played (the two rearranging plays come out listed
    otherwise than the script's notation); so is the table listed back to front."""
    run = LessonRun(COURSE, LESSON)
    built, otherwise = 0, 0
    while not run.finished:
        step, expected = run.step, run.expected()
        if not run.learners_turn:
            run.play_other()
        elif expected is None:
            run.proceed()
        elif expected.kind == "draw":
            buttons = MachiavelliGestures(_area_at(run)).button_moves(run.game.legal_moves())
            assert buttons == [DRAW]
            assert run.attempt(buttons[0]).kind == "played"
        else:
            area = _area_at(run)
            _build_anew(area, expected)
            move = _end_turn(area, run)
            assert step is not None
            otherwise += str(move) != step.move
            backwards = play_move([tuple(reversed(m)) for m in reversed(expected.value)])
            assert run.is_intended(backwards)
            verdict = run.attempt(move)
            assert verdict.kind == "played", verdict.text
            built += 1
    assert (built, otherwise) == (7, 2)


def test_the_sevens_dragged_one_by_one_are_accepted() -> None:
    """The 7♣ dragged from Lucia's clubs onto New meld, then the 7♥ and 7♠ onto it."""
    run = _run_to(_learner_step("third 7"))
    area = _area_at(run)
    assert area.drop("7C.1", NEW_ZONE) is True
    assert area.drop("7H.1", _place(area, "7C.1")) is True
    assert area.drop("7S.1", _place(area, "7C.1")) is True
    assert run.attempt(_end_turn(area, run)).kind == "played"


@pytest.mark.parametrize("moved_to_new", [["QD.1", "KD.1"], ["9D.1", "10D.1"]])
def test_the_split_with_either_copy_of_the_jack_is_accepted(moved_to_new: list[str]) -> None:
    """The two J♦ look alike: Q♦ K♦ moved off to join your J♦, or 9♦ 10♦ moved off to join it
    (Lucia's J♦ then stays with Q♦ K♦), make the same table by face."""
    run = _run_to(_learner_step("exists twice"))
    area = _area_at(run)
    assert area.drop_group(moved_to_new, NEW_ZONE) is True
    assert area.drop("JD.2", _place(area, moved_to_new[0])) is True
    move = _end_turn(area, run)
    assert run.attempt(move).kind == "played"


def test_the_same_cards_melded_otherwise_are_not_the_same_move() -> None:
    """Same faces on the table, cut into other melds: not the lesson's table. A draw is only
    a draw; a table of non-cards is nobody's move."""
    run = _run_to(_learner_step("exists twice"))
    expected = run.expected()
    assert expected is not None
    assert expected.value[-2:] == (("9D.1", "10D.1", "JD.1"), ("JD.2", "QD.1", "KD.1"))
    recut = play_move([*expected.value[:-2], ("9D.1", "10D.1", "JD.1", "QD.1"), ("JD.2", "KD.1")])
    assert not same_table(run.game, recut, expected)
    swapped = play_move([*expected.value[:-2], ("JD.1", "QD.1", "KD.1"), ("9D.1", "10D.1", "JD.2")])
    assert same_table(run.game, swapped, expected)
    assert same_table(run.game, DRAW, DRAW)
    assert not same_table(run.game, DRAW, expected)
    assert not same_table(run.game, play_move([("nonsense",)]), expected)
