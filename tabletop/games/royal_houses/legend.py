"""Royal Houses' marks on the *Keys and marks* page (:mod:`tabletop.table.legend`): the
influence badges, drawn by the layout's own code."""

from __future__ import annotations

import pygame

from tabletop.table.legend import GameLegend, Mark, Sample
from tabletop.table.marks import draw_model
from tabletop.table.model import TableModel

from .layout import LEADS, RoyalHousesLayout


def _badges(surface: pygame.Surface, cell: pygame.Rect, s: Sample, leads: bool) -> None:
    d = s.display
    model = TableModel()
    layout = RoyalHousesLayout()
    half = cell.w // 2
    for seat, amount in ((0, 4), (1, 2)):
        row = pygame.Rect(cell.x + seat * half, cell.y, half, cell.h)
        row.inflate_ip(-max(0, half - d.px(94)), 0)
        layout._influence_badge(model, row, seat, amount, leads and seat == 0, d)
    draw_model(surface, model, d, s.colorblind)


MARKS = (
    Mark("Leads the house", LEADS, lambda surface, cell, s: _badges(surface, cell, s, True)),
    Mark(
        "Influence",
        "Each player's influence in a house, in their colour: amber for the first player, "
        "blue for the second.",
        lambda surface, cell, s: _badges(surface, cell, s, False),
    ),
)

LEGEND = GameLegend(("card", "royal_houses", "C6"), MARKS)
