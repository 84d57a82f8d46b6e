"""Headless AI-vs-AI matches: ``python -m tabletop.arena --games 1000``.

Seats rotate between games (entrant ``e`` sits at seat ``(e + game) % players``) so that no
bot always moves first. Results are deterministic for a given ``--seed``; only the timings
vary. A shared win counts as ``1/k`` of a win for each of the ``k`` winners.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import rules
from tabletop.ai.base import decide
from tabletop.ai.bots import KINDS, make_bot


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win share (fractional wins allowed)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _labels(kinds: Sequence[str]) -> list[str]:
    """One label per entrant; a kind listed twice becomes ``random#1``, ``random#2``."""
    out = []
    for i, kind in enumerate(kinds):
        if kinds.count(kind) > 1:
            out.append(f"{kind}#{kinds[: i + 1].count(kind)}")
        else:
            out.append(kind)
    return out


def check_setup(game_id: str, players: int | None, seat_kinds: Sequence[str], games: int) -> int:
    """Validate an arena setup; return the player count. Raises ``ValueError`` with a
    sentence a user understands."""
    spec = rules.GAMES.get(game_id)
    if spec is None:
        known = ", ".join(sorted(rules.GAMES))
        raise ValueError(f"unknown game {game_id!r}; known games: {known}")
    if players is None:
        players = spec.min_players
    if players not in spec.counts:
        raise ValueError(f"{spec.title} is played by {spec.players_text}, not {players}")
    if len(seat_kinds) != players:
        raise ValueError(
            f"--seats lists {len(seat_kinds)} bot(s) but the game has {players} seats; "
            "give one kind per seat"
        )
    for kind in seat_kinds:
        if kind not in KINDS:
            raise ValueError(f"unknown bot kind {kind!r}; choose from {', '.join(KINDS)}")
    if games < 1:
        raise ValueError("--games must be at least 1")
    return players


def run_arena(
    game_id: str, players: int, seat_kinds: Sequence[str], games: int, seed: int
) -> dict[str, Any]:
    """Play ``games`` games between ``seat_kinds`` (one bot kind per entrant) and return the
    figures as a JSON-ready dict (see :func:`format_report`)."""
    players = check_setup(game_id, players, seat_kinds, games)
    kinds = list(seat_kinds)
    labels = _labels(kinds)
    n = len(kinds)
    wins = [0.0] * n
    scores = [0.0] * n
    decisions = [0] * n
    think = [0.0] * n
    seat_games = [[0] * players for _ in range(n)]
    seat_wins = [0.0] * players
    names = [""] * n
    total_decisions = 0
    master = random.Random(seed)
    started = time.perf_counter()
    for index in range(games):
        game_seed = master.getrandbits(48)
        bot_seeds = [master.getrandbits(48) for _ in kinds]
        table_rng = random.Random(master.getrandbits(48))
        bots = [make_bot(kind, game_id, s) for kind, s in zip(kinds, bot_seeds, strict=True)]
        for e, bot in enumerate(bots):
            names[e] = bot.name
        entrant_at = [0] * players
        for e in range(n):
            entrant_at[(e + index) % players] = e
            seat_games[e][(e + index) % players] += 1
        game = rules.new_game(game_id, players, seed=game_seed)
        while not game.over:
            seat = game.to_move
            e = entrant_at[seat]
            t0 = time.perf_counter()
            move = decide(bots[e], game, seat, table_rng)
            think[e] += time.perf_counter() - t0
            decisions[e] += 1
            total_decisions += 1
            game.play(move)
        outcome = game.outcome()
        share = 1.0 / len(outcome.winners)
        for seat in outcome.winners:
            wins[entrant_at[seat]] += share
            seat_wins[seat] += share
        for seat, score in enumerate(outcome.scores):
            scores[entrant_at[seat]] += score
    wall = time.perf_counter() - started
    entrants = []
    for e in range(n):
        low, high = wilson(wins[e], games)
        entrants.append(
            {
                "label": labels[e],
                "kind": kinds[e],
                "bot": names[e],
                "games": games,
                "games_by_seat": seat_games[e],
                "wins": wins[e],
                "win_share": wins[e] / games,
                "win_share_ci95": [low, high],
                "avg_score": scores[e] / games,
                "decisions": decisions[e],
                "avg_decision_ms": 1000 * think[e] / decisions[e] if decisions[e] else 0.0,
            }
        )
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "seed": seed,
        "entrants": entrants,
        "seat_win_share": [w / games for w in seat_wins],
        "avg_game_decisions": total_decisions / games,
        "wall_time_s": wall,
    }


def format_report(result: dict[str, Any]) -> str:
    """The figures of :func:`run_arena` as a readable table."""
    lines = [
        f"{result['game']}: {result['games']} games, {result['players']} players, "
        f"seed {result['seed']} (seats rotate)",
        "",
        f"{'bot':<28} {'games':>6} {'wins':>8} {'win share':>10} {'95% CI':>15} "
        f"{'avg score':>10} {'ms/decision':>12}",
    ]
    for e in result["entrants"]:
        low, high = e["win_share_ci95"]
        label = e["label"] if e["bot"] == e["kind"] else f"{e['label']} [{e['bot']}]"
        lines.append(
            f"{label:<28} {e['games']:>6} {e['wins']:>8.1f} {e['win_share']:>10.1%} "
            f"{f'{low:.1%}–{high:.1%}':>15} {e['avg_score']:>10.2f} {e['avg_decision_ms']:>12.3f}"
        )
    seats = ", ".join(f"seat {s}: {w:.1%}" for s, w in enumerate(result["seat_win_share"]))
    lines += [
        "",
        f"win share by seat: {seats}",
        f"average game length: {result['avg_game_decisions']:.1f} decisions",
        f"wall time: {result['wall_time_s']:.2f} s",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tabletop.arena", description="Headless AI-vs-AI matches."
    )
    parser.add_argument("--game", default="royal_houses", help="game id (default royal_houses)")
    parser.add_argument("--players", type=int, help="player count (default: the game's minimum)")
    parser.add_argument(
        "--seats",
        help="one bot kind per seat, comma-separated: "
        f"{', '.join(KINDS)} (default heuristic,random,...)",
    )
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    spec = rules.GAMES.get(args.game)
    players = args.players
    if players is None and spec is not None:
        players = spec.min_players
    if args.seats is None:
        seats = ["heuristic"] + ["random"] * ((players or 2) - 1)
    else:
        seats = [s.strip() for s in args.seats.split(",")]
    try:
        players = check_setup(args.game, players, seats, args.games)
    except ValueError as err:
        parser.error(str(err))
    result = run_arena(args.game, players, seats, args.games, args.seed)
    print(json.dumps(result) if args.json else format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
