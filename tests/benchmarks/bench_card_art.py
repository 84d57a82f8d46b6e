"""Card art: how long painting every face of each game takes, from cold caches (the
table's and each game's own, as ``card_art.clear_cache`` empties them).

    python tests/benchmarks/bench_card_art.py [--width 200] [--runs 5]

Prints the median and the slowest of ``--runs`` cold runs per game, in ms. The goal the tests
once asserted (all 48 Royal Houses faces at 200 px in under a second) is a figure to read
here, not a timing assertion in the default test run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

import rules
from tabletop.table import card_art


def cold_run(game_id: str, cards: list[str], width: int) -> float:
    card_art.clear_cache()
    start = time.perf_counter()
    for card in cards:
        card_art.card_face(game_id, card, width)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    pygame.init()
    print(f"{'game':<16}{'faces':>7}{'median ms':>12}{'max ms':>10}")
    for game_id, spec in sorted(rules.GAMES.items()):
        game = spec.factory(spec.min_players, 1, spec.defaults(spec.min_players))
        cards = sorted({c for c in game.census() if ":" not in c})
        try:
            times = [cold_run(game_id, cards, args.width) for _ in range(args.runs)]
        except ValueError as error:  # a census entry that is not a card face
            print(f"{game_id:<16} skipped: {error}")
            continue
        print(f"{game_id:<16}{len(cards):>7}{statistics.median(times):>12.1f}{max(times):>10.1f}")


if __name__ == "__main__":
    main()
