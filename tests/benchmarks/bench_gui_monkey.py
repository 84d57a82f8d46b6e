"""The long GUI monkey: random mouse, keys, text and window sizes on every game's
screens for a set time, headless, with all data in a temporary folder.

    python tests/benchmarks/bench_gui_monkey.py --minutes 10 [--seed 1] [--steps 600]

Runs round after round: each round is a fresh window on one game (every game in turn), begun on
the title screen, on a table of one human and AI seats, or on a hot-seat table, and driven for
``--steps`` random actions (tests/monkey.py). An exception ends its round (the next one starts
with a fresh window); every exception, every error message that means the app failed, and every
save left behind that does not load is a finding. Prints events sent, frames, actions, moves,
games finished, the scenes and dialogs seen (frames on top), and the findings deduplicated
with a traceback each; writes tests/benchmarks/results/gui_monkey.json. Stops by itself when
the time is up (the round under way ends after its current action). Exit status 1 if anything
was found.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

RESULTS = Path(__file__).parent / "results"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/: monkey.py


def private_home() -> Path:
    """Every platformdirs folder in a fresh temporary folder (set before tabletop is used)."""
    home = Path(tempfile.mkdtemp(prefix="tabletop-monkey-"))
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[var] = str(home / var.lower())
    return home


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long to run (10)")
    parser.add_argument("--seed", type=int, default=1, help="the first round's seed (1)")
    parser.add_argument("--steps", type=int, default=600, help="random actions a round (600)")
    parser.add_argument(
        "--freeze", type=float, default=5.0, help="a frame longer than this (s) is a finding"
    )
    parser.add_argument("--out", type=Path, default=RESULTS / "gui_monkey.json")
    args = parser.parse_args(argv)

    home = private_home()
    import pygame
    from monkey import STARTS, Finding, Monkey, MonkeyStats, begin, check_data_folder

    import rules
    from tabletop.app import App
    from tabletop.storage import Settings

    games = sorted(rules.GAMES)
    total = MonkeyStats()
    found: dict[str, dict[str, Any]] = {}
    rounds: list[dict[str, Any]] = []
    started = time.monotonic()
    deadline = started + args.minutes * 60
    next_report = started + 60

    def note(finding: Finding, where: dict[str, Any]) -> None:
        entry = found.setdefault(
            finding.key,
            {"kind": finding.kind, "count": 0, "summary": finding.summary, "first": None},
        )
        entry["count"] += 1
        if entry["first"] is None:
            entry["first"] = {
                **where,
                "scene": finding.scene,
                "step": finding.step,
                "detail": finding.detail,
            }
            print(f"\n!! {finding.kind} ({where}): {finding.summary}", flush=True)
            if finding.detail:
                print(finding.detail, flush=True)

    print(f"GUI monkey: {args.minutes:g} min, seed {args.seed}, data in {home}", flush=True)
    index = 0
    while time.monotonic() < deadline:
        game_id = games[index % len(games)]
        start = STARTS[(index // len(games)) % len(STARTS)]
        seed = args.seed * 100_003 + index
        where = {"round": index, "game": game_id, "start": start, "seed": seed}
        app = App((1280, 720), settings=Settings(animation_speed=0.0), persist_settings=False)
        monkey = Monkey(
            app,
            random.Random(seed),
            freeze_s=args.freeze,
            on_finding=lambda f, w=where: note(f, w),
        )
        try:
            begin(app, game_id, start, seed)
        except Exception as err:  # the way in failed: a finding like any other
            monkey.record("exception", f"{type(err).__name__}: {err}", _traceback(err))
        else:
            monkey.run(args.steps, deadline=deadline, stop_on_exception=False)
        try:
            app.quit()
        except Exception as err:
            monkey.record("exception", f"quit: {type(err).__name__}: {err}", _traceback(err))
            with contextlib.suppress(Exception):
                pygame.quit()
        if index % 10 == 9 or time.monotonic() >= deadline:
            for finding in check_data_folder():
                monkey.stats.findings.append(finding)
                note(finding, where)
        stats = monkey.stats
        total.merge(stats)
        rounds.append(
            {
                **where,
                "steps": stats.steps,
                "events": stats.events,
                "frames": stats.frames,
                "moves": stats.moves,
                "games_finished": stats.games_finished,
                "findings": len(stats.findings),
            }
        )
        index += 1
        if time.monotonic() >= next_report:
            next_report += 60
            minutes = (time.monotonic() - started) / 60
            print(
                f"[{minutes:4.1f} min] rounds {index}, events {total.events}, frames "
                f"{total.frames}, moves {total.moves}, games finished {total.games_finished}, "
                f"findings {len(total.findings)} ({len(found)} distinct)",
                flush=True,
            )

    elapsed = time.monotonic() - started
    result = {
        "minutes": args.minutes,
        "seed": args.seed,
        "steps_per_round": args.steps,
        "elapsed_s": round(elapsed, 1),
        "rounds": len(rounds),
        "actions": total.steps,
        "events": total.events,
        "frames": total.frames,
        "frames_per_s": round(total.frames / elapsed, 1) if elapsed else 0,
        "moves": total.moves,
        "games_finished": total.games_finished,
        "resizes": total.resizes,
        "restarts": total.restarts,
        "slowest_frame_ms": round(total.slowest_frame_ms, 1),
        "slowest_frame_scene": total.slowest_frame_scene,
        "frames_over_250ms": total.slow_frames,
        "slowest_frames": [{"ms": round(ms), "where": where} for ms, where in total.slowest],
        "scenes": dict(total.scenes.most_common()),
        "dialogs": dict(total.dialogs.most_common()),
        "findings": len(total.findings),
        "distinct_findings": list(found.values()),
        "per_round": rounds,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")

    print(f"\nGUI monkey, {elapsed / 60:.1f} min, seed {args.seed}, {len(rounds)} rounds")
    print(f"  actions {total.steps}, events {total.events}, frames {total.frames}")
    print(f"  moves {total.moves}, games finished {total.games_finished}")
    print(f"  window resizes {total.resizes}, app restarts (Quit) {total.restarts}")
    print(
        f"  slowest frame {total.slowest_frame_ms:.0f} ms (on {total.slowest_frame_scene}), "
        f"{total.slow_frames} frames over 250 ms"
    )
    for ms, where in total.slowest[:5]:
        print(f"    {ms:6.0f} ms  {where}")
    print("  scenes (frames on top):")
    for name, count in total.scenes.most_common():
        print(f"    {name:<24} {count}")
    print("  dialogs (frames shown):")
    for name, count in total.dialogs.most_common():
        print(f"    {name:<56} {count}")
    print(f"  findings: {len(total.findings)} ({len(found)} distinct)")
    for entry in found.values():
        first = entry["first"]
        print(f"\n  [{entry['count']}×] {entry['kind']}: {entry['summary']}")
        print(f"    first: round {first['round']} {first['game']} / {first['start']}, ")
        print(f"    seed {first['seed']}, step {first['step']}, on {first['scene']}")
        if first["detail"]:
            print("    " + first["detail"].replace("\n", "\n    "))
    print(f"\nwrote {args.out}")
    return 1 if found else 0


def _traceback(err: BaseException) -> str:
    import traceback

    return "".join(traceback.format_exception(type(err), err, err.__traceback__))


if __name__ == "__main__":
    sys.exit(main())
