"""Drawing a :class:`TableModel`: boxes, zones, pieces and text, with every surface cached."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache

import pygame

from .. import fonts
from ..ui.text import fit_line, fit_size
from . import card_art
from .model import Box, Colour, Piece, Text

GLOW = (255, 214, 102)
FOCUS = (120, 200, 255)


def _ready(image: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format, which blits several times faster (needs a window)."""
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


@lru_cache(maxsize=2048)
def text_surface(text: str, size: int, colour: Colour, face: str) -> pygame.Surface:
    return _ready(fonts.get_font(size, face).render(text, True, colour))


def shown_text(item: Text) -> tuple[str, int]:
    """The words and size ``item`` is drawn with: shrunk a little to fit its ``max_width``,
    then shortened with an ellipsis (:func:`fit_line`)."""
    if item.max_width:
        return fit_line(item.text, item.face, item.max_width, item.size, item.smallest)
    return item.text, item.size


def _text_image(item: Text) -> tuple[pygame.Surface, pygame.Rect]:
    text, size = shown_text(item)
    image = text_surface(text, size, tuple(item.colour), item.face)
    return image, image.get_rect(**{item.anchor: item.pos})


def text_rect(item: Text) -> pygame.Rect:
    """Where :func:`draw_text` draws ``item``."""
    return _text_image(item)[1]


def draw_text(surface: pygame.Surface, item: Text) -> pygame.Rect:
    image, rect = _text_image(item)
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=256)
def _box_surface(
    size: tuple[int, int], fill: Colour | None, border: Colour | None, radius: int, width: int
) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    r = image.get_rect()
    if fill is not None:
        pygame.draw.rect(image, fill, r, border_radius=radius)
    if border is not None:
        pygame.draw.rect(image, border, r, width, border_radius=radius)
    return _ready(image)


def draw_box(surface: pygame.Surface, box: Box) -> None:
    if box.rect.w <= 0 or box.rect.h <= 0:
        return
    image = _box_surface(
        box.rect.size,
        box.fill and tuple(box.fill),
        box.border and tuple(box.border),
        box.radius,
        box.width,
    )
    surface.blit(image, box.rect)


def piece_image(piece: Piece, width: int, colorblind: bool) -> pygame.Surface:
    return _piece_image(piece.art, width, colorblind)


# A busy 4K table shows about 100 distinct images; 256 keeps a resize or two without growing
# past ~100 MB however often the window changes size.
PIECE_IMAGES = 256
#: Painted pieces, least recently used first: (art, width, colorblind) -> image.
_painted: OrderedDict[tuple[tuple, int, bool], pygame.Surface] = OrderedDict()
#: The widths each art is painted at in ``_painted`` (a piece has a few sizes at most).
_widths: dict[tuple[tuple, bool], set[int]] = {}


#: Pictures painted ahead (:func:`paint_ahead`), kept apart so they never push out one the
#: table shows; the first use moves one into ``_painted``.
_ahead: dict[tuple[tuple, int, bool], pygame.Surface] = {}


def _piece_image(art: tuple, width: int, colorblind: bool) -> pygame.Surface:
    key = (art, width, colorblind)
    image = _painted.get(key)
    if image is not None:
        _painted.move_to_end(key)
        return image
    image = _ahead.pop(key, None)
    if image is None:
        image = _ready(_art(art, width, colorblind))
    _painted[key] = image
    _widths.setdefault((art, colorblind), set()).add(width)
    if len(_painted) > PIECE_IMAGES:
        (old_art, old_width, old_colorblind), _ = _painted.popitem(last=False)
        _widths[(old_art, old_colorblind)].discard(old_width)
    return image


