"""The table's two panels: the status bar on top (whose turn, what to do) and the game log
on the right."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..display import Display
from ..table import render
from ..ui.palette import CREAM, GOLD, GOLD_DEEP, MUTED, PANEL
from ..ui.text import ellipsize, line_step, wrap_text


class StatusPanel:
    """The bar across the top: one line (two smaller ones if long) left of its buttons."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(
        self, surface: pygame.Surface, display: Display, text: str, buttons: Sequence[object]
    ) -> None:
        """Draw ``text`` in the room left of the visible ``buttons`` (pygame-gui buttons)."""
        d = display
        lines, size, width = self.lines(display, text, buttons)
        step = line_step(size, "sans-bold", len(lines), self.rect.h)
        top = self.rect.centery - step * (len(lines) - 1) // 2
        for i, line in enumerate(lines):
            render.draw_text(
                surface,
                render.Text(
                    line,
                    (d.px(24), top + i * step),
                    size,
                    CREAM,
                    "midleft",
                    "sans-bold",
                    max_width=width,
                ),
            )

    def lines(
        self, display: Display, text: str, buttons: Sequence[object]
    ) -> tuple[list[str], int, int]:
        """The lines ``text`` is shown as, their font size and the width they have: one line at
        full size; if too long, two smaller ones (they read better, from a sofa too, than one
        line squeezed small), the second ended with an ellipsis if even they do not hold it."""
        d = display
        shown = [
            b.rect.x  # type: ignore[attr-defined]
            for b in buttons
            if b is not None and b.visible  # type: ignore[attr-defined]
        ]
        width = max(1, min(shown, default=self.rect.w) - d.px(48))
        size = d.font_px(26)
        font = render.fonts.get_font(size, "sans-bold")
        if font.size(text)[0] <= width:
            return [text], size, width
        size = d.font_px(20)
        # Two lines must stand in the bar (its height does not grow on a TV), set close.
        while size > 12 and 2 * line_step(size, "sans-bold", 2, self.rect.h) > self.rect.h:
            size -= 1
        font = render.fonts.get_font(size, "sans-bold")
        lines = wrap_text(text, font, width)
        if len(lines) > 2:
            lines = [lines[0], ellipsize(" ".join(lines[1:]), font, width)]
        lines = [ellipsize(line, font, width) for line in lines]  # an over-long single word
        return lines, size, width


@dataclass(frozen=True)
class LogHeader:
    """The log panel's head, in the panel's own coordinates (:meth:`LogPanel.header`)."""

    title: pygame.Rect
    hint: pygame.Rect | None
    slot: pygame.Rect | None  # the widget's place
    top: int  # where the lines start
    hint_lines: tuple[str, ...] = ()  # the hint's words, a line each (in ``hint``)


