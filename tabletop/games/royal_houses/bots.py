"""Royal Houses' heuristic bot: one ply deep, judging each decision on its own picture of the
table (influence per house, the majorities still open, what the rival may hold)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from rules import Move
from rules.royal_houses import CARDS, COUNTERS, HOUSES, RoyalHousesView, house_of, number_of
from tabletop.ai.base import SeatView

_HN = {c: (house_of(c), number_of(c)) for c in CARDS}  # card -> (house, number)


@dataclass(frozen=True)
class RoyalWeights:
    """The tunable judgement of :class:`RoyalHousesBot`.

    Chosen by self-play duels of 400 games: halving or raising the drifts, scaling the hand
    potential by 0.5 to 0.75 and changing ``odd_strength`` all stayed within noise of these
    values; potential x1.5 lost (42.5%), and dropping the gift look-ahead of a play lost badly
    (34%).
    """

    # Value of a card still in hand, per number, as a share of "one influence placed":
    # evens will mostly be played for their number; odd cards are actions.
    potential: tuple[float, ...] = (0.0, 0.3, 1.0, 0.8, 2.0, 1.2, 3.0, 1.5, 4.0)
    # How much influence per house may still change per remaining turn (variance).
    influence_drift: float = 4.0
    # How much a house's hand sums may still change per remaining turn (variance).
    hand_drift: float = 3.0
    # Go first when we choose: in self-play a bot choosing second won 47% (400 games).
    go_first: bool = True
    # Counter placement: a house's strength counts evens at face value, odd cards at this share.
    odd_strength: float = 0.5


@dataclass
class _Pos:
    """A Royal Houses position from one seat's side (``mine``: our influence per house)."""

    mine: list[int]
    theirs: list[int]
    counters: list[int]
    hand: list[str]
    rival_known: list[str]
    forced: int | None = None  # house the rival's next gift must come from (our card 3)

    def copy(self) -> _Pos:
        return _Pos(
            list(self.mine),
            list(self.theirs),
            list(self.counters),
            list(self.hand),
            list(self.rival_known),
            self.forced,
        )


def _rival_known(view: RoyalHousesView, seat: int) -> list[str]:
    """Cards we know the rival holds (our gifts they still have).

    Defensive: a card already back in our hand or on the table is dropped, whatever the view
    says (an earlier rules build kept listing a gift the rival had given back).
    """
    gone = set(view["hands"][seat] or ()) | set(view["played"])
    return [c for c in view["known_in_hand"][1 - seat] if c not in gone]


