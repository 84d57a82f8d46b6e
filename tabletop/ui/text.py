"""Text measuring for everything drawn by hand: the one word wrap, the one fit-to-width (a font
size that fits) and the one ellipsis cut, used by the menus, the table and the card art alike.

They live here rather than in ``table/art_kit`` because they need nothing but a font: the menu
scenes use them with pygame-gui's theme fonts (anything with pygame's ``size()``), the table and
the card art with :func:`tabletop.fonts.get_font` faces. Card art measures the inked pixels
(``ink=True``) and wants to know when nothing fits (``strict=True``); the rest measure the
advance width and keep an over-long word on a line of its own.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, Protocol, overload

import pygame

from ..fonts import get_font

Colour = tuple[int, int, int] | tuple[int, int, int, int]


class Measures(Protocol):
    """A font that measures text: pygame's ``Font`` or a pygame-gui theme font."""

    def size(self, text: str, /) -> tuple[int, int]: ...


@lru_cache(maxsize=1024)
def rendered_text(text: str, size: int, face: str, colour: Colour, tight: bool) -> pygame.Surface:
    """``text`` rendered anti-aliased; ``tight`` crops it to the inked pixels."""
    rendered = get_font(size, face).render(text, True, colour)
    if not tight:
        return rendered
    box = rendered.get_bounding_rect()
    if box.width == 0:
        return rendered
    return rendered.subsurface(box).copy()


def ink_size(text: str, size: int, face: str) -> tuple[int, int]:
    """Width and height of the pixels ``text`` inks (no side bearings, no line gap)."""
    return rendered_text(text, size, face, (0, 0, 0), True).get_size()


@overload
def wrap_text(
    text: str, font: Measures, width: int, *, strict: Literal[False] = False
) -> list[str]: ...
@overload
def wrap_text(text: str, font: Measures, width: int, *, strict: bool) -> list[str] | None: ...
def wrap_text(text: str, font: Measures, width: int, *, strict: bool = False) -> list[str] | None:
    """Greedy word wrap of ``text`` into lines no wider than ``width`` (advance width); each
    ``\\n`` starts a new paragraph. A word wider than ``width`` keeps a line of its own, or with
    ``strict`` the answer is None (card art then tries a smaller size)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if strict and (not line or font.size(word)[0] > width):
                return None
            if line:
                lines.append(line)
            line = word
        if line or not strict:
            lines.append(line)
    return lines


@overload
def fit_size(
    text: str,
    face: str,
    width: int,
    start: int,
    smallest: int = 10,
    *,
    ink: bool = False,
    strict: Literal[False] = False,
) -> int: ...
@overload
def fit_size(
    text: str,
    face: str,
    width: int,
    start: int,
    smallest: int = 10,
    *,
    ink: bool = False,
    strict: bool,
) -> int | None: ...
def fit_size(
    text: str,
    face: str,
    width: int,
    start: int,
    smallest: int = 10,
    *,
    ink: bool = False,
    strict: bool = False,
) -> int | None:
    """The largest font size from ``start`` down to ``smallest`` at which ``text`` in ``face``
    is at most ``width`` wide: its advance width, or with ``ink`` its inked pixels (card art,
    where side bearings would waste room). If none fits: ``smallest``, or None with ``strict``.
    Answers are cached (the table fits its labels every frame)."""
    return _fit_size(text, face, width, start, smallest, ink, strict)


@lru_cache(maxsize=1024)
def _fit_size(
    text: str, face: str, width: int, start: int, smallest: int, ink: bool, strict: bool
) -> int | None:
    def wide(size: int) -> int:
        return ink_size(text, size, face)[0] if ink else get_font(size, face).size(text)[0]

    if strict:
        for size in range(start, smallest - 1, -1):
            if wide(size) <= width:
                return size
        return None
    size = start
    while size > smallest and wide(size) > width:
        size -= 1
    return size


def ellipsize(text: str, font: Measures, width: int, *, words: bool = False) -> str:
    """``text`` as is if it fits in ``width``, else cut to fit and ended with an ellipsis; with
    ``words`` the cut falls after the last whole word that fits, when one does."""
    if font.size(text)[0] <= width:
        return text
    cut = wrap_text(text, font, width)[0] if words else text
    while cut and font.size(cut.rstrip() + "…")[0] > width:
        cut = cut[:-1]
    return cut.rstrip() + "…"


def fit_line(text: str, face: str, width: int, size: int, smallest: int = 0) -> tuple[str, int]:
    """One line of ``text`` in ``face`` that fits ``width``: at the largest size from ``size``
     down to ``smallest`` (by default four fifths of ``size``, never below 12), and if even
     that is too wide, cut there with an ellipsis. Squeezing further would make it unreadable
    ; the table's labels whose whole words matter say so in a hover tip."""
    floor = min(size, max(12, smallest or round(size * 0.8)))
    fitted = fit_size(text, face, width, size, floor)
    font = get_font(fitted, face)
    if font.size(text)[0] <= width:
        return text, fitted
    return ellipsize(text, font, width), fitted


def fit_name(name: str, rest: str, face: str, width: int, size: int) -> str:
    """``name + rest`` as :func:`fit_line` would show it, except that when it must be cut, the
    name is shortened and ``rest`` (a state, a score) is kept whole."""
    text = name + rest
    shown, fitted = fit_line(text, face, width, size)
    if shown == text:
        return text
    font = get_font(fitted, face)
    short = ellipsize(name, font, max(1, width - font.size(rest)[0]))
    if len(short) < min(len(name), 4):  # hardly a name left: the name, without ``rest``
        return fit_line(name, face, width, size)[0]
    return short + rest


def fits(text: str, face: str, width: int, size: int) -> bool:
    """Whether :func:`fit_line` shows ``text`` whole (shrunk a little at most) in ``width``."""
    return fit_line(text, face, width, size)[0] == text


def line_step(size: int, face: str, lines: int, height: int) -> int:
    """The distance between the baselines of ``lines`` lines of ``size`` set in ``height``
    pixels: the font's own line spacing, or, where that does not fit, the size and a few
    per cent, as a two-line heading is set (the TV's status bar keeps its height and its text
    the profile's body size)."""
    spacing = get_font(size, face).get_linesize()
    if lines * spacing <= height:
        return spacing
    return min(spacing, size + max(1, round(size * 0.06)))
