"""Alliances' lessons (tabletop/games/alliances/lessons.py): the checklist holds what the rule
book demands of a first game, off-script moves are redirected or refused without changing
anything, every pointed place is on the table at every size, each lesson keeps to its time,
and what the coach says about the table is what the rules did."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import rules
from rules.alliances import SUITS
from tabletop import games
from tabletop.display import Display
from tabletop.games.alliances.layout import AlliancesLayout
from tabletop.games.alliances.lessons import COURSE
from tabletop.learn import Lesson, LessonRun, checklist_gaps, redirect_text

LESSONS = {lesson.id: lesson for lesson in COURSE.lessons}
DISPLAYS = (
    Display(1280, 720),
    Display(1920, 1080),
    Display(3840, 2160),
    Display(1920, 1080, "tv"),
)
# Minutes a lesson may take: the 4-player game whole, the variants' differences briefly.
TIME_RANGE = {"alliances": (3.0, 6.0), "alliances-2p": (1.5, 3.0), "alliances-3p": (1.5, 3.0)}


def minutes(lesson: Lesson) -> float:
    """A reader's time: ~200 words a minute for everything the coach says (intro and recap
    included), ~6 s for each of the learner's moves and ~2 s for each scripted one."""
    words = len(lesson.intro.split()) + sum(len(line.split()) for line in lesson.recap)
    learner = scripted = 0
    run = LessonRun(COURSE, lesson)
    while not run.finished:
        step = run.step
        assert step is not None
        words += len(step.say.split())
        if not step.move:
            run.proceed()
        elif run.learners_turn:
            learner += 1
            expected = run.expected()
            assert expected is not None
            run.attempt(expected)
        else:
            scripted += 1
            run.play_other()
    return (words / 200 * 60 + 6 * learner + 2 * scripted) / 60


def run_to(lesson_id: str, move: str) -> LessonRun:
    """The lesson at the learner's step whose move is ``move`` (the first such)."""
    run = LessonRun(COURSE, LESSONS[lesson_id])
    while not run.finished:
        step = run.step
        assert step is not None
        if run.learners_turn and step.move == move:
            return run
        if not step.move:
            run.proceed()
        elif run.learners_turn:
            expected = run.expected()
            assert expected is not None
            run.attempt(expected)
        else:
            run.play_other()
    raise AssertionError(f"{lesson_id} has no learner's step {move!r}")


# ---- (a) the checklist -------------------------------------------------------------------


def test_the_course_is_declared_and_teaches_every_checklist_item() -> None:
    assert games.course_for("alliances") is COURSE
    assert checklist_gaps(COURSE) == (set(), set())
    assert set(LESSONS) == {"alliances", "alliances-2p", "alliances-3p"}
    assert {(lesson.id, lesson.players) for lesson in COURSE.lessons} == {
        ("alliances", 4),
        ("alliances-2p", 2),
        ("alliances-3p", 3),
    }


@pytest.mark.parametrize(
    "key",
    [
        # "Game Setup": teams sit opposite; 3 tokens in a corner; 12 cards each.
        "partners",
        "corners",
        "deal",
        # "State of the Nations phase": bid 10-20 with a dominant suit; outbid by number or
        # suit; a passer is out, the partner goes on; all pass: deal again; Aggressor.
        "bid",
        "outbid",
        "pass-out",
        "all-pass",
        "aggressor",
        # "Conflict phase": 12 rounds; targets neutral and adjacent, a rival only when none is
        # left; the three ways to follow; the dominant suit "breaks" the round; capture only
        # when power is higher than defence; the next starter; a draw.
        "conflicts",
        "target-neutral",
        "target-rival",
        "lead",
        "follow",
        "void",
        "dominant",
        "capture",
        "defence-holds",
        "draw",
        "next-start",
        # "Concluding the campaign" and "Game End".
        "campaign-end",
        "bid-ten",
        "game-end",
        # "2-player Game" and "3-player Game": their differences.
        "duel-setup",
        "duel-draft",
        "duel-draw",
        "duel-specials",
        "duel-draft-winner",
        "duel-momentum",
        "duel-campaign-end",
        "empire-roles",
        "empire-setup",
        "empire-set",
        "empire-tribute",
        "empire-pairs",
        "empire-starts",
        "empire-score",
        "empire-end",
    ],
)
def test_the_checklist_holds_what_the_rule_book_demands(key: str) -> None:
    assert COURSE.checklist[key].strip()


