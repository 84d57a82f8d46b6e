"""The AI worker process: answers in the background, and never outlives the app."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rules
from tabletop.ai.bots import make_bot
from tabletop.ai.worker import AIWorker

HERE = Path(__file__).resolve().parent

ORPHAN_SCRIPT = """
import os, sys, time
sys.path.insert(0, {here!r})
from slow_bot import SlowBot
from tabletop.ai.worker import AIWorker
import rules
if __name__ == "__main__":
    worker = AIWorker()
    game = rules.new_game("royal_houses", 2, seed=1)
    worker.ask(SlowBot(), game, game.to_move, 1)
    deadline = time.monotonic() + 20
    while not worker._pool._processes and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)  # the bot is now thinking
    print(*[p.pid for p in worker._pool._processes.values()], flush=True)
    os._exit(0)  # the app dies without shutting its worker down
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_worker_answers_with_a_legal_move() -> None:
    worker = AIWorker()
    try:
        game = rules.new_game("royal_houses", 2, seed=1)
        move = worker.ask(make_bot("easy", "royal_houses", 1), game, game.to_move, 7).result(60)
        assert move in game.legal_moves()
    finally:
        worker.shutdown()


def test_worker_process_ends_when_the_app_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "orphan.py"
    script.write_text(ORPHAN_SCRIPT.format(here=str(HERE)))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    pids = [int(p) for p in out.stdout.split()]
    assert pids, out.stderr
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(p) for p in pids), "the AI worker outlived the app"


def _kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX kill")
def test_a_killed_worker_is_replaced_and_the_question_asked_again() -> None:
    """A killed (or out of memory) worker does not crash the app at the
    next AI turn (BrokenProcessPool): a new worker starts and the question is asked
    again; the player sees at most a short delay."""
    from slow_bot import PausingBot

    worker = AIWorker()
    try:
        game = rules.new_game("royal_houses", 2, seed=1)
        legal = game.legal_moves()
        first = worker.run(os.getpid).result(60)
        _kill(first)  # dies while idle: the next question finds the pool broken
        started = time.monotonic()
        move = worker.ask(make_bot("easy", "royal_houses", 1), game, game.to_move, 7).result(60)
        assert move in legal
        second = worker.run(os.getpid).result(60)
        assert second != first
        thinking = worker.ask(PausingBot(1.5), game, game.to_move, 7)
        time.sleep(0.8)  # the bot is thinking in the worker now
        _kill(second)  # dies mid-decision: the answer still comes, from a new worker
        assert thinking.result(60) == legal[0]
        assert worker.run(os.getpid).result(60) not in (first, second)
        assert time.monotonic() - started < 30
    finally:
        worker.shutdown()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX kill")
def test_the_table_plays_on_after_its_ai_worker_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scene_helpers import make_app, use_private_home, wait_for

    from tabletop.ai import worker as worker_module
    from tabletop.scenes.table import TableScene
    from tabletop.session import SeatConfig, Session

    use_private_home(tmp_path, monkeypatch)
    app = make_app(animation_speed=0.0)
    try:
        session = Session("royal_houses", [SeatConfig("Bo", "easy"), SeatConfig("Cy", "easy")], 3)
        table = TableScene(app, session)
        app.push(table)
        wait_for(app, lambda: len(session.game.history) >= 2, seconds=60)
        shared = worker_module.shared_worker()
        _kill(shared.run(os.getpid).result(60))
        done = len(session.game.history)
        wait_for(app, lambda: len(session.game.history) >= done + 3, seconds=60)
        assert not [t.text for t in app.toasts if t.kind == "error"]
    finally:
        app.quit()


class _Recorder:
    """Stands in for the pool: keeps what would be sent to the worker process."""

    def __init__(self) -> None:
        self.sent: list[tuple[object, ...]] = []

    def submit(self, fn: object, *args: object) -> object:
        from concurrent.futures import Future

        self.sent.append(args)
        return Future()


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_the_worker_is_sent_only_what_the_seat_may_know(game_id: str) -> None:
    """The worker receives the seat's SeatView (every hidden card dealt
    again), never the real game: no Game object, no seed or move history that would rebuild
    the deal, and the rivals' hands are a guess."""
    from tabletop.ai.base import SeatView

    spec = rules.GAMES[game_id]
    worker = AIWorker(use_process=False)
    recorder = _Recorder()
    worker._pool = recorder  # type: ignore[assignment]
    game = rules.new_game(game_id, spec.min_players, seed=3)
    guessed_differently = 0
    for _ in range(40):
        if game.over:
            break
        if game.forced_move() is None:
            worker.ask(make_bot("easy", game_id, 1), game, game.to_move, 5)
            args = recorder.sent[-1]
            assert not any(isinstance(a, rules.Game) for a in args)
            seat_view = next(a for a in args if isinstance(a, SeatView))
            copy = seat_view._copy
            assert copy.history == [] and copy.seed != game.seed
            assert seat_view.view == game.view(game.to_move)
            real = game.hidden_cards(game.to_move)
            guessed_differently += copy.snapshot() != game.snapshot() and bool(real)
        game.play(game.legal_moves()[0])
    assert guessed_differently > 0


def test_an_alliances_copy_keeps_no_cards_other_seats_showed_each_other() -> None:
    """In the secret meeting partners show each other two cards; a seat's
    determinized copy (what its bot reads) must not hold the real cards shown between the
    other partnership."""
    game = rules.new_game("alliances", 4, seed=2, options={"secret_meeting": True})
    import random as _random

    rng = _random.Random(2)
    while not any(game.known[s] for s in range(4)) and not game.over:
        game.play(rng.choice(game.legal_moves()))
    assert any(game.known[s] for s in range(4))
    for seat in range(4):
        copy = game.determinize(seat, _random.Random(9))
        for other in range(4):
            if other != seat:
                assert copy.known[other] <= set(game.hands[seat]) | game.known[seat]
