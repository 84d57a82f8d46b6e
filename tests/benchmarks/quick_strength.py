"""Quick strength check: run it after any change to ``rules/``, ``tabletop/ai/`` or a game's
bots or search, and quote its table in the note.

    python tests/benchmarks/quick_strength.py                 # every cell, one process
    python tests/benchmarks/quick_strength.py --compare       # and the change from the baseline
    python tests/benchmarks/quick_strength.py --only medici:2 --jobs 2
    python tests/benchmarks/quick_strength.py --scale 4       # four times the deals a cell

Every cell plays duplicate deals (each deal from every seat) with the iteration caps written
in :data:`CELLS`, never a time budget, so the figures do not depend on the machine's speed or
load: the same command gives the same figures, game for game. The caps are about an eighth of
what each level's real budget buys (see ``bench_strength.py --measure``), so the check runs
in minutes: 7-8 minutes of one core (on this shared machine under a load of 8-13 it took
38 minutes of wall time). The full table (``bench_strength.py``) plays the real caps.

Cells: Normal vs Easy and Hard vs Normal for every game and the player counts that matter. In
a 2-sided cell the level above should win more than half (``ordered``: the 95% interval's
lower end above 50%); with 3+ sides one searcher sits among rivals of the level below and
should take more than its fair share. The intervals of so few deals are wide: the check
notices a large slip; ``--compare`` also notices a small one, because it replays the very
same deals as the saved run and counts the games whose result changed (a paired comparison).

Writes tests/benchmarks/results/quick_strength.json; ``--save-baseline`` also writes the
committed baseline tests/benchmarks/quick_strength_baseline.json that ``--compare`` reads
by default (``--compare FILE`` reads another run's JSON).
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from bench_strength import seating  # noqa: E402

from tabletop.arena import run_arena  # noqa: E402

RESULTS = HERE / "results" / "quick_strength.json"
BASELINE = HERE / "quick_strength_baseline.json"
SEED = 2411


@dataclass(frozen=True)
class Cell:
    """One game at one player count: the caps of its search levels and the deals each
    matchup plays (a deal is played once from every seat)."""

    game: str
    players: int
    normal: int  # Normal's iteration cap
    hard: int  # Hard's iteration cap
    deals: tuple[tuple[str, str, int], ...]  # (upper level, lower level, deals)


#: About an eighth of each level's real iterations (Normal 0.3 s, Hard 1.5 s a decision,
#: as measured by ``bench_strength.py --measure``): Medici's Normal spends most of its
#: budget on the root's lookahead, so its cap is small. Deals are set so that the whole
#: check takes a few minutes on one core.
CELLS: tuple[Cell, ...] = (
    Cell("royal_houses", 2, 40, 200, (("normal", "easy", 10), ("hard", "normal", 3))),
    Cell("allegiance", 4, 35, 175, (("normal", "easy", 4), ("hard", "normal", 2))),
    Cell("allegiance", 7, 25, 125, (("normal", "easy", 2), ("hard", "normal", 1))),
    Cell("medici", 2, 8, 128, (("normal", "easy", 10), ("hard", "normal", 4))),
    Cell("medici", 4, 28, 140, (("normal", "easy", 4), ("hard", "normal", 2))),
    Cell("machiavelli", 2, 10, 50, (("normal", "easy", 10), ("hard", "normal", 4))),
    Cell("machiavelli", 4, 12, 60, (("normal", "easy", 2), ("hard", "normal", 1))),
    # Alliances' games are long (150-230 decisions): a sixteenth of the real iterations.
    Cell("alliances", 2, 15, 75, (("normal", "easy", 8), ("hard", "normal", 2))),
    Cell("alliances", 3, 12, 60, (("normal", "easy", 2), ("hard", "normal", 1))),
    Cell("alliances", 4, 20, 100, (("normal", "easy", 2), ("hard", "normal", 1))),
)


def chosen_cells(only: list[str] | None) -> list[Cell]:
    """The cells named by ``--only`` (game ids or ``id:players``), or all."""
    if not only:
        return list(CELLS)
    picked = [c for c in CELLS if c.game in only or f"{c.game}:{c.players}" in only]
    if not picked:
        known = ", ".join(f"{c.game}:{c.players}" for c in CELLS)
        raise SystemExit(f"--only names no cell; cells are {known}")
    return picked


def run_cell(
    cell: Cell, upper: str, lower: str, deals: int, seed: int, jobs: int
) -> dict[str, Any]:
    """Play one matchup of ``cell``; the upper level's figures as a JSON-ready row."""
    seats = seating(cell.game, cell.players, upper, lower)
    caps = {"normal": cell.normal, "hard": cell.hard}
    games = deals * cell.players
    result = run_arena(cell.game, cell.players, seats, games, seed, caps, jobs, True)
    mine = [e for e, kind in enumerate(seats) if kind == upper]
    kind = next(k for k in result["by_kind"] if k["kind"] == upper)
    fair = kind["fair_share"]
    low, high = kind["win_share_ci95"]
    share = kind["win_share"]
    # A 2-sided cell is ordered when the interval clears a half; with more sides the
    # interval of so few deals cannot clear the fair share, so the share itself must.
    ordered = low > 0.5 if round(1 / fair) == 2 else share > fair
    return {
        "game": cell.game,
        "players": cell.players,
        "matchup": f"{upper} vs {lower}",
        "caps": caps,
        "deals": deals,
        "games": games,
        "seed": seed,
        "win_share": share,
        "win_share_ci95": [low, high],
        "fair_share": fair,
        "ordered": ordered,
        "wall_time_s": round(result["wall_time_s"], 2),
        # The upper level's win share of each game (its seats averaged), for --compare.
        "game_shares": [sum(w[e] for e in mine) / len(mine) for w in result["game_wins"]],
    }


