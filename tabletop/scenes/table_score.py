"""The score so far: a panel over the table with each player's score if the game ended now.

The *Score* button in the status bar or the ``T`` key (for "tally": ``S`` is Save's, with
Ctrl) opens it; the key again, Esc, a click or another button closes it. It shows the game's
tally (:mod:`tabletop.games.tally`) for the seat whose view the table shows: the seat
looking in a hot-seat game, the public table on a TV (ranges where hands matter). While it is
open the table's other keys and clicks wait; the tally follows the game if a move comes in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

import rules

from ..display import Display
from ..fonts import get_font
from ..games import tally_for
from ..games.tally import IF_ENDED, Tally, TallyTable
from ..table import render
from ..ui.palette import CREAM, GOLD, GOLD_DEEP, MUTED
from ..ui.text import wrap_text

if TYPE_CHECKING:
    from ..app import App
    from .table_panels import StatusPanel

KEY = pygame.K_t
CLOSE_HINT = "T, Esc or a click closes this"
#: Body sizes tried, largest first, until the panel fits the play area (1080p points).
SIZES = (24, 22, 20, 18, 16)


class ScoreHost(Protocol):
    """What the panel needs of the table: the game, whose view it shows, the names and the
    play area it covers."""

    @property
    def game(self) -> rules.Game: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def layout_rect(self) -> pygame.Rect: ...
    @property
    def player_names(self) -> Sequence[str]: ...


@dataclass(frozen=True)
class Measured:
    """A tally's panel laid out for a play area: its fonts, column widths and wrapped notes."""

    width: int
    height: int
    title_font: pygame.font.Font
    head_font: pygame.font.Font
    body_font: pygame.font.Font
    bold_font: pygame.font.Font
    hint_font: pygame.font.Font
    columns: tuple[tuple[int, ...], ...]  # per table: each column's width
    headings: tuple[tuple[tuple[str, ...], ...], ...]  # per table, per column: its lines
    notes: tuple[tuple[str, ...], ...]
    size: int  # the body's 1080p size
    table_width: int  # the widest table's, gaps between columns included


def _column_widths(
    table: TallyTable, fonts: tuple[pygame.font.Font, ...], gap: int, wrap: bool
) -> tuple[int, ...]:
    """Each column's width: its widest cell, and its heading whole (``wrap``: its heading's
    longest word, the heading then wrapping onto a second line)."""
    head, body, bold = fonts
    widths = [
        max(head.size(w)[0] for w in c.split()) if wrap else head.size(c)[0] for c in table.columns
    ]
    for row in table.rows:
        font = bold if row.total else body
        texts = [row.label, *(c.text() for c in row.cells)]
        for i, text in enumerate(texts):
            widths[i] = max(widths[i], font.size(text)[0])
    return tuple(w + gap for w in widths)


def measure(tally: Tally, display: Display, area: pygame.Rect) -> Measured:
    """The panel for ``area``: headings whole, else wrapped, with the body at 24 points, else
    22 and so on down to 16, until it fits."""
    for size in SIZES:
        for wrap in (False, True):
            m = _measure(tally, display, area, size, wrap)
            if m.table_width + 2 * display.px(
                28
            ) <= m.width and m.height <= area.h - 2 * display.px(12):
                return m
    return m


def _measure(tally: Tally, display: Display, area: pygame.Rect, size: int, wrap: bool) -> Measured:
    px, fp = display.px, display.font_px
    pad = px(28)
    title_font = get_font(fp(34), "serif-bold")
    hint_font = get_font(fp(18))
    head = get_font(fp(size), "sans-bold")
    body = get_font(fp(size))
    bold = get_font(fp(size), "sans-bold")
    gap = px(size * 1.0)
    columns = tuple(_column_widths(t, (head, body, bold), gap, wrap) for t in tally.tables)
    table_w = max(sum(c) - gap for c in columns)
    headings = tuple(
        tuple(tuple(wrap_text(h, head, w - gap)) for h, w in zip(t.columns, c, strict=True))
        for t, c in zip(tally.tables, columns, strict=True)
    )
    width = min(area.w - 2 * px(16), max(table_w + 2 * pad, px(640)))
    notes = tuple(tuple(wrap_text(n, body, width - 2 * pad)) for n in tally.notes)
    height = _height(tally, display, (title_font, head, body, hint_font), headings, notes)
    return Measured(
        width,
        height,
        title_font,
        head,
        body,
        bold,
        hint_font,
        columns,
        headings,
        notes,
        size,
        table_w,
    )


