"""Keys and marks: one page, per game, that explains every mark the table draws (each with a
sample painted by the table's own code) and lists every key the table answers.

Opened from the table (F1 or ?, or its Menu) over the game, which waits underneath; Esc, F1,
? or Done goes back to it. The words come from :mod:`tabletop.table.legend` and the game's own
legend; the page flows them into columns and, where a window is too small for them all (a
TV's large type), onto pages turned with the arrow keys or the buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

import rules

from .. import games
from ..fonts import get_font
from ..table import render
from ..table.legend import COMMON_MARKS, KeyLine, Mark, Sample, keys_for, opens_legend
from ..ui.menu import Backdrop
from ..ui.palette import CREAM, GOLD, MUTED
from ..ui.text import wrap_text
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

#: The sample's cell, a key cap's least width, the gaps (1080p px).
SAMPLE_W, SAMPLE_H, CAP_W, GAP, PAD = 176, 100, 120, 18, 40
KEYCAP = (44, 52, 46)


@dataclass
class Row:
    """One line of the page: a mark (its sample, title and words) or a key (its cap, words),
    or a section's heading; laid at ``rect`` on page ``page``."""

    kind: str  # "heading", "mark" or "key"
    title: str
    lines: list[str]
    rect: pygame.Rect
    mark: Mark | None = None
    page: int = 0


