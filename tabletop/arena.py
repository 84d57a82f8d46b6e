"""Headless AI-vs-AI matches: ``python -m tabletop.arena --games 1000``.

Seats rotate between games (entrant ``e`` sits at seat ``(e + game) % players``) so that no
bot always moves first. With ``--duplicate`` each deal is played once from every seat (a block
of ``players`` games shares one deal, as in duplicate bridge): the luck of the cards then
cancels out within a block, and the interval is worked out over blocks, so fewer games tell
bots apart. Results are deterministic for a given ``--seed``; only the timings vary.

A shared win counts as ``1/k`` of a win for each of the ``k`` sides that share it; in
a team game a side is a team, and its win is a whole win for each partner (so win shares
add up to more than 1, and the fair share is one over the number of teams).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rules
from tabletop.ai.base import decide
from tabletop.ai.bots import KINDS, SEARCH_LEVELS, make_bot
from tabletop.ai.policy import teams_of


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


@dataclass(frozen=True)
class _Match:
    """One game of an arena run, with every seed it needs (so any process can play it)."""

    index: int
    game_id: str
    players: int
    kinds: tuple[str, ...]
    game_seed: int
    bot_seeds: tuple[int, ...]
    table_seed: int
    iterations: tuple[tuple[str, int], ...]


def _play_match(match: _Match) -> dict[str, Any]:
    """Play one game; return per-entrant wins, scores, decisions, think time, iterations."""
    kinds, players, n = match.kinds, match.players, len(match.kinds)
    caps = dict(match.iterations)
    bots = [
        make_bot(kind, match.game_id, s, iterations=caps.get(kind))
        for kind, s in zip(kinds, match.bot_seeds, strict=True)
    ]
    entrant_at = [0] * players
    for e in range(n):
        entrant_at[(e + match.index) % players] = e
    game = rules.new_game(match.game_id, players, seed=match.game_seed)
    table_rng = random.Random(match.table_seed)
    decisions, think, searched, iterations = [0] * n, [0.0] * n, [0] * n, [0] * n
    while not game.over:
        seat = game.mover
        e = entrant_at[seat]
        bot = bots[e]
        if hasattr(bot, "last_iterations"):
            bot.last_iterations = 0
        t0 = time.perf_counter()
        move = decide(bot, game, seat, table_rng)
        think[e] += time.perf_counter() - t0
        decisions[e] += 1
        done = getattr(bot, "last_iterations", 0)
        if done:
            searched[e] += 1
            iterations[e] += done
        game.play(move)
    outcome = game.outcome()
    wins = [0.0] * n
    seat_wins = [0.0] * players
    # A team's win is a win for each partner; only a tie between sides splits it.
    sides = teams_of(game)
    winning_sides = sum(1 for side in sides if any(s in outcome.winners for s in side))
    share = 1.0 / winning_sides
    for seat in outcome.winners:
        wins[entrant_at[seat]] += share
        seat_wins[seat] += share
    scores = [0.0] * n
    for seat, score in enumerate(outcome.scores):
        scores[entrant_at[seat]] += score
    return {
        "names": [b.name for b in bots],
        "entrant_at": entrant_at,
        "wins": wins,
        "seat_wins": seat_wins,
        "scores": scores,
        "decisions": decisions,
        "think": think,
        "searched": searched,
        "iterations": iterations,
        "length": len(game.history),
        "sides": len(sides),
    }


def plan_matches(
    game_id: str,
    players: int,
    kinds: Sequence[str],
    games: int,
    seed: int,
    caps: tuple[tuple[str, int], ...] = (),
    duplicate: bool = False,
) -> list[_Match]:
    """Every game's seeds, drawn up front from ``seed``. With ``duplicate`` the games of each
    block of ``players`` (one full turn of the seat rotation) share their deal."""
    master = random.Random(seed)
    matches: list[_Match] = []
    for index in range(games):
        game_seed = master.getrandbits(48)
        if duplicate and index % players:
            game_seed = matches[-1].game_seed
        bot_seeds = tuple(master.getrandbits(48) for _ in kinds)
        table_seed = master.getrandbits(48)
        matches.append(
            _Match(index, game_id, players, tuple(kinds), game_seed, bot_seeds, table_seed, caps)
        )
    return matches


def match_key(match: _Match) -> str:
    """What makes a game's result: the same key, the same game (for a journal)."""
    return json.dumps(
        [
            match.game_id,
            match.players,
            match.kinds,
            match.index,
            match.game_seed,
            match.bot_seeds,
            match.table_seed,
            match.iterations,
        ]
    )


