"""A small made-up lesson for the Learn tests and screenshots (Royal Houses, seat 0 learns,
seat 1 scripted: legal moves of a seeded game), and a way to make it a game's course."""

from __future__ import annotations

import pytest

import rules
from tabletop import games
from tabletop.learn import Course, Lesson, Step
from tabletop.learn import play as learn_play

SEED = 5
PLIES = 16


def _points(move: rules.Move) -> tuple[str, ...]:
    cards = tuple(f"card:{card}" for card in move.cards)
    return cards + ((f"zone:{move.target}",) if move.target else ())


def toy_course(lessons: int = 1) -> Course:
    """Royal Houses on seed 5: a *Next* step, the rival's seven opening moves, the learner's
    six counters, the rival's two moves, the learner's first card, a closing *Next*; with
    ``lessons`` > 1, that many copies (ids toy, toy2…) to choose from."""
    game = rules.new_game("royal_houses", 2, SEED)
    steps = [Step("", "Welcome: this is your hand, at the bottom.", ("zone:hand:0",), ("table",))]
    for n in range(1, PLIES + 1):
        move = game.legal_moves()[0]
        mine = game.to_move == 0
        say = (
            f"Move {n}: {game.prompt()} Here, {move}: it is the lesson's own move."
            if mine
            else f"Move {n}: your rival played {move}."
        )
        steps.append(Step(str(move), say, _points(move) if mine else (), ("moves",)))
        game.play(move)
    steps.append(Step("", "Well done: that is how a game of Royal Houses opens.", (), ("end",)))
    made = tuple(
        Lesson(
            id="toy" if i == 0 else f"toy{i + 1}",
            game_id="royal_houses",
            title="First steps" if i == 0 else f"More steps {i + 1}",
            players=2,
            seat=0,
            names=("Ada", "Coach"),
            seed=SEED,
            intro="",
            steps=tuple(steps),
            recap=("Counters are placed first.", "Then cards are played onto their houses."),
        )
        for i in range(lessons)
    )
    checklist = {"table": "the table", "moves": "moving", "end": "the end"}
    return Course("royal_houses", checklist, made)


def install(monkeypatch: pytest.MonkeyPatch, course: Course) -> None:
    """Make ``course`` its game's course for the app (the title's Learn, the lesson)."""
    real_course, real_has = games.course_for, learn_play.has_lessons

    def course_for(game_id: str) -> Course | None:
        return course if game_id == course.game_id else real_course(game_id)

    def has_lessons(game_id: str) -> bool:
        return game_id == course.game_id or real_has(game_id)

    monkeypatch.setattr(games, "course_for", course_for)
    monkeypatch.setattr(learn_play, "has_lessons", has_lessons)
