"""Moments the table holds so people can follow them: a completed trick or conflict stays on
the table with its winner marked, then sweeps to the winner; pieces that leave the table (a
struck stack) lift and fade before the rest closes up; the last trick can be peeked at again.

The game's layout says what to hold (:meth:`~tabletop.layouts.base.Layout.moment`, public
cards only); this module times it, draws it over the table and tells the scene when it is busy
(AI seats then wait). Times are counted in frames' ``dt``, scaled by the animation speed
(Instant: nothing is held); with the player's setting *Finished tricks wait for a click*, a
completed trick stays, at any speed, until a click or a key moves it on.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

import rules

from .. import fonts
from ..table import render
from ..table.model import Moment, Piece, TableModel
from ..ui.palette import CREAM, GOLD
from ..ui.text import fit_size, wrap_text

if TYPE_CHECKING:
    from ..app import App
    from ..layouts.base import Layout
    from ..session import Session
    from .table_drawing import SpriteBoard
    from .table_panels import LogPanel

HOLD = 1.0  # seconds a completed trick stays, at normal speed
PEEK = 3.0  # seconds the last-trick peek stays unless dismissed
SWEEP = 0.4  # seconds the trick takes to sweep to its winner
LEAVE = 0.45  # seconds a departing piece takes to lift and fade
#: Event data keys that name the cards a move took off the table (a struck stack).
LEAVING_KEYS = ("cards",)


def ease_out(f: float) -> float:
    """0..1 -> 0..1, fast at first and settling gently (a cubic ease-out)."""
    f = min(1.0, max(0.0, f))
    return 1.0 - (1.0 - f) ** 3


@dataclass
class Departure:
    """A piece leaving the table: it glides from ``start`` towards ``end`` (top-left corners)
    and fades out; ``scale_to`` shrinks it on the way (1: it keeps its size)."""

    piece: Piece
    start: tuple[int, int]
    end: tuple[int, int]
    duration: float
    t: float = 0.0
    scale_to: float = 1.0

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def rect(self) -> pygame.Rect:
        f = ease_out(self.t / self.duration) if self.duration > 0 else 1.0
        scale = 1.0 + (self.scale_to - 1.0) * f
        w = max(1, round(self.piece.rect.w * scale))
        h = max(1, round(self.piece.rect.h * scale))
        x = self.start[0] + (self.end[0] - self.start[0]) * f
        y = self.start[1] + (self.end[1] - self.start[1]) * f
        # Shrinking keeps the piece centred on its path.
        x += (self.piece.rect.w - w) / 2
        y += (self.piece.rect.h - h) / 2
        return pygame.Rect(round(x), round(y), w, h)

    def alpha(self) -> int:
        f = self.t / self.duration if self.duration > 0 else 1.0
        return max(0, min(255, round(255 * (1.0 - f**2))))


class MomentsHost(Protocol):
    """What the moments need of the table: the position and table it shows now."""

    @property
    def container(self) -> pygame_gui.core.UIContainer | None: ...
    @property
    def game(self) -> rules.Game: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def model(self) -> TableModel: ...
    @property
    def layout_rect(self) -> pygame.Rect: ...


class TableMoments:
    """The table's held moment (if any), its sweep, pieces leaving, and the last-trick peek."""

    def __init__(
        self,
        app: App,
        host: MomentsHost,
        layout: Layout,
        session: Session,
        pieces: SpriteBoard,
    ) -> None:
        self.app = app
        self.host = host
        self.layout = layout
        self.session = session
        self.pieces = pieces
        self.held: Moment | None = None
        self.left = 0.0  # seconds the held moment still stays
        self.peeking = False  # the held moment is the last-trick peek (no sweep after it)
        self.last: Moment | None = None  # the last completed trick or conflict, for the peek
        self.departures: list[Departure] = []
        self.closing_up = False  # departures hold the other pieces' glide until they are gone
        self._before: TableModel | None = None  # the table they leave, drawn until they have
        self.button: pygame_gui.elements.UIButton | None = None  # "Last trick (L)"
        self.log: LogPanel | None = None  # the panel the button stands on

    # ---- state ----------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """A moment is held or sweeping (AI seats wait; the table's input skips it)."""
        return self.held is not None or any(not d.done for d in self.departures)

    @property
    def holds_glide(self) -> bool:
        """Pieces that left are still leaving: the rest waits before closing up."""
        return self.closing_up and any(not d.done for d in self.departures)

    @property
    def backdrop(self) -> TableModel | None:
        """The table as it was, whose boxes and labels stay while pieces leave it (the
        stacks' headings close up with their cards, not before them)."""
        return self._before if self.holds_glide else None

    @property
    def waits(self) -> bool:
        """A finished trick waits for a click or a key (the player's setting), where someone
        can click this screen: a table played on phones only moves on by itself."""
        return self.app.settings.tricks_wait and not self.layout.on_phones

    @property
    def can_peek(self) -> bool:
        return self.last is not None

    def forget(self) -> None:
        """Drop everything (undo, a new table): it was about a position that is gone."""
        self.held = None
        self.peeking = False
        self.last = None
        self.departures = []
        self.closing_up = False
        self._before = None
        self.sync()

    # ---- the peek button -----------------------------------------------------------------
    def build(self, log: LogPanel) -> None:
        """The peek's button, at the top right of the game log (every table has one; the
        layouts' own space stays theirs), clear of the log's title and hint. Shown once
        there is something to peek at."""
        d = self.app.display
        font = fonts.get_font(d.font_px(22))  # as the table's other buttons measure
        label = "Last conflict (L)"  # the longest label sets the width
        size = (font.size(label)[0] + d.px(36), max(d.px(36), d.font_px(22) + d.px(12)))
        place = log.header(d, size).slot
        assert place is not None
        self.log = log
        self.button = pygame_gui.elements.UIButton(
            place.move(log.rect.topleft),
            self.label(),
            self.app.ui,
            container=self.host.container,
            tool_tip_text="Show the last completed trick or conflict again (L)",
        )
        self.sync()

    def label(self) -> str:
        return f"{self.last.peek_label if self.last else 'Last trick'} (L)"

    def sync(self) -> None:
        """The button shows while there is a last trick or conflict (and says which)."""
        button = self.button
        if button is None:
            return
        if self.log is not None:  # the log's lines make room for the button while it shows
            self.log.slot = button.rect.size if self.last is not None else None
        if self.last is None:
            button.hide()
            return
        if button.text != self.label():
            button.set_text(self.label())
        button.show()

    def handle_button(self, element: object) -> bool:
        if self.button is None or element is not self.button:
            return False
        if self.held is not None:
            self.skip()
        else:
            self.peek()
        return True

    # ---- after a move ---------------------------------------------------------------
    def after_move(
        self,
        before: dict | None,
        events: Sequence[rules.Event],
        old: TableModel,
    ) -> None:
        """Ask the layout what the move completed (held now), or let pieces it took off the
        table leave; called once the scene has built the new table."""
        host = self.host
        self.finish()
        speed = self.app.settings.animation_speed
        viewer = host.viewer
        seen = [e for e in events if e.visible_to(viewer)]
        moment = None
        if before is not None:
            moment = self.layout.moment(
                before,
                seen,
                host.game.view(viewer),
                viewer,
                host.layout_rect,
                self.app.display,
                self.session.names,
                colorblind=self.app.settings.colorblind,
                table=host.model,  # built from the same view just now: its geometry
            )
        if moment is not None:
            self.last = moment
            self.sync()
            if self.waits or speed > 0:
                self.held = moment
                self.left = math.inf if self.waits else HOLD / speed
                self.peeking = False
            return
        if speed > 0:
            self._leave(old, seen, speed)

    def _leave(self, old: TableModel, events: Iterable[rules.Event], speed: float) -> None:
        """Pieces the events name as taken off the table, gone from the new table: they lift
        and fade where they were, and the others close up after them."""
        named: set[str] = set()
        for event in events:
            for key in LEAVING_KEYS:
                value = event.data.get(key)
                if isinstance(value, list):
                    named.update(v for v in value if isinstance(v, str))
        if not named:
            return
        model = self.host.model
        shown = {p.id for p in model.pieces}
        shown |= {p.art[2] for p in model.pieces if p.art[0] == "card"}
        lift = self.app.display.px(60)
        for piece in old.pieces:
            card = piece.art[2] if piece.art[0] == "card" else piece.id
            if (piece.id in named or card in named) and piece.id not in shown and card not in shown:
                at = self.pieces.draw_rect(piece).topleft
                self.departures.append(
                    Departure(piece, at, (at[0], at[1] - lift), LEAVE / speed, scale_to=0.85)
                )
                self.closing_up = True
                self._before = old

    # ---- time and input ---------------------------------------------------------------
    def update(self, dt: float) -> None:
        for d in self.departures:
            d.t = min(d.duration, d.t + dt)
        if self.departures and all(d.done for d in self.departures):
            self.departures = []
            self.closing_up = False
            self._before = None
        if self.held is not None:
            self.left -= dt
            if self.left <= 0:
                self.skip()

    def skip(self) -> None:
        """End the hold now: a completed trick sweeps to its winner (a peek just closes)."""
        held, self.held = self.held, None
        if held is None or self.peeking:
            self.peeking = False
            return
        speed = self.app.settings.animation_speed
        target = self.host.model.origins.get(held.sweep_to)
        if target is None or speed <= 0:
            return
        for piece in held.model.pieces:
            end = (
                target.centerx - piece.rect.w // 2,
                target.centery - piece.rect.h // 2,
            )
            self.departures.append(
                Departure(piece, piece.rect.topleft, end, SWEEP / speed, scale_to=0.6)
            )

    def finish(self) -> None:
        """End the held moment and every departure at once (the next move is here)."""
        self.held = None
        self.peeking = False
        self.departures = []
        self.closing_up = False
        self._before = None

    def peek(self) -> bool:
        """Show the last completed trick or conflict again (False: there is none yet)."""
        if self.last is None or self.held is not None:
            return False
        self.departures = []
        self.held = self.last
        self.peeking = True
        speed = self.app.settings.animation_speed
        self.left = PEEK / speed if speed > 0 else PEEK
        return True

    # ---- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        colorblind = self.app.settings.colorblind
        for d in self.departures:
            if d.done:
                continue
            r = d.rect()
            image = render.passing_image(d.piece, r.size, colorblind)
            image.set_alpha(d.alpha())  # a copy: the cached image stays opaque
            surface.blit(image, r)
        held = self.held
        if held is None:
            return
        for box in held.model.boxes:
            render.draw_box(surface, box)
        for piece in sorted(held.model.pieces, key=lambda p: p.z):
            surface.blit(render.held_image(piece, colorblind), piece.rect)
        for box in held.over:
            render.draw_box(surface, box)
        for text in held.model.texts:
            render.draw_text(surface, text)
        self._caption(surface, held)

    def _caption_place(self, held: Moment, pill: pygame.Rect) -> tuple[int, int]:
        """Where the caption's top goes: at the top of the area if it clears the cards and
        their labels, else at its bottom, else just above the area."""
        d = self.app.display
        gap = d.px(6)
        label = round(d.font_px(17) * 1.4)  # a card's label line above or below it
        rects = [p.rect for p in held.model.pieces]
        if not rects:
            return (held.area.centerx, held.area.y + gap)
        content = rects[0].unionall(rects[1:]).inflate(0, 2 * label)
        top = pill.copy()
        top.midtop = (held.area.centerx, held.area.y + gap)
        if not top.colliderect(content):
            return top.midtop
        bottom = pill.copy()
        bottom.midbottom = (held.area.centerx, held.area.bottom - gap)
        if not bottom.colliderect(content):
            return bottom.midtop
        return (held.area.centerx, held.area.y - pill.h - gap)

    def _caption(self, surface: pygame.Surface, held: Moment) -> None:
        """The moment in words, in a pill at the top of its area (wrapped, not shrunk, when
        long: a TV's larger type must stay readable from the sofa)."""
        d = self.app.display
        text = held.caption + (" (last trick: click to close)" if self.peeking else "")
        if not self.peeking and self.left == math.inf:
            text += " (click to go on)"
        if not text:
            return
        size = d.font_px(20)
        pad = d.px(10)
        width = max(d.px(120), held.area.w - 2 * pad) - 2 * pad
        font = fonts.get_font(size, "sans-bold")
        lines = wrap_text(text, font, width)
        if len(lines) > 3:  # very long: shrink it to three lines
            size = max(d.font_px(14), fit_size(text, "sans-bold", width * 3, size))
            lines = wrap_text(text, fonts.get_font(size, "sans-bold"), width)
        images = [render.text_surface(line, size, CREAM, "sans-bold") for line in lines]
        line_h = max(i.get_height() for i in images)
        pill = pygame.Rect(0, 0, max(i.get_width() for i in images), line_h * len(images))
        pill.inflate_ip(2 * pad, pad)
        pill.midtop = held.caption_at or self._caption_place(held, pill)
        pill.clamp_ip(surface.get_rect())
        render.draw_box(surface, render.Box(pill, (12, 20, 16, 235), GOLD, d.px(10), 2))
        for n, image in enumerate(images):
            rect = image.get_rect(midtop=(pill.centerx, pill.y + pad // 2 + n * line_h))
            surface.blit(image, rect)
