"""Where the Hint banner stands: a spot that covers nothing a player reads or plays with.

The table says what must stay in sight (its pieces, hands and counters, its labels and
scores, its buttons, the hinted move's outlines) and what had better not be crossed (its
panels and zones). The banner takes the free spot nearest the table's top centre, in the
widest shape that finds one: one line beside its buttons, two lines, or its words over its
buttons. A table with no such spot lends the banner the top of the game log; only a table
with room nowhere gets the spot that covers least.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pygame

from ..ui.text import wrap_text

#: What each step down from the one-line banner costs, in the units of the distance from
#: the table's top centre (its diagonal is 1) and :func:`_crossing`.
TWO_LINES = 0.6
STACKED = 1.0
#: Going to the log instead of the table costs more than any shape or distance on the table.
IN_THE_LOG = 4.0


@dataclass(frozen=True)
class Room:
    """Where the banner may go. ``felt`` is the table; ``spare`` (the game log) only if the
    table has no room. ``keep_clear`` must stay in sight; ``avoid`` (panels, zones) may hold
    the banner whole but had better not be crossed."""

    felt: pygame.Rect
    spare: pygame.Rect | None
    keep_clear: Sequence[pygame.Rect]
    avoid: Sequence[pygame.Rect]
    margin: int  # free space kept round what stays in sight


@dataclass(frozen=True)
class Parts:
    """The banner's measures: its font, its buttons' size and how many, its padding."""

    font: pygame.font.Font
    button: tuple[int, int]
    buttons: int
    pad: int
    gap: int


@dataclass(frozen=True)
class Banner:
    """Where the banner and its buttons stand, and the lines its words are shown in."""

    rect: pygame.Rect
    lines: tuple[str, ...]
    buttons: tuple[pygame.Rect, ...]
    text_top: int


@dataclass(frozen=True)
class _Shape:
    size: tuple[int, int]
    lines: tuple[str, ...]
    stacked: bool  # its words over its buttons (else beside them)
    penalty: float
    column: bool = False  # its buttons one under another (a narrow log's width)


def place(text: str, parts: Parts, room: Room) -> Banner:
    """The banner for ``text``: the best free spot for its best shape (see the module)."""
    best: tuple[float, pygame.Rect, _Shape] | None = None
    regions = [(room.felt, 0.0)]
    if room.spare is not None:
        regions.append((room.spare, IN_THE_LOG))
    m = room.margin
    # Each panel's rim (touching its edge from outside reads as crossing it) and its inside.
    panels = [(r.inflate(2 * m, 2 * m), r.inflate(-2 * m, -2 * m)) for r in room.avoid]
    for region, extra in regions:
        prefer = (region.centerx, region.top)
        scale = math.hypot(region.w, region.h) or 1.0
        for shape in _shapes(text, parts, region.w - 2 * m):
            for spot in _spots(shape.size, region, room, prefer[0]):
                far = math.hypot(spot.centerx - prefer[0], spot.top - prefer[1]) / scale
                cost = far + shape.penalty + extra
                if best is not None and cost >= best[0]:
                    continue  # no better even if it crossed nothing
                cost += _crossing(spot, panels)
                if best is None or cost < best[0]:
                    best = (cost, spot, shape)
    if best is None:  # room nowhere: the spot on the table that covers least
        shapes = _shapes(text, parts, room.felt.w) or _shapes(text, parts, 1 << 20)
        shape = shapes[-1]
        spot = _least_covered(shape.size, room)
        return _banner(spot, shape, parts)
    return _banner(best[1], best[2], parts)


def _shapes(text: str, parts: Parts, width: int) -> list[_Shape]:
    """The banner's shapes no wider than ``width``, most wanted first."""
    font, (bw, bh), n = parts.font, parts.button, parts.buttons
    pad, gap, line = parts.pad, parts.gap, parts.font.get_linesize()
    buttons_w = n * bw + (n - 1) * gap
    text_w = font.size(text)[0]
    shapes: list[_Shape] = []

    def beside(lines: list[str], penalty: float) -> None:
        w = max(font.size(t)[0] for t in lines) + gap + buttons_w + 2 * pad
        h = max(bh, len(lines) * line) + 2 * pad
        if w <= width:
            shapes.append(_Shape((w, h), tuple(lines), False, penalty))

    def over(wrap: int, penalty: float, column: bool = False) -> None:
        row_w, row_h = (bw, n * bh + (n - 1) * gap) if column else (buttons_w, bh)
        lines = wrap_text(text, font, max(wrap, row_w))
        w = max(row_w, *(font.size(t)[0] for t in lines)) + 2 * pad
        h = len(lines) * line + gap + row_h + 2 * pad
        if w <= width and all(s.size != (w, h) for s in shapes):
            shapes.append(_Shape((w, h), tuple(lines), True, penalty, column))

    beside([text], 0.0)
    halves = wrap_text(text, font, max(1, (text_w + 1) // 2 + font.size("MM")[0]))
    if len(halves) == 2:
        beside(halves, TWO_LINES)
    over(text_w, STACKED)
    over(max(1, width - 2 * pad), STACKED)
    over(buttons_w, STACKED + 0.2)
    if n > 1:
        over(max(1, width - 2 * pad), STACKED + 0.4, column=True)
    return shapes


def _spots(
    size: tuple[int, int], region: pygame.Rect, room: Room, prefer_x: int
) -> Iterator[pygame.Rect]:
    """Rectangles of ``size`` in ``region`` clear of everything kept in sight: along each row
    that starts at an edge of something, the free stretches' ends and the spot nearest
    ``prefer_x`` (and by the panels' edges, which the banner had better not cross)."""
    w, h = size
    m = room.margin
    inner = region.inflate(-2 * m, -2 * m)
    if w > inner.w or h > inner.h:
        return
    hard = [r.inflate(2 * m, 2 * m) for r in room.keep_clear if r.w > 0 and r.h > 0]
    ys = {inner.top, inner.bottom - h}
    for r in hard:
        ys.update((r.bottom, r.top - h))
    for r in room.avoid:  # just inside or outside a panel, not across its edge
        ys.update((r.top + m, r.bottom - m - h, r.bottom + m, r.top - m - h))
    edges = [
        e for r in room.avoid for e in (r.left + m, r.right - m - w, r.right + m, r.left - m - w)
    ]
    for y in sorted(y for y in ys if inner.top <= y <= inner.bottom - h):
        band = pygame.Rect(inner.left, y, inner.w, h)
        blocked = sorted((hard[i].left, hard[i].right) for i in band.collidelistall(hard))
        start = inner.left
        for left, right in [*blocked, (inner.right, inner.right)]:
            if left - start >= w:
                stop = left - w  # the last x the banner may start at in this stretch
                xs = {start, stop, min(max(prefer_x - w // 2, start), stop)}
                xs.update(x for x in edges if start <= x <= stop)
                for x in xs:
                    yield pygame.Rect(x, y, w, h)
            start = max(start, right)


def _crossing(spot: pygame.Rect, panels: Sequence[tuple[pygame.Rect, pygame.Rect]]) -> float:
    """What lying across panels' and zones' edges costs a spot: twice the share of it on
    their rims (inside one whole, clear of its rim, is fine: that is empty felt)."""
    crossed = 0
    for rim, inside in panels:
        if spot.colliderect(rim) and not inside.contains(spot):
            part = spot.clip(rim)
            crossed += part.w * part.h
    return 2.0 * crossed / (spot.w * spot.h or 1)


def _least_covered(size: tuple[int, int], room: Room) -> pygame.Rect:
    """The spot of ``size`` on the table that covers least of what should stay in sight."""
    felt = room.felt
    w, h = min(size[0], felt.w), min(size[1], felt.h)
    best: tuple[int, pygame.Rect] | None = None
    steps = 16
    for i in range(steps + 1):
        for j in range(steps + 1):
            x = felt.left + (felt.w - w) * j // steps
            y = felt.top + (felt.h - h) * i // steps
            spot = pygame.Rect(x, y, w, h)
            covered = sum(spot.clip(r).w * spot.clip(r).h for r in room.keep_clear)
            if best is None or covered < best[0]:
                best = (covered, spot)
    assert best is not None
    return best[1]


def _banner(spot: pygame.Rect, shape: _Shape, parts: Parts) -> Banner:
    """The banner's rectangle at ``spot`` and where its buttons stand in it: at its right
    beside its words, or under them."""
    (bw, bh), n, pad, gap = parts.button, parts.buttons, parts.pad, parts.gap
    buttons_w = n * bw + (n - 1) * gap
    text_h = len(shape.lines) * parts.font.get_linesize()
    if shape.column:  # the buttons one under another, right-aligned, under the words
        top = spot.bottom - pad - n * bh - (n - 1) * gap
        buttons = tuple(
            pygame.Rect(spot.right - pad - bw, top + i * (bh + gap), bw, bh) for i in range(n)
        )
        return Banner(spot, shape.lines, buttons, spot.top + pad)
    if shape.stacked:
        x, y = spot.right - pad - buttons_w, spot.bottom - pad - bh
        text_top = spot.top + pad
    else:
        x, y = spot.right - pad - buttons_w, spot.centery - bh // 2
        text_top = spot.centery - text_h // 2
    buttons = tuple(pygame.Rect(x + i * (bw + gap), y, bw, bh) for i in range(n))
    return Banner(spot, shape.lines, buttons, text_top)
