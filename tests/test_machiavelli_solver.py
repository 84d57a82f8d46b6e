"""The exact meld solver (rules/machiavelli/solver.py), checked against a brute-force search.

Meld rules from sources/001_c717387ba60b2570.txt ("Invariant": three- or four-of-a-kind with
each suit at most once, or a run of one suit; the ace follows the king and cannot come before
the 2) and RULES-NOTES.md "Machiavelli" (the "ace low or high" option, no wrap). The solver must
keep every table card, place the MOST hand cards, and break ties by the highest rank total.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from functools import cache
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.machiavelli.solver import (
    ACE,
    RANK_VALUE,
    Face,
    answer,
    parse_face,
    solve,
    solve_opening,
)

# ---- an independent brute force -------------------------------------------------------------


def is_valid(meld: tuple[Face, ...], ace_low: bool) -> bool:
    ranks = [r for r, _ in meld]
    suits = [s for _, s in meld]
    if len(meld) < 3:
        return False
    if len(set(ranks)) == 1:
        return len(meld) <= 4 and len(set(suits)) == len(meld)
    if len(set(suits)) != 1 or len(set(ranks)) != len(ranks):
        return False
    high = sorted(ranks)
    if high == list(range(high[0], high[0] + len(high))):
        return True
    low = sorted(-1 if r == ACE else r for r in ranks)
    return ace_low and low == list(range(low[0], low[0] + len(low)))


def _melds_with(first: Face, cards: Counter, ace_low: bool) -> list[tuple[Face, ...]]:
    """Every meld holding ``first`` that ``cards`` can supply."""
    r, s = first
    out: list[tuple[Face, ...]] = []
    others = [(r, t) for t in range(4) if t != s and cards[(r, t)]]
    for k in (2, 3):
        out += [(first, *combo) for combo in combinations(others, k)]
    positions = [r] + ([-1] if ace_low and r == ACE else [])
    lowest = -1 if ace_low else 0
    for pos in positions:
        for lo in range(lowest, pos + 1):
            for hi in range(pos, 13):
                if hi - lo + 1 < 3 or (lo == -1 and hi == 12):
                    continue
                faces = tuple(((ACE if p == -1 else p), s) for p in range(lo, hi + 1))
                if all(cards[f] for f in faces):
                    out.append(faces)
    return out


def can_partition(cards: Counter, ace_low: bool) -> bool:
    return _partition(tuple(sorted((+cards).items())), ace_low)


@cache
def _partition(items: tuple[tuple[Face, int], ...], ace_low: bool) -> bool:
    if not items:
        return True
    cards = Counter(dict(items))
    first = items[0][0]
    for meld in _melds_with(first, cards, ace_low):
        rest = cards - Counter(meld)
        if _partition(tuple(sorted((+rest).items())), ace_low):
            return True
    return False


def brute_force(table: list[Face], hand: list[Face], ace_low: bool) -> tuple[int, int] | None:
    """(cards placed, rank total) of the best play, by trying every part of the hand."""
    for k in range(len(hand), -1, -1):
        best = None
        for part in set(combinations(sorted(hand), k)):
            if can_partition(Counter(table) + Counter(part), ace_low):
                score = (k, sum(RANK_VALUE[r] for r, _ in part))
                best = score if best is None else max(best, score)
        if best is not None:
            return best
    return None


# ---- random small instances ------------------------------------------------------------------


@st.composite
def instances(draw: st.DrawFn) -> tuple[list[Face], list[Face], bool]:
    """A valid table of random melds and a hand, in a small corner of the deck so that the
    cards interact (a window of 3-6 ranks, possibly across the ace, and 1-4 suits)."""
    ace_low = draw(st.booleans())
    start = draw(st.integers(0, 12))
    width = draw(st.integers(3, 6))
    ranks = sorted({(start + i) % 13 for i in range(width)})
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    stock = Counter({(r, s): 2 for r in ranks for s in suits})
    table: list[Face] = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()) and len(suits) >= 3:
            r = draw(st.sampled_from(ranks))
            meld = [(r, s) for s in draw(st.permutations(suits))[: draw(st.integers(3, 4))]]
        else:
            s = draw(st.sampled_from(suits))
            run = [r for r in ranks]
            lo = draw(st.integers(0, len(run) - 3))
            hi = draw(st.integers(lo + 3, len(run)))
            meld = [(r, s) for r in run[lo:hi]]
            if not is_valid(tuple(meld), ace_low):
                continue
        if len(meld) >= 3 and all(stock[f] for f in meld):
            stock -= Counter(meld)
            table += meld
    left = sorted(stock.elements())
    hand = draw(st.lists(st.sampled_from(left), max_size=7)) if left else []
    hand = list((Counter(hand) & stock).elements())
    return table, hand, ace_low


def check_solution(table: list[Face], hand: list[Face], ace_low: bool) -> None:
    found = solve(table, hand, ace_low)
    expected = brute_force(table, hand, ace_low)
    assert expected is not None, "the table was built valid"
    assert found is not None
    assert found.score == expected, (table, hand, ace_low)
    laid = Counter(f for meld in found.melds for f in meld)
    assert laid == Counter(table) + Counter(found.placed), "table cards kept, placed ones added"
    assert not Counter(found.placed) - Counter(hand), "placed cards come from the hand"
    for meld in found.melds:
        assert is_valid(meld, ace_low), meld


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances())
def test_solver_matches_brute_force(case: tuple[list[Face], list[Face], bool]) -> None:
    """Exact, not greedy: the most cards, then the highest rank total, as a full search says."""
    check_solution(*case)


def test_greedy_trap_is_avoided() -> None:
    """Laying 5♥ on the set 5♠ 5♦ 5♣ looks natural, but it belongs in the run 5♥ 6♥ 7♥ that
    also places 6♥ and 7♥ (a greedy player would strand them)."""
    table = [(3, 0), (3, 2), (3, 3)]  # 5♠ 5♦ 5♣
    hand = [(3, 1), (4, 1), (5, 1)]  # 5♥ 6♥ 7♥
    found = solve(table, hand)
    assert found is not None and found.score == (3, 18)


def test_rearranging_splits_a_run() -> None:
    """Source, "Play": redistributing existing groups. With 4♠…9♠ on the table its 7♠ cannot
    join 7♥ 7♦ (8♠ 9♠ would be left short); with 4♠…Q♠ it can: 4-5-6 | 7♠ 7♥ 7♦ | 8…Q."""
    table = [(r, 0) for r in range(2, 8)]  # 4♠ … 9♠
    hand = [(5, 1), (5, 2)]  # 7♥ 7♦: only with the table's 7♠ can they be placed
    found = solve(table, hand)
    assert found is not None and found.score == (0, 0), "the run 4-9 cannot give up its 7"
    table = [(r, 0) for r in range(2, 11)]  # 4♠ … Q♠: 4-5-6 | 7 | 8-9-10-J-Q
    found = solve(table, hand)
    assert found is not None and found.score == (2, 14)
    assert ((5, 0), (5, 1), (5, 2)) in [tuple(sorted(m)) for m in found.melds]


def test_ace_is_high_only_unless_the_option() -> None:
    """Source: "The ace follows the king in a run, and cannot be placed before the two";
    RULES-NOTES: the option lets it start a run (A 2 3), never both ends."""
    hand = [(ACE, 0), (0, 0), (1, 0)]  # A♠ 2♠ 3♠
    assert solve_opening(hand).score == (0, 0)
    assert solve_opening(hand, ace_low_or_high=True).score == (3, 19)
    assert solve_opening([(11, 0), (ACE, 0), (0, 0)], ace_low_or_high=True).score == (0, 0)


def test_full_double_deck_is_placed() -> None:
    """All 104 cards in hand: eight runs 2..A place every one."""
    hand = [(r, s) for r in range(13) for s in range(4)] * 2
    found = solve_opening(hand)
    assert found is not None and len(found.placed) == 104


def test_unarrangeable_table_and_too_many_copies() -> None:
    assert solve([(0, 0), (1, 0)], []) is None
    try:
        solve([(0, 0)] * 2, [(0, 0)])
    except ValueError as err:
        assert "more than twice" in str(err)
    else:  # pragma: no cover
        raise AssertionError("a third copy must be refused")


def test_parse_face() -> None:
    assert parse_face("10H") == (8, 1) and parse_face("as") == (ACE, 0)
    for bad in ("1H", "10X", "", "HH", "100H", 7):
        try:
            parse_face(bad)  # type: ignore[arg-type]
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} was accepted")


def test_answer_reports_errors_and_goes_on() -> None:
    assert "error" in answer("not json")
    assert "error" in answer('{"table": ["10H", "JH"], "hand": []}')  # not a valid table
    assert "error" in answer('{"table": "10H", "hand": []}')
    assert "error" in answer('["10H"]')
    assert answer('{"table": [], "hand": ["2C", "3C"]}') == {"placed": [], "melds": []}


def test_command_line_round_trip() -> None:
    """``python -m rules.machiavelli.solver``: one JSON answer per line, errors included."""
    requests = [
        {"table": ["10H", "JH", "QH"], "hand": ["KH", "AS"]},
        "garbage",
        {"table": [], "hand": ["AS", "2S", "3S"], "ace_low_or_high": True},
    ]
    lines = [json.dumps(r) if isinstance(r, dict) else r for r in requests]
    proc = subprocess.run(
        [sys.executable, "-m", "rules.machiavelli.solver"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 3
    assert out[0] == {"placed": ["KH"], "melds": [["10H", "JH", "QH", "KH"]]}
    assert "error" in out[1]
    assert out[2] == {"placed": ["2S", "3S", "AS"], "melds": [["AS", "2S", "3S"]]}
