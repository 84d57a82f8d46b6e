"""Rules-layer throughput: ``python tests/benchmarks/bench_rules.py [--games N] [--repeats R]``.

For every game in ``rules.GAMES`` and every (players, options) of its spec's ``test_configs``:
random full games per second, decisions per second (legal_moves + random choice + play), and
the cost of ``clone()``, ``determinize()`` and ``view()`` on mid-game states. Figures are
medians over the repeats; single process, one core. Writes ``results/rules.json`` beside this
file. Goal for Royal Houses: at least 200 random full games per second.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

# Measure the checkout this file lives in, whatever is installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import rules
from rules import Game

RESULTS = Path(__file__).resolve().parent / "results" / "rules.json"
GOALS = {"royal_houses": 200.0}  # random full games per second
MID_STATES = 20  # mid-game positions timed for clone / determinize / view
OP_LOOPS = 50  # calls per position and repeat


def play_random(game: Game, rng: random.Random) -> int:
    """Play ``game`` to the end with uniform random moves; return the number of decisions."""
    n = 0
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
        n += 1
    return n


def time_games(
    game_id: str, players: int, options: Mapping[str, Any], games: int, first: int
) -> tuple[float, int]:
    """Seconds and decisions for ``games`` random games with seeds ``first``, ``first + 1``…"""
    decisions = 0
    start = time.perf_counter()
    for seed in range(first, first + games):
        game = rules.new_game(game_id, players, seed=seed, options=dict(options))
        decisions += play_random(game, random.Random(seed))
    return time.perf_counter() - start, decisions


def mid_game_states(game_id: str, players: int, options: Mapping[str, Any]) -> list[Game]:
    """Positions half-way through seeded random games (untimed)."""
    states = []
    for seed in range(10_000, 10_000 + MID_STATES):
        game = rules.new_game(game_id, players, seed=seed, options=dict(options))
        rng = random.Random(seed)
        trail = [game.clone()]
        while not game.over:
            game.play(rng.choice(game.legal_moves()))
            trail.append(game.clone())
        states.append(trail[len(trail) // 2])
    return states


def time_op(states: list[Game], op: str) -> float:
    """Microseconds per call of ``op`` over ``states``."""
    rng = random.Random(0)
    start = time.perf_counter()
    for state in states:
        seat = state.to_move if state.to_move is not None else 0
        for _ in range(OP_LOOPS):
            if op == "clone":
                state.clone()
            elif op == "determinize":
                state.determinize(seat, rng)
            else:
                state.view(seat)
    return 1e6 * (time.perf_counter() - start) / (len(states) * OP_LOOPS)


def bench_config(
    game_id: str, players: int, options: Mapping[str, Any], games: int, repeats: int
) -> dict[str, Any]:
    rates, dps = [], []
    decisions_per_game = 0.0
    for r in range(repeats):
        seconds, decisions = time_games(game_id, players, options, games, first=r * games)
        rates.append(games / seconds)
        dps.append(decisions / seconds)
        decisions_per_game = decisions / games
    states = mid_game_states(game_id, players, options)
    ops = {
        op: statistics.median(time_op(states, op) for _ in range(repeats))
        for op in ("clone", "determinize", "view")
    }
    goal = GOALS.get(game_id)
    games_per_s = statistics.median(rates)
    return {
        "game": game_id,
        "players": players,
        "options": dict(options),
        "games_per_s": games_per_s,
        "decisions_per_s": statistics.median(dps),
        "decisions_per_game": decisions_per_game,
        "clone_us": ops["clone"],
        "determinize_us": ops["determinize"],
        "view_us": ops["view"],
        "goal_games_per_s": goal,
        "meets_goal": None if goal is None else games_per_s >= goal,
    }


def table(rows: list[dict[str, Any]]) -> str:
    head = (
        f"{'game':<14} {'pl':>2} {'options':<18} {'games/s':>9} {'decisions/s':>12} "
        f"{'dec/game':>9} {'clone µs':>9} {'determ. µs':>11} {'view µs':>8}  goal"
    )
    lines = [head, "-" * len(head)]
    for r in rows:
        opts = json.dumps(r["options"], separators=(",", ":")) if r["options"] else "-"
        goal = (
            ""
            if r["goal_games_per_s"] is None
            else (f"≥{r['goal_games_per_s']:.0f} {'ok' if r['meets_goal'] else 'MISSED'}")
        )
        lines.append(
            f"{r['game']:<14} {r['players']:>2} {opts:<18} {r['games_per_s']:>9.1f} "
            f"{r['decisions_per_s']:>12.0f} {r['decisions_per_game']:>9.1f} {r['clone_us']:>9.1f} "
            f"{r['determinize_us']:>11.1f} {r['view_us']:>8.1f}  {goal}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rules-layer throughput benchmark.")
    parser.add_argument("--games", type=int, default=200, help="random games per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="repeats (medians are reported)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    rows = []
    for game_id, spec in rules.GAMES.items():
        for players, options in spec.test_configs or ((spec.min_players, {}),):
            rows.append(bench_config(game_id, players, options, args.games, args.repeats))
    print(table(rows))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    report = {
        "benchmark": "rules",
        "games_per_repeat": args.games,
        "repeats": args.repeats,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "platform": platform.platform(),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "results": rows,
    }
    RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten to {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
