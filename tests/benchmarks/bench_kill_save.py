"""Kill the app mid-autosave many times: ``python tests/benchmarks/bench_kill_save.py
[--kills N] [--seed S] [--max-wait SECONDS]``.

A child process does what the app does (resume the game from its save, play on, autosave
after every move) and is killed with SIGKILL at a random moment, ``N`` times (default 60).
After each kill the save must load, every move re-checked, and hold the last game the child
reported saving (or the one after it, when a save finished just before its report). Prints
the figures and writes ``results/kill_save.json`` beside this file; exits 1 on any problem.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "kill_save.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=60, help="how many kills (default 60)")
    parser.add_argument("--seed", type=int, default=17, help="seed of the kill moments")
    parser.add_argument(
        "--max-wait", type=float, default=0.4, help="longest wait before a kill, in seconds"
    )
    args = parser.parse_args(argv)
    if args.kills < 1:
        parser.error("--kills must be at least 1")
    home = Path(tempfile.mkdtemp(prefix="tabletop-kill-"))
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        os.environ[var] = str(home / var.lower())  # before tabletop.storage is used
    sys.path.insert(0, str(HERE.parent))
    from kill_save import run_kills

    figures = run_kills(args.kills, home, seed=args.seed, max_wait=args.max_wait)
    rows = [
        ("kills", figures.kills),
        ("saves that loaded (every move re-checked)", figures.loads_ok),
        ("  holding the last game reported saved", figures.saves_at_report),
        ("  holding the one after (saved, not yet reported)", figures.saves_one_ahead),
        ("autosaves reported by the children", figures.autosaves),
        ("most temp files left at once", figures.temp_left_max),
        ("temp files left after all kills", figures.temp_left_after_kills),
        ("temp files left after the start-up clean", figures.temp_left_after_start_clean),
        ("seconds", round(figures.seconds, 1)),
        ("problems", len(figures.problems)),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    for problem in figures.problems:
        print("PROBLEM:", problem)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(asdict(figures), indent=1), encoding="utf-8")
    ok = not figures.problems and figures.loads_ok == args.kills
    return 0 if ok and figures.temp_left_after_start_clean == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
