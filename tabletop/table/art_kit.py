"""The art kit: what every game's card and piece art is drawn with.

Colours with enough contrast to read, transparent canvases drawn supersampled and
``smoothscale``-d down (anti-aliased edges), text rendered at its final size (small print stays
hinted and sharp; fitting and wrapping it is :mod:`tabletop.ui.text`'s ``fit_size`` and
``wrap_text`` with ``ink=True``/``strict=True``), and outlines from straight and curved segments.

Cached surfaces are read-only (``copy()`` before drawing on one). Nothing here needs a display
mode, and nothing here knows a game.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ..fonts import get_font
from ..ui.text import ink_size as ink_size  # re-exported for the art modules
from ..ui.text import rendered_text as rendered_text

CARD_ASPECT = 7 / 5  # height / width
MIN_WIDTH = 16
Colour = tuple[int, int, int]
Point = tuple[float, float]


def card_size(width: int) -> tuple[int, int]:
    """The pixel size of a card ``width`` pixels wide."""
    return width, round(width * CARD_ASPECT)


def check_width(width: int) -> int:
    if isinstance(width, bool) or not isinstance(width, int) or width < MIN_WIDTH:
        raise ValueError(f"card width must be an int of at least {MIN_WIDTH}, not {width!r}")
    return width


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """``a`` moved a fraction ``t`` of the way to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(c: Colour) -> float:
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: Colour, b: Colour) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink(colour: Colour, background: Colour, ratio: float = 5.0) -> Colour:
    """``colour`` darkened just enough to read as text on ``background`` (WCAG contrast)."""
    ink = colour
    for step in range(1, 21):
        if contrast(ink, background) >= ratio:
            break
        ink = mix(colour, (18, 12, 8), step / 20)
    return ink


def with_alpha(c: Colour, a: int) -> tuple[int, int, int, int]:
    return (c[0], c[1], c[2], a)


def canvas(w: int, h: int, colour: Colour) -> pygame.Surface:
    # Transparent pixels carry the edge colour so smoothscale's averaging leaves no dark fringe.
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    surface.fill(with_alpha(colour, 0))
    return surface


def supersample(width: int) -> int:
    """How many times larger to draw shapes before smoothscaling them to ``width``."""
    # Powers of two only: smoothscale by 3 loses precision and leaves opaque areas at alpha 253.
    return 4 if width < 200 else 2


@lru_cache(maxsize=512)
def ink_box(text: str, size: int, face: str) -> tuple[int, int, int]:
    """Width and height of the inked pixels of ``text``, and how far they rise above the
    baseline (so single lines can be aligned by baseline, not by ink)."""
    rendered = get_font(size, face).render(text, True, (0, 0, 0))
    box = rendered.get_bounding_rect()
    return box.width, box.height, get_font(size, face).get_ascent() - box.top


@lru_cache(maxsize=64)
def size_for_height(face: str, height: float, sample: str) -> int:
    """The font size whose inked ``sample`` is about ``height`` pixels tall."""
    size = max(6, round(height / (ink_size(sample, 200, face)[1] / 200)))
    # Hinting makes small sizes deviate from the ratio: nudge down until it fits.
    while size > 6 and ink_size(sample, size, face)[1] > height + 0.5:
        size -= 1
    return size


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    """Points along a cubic Bézier curve (excluding its start, so curves chain)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def path(start: Point, *curves: tuple[Point, Point, Point] | Point) -> list[Point]:
    """A closed outline: straight segments (a point) and cubic curves (three points)."""
    points = [start]
    for seg in curves:
        if isinstance(seg[0], tuple):
            c1, c2, end = seg
            points.extend(bezier(points[-1], c1, c2, end))
        else:
            points.append(seg)
    return points


def mirror(points: list[Point]) -> list[Point]:
    return [(1 - x, y) for x, y in reversed(points)]


def circle(cx: float, cy: float, r: float, steps: int = 48) -> list[Point]:
    return [
        (cx + r * math.cos(2 * math.pi * i / steps), cy + r * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    ]
