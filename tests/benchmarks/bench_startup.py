"""Start-up time: ``python tests/benchmarks/bench_startup.py [--runs N] [--onefile]``.

Time from launching the app to its first drawn title frame, from source (``python -m
tabletop``) and from the frozen onedir build (``build/dist/tabletop/tabletop``; build it first
with ``python build/build.py``), and with ``--onefile`` also ``build/dist/tabletop-onefile``.
Each launch sets ``TABLETOP_STARTUP_PROBE=1``: the app prints the wall-clock time of its first
frame and quits; the time counted here runs from just before the launch to that instant, so it
includes everything a player waits for (a frozen app's bootloader, imports, window, theme,
title scene). Runs alternate between the variants so machine load hits all alike; figures are
medians. On a busy machine the wall-clock figures wander, so the CPU seconds each launch used
(user + system, whole run to exit, Unix only) are reported beside them. Writes
``results/startup.json`` beside this file. Goal: frozen onedir at most 0.5 s and at most 20%
slower than source.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = Path(__file__).resolve().parent / "results" / "startup.json"
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
ONEDIR = ROOT / "build" / "dist" / "tabletop" / f"tabletop{EXE_SUFFIX}"
ONEFILE = ROOT / "build" / "dist" / f"tabletop-onefile{EXE_SUFFIX}"
GOAL_SECONDS = 0.5
GOAL_RATIO = 1.2
PROBE = re.compile(r"startup-probe: first frame at (\d+\.\d+) s")


def children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def launch_seconds(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from launching ``command`` to the first frame it reports, and the CPU seconds
    the launch used from start to exit."""
    cpu_before = children_cpu_seconds()
    start = time.time()
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    cpu = children_cpu_seconds() - cpu_before
    match = PROBE.search(done.stdout)
    if done.returncode != 0 or match is None:
        raise RuntimeError(
            f"{command[0]} exited {done.returncode} without a first frame:\n"
            f"{done.stdout}{done.stderr}"
        )
    return float(match.group(1)) - start, cpu


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=9, help="launches per variant (default 9)")
    p.add_argument("--onefile", action="store_true", help="also time the onefile build")
    args = p.parse_args(argv)

    variants = {"source": [sys.executable, "-m", "tabletop"]}
    if ONEDIR.exists():
        variants["frozen_onedir"] = [str(ONEDIR)]
    else:
        print(f"no onedir build at {ONEDIR}: run python build/build.py first", file=sys.stderr)
    if args.onefile:
        if ONEFILE.exists():
            variants["frozen_onefile"] = [str(ONEFILE)]
        else:
            print(
                f"no onefile build at {ONEFILE}: python build/build.py --onefile", file=sys.stderr
            )

    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "TABLETOP_STARTUP_PROBE": "1",
            "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
            "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy"),
            "PYTHONPATH": str(ROOT),  # source runs measure this checkout
            # Settings are read at start-up: a fresh, private place, the same for every run.
            "XDG_CONFIG_HOME": str(Path(home, "config")),
            "XDG_DATA_HOME": str(Path(home, "data")),
            "XDG_STATE_HOME": str(Path(home, "state")),
        }
        for command in variants.values():  # one untimed launch each: disk caches warm alike
            launch_seconds(command, env)
        times: dict[str, list[float]] = {name: [] for name in variants}
        cpu: dict[str, list[float]] = {name: [] for name in variants}
        for _ in range(args.runs):
            for name, command in variants.items():
                seconds, cpu_seconds = launch_seconds(command, env)
                times[name].append(seconds)
                cpu[name].append(cpu_seconds)

    medians = {name: statistics.median(ts) for name, ts in times.items()}
    cpu_medians = {name: statistics.median(cs) for name, cs in cpu.items()}
    for name, ts in times.items():
        print(
            f"{name:15} median {medians[name]:.3f} s  "
            f"(min {min(ts):.3f}, max {max(ts):.3f}, {len(ts)} runs; "
            f"CPU to exit {cpu_medians[name]:.3f} s)"
        )
    verdict: dict[str, bool] = {}
    if "frozen_onedir" in medians:
        frozen, source = medians["frozen_onedir"], medians["source"]
        verdict = {
            f"onedir at most {GOAL_SECONDS} s": frozen <= GOAL_SECONDS,
            f"onedir at most {GOAL_RATIO:.0%} of source": frozen <= GOAL_RATIO * source,
        }
        print(f"onedir / source: {frozen / source:.2f}")
        for goal, met in verdict.items():
            print(f"goal {goal}: {'met' if met else 'MISSED'}")

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(
        json.dumps(
            {
                "machine": {
                    "python": platform.python_version(),
                    "platform": platform.platform(),
                    "cpus": os.cpu_count(),
                },
                "runs": args.runs,
                "median_seconds": medians,
                "all_seconds": times,
                "median_cpu_seconds_to_exit": cpu_medians,
                "goals_met": verdict,
            },
            indent=2,
        )
        + "\n",
        encoding="utf-8",
    )
    print(f"wrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