def read_journal(journal: Path) -> dict[str, dict[str, Any]]:
    """The results a journal holds, by :func:`match_key`; a line cut short by a stopped run
    (or any line that is not a result) is skipped, so its game is played again."""
    done: dict[str, dict[str, Any]] = {}
    if not journal.exists():
        return done
    for line in journal.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
            done[entry["key"]] = entry["result"]
        except (ValueError, KeyError, TypeError):
            continue
    return done


def play_matches(
    matches: Sequence[_Match], jobs: int = 1, journal: Path | None = None
) -> list[dict[str, Any]]:
    """Every match's result, in plan order: played in ``jobs`` processes, and with a
    ``journal`` those it holds taken from it and each new one added to it as it ends."""
    done = read_journal(journal) if journal is not None else {}
    todo = [m for m in matches if match_key(m) not in done]

    def keep(match: _Match, result: dict[str, Any]) -> None:
        done[match_key(match)] = result
        if journal is not None:
            journal.parent.mkdir(parents=True, exist_ok=True)
            with journal.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"key": match_key(match), "result": result}) + "\n")

    if jobs > 1 and len(todo) > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, len(todo))) as pool:
            futures = {pool.submit(_play_match, m): m for m in todo}
            for future in as_completed(futures):
                keep(futures[future], future.result())
    else:
        for m in todo:
            keep(m, _play_match(m))
    return [done[match_key(m)] for m in matches]


#: Fewest blocks whose spread is trusted for an interval; below, the plain interval is used.
MIN_BLOCKS = 10


def block_interval(shares: Sequence[float], z: float = 1.96) -> tuple[float, float] | None:
    """95% interval of a mean win share from independent blocks' shares (normal
    approximation; the blocks of a duplicate run are independent, their games are not).
    ``None`` when there are too few blocks, or no spread at all, to judge from."""
    b = len(shares)
    if b < MIN_BLOCKS:
        return None
    mean = sum(shares) / b
    sd = math.sqrt(sum((x - mean) ** 2 for x in shares) / (b - 1))
    if sd == 0.0:  # e.g. every block won: the spread says nothing yet
        return None
    half = z * sd / math.sqrt(b)
    return (max(0.0, mean - half), min(1.0, mean + half))


@dataclass
class _Totals:
    """The matches' figures added up per entrant (and per seat for the wins)."""

    wins: list[float]
    scores: list[float]
    think: list[float]
    decisions: list[int]
    searched: list[int]
    iterations: list[int]
    seat_games: list[list[int]]  # per entrant, the games it played from each seat
    seat_wins: list[float]


def _tally(results: Sequence[dict[str, Any]], n: int, players: int) -> _Totals:
    """Add up the results of :func:`_play_match` for ``n`` entrants at ``players`` seats."""
    t = _Totals(
        wins=[0.0] * n,
        scores=[0.0] * n,
        think=[0.0] * n,
        decisions=[0] * n,
        searched=[0] * n,
        iterations=[0] * n,
        seat_games=[[0] * players for _ in range(n)],
        seat_wins=[0.0] * players,
    )
    for r in results:
        for e in range(n):
            t.wins[e] += r["wins"][e]
            t.scores[e] += r["scores"][e]
            t.think[e] += r["think"][e]
            t.decisions[e] += r["decisions"][e]
            t.searched[e] += r["searched"][e]
            t.iterations[e] += r["iterations"][e]
        for seat, e in enumerate(r["entrant_at"]):
            t.seat_games[e][seat] += 1
        for seat in range(players):
            t.seat_wins[seat] += r["seat_wins"][seat]
    return t


def _win_interval(
    wins: list[float], mine: list[int], games: int, blocks: list[list[dict[str, Any]]] | None
) -> tuple[float, float]:
    """95% interval of the pooled win share of entrants ``mine``: over the ``blocks`` of a
    duplicate run where there are enough of them, else the plain Wilson interval."""
    plain = wilson(sum(wins[e] for e in mine), games * len(mine))
    if blocks is None:
        return plain
    by_block = block_interval(
        [
            sum(r["wins"][e] for r in block for e in mine) / (len(block) * len(mine))
            for block in blocks
        ]
    )
    return plain if by_block is None else by_block