class _Judge:
    """Scores positions for one seat: expected points of ours minus the rival's.

    Per house: influence plus the bonus weighted by the chance of holding the majority at the
    end, times the chance of not being vetoed (the rival's hand sum there is a guess from the
    unseen cards); plus the future use of the cards in hand.
    """

    def __init__(self, view: RoyalHousesView, seat: int, w: RoyalWeights) -> None:
        rival = 1 - seat
        known = {HOUSES.index(n): v for n, v in view["counters"][rival].items()}
        rest = [v for v in COUNTERS if v not in known.values()]
        mean = sum(rest) / len(rest) if rest else 0.0
        self.rival_counters = [known.get(h, mean) for h in range(6)]
        hand = view["hands"][seat] or []
        rival_known = _rival_known(view, seat)
        seen = set(hand) | set(view["played"]) | set(rival_known)
        pool = [c for c in CARDS if c not in seen]
        unknown = view["hand_counts"][rival] - len(rival_known)
        p = min(1.0, max(0.0, unknown / len(pool))) if pool else 0.0
        # Each unseen card is in the rival's hand with chance p (else in the deck).
        self.rival_mean = [0.0] * 6
        var = [0.0] * 6
        self.pool_low: list[int | None] = [None] * 6
        self.pool_count = [0] * 6
        for c in pool:
            h, n = _HN[c]
            self.rival_mean[h] += p * n
            var[h] += p * (1 - p) * n * n
            self.pool_count[h] += 1
            low = self.pool_low[h]
            self.pool_low[h] = n if low is None else min(low, n)
        self.p_unknown = p
        # Turns each player still has to change things, the current one not counted.
        turns = view["deck_count"] / 2
        # Normal approximations: keep 1/(sigma*sqrt(2)) for erf, or 0 for "no uncertainty left".
        self.veto_scale = [_inv_scale(v + w.hand_drift * turns) for v in var]
        self.majority_scale = _inv_scale(w.influence_drift * turns)
        plays_left = 0 if view["final_turn"] else turns + 1
        alpha = min(1.0, plays_left / 7)
        self.potential = [alpha * v for v in w.potential]
        self._house_cache: dict[tuple[int, int, int, int, float], float] = {}

    def score(self, pos: _Pos) -> float:
        pot = self.potential
        ours = [0.0] * 6
        total = 0.0
        for c in pos.hand:
            h, n = _HN[c]
            ours[h] += n
            total += pot[n]
        theirs = list(self.rival_mean)
        for c in pos.rival_known:
            h, n = _HN[c]
            theirs[h] += n
            total -= pot[n]
        if pos.forced is not None:
            # The rival must hand us a card of that house: likely its lowest.
            h = pos.forced
            known = [_HN[c][1] for c in pos.rival_known if _HN[c][0] == h]
            low = self.pool_low[h]
            if known:
                ours[h] += min(known)
                theirs[h] -= min(known)
            elif low is not None:
                given = low * (1.0 - (1.0 - self.p_unknown) ** self.pool_count[h])
                ours[h] += given
                theirs[h] -= given
        cache = self._house_cache
        for h in range(6):
            # Candidate moves change one or two houses: the other terms come from the cache.
            key = (h, pos.mine[h], pos.theirs[h], pos.counters[h], theirs[h] - ours[h])
            term = cache.get(key)
            if term is None:
                term = cache[key] = self._house(*key)
            total += term
        return total

    def _house(self, h: int, im: int, ir: int, counter: int, x: float) -> float:
        """Our expected points minus the rival's in house ``h``; ``x`` is how far the rival's
        hand sum there is above ours."""
        erf = math.erf
        bonus = counter + self.rival_counters[h]
        d = im - ir
        ms = self.majority_scale
        if ms:
            pm, pr = 0.5 + 0.5 * erf((d - 0.5) * ms), 0.5 + 0.5 * erf((-d - 0.5) * ms)
        else:
            pm, pr = float(d > 0), float(d < 0)
        vs = self.veto_scale[h]
        if vs:
            veto_us, veto_them = 0.5 + 0.5 * erf((x - 0.5) * vs), 0.5 + 0.5 * erf((-x - 0.5) * vs)
        else:
            veto_us, veto_them = float(x > 1e-9), float(x < -1e-9)
        return (im + bonus * pm) * (1 - veto_us) - (ir + bonus * pr) * (1 - veto_them)


def _inv_scale(variance: float) -> float:
    return 0.0 if variance < 1e-12 else 1.0 / math.sqrt(2.0 * variance)


def _shifts(pos: _Pos, src: int, dst: int, cap: int) -> list[tuple[int, int]]:
    return [
        (m, t)
        for m in range(min(pos.mine[src], cap) + 1)
        for t in range(min(pos.theirs[src], cap - m) + 1)
    ]


def _shifted(pos: _Pos, src: int, dst: int, m: int, t: int) -> _Pos:
    out = pos.copy()
    out.mine[src] -= m
    out.mine[dst] += m
    out.theirs[src] -= t
    out.theirs[dst] += t
    return out


