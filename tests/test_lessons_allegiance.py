"""Allegiance's lesson (tabletop/games/allegiance/lessons.py): its checklist against the source
text (shared/sources/002_2087373f59983d5d.txt), what the coach says against the rules' own
state, its redirects and refusals, its pointers at every size, and its length."""

from __future__ import annotations

import re

import lesson_walk
import pytest
from lesson_walk import SIZE_IDS, SIZES, Walk, check_off_script, missing_places, run_at, walk

from rules.allegiance import CARDS, FACES, HOUSES, Allegiance
from tabletop.games.allegiance.layout import AllegianceLayout
from tabletop.games.allegiance.lessons import CHECKLIST, COURSE, LESSON
from tabletop.learn import Lesson, LessonRun

SEAT = LESSON.seat


def _walk(lesson: Lesson) -> Walk:
    return walk(COURSE, lesson)


WALK = _walk(LESSON)


def _run_at(move: str) -> LessonRun:
    return run_at(COURSE, LESSON, WALK, move)


def _game(move: str, after: bool = True) -> Allegiance:
    game = next(w for w in WALK if w[0].move == move)[3 if after else 2]
    assert isinstance(game, Allegiance)
    return game


def _won(game: Allegiance) -> dict[str, int]:
    return {house: len(cards) for house, cards in game.view(SEAT)["won"].items()}


# ---- (a) the checklist is what the source demands -------------------------------------------


def test_the_checklist_holds_every_card_kind_phase_and_scoring_rule_of_the_source() -> None:
    # Source: "Deck" (Faces, Traits, Victories, the Moon), "Setup" (4 players: 2 set aside;
    # the Allegiance card), "Play" (the Moon first, the award, precedence, several Victories,
    # the winner leads, both ways of a Trait, the Assassin, all Victories awarded) and
    # "Winning" (the winning Houses' backers score their card's rank).
    for key in (
        "cards",
        "set-aside",
        "allegiance",
        "allegiance-prize",
        "moon",
        "any-card",
        "award",
        "no-award",
        "best-face",
        "precedence",
        "several",
        "winner-leads",
        "trait-up",
        "trait-down",
        "assassin",
        "deal-end",
        "scoring",
        "game-end",
    ):
        assert key in CHECKLIST, key
    assert all(line and len(line) < 140 for line in CHECKLIST.values())


def test_the_learner_makes_the_special_moves_themselves() -> None:
    """The Allegiance card, the Moon, a Trait laid face down, an Assassin's strike and the last
    Victory are the learner's own moves, not only watched."""
    learner = {s.move.split()[0] for s, kind, *_ in WALK if kind == "learner"}
    assert {"ally", "trait", "kill"} <= learner
    moves = [s.move for s, kind, *_ in WALK if kind == "learner"]
    assert "play Moon" in moves and "play Valor" in moves


# ---- what the coach says is what the rules did ----------------------------------------------


def test_two_cards_are_set_aside_and_the_learner_holds_the_moon() -> None:
    # Source, "Setup": "If playing with 4 players, deal 2 cards face up and place them off to
    # the side"; "The first round begins with the Moon card".
    game = _game("ally T6", after=False)
    assert sorted(game.excluded) == ["Honor", "Love"]
    assert game.moon_holder == SEAT and game.phase == "ally"


def test_the_first_round_goes_to_spells_by_precedence() -> None:
    # Source, "Play": "If two or more Face cards have the same effective rank, the Face card
    # played first has Precedence."
    before = _game("play S7", after=False)
    best = before.best_face()
    assert best is not None and best[1] == "P7"
    after = _game("play S7")
    assert _won(after)["Spells"] == 1 and after.leader == 2  # Ben leads


def test_the_hidden_trait_was_despised_and_hearts_take_mercy() -> None:
    game = _game("play H3")
    lady = next(e for e in game.trick if e[1] == "H3")
    assert lady[3] == [(3, "Despised")] and game.effective_rank(lady) == 1
    after = _game("play H2")
    assert _won(after)["Hearts"] == 1 and after.leader == 1  # Ada leads


def test_the_assassin_leaves_stars_the_only_face_and_both_victories() -> None:
    # Source, "Play": Assassins "allow the player to remove (assassinate) a Face card already
    # in play"; "A House may win multiple Victories in a given round."
    game = _game("kill P6")
    assert sorted(game.won[HOUSES.index("Stars")]) == ["Glory", "Peace"]
    assert game.leader == SEAT


def test_craven_face_up_lowers_ada_s_lady_and_stars_still_take_fortune() -> None:
    before = _game("trait Craven T3", after=False)
    entry = next(e for e in before.trick if e[1] == "T3")
    assert before.effective_rank(entry) == 3
    after = _game("trait Craven T3")
    assert "Fortune" in after.won[HOUSES.index("Stars")] and after.leader == 1


