"""Alliances' marks on the *Keys and marks* page (:mod:`tabletop.table.legend`): the map's
country tiles as the layout asks them painted (held, lit, targeted), the alliance tokens and
the conflict's pills."""

from __future__ import annotations

import pygame

from tabletop.table import render
from tabletop.table.legend import GameLegend, Mark, Painter, Sample
from tabletop.table.marks import draw_model
from tabletop.table.model import Box, Piece, TableModel, Text
from tabletop.ui.palette import CREAM, GOLD

GAME = "alliances"


def _tile(cell: pygame.Rect, s: Sample, *, lit: bool, target: bool, rim: int | None) -> Piece:
    """A country tile as the map paints it, as large as ``cell`` holds."""
    from .layout import TILE_ART, _side_colour

    d = s.display
    th = cell.h - d.px(8)
    tw = min(cell.w - d.px(8), round(th * 1.3))
    rect = pygame.Rect(0, 0, tw, th)
    rect.center = cell.center
    colour = _side_colour(rim, s.colorblind) if rim is not None else None
    numbers = 0 if s.colorblind else d.body_px
    art = (*TILE_ART, "Estravia", (7, 2, 0), th, lit, target, colour, numbers)
    return Piece("tile:0,0", art, rect, z=1)


def _painter(
    *, lit: bool = False, target: bool = False, rim: int | None = None, tokens: bool = False
) -> Painter:
    """A tile's sample: ``lit``, ``target``, held by alliance ``rim``, with ``tokens``."""

    def paint(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
        from . import art
        from .layout import TOKEN_ART

        model = TableModel()
        tile = _tile(cell, s, lit=lit, target=target, rim=rim)
        model.pieces.append(tile)
        if tokens:
            r = tile.rect
            place = art.tile_layout("Estravia", r.w, r.h).elements.get(
                "map", pygame.Rect(0, 0, r.w, r.h // 2)
            )
            dia = max(16, min(place.h, round(r.w * 0.34)))
            token = pygame.Rect(0, 0, dia, dia)
            token.bottomright = (r.x + place.right, r.y + place.bottom)
            model.pieces.append(Piece("tokens:0,0", (*TOKEN_ART, (0, 1, 0)), token, z=2))
        draw_model(surface, model, s.display, s.colorblind)

    return paint


def _pills(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    """The conflict's pills, one over the other, as the players' rows draw them."""
    d = s.display
    fp = d.font_px(17)
    model = TableModel()
    h = fp + d.px(8)
    y = cell.centery - h - d.px(4)
    for note, colour in (("Winning", GOLD), ("Tied", CREAM)):
        w = render.fonts.get_font(fp, "sans-bold").size(note)[0] + d.px(16)
        pill = pygame.Rect(cell.centerx - w // 2, y, w, h)
        model.boxes.append(Box(pill, (*colour, 235), None, pill.h // 2))
        model.texts.append(
            Text(note, pill.center, fp, (20, 24, 22), "center", "sans-bold", pill.w - d.px(8))
        )
        y = pill.bottom + d.px(8)
    draw_model(surface, model, d, s.colorblind)


MARKS = (
    Mark(
        "A country held",
        "A country's rim in an alliance's colour: that alliance controls it (its token lies on "
        "top). Without a rim it is neutral. Its numbers: its Military, Economic and Political "
        "defence.",
        _painter(rim=1),
    ),
    Mark(
        "Alliance tokens",
        "The alliance tokens stacked on a country, in the alliances' colours: the top one "
        "controls it.",
        _painter(rim=0, tokens=True),
    ),
    Mark(
        "A country you may target",
        "A lit country: one you may choose as the target.",
        _painter(lit=True),
    ),
    Mark(
        "The target",
        "The Conflict token: the country the conflict is about.",
        _painter(target=True),
    ),
    Mark(
        "Winning or tied",
        "In a conflict, beside the power a player's card gives: “Winning” for the player ahead "
        "so far, “Tied” when the best powers are level.",
        _pills,
    ),
)

LEGEND = GameLegend(("card", GAME, "M9"), MARKS)
