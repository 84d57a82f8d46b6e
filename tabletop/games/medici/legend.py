"""Court of the Medici's marks on the *Keys and marks* page (:mod:`tabletop.table.legend`):
a stack with its badge, the stack just built on, the Inner Circle and the team colours, drawn
by the layout's own code."""

from __future__ import annotations

import pygame

from tabletop.table.legend import GameLegend, Mark, Sample
from tabletop.table.marks import draw_model
from tabletop.table.model import Box, TableModel, Text
from tabletop.ui.palette import PANEL

GAME = "medici"
CARDS = ("G7a", "G4b")


def _stack(surface: pygame.Surface, cell: pygame.Rect, s: Sample, mine: bool) -> None:
    """One stack as the court draws it: its badge over its cards, fanned down."""
    from .court_plan import Plan, badge_height, stack_label_px
    from .layout import MediciLayout, fan_step, stack_badges

    d = s.display
    room = cell.h - d.px(12)
    # The badge as the court writes it where it has the room: it may reach over the gap
    # beside its stack (here the whole cell), so the cards keep the height.
    lines = stack_badges([("3", 11)], stack_label_px(d), cell.w - d.px(20))[0]
    badge_h = badge_height(len(lines), d)
    cw = round(room / 2)
    while cw > 8 and badge_h + d.frame_px(3) + round(cw * 1.4) + fan_step(cw) > room:
        cw -= 1  # the widest cards whose fan fits under the badge
    plan = Plan(cw, cell.w, pygame.Rect(0, 0, 0, 0), [], [lines])
    stack = {"id": "stack:3", "total": 11, "cards": [{"card": c} for c in CARDS]}
    place = (cell.centerx - cw // 2, cell.y + d.px(6), 1)
    model = TableModel()
    MediciLayout._stack(model, {"values": {}}, stack, place, lines, plan, badge_h, mine, d)
    draw_model(surface, model, d, s.colorblind)


def _inner(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    from .layout import MediciLayout

    model = TableModel()
    box = cell.inflate(-s.display.px(8), -s.display.px(24))
    MediciLayout._inner_box(model, {"players": 2}, box, s.display)
    draw_model(surface, model, s.display, s.colorblind)


def _teams(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    from .layout import TEAM_COLOURS

    d = s.display
    model = TableModel()
    half = cell.w // 2
    for t, colour in enumerate(TEAM_COLOURS):
        panel = pygame.Rect(cell.x + t * half, cell.y, half, cell.h).inflate(-d.px(8), -d.px(24))
        model.boxes.append(Box(panel, PANEL, (*colour, 160), d.px(10), 2))
        at = panel.center
        model.texts.append(
            Text(f"Team {t + 1}", at, d.font_px(18), colour, "center", "sans-bold", panel.w)
        )
    draw_model(surface, model, d, s.colorblind)


MARKS = (
    Mark(
        "A stack",
        "Its badge gives its number (the game log names stacks by it) and the total of its cards.",
        lambda surface, cell, s: _stack(surface, cell, s, False),
    ),
    Mark(
        "Just built on",
        "Ringed in gold, its badge too: the stack you just built on. If other stacks match "
        "its total they light up: click one to conspire, or choose “Don't conspire”.",
        lambda surface, cell, s: _stack(surface, cell, s, True),
    ),
    Mark(
        "The Inner Circle",
        "The stacks framed in gold are the Inner Circle; the Outer Court lies around it.",
        _inner,
    ),
    Mark(
        "Teams",
        "Each player's panel and the totals are in their team's colour, silver or green (in a "
        "duel, each player is a team).",
        _teams,
    ),
)

LEGEND = GameLegend(("card", GAME, "G7a"), MARKS)
