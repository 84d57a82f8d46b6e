"""A heuristic Allegiance player for the arena and the Easy level.

It reasons only from its own seat's view: its secret allegiance, the public trick, the
Victories each House has won and its own hand. It never guesses at hidden cards: the players
still to act this round are a risk it discounts, not cards it imagines.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from rules import Move
from rules.allegiance import (
    FACE_SET,
    HOUSE_OF,
    HOUSES,
    RANK_OF,
    TRAITS,
    VICTORY_SET,
    AllegianceView,
)
from tabletop.ai.base import SeatView

# A Face in the trick, as the bot sees it: (house index, effective rank, precedence).
Face = tuple[int, int, int]
NEW_TILE = 1_000  # a Face played now comes after every Face already in the trick
UNKNOWN_TRAIT = -0.5  # a face-down trait laid by someone else: rivals tend to lay negatives


class AllegianceBot:
    """One-ply judgement: each legal move is tried on the bot's picture of the trick and
    scored by how likely the trick's Victories are to end up with its House (or away from the
    Houses that threaten it), minus the worth of the card it spends.

    ``noise`` is the chance of a uniformly random legal move instead (Easy level).
    """

    def __init__(self, seed: int, noise: float = 0.0) -> None:
        self.name = "heuristic" if noise == 0 else f"heuristic (noise {noise:g})"
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, seat_view: SeatView) -> Move:
        moves = seat_view.legal_moves()
        if len(moves) == 1 or (self.noise and self.rng.random() < self.noise):
            return self.rng.choice(moves)
        view, seat = cast(AllegianceView, seat_view.view), seat_view.seat
        if view["phase"] == "ally":
            return self._ally(view, seat, moves)
        judge = _Judge(view, seat)
        scored = [(judge.value(m), i) for i, m in enumerate(moves)]
        best = max(v for v, _ in scored)
        # Ties broken at random so that equal options do not always favour the first card.
        return moves[self.rng.choice([i for v, i in scored if v >= best - 1e-9])]

    @staticmethod
    def _ally(view: AllegianceView, seat: int, moves: list[Move]) -> Move:
        """Back the House the hand can push hardest, pledging a high card of it (its rank is
        the prize) while keeping the rest of that House to win tricks with."""
        worth = _pledge_worth(view, seat)
        return max(moves, key=lambda m: worth(m.cards[0]))


def _pledge_worth(view: AllegianceView, seat: int) -> Callable[[str], float]:
    hand = view["hands"][seat] or []  # never hidden from its own seat
    strength = [0] * len(HOUSES)
    for c in hand:
        if c in FACE_SET:
            strength[HOUSE_OF[c]] += RANK_OF[c]

    def worth(card: str) -> float:
        return RANK_OF[card] + 0.6 * (strength[HOUSE_OF[card]] - RANK_OF[card])

    return worth


def ranked(seat_view: SeatView) -> list[Move]:
    """The legal moves, the heuristic's favourites first (its own score, ties in list order)."""
    moves = seat_view.legal_moves()
    view, seat = cast(AllegianceView, seat_view.view), seat_view.seat
    if view["phase"] == "ally":
        worth = _pledge_worth(view, seat)
        return sorted(moves, key=lambda m: -worth(m.cards[0]))
    judge = _Judge(view, seat)
    return sorted(moves, key=lambda m: -judge.value(m))


