"""Machiavelli players built on the exact meld solver (:mod:`rules.machiavelli.solver`).

- :class:`MaxBot` ("max") lays the solver's best play every turn: the most hand cards, ties
  broken by the highest rank total; it draws (or passes) only when nothing can be placed.
- :class:`MachiavelliBot` ("smart", the heuristic and Easy levels) asks the same solver what
  it *could* place, then decides how much of it to place now.

Why hold back at all? A turn is a play or a draw, and cards never leave the table, so a card
that can be placed now can (almost always) still be placed later, and a meld made only of
hand cards can be laid at any time. Laying everything at once leaves nothing to play next
turn: the max player then draws, a card more to get rid of, while its melds on the table
feed the rivals' rearrangements. The smart player keeps that reserve and lays a little each
turn (one card laid off, or one meld from the hand), so it draws less and shows less, and
goes out in one sweep when its whole hand can be placed. It lays everything it can when the
reserve stops being safe: a rival is close to going out (their last play empties their hand
and we keep our penalty points), or the stock is nearly gone (an empty stock ends the hand on
penalty points once everybody passes). Among the small plays it prefers one that keeps the
rest of the reserve placeable, spends high-penalty cards first, and keeps the cards that sit
next to the cards it cannot place yet (a card that completes more melds later).

Both decide from the seat's view only: their own hand, the table and the public counts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules import Move
from rules.machiavelli import play_move
from rules.machiavelli.melds import FACE, PENALTY, is_meld, sort_meld
from rules.machiavelli.solver import Face, Solution, solve, solve_opening

from .base import SeatView

#: A rival holding this many cards or fewer may go out on their next turn: lay everything.
RIVAL_CLOSE = 4
#: Lay everything once the stock holds this many cards per player or fewer.
STOCK_LOW_PER_PLAYER = 2
#: At most this many small plays are compared (each costs one solver call).
CANDIDATES = 8
HOLD = "melds"
LEFTOVER = 1

Table = tuple[tuple[str, ...], ...]


class _Seat:
    """The part of a seat's view the bots use, as card ids and faces."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.seat = seat
        self.hand: list[str] = list(view["hands"][seat] or ())
        self.table: Table = tuple(tuple(m) for m in view["table"])
        self.opened: bool = bool(view["opened"][seat])
        self.ace_low: bool = bool(view["ace_low_or_high"])
        self.stock: int = int(view["stock_count"])
        counts = view["hand_counts"]
        self.rival_least = min(
            (counts[s] for s in range(len(counts)) if s != seat), default=len(self.hand)
        )
        self.players = len(counts)
        self.table_faces: list[Face] = [FACE[c] for m in self.table for c in m]

    def best(self, hand: Sequence[str] | None = None) -> Solution | None:
        """The solver's best play of ``hand`` (default: the whole hand) now."""
        faces = [FACE[c] for c in (self.hand if hand is None else hand)]
        if self.opened:
            return solve(self.table_faces, faces, self.ace_low)
        return solve_opening(faces, self.ace_low)

    def as_table(self, found: Solution, hand: Sequence[str] | None = None) -> Table:
        """The solver's melds as card ids: the new table (before opening: the old melds
        untouched, then the new ones from the hand)."""
        pools: dict[Face, list[str]] = {}
        table_cards = [c for m in self.table for c in m] if self.opened else []
        for c in table_cards + list(self.hand if hand is None else hand):  # table copies first
            pools.setdefault(FACE[c], []).append(c)
        new = tuple(
            sort_meld([pools[f].pop(0) for f in meld], self.ace_low) for meld in found.melds
        )
        return new if self.opened else (*self.table, *new)


def _fallback(moves: Sequence[Move]) -> Move:
    """Draw (or pass, the stock empty): the listed move that is not a play."""
    return next((m for m in moves if m.kind != "play"), moves[0])


def _added(table: Table, new: Table) -> list[str]:
    old = {c for m in table for c in m}
    return [c for m in new for c in m if c not in old]