def paint_ahead(upcoming: Sequence[tuple[tuple, int]], colorblind: bool, budget: float) -> int:
    """Paint pictures in ``upcoming`` ((art, width) pairs) not painted yet, for up to
    ``budget`` seconds (at least one); returns how many. They wait apart from the table's
    pictures, and only while they stay upcoming."""
    wanted = {(art, width, colorblind) for art, width in upcoming}
    for key in [k for k in _ahead if k not in wanted]:
        del _ahead[key]
    end = time.perf_counter() + budget
    painted = 0
    for art, width in upcoming:
        key = (art, width, colorblind)
        if key in _painted or key in _ahead:
            continue
        if painted and time.perf_counter() > end:
            break
        _ahead[key] = _ready(_art(art, width, colorblind))
        painted += 1
    return painted


def passing_image(piece: Piece, size: tuple[int, int], colorblind: bool) -> pygame.Surface:
    """``piece`` at a size it only passes through (a piece sweeping or fading away): a
    smooth-scaled copy of the art as already painted for the table, since painting a card
    face costs about a millisecond and a sweep changes its size every frame. The copy is the
    caller's (it may set its alpha)."""
    return _scaled(piece.art, size, colorblind)


def held_image(piece: Piece, colorblind: bool) -> pygame.Surface:
    """``piece`` at its size in a moment the table holds for a second (cached while it
    holds): scaled from the table's own painting of it, like :func:`passing_image`."""
    return _held_image(piece.art, piece.rect.size, colorblind)


@lru_cache(maxsize=64)
def _held_image(art: tuple, size: tuple[int, int], colorblind: bool) -> pygame.Surface:
    return _scaled(art, size, colorblind)


def _scaled(art: tuple, size: tuple[int, int], colorblind: bool) -> pygame.Surface:
    """``art`` scaled to ``size`` from its nearest painting at least as wide (painted at
    ``size`` if it never was)."""
    widths = _widths.get((art, colorblind), set())
    larger = [w for w in widths if w >= size[0]]
    width = min(larger) if larger else max(widths, default=max(1, size[0]))
    image = _piece_image(art, width, colorblind)
    if image.get_size() == size:
        return image.copy()
    return pygame.transform.smoothscale(image, size)


def _art(art: tuple, width: int, colorblind: bool) -> pygame.Surface:
    kind = art[0]
    if kind == "card":
        try:
            return card_art.card_face(art[1], art[2], width, colorblind=colorblind)
        except ValueError:
            return _plain_card(str(art[2]), width)  # a game without card art yet
    if kind == "back":
        try:
            return card_art.card_back(art[1], width)
        except ValueError:
            return _plain_card("", width)
    if kind == "piece":  # ("piece", game_id, name, *args): a piece of the game's own
        return card_art.piece(art[1], art[2], art[3:], width, colorblind)
    raise ValueError(f"unknown art {art!r}")


@lru_cache(maxsize=256)
def _plain_card(text: str, width: int) -> pygame.Surface:
    """A readable stand-in card showing its id, for games whose art is not drawn yet."""
    height = round(width * card_art.CARD_ASPECT)
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(4, width // 12)
    pygame.draw.rect(
        image, (246, 240, 222) if text else (40, 52, 92), image.get_rect(), border_radius=radius
    )
    pygame.draw.rect(image, (120, 100, 60), image.get_rect(), 2, border_radius=radius)
    if text:
        size = fit_size(text, "sans-bold", width - 8, max(12, width // 3))
        label = fonts.get_font(size, "sans-bold").render(text, True, (30, 30, 30))
        image.blit(label, label.get_rect(center=image.get_rect().center))
    return image


@lru_cache(maxsize=8)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a green felt with a soft vignette, drawn once per window size."""
    w, h = size
    small = pygame.Surface((64, 36))
    cx, cy = 32, 18
    for y in range(36):
        for x in range(64):
            d = (((x - cx) / 32) ** 2 + ((y - cy) / 18) ** 2) ** 0.5
            shade = max(0.0, 1.0 - 0.45 * d * d)
            small.set_at((x, y), (int(18 + 22 * shade), int(52 + 48 * shade), int(38 + 30 * shade)))
    image = pygame.transform.smoothscale(small, (w, h))
    return image.convert() if pygame.display.get_surface() is not None else image
