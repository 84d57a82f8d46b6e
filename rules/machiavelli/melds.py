"""Machiavelli's cards and melds: card ids, names, penalty points and what makes a valid meld.

Two 52-card decks, no jokers. A card id is rank + suit + "." + deck: ``"10H.1"`` and
``"10H.2"`` are the two tens of hearts (ranks 2-10, J, Q, K, A; suits S, H, D, C). A card's
*face* ``(rank index, suit index)`` forgets the deck: ``"10H.2"`` has face ``(8, 1)``.

A meld is a **set** (3 or 4 cards of one rank, every suit different) or a **run** (3 or more
cards of one suit in sequence 2, 3, … 10, J, Q, K, A; the ace follows the king and cannot come
before the 2, unless the "ace low or high" option lets it start a run A 2 3 …; a run never
wraps from the ace to the 2). Sources: ``shared/sources/001_c717387ba60b2570.txt``
("Invariant") and RULES-NOTES.md "Machiavelli".

:func:`meld_problem` and :func:`table_problems` say why cards do not form melds, in words a
player understands (the UI outlines invalid melds with them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ACE = 12  # rank index of the ace
Face = tuple[int, int]  # (rank index 0..12, suit index 0..3)

DECKS = (1, 2)
ALL_CARDS: tuple[str, ...] = tuple(f"{r}{s}.{d}" for d in DECKS for s in SUITS for r in RANKS)
FACE: dict[str, Face] = {
    f"{r}{s}.{d}": (ri, si)
    for d in DECKS
    for si, s in enumerate(SUITS)
    for ri, r in enumerate(RANKS)
}
PENALTY = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)  # 2..10 face value, J Q K 10, A 11


def is_card(card: object) -> bool:
    return isinstance(card, str) and card in FACE


def card_label(card: str) -> str:
    """``"10H.2"`` -> ``"10♥"`` (the deck does not show)."""
    r, s = FACE[card]
    return RANKS[r] + SUIT_SYMBOLS[SUITS[s]]


def face_label(face: Face) -> str:
    return RANKS[face[0]] + SUIT_SYMBOLS[SUITS[face[1]]]


def meld_label(cards: Iterable[str]) -> str:
    """``"7♠ 8♠ 10♠"``."""
    return " ".join(card_label(c) for c in cards)


def penalty(card: str) -> int:
    """Penalty points of a card left in hand: A 11, K/Q/J 10, others their number."""
    return PENALTY[FACE[card][0]]


def card_order(card: str) -> tuple[int, int, int]:
    """Sort key: suit, then rank, then deck (hands read as runs)."""
    r, s = FACE[card]
    return s, r, int(card[-1])


def _join(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _run_order(ranks: list[int], ace_low: bool) -> list[int] | None:
    """The run positions of ``ranks`` (distinct) if they are consecutive, else ``None``.
    Position = rank index, or -1 for an ace played low."""
    for low in (False, True) if ace_low else (False,):
        pos = sorted(-1 if (low and r == ACE) else r for r in ranks)
        if pos[-1] - pos[0] == len(pos) - 1:
            return pos
    return None


def is_meld(faces: Sequence[Face], ace_low_or_high: bool = False) -> bool:
    """Do these faces form one valid meld? (The quick check; :func:`meld_problem` explains.)"""
    n = len(faces)
    if n < 3:
        return False
    ranks = {r for r, _ in faces}
    suits = {s for _, s in faces}
    if len(ranks) == 1:
        return n <= 4 and len(suits) == n
    if len(suits) != 1 or len(ranks) != n:
        return False
    return _run_order(list(ranks), ace_low_or_high) is not None


def meld_problem(cards: Sequence[str], ace_low_or_high: bool = False) -> str | None:
    """Why ``cards`` (card ids) are not one valid meld, in one sentence; ``None`` if they are.

    >>> meld_problem(["7S.1", "8S.1", "10S.2"])
    '7♠ 8♠ 10♠ is not a run: 9♠ is missing.'
    """
    cards = list(cards)
    unknown = [c for c in cards if not is_card(c)]
    if unknown:
        return f"{unknown[0]!r:.20} is not a card."
    if is_meld([FACE[c] for c in cards], ace_low_or_high) and len(set(cards)) == len(cards):
        return None
    if len(set(cards)) != len(cards):
        return f"{meld_label(cards)} names the same card twice."
    name = meld_label(cards)
    if len(cards) < 3:
        return f"{name or 'An empty meld'} is too short: a meld needs at least 3 cards."
    faces = [FACE[c] for c in cards]
    ranks = [r for r, _ in faces]
    suits = [s for _, s in faces]
    if len(set(ranks)) == 1:
        if len(cards) > 4:
            return f"{name} is not a set: a set has at most 4 cards, one of each suit."
        twice = [s for s in SUITS if suits.count(SUITS.index(s)) > 1]
        if twice:
            return f"{name} is not a set: {SUIT_SYMBOLS[twice[0]]} appears twice."
        return None
    if len(set(suits)) != 1:
        return f"{name} is neither a set (ranks differ) nor a run (suits differ)."
    if len(set(ranks)) != len(ranks):
        double = next(f for f in faces if faces.count(f) > 1)
        return f"{name} is not a run: {face_label(double)} appears twice."
    if _run_order(ranks, ace_low_or_high) is not None:
        return None
    suit = suits[0]
    if ACE in ranks and 0 in ranks:
        if not ace_low_or_high:
            # Would it be a run with the ace low? Then the only trouble is the ace rule.
            if _run_order(ranks, True) is not None:
                return (
                    f"{name} is not a run: the ace follows the king and cannot come before the 2."
                )
        else:
            return f"{name} is not a run: a run cannot wrap around from the ace to the 2."
    top, bottom = max(ranks), min(ranks)
    if ace_low_or_high and ACE in ranks:
        # Name the gaps of whichever reading of the ace leaves fewer of them.
        low = sorted(-1 if r == ACE else r for r in ranks)
        if low[-1] - low[0] < top - bottom:
            missing = [(r, suit) for r in range(low[0] + 1, low[-1]) if r not in ranks]
            return f"{name} is not a run: {_missing_text(missing)}."
    missing = [(r, suit) for r in range(bottom, top + 1) if r not in ranks]
    return f"{name} is not a run: {_missing_text(missing)}."


def _missing_text(missing: list[Face]) -> str:
    labels = [face_label(f) for f in missing]
    if len(labels) > 4:
        return f"{len(labels)} cards are missing ({labels[0]} to {labels[-1]})"
    return _join(labels) + (" is missing" if len(labels) == 1 else " are missing")


def table_problems(
    melds: Sequence[Sequence[str]], ace_low_or_high: bool = False
) -> list[tuple[int, str]]:
    """Every invalid meld of a proposed table: ``(index, reason)``, in table order. A card
    that appears in two melds is reported at its second meld."""
    out: list[tuple[int, str]] = []
    seen: set[str] = set()
    for i, meld in enumerate(melds):
        again = [c for c in meld if c in seen]
        if again:
            out.append((i, f"{card_label(again[0])} ({again[0]}) is already in another meld."))
        else:
            problem = meld_problem(meld, ace_low_or_high)
            if problem is not None:
                out.append((i, problem))
        seen.update(meld)
    return out


def sort_meld(cards: Sequence[str], ace_low_or_high: bool = False) -> tuple[str, ...]:
    """A valid meld in reading order: a run from its lowest card (an ace played low first),
    a set by suit."""
    faces = [FACE[c] for c in cards]
    if len({r for r, _ in faces}) == 1:
        return tuple(sorted(cards, key=card_order))
    low = ace_low_or_high and _run_order([r for r, _ in faces], False) is None
    return tuple(sorted(cards, key=lambda c: -1 if (low and FACE[c][0] == ACE) else FACE[c][0]))
