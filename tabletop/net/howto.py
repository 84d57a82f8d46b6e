"""What a phone teaches: the game's *How to play* sheet, and the one-line tip for a decision.

Both are a game's own data, in its package (``howto.py``: a :class:`HowTo`; ``tips.py``: a
:data:`TipFor` function), declared on its ``APP`` (see :mod:`tabletop.games`). No pygame,
no I/O.

The sheet is the same for every seat: a few short sections in our own words, each with a few
cards whose pictures the phone shows beside the words (``GET /howto/<n>.png``: by number, so
the page never holds a card id its seat may not know).

The tip is said to one seat about its own decision. It is built from that seat's view and the
legal moves it is offered, as the phone receives them (``{text, kind, cards, target,
description}``): never from the game itself, so it cannot know a card the seat does not see.

>>> sheet = HowTo((Section("Goal", "Win.", ("H7",)),))
>>> sheet.as_json()["sections"][0]["pictures"], sheet.cards()
([0], ['H7'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: A game's tip: (the seat's view, the seat, its legal moves as the phone gets them) -> one
#: sentence, or "" when there is nothing to add to the prompt.
TipFor = Callable[[Mapping[str, Any], int, Sequence[Mapping[str, Any]]], str]

#: Cards shown in one section at most (a phone's row of small pictures).
MAX_CARDS = 6
#: A tip longer than this is cut at a word: it is one line on a phone.
MAX_TIP = 160


@dataclass(frozen=True)
class Section:
    """One part of the sheet: its ``title`` ("A turn"), ``text`` (a short paragraph; a line
    starting with "• " is a bullet) and ``cards`` to show with it (ids of the game's cards)."""

    title: str
    text: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class HowTo:
    """A game's *How to play* sheet: its sections, in reading order."""

    sections: tuple[Section, ...]

    def as_json(self) -> dict[str, Any]:
        """The sheet as a phone gets it: each section's pictures by their number in the sheet
        (``GET /howto/<n>.png``), never by card id (a card of the sheet may be one the seat
        cannot see in the game)."""
        sections, first = [], 0
        for s in self.sections:
            shown = len(s.cards[:MAX_CARDS])
            pictures = list(range(first, first + shown))
            sections.append({"title": s.title, "text": s.text, "pictures": pictures})
            first += shown
        return {"sections": sections}

    def words(self) -> int:
        """How many words a reader reads (titles and text)."""
        return sum(len(f"{s.title} {s.text}".split()) for s in self.sections)

    def cards(self) -> list[str]:
        """The sheet's card pictures in order: picture ``n`` is ``cards()[n]``."""
        return [c for s in self.sections for c in s.cards[:MAX_CARDS]]


def one_line(text: str) -> str:
    """``text`` as one line of at most :data:`MAX_TIP` characters (cut at a word)."""
    line = " ".join(text.split())
    if len(line) <= MAX_TIP:
        return line
    return line[: MAX_TIP - 1].rsplit(" ", 1)[0] + "…"


def lit_cards(moves: Iterable[Mapping[str, Any]], hand: Iterable[str]) -> list[str]:
    """The cards of ``hand`` some legal move plays (the ones the phone lights), in hand order."""
    used = {c for m in moves for c in m.get("cards", ())}
    return [c for c in hand if c in used]


def own_hand(view: Mapping[str, Any], seat: int) -> list[str]:
    """The seat's own hand in its view (empty if the view shows none)."""
    hands = view.get("hands")
    if isinstance(hands, list) and 0 <= seat < len(hands) and isinstance(hands[seat], list):
        return [c for c in hands[seat] if isinstance(c, str)]
    return []


def count(n: int, thing: str, plural: str | None = None) -> str:
    """ "1 card", "3 cards"; "two"-style numbers are not worth their cost here."""
    return f"{n} {thing if n == 1 else plural or thing + 's'}"


def kinds(moves: Iterable[Mapping[str, Any]]) -> set[str]:
    return {str(m.get("kind", "")) for m in moves}
