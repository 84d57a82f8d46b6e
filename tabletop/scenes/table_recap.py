"""The table's "recap": a pause that explains the end of a deal, a campaign or the game.

When a move ends something, the game's layout may describe it (:meth:`Layout.recap`) and the
table shows it as a panel centred over the play area: a title and a few short lines of what
happened and why, before play goes on. The AI seats wait while it shows; it ends on its timer
(3.5 s at normal speed, shorter when faster), on a click, Enter, Space or Esc, or when a
phone's move arrives. At Instant speed it still shows (it is information, not animation), for
1.5 s, and any key or click ends it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

import rules

from ..display import Display
from ..fonts import get_font
from ..table import render
from ..table.model import Recap, RecapHold
from ..ui.palette import CREAM, GOLD, MUTED
from ..ui.text import wrap_text

if TYPE_CHECKING:
    from ..app import App
    from ..layouts.base import Layout
    from ..session import Session

#: How long a recap shows at normal speed (divided by the speed: 2× shows it half as long).
SECONDS = 3.5
#: How long it shows at Instant speed, where nothing else waits to be seen.
INSTANT_SECONDS = 1.5
#: Keys that end a recap at any speed (any key does at Instant speed).
END_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)


class RecapHost(Protocol):
    """Where the table lays out what a recap holds (it changes with the window)."""

    @property
    def layout_rect(self) -> pygame.Rect: ...


class TableRecaps:
    """A move's recap on its way: made by the move, waiting for its trick to sweep away, then
    shown by the overlay; and what the table holds meanwhile (an ended campaign's map). The
    layout sees only the public events and view: the recap shows to the whole table."""

    def __init__(
        self, app: App, session: Session, layout: Layout, overlay: RecapOverlay, host: RecapHost
    ) -> None:
        self.app = app
        self.session = session
        self.layout = layout
        self.overlay = overlay
        self.host = host
        self.due: Recap | None = None  # made by the last move, shown after its trick
        self.events: list[rules.Event] = []  # that move's public events
        #: What the table holds while the recap shows, or None.
        self.hold: RecapHold | None = None

    @property
    def pending(self) -> bool:
        """A recap shows or waits for a held trick to go."""
        return self.overlay.busy or self.due is not None

    def start(self, events: list[rules.Event]) -> None:
        """Pause to explain the move's end of a deal, campaign or game, if it made one."""
        public = rules.visible_events(events, None)
        recap = self.layout.recap(public, self.session.game.view(None), self.session.names)
        if recap is not None:
            self.due = recap  # shown once a held trick has swept away
            self.events = public

    def lay_out(self) -> None:
        """What the table holds under the recap, laid out for the table as it is now (public,
        like the recap); nothing without a recap."""
        if not self.pending:
            self.hold = None
            return
        self.hold = self.layout.recap_hold(
            self.events,
            self.session.game.view(None),
            self.host.layout_rect,
            self.app.display,
            self.session.names,
            colorblind=self.app.settings.colorblind,
        )

    def show_due(self, trick_held: bool) -> bool:
        """Show the waiting recap unless a trick is still held; True if it was shown."""
        if self.due is None or trick_held:
            return False
        self.overlay.show(self.due, self.app.settings.animation_speed)
        self.due = None
        return True

    def end(self) -> bool:
        """The recap is over, or will not show; True if one was showing."""
        self.due = None
        if not self.overlay.busy:
            return False
        self.overlay.end()
        return True


class RecapOverlay:
    """Owned by the table scene: it starts a recap, ends it, and draws it."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock  # tests pass their own clock: no sleeping for a timer
        self.recap: Recap | None = None
        self.started = 0.0
        self.until = 0.0
        self.instant = False
        #: The panel drawn last: what it was drawn for, where it goes, its picture.
        self._drawn: tuple[tuple, pygame.Rect, pygame.Surface] | None = None

    @property
    def busy(self) -> bool:
        """A recap is showing (the AI seats and the results screen wait for it)."""
        return self.recap is not None

    def show(self, recap: Recap, speed: float) -> None:
        """Show ``recap`` for a time that depends on the animation ``speed`` (0: Instant)."""
        self.instant = speed <= 0
        seconds = INSTANT_SECONDS if self.instant else SECONDS / max(speed, 0.25)
        self.recap = recap
        self.started = self.clock()
        self.until = self.started + seconds

    def end(self) -> None:
        self.recap = None

    def update(self) -> None:
        """Call once a frame: ends the recap when its time is up."""
        if self.recap is not None and self.clock() >= self.until:
            self.end()

    def handle(self, event: pygame.event.Event) -> bool:
        """End the recap on a click or an ending key; True if ``event`` was used for that."""
        if self.recap is None:
            return False
        clicked = event.type == pygame.MOUSEBUTTONDOWN and (
            self.instant or getattr(event, "button", 0) == 1
        )
        pressed = event.type == pygame.KEYDOWN and (
            self.instant or getattr(event, "key", None) in END_KEYS
        )
        if clicked or pressed:
            self.end()
            return True
        return False

    # ---- drawing ------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        display: Display,
        area: pygame.Rect,
        hold: RecapHold | None = None,
        colorblind: bool = False,
    ) -> None:
        """The panel, centred over ``area`` (the play area), with a bar for the time left;
        with a ``hold``, what it holds clear of the veil and the panel in its place if it fits
        there."""
        recap = self.recap
        if recap is None:
            return
        beside = hold.panel if hold is not None else None
        key = (recap, display, tuple(area), tuple(beside) if beside is not None else None)
        if self._drawn is None or self._drawn[0] != key:
            fits = beside is not None and panel_fits(recap, display, beside)
            where = beside if beside is not None and fits else area
            self._drawn = (key, where.copy(), panel_image(recap, display, where))
        _, where, image = self._drawn
        # A veil over the play area says play has paused; the panel sits in its middle, or
        # beside what the table holds, which stays in full view.
        render.draw_box(surface, render.Box(area, (0, 0, 0, 110), None, 0))
        if hold is not None:
            draw_hold(surface, hold, colorblind)
        rect = image.get_rect(center=where.center)
        surface.blit(image, rect)
        span = max(1e-6, self.until - self.started)
        left = max(0.0, min(1.0, (self.until - self.clock()) / span))
        inset = display.px(18)
        bar = pygame.Rect(rect.x + inset, rect.bottom - display.px(14), 0, display.px(4))
        bar.w = round((rect.w - 2 * inset) * left)
        if bar.w > 0:
            pygame.draw.rect(surface, GOLD, bar, border_radius=bar.h // 2)


def draw_hold(surface: pygame.Surface, hold: RecapHold, colorblind: bool) -> None:
    """What the table holds under a recap, over the table as it is now (each piece at its
    table size, as the table paints it)."""
    for box in hold.model.boxes:
        render.draw_box(surface, box)
    for piece in sorted(hold.model.pieces, key=lambda p: p.z):
        surface.blit(render.piece_image(piece, piece.rect.w, colorblind), piece.rect)
    for text in hold.model.texts:
        render.draw_text(surface, text)


@dataclass(frozen=True)
class _Panel:
    """A recap's panel measured for an area: its size, fonts and wrapped lines."""

    width: int
    height: int
    title_font: pygame.font.Font
    body_font: pygame.font.Font
    hint_font: pygame.font.Font
    title: list[str]
    body: list[list[str]]


def _measure(recap: Recap, display: Display, area: pygame.Rect) -> _Panel:
    """The panel sized for ``area``: the body shrinks from 26 to 20 display points if the
    lines would not fit (its height may still be more than the area's)."""
    px, fp = display.px, display.font_px
    pad = px(32)
    width = min(area.w - 2 * px(24), max(px(760), area.w * 2 // 3))
    inner = width - 2 * pad
    title_font = get_font(fp(36), "serif-bold")
    hint_font = get_font(max(fp(18), 14))
    title_lines = wrap_text(recap.title, title_font, inner)
    for size in (26, 24, 22, 20):
        body_font = get_font(fp(size))
        body = [wrap_text(line, body_font, inner) for line in recap.lines]
        height = (
            2 * pad
            + len(title_lines) * title_font.get_linesize()
            + px(14)
            + sum(len(b) for b in body) * body_font.get_linesize()
            + px(8) * max(0, len(body) - 1)
            + px(18)
            + hint_font.get_linesize()
            + px(10)
        )
        if height <= area.h - 2 * px(16):
            break
    return _Panel(width, height, title_font, body_font, hint_font, title_lines, body)


def panel_fits(recap: Recap, display: Display, area: pygame.Rect) -> bool:
    """Whether the recap's panel stands whole in ``area``, its words at 20 points or more."""
    panel = _measure(recap, display, area)
    return panel.width >= display.px(320) and panel.height <= area.h - 2 * display.px(16)


def panel_image(recap: Recap, display: Display, area: pygame.Rect) -> pygame.Surface:
    """The recap's panel: title, wrapped lines, and how to go on, sized to fit ``area``
    (the body shrinks from 26 to 20 display points if the lines would not fit)."""
    px = display.px
    pad = px(32)
    panel = _measure(recap, display, area)
    width, height = panel.width, min(panel.height, area.h)
    title_font, body_font, hint_font = panel.title_font, panel.body_font, panel.hint_font
    title_lines, body = panel.title, panel.body
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    render.draw_box(
        image, render.Box(image.get_rect(), (12, 20, 16, 242), GOLD, px(16), max(2, px(3)))
    )
    y = pad
    for line in title_lines:
        text = title_font.render(line, True, GOLD)
        image.blit(text, text.get_rect(midtop=(width // 2, y)))
        y += title_font.get_linesize()
    y += px(14)
    for lines in body:
        for line in lines:
            image.blit(body_font.render(line, True, CREAM), (pad, y))
            y += body_font.get_linesize()
        y += px(8)
    hint = hint_font.render("Click or press Enter to go on", True, MUTED)
    image.blit(hint, hint.get_rect(midtop=(width // 2, y + px(10))))
    return image
