"""Where the stacks of a Medici court stand at one card width: the Inner Circle's box at the
top in the middle, its stacks in columns inside it, the Outer Court's stacks in columns beside
it and under it, each stack fanned down under its badge. Geometry only: the layout tries card
widths with :func:`arrange` and draws the plan it keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tabletop.display import Display

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


def badge_height(rows: int, display: Display) -> int:
    """How tall badges of ``rows`` lines are (one or two)."""
    return rows * (stack_label_px(display) + display.frame_px(2)) + display.frame_px(4)


def badge_rows(badges: list[tuple[str, ...]], chips: list[int] | None) -> list[int]:
    """How many lines each badge takes: a chip's own count (its number beside its total, or
    over it where a chip is too wide), else the most any badge's text takes (one style)."""
    if chips is not None:
        return chips
    rows = max((len(b) for b in badges), default=1)
    return [rows] * len(badges)


@dataclass
class Plan:
    """The court laid out: card width, the room between stacks, the Inner Circle's box, each
    stack's top-left and how many columns it runs over, and each stack's badge texts (lines,
    or as chips its number and total, with each chip's count of lines)."""

    cw: int
    gap: int
    ibox: pygame.Rect
    places: Places
    badges: list[tuple[str, ...]]
    chips: list[int] | None = None


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
    ) -> None:
        self.area, self.cw, self.gap, self.top, self.height = area, cw, gap, top, height
        self.below = below  # the room between a stack and the next down its column
        self.cap = cap  # if set, the most cards down one column of a stack
        # The Inner Circle box's padding and name row, and the lowest a stack may end.
        self.pad = display.frame_px(10)
        self.head = display.font_px(18) + display.frame_px(10)
        self.limit = area.bottom - display.frame_px(4)

    def roomy(self, stacks: list[dict]) -> bool:
        """Whether the court's area could hold ``stacks`` at all, each with the room beside
        and under it (a quick refusal of a card width far too large, before laying out)."""
        need = sum((self.cw + self.gap) * (self.height(s) + self.below) for s in stacks)
        bottom = self.area.bottom
        return need <= (self.area.w + self.gap) * (bottom - self.top + self.below)

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
    label_h: int,
    rows: dict[str, int],
    display: Display,
    cap: int = 0,
) -> Court:
    """The court with cards ``cw`` wide (fanned down to show each band), ``gap`` between
    columns, each stack under a badge of its ``rows`` lines (by stack id)."""
    ch = round(cw * 1.4)
    step = fan_step(cw)
    tall = {n: badge_height(n, display) + display.frame_px(3) for n in set(rows.values())}
    # A stack's height less its cards' fan, by id ("" for none: the empty Inner Circle's).
    base = {sid: tall[n] + ch - step for sid, n in rows.items()}
    base[""] = max(tall.values(), default=badge_height(1, display) + display.frame_px(3))
    base[""] += ch - step

    def height(stack: dict, wide: int = 1) -> int:
        """How tall ``stack`` stands over ``wide`` columns."""
        return base[stack["id"]] + step * max(1, -(-len(stack["cards"]) // wide))

    below = stack_gap(cw, display)  # a stack under another: the badge needs no more
    top = area.y + label_h + display.frame_px(4)
    return Court(area, cw, gap, below, top, height, display, cap)


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
) -> tuple[pygame.Rect, Places] | None:
    """The Inner Circle box ``wide`` columns wide and every stack's place, or None if the
    court cannot hold them so."""
    area, cw, gap, top = court.area, court.cw, court.gap, court.top
    pad, head, limit = court.pad, court.head, court.limit
    row_w = wide * cw + (wide - 1) * gap
    iw = max(row_w + 2 * pad, title_w)
    if iw > area.w - 2 * pad and not force:
        return None
    ibox = pygame.Rect(0, top, min(iw, area.w - 2 * pad), 0)
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
    if not _outer(outer, court, ibox, pad, limit, places, force):
        return None
    return ibox, places


def _outer(
    outer: list[dict],
    court: Court,
    ibox: pygame.Rect,
    pad: int,
    limit: int,
    places: Places,
    force: bool,
) -> bool:
    """The Outer Court's stacks in columns close beside the Inner Circle and under it; each
    goes where the court is emptiest (the columns ending highest, nearest the Inner Circle on
    a tie), so short stacks leave no row of empty room under them. A stack too tall for the
    court's height runs on in the columns beside it, its badge over them all: the cards stay
    as large as the court's width allows rather than as its tallest stack allows."""
    area, gap, step = court.area, court.gap, court.cw + court.gap
    left = [ibox.left - step * (j + 1) for j in range((ibox.left - area.x - pad) // step)]
    right = [ibox.right + gap + step * j for j in range((area.right - pad - ibox.right) // step)]
    under = (ibox.w + gap) // step
    mid = [ibox.centerx - (under * step - gap) // 2 + step * j for j in range(under)]
    columns = [*left[::-1], *mid, *right]
    if not columns:
        if not force:
            return False
        columns = [area.x + pad]
    bottoms = [ibox.bottom + court.below if x in mid else court.top for x in columns]
    return court.place(outer, columns, bottoms, ibox.centerx, limit, places, force)
