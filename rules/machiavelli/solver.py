"""Exact meld solver for Machiavelli: place the most hand cards on a table that stays valid.

Given the cards on the table (all of which must stay on it) and a hand, :func:`solve` finds a
new table — a partition of the table cards plus some hand cards into melds — that places the
MOST hand cards, ties broken by the highest rank total of the cards placed (2..10, J 11, Q 12,
K 13, A 14). :func:`solve_opening` is the opening variant: new melds from the hand only.

The search is a dynamic program over ranks (after van Rijn, Takes & Vis 2015, "The complexity
of Rummikub problems"), run top-down as a memoised depth-first branch and bound, cheapest
choices first. Ranks are processed from 2 up to the ace. The state between two ranks
is, for each suit, the lengths of the (at most two, one per deck) runs still open in that suit,
capped at 3 ("3 or more": such a run may end or go on), kept as a sorted pair. At each rank the
program chooses, per suit, how many copies of that card it uses, how many of them extend or
start runs and how many go into the rank's sets (three or four cards of different suits, so a
suit gives at most two set cards, one to each of two sets). Nothing is greedy: every choice is
tried, and only states that cannot beat the best table already found are cut. The bound looks
ahead: the least cost of the ranks still to come from the freest state (every run open at 3+,
free to stop or go on) is a lower bound from any state, so cards that will be stranded near
the ace are counted long before the search gets there. Hand cards that no meld could hold at
all are set aside first. With the "ace low or high" option an ace may also open a run below
the 2: the solver tries each way of sending aces low and keeps the best.

Pure Python, no dependency. ``python -m rules.machiavelli.solver`` reads one JSON object per
line, ``{"table": ["10H", "JH", "QH"], "hand": ["KH", "AS"]}`` (rank 2-10/J/Q/K/A, suit
S/H/D/C, no deck suffix; optional ``"ace_low_or_high": true``), and writes one line
``{"placed": [...], "melds": [[...], ...]}`` per request, flushing after each; a malformed
request gets ``{"error": "..."}`` and the tool goes on.
"""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TextIO

# The card constants live in .melds, so that importing the game does not import this module
# (``python -m rules.machiavelli.solver`` would then warn that it runs a module already loaded).
from .melds import ACE, RANKS, SUIT_SYMBOLS, SUITS, Face

__all__ = [
    "ACE",
    "RANKS",
    "RANK_VALUE",
    "SUITS",
    "SUIT_SYMBOLS",
    "Face",
    "Solution",
    "answer",
    "face_name",
    "main",
    "parse_face",
    "solve",
    "solve_opening",
]

COPIES = 2  # two decks
RANK_VALUE = tuple(range(2, 15))  # the tie-break value of a placed card: 2..10, J 11 … A 14
_BIG = 1 << 12  # a placed card outweighs any rank total (at most 104 × 14 < 4096)


# ---- per-suit run states: a sorted pair of capped open-run lengths -------------------------
_PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(4) for b in range(a, 4))
_PAIR_INDEX = {p: i for i, p in enumerate(_PAIRS)}


def _pair(x: int, y: int) -> tuple[int, int]:
    """Two run lengths as the sorted pair that names a suit's state."""
    return (x, y) if x <= y else (y, x)


_FREEST = _PAIR_INDEX[(3, 3)] * 1111  # every suit with two runs of 3 or more open
_CLOSED_PAIRS = frozenset(_PAIR_INDEX[p] for p in ((0, 0), (0, 3), (3, 3)))
_CAN_END = (True, False, False, True)  # a run of 1 or 2 cards cannot stop here
_WHICH_NONE, _WHICH_LOW, _WHICH_HIGH, _WHICH_BOTH = 0, 1, 2, 3


def _grow(length: int) -> int:
    return min(length + 1, 3)