def _entrant_rows(
    t: _Totals,
    labels: list[str],
    kinds: list[str],
    names: list[str],
    games: int,
    fair: float,
    blocks: list[list[dict[str, Any]]] | None,
) -> list[dict[str, Any]]:
    """Each entrant's figures as the report's ``entrants`` list."""
    entrants = []
    for e in range(len(kinds)):
        low, high = _win_interval(t.wins, [e], games, blocks)
        entrants.append(
            {
                "label": labels[e],
                "kind": kinds[e],
                "bot": names[e],
                "games": games,
                "games_by_seat": t.seat_games[e],
                "wins": t.wins[e],
                "win_share": t.wins[e] / games,
                "win_share_ci95": [low, high],
                "fair_share": fair,
                "avg_score": t.scores[e] / games,
                "decisions": t.decisions[e],
                "avg_decision_ms": 1000 * t.think[e] / t.decisions[e] if t.decisions[e] else 0.0,
                "searched_decisions": t.searched[e],
                "avg_iterations": t.iterations[e] / t.searched[e] if t.searched[e] else 0.0,
                "iterations_per_s": (
                    t.iterations[e] / t.think[e] if t.iterations[e] and t.think[e] else 0.0
                ),
            }
        )
    return entrants


def _kind_rows(
    t: _Totals, kinds: list[str], games: int, fair: float, blocks: list[list[dict[str, Any]]] | None
) -> list[dict[str, Any]]:
    """The figures of each bot kind, its seats pooled, as the report's ``by_kind`` list."""
    by_kind = []
    for kind in dict.fromkeys(kinds):
        mine = [e for e in range(len(kinds)) if kinds[e] == kind]
        k_wins, k_games = sum(t.wins[e] for e in mine), games * len(mine)
        k_think, k_decisions = sum(t.think[e] for e in mine), sum(t.decisions[e] for e in mine)
        by_kind.append(
            {
                "kind": kind,
                "seats": len(mine),
                "seat_games": k_games,
                "win_share": k_wins / k_games,
                # Seats of one kind in one game are not independent: a rough interval.
                "win_share_ci95": list(_win_interval(t.wins, mine, games, blocks)),
                "fair_share": fair,
                "avg_decision_ms": 1000 * k_think / k_decisions if k_decisions else 0.0,
            }
        )
    return by_kind


def run_arena(
    game_id: str,
    players: int,
    seat_kinds: Sequence[str],
    games: int,
    seed: int,
    iterations: Mapping[str, int] | None = None,
    jobs: int = 1,
    duplicate: bool = False,
    journal: Path | None = None,
) -> dict[str, Any]:
    """Play ``games`` games between ``seat_kinds`` (one bot kind per entrant) and return the
    figures as a JSON-ready dict (see :func:`format_report`).

    ``iterations`` maps search kinds ("normal", "hard") to an iteration cap that replaces
    their time budget; ``jobs`` > 1 plays games in that many processes; ``duplicate`` plays
    each deal from every seat (``games`` a multiple of the player count). The figures (all
    but the timings) do not depend on ``jobs``: every game's seeds are drawn up front.
    With a ``journal`` file, each finished game is added to it at once and the games it
    already holds are not played again, so a run of many hours can stop and go on."""
    players = check_setup(game_id, players, seat_kinds, games)
    if duplicate and games % players:
        raise ValueError(
            f"--duplicate plays each deal from all {players} seats: --games must be a "
            f"multiple of {players}"
        )
    kinds = list(seat_kinds)
    caps = tuple(sorted((iterations or {}).items()))
    matches = plan_matches(game_id, players, kinds, games, seed, caps, duplicate)
    started = time.perf_counter()
    results = play_matches(matches, jobs, journal)
    wall = time.perf_counter() - started
    totals = _tally(results, len(kinds), players)
    lengths = [r["length"] for r in results]
    fair = 1.0 / results[0]["sides"]  # teams play as one side (Medici Alliances: 2 sides)
    blocks = [results[i : i + players] for i in range(0, games, players)] if duplicate else None
    names = results[0]["names"]
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "seed": seed,
        "iterations": dict(caps),
        "jobs": jobs,
        "duplicate": duplicate,
        "entrants": _entrant_rows(totals, _labels(kinds), kinds, names, games, fair, blocks),
        "by_kind": _kind_rows(totals, kinds, games, fair, blocks),
        "seat_win_share": [w / games for w in totals.seat_wins],
        "avg_game_decisions": sum(lengths) / games,
        "min_game_decisions": min(lengths),
        "max_game_decisions": max(lengths),
        "wall_time_s": wall,
        # Each game's wins per entrant, in plan order: two runs of the same plan compare
        # game by game (the same deals, so far less noise than their totals).
        "game_wins": [r["wins"] for r in results],
    }