class LogPanel:
    """The game log down the right side, newest line last; the mouse wheel scrolls it. The
    table and the replay (titled "Moves") both draw their log with it.

    Drawn here rather than as a pygame-gui ``UITextBox``: a box re-lays out its whole HTML
    on every change, a dropped frame on every move of a long game; it cannot highlight the
    newest line; and it keeps its text in the widget, so a covered table's hidden box would
    still hold the last viewer's lines (a leak under the replay)."""

    def __init__(self, title: str = "Game log") -> None:
        self.title = title
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0  # lines scrolled back from the newest
        self.wide = False  # on a TV, the player widened it to read (Display.log_px)
        self.hint = ""  # a key that changes it, by the title ("Press G to widen the log": TV)
        #: A widget's size kept free at the panel's top right (the last-trick peek's button),
        #: or None; see :meth:`header`.
        self.slot: tuple[int, int] | None = None
        self._cache: tuple[tuple, pygame.Surface] | None = None
        # Each entry's wrapped lines and each line's picture, for one font size and width:
        # a move adds a line, so only the new entry's are made (re-wrapping every entry
        # would cost every move more as the game grows).
        self._form: tuple[int, int] = (0, 0)
        self._wrapped: dict[str, list[str]] = {}
        self._pictures: dict[tuple[str, tuple[int, int, int]], pygame.Surface] = {}

    def forget(self) -> None:
        """Draw afresh next frame (the pictures of its text are cached)."""
        self._cache = None

    def wheel(self, pos: tuple[int, int], dy: int) -> None:
        if self.rect.collidepoint(pos):
            self.scroll = max(0, self.scroll + dy * 3)

    def draw(
        self,
        surface: pygame.Surface,
        display: Display,
        lines: list[str],
        viewer: int | None,
        *,
        late: bool = False,
    ) -> None:
        """The panel for ``lines``; ``late``: the last picture will do while it has the panel's
        size (a move's own frame leaves its new line to the next: frame time p99)."""
        key = (len(lines), viewer, self.rect.size, self.scroll, display.scale, self.slot)
        cache = self._cache
        # Only the newest lines may wait, never another viewer's (key[1]).
        stale_ok = late and cache is not None and cache[0][1:] == key[1:]
        if cache is None or (cache[0] != key and not stale_ok):
            cache = self._cache = (key, self.render(display, lines))
        surface.blit(cache[1], self.rect)

    def header(self, display: Display, slot: tuple[int, int] | None = None) -> LogHeader:
        """Where the title, the hint and a widget of size ``slot`` stand in the panel, and where
        the lines start. The hint goes beside the title, or under it when the row is too
        narrow (a TV's narrow log), on two lines if one does not hold it whole; the
        widget goes at the title row's right end if it fits there, else on a row of its own
        under them, so it never covers them."""
        d = display
        pad = d.px(16)
        width = self.rect.w
        title_w, title_h = render.fonts.get_font(d.font_px(24), "serif-bold").size(self.title)
        title = pygame.Rect(pad, pad, title_w, title_h)
        hint = None
        hint_lines: tuple[str, ...] = ()
        row_end = title.right  # the title row is taken up to here
        bottom = title.bottom
        if self.hint:
            font = render.fonts.get_font(d.font_px(16))
            hint_w, hint_h = font.size(self.hint)
            hint = pygame.Rect(0, 0, hint_w, hint_h)
            hint_lines = (self.hint,)
            if title.right + pad + hint_w <= width - pad:
                hint.midright = (width - pad, title.centery)
                row_end = hint.x
            else:
                hint_lines = tuple(wrap_text(self.hint, font, width - 2 * pad))
                hint.size = (
                    max(font.size(line)[0] for line in hint_lines),
                    len(hint_lines) * font.get_linesize(),
                )
                hint.topleft = (pad, title.bottom + d.px(4))
                bottom = hint.bottom
        widget = None
        if slot is not None:
            widget = pygame.Rect((0, 0), slot)
            if row_end + pad + slot[0] <= width - pad and not (hint and hint.y > title.y):
                widget.midright = (width - pad, title.centery)
                widget.y = max(d.px(4), widget.y)
                bottom = max(bottom, widget.bottom)
            else:
                widget.topright = (width - pad, bottom + d.px(8))
                bottom = widget.bottom
        return LogHeader(title, hint, widget, bottom + pad, hint_lines)

    def drawn_for(self) -> int | None:
        """The seat whose log the panel last drew (None: the public table's, or none yet)."""
        return None if self._cache is None else self._cache[0][1]

    def render(self, display: Display, lines: list[str]) -> pygame.Surface:
        """The panel's picture for ``lines`` (uncached)."""
        d = display
        rect = self.rect
        image = pygame.Surface(rect.size).convert()  # opaque: a plain copy when blitted
        image.fill(PANEL[:3])
        pygame.draw.line(image, GOLD_DEEP, (0, 0), (0, rect.h), 2)
        pad = d.px(16)
        head = self.header(d, self.slot)
        image.blit(render.text_surface(self.title, d.font_px(24), GOLD, "serif-bold"), head.title)
        if head.hint is not None:
            step = render.fonts.get_font(d.font_px(16)).get_linesize()
            for i, words in enumerate(head.hint_lines):
                hint = render.text_surface(words, d.font_px(16), MUTED, "sans")
                image.blit(hint, (head.hint.x, head.hint.y + i * step))
        font = render.fonts.get_font(d.font_px(18))
        top = head.top
        form = (d.font_px(18), rect.w - 2 * pad)
        if form != self._form:
            self._form, self._wrapped, self._pictures = form, {}, {}
        if len(self._pictures) > 256:  # lines long scrolled away: ~8 MB at most at 1080p
            self._pictures = {}
        wrapped: list[str] = []
        for line in lines:
            parts = self._wrapped.get(line)
            if parts is None:
                parts = self._wrapped[line] = wrap_text(line, font, form[1])
            wrapped.extend(parts)
        visible = max(1, (rect.h - top - pad) // font.get_linesize())
        self.scroll = min(self.scroll, max(0, len(wrapped) - visible))
        end = len(wrapped) - self.scroll
        shown = wrapped[max(0, end - visible) : end]
        for i, line in enumerate(shown):
            colour = CREAM if i == len(shown) - 1 and not self.scroll else (214, 210, 196)
            picture = self._pictures.get((line, colour))
            if picture is None:
                picture = self._pictures[(line, colour)] = font.render(line, True, colour)
            image.blit(picture, (pad, top + i * font.get_linesize()))
        return image
