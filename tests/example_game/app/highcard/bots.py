"""A heuristic High Card player (the Easy level with noise, and the search's playouts).

It reasons from its seat's view alone: its hand and the cards already shown. The cards it
has not seen (the rival's hand, a face-down card, the three set aside) are equally likely
to be any of the rest.
"""

from __future__ import annotations

import random

from example_game.rules_highcard import CARDS, value_of

from rules import Move
from tabletop.ai.base import SeatView


class HighCardBot:
    """Play the cheapest card likely to win the round (better than even odds against a card
    it has not seen); with none, throw away the lowest. ``noise``: the chance of a random
    legal move instead (Easy)."""

    def __init__(self, seed: int, noise: float = 0.0) -> None:
        self.name = "heuristic" if noise == 0 else f"heuristic (noise {noise:g})"
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, seat_view: SeatView) -> Move:
        moves = seat_view.legal_moves()
        if len(moves) == 1 or (self.noise and self.rng.random() < self.noise):
            return self.rng.choice(moves)
        view, seat = seat_view.view, seat_view.seat
        hand = view["hands"][seat]
        shown = {c for r in view["rounds"] for c in r["cards"]}
        unseen = [value_of(c) for c in CARDS if c not in shown and c not in hand]

        def odds(move: Move) -> float:
            mine = value_of(move.cards[0])
            return sum(v < mine for v in unseen) / len(unseen)

        winners = [m for m in moves if odds(m) > 0.5]
        return min(winners or moves, key=lambda m: value_of(m.cards[0]))
