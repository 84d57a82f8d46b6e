"""Where the stacks of a Medici court stand at one card width: the Inner Circle's box at the
top in the middle, its stacks in columns inside it, the Outer Court's stacks in columns beside
it and under it, each stack fanned down under its badge. Geometry only: the layout tries card
widths with :func:`arrange` and draws the plan it keeps.

On a TV, whose labels are at the body size, the court packs tighter so its cards are never
smaller than the desktop's: the Outer Court's name stands in the room the stacks leave at the
court's bottom rather than in a row of its own across the top (where they leave none, over
the columns at the top that can best spare the room), the Outer Court's columns run evenly
across the court (not from the Inner Circle's edges, which its wider name sets apart), the
tallest stacks are placed first, a badge is as tall as its digits' ink needs and the stacks
in a column stand closer (each one's badge sets it apart).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import pygame

from tabletop.display import Display
from tabletop.fonts import get_font
from tabletop.table.marks import outline_width
from tabletop.ui.text import ink_size

from .art import band_height

#: The smallest stack label in pixels: the log names stacks by number ("stack 12"), so the
#: number stays readable even when the cards shrink.
MIN_STACK_LABEL_PX = 14

#: Where each stack goes: its top-left and how many columns it runs over.
Places = list[tuple[int, int, int]]


def stack_label_px(display: Display) -> int:
    """The size of a stack's number badge: the table's label size, never under 14 px."""
    return max(display.font_px(18), MIN_STACK_LABEL_PX)


def stack_gap(cw: int, display: Display) -> int:
    """The room between two stacks of cards ``cw`` wide (the desktop's on a TV too: its
    court's room goes to the cards)."""
    return max(display.frame_px(8), cw // 8)


@lru_cache(maxsize=16)
def _digits_ink(size: int) -> int:
    return ink_size("#0123456789", size, "sans-bold")[1]


@lru_cache(maxsize=16)
def _line_box(size: int) -> int:
    """A line's box at ``size`` without 3 pixels of leading at each side: the least a cell
    holding it may be (a text's box may lose that much at a panel's edge)."""
    return get_font(size, "sans-bold").get_height() - 6


@lru_cache(maxsize=16)
def title_ink(size: int) -> tuple[int, int]:
    """Where the Inner Circle's longest name inks down its line at ``size``: top and bottom."""
    ink = get_font(size, "serif-bold").render("Inner Circle (closed)", True, (0, 0, 0))
    box = ink.get_bounding_rect()
    return box.top, box.bottom


def title_top(display: Display) -> int:
    """How far below the Inner Circle's box top its name's line starts: on a TV its ink just
    under the box's border (its line's leading would cost the court's middle column)."""
    if display.profile != "tv":
        return display.frame_px(4)
    return display.px(3) + display.frame_px(2) - title_ink(display.font_px(18))[0]


def badge_height(rows: int, display: Display) -> int:
    """How tall badges of ``rows`` lines are (one or two): on a TV one line as tall as its
    digits' ink and a little room (its body-size line's leading would cost every stack in a
    column that much of its cards' height), two as their lines' boxes less their leading; on
    the desktop a line's full height."""
    if display.profile == "tv":
        size = stack_label_px(display)
        if rows == 1:  # a chip's number cell runs its full height
            return _digits_ink(size) + display.frame_px(1) + 2 * display.frame_px(4)
        return rows * _line_box(size) + display.px(4)
    return rows * (stack_label_px(display) + display.frame_px(2)) + display.frame_px(4)


def badge_gap(display: Display) -> int:
    """The room between a badge and its stack's cards: no less than a last move's outline
    stands out of a card (on a TV, larger than the frame's room), so it never crosses the
    badge."""
    return max(display.frame_px(3), outline_width(display))


def badge_rows(badges: list[tuple[str, ...]], chips: list[int] | None) -> list[int]:
    """How many lines each badge takes: a chip's own count (its number beside its total, or
    over it where a chip is too wide), else the most any badge's text takes (one style)."""
    if chips is not None:
        return chips
    rows = max((len(b) for b in badges), default=1)
    return [rows] * len(badges)


@dataclass(frozen=True)
class Heading:
    """The Outer Court's name as a TV sets it in the court's empty room: how many lines it
    takes at a width (0 where a word is wider), the height of a line's box and how far
    apart the lines are, its inset from the court's sides and how far below the court's top
    its first line stands at the top."""

    lines: Callable[[int], int]
    first: int
    step: int
    inset: int
    top: int


class Names(NamedTuple):
    """The court's names: the height of the Outer Court's across its top, the least width of
    the Inner Circle's box (its name at full size), on a TV how the Outer Court's is set in
    the court's empty room instead; and the width the seats' last-move tags take at a card's
    top-right corner (the stacks' badges leave it clear)."""

    label_h: int
    title_w: int
    heading: Heading | None = None
    corner: int = 0


#: Where a TV sets the Outer Court's name: the top-left of its first line and the width its
#: lines are wrapped to.
NameSpot = tuple[int, int, int]

#: The most lines the Outer Court's name takes at the court's top (where the stacks leave no
#: room for it at the bottom): more cost the columns under it more than the rest gain.
MOST_AT_TOP = 3


@dataclass
class Plan:
    """The court laid out: card width, the room between stacks, the Inner Circle's box, each
    stack's top-left and how many columns it runs over, each stack's badge texts (lines, or as
    chips its number and total, with each chip's count of lines), on a TV where the Outer
    Court's name stands (None: on one line across the top), and the width a badge leaves
    at its card's top-right corner to a last-move tag."""

    cw: int
    gap: int
    ibox: pygame.Rect
    places: Places
    badges: list[tuple[str, ...]]
    chips: list[int] | None = None
    name: NameSpot | None = None
    corner: int = 0


class Court:
    """The court at one card width, for laying its stacks out in columns."""

    def __init__(
        self,
        area: pygame.Rect,
        cw: int,
        gap: int,
        below: int,
        top: int,
        height: Callable[..., int],
        display: Display,
        cap: int = 0,
        heading: Heading | None = None,
    ) -> None:
        self.area, self.cw, self.gap, self.top, self.height = area, cw, gap, top, height
        self.below = below  # the room between a stack and the next down its column
        self.cap = cap  # if set, the most cards down one column of a stack
        # The Inner Circle box's padding and name row, and the lowest a stack may end.
        self.pad = display.frame_px(10)
        self.head = display.font_px(18) + display.frame_px(10)
        self.limit = area.bottom - display.frame_px(4)
        self.heading = heading  # a TV's: the court packs tighter (the module's words)
        # The highest a stack or the Inner Circle stands: under the court's name across the
        # top, or on a TV (its name in the empty room) near the court's edge.
        self.rise = area.y + display.frame_px(8) if heading else top
        if heading:  # the Inner Circle's name row as tall as its ink
            self.head = title_top(display) + title_ink(display.font_px(18))[1]
            self.head += display.frame_px(3)

    def roomy(self, stacks: list[dict]) -> bool:
        """Whether the court's area could hold ``stacks`` at all, each with the room beside
        and under it (a quick refusal of a card width far too large, before laying out)."""
        need = sum((self.cw + self.gap) * (self.height(s) + self.below) for s in stacks)
        bottom = self.area.bottom
        return need <= (self.area.w + self.gap) * (bottom - self.rise + self.below)

    def spot(
        self, stack: dict, columns: list[int], bottoms: list[int], centre: int, limit: int
    ) -> tuple[int, int] | None:
        """Where ``stack`` goes among ``columns`` ending at ``bottoms``: (first column, how
        many it runs over), the fewest columns it fits in ending above ``limit`` (no fewer
        than :attr:`cap` asks), the highest spot there, nearest ``centre`` on a tie; None if
        it fits nowhere."""
        count, cw, pitch = len(columns), self.cw, self.cw + self.gap
        cards = max(1, len(stack["cards"]))
        least = min(count, -(-cards // self.cap)) if self.cap else 1
        for wide in range(max(1, least), min(count, cards) + 1):
            room = limit - self.height(stack, wide)
            half, span = (wide * cw) // 2, (wide - 1) * pitch
            if wide == 1:
                found = [
                    (low, abs(x + half - centre), j)
                    for j, (low, x) in enumerate(zip(bottoms, columns, strict=True))
                    if low <= room
                ]
            else:
                found = [
                    (low, abs(columns[j] + half - centre), j)
                    for j in range(count - wide + 1)
                    if columns[j + wide - 1] - columns[j] == span
                    and (low := max(bottoms[j : j + wide])) <= room
                ]
            if found:
                return min(found)[2], wide
        return None

    def place(
        self,
        stacks: list[dict],
        columns: list[int],
        bottoms: list[int],
        centre: int,
        limit: int,
        places: Places,
        force: bool = False,
    ) -> bool:
        """Add each of ``stacks`` to ``places`` in turn (:meth:`spot`), the columns'
        ``bottoms`` moving down under it; False as soon as one fits nowhere, or ``force``,
        at the end (it is put where the columns end highest, so a forced layout shows it)."""
        whole = True
        for stack in stacks:
            spot = self.spot(stack, columns, bottoms, centre, limit)
            if spot is None:
                if not force:
                    return False
                whole = False
                spot = (min(range(len(columns)), key=lambda j: bottoms[j]), 1)
            j, wide = spot
            y = max(bottoms[j : j + wide])
            places.append((columns[j], y, wide))
            for k in range(j, j + wide):
                bottoms[k] = y + self.height(stack, wide) + self.below
        return whole


def court_at(
    area: pygame.Rect,
    cw: int,
    gap: int,
    names: Names,
    rows: dict[str, int],
    display: Display,
    cap: int = 0,
) -> Court:
    """The court with cards ``cw`` wide (fanned down to show each band), ``gap`` between
    columns, each stack under a badge of its ``rows`` lines (by stack id); with a heading in
    ``names`` (a TV's), packed tighter."""
    ch = round(cw * 1.4)
    step = fan_step(cw)
    tall = {n: badge_height(n, display) + badge_gap(display) for n in set(rows.values())}
    # A stack's height less its cards' fan, by id ("" for none: the empty Inner Circle's).
    base = {sid: tall[n] + ch - step for sid, n in rows.items()}
    base[""] = max(tall.values(), default=badge_height(1, display) + badge_gap(display))
    base[""] += ch - step

    def height(stack: dict, wide: int = 1) -> int:
        """How tall ``stack`` stands over ``wide`` columns."""
        return base[stack["id"]] + step * max(1, -(-len(stack["cards"]) // wide))

    # A stack under another: the badge needs no more (on a TV, the desktop's frame room: its
    # taller badge sets the stacks apart).
    below = stack_gap(cw, display) if names.heading is None else display.frame_px(8)
    top = area.y + names.label_h + display.frame_px(4)
    return Court(area, cw, gap, below, top, height, display, cap, names.heading)


def fan_step(cw: int) -> int:
    """How far apart the cards of a stack ``cw`` wide are fanned: each card's band shows."""
    return band_height(round(cw * 1.4)) + max(1, cw // 40)


def arrange(
    inner: list[dict],
    outer: list[dict],
    court: Court,
    wide: int,
    display: Display,
    title_w: int,
    force: bool = False,
) -> tuple[pygame.Rect, Places, NameSpot | None] | None:
    """The Inner Circle box ``wide`` columns wide, every stack's place and where a TV sets
    the court's name (None: across the top), or None if the court cannot hold them so."""
    area, cw, gap = court.area, court.cw, court.gap
    pad, head, limit = court.pad, court.head, court.limit
    row_w = wide * cw + (wide - 1) * gap
    iw = max(row_w + 2 * pad, title_w)
    if iw > area.w - 2 * pad and not force:
        return None
    # A TV's court forced into too small an area keeps its name across the top.
    named = court.heading is not None and not force
    ibox = pygame.Rect(0, court.rise if named else court.top, min(iw, area.w - 2 * pad), 0)
    ibox.centerx = area.centerx
    x0 = ibox.centerx - row_w // 2
    columns = [x0 + j * (cw + gap) for j in range(wide)]
    bottoms = [ibox.y + head] * wide
    places: Places = []
    # The Inner Circle's stacks fill its columns from the left, each where its box is
    # emptiest, so the stacks read in order across it.
    if not court.place(inner, columns, bottoms, ibox.x, limit - pad, places, force):
        return None
    ibox.h = (
        max(bottoms) - court.below - ibox.y + pad
        if inner
        else head + court.height({"id": "", "cards": [0]}) + pad
    )
    if ibox.bottom > area.bottom and not force:
        return None
    start = court.rise if named else court.top
    ends = _outer(outer, court, ibox, places, force, lambda x: start)
    if ends is None or not named:
        return (ibox, places, None) if ends is not None else None
    name = _name_spot(court, *ends)
    if name is None:  # no room left for it: over some columns at the top, their stacks lower
        over = _name_over(court, ibox, *ends)
        if over is None:
            return None
        name, (x0, x1), under = over
        del places[len(inner) :]

        def lower(x: int) -> int:  # the columns under the name start under it
            return under if x0 <= x < x1 else start

        if _outer(outer, court, ibox, places, force, lower) is None:
            return None
    return ibox, places, name


def _name_over(
    court: Court, ibox: pygame.Rect, columns: list[int], bottoms: list[int]
) -> tuple[NameSpot, tuple[int, int], int] | None:
    """Where a TV sets the court's name at its top, wrapped over columns beside the Inner
    Circle's box on :data:`MOST_AT_TOP` lines at most, where the stacks left no room for it at
    the bottom: over the columns whose stacks, moved down under it, would run least past the
    court's bottom (``bottoms``: where they end now), on the fewest lines, leftmost. The
    spot, the span of the columns under it and where their stacks start; None if it fits
    over none."""
    heading, area, cw = court.heading, court.area, court.cw
    assert heading is not None
    under_box = set(_columns(court, ibox)[1])
    count = len(columns)
    found: tuple[tuple[int, int, int], NameSpot, tuple[int, int], int] | None = None
    for j in range(count):
        x0 = area.x + heading.inset if j == 0 else columns[j]
        top = 0
        for k in range(j, count):
            if columns[k] in under_box:
                break
            top = max(top, bottoms[k])
            x1 = area.right - heading.inset if k == count - 1 else columns[k] + cw
            lines = heading.lines(x1 - x0)
            if not 0 < lines <= MOST_AT_TOP:
                continue
            y = area.y + heading.top
            under = y + (lines - 1) * heading.step + heading.first + court.below
            rank = (max(0, top + under - court.rise - court.limit), lines, j)
            if found is None or rank < found[0]:
                spot = (x0, y, x1 - x0)
                found = rank, spot, (x0, x1), under
    return found[1:] if found else None


def _name_spot(court: Court, columns: list[int], bottoms: list[int]) -> NameSpot | None:
    """Where a TV sets the Outer Court's name in the room the stacks leave at the court's
    bottom: over the columns that hold it on the fewest lines, its last line at the court's
    bottom; at the court's left side where it may, else at its right, else the leftmost
    room; None if no room holds it."""
    heading, area, cw = court.heading, court.area, court.cw
    assert heading is not None
    count = len(columns)
    found: tuple[tuple[int, int, int], NameSpot] | None = None
    for j in range(count):
        top = 0
        x0 = area.x + heading.inset if j == 0 else columns[j]
        for k in range(j, count):
            top = max(top, bottoms[k])
            if top + heading.first > court.limit:
                break
            x1 = area.right - heading.inset if k == count - 1 else columns[k] + cw
            lines = heading.lines(x1 - x0)
            tall = heading.first + (lines - 1) * heading.step
            rank = (lines, 0 if j == 0 else 1 if k == count - 1 else 2, j)
            if lines and top + tall <= court.limit and (found is None or rank < found[0]):
                found = rank, (x0, court.limit - tall, x1 - x0)
    return found[1] if found else None


def _columns(court: Court, ibox: pygame.Rect) -> tuple[list[int], list[int]]:
    """The Outer Court's columns and those of them under the Inner Circle: from the box's
    edges outwards, or on a TV evenly across the court (its box, as wide as its name at the
    body size, would set columns apart by more than a gap)."""
    area, gap, step, pad = court.area, court.gap, court.cw + court.gap, court.pad
    if court.heading is not None:
        count = (area.w - 2 * pad + gap) // step
        x0 = area.centerx - (count * step - gap) // 2
        columns = [x0 + j * step for j in range(count)]
        return columns, [x for x in columns if x < ibox.right and x + court.cw > ibox.left]
    left = [ibox.left - step * (j + 1) for j in range((ibox.left - area.x - pad) // step)]
    right = [ibox.right + gap + step * j for j in range((area.right - pad - ibox.right) // step)]
    under = (ibox.w + gap) // step
    mid = [ibox.centerx - (under * step - gap) // 2 + step * j for j in range(under)]
    return [*left[::-1], *mid, *right], mid


def _outer(
    outer: list[dict],
    court: Court,
    ibox: pygame.Rect,
    places: Places,
    force: bool,
    start: Callable[[int], int],
) -> tuple[list[int], list[int]] | None:
    """The Outer Court's stacks in columns close beside the Inner Circle and under it; each
    goes where the court is emptiest (the columns ending highest, nearest the Inner Circle on
    a tie), so short stacks leave no row of empty room under them. A stack too tall for the
    court's height runs on in the columns beside it, its badge over them all: the cards stay
    as large as the court's width allows rather than as its tallest stack allows; each
    column not under the box starts at ``start`` of its left. On a TV the tallest stacks go
    first, so the short ones fill what room they leave. The columns and where each ends, or
    None if a stack fits nowhere."""
    columns, mid = _columns(court, ibox)
    if not columns:
        if not force:
            return None
        columns = [court.area.x + court.pad]
    bottoms = [ibox.bottom + court.below if x in mid else start(x) for x in columns]
    if court.heading is None:
        if court.place(outer, columns, bottoms, ibox.centerx, court.limit, places, force):
            return columns, bottoms
        return None
    order = sorted(range(len(outer)), key=lambda k: -len(outer[k]["cards"]))
    placed: Places = []
    stacks = [outer[k] for k in order]
    whole = court.place(stacks, columns, bottoms, ibox.centerx, court.limit, placed, force)
    if len(placed) == len(outer):
        back = dict(zip(order, placed, strict=True))
        places.extend(back[k] for k in range(len(outer)))
    return (columns, bottoms) if whole else None
