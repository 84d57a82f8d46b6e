"""Royal Houses's lesson (tabletop/games/royal_houses/lessons.py): its checklist against the
source text (shared/sources/003_fe70a3d6d016cd02.txt), what it tells the learner against the
rules' own state, its redirects and refusals, its pointers at every size, and its length."""

from __future__ import annotations

import re

import lesson_walk
import pytest
from lesson_walk import SIZE_IDS, SIZES, Walk, check_off_script, missing_places, run_at, walk

from rules.royal_houses import HOUSES, RoyalHouses, number_of
from tabletop.games.royal_houses.layout import RoyalHousesLayout
from tabletop.games.royal_houses.lessons import CHECKLIST, COURSE, LESSON
from tabletop.learn import Lesson, LessonRun

SEAT = LESSON.seat


def _walk(lesson: Lesson) -> Walk:
    return walk(COURSE, lesson)


WALK = _walk(LESSON)


def _run_at(move: str) -> LessonRun:
    return run_at(COURSE, LESSON, WALK, move)


def _game(index: int, after: bool = False) -> RoyalHouses:
    game = WALK[index][3 if after else 2]
    assert isinstance(game, RoyalHouses)
    return game


def _step_index(fragment: str) -> int:
    return next(i for i, (s, *_) in enumerate(WALK) if fragment in s.say)


def _influence(game: RoyalHouses, house: str) -> tuple[int, int]:
    h = HOUSES.index(house)
    return game.influence[SEAT][h], game.influence[1 - SEAT][h]


# ---- (a) the checklist is what the source demands ------------------------------------------


def test_the_checklist_holds_every_phase_card_and_scoring_rule_of_the_source() -> None:
    """Source, "Card Actions": one action for each number 1-8; "Set Up": the counters and the
    garnets' choice; "Turn Structure": draw, play, gift (never the card just received) and the
    short last turn; "Game End": influence, the majority bonus and the hand veto; "Winning":
    the tie-breaks."""
    for key in ("card-1", "place-influence", "card-3", "card-5", "card-7", "moved-owner"):
        assert key in CHECKLIST
    for key in ("order", "counters", "turn", "gift", "gift-back", "end"):
        assert key in CHECKLIST
    for key in ("score", "majority-bonus", "veto", "winner"):
        assert key in CHECKLIST
    assert "-2, +0, +1, +2, +3, +5" in CHECKLIST["counters"]
    assert "strictly" in CHECKLIST["majority-bonus"]  # RULES-NOTES: a tie pays nobody


def test_the_learner_sees_every_card_number_played() -> None:
    """Source, "Card Actions": each of the eight numbers acts differently; the lesson shows each
    odd one played and the even ones' rule on a played even card."""
    played = {number_of(s.move.split()[1]) for s, *_ in WALK if s.move.startswith("play ")}
    assert {1, 3, 5, 7} <= played and played & {2, 4, 6, 8}


# ---- what the coach says is what the rules hold --------------------------------------------


def test_the_lesson_starts_near_the_end_with_the_rival_first_and_every_counter_placed() -> None:
    """Source, "The Deck": the player with more garnets decides (Margot, garnets 3 to 0), and
    the lesson's second step says five cards are left."""
    game = _game(0)
    assert game.first_player == 1 - SEAT and game.chooser == 1 - SEAT
    assert len(game.deck) == 5 and game.to_move == SEAT and game.phase == "play"
    assert len(game.counters[SEAT]) == len(game.counters[1 - SEAT]) == 6
    assert game.counters[SEAT][HOUSES.index("De Bourgogne")] == 5
    assert _influence(game, "Bellerophon") == (15, 2)


def test_the_influence_the_coach_quotes_is_on_the_table() -> None:
    assert _influence(_game(_step_index("you lead there, 8 to 5"), after=True), "Ellicta") == (8, 5)
    assert _influence(_game(_step_index("where Margot leads 7 to 6")), "Artois") == (6, 7)
    moved = _game(_step_index("Moved influence keeps its owner"), after=True)
    assert _influence(moved, "Artois") == (6, 4)
    assert _influence(moved, "De Bourgogne") == (6, 4)
    pushed = _game(_step_index("She moves 4 of her own influence"), after=True)
    assert _influence(pushed, "Castellia") == (2, 9)
    assert _influence(pushed, "Febrois") == (6, 11)


def test_a_veto_is_coming_then_the_kept_eight_turns_it_on_the_rival() -> None:
    """Source, "Game End": "if the sum of the numbers on the cards of that Royal House in your
    opponent's hand exceeds yours, your score for that House is 0". At the warning the rival
    holds the 6 of De Bourgogne and the learner none; once the 8 is drawn it is the rival who
    would be vetoed."""
    house = HOUSES.index("De Bourgogne")
    coming = _game(_step_index("A veto is coming"))
    assert "D6" in coming.hands[1 - SEAT] and "D6" in coming.known_hand[SEAT]
    row = coming.house_scores()[house]
    assert row.vetoed[SEAT] and not row.vetoed[1 - SEAT] and row.points[SEAT] == 0
    kept = _game(_step_index("Keep it: in your hand"))
    assert "D8" in kept.hands[SEAT]
    row = kept.house_scores()[house]
    assert row.vetoed[1 - SEAT] and not row.vetoed[SEAT]