class _Judge:
    """Scores moves from one seat's view."""

    def __init__(self, view: AllegianceView, seat: int) -> None:
        self.view = view
        self.seat = seat
        mine = view["allegiance"][seat]
        self.house = HOUSE_OF[mine] if mine else -1
        won = [len(view["won"][h]) for h in HOUSES]
        ours = won[self.house] if self.house >= 0 else 0
        top = max(won)
        # How much a Victory to each House hurts us: most for Houses level with or ahead of
        # ours, and for the leader ("sink the leaders").
        self.threat = [
            0.0
            if h == self.house
            else 0.4 + 0.4 * (won[h] >= ours) + 0.3 * (won[h] == top and top > 0)
            for h in range(len(HOUSES))
        ]
        self.faces: list[Face] = []
        self.by_card: dict[str, int] = {}
        self.victories = 0
        for item in view["trick"]:
            card = item["card"]
            if card in FACE_SET:
                self.by_card[card] = len(self.faces)
                self.faces.append((HOUSE_OF[card], item["rank"], item["tile"]))
            elif card in VICTORY_SET:
                self.victories += 1
        self.after = max(0, len(view["round_left"]) - 1)  # players still to act this round
        waiting = view["waiting"][seat]
        self.my_traits = sum(
            TRAITS[w["card"]] if w["card"] is not None else UNKNOWN_TRAIT for w in waiting
        )
        hand = view["hands"][seat] or []
        self.own_faces = [c for c in hand if c in FACE_SET and HOUSE_OF[c] == self.house]

    # ---- the picture of the trick --------------------------------------------------
    def trick_value(self, faces: list[Face], victories: int, after: int) -> float:
        """Expected worth to us of the trick as it stands, if nobody changed it further
        except with the chance that the players still to act overturn it."""
        if not faces:
            return 0.0
        house, rank, _ = max(faces, key=lambda f: (f[1], -f[2]))
        hold = min(0.95, max(0.3, (rank - 1) / 8)) ** after
        worth = 1.0 if house == self.house else -self.threat[house]
        # Without Victories yet, holding the best Face still draws the next ones.
        return worth * hold * (victories if victories else 0.3)

    def _best_kill(self, faces: list[Face], victories: int) -> float:
        """An Assassin just played (last in ``faces``): the best of sparing or each kill."""
        options = [faces] + [faces[:i] + faces[i + 1 :] for i in range(len(faces) - 1)]
        return max(self.trick_value(f, victories, self.after) for f in options)

    # ---- moves -----------------------------------------------------------------------
    def value(self, move: Move) -> float:
        k = move.kind
        faces, v, after = self.faces, self.victories, self.after
        if k == "deal" or (k == "play" and move.cards[0] == "Moon"):
            return 0.0
        if k in ("kill", "spare"):
            if k == "kill":
                i = self.by_card[move.cards[0]]
                faces = faces[:i] + faces[i + 1 :]
            return self.trick_value(faces, v, after)
        card = move.cards[0]
        if k == "play" and card in VICTORY_SET:
            return self.trick_value(faces, v + 1, after)
        if k == "play":
            rank = RANK_OF[card] + self.my_traits
            new = [*faces, (HOUSE_OF[card], round(rank), NEW_TILE)]
            value = (
                self._best_kill(new, v) if RANK_OF[card] == 4 else self.trick_value(new, v, after)
            )
            return value - self._face_cost(card)
        # A trait.
        delta = TRAITS[card]
        if move.target.startswith("face:"):
            i = self.by_card[move.target[5:]]
            h, r, t = faces[i]
            changed = [*faces[:i], (h, r + delta, t), *faces[i + 1 :]]
            return self.trick_value(changed, v, after) - 0.15
        return self.trick_value(faces, v, after) - 0.15 + self._down_bonus(move, delta)

    def _face_cost(self, card: str) -> float:
        """Our own House's Faces win later tricks; others' matter less."""
        if HOUSE_OF[card] == self.house:
            return 0.06 * RANK_OF[card]
        return 0.02 * RANK_OF[card]

    def _down_bonus(self, move: Move, delta: int) -> float:
        """A face-down trait: a boost waits for our next Face of our House; a drag goes in
        front of whoever holds the trick's best Face for a House that threatens us."""
        to = int(move.target[6:])
        if delta > 0:
            return 0.2 if to == self.seat and self.own_faces else -0.1
        if to == self.seat:
            return -0.3
        if self.faces:
            house, _, tile = max(self.faces, key=lambda f: (f[1], -f[2]))
            owner = next(
                (
                    it["seat"]
                    for it in self.view["trick"]
                    if it.get("tile") == tile and it["card"] in FACE_SET
                ),
                None,
            )
            if owner == to and house != self.house:
                return 0.1
        return 0.0
