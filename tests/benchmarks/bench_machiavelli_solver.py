"""Machiavelli solver benchmark: ``python tests/benchmarks/bench_machiavelli_solver.py
[--instances N] [--seed S]``.

Random instances from table 0 / hand 14 up to table 80 / hand 24 (the table a valid random
table of runs and sets, the hand drawn from the rest of the double deck), solved by our exact
solver (``rules.machiavelli.solver``) and, on the SAME instances, by the PyPI package
``rummikub-solver`` (an ILP: ``RuleSet(numbers=13, colours=4, repeats=2, jokers=0,
min_len=3)``, ranks 2..A as 1..13, ``SolverMode.TILE_COUNT``). Reports, per size, how often the
two agree on the number of hand cards placed (must be 100%) and the median and p95
milliseconds of each. Goal: same counts everywhere, our median at most half of theirs.

``rummikub-solver`` is only for this benchmark, never a dependency of the app:
``.venv/bin/python -m pip install rummikub-solver``. Without it, ours alone is timed and the
script says so loudly. Writes ``results/machiavelli_solver.json`` beside this file.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

# Measure the checkout this file lives in, whatever is installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.machiavelli.solver import Face, solve

RESULTS = Path(__file__).resolve().parent / "results" / "machiavelli_solver.json"
SIZES = ((0, 14), (20, 16), (40, 18), (60, 20), (80, 24))  # (table cards, hand cards)


def random_table(rng: random.Random, size: int) -> tuple[list[Face], list[Face]]:
    """A valid table of exactly ``size`` cards (random runs of 3-6 and sets of 3-4 from the
    double deck), and the cards left over."""
    while True:
        left = Counter({(r, s): 2 for r in range(13) for s in range(4)})
        table: list[Face] = []
        for _ in range(10_000):
            room = size - len(table)
            if room < 3:
                break
            if rng.random() < 0.5:
                s, n = rng.randrange(4), rng.randint(3, min(6, room))
                first = rng.randint(0, 13 - n)
                meld = [(r, s) for r in range(first, first + n)]
            else:
                r, n = rng.randrange(13), rng.randint(3, min(4, room))
                meld = [(r, s) for s in rng.sample(range(4), n)]
            if room - len(meld) in (1, 2):
                continue  # a table of exactly ``size`` cards must stay reachable
            if all(left[f] for f in meld):
                left -= Counter(meld)
                table += meld
        if len(table) == size:
            return table, sorted(left.elements())


def instances(count: int, seed: int) -> dict[tuple[int, int], list[tuple[list, list]]]:
    rng = random.Random(seed)
    out = {}
    for t, h in SIZES:
        cases = []
        for _ in range(count):
            table, rest = random_table(rng, t)
            cases.append((table, rng.sample(rest, h)))
        out[(t, h)] = cases
    return out


class Theirs:
    """``rummikub-solver`` on our instances: tile = colour * 13 + rank index + 1."""

    def __init__(self) -> None:
        from rummikub_solver import RuleSet, SolverMode

        self.rules = RuleSet(numbers=13, colours=4, repeats=2, jokers=0, min_len=3)
        self.mode = SolverMode.TILE_COUNT
        self.tiles = self.rules.tiles

    def placed(self, table: list[Face], hand: list[Face]) -> int:
        state = self.rules.new_game()
        tile = {(r, s): self.tiles[s * 13 + r] for r in range(13) for s in range(4)}
        state.add_table(*[tile[f] for f in table])
        state.add_rack(*[tile[f] for f in hand])
        state.initial = False
        found = self.rules.solve(state, self.mode)
        return 0 if found is None else len(found.tiles)


def ms_stats(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    return {
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=50, help="instances per size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        theirs: Theirs | None = Theirs()
    except ImportError:
        theirs = None
        bar = "!" * 78
        print(
            f"{bar}\n!! rummikub-solver is NOT installed: timing ours alone, no comparison.\n"
            "!! Install it for this benchmark: .venv/bin/python -m pip install rummikub-solver"
            f"\n{bar}",
            flush=True,
        )
    rows: list[dict[str, Any]] = []
    header = f"{'table/hand':>10}  {'agree':>7}  {'ours med':>8}  {'ours p95':>8}"
    header += f"  {'theirs med':>10}  {'theirs p95':>10}  {'ratio':>5}" if theirs else ""
    print(header)
    for (t, h), cases in instances(args.instances, args.seed).items():
        ours_ms, theirs_ms, agree = [], [], 0
        for table, hand in cases:
            start = time.perf_counter()
            found = solve(table, hand)
            ours_ms.append((time.perf_counter() - start) * 1000)
            assert found is not None, "a valid table always has a solution"
            if theirs is not None:
                start = time.perf_counter()
                count = theirs.placed(table, hand)
                theirs_ms.append((time.perf_counter() - start) * 1000)
                agree += count == len(found.placed)
        row: dict[str, Any] = {"table": t, "hand": h, "instances": len(cases)}
        row["ours"] = ms_stats(ours_ms)
        line = f"{t:>4}/{h:<5}"
        if theirs is not None:
            row["theirs"] = ms_stats(theirs_ms)
            row["agreement"] = agree / len(cases)
            ratio = row["ours"]["median_ms"] / row["theirs"]["median_ms"]
            row["median_ratio"] = round(ratio, 3)
            line += f"  {agree:>3}/{len(cases):<3}"
        else:
            line += f"  {'-':>7}"
        line += f"  {row['ours']['median_ms']:>8.2f}  {row['ours']['p95_ms']:>8.2f}"
        if theirs is not None:
            line += f"  {row['theirs']['median_ms']:>10.2f}  {row['theirs']['p95_ms']:>10.2f}"
            line += f"  {row['median_ratio']:>5.2f}"
        print(line, flush=True)
        rows.append(row)
    ok = theirs is not None and all(
        r["agreement"] == 1.0 and r["median_ratio"] <= 0.5 for r in rows
    )
    verdict = "compared with rummikub-solver" if theirs else "NOT compared (no rummikub-solver)"
    print(
        f"Goal (100% agreement, our median <= half of theirs at every size): "
        f"{'met' if ok else 'NOT met'}; {verdict}."
    )
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(
        json.dumps(
            {
                "python": platform.python_version(),
                "machine": platform.machine(),
                "seed": args.seed,
                "compared": theirs is not None,
                "goal_met": ok,
                "sizes": rows,
            },
            indent=2,
        )
        + "\n"
    )
    return 0 if (ok or theirs is None) else 1


if __name__ == "__main__":
    raise SystemExit(main())