def run(cells: list[Cell], seed: int, jobs: int, scale: float, echo: bool) -> dict[str, Any]:
    """Every matchup of ``cells``; rows printed as they come when ``echo``."""
    rows = []
    measured = commit()  # before the run: an edit meanwhile is not the code that played
    started, cpu = time.perf_counter(), time.process_time()
    if echo:
        print(header(), flush=True)
    for cell in cells:
        for upper, lower, deals in cell.deals:
            row = run_cell(cell, upper, lower, max(1, round(deals * scale)), seed, jobs)
            rows.append(row)
            if echo:
                print(line(row), flush=True)
    return {
        "seed": seed,
        "scale": scale,
        "jobs": jobs,
        "commit": measured,
        "wall_time_s": round(time.perf_counter() - started, 1),
        # With one job, the time one core spent: what the check costs on an idle machine.
        "cpu_time_s": round(time.process_time() - cpu, 1),
        "rows": rows,
    }


def commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=HERE,
            capture_output=True,
            text=True,
            check=True,
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=HERE,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def header() -> str:
    return (
        f"{'game':<13} {'n':>2}  {'matchup':<15} {'caps N/H':>9} {'games':>5} "
        f"{'share':>6} {'95% CI':>9} {'fair':>5} {'ordered':>7} {'wall s':>6}"
    )


def line(row: dict[str, Any]) -> str:
    low, high = row["win_share_ci95"]
    caps = f"{row['caps']['normal']}/{row['caps']['hard']}"
    return (
        f"{row['game']:<13} {row['players']:>2}  {row['matchup']:<15} {caps:>9} "
        f"{row['games']:>5} {row['win_share']:>6.1%} {f'{low:.0%}–{high:.0%}':>9} "
        f"{row['fair_share']:>5.0%} {'yes' if row['ordered'] else 'NO':>7} "
        f"{row['wall_time_s']:>6.0f}"
    )


