"""Inference's worth: Hard with inference against Hard without, at equal iteration caps.

    python tests/benchmarks/bench_inference.py                       # every game that infers
    python tests/benchmarks/bench_inference.py --only allegiance:4 --deals 10 --cap 300

Each cell plays duplicate deals (each deal once from every seat) between ``hard`` (the
search as it plays, weighing its deals by the game's inference) and ``hard-noinf`` (the same
search dealing the hidden cards uniformly), both at the same iteration cap, so only the
inference differs. With 3+ players one ``hard`` seat sits among ``hard-noinf`` rivals. Prints
the win share of ``hard`` with its 95% interval (over deals, see ``arena.block_interval``)
and the median milliseconds per searched decision of each, and writes
results/bench_inference.json.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import rules
from rules import Move
from tabletop import arena
from tabletop.ai import policy
from tabletop.ai.base import SeatView
from tabletop.ai.ismcts import ISMCTSBot
from tabletop.ai.policy import game_ai

RESULTS = Path(__file__).parent / "results" / "bench_inference.json"
SEED = 2411
#: (game, players, iteration cap, deals): caps about an eighth of what Hard's budget buys
#: (as in quick_strength.py), so a cell runs in minutes on a loaded machine.
CELLS = (
    ("royal_houses", 2, 200, 20),
    ("allegiance", 4, 300, 10),
    ("allegiance", 7, 200, 4),
    ("medici", 2, 128, 40),
    ("medici", 4, 140, 10),
    ("machiavelli", 2, 50, 20),
    ("alliances", 2, 75, 20),
    ("alliances", 4, 100, 2),
)
#: Milliseconds of each searched decision, by kind (filled while the arena plays).
TIMES: dict[str, list[float]] = {"hard": [], "hard-noinf": []}


class _Timed(ISMCTSBot):
    """The search, recording how long each decision it really searched took."""

    def __init__(self, kind: str, seed: int, iterations: int) -> None:
        super().__init__(
            seed,
            budget=None,
            iterations=iterations,
            name=f"ismcts-{kind}",
            inference=kind == "hard",
        )
        self.kind = kind

    def choose(self, seat_view: SeatView) -> Move:
        started = time.perf_counter()
        move = super().choose(seat_view)
        if self.last_iterations:
            TIMES[self.kind].append((time.perf_counter() - started) * 1000)
        return move


def _make_bot(kind: str, game_id: str, seed: int, iterations: int | None = None) -> Any:
    if kind in TIMES:
        assert iterations is not None, "the A/B runs at iteration caps only"
        return _Timed(kind, seed, iterations)
    return ORIGINAL_MAKE_BOT(kind, game_id, seed, iterations)


ORIGINAL_MAKE_BOT = arena.make_bot


def run_cell(game: str, players: int, cap: int, deals: int) -> dict[str, Any]:
    for times in TIMES.values():
        times.clear()
    kinds = ["hard", *["hard-noinf"] * (players - 1)]
    result = arena.run_arena(
        game,
        players,
        kinds,
        deals * players,
        SEED,
        iterations={"hard": cap, "hard-noinf": cap},
        duplicate=True,
    )
    row = next(r for r in result["by_kind"] if r["kind"] == "hard")
    return {
        "game": game,
        "players": players,
        "cap": cap,
        "games": deals * players,
        "share": row["win_share"],
        "interval": row["win_share_ci95"],
        "fair": 1.0 / players,
        "ms_inference": statistics.median(TIMES["hard"]) if TIMES["hard"] else None,
        "ms_uniform": statistics.median(TIMES["hard-noinf"]) if TIMES["hard-noinf"] else None,
        "decisions": [len(TIMES["hard"]), len(TIMES["hard-noinf"])],
    }


def decision_shift(game: str, players: int, cap: int, positions: int) -> dict[str, Any]:
    """How often inference changes the search's decision, against how often a mere change of
    seed does, on mid-game positions (of heuristic-bot games) where the game's inference has
    something to weigh; with the median milliseconds a decision with and without it."""
    from tabletop.ai.base import decide

    ai = game_ai(game)
    assert ai.inference is not None
    changed = noise = found = 0
    ms: dict[str, list[float]] = {"hard": [], "hard-noinf": []}
    seed = 0
    while found < positions:
        seed += 1
        state = rules.new_game(game, players, seed=seed)
        bots = [arena.make_bot("heuristic", game, seed * 10 + i) for i in range(players)]
        rng = random.Random(seed)
        for _ in range(random.Random(seed).randrange(20, 90)):
            if state.over:
                break
            state.play(decide(bots[state.mover], state, state.mover, rng))
        if state.over or state.forced_move() is not None:
            continue
        view = SeatView(state, state.mover, random.Random(seed))
        if ai.inference(view.view, view.seen, view.seat) is None:
            continue
        found += 1
        picks = []
        for kind, bot_seed in (("hard", 1), ("hard-noinf", 1), ("hard-noinf", 2)):
            bot = ISMCTSBot(bot_seed, budget=None, iterations=cap, inference=kind == "hard")
            started = time.perf_counter()
            picks.append(bot.choose(view))
            if bot_seed == 1:
                ms[kind].append((time.perf_counter() - started) * 1000)
        changed += picks[0] != picks[1]
        noise += picks[1] != picks[2]
    return {
        "game": game,
        "players": players,
        "cap": cap,
        "positions": positions,
        "changed_by_inference": changed,
        "changed_by_seed": noise,
        "ms_inference": statistics.median(ms["hard"]),
        "ms_uniform": statistics.median(ms["hard-noinf"]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="game:players, e.g. allegiance:4")
    parser.add_argument("--deals", type=int, help="deals a cell (each played from every seat)")
    parser.add_argument("--cap", type=int, help="iteration cap of both sides")
    parser.add_argument(
        "--blocks",
        type=int,
        default=0,
        help="play the cell as this many one-deal runs (seeds 2411, 2412, ...), one line each "
        "as it ends, then the summary: the figures so far survive a run cut short",
    )
    parser.add_argument(
        "--draws", type=int, help="guesses weighed per iteration (replaces the game's setting)"
    )
    parser.add_argument(
        "--shift",
        type=int,
        default=0,
        help="instead of games: on this many positions a cell, how often inference changes "
        "the decision (against a change of seed), and the decision times",
    )
    args = parser.parse_args(argv)
    arena.make_bot = _make_bot  # type: ignore[assignment]  # this script's two kinds
    arena.KINDS = (*arena.KINDS, *TIMES)  # type: ignore[assignment]
    rows = []
    for game, players, cap, deals in CELLS:
        if args.only and args.only != f"{game}:{players}":
            continue
        if game_ai(game).inference is None:
            continue
        if args.draws:
            policy.GAME_AI[game] = dataclasses.replace(game_ai(game), draws=args.draws)
        if args.shift:
            row = decision_shift(game, players, args.cap or cap, args.shift)
        elif args.blocks:
            row = run_blocks(game, players, args.cap or cap, args.blocks)
        else:
            row = run_cell(game, players, args.cap or cap, args.deals or deals)
        rows.append(row)
        print(json.dumps(row), flush=True)
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(rows, indent=2))
    return 0


def run_blocks(game: str, players: int, cap: int, blocks: int) -> dict[str, Any]:
    """The cell as ``blocks`` one-deal duplicate runs, each printed as it ends; the share's
    interval is over the blocks (independent deals), as ``arena.block_interval``."""
    shares: list[float] = []
    times: dict[str, list[float]] = {kind: [] for kind in TIMES}
    global SEED
    first = SEED
    for i in range(blocks):
        SEED = first + i
        row = run_cell(game, players, cap, 1)
        shares.append(row["share"])
        for kind in TIMES:
            times[kind] += TIMES[kind]
        print(json.dumps({"block": i, "seed": SEED, "share": row["share"]}), flush=True)
    SEED = first
    mean = sum(shares) / len(shares)
    return {
        "game": game,
        "players": players,
        "cap": cap,
        "games": blocks * players,
        "share": mean,
        "interval": arena.block_interval(shares),
        "fair": 1.0 / players,
        "ms_inference": statistics.median(times["hard"]) if times["hard"] else None,
        "ms_uniform": statistics.median(times["hard-noinf"]) if times["hard-noinf"] else None,
        "decisions": [len(times["hard"]), len(times["hard-noinf"])],
    }


if __name__ == "__main__":
    sys.exit(main())