def _run_steps(pair: int, k: int) -> list[tuple[int, int]]:
    """Ways ``k`` copies (0..2) of a card extend or open runs of a suit in state ``pair``:
    ``(new pair, which slot took a copy)``. A slot that takes nothing ends its run."""
    a, b = _PAIRS[pair]
    out: list[tuple[int, int]] = []
    if k == 0:
        if _CAN_END[a] and _CAN_END[b]:
            out.append((_PAIR_INDEX[(0, 0)], _WHICH_NONE))
    elif k == 1:
        if _CAN_END[a]:
            out.append((_PAIR_INDEX[(0, _grow(b))], _WHICH_HIGH))
        if _CAN_END[b] and a != b:
            out.append((_PAIR_INDEX[_pair(_grow(a), 0)], _WHICH_LOW))
    elif k == 2:
        out.append((_PAIR_INDEX[_pair(_grow(a), _grow(b))], _WHICH_BOTH))
    return out


@cache
def _suit_options(pair: int, table: int, hand: int, cost_each: int) -> tuple[tuple, ...]:
    """Per set-count x (0..2): the options ``(new pair, cost, (used, x, which))`` of one suit
    at one rank, using every table copy and any number of hand copies; the cost is the value
    of the hand copies left behind."""
    by_x: list[list[tuple[int, int, tuple[int, int, int]]]] = [[], [], []]
    for used in range(table, table + hand + 1):
        for x in range(min(used, 2) + 1):
            k = used - x
            if k > 2:
                continue
            for new, which in _run_steps(pair, k):
                by_x[x].append((new, (table + hand - used) * cost_each, (used, x, which)))
    return tuple(tuple(opts) for opts in by_x)


def _valid_set_counts(xs: Sequence[int]) -> bool:
    """Can set cards with these per-suit counts (0..2) form sets of 3-4 different suits?"""
    n = sum(xs)
    if n == 0:
        return True
    return n >= 6 if max(xs) == 2 else 3 <= n <= 4


_INF = 1 << 40

_SET_VECTORS = tuple(xs for xs in itertools.product(range(3), repeat=4) if _valid_set_counts(xs))