def compare(new: dict[str, Any], old: dict[str, Any]) -> list[str]:
    """The change of each cell from ``old`` to ``new``. Where both played the same deals
    (same seed and scale) the games pair up: ``changed`` counts games whose result moved,
    and the interval is the paired one (mean of the per-game differences ± 1.96 s.e.)."""
    before = {(r["game"], r["players"], r["matchup"]): r for r in old["rows"]}
    out = [
        f"against {old.get('commit', '?')} (seed {old.get('seed')}, scale {old.get('scale')}):",
        f"{'game':<13} {'n':>2}  {'matchup':<15} {'before':>7} {'now':>7} {'change':>7} "
        f"{'changed games':>13} {'paired 95% CI':>15}",
    ]
    for row in new["rows"]:
        key = (row["game"], row["players"], row["matchup"])
        was = before.get(key)
        if was is None:
            out.append(f"{row['game']:<13} {row['players']:>2}  {row['matchup']:<15} (new cell)")
            continue
        diff = row["win_share"] - was["win_share"]
        paired = "-"
        changed = "-"
        same_plan = (was["seed"], was["games"], was["caps"]) == (
            row["seed"],
            row["games"],
            row["caps"],
        )
        if same_plan:
            d = [a - b for a, b in zip(row["game_shares"], was["game_shares"], strict=True)]
            changed = f"{sum(1 for x in d if x)}/{len(d)}"
            half = 1.96 * _sd(d) / math.sqrt(len(d)) if len(d) > 1 else 0.0
            paired = f"{diff - half:+.0%}…{diff + half:+.0%}"
        out.append(
            f"{row['game']:<13} {row['players']:>2}  {row['matchup']:<15} "
            f"{was['win_share']:>7.1%} {row['win_share']:>7.1%} {diff:>+7.1%} "
            f"{changed:>13} {paired:>15}"
        )
    return out


def merged(result: dict[str, Any], path: Path) -> dict[str, Any]:
    """``result`` with the saved run's other cells kept (a run of some cells updates only
    those); each row says the commit it was measured on."""
    rows = [{**row, "commit": result["commit"]} for row in result["rows"]]
    if path.exists():
        ran = {(r["game"], r["players"], r["matchup"]) for r in rows}
        old = json.loads(path.read_text())
        kept = [
            {"commit": old.get("commit", "?"), **r}
            for r in old["rows"]
            if (r["game"], r["players"], r["matchup"]) not in ran
        ]
        order = {
            (c.game, c.players, f"{u} vs {lo}"): i
            for i, c in enumerate(CELLS)
            for u, lo, _ in c.deals
        }
        rows = sorted(
            kept + rows, key=lambda r: order.get((r["game"], r["players"], r["matchup"]), 99)
        )
    return {**result, "rows": rows}


def _sd(xs: list[float]) -> float:
    mean = sum(xs) / len(xs)
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", help="game ids or id:players (default: all)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"master seed (default {SEED})")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="deals a cell, times this (default 1)"
    )
    parser.add_argument(
        "--compare",
        nargs="?",
        const=str(BASELINE),
        help="print the change from a saved run (default: the committed baseline)",
    )
    parser.add_argument("--save-baseline", action="store_true", help=f"also write {BASELINE.name}")
    args = parser.parse_args()
    result = run(chosen_cells(args.only), args.seed, args.jobs, args.scale, echo=True)
    print(
        f"wall time {result['wall_time_s']:.0f} s, CPU {result['cpu_time_s']:.0f} s in this "
        f"process ({args.jobs} job(s)), commit {result['commit']}"
    )
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(result, indent=1)
    RESULTS.write_text(text)
    if args.save_baseline:
        BASELINE.write_text(json.dumps(merged(result, BASELINE), indent=1))
    if args.compare:
        path = Path(args.compare)
        if not path.exists():
            print(f"no saved run at {path} to compare with")
        else:
            print("\n".join(compare(result, json.loads(path.read_text()))))


if __name__ == "__main__":
    main()
