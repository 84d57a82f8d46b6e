"""Decision time of the Normal and Hard AI at their real time budgets (Normal about 0.3 s,
Hard about 1.5 s a decision), per game, on mid-game positions.

    python tests/benchmarks/bench_decision_time.py                 # 12 positions a game
    python tests/benchmarks/bench_decision_time.py --positions 30 --only medici

Positions come from games the Easy bots play (a seeded deal), taken from the middle of the
game (between a fifth and four fifths of its decisions) where the seat has a real choice.
Each level decides each position once from the seat's own view, as the AI worker does, and
the time of the whole decision is kept (the root's first guess included, which is part of
the budget). The figures are wall times: on a loaded machine they say what the budget gives,
not how fast the search is. Writes tests/benchmarks/results/decision_time.json.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

import rules
from tabletop.ai.base import SeatView, decide
from tabletop.ai.bots import SEARCH_LEVELS, make_bot

RESULTS = Path(__file__).parent / "results" / "decision_time.json"
#: Each game at its smallest table and at one larger one where the search differs.
CONFIGS: list[tuple[str, int]] = [
    ("royal_houses", 2),
    ("allegiance", 4),
    ("medici", 2),
    ("medici", 4),
    ("machiavelli", 2),
    ("alliances", 2),
    ("alliances", 4),
]


def mid_game(game_id: str, players: int, count: int, seed: int) -> list[rules.Game]:
    """``count`` positions with a real choice from the middle of Easy-played games."""
    rng = random.Random(seed)
    found: list[rules.Game] = []
    while len(found) < count:
        game = rules.new_game(game_id, players, seed=rng.getrandbits(32))
        bots = [make_bot("easy", game_id, rng.getrandbits(32)) for _ in range(players)]
        table = random.Random(rng.getrandbits(32))
        plies: list[rules.Game] = []
        while not game.over:
            seat = game.mover
            if len(game.legal_moves()) > 1:
                plies.append(game.clone())
            game.play(decide(bots[seat], game, seat, table))
        middle = plies[len(plies) // 5 : len(plies) * 4 // 5]
        found += rng.sample(middle, min(len(middle), count - len(found), 3))
    return found


def measure(game_id: str, players: int, count: int, seed: int) -> dict[str, Any]:
    """Each search level's decision times (s) on the same ``count`` positions."""
    games = mid_game(game_id, players, count, seed)
    row: dict[str, Any] = {"game": game_id, "players": players, "positions": len(games)}
    for level in SEARCH_LEVELS:
        times = []
        iterations = []
        for i, game in enumerate(games):
            bot = make_bot(level, game_id, seed + i)
            seat = game.mover
            t0 = time.perf_counter()
            bot.choose(SeatView(game, seat, random.Random(i)))
            times.append(time.perf_counter() - t0)
            iterations.append(getattr(bot, "last_iterations", 0))
        row[level] = {
            "budget_s": SEARCH_LEVELS[level][0],
            "median_s": round(statistics.median(times), 3),
            "p90_s": round(statistics.quantiles(times, n=10)[-1], 3) if len(times) > 1 else None,
            "max_s": round(max(times), 3),
            "median_iterations": statistics.median(iterations),
        }
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=12, help="positions a game")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", nargs="*", help="game ids or id:players")
    args = parser.parse_args()
    chosen = [
        (g, p) for g, p in CONFIGS if not args.only or g in args.only or f"{g}:{p}" in args.only
    ]
    print(
        f"{'game':<13} {'n':>2} {'pos':>4}  {'Normal median':>13} {'p90':>6} {'max':>6} "
        f"{'iters':>6}  {'Hard median':>11} {'p90':>6} {'max':>6} {'iters':>6}"
    )
    rows = []
    for game_id, players in chosen:
        row = measure(game_id, players, args.positions, args.seed)
        rows.append(row)
        n, h = row["normal"], row["hard"]
        print(
            f"{game_id:<13} {players:>2} {row['positions']:>4}  {n['median_s']:>12.3f}s "
            f"{n['p90_s']:>6.2f} {n['max_s']:>6.2f} {n['median_iterations']:>6.0f}  "
            f"{h['median_s']:>10.3f}s {h['p90_s']:>6.2f} {h['max_s']:>6.2f} "
            f"{h['median_iterations']:>6.0f}",
            flush=True,
        )
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
