"""Machiavelli's marks on the *Keys and marks* page (:mod:`tabletop.table.legend`): the melds'
outlines and the drawn card's tag, in the layout's colours."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.table.legend import GameLegend, Mark, Sample
from tabletop.table.marks import draw_model
from tabletop.table.model import Box, Piece, TableModel, Text
from tabletop.ui.palette import GOLD

if TYPE_CHECKING:
    from tabletop.display import Display

GAME = "machiavelli"
RED = (236, 84, 84)
#: Outline of cards another player (or the Hint) just brought or moved, and of a drawn card.
MARK = (90, 200, 255)
NEW_FACE = "sans-bold"  # the "new" tag's face
#: What the "new" tag over a card in the hand means (its hover tip on the table too).
NEW = "“new”: the card you just drew from the stock."


def new_tag(card: pygame.Rect, d: Display) -> Text:
    """The "new" tag over a card just drawn, as the hand and the legend draw it."""
    return Text(
        "new", (card.x + d.px(4), card.y - d.px(1)), d.font_px(14), MARK, "bottomleft", NEW_FACE
    )


def _meld(
    cell: pygame.Rect, s: Sample, cards: tuple[str, ...], outline: tuple | None = None
) -> tuple[TableModel, pygame.Rect]:
    """A meld of ``cards`` overlapping as on the table, centred in ``cell``; its zone's rect."""
    d = s.display
    ch = cell.h - d.px(20)
    cw = round(ch / 1.4)
    step = round(cw * 0.4)
    width = cw + step * (len(cards) - 1)
    x = cell.centerx - width // 2
    y = cell.centery - ch // 2
    model = TableModel()
    for k, card in enumerate(cards):
        r = pygame.Rect(x + k * step, y, cw, ch)
        model.pieces.append(Piece(card, ("card", GAME, card), r, z=k, outline=outline))
    return model, pygame.Rect(x, y, width, ch).inflate(d.px(10), d.px(10))


def _invalid(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    d = s.display
    model, zone = _meld(cell, s, ("9H.1", "QH.1"))
    red = zone.inflate(d.px(6), d.px(6))
    model.boxes.append(Box(red, (120, 20, 20, 70), RED, d.px(10), max(2, d.px(3))))
    draw_model(surface, model, d, s.colorblind)


def _changed(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    model, zone = _meld(cell, s, ("9D.1", "9H.1", "9S.1"))
    model.boxes.append(Box(zone, None, GOLD, s.display.px(8), 2))
    draw_model(surface, model, s.display, s.colorblind)


def _moved(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    model, _ = _meld(cell, s, ("JS.1", "QS.1"), MARK)
    draw_model(surface, model, s.display, s.colorblind)


def _new(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    d = s.display
    tag = round(d.font_px(14) * 1.2)
    model, _ = _meld(pygame.Rect(cell.x, cell.y + tag, cell.w, cell.h - tag), s, ("AD.1",), MARK)
    r = model.pieces[0].rect
    model.texts.append(new_tag(r, d))
    draw_model(surface, model, d, s.colorblind)


MARKS = (
    Mark(
        "Invalid meld",
        "Outlined in red while you rearrange: it is not a set or a run yet. Rest the pointer on "
        "it to read why. Your turn ends only when no meld is red.",
        _invalid,
    ),
    Mark("Changed this turn", "Outlined in gold: a meld you changed this turn.", _changed),
    Mark(
        "Just moved",
        "Outlined in blue: cards another player (or the Hint) just brought or moved.",
        _moved,
    ),
    Mark("New card", NEW, _new),
)

LEGEND = GameLegend(("card", GAME, "QH.1"), MARKS)
