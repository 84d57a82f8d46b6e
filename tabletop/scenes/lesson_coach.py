"""A lesson's coach: a band over the table saying what to do now and why, with *Back* and (on
a step that only explains) *Next*, and a glow and an arrow on the places the step points at.

The band has its own room above the play area (the table is laid out under it), so it never
covers the hand, the scores or a piece, at any size; its height is the most lines any step of
the lesson needs, so the table does not jump from step to step. A step's places are
``"card:<piece id>"`` (a piece of the table's model, where it is drawn now) and
``"zone:<zone id>"`` (a zone of the model); a place the table does not show now is simply
not pointed at (the lesson tests check every place shows at every size).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ..table import render
from ..table.model import Piece, TableModel
from ..ui.palette import CREAM, MUTED, PANEL
from ..ui.text import wrap_text

if TYPE_CHECKING:
    from ..app import App

#: The coach's colour (its border, the glow and the arrow): not the hint's gold.
COACH = (120, 200, 255)
#: Half the longest line the coach writes, in 1080p-desktop pixels (an eye follows it).
WIDEST = 640


def point_rect(
    model: TableModel, place: str, draw_rect: Callable[[Piece], pygame.Rect] | None = None
) -> pygame.Rect | None:
    """Where ``place`` (``"card:<id>"`` or ``"zone:<id>"``) is on the table laid out as
    ``model`` (a piece where ``draw_rect`` draws it now, if given), or None if it is not."""
    kind, _, ident = place.partition(":")
    if kind == "card":
        for piece in model.pieces:
            if piece.id == ident:
                return draw_rect(piece) if draw_rect is not None else piece.rect.copy()
    elif kind == "zone":
        for zone in model.zones:
            if zone.id == ident:
                return zone.rect.copy()
    return None


class Coach:
    """The coach's band and pointers on one table (the lesson scene forwards its life)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.text = ""
        self.before = ""  # what just happened, said first in a quieter colour
        self.points: tuple[str, ...] = ()
        self.next_offered = False
        self.back_offered = False
        self.rect: pygame.Rect | None = None
        self.lines: list[tuple[str, bool]] = []  # each line, and whether it is ``before``'s
        self.back_button: pygame_gui.elements.UIButton | None = None
        self.next_button: pygame_gui.elements.UIButton | None = None

    def say(
        self,
        text: str,
        points: Sequence[str] = (),
        *,
        before: str = "",
        next_offered: bool,
        back_offered: bool,
    ) -> None:
        """What the coach says and points at now (laid out at the next :meth:`place`)."""
        self.text, self.before = text, before
        self.points = tuple(points)
        self.next_offered = next_offered
        self.back_offered = back_offered

    # ---- measures ---------------------------------------------------------------------
    @property
    def pad(self) -> int:
        return self.app.display.px(14)

    def _button_size(self) -> tuple[int, int]:
        d = self.app.display
        font = render.fonts.get_font(d.font_px(22), "sans-bold")
        bw = max(font.size(t)[0] for t in ("Back", "Next")) + d.px(40)
        return bw, max(d.px(44), d.font_px(22) + d.px(16))

    def text_width(self, width: int) -> int:
        """The width of the coach's lines in a band ``width`` wide (its buttons at the right)."""
        bw, _ = self._button_size()
        return max(1, min(width - 2 * bw - 4 * self.pad, self.app.display.px(WIDEST) * 2))

    def band_height(self, width: int, texts: Sequence[str]) -> int:
        """The band's height: the most lines any of ``texts`` needs (three at least, five at
        most), or its buttons' height."""
        font = render.fonts.get_font(self.font_px)
        inner = self.text_width(width)
        lines = max((len(wrap_text(t, font, inner)) for t in texts), default=1)
        _, bh = self._button_size()
        return max(bh, min(5, max(3, lines)) * font.get_linesize()) + 2 * self.pad

    # ---- laying out -------------------------------------------------------------------
    def kill(self) -> None:
        for button in (self.back_button, self.next_button):
            if button is not None:
                button.kill()
        self.back_button = self.next_button = None

    def place(self, container: pygame_gui.core.UIContainer, band: pygame.Rect) -> None:
        """Lay the coach out in ``band``: its words at the left (what just happened first,
        where it fits), its buttons at the right."""
        self.kill()
        self.rect = band
        font = render.fonts.get_font(self.font_px)
        room = max(1, (band.h - 2 * self.pad) // font.get_linesize())
        inner = self.text_width(band.w)
        said = wrap_text(self.text, font, inner) if self.text else []
        before = wrap_text(self.before, font, inner) if self.before else []
        if len(before) + len(said) > room:
            before = []  # no room: what to do now comes first
        self.lines = [(line, True) for line in before] + [(line, False) for line in said]
        bw, bh = self._button_size()
        y = band.centery - bh // 2
        x = band.right - self.pad - bw
        if self.next_offered:
            self.next_button = pygame_gui.elements.UIButton(
                pygame.Rect(x, y, bw, bh),
                "Next",
                self.app.ui,
                container=container,
                object_id="#primary",
                tool_tip_text="Go on (Enter)",
            )
        x -= bw + self.pad
        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(x, y, bw, bh),
            "Back",
            self.app.ui,
            container=container,
            tool_tip_text="Go back to your previous step (Ctrl+Z)",
        )
        if not self.back_offered:
            self.back_button.disable()

    @property
    def font_px(self) -> int:
        return self.app.display.font_px(24)

    def pressed(self, element: object) -> str | None:
        """``"back"`` or ``"next"`` if ``element`` is one of the coach's buttons."""
        if element is None:
            return None
        if element is self.back_button:
            return "back"
        if element is self.next_button:
            return "next"
        return None

    # ---- drawing ----------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        model: TableModel,
        draw_rect: Callable[[Piece], pygame.Rect],
        now: float | None = None,
    ) -> None:
        """The glow and arrow on each pointed place (where it is drawn now), then the panel."""
        d = self.app.display
        beat = 0.5 + 0.5 * math.sin((time.monotonic() if now is None else now) * 4.0)
        for place in self.points:
            rect = point_rect(model, place, draw_rect)
            if rect is None:
                continue
            self._glow(surface, rect, beat)
            self._arrow(surface, rect, beat)
        band = self.rect
        if band is None:
            return
        render.draw_box(surface, render.Box(band, PANEL, COACH, d.px(12), max(2, d.px(3))))
        font = render.fonts.get_font(self.font_px)
        step = font.get_linesize()
        top = band.centery - len(self.lines) * step // 2
        for i, (line, quiet) in enumerate(self.lines):
            render.draw_text(
                surface,
                render.Text(
                    line,
                    (band.left + 2 * self.pad, top + i * step),
                    self.font_px,
                    MUTED if quiet else CREAM,
                ),
            )

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect, beat: float) -> None:
        d = self.app.display
        grow = d.px(8) + round(d.px(6) * beat)
        width = max(3, d.px(5))
        pygame.draw.rect(
            surface, COACH, rect.inflate(2 * grow, 2 * grow), width, border_radius=d.px(12)
        )

    def _arrow(self, surface: pygame.Surface, rect: pygame.Rect, beat: float) -> None:
        """An arrow over the place (under it where the table's top is too near)."""
        d = self.app.display
        size = max(12, d.px(26))
        gap = d.px(14) + round(d.px(8) * beat)
        down = rect.top - gap - size >= (self.rect.bottom if self.rect is not None else 0)
        tip_y = rect.top - gap if down else rect.bottom + gap
        base_y = tip_y - size if down else tip_y + size
        x = rect.centerx
        points = [(x, tip_y), (x - size * 2 // 3, base_y), (x + size * 2 // 3, base_y)]
        pygame.draw.polygon(surface, COACH, points)
        pygame.draw.polygon(surface, (20, 30, 40), points, max(1, d.px(2)))
