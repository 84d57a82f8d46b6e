"""The score so far, as plain data: what each game's ``score_now`` part returns.

"If the game ended now": tables of rows (players, teams, houses) and columns (the game's own
breakdown). A cell holds a number, a range (``lo`` to ``hi``) where the score depends on
cards or counters the viewer cannot see, "?" where nothing can be said, or a few words. The
notes say why a range is a range. Everything here is built from what one seat may know, so
the table may show it to that seat (the public table: ``viewer`` None). No pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rules import Game

TITLE = "The score so far"
#: What the panel's first line says the numbers are.
IF_ENDED = "If the game ended now"


@dataclass(frozen=True)
class Cell:
    """One entry: a number (``lo == hi``), a range, unknown (both None) or ``words``;
    ``mark`` is a short word after it ("vetoed", "veto?")."""

    lo: int | None = None
    hi: int | None = None
    words: str = ""
    mark: str = ""
    #: Nothing to show (a total row's cell under a column that does not add up).
    empty: bool = False

    @property
    def known(self) -> bool:
        return self.words != "" or (self.lo is not None and self.lo == self.hi)

    def text(self) -> str:
        """The cell as the panel writes it: ``12``, ``3–9``, ``?`` or its words."""
        if self.empty:
            return ""
        if self.words:
            base = self.words
        elif self.lo is None or self.hi is None:
            base = "?"
        elif self.lo == self.hi:
            base = _number(self.lo)
        elif self.lo < 0:  # "-1–6" would read as a subtraction
            base = f"{_number(self.lo)} to {_number(self.hi)}"
        else:
            base = f"{self.lo}–{self.hi}"
        return f"{base} {self.mark}" if self.mark else base


def _number(value: int) -> str:
    return f"\u2212{-value}" if value < 0 else str(value)


UNKNOWN = Cell()
EMPTY = Cell(empty=True)


def exact(value: int) -> Cell:
    return Cell(value, value)


def between(lo: int, hi: int, mark: str = "") -> Cell:
    return Cell(min(lo, hi), max(lo, hi), mark=mark)


def words(text: str) -> Cell:
    return Cell(words=text)


def total(cells: Iterable[Cell]) -> Cell:
    """The sum of numeric cells: a range if any is one, unknown if any is unknown."""
    lo = hi = 0
    for cell in cells:
        if cell.lo is None or cell.hi is None:
            return UNKNOWN
        lo += cell.lo
        hi += cell.hi
    return Cell(lo, hi)


@dataclass(frozen=True)
class Row:
    label: str
    cells: tuple[Cell, ...]
    #: A row that sums the others (drawn in bold, under a rule).
    total: bool = False


@dataclass(frozen=True)
class TallyTable:
    """``columns[0]`` heads the row labels; each row has one cell per other column."""

    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    title: str = ""


@dataclass(frozen=True)
class Tally:
    tables: tuple[TallyTable, ...]
    notes: tuple[str, ...] = ()
    title: str = TITLE

    def texts(self) -> list[str]:
        """Every string the panel draws (the leak checks read them)."""
        out = [self.title, IF_ENDED, *self.notes]
        for table in self.tables:
            out += [table.title, *table.columns]
            for row in table.rows:
                out.append(row.label)
                out += [c.text() for c in row.cells]
        return [t for t in out if t]


def seat_label(names: Sequence[str], seat: int, viewer: int | None) -> str:
    """A player's row label: the name, and "(you)" for the seat looking."""
    return f"{names[seat]} (you)" if seat == viewer else names[seat]


def join_names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


#: A game's ``score_now`` part: the game, the seat looking (None: the public table) and the
#: players' names give the tally. It reads only what ``game.view(seat)`` shows, or what is
#: public.
ScoreNow = Callable[[Game, int | None, Sequence[str]], Tally]
