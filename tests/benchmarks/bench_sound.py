"""Sound: what synthesising the cues costs at start-up (they are made in a background thread,
so the first frame never waits for them; this is the CPU time that thread takes).

    python tests/benchmarks/bench_sound.py [--runs 7] [--rate 22050]

Prints each cue's median time and the median total over ``--runs`` runs, in ms. The aim
(issue #19) is under 50 ms for all six cues at the mixer's rate (22050 Hz); a figure to read
here, not a timing assertion in the test run.
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
    totals = []
    for _ in range(args.runs):
        start = time.perf_counter()
        for cue in synth.CUES:
            t = time.perf_counter()
            synth.cue_samples(cue, args.rate)
            per_cue[cue].append((time.perf_counter() - t) * 1000)
        totals.append((time.perf_counter() - start) * 1000)
    print(f"{'cue':<10}{'seconds':>9}{'median ms':>12}")
    for cue, times in per_cue.items():
        seconds = len(synth.cue_samples(cue, args.rate)) / args.rate
        print(f"{cue:<10}{seconds:>9.2f}{statistics.median(times):>12.1f}")
    print(f"{'all six':<19}{statistics.median(totals):>12.1f}  (at {args.rate} Hz)")


if __name__ == "__main__":
    main()