def test_the_swap_follows_the_counter_the_one_revealed() -> None:
    """Source, "Card Actions": "1 - Look at your opponent's Majority Bonus counter ... Switch
    two of your Majority Bonus counters"."""
    game = _game(_step_index("Her counter on Febrois is +5"))
    febrois, artois = HOUSES.index("Febrois"), HOUSES.index("Artois")
    assert game.phase == "swap" and game.known_counters[SEAT][febrois] == 5
    assert (game.counters[SEAT][febrois], game.counters[SEAT][artois]) == (3, -2)


def test_the_deck_runs_out_on_the_first_players_draw_and_the_second_plays_once_more() -> None:
    """RULES-NOTES, "Final turn": the deck empties on the first player's draw; they finish that
    turn; the second player then only plays a card (no draw, no gift)."""
    last = _step_index("drew the last card")
    game = _game(last)
    assert game.to_move == 1 - SEAT and not game.deck
    final = _game(last + 1, after=True)
    assert final.final_turn and final.to_move == SEAT and len(final.hands[SEAT]) == 8
    end = _game(last + 2, after=True)
    assert end.over and len(end.hands[SEAT]) == len(end.hands[1 - SEAT]) == 7


def test_the_scoring_the_coach_explains_is_the_outcome() -> None:
    """Source, "Game End": 1 point per influence, the bonus for the player with more influence,
    and the veto; "Winning": the higher total wins."""
    game = _game(len(WALK) - 1, after=True)
    rows = {r.house: r for r in game.house_scores()}
    assert rows["Artois"].points[SEAT] == 14 + 3
    assert rows["De Bourgogne"].vetoed == (False, True)
    assert rows["Castellia"].vetoed[1 - SEAT] and rows["Castellia"].majority == 1 - SEAT
    assert 9 + rows["Castellia"].bonus == 12
    assert rows["Ellicta"].hand_sums == (7, 13) and rows["Ellicta"].vetoed[SEAT]
    assert "E8" in game.hands[1 - SEAT]
    assert game.outcome().scores == (46, 27) and game.outcome().winners == (SEAT,)


# ---- (b) another legal move is redirected, an illegal one refused, neither changes anything --


@pytest.mark.parametrize(
    ("step_move", "other", "illegal"),
    [
        ("play E6", "play D5", "play C5"),  # C5: in the rival's hand
        # Source, "Turn Structure": "This gift card may not be the card that the player was
        # given the previous turn": Margot gave the 6 of Castellia last.
        ("gift F5", "gift A8", "gift C6"),
        # Source, "Card Actions": "3 - Your opponent must choose a card of this Royal House".
        ("gift D6", None, "gift B7"),
        ("shift 0 3", "shift 0 2", "shift 0 4"),  # a 5 moves at most 3
        ("play F1", "play D8", "gift B4"),  # a gift before the card is played
        ("swap A F", "keep", "swap A A"),
        ("gift B4", "gift C6", "gift A7"),  # the 7 of Artois was just given
    ],
)
def test_off_script_moves_change_nothing(step_move: str, other: str | None, illegal: str) -> None:
    check_off_script(_run_at(step_move), other, illegal)


def test_the_refusals_are_the_rules_reasons() -> None:
    assert "cannot give back the 6 of Castellia" in _refusal("gift F5", "gift C6")
    assert "must give a card of De Bourgogne" in _refusal("gift D6", "gift B7")
    assert "at most 3 influence" in _refusal("shift 0 3", "shift 0 4")


def _refusal(step_move: str, illegal: str) -> str:
    return lesson_walk.refusal_at(_run_at(step_move), illegal)


def test_playing_the_shield_gets_the_steps_own_redirect() -> None:
    run = _run_at("play F1")
    verdict = run.attempt(run.game.parse_move("play D8"))
    assert verdict.kind == "redirect" and "8 of De Bourgogne" in verdict.text


# ---- (e) the same move written another way ------------------------------------------------


def test_a_swap_named_in_either_order_is_the_lessons_swap() -> None:
    run = _run_at("swap A F")
    verdict = run.attempt(run.game.parse_move("swap F A"))
    assert verdict.kind == "played"


# ---- the words ----------------------------------------------------------------------------

NOTATION = re.compile(
    r"\b[A-F][1-8]\b|\b(?:swap [A-F] |from [A-F]\b|to [A-F]\b|shift \d \d)|\bcounter [+-]"
)


def test_the_coach_never_shows_notation() -> None:
    texts = [LESSON.intro, *LESSON.recap]
    texts += [s.say for s in LESSON.steps] + [s.redirect for s in LESSON.steps]
    for text in texts:
        assert not NOTATION.search(text), text


def test_every_step_says_one_or_two_sentences() -> None:
    for step in LESSON.steps:
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", step.say.strip()) if s]
        assert 1 <= len(sentences) <= 2, step.say
        assert len(step.say.split()) <= 40, step.say


# ---- (c) every pointed place is on the learner's table, at every size ----------------------


@pytest.mark.parametrize(("size", "profile"), SIZES, ids=SIZE_IDS)
def test_every_pointed_place_is_on_the_table(size: tuple[int, int], profile: str) -> None:
    assert not missing_places(RoyalHousesLayout(), WALK, LESSON, size, profile)


# ---- (d) about 3 to 6 minutes ---------------------------------------------------------------


def estimated_minutes(lesson: Lesson) -> float:
    return lesson_walk.estimated_minutes(lesson, _walk(lesson))


def test_the_lesson_takes_three_to_six_minutes() -> None:
    assert 3.0 <= estimated_minutes(LESSON) <= 6.0
