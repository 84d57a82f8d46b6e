"""Where each meld sits on the table between two tables: nothing re-sorts under the player.

The rules keep the table as a plain list of melds and every play (an AI's, a Hint's) may
hand back the melds in any order. The app keeps its own order instead: each meld of the new
table takes the place of the old meld it shares most cards with, melds with no old partner
go at the end, and places left empty stay as gaps (``[]``) until the table is packed again
(:func:`packed`, at the start of a turn). The cards that came onto the table, or moved to a
meld in another place, are the ones worth outlining (:func:`changed_cards`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Melds = list[list[str]]


def packed(melds: Iterable[Sequence[str]]) -> Melds:
    """The melds in their order, without the gaps."""
    return [list(m) for m in melds if m]


def same_melds(a: Iterable[Sequence[str]], b: Iterable[Sequence[str]]) -> bool:
    """Whether two tables hold the same melds (order of melds and cards aside)."""
    return sorted(sorted(m) for m in a if m) == sorted(sorted(m) for m in b if m)


def matched(old: Sequence[Sequence[str]], new: Iterable[Sequence[str]]) -> Melds:
    """``new``'s melds placed where ``old``'s were: each goes to the old place whose meld
    shares most cards with it (the largest overlaps are settled first); the rest go at the
    end; an old place nobody took stays a gap."""
    fresh = [list(m) for m in new if m]
    pairs = sorted(
        (
            (-len(set(o) & set(n)), i, j)
            for i, o in enumerate(old)
            for j, n in enumerate(fresh)
            if set(o) & set(n)
        )
    )
    place_of: dict[int, int] = {}
    taken: set[int] = set()
    for _, i, j in pairs:
        if i not in taken and j not in place_of:
            place_of[j] = i
            taken.add(i)
    out: Melds = [[] for _ in old]
    for j, meld in enumerate(fresh):
        if j in place_of:
            out[place_of[j]] = meld
    out += [meld for j, meld in enumerate(fresh) if j not in place_of]
    return out


def changed_cards(old: Sequence[Sequence[str]], new: Sequence[Sequence[str]]) -> set[str]:
    """Cards of ``new`` that were not on the ``old`` table, or sit in another place now
    (both tables in place order, gaps included)."""
    where = {c: i for i, m in enumerate(old) for c in m}
    return {c for i, m in enumerate(new) for c in m if where.get(c) != i}
