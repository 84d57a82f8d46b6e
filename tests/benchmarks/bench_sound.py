"""Sound: what synthesising the cues costs at start-up (they are made in a background thread,
so the first frame never waits for them; this is the CPU time that thread takes).

    python tests/benchmarks/bench_sound.py [--runs 7] [--rate 22050]

Prints each cue's median CPU time and the median total over ``--runs`` runs (CPU and wall
clock), in ms. CPU time is the figure to read on a busy machine: the wall clock there counts
other processes' turns too. The aim is under 50 ms for all six cues at the
mixer's rate (22050 Hz); a figure to read here, not a timing assertion in the test run.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tabletop.audio import synth
from tabletop.audio.player import MIXER_RATE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--rate", type=int, default=MIXER_RATE)
    args = parser.parse_args()
    per_cue: dict[str, list[float]] = {cue: [] for cue in synth.CUES}
    cpu_totals, wall_totals = [], []
    for _ in range(args.runs):
        cpu, wall = time.process_time(), time.perf_counter()
        for cue in synth.CUES:
            t = time.process_time()
            synth.cue_samples(cue, args.rate)
            per_cue[cue].append((time.process_time() - t) * 1000)
        cpu_totals.append((time.process_time() - cpu) * 1000)
        wall_totals.append((time.perf_counter() - wall) * 1000)
    print(f"{'cue':<10}{'seconds':>9}{'median CPU ms':>15}")
    for cue, times in per_cue.items():
        seconds = len(synth.cue_samples(cue, args.rate)) / args.rate
        print(f"{cue:<10}{seconds:>9.2f}{statistics.median(times):>15.1f}")
    print(
        f"all six at {args.rate} Hz: median {statistics.median(cpu_totals):.1f} ms CPU, "
        f"{statistics.median(wall_totals):.1f} ms wall clock"
    )


if __name__ == "__main__":
    main()
