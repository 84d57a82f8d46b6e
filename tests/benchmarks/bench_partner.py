"""How often each AI level takes from its own side for nothing in the partnership games.

Plays ``--games`` seeded 4-player games of Court of the Medici and Alliances with every seat
at one level and counts the decisions where the seat had a wasteful move among its legal ones
(the game's ``partner.wasteful``, judged from the seat's view) and how many of those it played.
``--off`` measures the levels as they play without the judge (tabletop.ai.partner.JUDGING).

    PYTHONPATH=. python tests/benchmarks/bench_partner.py --games 20 --levels easy normal --off
    PYTHONPATH=. python tests/benchmarks/bench_partner.py --games 20 --levels easy normal
    PYTHONPATH=. python tests/benchmarks/bench_partner.py --ab normal --games 40

``--ab LEVEL`` plays the level with the judge (seats 0 and 2) against the same level without
it (seats 1 and 3) on duplicate deals (tabletop.arena, each deal from every seat) and reports
the judged team's win share with its 95% interval.

Search levels run at a fixed iteration cap (``--iterations`` for Normal, five times that for
Hard, as their time budgets), so figures do not depend on the machine's speed.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import rules
from rules import Game, Move
from tabletop import arena
from tabletop.ai import partner
from tabletop.ai.base import Bot, SeatView, decide
from tabletop.ai.bots import BOTS, make_bot
from tabletop.arena import format_report, run_arena, wilson
from tabletop.games.alliances.partner import wasteful as alliances_wasteful
from tabletop.games.medici.partner import wasteful as medici_wasteful

Judge = Callable[[Mapping[str, Any], Move, Sequence[Move]], str | None]
#: Hard's iteration cap over Normal's (their time budgets are 1.5 s and 0.3 s).
HARD_FACTOR = 5
JUDGES: dict[str, Judge] = {"medici": medici_wasteful, "alliances": alliances_wasteful}


def positions(
    game_id: str, seed: int, kind: str, iterations: int
) -> Iterator[tuple[Game, int, list[Move], Move]]:
    """Every decision of one seeded 4-player game played by ``kind`` at all seats where the
    mover had a wasteful legal move and another: (the game before it, the seat, the wasteful
    moves, the move played)."""
    judge = JUDGES[game_id]
    game = rules.new_game(game_id, 4, seed=seed)
    cap = iterations * HARD_FACTOR if kind == "hard" else iterations
    bots = [make_bot(kind, game_id, seed * 7 + s, iterations=cap) for s in range(4)]
    table_rng = random.Random(seed)
    while not game.over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        bad: list[Move] = []
        if len(legal) > 1:
            view = game.view(seat)
            bad = [m for m in legal if judge(view, m, legal) is not None]
        before = game.clone() if bad and len(bad) < len(legal) else None
        move = decide(bots[seat], game, seat, table_rng)
        if before is not None:
            yield before, seat, bad, move
        game.play(move)


def measure(game_id: str, kind: str, games: int, seed: int, iterations: int) -> dict[str, Any]:
    chances = played = 0
    for g in range(games):
        for _game, _seat, bad, move in positions(game_id, seed + g, kind, iterations):
            chances += 1
            played += move in bad
    low, high = wilson(played, chances)
    return {
        "chances": chances,
        "played": played,
        "rate": played / max(1, chances),
        "interval": (low, high),
    }


class Unjudged:
    """A bot that decides with the judge switched off (the level as it was)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = f"{bot.name} (no judge)"

    def choose(self, seat_view: SeatView) -> Move:
        was = partner.JUDGING
        partner.JUDGING = False
        try:
            return self.bot.choose(seat_view)
        finally:
            partner.JUDGING = was


def ab(game_id: str, kind: str, games: int, seed: int, iterations: int, jobs: int) -> str:
    """The level with the judge against itself without, on duplicate 4-player deals."""
    old = f"{kind}-unjudged"
    cap = iterations * HARD_FACTOR if kind == "hard" else iterations

    def judged(s: int) -> Bot:
        return make_bot(kind, game_id, s, iterations=cap)

    def unjudged(s: int) -> Bot:
        return Unjudged(make_bot(kind, game_id, s, iterations=cap))

    new = f"{kind}-judged"
    BOTS[new], BOTS[old] = judged, unjudged
    arena.KINDS = (*arena.KINDS, new, old)  # type: ignore[assignment]
    result = run_arena(game_id, 4, [new, old, new, old], games, seed, jobs=jobs, duplicate=True)
    return format_report(result)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2411)
    ap.add_argument("--levels", nargs="+", default=["easy", "normal", "hard"])
    ap.add_argument("--game", nargs="+", default=["medici", "alliances"])
    ap.add_argument("--iterations", type=int, default=60)
    ap.add_argument("--off", action="store_true", help="measure without the judge")
    ap.add_argument("--ab", metavar="LEVEL", help="A/B: LEVEL with the judge against without")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.ab:
        for game_id in args.game:
            print(ab(game_id, args.ab, args.games, args.seed, args.iterations, args.jobs))
        return 0
    partner.JUDGING = not args.off
    for game_id in args.game:
        for kind in args.levels:
            r = measure(game_id, kind, args.games, args.seed, args.iterations)
            low, high = r["interval"]
            print(
                f"{game_id:9} {kind:7} judge {'off' if args.off else 'on '}: "
                f"{r['played']}/{r['chances']} wasteful ({r['rate']:.1%}, 95% {low:.1%}-"
                f"{high:.1%}) over {args.games} games",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
