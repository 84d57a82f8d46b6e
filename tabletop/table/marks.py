"""How the table paints its common marks: a seat's last move (outline and initial tag), a lit
target, the selection, the keyboard focus, a dimmed piece and a layout's outline.

The table draws them through these functions and so does its legend (the *Keys and marks*
page): the legend's samples are the table's own strokes, never a picture of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from . import render
from .model import Box, Piece, TableModel

if TYPE_CHECKING:
    from ..display import Display

LAST_MOVE = (150, 186, 214)  # a muted blue: apart from the gold of targets and the winner
TAG_FILL = (24, 38, 52)
DIM = (0, 0, 0, 110)


def seat_tags(names: Sequence[str]) -> list[str]:
    """Each seat's last-move tag: its name's initial, with its seat number when two names
    share it."""
    firsts = [name[:1].upper() or str(seat + 1) for seat, name in enumerate(names)]
    return [f"{f}{seat + 1}" if firsts.count(f) > 1 else f for seat, f in enumerate(firsts)]


def outline_width(d: Display) -> int:
    """How far a last move's outline stands out of what it marks."""
    return max(2, d.px(3))


def tag_box(rect: pygame.Rect, tag: str, d: Display) -> pygame.Rect:
    """Where a last move's ``tag`` stands on ``rect``'s outline: centred on its top-right
    corner (a layout keeps its labels clear of it)."""
    width = outline_width(d)
    outline = rect.inflate(2 * width, 2 * width)
    w, h = render.text_surface(tag, max(12, d.font_px(14)), LAST_MOVE, "sans-bold").get_size()
    box = pygame.Rect(0, 0, w + d.px(10), h + d.px(2))
    box.w = max(box.w, box.h)
    box.center = (outline.right - width, outline.top)
    return box


def last_move(surface: pygame.Surface, rect: pygame.Rect, tag: str, d: Display) -> pygame.Rect:
    """Outline ``rect`` as a seat's last move and put its ``tag`` (the seat's initial) on the
    outline's top-right corner, outside a card's indices. Returns where the tag is."""
    width = outline_width(d)
    outline = rect.inflate(2 * width, 2 * width)
    pygame.draw.rect(surface, LAST_MOVE, outline, width, border_radius=d.px(9))
    image = render.text_surface(tag, max(12, d.font_px(14)), LAST_MOVE, "sans-bold")
    box = tag_box(rect, tag, d)
    render.draw_box(surface, render.Box(box, (*TAG_FILL, 235), LAST_MOVE, box.h // 2, 1))
    surface.blit(image, image.get_rect(center=box.center))
    return box


def lit_target(surface: pygame.Surface, rect: pygame.Rect, d: Display) -> None:
    """A zone where the piece picked up may go (or that may be clicked now)."""
    pygame.draw.rect(surface, render.GLOW, rect, d.px(5), border_radius=d.px(12))


def selected(surface: pygame.Surface, rect: pygame.Rect, d: Display) -> None:
    """The ring round a piece the player picked (click-then-click, the keyboard)."""
    pygame.draw.rect(surface, render.GLOW, rect.inflate(6, 6), d.px(4), border_radius=d.px(10))


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, d: Display) -> None:
    """The keyboard's focus (Tab, the arrows) round what Enter would act on."""
    ring = rect.inflate(d.px(10), d.px(10))
    pygame.draw.rect(surface, render.FOCUS, ring, d.px(4), border_radius=d.px(12))


def piece_marks(surface: pygame.Surface, piece: Piece, rect: pygame.Rect, d: Display) -> None:
    """What a layout set on ``piece``, over its picture at ``rect``: the veil of a piece that
    cannot be played now, and the ring of its ``outline`` colour."""
    if piece.dim:
        render.draw_box(surface, Box(rect, DIM, None, d.px(8)))
    if piece.outline is not None:
        render.draw_box(surface, Box(rect, None, piece.outline, d.px(8), d.px(4)))


def draw_piece(
    surface: pygame.Surface, piece: Piece, rect: pygame.Rect, d: Display, colorblind: bool
) -> None:
    """``piece``'s picture at ``rect`` with its marks."""
    surface.blit(render.piece_image(piece, rect.w, colorblind), rect)
    piece_marks(surface, piece, rect, d)


def draw_model(surface: pygame.Surface, model: TableModel, d: Display, colorblind: bool) -> None:
    """A small table (a legend's sample) as the table draws one: boxes and labels, then the
    pieces in their order with their marks."""
    for box in model.boxes:
        render.draw_box(surface, box)
    for text in model.texts:
        render.draw_text(surface, text)
    for piece in sorted(model.pieces, key=lambda p: p.z):
        draw_piece(surface, piece, piece.rect, d, colorblind)