def _height(
    tally: Tally,
    display: Display,
    fonts: tuple[pygame.font.Font, ...],
    headings: tuple[tuple[tuple[str, ...], ...], ...],
    notes: tuple[tuple[str, ...], ...],
) -> int:
    px = display.px
    title_font, head, body, hint_font = fonts
    line = body.get_linesize()
    height = 2 * px(28) + title_font.get_linesize() + hint_font.get_linesize() + px(12)
    for table, heading in zip(tally.tables, headings, strict=True):
        heads = max(len(h) for h in heading)
        height += px(14) + (line if table.title else 0) + heads * head.get_linesize() + px(6)
        height += len(table.rows) * line + px(6)
    height += px(10) + sum(len(n) for n in notes) * line + px(6) * len(notes)
    return height + px(10) + hint_font.get_linesize()


def fits(tally: Tally, display: Display, area: pygame.Rect) -> bool:
    """Whether the panel stands whole in ``area`` with its words at a readable size."""
    m = measure(tally, display, area)
    inside = m.table_width + 2 * display.px(28) <= m.width <= area.w
    return inside and m.height <= area.h and m.body_font.get_height() >= display.readable_px


def panel_image(tally: Tally, display: Display, area: pygame.Rect) -> pygame.Surface:
    """The panel: title, the line saying what the numbers are, the tables, the notes and how
    to close it."""
    px = display.px
    m = measure(tally, display, area)
    pad = px(28)
    image = pygame.Surface((m.width, min(m.height, area.h)), pygame.SRCALPHA)
    render.draw_box(
        image, render.Box(image.get_rect(), (12, 20, 16, 242), GOLD, px(16), max(2, px(3)))
    )
    y = pad
    title = m.title_font.render(tally.title, True, GOLD)
    image.blit(title, title.get_rect(midtop=(m.width // 2, y)))
    y += m.title_font.get_linesize()
    sub = m.hint_font.render(IF_ENDED, True, MUTED)
    image.blit(sub, sub.get_rect(midtop=(m.width // 2, y)))
    y += m.hint_font.get_linesize() + px(12)
    for i, table in enumerate(tally.tables):
        y = _draw_table(image, display, m, (table, i), y + px(14))
    y += px(10)
    for lines in m.notes:
        for line in lines:
            image.blit(m.body_font.render(line, True, CREAM), (pad, y))
            y += m.body_font.get_linesize()
        y += px(6)
    hint = m.hint_font.render(CLOSE_HINT, True, MUTED)
    image.blit(hint, hint.get_rect(midtop=(m.width // 2, y + px(10))))
    return image


def _draw_table(
    image: pygame.Surface, display: Display, m: Measured, which: tuple[TallyTable, int], y: int
) -> int:
    """One table, centred in the panel: a gold header, a rule under it and over a total row.
    The first column (who or what) reads left-aligned, the numbers right-aligned."""
    px = display.px
    table, index = which
    widths, heading = m.columns[index], m.headings[index]
    gap = px(m.size * 1.0)
    left = (m.width - (sum(widths) - gap)) // 2
    if table.title:
        image.blit(m.head_font.render(table.title, True, GOLD), (left, y))
        y += m.body_font.get_linesize()

    # Who or what (the first column, and columns of words) reads from the left; numbers
    # line up on the right.
    wordy = [True] + [
        all(row.cells[i].words or row.cells[i].empty for row in table.rows)
        for i in range(len(table.columns) - 1)
    ]

    def cells(
        texts: Sequence[str], font: pygame.font.Font, colour: tuple[int, int, int], y: int
    ) -> None:
        x = left
        for i, (text, w) in enumerate(zip(texts, widths, strict=True)):
            surf = font.render(text, True, colour)
            if wordy[i]:
                image.blit(surf, (x, y))
            else:
                image.blit(surf, surf.get_rect(topright=(x + w - gap, y)))
            x += w

    # Headings sit on the rule: a heading of two lines starts a line higher.
    heads = max(len(h) for h in heading)
    for k in range(heads):
        texts = [h[k - heads + len(h)] if k >= heads - len(h) else "" for h in heading]
        cells(texts, m.head_font, GOLD, y)
        y += m.head_font.get_linesize()
    rule_w = sum(widths) - gap
    pygame.draw.line(image, GOLD_DEEP, (left, y + px(2)), (left + rule_w, y + px(2)), max(1, px(2)))
    y += px(6)
    for row in table.rows:
        if row.total:
            pygame.draw.line(image, GOLD_DEEP, (left, y), (left + rule_w, y), max(1, px(1)))
        font = m.bold_font if row.total else m.body_font
        cells([row.label, *(c.text() for c in row.cells)], font, CREAM, y)
        y += m.body_font.get_linesize()
    return y + px(6)


@dataclass(frozen=True)
class _Standing:
    """The button where it stands, as the status bar measures its room."""

    rect: pygame.Rect
    visible: bool = True


class ScorePanel:
    """Owned by the table scene: the Score button, the key, and the panel while it is open."""

    def __init__(self, app: App, host: ScoreHost) -> None:
        self.app = app
        self.host = host
        self.button: pygame_gui.elements.UIButton | None = None
        self.open = False
        self._tally: tuple[tuple[int, int | None], Tally | None] | None = None
        self._drawn: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._bar: tuple[object, ...] | None = None  # what the button's place was judged for

    def build(self, rect: pygame.Rect, container: pygame_gui.core.UIContainer | None) -> None:
        self.button = pygame_gui.elements.UIButton(
            rect,
            "Score",
            self.app.ui,
            container=container,
            tool_tip_text="The score if the game ended now (T)",
        )
        self._bar = None

    def give_way(
        self, display: Display, status: StatusPanel, text: str, buttons: Sequence[object]
    ) -> None:
        """The status line comes first: the button shows only while the line stands whole
        beside it (a TV's long prompts need the room; the key still opens the panel)."""
        button = self.button
        if button is None:
            return
        others = [b for b in buttons if b is not None and b is not button]
        key = (text, display, tuple(getattr(b, "visible", False) for b in others))
        if key == self._bar:
            return
        self._bar = key
        here = _Standing(button.rect)
        lines = status.lines(display, text, [here, *others])[0]
        if " ".join(lines) == text:
            button.show()
        else:
            button.hide()

    @property
    def tally(self) -> Tally | None:
        """The tally for the position and viewer shown now (worked out once for each)."""
        host = self.host
        key = (len(host.game.history), host.viewer)
        if self._tally is None or self._tally[0] != key:
            self._tally = (key, tally_for(host.game, host.viewer, host.player_names))
        return self._tally[1]

    def toggle(self) -> None:
        if self.open:
            self.open = False
        elif self.tally is None:
            self.app.toast("This game has no score so far to show.")
        else:
            self.open = True

    def handle(self, event: pygame.event.Event) -> bool:
        """The Score button and the key open and close it; while it is open, Esc and a click
        close it and other keys wait. True if ``event`` was used (another button pressed
        closes the panel and goes on to do its work)."""
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED
        if pressed and event.ui_element is self.button:
            self.toggle()
            return True
        if event.type == pygame.KEYDOWN and event.key == KEY and not event.mod & pygame.KMOD_CTRL:
            self.toggle()
            return True
        if not self.open:
            return False
        if pressed:
            self.open = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            self.open = False
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        tally = self.tally if self.open else None
        if tally is None:
            return
        display, area = self.app.display, self.host.layout_rect
        key = (tally, display, tuple(area))
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, panel_image(tally, display, area))
        image = self._drawn[1]
        render.draw_box(surface, render.Box(area, (0, 0, 0, 110), None, 0))
        surface.blit(image, image.get_rect(center=area.center))