class RoyalHousesBot:
    """A one-ply Royal Houses player: it tries each decision on its own picture of the table
    and keeps the one whose position scores best (see :class:`_Judge`).

    ``noise`` is the chance of a uniformly random legal move instead (Easy level).
    """

    def __init__(self, seed: int, noise: float = 0.0, weights: RoyalWeights | None = None) -> None:
        self.name = "heuristic" if noise == 0 else f"heuristic (noise {noise:g})"
        self.rng = random.Random(seed)
        self.noise = noise
        self.w = weights or RoyalWeights()

    def choose(self, seat_view: SeatView) -> Move:
        moves = seat_view.legal_moves()
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(moves)
        view, seat = cast(RoyalHousesView, seat_view.view), seat_view.seat
        phase = view["phase"]
        if phase == "order":
            want = "first" if self.w.go_first else "second"
            return next(m for m in moves if m.value == (want,))
        if phase == "counters":
            return self._counter(view, seat, moves)
        judge = _Judge(view, seat, self.w)
        pos = self._position(view, seat)
        scored = [(self._value(judge, pos, view, m), i) for i, m in enumerate(moves)]
        best = max(v for v, _ in scored)
        # Ties broken at random so that equal options do not always favour the first house.
        ties = [i for v, i in scored if v >= best - 1e-9]
        return moves[self.rng.choice(ties)]

    # ---- setup -------------------------------------------------------------------------
    def _counter(self, view: RoyalHousesView, seat: int, moves: Sequence[Move]) -> Move:
        """Largest counters on the houses our hand is strongest in, -2 on the weakest."""
        strength = [0.0] * 6
        for c in view["hands"][seat] or ():  # never hidden from its own seat
            n = number_of(c)
            strength[house_of(c)] += n if n % 2 == 0 else self.w.odd_strength * n
        placed = {HOUSES.index(n) for n in view["counters"][seat]}
        free = sorted((h for h in range(6) if h not in placed), key=lambda h: -strength[h])
        values = sorted(v for v in COUNTERS if v not in view["counters"][seat].values())
        value, house = values[-1], free[0]
        target = "house:" + HOUSES[house]
        return next(m for m in moves if m.value == (value,) and m.target == target)

    # ---- play --------------------------------------------------------------------------
    @staticmethod
    def _position(view: RoyalHousesView, seat: int) -> _Pos:
        counters = [0] * 6
        for name, v in view["counters"][seat].items():
            counters[HOUSES.index(name)] = v
        return _Pos(
            list(view["influence"][seat]),
            list(view["influence"][1 - seat]),
            counters,
            list(view["hands"][seat] or ()),
            _rival_known(view, seat),
        )

    def _value(self, judge: _Judge, pos: _Pos, view: RoyalHousesView, move: Move) -> float:
        """The score after ``move`` and the best rest of our turn (follow-ups, then gift)."""
        k = move.kind
        pending = view["pending"]
        if k == "play":
            after = self._after_play(judge, pos, move.cards[0])
            if view["final_turn"]:
                return judge.score(after)
            return self._best_gift(judge, after, view)
        if k == "gift":
            return judge.score(self._gifted(pos, move.cards[0]))
        here = HOUSES.index(pending["house"])
        if k in ("keep", "swap"):
            return judge.score(self._swapped(pos, move))
        if k == "source":
            src = HOUSES.index(move.target.removeprefix("house:"))
            return self._best_shift(judge, pos, src, here, 3)
        if k == "dest":
            dst = HOUSES.index(move.target.removeprefix("house:"))
            return self._best_shift(judge, pos, here, dst, 4)
        if k == "shift":
            src, dst = HOUSES.index(pending["from"]), HOUSES.index(pending["to"])
            return judge.score(_shifted(pos, src, dst, *move.value))
        return judge.score(pos)

    def _after_play(self, judge: _Judge, pos: _Pos, card: str) -> _Pos:
        """The position after playing ``card`` with its best follow-up choices."""
        h, n = house_of(card), number_of(card)
        out = pos.copy()
        out.hand.remove(card)
        if n % 2 == 0:
            out.mine[h] += n
            return out
        if n == 3:
            out.mine[h] += 1
            out.forced = h
            return out
        options: list[_Pos] = [out]
        if n == 1:
            options = [self._swapped(out, None)] + [
                self._swapped(out, (a, b)) for a in range(6) for b in range(a + 1, 6)
            ]
        elif n == 5:
            options += [
                _shifted(out, src, h, m, t)
                for src in range(6)
                if src != h
                for m, t in _shifts(out, src, h, 3)
            ]
        elif n == 7:
            options += [
                _shifted(out, h, dst, m, t)
                for dst in range(6)
                if dst != h
                for m, t in _shifts(out, h, dst, 4)
            ]
        return max(options, key=judge.score)

    @staticmethod
    def _swapped(pos: _Pos, move: Move | tuple[int, int] | None) -> _Pos:
        out = pos.copy()
        if isinstance(move, Move):
            if move.kind == "keep":
                return out
            a, b = (HOUSES.index(name) for name in move.value)
        elif move is None:
            return out
        else:
            a, b = move
        out.counters[a], out.counters[b] = out.counters[b], out.counters[a]
        return out

    def _best_shift(self, judge: _Judge, pos: _Pos, src: int, dst: int, cap: int) -> float:
        return max(
            judge.score(_shifted(pos, src, dst, m, t)) for m, t in _shifts(pos, src, dst, cap)
        )

    @staticmethod
    def _gifted(pos: _Pos, card: str) -> _Pos:
        out = pos.copy()
        out.hand.remove(card)
        out.rival_known.append(card)
        return out

    def _best_gift(self, judge: _Judge, pos: _Pos, view: RoyalHousesView) -> float:
        """Score after the best gift we could make from ``pos`` (the rules' gift limits)."""
        seat = view["viewer"]
        assert seat is not None  # a bot's view is its seat's
        received = view["received"][seat]
        hand = [c for c in pos.hand if c != received]
        forced = view["gift_must"][seat]
        if forced is not None:
            h = HOUSES.index(forced)
            hand = [c for c in hand if house_of(c) == h] or hand
        if not hand:
            return judge.score(pos)
        return max(judge.score(self._gifted(pos, c)) for c in hand)
