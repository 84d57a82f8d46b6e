"""A sample of AI decisions, to show that a refactor left the AI unchanged.

For each game and player count, seeded games are played by the heuristic bot; at every
``--every``-th decision each level (easy, heuristic, and the search capped at
``--iterations``) is asked for its move in that position, and the hint is asked too. Prints
one line per game with a digest of all its decisions and the first few moves, then a digest
of everything, so two runs (before and after a change) compare at a glance:

    python tests/benchmarks/ai_decisions.py > before.txt
    ... change ...
    python tests/benchmarks/ai_decisions.py > after.txt && diff before.txt after.txt
"""

from __future__ import annotations

import argparse
import hashlib

import rules
from tabletop.ai.base import SeatView
from tabletop.ai.bots import make_bot
from tabletop.ai.hint import hint_now
from tabletop.ai.worker import decide_seeded, seat_question

CONFIGS = [
    ("royal_houses", 2),
    ("allegiance", 4),
    ("medici", 2),
    ("medici", 4),
    ("machiavelli", 3),
    ("alliances", 2),
    ("alliances", 3),
    ("alliances", 4),
]
LEVELS = ("easy", "heuristic", "hard")


def sample(game_id: str, players: int, seeds: range, every: int, iterations: int) -> list[str]:
    lines: list[str] = []
    for seed in seeds:
        game = rules.new_game(game_id, players, seed=seed)
        asked = 0
        while not game.over and len(game.history) < 400:
            seat = game.mover
            question = seat_question(game, seat, seed + len(game.history))
            if isinstance(question, SeatView) and asked % every == 0:
                for level in LEVELS:
                    bot = make_bot(level, game_id, seed, iterations=iterations)
                    move = decide_seeded(bot, question, seed + len(game.history))
                    lines.append(f"{len(game.history)}:{level}:{move}")
                lines.append(f"{len(game.history)}:hint:{hint_now(game, seat, iterations)}")
            if isinstance(question, SeatView):
                asked += 1
                bot = make_bot("heuristic", game_id, seed)
                move = decide_seeded(bot, question, seed + len(game.history))
            else:
                move = question
            game.play(move)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--every", type=int, default=7, help="ask the levels every Nth decision")
    parser.add_argument("--iterations", type=int, default=60, help="the search's iteration cap")
    args = parser.parse_args()
    everything = hashlib.sha256()
    total = 0
    for game_id, players in CONFIGS:
        lines = sample(game_id, players, range(args.seeds), args.every, args.iterations)
        digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
        everything.update(digest.encode())
        total += len(lines)
        print(f"{game_id} {players}p: {len(lines)} decisions, digest {digest}")
        for line in lines[:3]:
            print(f"    {line}")
    print(f"all: {total} decisions, digest {everything.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