class MaxBot:
    """Always the solver's maximum: the most cards, then the highest rank total."""

    def __init__(self, seed: int, noise: float = 0.0) -> None:
        self.name = "max"
        self.rng = random.Random(seed)

    def choose(self, seat_view: SeatView) -> Move:
        moves = seat_view.legal_moves()
        me = _Seat(seat_view.view, seat_view.seat)
        found = me.best()
        if found is None or not found.placed:
            return _fallback(moves)
        return play_move(me.as_table(found))


class MachiavelliBot:
    """The smart player (see the module text); ``noise`` is the chance of a uniformly random
    listed legal move instead (Easy level)."""

    def __init__(self, seed: int, noise: float = 0.0) -> None:
        self.name = "smart" if noise == 0 else f"smart (noise {noise:g})"
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, seat_view: SeatView) -> Move:
        moves = seat_view.legal_moves()
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(moves)
        me = _Seat(seat_view.view, seat_view.seat)
        found = me.best()
        if found is None or not found.placed:
            return _fallback(moves)
        if LEFTOVER:
            found = self._best_leftover(me, found)
        most = play_move(me.as_table(found))
        if len(found.placed) == len(me.hand) or self._urgent(me) or HOLD == "none":
            return most  # going out, or the reserve is no longer safe
        if HOLD == "melds":
            kept = self._keep_melds(me, found)
            return most if kept is None else play_move(kept)
        small = self._small_plays(me, found)
        if not small:
            return most
        return play_move(self._pick(me, found, small))

    @staticmethod
    def _best_leftover(me: _Seat, found: Solution) -> Solution:
        """Among the plays placing as many cards as ``found``, the one whose cards left in
        hand fit together best (most pairs towards a meld), then fewest penalty points."""
        most = len(found.placed)
        options = [found]
        for face in sorted(set(found.placed)):
            hand = list(me.hand)
            hand.remove(next(c for c in hand if FACE[c] == face))
            other = me.best(hand)
            if other is not None and len(other.placed) == most:
                options.append(other)

        def fit(option: Solution) -> tuple[int, int]:
            left = Counter(FACE[c] for c in me.hand)
            left.subtract(option.placed)
            faces = [f for f, n in left.items() for _ in range(n)]
            links = sum(_links(f, faces) for f in faces)
            return links, -sum(PENALTY[r] for r, _ in faces)

        return max(options, key=fit)

    def _keep_melds(self, me: _Seat, found: Solution) -> Table | None:
        """Keep the melds made of hand cards alone, lay everything else we can; with nothing
        else to lay, lay one of the kept melds rather than draw."""
        own = solve_opening([FACE[c] for c in me.hand], me.ace_low)
        if own is None or not own.melds:
            return None
        pools: dict[Face, list[str]] = {}
        for c in me.hand:
            pools.setdefault(FACE[c], []).append(c)
        melds = [sort_meld([pools[f].pop(0) for f in m], me.ace_low) for m in own.melds]
        held = {c for m in melds for c in m}
        free = [c for c in me.hand if c not in held]
        rest = me.best(free) if free else None
        if rest is not None and len(rest.placed) + len(held) >= len(found.placed) and rest.placed:
            return me.as_table(rest, free)
        stuck = [FACE[c] for c in free]

        def worth(meld: tuple[str, ...]) -> tuple[float, int]:
            spent = sum(PENALTY[FACE[c][0]] for c in meld) / len(meld)
            links = sum(_links(FACE[c], stuck) for c in meld)
            return (-len(meld), spent - 3.0 * links)

        best = max(worth(m) for m in melds)
        choice = self.rng.choice([m for m in melds if worth(m) == best])
        return (*me.table, choice)

    @staticmethod
    def _urgent(me: _Seat) -> bool:
        """Lay everything now: a rival may go out next turn, or the stock is nearly gone."""
        return me.rival_least <= RIVAL_CLOSE or me.stock <= STOCK_LOW_PER_PLAYER * me.players

    def _small_plays(self, me: _Seat, found: Solution) -> list[Table]:
        """Plays smaller than the maximum: one card laid off at a meld's end, else one card
        placed by rearranging, and one meld made only of hand cards."""
        out: list[Table] = []
        seen: set[frozenset[str]] = set()
        if me.opened:
            for new in _lay_offs(me, found):
                key = frozenset(_added(me.table, new))
                if key not in seen:
                    seen.add(key)
                    out.append(new)
            if not out:
                for new in self._single_rearranged(me, found):
                    key = frozenset(_added(me.table, new))
                    if key not in seen:
                        seen.add(key)
                        out.append(new)
        hand_only = solve_opening([FACE[c] for c in me.hand], me.ace_low)
        if hand_only is not None:
            pools: dict[Face, list[str]] = {}
            for c in me.hand:
                pools.setdefault(FACE[c], []).append(c)
            for meld in hand_only.melds:
                cards = sort_meld([pools[f].pop(0) for f in meld], me.ace_low)
                key = frozenset(cards)
                if key not in seen and len(cards) < len(found.placed):
                    seen.add(key)
                    out.append((*me.table, cards))
        return out[:CANDIDATES] if len(out) > CANDIDATES else out

    @staticmethod
    def _single_rearranged(me: _Seat, found: Solution) -> list[Table]:
        """One card of the best play placed alone, the table rearranged for it."""
        out = []
        for face in sorted(set(found.placed), key=lambda f: -PENALTY[f[0]])[:CANDIDATES]:
            card = next(c for c in me.hand if FACE[c] == face)
            alone = _Seat.__new__(_Seat)
            alone.__dict__.update(me.__dict__)
            alone.hand = [card]
            single = alone.best()
            if single is not None and single.placed:
                out.append(alone.as_table(single))
        return out

    def _pick(self, me: _Seat, found: Solution, small: list[Table]) -> Table:
        """The small play that keeps the most of the reserve placeable; then the one that
        spends the most penalty points per card and keeps the cards near the ones we cannot
        place yet; random among equals."""
        placed = Counter(found.placed)
        stuck = Counter(FACE[c] for c in me.hand)
        stuck.subtract(placed)
        stuck_faces = [f for f, n in stuck.items() for _ in range(n) if n > 0]
        scored = []
        for i, new in enumerate(small):
            added = _added(me.table, new)
            rest = list(me.hand)
            for c in added:
                rest.remove(c)
            after = _Seat.__new__(_Seat)
            after.__dict__.update(me.__dict__)
            after.table = new
            after.table_faces = [FACE[c] for m in new for c in m]
            after.hand = rest
            after.opened = True
            later = after.best()
            keeps = later.score[0] if later is not None else 0
            lost = len(found.placed) - len(added) - keeps  # reserve cards this play strands
            spent = sum(PENALTY[FACE[c][0]] for c in added) / len(added)
            links = sum(_links(FACE[c], stuck_faces) for c in added) / len(added)
            scored.append((-lost, len(added) == 1, spent - 3.0 * links, i))
        best = max(s[:3] for s in scored)
        ties = [s[3] for s in scored if s[:3] == best]
        return small[self.rng.choice(ties)]


def _lay_offs(me: _Seat, found: Solution) -> list[Table]:
    """The table with one card of the best play added to one meld as it stands."""
    out = []
    faces = set(found.placed)
    cards = [c for c in me.hand if FACE[c] in faces]
    for i, meld in enumerate(me.table):
        meld_faces = [FACE[c] for c in meld]
        for c in cards:
            if is_meld([*meld_faces, FACE[c]], me.ace_low):
                grown = sort_meld((*meld, c), me.ace_low)
                out.append((*me.table[:i], grown, *me.table[i + 1 :]))
    return out


def _links(face: Face, others: Sequence[Face]) -> int:
    """How many of ``others`` could share a meld with ``face``: same rank in another suit, or
    the same suit one or two ranks away."""
    r, s = face
    return sum(1 for q, t in others if (q == r and t != s) or (t == s and 0 < abs(q - r) <= 2))
