"""A table of text drawn as one image: header band, striped rows, bold total rows, and the
largest font that fits the space (results and statistics screens)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from .. import fonts
from .palette import CREAM, GOLD, GOLD_DEEP, MENU_PANEL

HEADER_BG = (74, 60, 26)
STRIPE = (24, 37, 31, 228)
CHIP_BG = MENU_PANEL
LABEL = (225, 214, 180)


def _two_lines(text: str, font: pygame.font.Font) -> list[str]:
    """``text`` on one line, or split at the space that makes its wider line narrowest."""
    words = text.split(" ")
    best, best_w = [text], font.size(text)[0]
    for i in range(1, len(words)):
        lines = [" ".join(words[:i]), " ".join(words[i:])]
        w = max(font.size(line)[0] for line in lines)
        if w < best_w:
            best, best_w = lines, w
    return best


@dataclass(frozen=True)
class _Style:
    """How the grid reads: a header row or not, its bold label columns and total rows."""

    header: bool
    label_columns: int
    pad: float  # a cell's side padding, in font sizes
    is_total: Callable[[list[str]], bool]

    def is_bold(self, r: int, row: list[str], c: int) -> bool:
        return (self.header and r == 0) or self.is_total(row) or c < self.label_columns


@dataclass(frozen=True)
class _Fit:
    """The grid measured at one font size and padding."""

    size: int
    font: pygame.font.Font
    bold: pygame.font.Font
    pad_x: int
    lines: list[list[list[str]]]  # each cell's text, line by line
    widths: list[int]  # each column's, padding included
    row_h: int
    head_h: int  # the header row (its words may take two lines)
    height: int


def render_grid(
    cells: list[list[str]],
    start_size: int,
    max_w: int,
    max_h: int,
    *,
    header: bool = True,
    label_columns: int = 1,
    pad: float = 0.8,
    is_total: Callable[[list[str]], bool] = lambda row: False,
) -> tuple[pygame.Surface, int]:
    """``cells`` (rows of strings; the first is the header when ``header``) as an image no
    larger than ``max_w`` × ``max_h`` when a font of 10 px or more allows it; and that font
    size. The first ``label_columns`` columns read left-aligned in bold; the rest sit centred.
    Where the grid does not fit, the header's words go on two lines, then the cells close up
    (to half their padding), and only then does the font shrink: the words are what a player
    reads (a TV's results keep the body size where they can).
    """
    ncols = max((len(r) for r in cells), default=0)
    cells = [list(r) + [""] * (ncols - len(r)) for r in cells]
    style = _Style(header, label_columns, pad, is_total)
    size = start_size
    squeeze = 1.0
    wrap = False  # the header's words on two lines
    while True:
        fit = _measure(cells, ncols, style, size, squeeze, wrap)
        if (sum(fit.widths) <= max_w and fit.height <= max_h) or size <= 10:
            break
        if not wrap and header and sum(fit.widths) > max_w:
            wrap = True
        elif squeeze > 0.5:
            squeeze = round(squeeze - 0.1, 1)
        else:
            size -= 1
    return _paint(cells, style, fit), size


def _measure(
    cells: list[list[str]], ncols: int, style: _Style, size: int, squeeze: float, wrap: bool
) -> _Fit:
    """The grid's sizes with a font of ``size``, its padding times ``squeeze``, the header's
    words on two lines or not."""
    font = fonts.get_font(size, "sans")
    bold = fonts.get_font(size, "sans-bold")
    pad_x, pad_y = round(size * style.pad * squeeze), round(size * 0.42 * squeeze)
    lines = [[[text] for text in row] for row in cells]
    if wrap:  # only a heading wider than its column's cells gains by it
        for c in range(ncols):
            body = max(
                (
                    (bold if style.is_bold(r, row, c) else font).size(row[c])[0]
                    for r, row in enumerate(cells)
                    if r
                ),
                default=0,
            )
            if bold.size(cells[0][c])[0] > body:
                lines[0][c] = _two_lines(cells[0][c], bold)
    widths = [
        max(
            (
                max((bold if style.is_bold(r, row, c) else font).size(t)[0] for t in lines[r][c])
                for r, row in enumerate(cells)
            ),
            default=0,
        )
        + 2 * pad_x
        for c in range(ncols)
    ]
    row_h = font.get_linesize() + 2 * pad_y
    head_lines = max((len(cell) for cell in lines[0]), default=1) if style.header and cells else 1
    head_h = row_h + (head_lines - 1) * bold.get_linesize()
    height = row_h * len(cells) + (head_h - row_h)
    return _Fit(size, font, bold, pad_x, lines, widths, row_h, head_h, height)


def _paint(cells: list[list[str]], style: _Style, fit: _Fit) -> pygame.Surface:
    """The measured grid drawn: header band, striped rows, a rule over each total row."""
    grid = pygame.Surface((sum(fit.widths) + 2, fit.height + 2), pygame.SRCALPHA)
    radius = round(fit.size * 0.5)
    pygame.draw.rect(grid, CHIP_BG, grid.get_rect(), border_radius=radius)
    top = 1
    for r, row in enumerate(cells):
        is_header = style.header and r == 0
        h = fit.head_h if is_header else fit.row_h
        if is_header:
            pygame.draw.rect(
                grid,
                HEADER_BG,
                (1, top, grid.get_width() - 2, h),
                border_top_left_radius=radius,
                border_top_right_radius=radius,
            )
        elif r % 2 == 0:
            grid.fill(STRIPE, (1, top, grid.get_width() - 2, h))
        if not is_header and style.is_total(row):
            pygame.draw.line(grid, GOLD_DEEP, (1, top), (grid.get_width() - 2, top), 2)
        _paint_row(grid, cells, r, style, fit, pygame.Rect(1, top, 0, h))
        top += h
    pygame.draw.rect(grid, (*GOLD_DEEP, 110), grid.get_rect(), 1, border_radius=radius)
    return grid


def _paint_row(
    grid: pygame.Surface,
    cells: list[list[str]],
    r: int,
    style: _Style,
    fit: _Fit,
    band: pygame.Rect,
) -> None:
    """Row ``r``'s words in its ``band`` (from its left edge and top, its height), each cell
    centred down it."""
    is_header = style.header and r == 0
    row, x, top, h = cells[r], band.x, band.y, band.height
    for c, _ in enumerate(row):
        face = fit.bold if style.is_bold(r, row, c) else fit.font
        colour = GOLD if is_header else LABEL if c < style.label_columns else CREAM
        images = [face.render(t, True, colour) for t in fit.lines[r][c]]
        step = face.get_linesize()
        ty = top + (h - step * (len(images) - 1) - images[0].get_height()) // 2
        for image in images:
            # Label columns read left-aligned; numbers sit centred.
            if c < style.label_columns:
                tx = x + fit.pad_x
            else:
                tx = x + (fit.widths[c] - image.get_width()) // 2
            grid.blit(image, (tx, ty))
            ty += step
        x += fit.widths[c]
