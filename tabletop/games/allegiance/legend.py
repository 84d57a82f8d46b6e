"""Allegiance's marks on the *Keys and marks* page (:mod:`tabletop.table.legend`): the trick's
cards as the layout draws them, the player to move and the Victory tally."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.table.legend import GameLegend, Mark, Sample
from tabletop.table.marks import draw_model
from tabletop.table.model import Box, Piece, TableModel, Text
from tabletop.ui.palette import CREAM, GOLD, PANEL

from .layout import BEST, AllegianceLayout

GAME = "allegiance"


def _trick(surface: pygame.Surface, cell: pygame.Rect, s: Sample, items: list[dict]) -> None:
    """Trick cards in ``cell``, each with its number above and its rank below."""
    d = s.display
    label = round(d.font_px(17) * 1.3) + d.px(6)
    ch = cell.h - 2 * label
    cw = round(ch / 1.4)
    gap = max(d.px(12), round(d.font_px(17) * 4.6) - cw)
    x = cell.centerx - (len(items) * (cw + gap) - gap) // 2
    model = TableModel()
    layout = AllegianceLayout()
    for i, item in enumerate(items):
        r = pygame.Rect(x + i * (cw + gap), cell.y + label, cw, ch)
        layout._trick_card(model, item, item["card"], r, i, d, gap)
    draw_model(surface, model, d, s.colorblind)


def _best(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    _trick(surface, cell, s, [{"card": "G7", "tile": 3, "rank": 7, "best": True}])


def _ranks(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    items: list[dict[str, Any]] = [
        {"card": "G7", "tile": 1, "rank": 9},
        {"card": "H4", "tile": 2, "rank": 2},
    ]
    _trick(surface, cell, s, items)


def _to_move(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    d = s.display
    spot = cell.inflate(-d.px(8), -cell.h // 3)
    model = TableModel()
    model.boxes.append(Box(spot, PANEL, GOLD, d.px(12), d.px(3)))
    model.texts.append(
        Text("Ada · leads", spot.center, d.font_px(18), GOLD, "center", "sans-bold", spot.w)
    )
    draw_model(surface, model, d, s.colorblind)


def _tally(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    from . import art

    d = s.display
    model = TableModel()
    half = cell.w // 2
    side = min(cell.h - d.px(28), half - d.font_px(28) - d.px(24))
    for h, (count, leading) in enumerate(((3, True), (1, False))):
        r = pygame.Rect(cell.x + h * half + d.px(8), cell.centery - side // 2, side, side)
        colour = art.house_colour(h, s.colorblind)
        edge = GOLD if leading else (*colour, 200)
        box = pygame.Rect(r.x - d.px(4), r.y - d.px(8), half - d.px(10), side + d.px(16))
        model.boxes.append(Box(box, (*colour, 70), edge, d.px(8), d.px(3) if leading else 1))
        emblem = pygame.Rect(r.x, r.y, r.w, round(r.w * 1.4))  # its art: the card's top square
        model.pieces.append(Piece(f"tally:{h}", ("card", GAME, f"emblem:{h}"), emblem, z=1))
        at = (r.right + d.px(6), r.centery)
        model.texts.append(Text(str(count), at, d.font_px(28), CREAM, "midleft", "sans-bold"))
    draw_model(surface, model, d, s.colorblind)


MARKS = (
    Mark("Winning the trick", BEST, _best),
    Mark(
        "A rank changed",
        "Under each card of the trick, its rank now: in green when it is higher than the "
        "printed rank, in red when lower (the Traits laid on it change it). Above: its number.",
        _ranks,
    ),
    Mark(
        "To move, and who leads",
        "The player to move is framed and named in gold; “· leads” follows the name of the "
        "player who led the trick.",
        _to_move,
    ),
    Mark(
        "Victories",
        "The band at the top counts each House's Victories; the House with the most so far "
        "is framed in gold.",
        _tally,
    ),
)

LEGEND = GameLegend(("card", GAME, "G7"), MARKS)