class LegendScene(Scene):
    """The *Keys and marks* page of one game."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        legend = games.legend_for(game_id)
        self.marks: tuple[Mark, ...] = COMMON_MARKS + (legend.marks if legend else ())
        self.card = legend.card if legend else ("back", game_id)
        self.backdrop = Backdrop()
        self.rows: list[Row] = []
        self.page = 0
        self.pages = 1
        self.done_button: UIButton | None = None
        self.next_button: UIButton | None = None
        self.prev_button: UIButton | None = None
        self.heading = ""

    @property
    def keys(self) -> tuple[KeyLine, ...]:
        return keys_for(self.app.display)

    # ---- layout -----------------------------------------------------------------------
    def build(self) -> None:
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        spec = rules.GAMES.get(self.game_id)
        self.heading = f"Keys and marks — {spec.title if spec else self.game_id}"
        pad = d.px(PAD)
        head_h = get_font(d.font_px(34), "serif-bold").get_linesize()
        bh = max(d.px(54), d.font_px(22) + d.px(20))
        body = pygame.Rect(pad, pad + head_h + d.px(16), d.width - 2 * pad, 0)
        body.h = d.height - body.y - bh - 2 * d.px(20)
        self._flow(body)
        self.page = min(self.page, self.pages - 1)
        bw = max(d.px(200), get_font(d.font_px(22)).size("Next page ›")[0] + d.px(40))
        y = d.height - d.px(20) - bh
        self.done_button = UIButton(
            pygame.Rect((d.width - bw) // 2, y, bw, bh),
            "Done",
            app.ui,
            container=root,
            object_id="#primary",
        )
        self.prev_button = self.next_button = None
        if self.pages > 1:
            self.prev_button = UIButton(
                pygame.Rect((d.width - bw) // 2 - bw - d.px(20), y, bw, bh),
                "‹ Previous page",
                app.ui,
                container=root,
            )
            self.next_button = UIButton(
                pygame.Rect((d.width + bw) // 2 + d.px(20), y, bw, bh),
                "Next page ›",
                app.ui,
                container=root,
            )
            self._sync_pages()

    def _columns(self, body: pygame.Rect) -> tuple[int, int]:
        """How many columns a page has (two where each keeps room for a sample and a
        readable measure of words, else one), and their width."""
        d = self.app.display
        gap = d.px(GAP * 2)
        least = d.px(SAMPLE_W) + d.px(GAP) + 20 * d.font_px(18)
        count = 2 if body.w >= 2 * least + gap else 1
        return count, (body.w - (count - 1) * gap) // count

    def _flow(self, body: pygame.Rect) -> None:
        """Lay the rows into columns, top to bottom, column after column, page after page;
        closer together where that spares a page."""
        d = self.app.display
        count, col_w = self._columns(body)
        rows = self._rows(col_w)
        best: tuple[int, int] | None = None
        for gap in (d.px(GAP), d.px(GAP * 2 // 3), d.px(GAP // 3)):
            pages = self._place(rows, body, count, col_w, gap)
            if best is None or pages < best[0]:
                best = (pages, gap)
        assert best is not None
        self.pages = self._place(rows, body, count, col_w, best[1])
        self.rows = rows

    def _place(self, rows: list[Row], body: pygame.Rect, count: int, col_w: int, gap: int) -> int:
        """Place ``rows`` ``gap`` apart; how many pages they take."""
        d = self.app.display
        col, page, y = 0, 0, body.y
        for row in rows:
            h = row.rect.h
            # A heading never ends a column: it goes on with its first row.
            need = h + (rows[rows.index(row) + 1].rect.h if row.kind == "heading" else 0)
            if y > body.y and y + need > body.bottom:
                col, y = col + 1, body.y
                if col == count:
                    col, page = 0, page + 1
            row.rect.topleft = (body.x + col * (col_w + d.px(GAP * 2)), y)
            row.page = page
            y += h + (gap if row.kind != "heading" else d.px(6))
        return page + 1

    def _rows(self, col_w: int) -> list[Row]:
        """Every row at ``col_w`` wide, its height worked out (not yet placed)."""
        d = self.app.display
        title_f = get_font(d.font_px(20), "sans-bold")
        words_f = get_font(d.font_px(18))
        head_f = get_font(d.font_px(26), "serif-bold")
        line = words_f.get_linesize()
        rows = [
            Row(
                "heading", "Marks on the table", [], pygame.Rect(0, 0, col_w, head_f.get_linesize())
            )
        ]
        text_w = col_w - d.px(SAMPLE_W) - d.px(GAP)
        for mark in self.marks:
            lines = wrap_text(mark.text, words_f, text_w)
            h = max(d.px(SAMPLE_H), title_f.get_linesize() + len(lines) * line)
            rows.append(Row("mark", mark.title, lines, pygame.Rect(0, 0, col_w, h), mark))
        rows.append(Row("heading", "Keys", [], pygame.Rect(0, 0, col_w, head_f.get_linesize())))
        cap_w = self._cap_width()
        for key in self.keys:
            lines = wrap_text(key.text, words_f, col_w - cap_w - d.px(GAP))
            h = max(title_f.get_linesize() + d.px(8), len(lines) * line)
            rows.append(Row("key", key.keys, lines, pygame.Rect(0, 0, col_w, h)))
        return rows

    def _cap_width(self) -> int:
        d = self.app.display
        font = get_font(d.font_px(20), "sans-bold")
        return max(d.px(CAP_W), *(font.size(k.keys)[0] + d.px(20) for k in self.keys))

    # ---- pages and input --------------------------------------------------------------
    def turn(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))
        self._sync_pages()

    def _sync_pages(self) -> None:
        for button, enabled in (
            (self.prev_button, self.page > 0),
            (self.next_button, self.page < self.pages - 1),
        ):
            if button is not None:
                (button.enable if enabled else button.disable)()

    def handle(self, event: pygame.event.Event) -> None:
        if opens_legend(event):
            self.back()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
            self.turn(1)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self.turn(-1)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done_button:
                self.back()
            elif event.ui_element is self.next_button:
                self.turn(1)
            elif event.ui_element is self.prev_button:
                self.turn(-1)
        else:
            super().handle(event)

    # ---- drawing ----------------------------------------------------------------------
    def shown(self) -> list[Row]:
        """The rows on the page shown now."""
        return [r for r in self.rows if r.page == self.page]

    def draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        self.backdrop.draw(surface, d)
        head = render.text_surface(self.heading, d.font_px(34), GOLD, "serif-bold")
        surface.blit(head, head.get_rect(midtop=(d.width // 2, d.px(PAD))))
        if self.pages > 1:
            note = f"Page {self.page + 1} of {self.pages}"
            image = render.text_surface(note, d.font_px(18), MUTED, "sans")
            at = (d.px(PAD), self.done_button.rect.centery if self.done_button else d.height)
            surface.blit(image, image.get_rect(midleft=at))
        sample = Sample(d, self.app.settings.colorblind, self.card)
        for row in self.shown():
            if row.kind == "heading":
                image = render.text_surface(row.title, d.font_px(26), GOLD, "serif-bold")
                surface.blit(image, row.rect.topleft)
            elif row.kind == "mark":
                self._draw_mark(surface, row, sample)
            else:
                self._draw_key(surface, row)

    def sample_cell(self, row: Row) -> pygame.Rect:
        d = self.app.display
        return pygame.Rect(row.rect.x, row.rect.y, d.px(SAMPLE_W), d.px(SAMPLE_H))

    def _draw_mark(self, surface: pygame.Surface, row: Row, sample: Sample) -> None:
        d = self.app.display
        cell = self.sample_cell(row)
        render.draw_box(surface, render.Box(cell, (18, 40, 28, 255), (90, 110, 90), d.px(10), 1))
        assert row.mark is not None
        clip = surface.get_clip()
        surface.set_clip(cell.inflate(-2, -2))  # a sample never spills onto its words
        row.mark.paint(surface, cell, sample)
        surface.set_clip(clip)
        x = cell.right + d.px(GAP)
        title = render.text_surface(row.title, d.font_px(20), CREAM, "sans-bold")
        surface.blit(title, (x, row.rect.y))
        self._words(surface, row, x, row.rect.y + title.get_height())

    def _draw_key(self, surface: pygame.Surface, row: Row) -> None:
        d = self.app.display
        cap_w = self._cap_width()
        image = render.text_surface(row.title, d.font_px(20), CREAM, "sans-bold")
        cap = pygame.Rect(row.rect.x, row.rect.y, cap_w, image.get_height() + d.px(8))
        render.draw_box(surface, render.Box(cap, (*KEYCAP, 255), MUTED, d.px(8), 1))
        surface.blit(image, image.get_rect(center=cap.center))
        self._words(surface, row, cap.right + d.px(GAP), row.rect.y + d.px(4))

    def _words(self, surface: pygame.Surface, row: Row, x: int, y: int) -> None:
        d = self.app.display
        font = get_font(d.font_px(18))
        for line in row.lines:
            surface.blit(render.text_surface(line, d.font_px(18), CREAM, "sans"), (x, y))
            y += font.get_linesize()