@cache
def _set_vectors(have: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The valid set-card counts per suit when ``have[s]`` copies of each suit are at hand."""
    return tuple(xs for xs in _SET_VECTORS if all(xs[s] <= have[s] for s in range(4)))


# ---- results ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Solution:
    """A best table: ``melds`` as faces, and the hand faces it places (with repeats)."""

    melds: tuple[tuple[Face, ...], ...]
    placed: tuple[Face, ...]

    @property
    def score(self) -> tuple[int, int]:
        """(cards placed, their rank total): what the solver maximises."""
        return len(self.placed), sum(RANK_VALUE[r] for r, _ in self.placed)


def face_name(face: Face) -> str:
    """``(8, 1)`` -> ``"10H"``."""
    return RANKS[face[0]] + SUITS[face[1]]


def parse_face(text: str) -> Face:
    """``"10H"`` / ``"qs"`` -> a face; raises ValueError for anything else."""
    if not isinstance(text, str) or not 2 <= len(text) <= 3:
        raise ValueError(f"{text!r} is not a card (rank 2-10/J/Q/K/A, then suit S/H/D/C)")
    rank, suit = text[:-1].upper(), text[-1].upper()
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"{text!r} is not a card (rank 2-10/J/Q/K/A, then suit S/H/D/C)")
    return RANKS.index(rank), SUITS.index(suit)


def _counts(faces: Iterable[Face]) -> list[int]:
    counts = [0] * 52
    for r, s in faces:
        if not (0 <= r < 13 and 0 <= s < 4):
            raise ValueError(f"{(r, s)!r} is not a card face")
        counts[r * 4 + s] += 1
    return counts


# ---- the dynamic program -----------------------------------------------------------------------
def solve(
    table: Iterable[Face], hand: Iterable[Face], ace_low_or_high: bool = False
) -> Solution | None:
    """The best new table using every ``table`` card and as many ``hand`` cards as possible.

    ``None`` when the table cards alone cannot be arranged into melds (never the case for a
    table that was valid). At most two copies of a face in all, as with two decks.
    """
    t_counts, h_counts = _counts(table), _counts(hand)
    for f in range(52):
        if t_counts[f] + h_counts[f] > COPIES:
            raise ValueError(f"{face_name(divmod(f, 4))} appears more than twice")
    h_counts = _drop_hopeless(t_counts, h_counts, ace_low_or_high)
    if not any(h_counts) and not any(t_counts):
        return Solution((), ())
    best_cost, best_path = _INF, None
    ways: dict[tuple, list[tuple[int, int, tuple]]] = {}  # shared: ranks 2..K look alike
    for low in _ace_low_choices(t_counts, h_counts, ace_low_or_high):
        search = _Search(t_counts, h_counts, low, ways, best_cost - 1)
        cost = search.best(0, search.start, best_cost - 1)
        if cost < best_cost:
            best_cost, best_path = cost, search.path()
        if best_cost == 0:
            break  # every hand card that could go anywhere is placed: nothing can beat it
    if best_path is None:
        return None
    return _rebuild(best_path, t_counts, ace_low_or_high)


def _drop_hopeless(t: list[int], h: list[int], ace_low_or_high: bool) -> list[int]:
    """The hand without cards that no meld could hold (no two other suits of their rank and
    no two neighbours in their suit among the cards at hand), repeated until none is left:
    they stay in hand whatever the table, and the search runs much faster without them."""
    h = list(h)
    changed = True
    while changed:
        changed = False
        for f in [f for f in range(52) if h[f]]:
            r, s = divmod(f, 4)
            if sum(1 for g in range(r * 4, r * 4 + 4) if t[g] + h[g]) >= 3:
                continue
            firsts = (r - 2, r - 1, r, -1) if ace_low_or_high and r == ACE else (r - 2, r - 1, r)
            if any(_has_run(t, h, s, first, ace_low_or_high) for first in firsts):
                continue
            h[f] = 0
            changed = True
    return h


def _has_run(t: list[int], h: list[int], s: int, first: int, ace_low: bool) -> bool:
    """Are the three cards of suit ``s`` from rank ``first`` all at hand? Rank -1 is the ace
    played low (only with the option); past the ace there is nothing."""
    for q in range(first, first + 3):
        if q > ACE or (q < 0 and not (ace_low and q == -1)):
            return False
        g = (ACE if q == -1 else q) * 4 + s
        if not t[g] + h[g]:
            return False
    return True


def solve_opening(hand: Iterable[Face], ace_low_or_high: bool = False) -> Solution | None:
    """The opening variant: the most hand cards in new melds of the hand alone."""
    return solve((), hand, ace_low_or_high)


def _ace_low_choices(t: list[int], h: list[int], allowed: bool) -> list[tuple[int, ...]]:
    """How many aces of each suit open a run below the 2 (only with the option, and only as
    many as the suit's 2s and 3s could follow)."""
    if not allowed:
        return [(0, 0, 0, 0)]
    spans = []
    for s in range(4):
        most = min(t[ACE * 4 + s] + h[ACE * 4 + s], t[s] + h[s], t[4 + s] + h[4 + s])
        spans.append(range(most + 1))
    return list(itertools.product(*spans))


class _Search:
    """The program for one choice of low aces, as a memoised depth-first branch and bound.

    ``best(rank, state, bound)`` is the least cost (value of the hand cards left behind) of
    finishing from ``state`` before ``rank``, exactly when it is at most ``bound``; otherwise a
    lower bound above ``bound``. Cheapest moves are tried first, so a good table is found at
    once and the bound then cuts most of the rest; a state is expanded again only when asked
    with a larger bound than the one it failed.
    """

    def __init__(
        self,
        t: list[int],
        h: list[int],
        low: tuple[int, ...],
        ways: dict[tuple, list[tuple[int, int, tuple]]],
        bound: int = _INF,
    ) -> None:
        self.ways = ways
        t, h = list(t), list(h)
        start = 0
        opening: list[tuple[int, int, int]] = []
        for s in range(4):
            n = low[s]
            if n:
                # Low aces use table copies first: the table's must-use aces then shrink most.
                from_table = min(n, t[ACE * 4 + s])
                t[ACE * 4 + s] -= from_table
                h[ACE * 4 + s] -= n - from_table
                start += _PAIR_INDEX[(0, 1) if n == 1 else (1, 1)] * 10**s
            opening.append((n, 0, _WHICH_LOW if n == 1 else _WHICH_BOTH if n else _WHICH_NONE))
        self.start = start
        self.opening = tuple(opening)
        self.avail = [tuple((t[r * 4 + s], h[r * 4 + s]) for s in range(4)) for r in range(13)]
        self.vectors = [_set_vectors(tuple(sum(a) for a in self.avail[r])) for r in range(13)]
        self.memo: dict[int, tuple[int, bool, tuple[int, tuple] | None]] = {}
        # ahead[r]: the least cost of ranks r..A from ANY state. Every open run at 3+ may stop
        # or go on, so that state allows whatever any other does: its cost is the bound. It
        # looks ahead, so cards that will be stranded at the top are counted early.
        # Above ``bound`` (the best table so far) a lower bound serves as well and is quicker.
        self.ahead = [0] * 14
        for r in range(12, 0, -1):
            self.ahead[r] = self.best(r, _FREEST, bound)

    def transitions(self, r: int, state: int) -> list[tuple[int, int, tuple]]:
        """Every way through rank ``r``: ``(cost, next state, choices)``, the cheapest way to
        each next state only, cheapest first (kept for the other choices of low aces, which
        see the same cards at every rank but the ace)."""
        avail, cost_each = self.avail[r], _BIG + RANK_VALUE[r]
        known = self.ways.get((r, avail, state))
        if known is not None:
            return known
        p = (state % 10, state // 10 % 10, state // 100 % 10, state // 1000)
        opts = [_suit_options(p[s], avail[s][0], avail[s][1], cost_each) for s in range(4)]
        found: dict[int, tuple[int, tuple]] = {}
        for xs in self.vectors[r]:
            o0, o1, o2, o3 = opts[0][xs[0]], opts[1][xs[1]], opts[2][xs[2]], opts[3][xs[3]]
            if not (o0 and o1 and o2 and o3):
                continue
            for n0, g0, c0 in o0:
                for n1, g1, c1 in o1:
                    for n2, g2, c2 in o2:
                        base, s012 = g0 + g1 + g2, n0 + 10 * n1 + 100 * n2
                        for n3, g3, c3 in o3:
                            key, cost = s012 + 1000 * n3, base + g3
                            old = found.get(key)
                            if old is None or cost < old[0]:
                                found[key] = (cost, (c0, c1, c2, c3))
        out = [(cost, key, choice) for key, (cost, choice) in found.items()]
        out.sort(key=lambda e: e[0])
        self.ways[(r, avail, state)] = out
        return out

    def best(self, r: int, state: int, bound: int) -> int:
        if r == 13:
            return 0 if _all_closed(state) else _INF
        key = r * 10000 + state
        entry = self.memo.get(key)
        if entry is not None and (entry[1] or entry[0] > bound):
            return entry[0]
        best, pick, floor = _INF, None, _INF
        ahead = self.ahead[r + 1]
        for cost, nxt, choice in self.transitions(r, state):
            limit = min(bound, best - 1) - cost
            if limit < ahead:
                floor = min(floor, cost + ahead)  # the rest cost at least this much
                break
            sub = self.best(r + 1, nxt, limit)
            if sub <= limit:
                best, pick = cost + sub, (nxt, choice)
            else:
                floor = min(floor, cost + sub)
        if best <= bound:
            # Exact: every other way was shown to cost at least ``best``.
            self.memo[key] = (best, True, pick)
            return best
        self.memo[key] = (floor, False, None)
        return floor

    def path(self) -> list[tuple]:
        """The choices of the best table found, the low aces first, then ranks 2..A."""
        out: list[tuple] = [self.opening]
        state = self.start
        for r in range(13):
            entry = self.memo[r * 10000 + state]
            assert entry[1] and entry[2] is not None
            state, choice = entry[2]
            out.append(choice)
        return out


def _all_closed(state: int) -> bool:
    return all((state // 10**s) % 10 in _CLOSED_PAIRS for s in range(4))


def _rebuild(path: list, t_counts: list[int], ace_low_or_high: bool) -> Solution:
    """Replay the chosen path into melds, and name the hand cards it placed."""
    melds: list[tuple[Face, ...]] = []
    runs: list[list[list[Face]]] = [[[], []] for _ in range(4)]
    used = [0] * 52

    # Position 0 is "ace low" (only with low aces chosen), then ranks 2..A.
    for pos, choice in enumerate(path):
        rank = ACE if pos == 0 else pos - 1
        set_cards: list[list[Face]] = [[], []]
        for s in range(4):
            n, x, which = choice[s]
            if n == 0 and not runs[s][0] and not runs[s][1]:
                continue
            used[rank * 4 + s] += n
            face = (rank, s)
            slots = runs[s]
            if which == _WHICH_BOTH:
                take0 = take1 = True
            elif which == _WHICH_NONE:
                take0 = take1 = False
            else:
                # The program's "low" slot is the shorter run (ties: the first).
                low_first = min(len(slots[0]), 3) <= min(len(slots[1]), 3)
                take0 = low_first == (which == _WHICH_LOW)
                take1 = not take0
            for i, take in ((0, take0), (1, take1)):
                if take:
                    slots[i].append(face)
                elif slots[i]:
                    melds.append(tuple(slots[i]))
                    slots[i] = []
            if x:
                set_cards[0].append(face)
                if x == 2:
                    set_cards[1].append(face)
        if set_cards[0]:
            melds.extend(_split_sets(set_cards))
    for s in range(4):
        melds.extend(tuple(run) for run in runs[s] if run)
    if ace_low_or_high:
        melds = [part for meld in melds for part in _unwrap(meld)]
    placed: list[Face] = []
    for f in range(52):
        placed.extend([divmod(f, 4)] * max(0, used[f] - t_counts[f]))
    return Solution(tuple(melds), tuple(placed))


def _split_sets(by_copy: list[list[Face]]) -> list[tuple[Face, ...]]:
    """Set cards of one rank (first copies, second copies) as one or two sets of 3-4."""
    firsts, seconds = by_copy
    if not seconds:
        return [tuple(firsts)]
    doubled = {f for f in seconds}
    singles = [f for f in firsts if f not in doubled]
    a, b = list(seconds), list(seconds)
    for f in singles:
        (a if len(a) <= len(b) else b).append(f)
    return [tuple(sorted(a, key=lambda f: f[1])), tuple(sorted(b, key=lambda f: f[1]))]


def _unwrap(meld: tuple[Face, ...]) -> list[tuple[Face, ...]]:
    """A run holding the ace at both ends (A 2 … K A, 14 cards) is split in two valid runs."""
    if len(meld) >= 14 and meld[0][0] == ACE and meld[-1][0] == ACE:
        return [meld[:7], meld[7:]]
    return [meld]


# ---- the command-line tool ---------------------------------------------------------------------
def answer(line: str) -> dict:
    """One JSON request -> one JSON-ready answer (an ``error`` for a malformed request)."""
    try:
        request = json.loads(line)
        if not isinstance(request, dict):
            raise ValueError("a request is a JSON object with 'table' and 'hand' lists")
        table, hand = request.get("table", []), request.get("hand", [])
        if not isinstance(table, list) or not isinstance(hand, list):
            raise ValueError("'table' and 'hand' must be lists of cards such as \"10H\"")
        ace = request.get("ace_low_or_high", False)
        if not isinstance(ace, bool):
            raise ValueError("'ace_low_or_high' must be true or false")
        solution = solve([parse_face(c) for c in table], [parse_face(c) for c in hand], ace)
    except ValueError as err:  # json.JSONDecodeError is a ValueError too
        return {"error": str(err)}
    if solution is None:
        return {"error": "the table cards cannot be arranged into melds"}
    return {
        "placed": [face_name(f) for f in solution.placed],
        "melds": [[face_name(f) for f in meld] for meld in solution.melds],
    }


def main(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Read one request per line, write one answer per line, flushing after each."""
    source, sink = stdin or sys.stdin, stdout or sys.stdout
    for line in source:
        if not line.strip():
            continue
        sink.write(json.dumps(answer(line)) + "\n")
        sink.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
