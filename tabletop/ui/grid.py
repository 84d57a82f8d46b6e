"""A table of text drawn as one image: header band, striped rows, bold total rows, and the
largest font that fits the space (results and statistics screens)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import fonts
from .palette import CREAM, GOLD, GOLD_DEEP, MENU_PANEL

HEADER_BG = (74, 60, 26)
STRIPE = (24, 37, 31, 228)
CHIP_BG = MENU_PANEL
LABEL = (225, 214, 180)


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
    """
    ncols = max((len(r) for r in cells), default=0)
    cells = [list(r) + [""] * (ncols - len(r)) for r in cells]

    def is_bold(r: int, row: list[str], c: int) -> bool:
        return (header and r == 0) or is_total(row) or c < label_columns

    size = start_size
    while True:
        font = fonts.get_font(size, "sans")
        bold = fonts.get_font(size, "sans-bold")
        pad_x, pad_y = round(size * pad), round(size * 0.42)
        widths = [
            max(
                (
                    (bold if is_bold(r, row, c) else font).size(row[c])[0]
                    for r, row in enumerate(cells)
                ),
                default=0,
            )
            + 2 * pad_x
            for c in range(ncols)
        ]
        row_h = font.get_linesize() + 2 * pad_y
        if (sum(widths) <= max_w and row_h * len(cells) <= max_h) or size <= 10:
            break
        size -= 1
    grid = pygame.Surface((sum(widths) + 2, row_h * len(cells) + 2), pygame.SRCALPHA)
    radius = round(size * 0.5)
    pygame.draw.rect(grid, CHIP_BG, grid.get_rect(), border_radius=radius)
    for r, row in enumerate(cells):
        top = r * row_h + 1
        is_header = header and r == 0
        if is_header:
            pygame.draw.rect(
                grid,
                HEADER_BG,
                (1, top, grid.get_width() - 2, row_h),
                border_top_left_radius=radius,
                border_top_right_radius=radius,
            )
        elif r % 2 == 0:
            grid.fill(STRIPE, (1, top, grid.get_width() - 2, row_h))
        if not is_header and is_total(row):
            pygame.draw.line(grid, GOLD_DEEP, (1, top), (grid.get_width() - 2, top), 2)
        x = 1
        for c, text in enumerate(row):
            face = bold if is_bold(r, row, c) else font
            colour = GOLD if is_header else LABEL if c < label_columns else CREAM
            image = face.render(text, True, colour)
            ty = top + (row_h - image.get_height()) // 2
            # Label columns read left-aligned; numbers sit centred.
            tx = x + pad_x if c < label_columns else x + (widths[c] - image.get_width()) // 2
            grid.blit(image, (tx, ty))
            x += widths[c]
    pygame.draw.rect(grid, (*GOLD_DEEP, 110), grid.get_rect(), 1, border_radius=radius)
    return grid, size
