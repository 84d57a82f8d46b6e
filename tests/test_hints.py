"""Hints in the table scene, headless: "what would Hard play here" is worked out by the AI
worker while the table keeps running, shown as a preview (the move outlined on the table and
described in one line), and is played only when the player accepts it (issue "AI": Hints)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest

import rules
import tabletop.games
from tabletop.ai import hint as hint_module
from tabletop.ai.hint import hint_bot, hint_now
from tabletop.ai.ismcts import ISMCTSBot
from tabletop.app import App
from tabletop.scenes import hint_overlay
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings

CAP = 30  # hint search iterations in these tests: quick, and reproducible


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setattr(hint_overlay, "HINT_ITERATIONS", CAP)
    application = App((1600, 900), settings=Settings(animation_speed=0.0), persist_settings=False)
    yield application
    application.quit()


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60)


def wait_for(app: App, condition, seconds: float = 60) -> int:  # type: ignore[no-untyped-def]
    """Step frames until ``condition()``; return how many frames ran meanwhile."""
    deadline = time.monotonic() + seconds
    count = 0
    while not condition() and time.monotonic() < deadline:
        frames(app)
        count += 1
    assert condition(), "timed out"
    return count


def human_turn(app: App, game_id: str = "royal_houses", players: int = 2) -> TableScene:
    """A table with one human (seat 0) and Easy AIs, at the human's first real choice."""
    seats = [SeatConfig("Ada", "human")] + [
        SeatConfig(f"Bot {i}", "easy") for i in range(1, players)
    ]
    scene = TableScene(app, Session(game_id, seats, seed=11))
    app.push(scene)
    frames(app, 2)
    rng = random.Random(3)
    while len(scene.game.legal_moves()) < 2 or not scene.acting_human:
        if scene.acting_human:
            assert scene.play(rng.choice(scene.game.legal_moves()))
        wait_for(app, lambda: scene.acting_human or scene.game.over)
    frames(app, 2)
    return scene


def shown(scene: TableScene) -> bool:
    return scene.hint.move is not None


def test_hint_shows_what_hard_would_play_and_the_table_keeps_running(app: App) -> None:
    scene = human_turn(app)
    game, seat = scene.game, scene.game.to_move
    expected = hint_now(game, seat, iterations=CAP)
    before = len(game.history)
    assert scene.hint.button is not None and scene.hint.button.visible
    scene.hint.handle_button(scene.hint.button)
    assert scene.hint.pending and scene.hint.button.text == "Thinking…"
    ran = wait_for(app, lambda: shown(scene))
    assert ran >= 1, "frames kept running while the hint was worked out"
    assert scene.hint.move == expected, "the hint is Hard's own choice for this position"
    assert len(game.history) == before, "a hint alone plays nothing"
    assert scene.hint.text == "Hint: " + game.describe_move(expected, seat, scene.session.names)
    assert scene.hint.highlights(), "the hinted card or target is outlined on the table"
    assert scene.hint.play_button is not None and scene.hint.dismiss_button is not None
    frames(app, 2)  # and it draws


def test_accepting_a_hint_plays_it(app: App) -> None:
    scene = human_turn(app)
    scene.hint.ask()
    wait_for(app, lambda: shown(scene))
    move, before = scene.hint.move, len(scene.game.history)
    scene.hint.handle_button(scene.hint.play_button)
    assert scene.game.history[before] == move
    assert not shown(scene) and scene.hint.play_button is None


def test_dismissing_a_hint_plays_nothing(app: App) -> None:
    scene = human_turn(app)
    scene.hint.ask()
    wait_for(app, lambda: shown(scene))
    before = len(scene.game.history)
    scene.hint.handle_button(scene.hint.dismiss_button)
    frames(app, 2)
    assert not shown(scene) and scene.hint.panel is None
    assert len(scene.game.history) == before and scene.acting_human


def test_a_hint_for_a_position_already_left_is_dropped(app: App) -> None:
    scene = human_turn(app)
    scene.hint.ask()
    other = scene.game.legal_moves()[-1]
    assert scene.play(other)  # the player moves on before the hint arrives
    assert not scene.hint.pending
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        frames(app)
        assert not shown(scene) or scene.hint.move in scene.game.legal_moves()
    assert not shown(scene)


def test_no_hint_button_when_it_is_not_a_humans_turn(app: App) -> None:
    scene = human_turn(app)
    scene.hint.ask()
    wait_for(app, lambda: shown(scene))
    assert scene.hint.accept()
    if not scene.acting_human:
        assert scene.hint.button is not None and not scene.hint.button.visible
        scene.hint.ask()  # ignored: no hints for a seat that is not the human's
        assert not scene.hint.pending


@pytest.mark.parametrize(("game_id", "players"), [("allegiance", 4), ("medici", 4)])
def test_hints_work_in_other_games(app: App, game_id: str, players: int) -> None:
    scene = human_turn(app, game_id, players)
    scene.hint.ask()
    wait_for(app, lambda: shown(scene))
    assert scene.hint.move in scene.game.legal_moves()
    assert scene.hint.text.startswith("Hint: ") and len(scene.hint.text) > 6


def test_hint_bot_is_hard_unless_the_game_registers_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bot = hint_bot("royal_houses", 1)
    assert isinstance(bot, ISMCTSBot) and bot.name == "ismcts-hard" and bot.budget
    capped = hint_bot("royal_houses", 1, iterations=10)
    assert isinstance(capped, ISMCTSBot) and capped.budget is None and capped.iterations == 10

    class Solver:
        name = "solver"

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, seat_view):  # type: ignore[no-untyped-def]
            return seat_view.legal_moves()[0]

    declared = tabletop.games.bots_for("royal_houses")
    assert declared is not None
    with_solver = replace(declared, hint=Solver)
    monkeypatch.setattr(tabletop.games, "bots_for", lambda game_id: with_solver)
    assert isinstance(hint_bot("royal_houses", 1), Solver)
    game = rules.new_game("royal_houses", 2, seed=2)
    assert hint_now(game, game.to_move) == game.legal_moves()[0]


def test_hint_request_refuses_a_seat_not_to_move() -> None:
    game = rules.new_game("royal_houses", 2, seed=2)
    with pytest.raises(ValueError, match="not to move"):
        hint_module.HintRequest(None, game, 1 - game.to_move)  # type: ignore[arg-type]