def test_valiant_lifts_the_count_to_nine() -> None:
    before = _game("play T7", after=False)
    assert before.waiting[SEAT] == [(SEAT, "Valiant")]
    after = _game("play T7")
    assert _won(after)["Stars"] == 5 and after.leader == SEAT


def test_the_deal_ends_when_the_last_victory_is_won_and_the_learner_wins() -> None:
    # Source, "Winning": "Once all Victories have been awarded, determine which House(s) won
    # the most Victories ... Players allied with the winning House(s) gain a point for each
    # rank of their Allegiance card."
    before = _game("play Valor", after=False)
    left = before.view(SEAT)["victories_left"]
    assert left == 3 and _won(before)["Stars"] > max(
        n + left for h, n in _won(before).items() if h != "Stars"
    )
    game = _game("play Wisdom")
    assert game.over and game.view(SEAT)["victories_left"] == 0
    assert _won(game) == {"Hearts": 1, "Swords": 0, "Spells": 1, "Gems": 3, "Stars": 5}
    outcome = game.outcome()
    assert outcome.scores == (6, 0, 0, 0) and outcome.winners == (SEAT,)


# ---- (b) another legal move is redirected, an illegal one refused, neither changes anything --


def _describe(run: LessonRun):  # type: ignore[no-untyped-def]
    return lambda move: run.game.describe_move(move, SEAT, LESSON.names)


@pytest.mark.parametrize(
    ("step_move", "other", "illegal"),
    [
        # Source, "Setup": "each player chooses one of his/her Face cards".
        ("ally T6", "ally T7", "ally Valor"),
        # Source, "Play": "The first round begins with the Moon card".
        ("play Moon", None, "play T7"),
        ("play H3", "play T7", "play P7"),  # the Count of Spells is Ben's, in the trick
        # Source, "Play": Assassins "remove (assassinate) a Face card already in play".
        ("kill P6", "spare", "kill T4"),  # the Assassin cannot remove itself
        ("trait Valiant @p1", "trait Valiant @p3", "trait Valiant P6"),  # no Face in the trick
        ("play T7", "play T5", "trait Valiant H5"),  # Valiant already lies face down
        ("play Valor", "play T5", "kill H5"),
    ],
)
def test_off_script_moves_change_nothing(step_move: str, other: str | None, illegal: str) -> None:
    check_off_script(_run_at(step_move), other, illegal)


def test_the_refusals_are_the_rules_reasons() -> None:
    assert "must be a Face" in _refusal("ally T6", "ally Valor")
    assert "must play it first" in _refusal("play Moon", "play T7")
    assert "not itself" in _refusal("kill P6", "kill T4")
    assert "do not hold" in _refusal("play H3", "play P7")


def _refusal(step_move: str, illegal: str) -> str:
    return lesson_walk.refusal_at(_run_at(step_move), illegal)


def test_the_redirect_names_the_intended_card() -> None:
    run = _run_at("kill P6")
    verdict = run.attempt(run.game.parse_move("spare"), _describe(run))
    assert verdict.kind == "redirect" and "Countess of Spells" in verdict.text


# ---- (e) the learner's move is the lesson's whichever way the table made it ----------------


def test_the_tables_own_moves_are_the_scripts_moves() -> None:
    """Each learner step's move is one of the rules' own legal moves (the table's drag builds
    those), so plain equality is the right judge and the course needs no ``same_move``."""
    assert COURSE.same_move is None
    for step, kind, before, _ in WALK:
        if kind == "learner":
            assert before.parse_move(step.move) in before.legal_moves(), step.move


# ---- the words ----------------------------------------------------------------------------

_CARD_IDS = "|".join(re.escape(c) for c in FACES)
NOTATION = re.compile(rf"\b(?:{_CARD_IDS})\b|@p\d|\b(?:ally|kill|play|trait) [A-Z]")


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


def test_every_card_the_coach_names_is_a_card_of_the_deck() -> None:
    """The coach names cards as the app does ("the Countess of Stars"); no made-up names."""
    ranks = "Count|Countess|Knight|Assassin|Lady|Page|Maiden"
    named = re.compile(rf"\b({ranks}) of (\w+)")
    for step in LESSON.steps:
        for _, house in named.findall(step.say):
            assert house in HOUSES, step.say
    assert {"Moon", "Valiant", "Despised", "Craven"} <= set(CARDS)


# ---- (c) every pointed place is on the learner's table, at every size ----------------------


@pytest.mark.parametrize(("size", "profile"), SIZES, ids=SIZE_IDS)
def test_every_pointed_place_is_on_the_table(size: tuple[int, int], profile: str) -> None:
    assert not missing_places(AllegianceLayout(), WALK, LESSON, size, profile)


# ---- (d) about 3 to 6 minutes ---------------------------------------------------------------


def estimated_minutes(lesson: Lesson) -> float:
    return lesson_walk.estimated_minutes(lesson, _walk(lesson))


def test_the_lesson_takes_three_to_six_minutes() -> None:
    assert 3.0 <= estimated_minutes(LESSON) <= 6.0