def test_each_special_card_the_lessons_play_is_on_the_checklist() -> None:
    """From "Special action symbols": every special card a lesson plays in a conflict (not the
    2-player drafting, where they do nothing) is explained by a checklist item of its own."""
    played = set()
    for lesson in COURSE.lessons:
        run = LessonRun(COURSE, lesson)
        while not run.finished:
            step = run.step
            assert step is not None
            in_conflict = run.game.view(None)["phase"] == "play"
            if step.move.startswith("play ") and in_conflict:
                card = step.move.split()[1]
                if not card[1:].isdigit():
                    played.add(card)
            if not step.move:
                run.proceed()
            elif run.learners_turn:
                expected = run.expected()
                assert expected is not None
                run.attempt(expected)
            else:
                run.play_other()
    assert played == {"reinforcement", "reserve-forces", "defensive-pact"}
    assert played <= set(COURSE.checklist)


# ---- (b) off-script moves ----------------------------------------------------------------

# (lesson, the step's move, another legal move, an illegal move, the rules' refusal code)
OFF_SCRIPT = [
    # "any special action card" or the leading suit: the 8 of Economics follows neither.
    ("alliances", "play reserve-forces", "play M11", "play E8", "must-follow-suit"),
    # A bid must beat the last: 10 Economics does not beat Bruno's 10 Politics.
    ("alliances", "bid 11 E", "bid 12 M", "bid 10 E", "bid-too-low"),
    # Only a country next to your alliance's may be targeted.
    ("alliances", "target 1,1", "target 0,2", "target 2,2", "not-adjacent"),
    ("alliances-2p", "call P", "call E", "play M9", "wrong-step"),
    ("alliances-2p", "play M12", "play M9", "play E12", "must-follow-suit"),
    ("alliances-3p", "set M1", "set P12", "set M2", "not-in-hand"),
]


@pytest.mark.parametrize(("lesson_id", "move", "other", "illegal", "code"), OFF_SCRIPT)
def test_an_off_script_move_is_redirected_or_refused_and_changes_nothing(
    lesson_id: str, move: str, other: str, illegal: str, code: str
) -> None:
    run = run_to(lesson_id, move)
    game = run.game
    seat = run.lesson.seat
    before, index = game.snapshot(), run.index
    legal = game.parse_move(other)
    assert game.why_illegal(legal, seat) is None
    names = list(run.lesson.names)
    verdict = run.attempt(legal, describe=lambda m: game.describe_move(m, seat, names))
    assert verdict.kind == "redirect"
    step = run.step
    assert step is not None
    intended = game.describe_move(game.parse_move(move), seat, names)
    assert verdict.text == (step.redirect or redirect_text(intended, step.say))
    assert verdict.text.startswith("That works too")
    assert (run.game.snapshot(), run.index) == (before, index)
    wrong = game.parse_move(illegal)
    refusal = game.why_illegal(wrong, seat)
    assert refusal is not None and refusal.code == code
    verdict = run.attempt(wrong)
    assert verdict.kind == "refused" and verdict.text == refusal.message
    assert (run.game.snapshot(), run.index) == (before, index)


def test_a_learner_step_with_a_choice_says_which_move_the_lesson_wants() -> None:
    """Where the learner could play something else, the step's own redirect names the
    lesson's move in words (the default would repeat the step's instruction)."""
    for lesson in COURSE.lessons:
        run = LessonRun(COURSE, lesson)
        while not run.finished:
            step = run.step
            assert step is not None
            if not step.move:
                run.proceed()
            elif run.learners_turn:
                if len(run.game.legal_moves()) > 1:
                    assert step.redirect.startswith("That works too, but this lesson "), step
                expected = run.expected()
                assert expected is not None
                run.attempt(expected)
            else:
                run.play_other()


# ---- (c) the pointed places --------------------------------------------------------------


def _table_ids(run: LessonRun, display: Display) -> tuple[set[str], set[str]]:
    """The piece and zone ids of the table the learner sees now (the table scene's play area)."""
    top = display.frame_px(64)
    area = pygame.Rect(0, top, display.width - display.log_px(), display.height - top)
    lesson = run.lesson
    model = AlliancesLayout().build(
        dict(run.game.view(lesson.seat)), lesson.seat, area, display, list(lesson.names)
    )
    return {p.id for p in model.pieces}, {z.id for z in model.zones}


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_every_pointed_place_is_on_the_table_at_every_size(lesson_id: str) -> None:
    """A learner's or a *Next* step points at the table it waits on; another seat's step at
    the table its move made (the coach explains it after it is shown)."""
    pygame.font.init()
    run = LessonRun(COURSE, LESSONS[lesson_id])
    missing = []
    while not run.finished:
        step = run.step
        assert step is not None
        scripted = bool(step.move) and not run.learners_turn
        if scripted:
            run.play_other()
        for display in DISPLAYS:
            pieces, zones = _table_ids(run, display)
            for place in step.point:
                kind, _, ident = place.partition(":")
                if ident not in (pieces if kind == "card" else zones):
                    missing.append((step.move or step.say[:30], place, display))
        if scripted:
            continue
        if not step.move:
            run.proceed()
        else:
            expected = run.expected()
            assert expected is not None
            run.attempt(expected)
    assert not missing