def format_report(result: dict[str, Any]) -> str:
    """The figures of :func:`run_arena` as a readable table."""
    caps = result.get("iterations") or {}
    budget = (
        "iteration caps " + ", ".join(f"{k} {v}" for k, v in caps.items())
        if caps
        else "time budgets"
    )
    lines = [
        f"{result['game']}: {result['games']} games, {result['players']} players, "
        f"seed {result['seed']} (seats rotate"
        f"{'; each deal played from every seat' if result.get('duplicate') else ''}), {budget}",
        "",
        f"{'bot':<28} {'games':>6} {'wins':>8} {'win share':>10} {'95% CI':>15} "
        f"{'avg score':>10} {'ms/decision':>12} {'iter/dec':>9}",
    ]
    for e in result["entrants"]:
        low, high = e["win_share_ci95"]
        label = e["label"] if e["bot"] == e["kind"] else f"{e['label']} [{e['bot']}]"
        iters = f"{e['avg_iterations']:.0f}" if e["avg_iterations"] else "-"
        lines.append(
            f"{label:<28} {e['games']:>6} {e['wins']:>8.1f} {e['win_share']:>10.1%} "
            f"{f'{low:.1%}–{high:.1%}':>15} {e['avg_score']:>10.2f} "
            f"{e['avg_decision_ms']:>12.3f} {iters:>9}"
        )
    if len(result["by_kind"]) < len(result["entrants"]):
        lines += ["", f"{'by kind':<28} {'seats':>6} {'win share':>10} {'95% CI':>15} {'fair':>8}"]
        for k in result["by_kind"]:
            low, high = k["win_share_ci95"]
            lines.append(
                f"{k['kind']:<28} {k['seats']:>6} {k['win_share']:>10.1%} "
                f"{f'{low:.1%}–{high:.1%}':>15} {k['fair_share']:>8.1%}"
            )
    seats = ", ".join(f"seat {s}: {w:.1%}" for s, w in enumerate(result["seat_win_share"]))
    lines += [
        "",
        f"win share by seat: {seats}",
        f"game length: {result['avg_game_decisions']:.1f} decisions on average "
        f"({result['min_game_decisions']}–{result['max_game_decisions']})",
        f"wall time: {result['wall_time_s']:.2f} s ({result['jobs']} job(s))",
    ]
    return "\n".join(lines)


def parse_iterations(text: str) -> dict[str, int]:
    """``"800"`` (every search level) or ``"hard=800,normal=160"`` -> caps per search kind.
    Raises ``ValueError`` with a sentence for anything else."""
    caps: dict[str, int] = {}
    for part in text.split(","):
        kind, sep, number = part.strip().rpartition("=")
        kinds = [kind.strip()] if sep else list(SEARCH_LEVELS)
        for k in kinds:
            if k not in SEARCH_LEVELS:
                raise ValueError(
                    f"--iterations names {k!r}; search kinds are {', '.join(SEARCH_LEVELS)}"
                )
        try:
            value = int(number)
        except ValueError:
            raise ValueError(f"--iterations needs whole numbers, not {number.strip()!r}") from None
        if value < 1:
            raise ValueError("--iterations must be at least 1")
        caps.update(dict.fromkeys(kinds, value))
    return caps


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
    parser.add_argument(
        "--iterations",
        help="iteration cap instead of the time budget for search bots, e.g. 800 or "
        "hard=800,normal=160 (reproducible runs)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (default 1)")
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deal once from every seat (--games a multiple of the player count)",
    )
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
        caps = parse_iterations(args.iterations) if args.iterations else None
        if args.jobs < 1:
            raise ValueError("--jobs must be at least 1")
        if args.duplicate and args.games % players:
            raise ValueError(
                f"--duplicate plays each deal from all {players} seats: --games must be a "
                f"multiple of {players}"
            )
    except ValueError as err:
        parser.error(str(err))
    result = run_arena(
        args.game, players, seats, args.games, args.seed, caps, args.jobs, args.duplicate
    )
    print(json.dumps(result) if args.json else format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
