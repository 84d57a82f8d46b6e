"""Kill the app mid-autosave, again and again: shared by the default-run test
(tests/test_saves.py, a few kills) and tests/benchmarks/bench_kill_save.py (many).

Each round starts a child process that does what the app does: resume the game from its save
(as Continue does), then play on, autosaving after every move and saying how far it got. The
child is killed with SIGKILL (or TerminateProcess) at a random moment, mostly inside an
autosave, since that is where it spends its time. After each kill the save must load, every
move checked again, and hold the last game the child reported saving (or the one after it: a
save can finish just before its report is written).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

SAVE_ID = "20260101-000000-c0ffee"

#: The child: its argument is the data folder; prints "ready" then "SEED MOVES" per autosave.
CHILD = textwrap.dedent(
    f"""
    import random, sys
    from pathlib import Path
    from tabletop import saves, storage
    from tabletop.session import SeatConfig, Session

    SAVE_ID = {SAVE_ID!r}
    path = storage.saves_dir() / (SAVE_ID + ".json")

    def fresh(seed):
        seats = [SeatConfig("Nadia"), SeatConfig("Kevin", "easy")]
        return Session("royal_houses", seats, seed=seed, save_id=SAVE_ID)

    storage.cleanup_temp_files()  # as the app's start does (only those older than a moment)
    session = saves.read_save(path) if path.exists() else fresh(1)
    rng = random.Random()
    print("ready", flush=True)
    while True:
        if session.game.over:
            session = fresh(session.seed + 1)
        else:
            session.play(rng.choice(session.game.legal_moves()))
        saves.write_save(session)
        print(session.seed, len(session.game.history), flush=True)
    """
)


@dataclass
class KillFigures:
    kills: int = 0
    loads_ok: int = 0
    saves_at_report: int = 0  # the save held exactly the last game reported
    saves_one_ahead: int = 0  # a save finished just before its report was written
    autosaves: int = 0  # autosaves the children reported, all rounds
    temp_left_max: int = 0  # most temp files left at once (each a write cut short; the
    # child's start removes those older than storage.TEMP_GRACE_SECONDS, as the app's does)
    temp_left_after_kills: int = 0
    temp_left_after_start_clean: int = -1
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        env[var] = str(home / var.lower())
    return env


def run_kills(kills: int, home: Path, seed: int = 17, max_wait: float = 0.4) -> KillFigures:
    """Kill the autosaving child ``kills`` times in the platformdirs home ``home``; the
    caller's process must use the same home (XDG variables) for :mod:`tabletop.storage`."""
    from tabletop import saves, storage

    figures = KillFigures()
    rng = random.Random(seed)
    path = storage.saves_dir() / f"{SAVE_ID}.json"
    started = time.monotonic()
    for _ in range(kills):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD],
            stdout=subprocess.PIPE,
            text=True,
            env=_env(home),
        )
        assert child.stdout is not None
        if child.stdout.readline().strip() != "ready":
            child.kill()
            child.wait()
            figures.problems.append("a child could not resume the save")
            break
        lines: list[str] = []
        reader = threading.Thread(target=lines.extend, args=(child.stdout,), daemon=True)
        reader.start()
        time.sleep(rng.uniform(0.02, max_wait))
        child.kill()
        child.wait(timeout=30)
        reader.join(timeout=30)
        figures.kills += 1
        whole = [line for line in lines if line.endswith("\n")]  # not a line cut by the kill
        figures.autosaves += len(whole)
        reported = tuple(int(v) for v in whole[-1].split()) if whole else None
        try:
            session = saves.read_save(path)
        except saves.SaveError as err:
            figures.problems.append(f"kill {figures.kills}: {err}")
            break
        figures.loads_ok += 1
        state = (session.seed, len(session.game.history))
        if reported is None or state == reported:
            figures.saves_at_report += 1
        elif state in ((reported[0], reported[1] + 1), (reported[0] + 1, 0)):
            figures.saves_one_ahead += 1
        else:
            figures.problems.append(f"kill {figures.kills}: saved {state}, reported {reported}")
        left = len(list(path.parent.glob("*.tmp")))
        figures.temp_left_max = max(figures.temp_left_max, left)
    figures.temp_left_after_kills = len(list(path.parent.glob("*.tmp")))
    # The app's start removes them once they are older than a moment; here, at once.
    storage.cleanup_temp_files(older_than=0.0)
    figures.temp_left_after_start_clean = len(list(path.parent.glob("*.tmp")))
    figures.seconds = time.monotonic() - started
    return figures
