"""The AI worker process: answers in the background, and never outlives the app."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

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
