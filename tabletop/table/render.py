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


BoxColour = tuple[int, ...] | None  # a box's fill or border as a cache key (None: none)
#: Boxes up to this many pixels are cached whole, one surface per size and style.
SMALL_BOX = 160 * 160
#: A large box is drawn on a canvas kept for its style and redrawn when the box changes size:
#: a reflowing table resizes its big panels every move, and a fresh window-wide surface cost
#: 2-4 ms to make where redrawing part of a kept one costs ~0.3 ms (bench_frames --profile
#: tv: Medici's animating frames). A canvas grows in steps, so a growing box seldom makes one.
BOX_CANVAS_STEP = 128
BOX_CANVASES = 8
_box_canvases: OrderedDict[tuple, tuple[pygame.Surface, tuple[int, int]]] = OrderedDict()


def _box_surface(
    size: tuple[int, int], fill: BoxColour, border: BoxColour, radius: int, width: int
) -> pygame.Surface:
    """``size`` × ``fill`` with a ``border`` (read-only, and for large boxes good only until
    the next call: draw it at once)."""
    if size[0] * size[1] <= SMALL_BOX:
        return _small_box(size, fill, border, radius, width)
    style = (fill, border, radius, width)
    kept = _box_canvases.get(style)
    if kept is not None:
        _box_canvases.move_to_end(style)
        canvas, drawn = kept
        if drawn == size:
            return canvas.subsurface((0, 0, *size))
    if kept is not None and size[0] <= canvas.get_width() and size[1] <= canvas.get_height():
        canvas.fill((0, 0, 0, 0), (0, 0, *drawn))
    else:
        step = BOX_CANVAS_STEP
        room = [-(-n // step) * step for n in size]
        if kept is not None:  # grown: as large as both boxes
            room = [max(n, old) for n, old in zip(room, kept[0].get_size(), strict=True)]
        canvas = _ready(pygame.Surface(room, pygame.SRCALPHA))
        if kept is None and len(_box_canvases) >= BOX_CANVASES:
            _box_canvases.popitem(last=False)
    image = canvas.subsurface((0, 0, *size))
    _paint_box(image, fill, border, radius, width)
    _box_canvases[style] = (canvas, size)
    return image


@lru_cache(maxsize=256)
def _small_box(
    size: tuple[int, int], fill: BoxColour, border: BoxColour, radius: int, width: int
) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    _paint_box(image, fill, border, radius, width)
    return _ready(image)


def _paint_box(
    image: pygame.Surface, fill: BoxColour, border: BoxColour, radius: int, width: int
) -> None:
    r = image.get_rect()
    if fill is not None:
        pygame.draw.rect(image, fill, r, border_radius=radius)
    if border is not None:
        pygame.draw.rect(image, border, r, width, border_radius=radius)


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


#: While a table's frame is drawn (:func:`frame_budget`): when it must stop painting pictures
#: and show a picture it has at another size instead, scaled (perf_counter seconds).
_paint_until: float | None = None
#: Stand-ins shown in the frame being drawn and in the last one: key -> the scaled picture.
_stand_ins: dict[tuple[tuple, int, bool], pygame.Surface] = {}
_stand_ins_last: dict[tuple[tuple, int, bool], pygame.Surface] = {}


def frame_budget(budget: float) -> None:
    """A frame of the table starts: it may paint pictures for ``budget`` seconds; past that,
    a picture the table has painted at another size (a court or a hand reflowed, so every
    card in it changed width) is shown scaled from it, and painted properly by
    :func:`paint_ahead` on a quiet frame. Painting a card face costs about a millisecond, and
    a reflow asked for a dozen in one frame (bench_frames: Medici's animating frames)."""
    global _paint_until, _stand_ins, _stand_ins_last
    _paint_until = time.perf_counter() + budget
    _stand_ins_last, _stand_ins = _stand_ins, {}


def frame_done() -> None:
    """The frame is drawn: pictures asked for outside a table's frame are painted at once."""
    global _paint_until
    _paint_until = None


def owed() -> list[tuple[tuple, int, bool]]:
    """The pictures the last frame showed scaled, for want of time to paint them."""
    return [k for k in {**_stand_ins_last, **_stand_ins} if k not in _painted]


def _piece_image(art: tuple, width: int, colorblind: bool) -> pygame.Surface:
    key = (art, width, colorblind)
    image = _painted.get(key)
    if image is not None:
        _painted.move_to_end(key)
        return image
    image = _ahead.pop(key, None)
    if image is None:
        stand_in = _stand_in(key)
        if stand_in is not None:
            return stand_in
        image = _ready(_art(art, width, colorblind))
    _painted[key] = image
    _widths.setdefault((art, colorblind), set()).add(width)
    if len(_painted) > PIECE_IMAGES:
        (old_art, old_width, old_colorblind), _ = _painted.popitem(last=False)
        _widths[(old_art, old_colorblind)].discard(old_width)
    return image


def _stand_in(key: tuple[tuple, int, bool]) -> pygame.Surface | None:
    """``key``'s picture scaled from another size, if the frame has no time left to paint it
    and it was painted at another size; else None."""
    if _paint_until is None or time.perf_counter() < _paint_until:
        return None
    image = _stand_ins.get(key) or _stand_ins_last.get(key)
    if image is None:
        art, width, colorblind = key
        if not _widths.get((art, colorblind)):
            return None  # never painted: nothing to scale
        if art[0] in ("card", "back"):
            size = card_art.card_size(width)
        else:  # a piece of the game's own: its shape as painted
            some = _piece_image(art, next(iter(_widths[(art, colorblind)])), colorblind)
            size = (width, max(1, round(some.get_height() * width / some.get_width())))
        image = _scaled(art, size, colorblind)
    _stand_ins[key] = image
    return image


def paint_ahead(upcoming: Sequence[tuple[tuple, int]], colorblind: bool, budget: float) -> int:
    """Paint the pictures the table shows scaled (:func:`owed`), then those in ``upcoming``
    ((art, width) pairs) not painted yet, for up to ``budget`` seconds (at least one); returns
    how many. Called between frames (no frame's budget applies: what it asks for is painted).
    Upcoming pictures wait apart from the table's, and only while they stay upcoming."""
    end = time.perf_counter() + budget
    painted = 0
    for art, width, blind in owed():
        if painted and time.perf_counter() > end:
            return painted
        _piece_image(art, width, blind)
        painted += 1
    wanted = {(art, width, colorblind) for art, width in upcoming}
    for key in [k for k in _ahead if k not in wanted]:
        del _ahead[key]
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