# ---- (d) the time ------------------------------------------------------------------------


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_each_lesson_keeps_to_its_time(lesson_id: str) -> None:
    low, high = TIME_RANGE[lesson_id]
    assert low <= minutes(LESSONS[lesson_id]) <= high


def test_the_time_estimate_counts_words_and_moves() -> None:
    lesson = LESSONS["alliances-2p"]
    short = Lesson(**{**lesson.__dict__, "recap": (), "intro": ""})
    recap_words = sum(len(line.split()) for line in lesson.recap) + len(lesson.intro.split())
    assert minutes(lesson) - minutes(short) == pytest.approx(recap_words / 200)


# ---- (e) what the coach says is what the rules did --------------------------------------


def _events(lesson_id: str) -> list[str]:
    run = LessonRun(COURSE, LESSONS[lesson_id])
    texts: list[str] = []
    while not run.finished:
        step = run.step
        assert step is not None
        if not step.move:
            run.proceed()
            continue
        if run.learners_turn:
            expected = run.expected()
            assert expected is not None
            events = run.attempt(expected).events
        else:
            events = run.play_other()
        texts += [event.text for event in events]
    return texts


def test_the_four_player_lesson_starts_where_the_coach_says() -> None:
    """Rosa bid 10 Politics; 9 countries each, Bruno to start the 10th conflict."""
    run = LessonRun(COURSE, LESSONS["alliances"])
    view = run.game.view(0)
    assert view["bid"] == [10, "P", 2] and view["dominant"] == "P"
    assert view["conflict"] == 10 and view["to_move"] == 1 and view["phase"] == "target"
    held = [tile["controller"] for tile in view["grid"]]
    assert held.count(0) == 9 and held.count(1) == 9


def test_the_four_player_lesson_plays_out_as_the_coach_tells_it() -> None:
    texts = _events("alliances")
    assert "Reserve Forces gives {p0} 21 Military." in texts
    assert "{p0} wins with 21 Military and takes Rosthal (defence 3)." in texts
    assert "{p2} wins with 2 Politics and takes Ferrowind (defence 1)." in texts
    assert "{p1} wins with 1 Politics, but Istrelle holds (defence 3)." in texts
    assert "Campaign 1 goes to {p0} and {p2}: the Aggressor controls 11 countries, bid 10." in texts
    assert "{p0} wins the bidding with 11 Economics: {p0}'s alliance is the Aggressor." in texts
    assert "{p0} wins with 12 Economics and takes Dunmere (defence 4)." in texts


def test_the_learner_holds_six_economics_cards_when_told_to_bid_them() -> None:
    run = run_to("alliances", "bid 10 E")
    hand = run.game.view(0)["hands"][0]
    assert hand is not None
    assert len([c for c in hand if c[0] == "E" and c[1:].isdigit()]) == 6
    assert SUITS["E"] == "Economics"


def test_the_two_player_lesson_plays_out_as_the_coach_tells_it() -> None:
    run = LessonRun(COURSE, LESSONS["alliances-2p"])
    assert run.game.view(0)["drafting_tricks"] == [7, 3]
    texts = _events("alliances-2p")
    assert "{p0} wins the drafting phase (8 tricks to 4)." in texts
    # The 2-player momentum: Bruno won without taking, so the start comes back to you.
    assert "{p1} wins with 3 Politics, but Brevmark holds (defence 3)." in texts
    game = rules.new_game("alliances", 2, 94, {"first": 0})
    lesson = LESSONS["alliances-2p"]
    for move in (*lesson.prelude, *(s.move for s in lesson.steps if s.move)):
        game.play_text(move)
    assert game.view(0)["to_move"] == 0 and game.view(0)["phase"] == "target"


def test_the_three_player_lesson_hands_the_empire_the_gifts_the_coach_names() -> None:
    texts = _events("alliances-3p")
    assert "{p1} gives you the 10 of Politics and the 12 of Military." in texts
    assert "{p2} gives you the 3 of Politics and the 11 of Military." in texts
    assert "{p0} wins with 12 Military and takes Rosthal (defence 3)." in texts


def test_every_scripted_move_is_written_as_the_game_writes_it() -> None:
    for lesson in COURSE.lessons:
        game = rules.new_game("alliances", lesson.players, lesson.seed, dict(lesson.options))
        for text in (*lesson.prelude, *(s.move for s in lesson.steps if s.move)):
            assert str(game.parse_move(text)) == text
