"""Drawing the table: the static layer (felt, panels, boxes, labels), the pieces where their
sprites are now (gliding towards their model rects), the lit targets, the focus and the
selection, the overlays of the other parts, and the tip under the pointer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from rules import Event, Move

from ..table import card_art, render
from ..table import marks as paint
from ..table.model import Piece, RecapHold, TableModel
from ..table.static_layer import StaticLayer
from ..ui.palette import CREAM, GOLD, PANEL
from ..ui.text import wrap_text
from . import hint_spot
from .table_moments import ease_out
from .table_recap import draw_hold

if TYPE_CHECKING:
    from ..app import App
    from ..session import Session
    from ..table.gestures import Gestures
    from .hint_overlay import HintOverlay
    from .table_buttons import TableButtons
    from .table_input import TableInput
    from .table_marks import LastMoves
    from .table_moments import TableMoments
    from .table_night import NightHost
    from .table_panels import LogPanel, StatusPanel
    from .table_recap import RecapOverlay
    from .table_reveal import RevealHold

TWEEN = 0.45  # seconds another seat's card takes from its panel to the table, at normal speed
PICKER_SHADE = (0, 0, 0, 110)  # over the table while a picker panel is up
PICKER_PANEL = (18, 28, 23, 255)
#: Seconds a quiet frame may spend painting pictures ahead (at least one is painted).
PAINT_AHEAD = 0.002
#: Seconds a frame may spend painting the pictures it shows before it shows some scaled from
#: another size (render.frame_budget: a reflow changes the width of every card in a row).
PAINT_IN_FRAME = 0.001


@dataclass
class Sprite:
    """Where a piece is drawn now; it glides towards its model rect (or, for a piece another
    seat's move brought, travels there in a timed ease-out: ``tween`` seconds from ``start``)."""

    x: float
    y: float
    tween: float = 0.0
    t: float = 0.0
    start: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Overlays:
    """What the table draws over its pieces: each seat's last move, a held trick, the hint,
    a recap, a game night's phones."""

    last_moves: LastMoves
    moments: TableMoments
    hint: HintOverlay
    recap: RecapOverlay
    night: NightHost


class SpriteBoard:
    """Where each piece is drawn now: a sprite a piece, gliding towards its model rect."""

    def __init__(self) -> None:
        self.sprites: dict[str, Sprite] = {}

    def place(
        self,
        model: TableModel,
        old: set[str],
        animate: bool,
        speed: float,
        events: Sequence[Event],
        remote: bool,
    ) -> None:
        """A sprite for each piece of the table just laid out: a piece still there glides on
        from where it is drawn now; a new one (ids not in ``old``) comes from where it was
        played or drawn (``events``: the last move's), at a pace people can follow if another
        seat's move brought it (``remote``)."""
        fresh: dict[str, Sprite] = {}
        for piece in model.pieces:
            sprite = self.sprites.get(piece.id)
            if sprite is None or not animate or speed <= 0:
                start = (
                    _origin(model, piece, events)
                    if animate and speed > 0 and piece.id not in old
                    else None
                )
                sprite = Sprite(*(start or piece.rect.topleft))
                if start is not None and remote:
                    # Another seat's move travels at a pace people can follow.
                    sprite.tween, sprite.start = TWEEN / speed, (sprite.x, sprite.y)
            fresh[piece.id] = sprite
        self.sprites = fresh

    def glide(self, model: TableModel, dt: float, speed: float, carried: list[Piece]) -> None:
        """Move each sprite on towards its piece's rect (``dt`` seconds later); the pieces
        ``carried`` by the pointer stay with it."""
        rate = 1.0 if speed <= 0 else min(1.0, dt * 14 * speed)
        carried_ids = {id(p) for p in carried}
        for piece in model.pieces:
            if id(piece) in carried_ids:
                continue
            sprite = self.sprites[piece.id]
            tx, ty = piece.rect.topleft
            if sprite.tween > 0:
                sprite.t += dt
                f = ease_out(sprite.t / sprite.tween)
                sprite.x = sprite.start[0] + (tx - sprite.start[0]) * f
                sprite.y = sprite.start[1] + (ty - sprite.start[1]) * f
                if f >= 1.0:
                    sprite.tween = 0.0
                continue
            sprite.x += (tx - sprite.x) * rate
            sprite.y += (ty - sprite.y) * rate
            if abs(tx - sprite.x) < 0.5 and abs(ty - sprite.y) < 0.5:
                sprite.x, sprite.y = tx, ty

    def draw_rect(self, piece: Piece) -> pygame.Rect:
        """Where ``piece`` is drawn now (its sprite glides towards its model rect)."""
        sprite = self.sprites.get(piece.id)
        r = piece.rect.copy()
        if sprite is not None:
            r.topleft = (round(sprite.x), round(sprite.y))
        return r


def _origin(model: TableModel, piece: Piece, events: Sequence[Event]) -> tuple[int, int] | None:
    """Where a piece that just appeared comes from: the hand of whoever played or gave it,
    or the deck for a card drawn."""
    origins = model.origins
    for event in events:
        if event.data.get("card") == piece.id:
            if event.kind == "draw":
                zone = origins.get("deck")
            else:
                zone = origins.get(f"hand:{event.data.get('seat')}")
            if zone is not None:
                return zone.topleft
    return None


class DrawingHost(Protocol):
    """What the drawing needs of the table it draws, that changes as play goes on."""

    @property
    def model(self) -> TableModel: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def reveal(self) -> RevealHold | None: ...
    @property
    def layout_rect(self) -> pygame.Rect: ...
    @property
    def shown_hold(self) -> RecapHold | None:
        """What a recap holds on the table while it shows (None: no recap)."""

    def status_text(self) -> str: ...


class TableDrawing:
    """Draws one table: the host's model through its sprites, and the parts over it."""

    def __init__(
        self,
        app: App,
        session: Session,
        host: DrawingHost,
        pieces: SpriteBoard,
        gestures: Gestures,
        *,
        panels: tuple[StatusPanel, LogPanel],
        pointer: TableInput,
        controls: TableButtons,
        overlays: Overlays,
    ) -> None:
        self.app = app
        self.session = session
        self.host = host
        self.pieces = pieces
        self.gestures = gestures
        self.status, self.log = panels
        self.input = pointer
        self.controls = controls
        self.overlays = overlays
        self.static = StaticLayer()
        #: A move's own frame keeps the felt and labels (and the log) as they were; the next
        #: frames lay them anew (table_follow_up).
        self.static_late = False
        self.log_late = False
        self._log_text: tuple[list, int, object, int | None, list[str]] | None = None

    def _static_layer(self) -> pygame.Surface:
        """Felt, panels, boxes and labels: everything that does not move, drawn once and then
        redrawn where a move changed it (blitting it whole is far cheaper than blending it
        every frame)."""
        d = self.app.display
        viewer = self.host.viewer
        drawn = self.static.current(d.size)
        if self.static_late and drawn is not None and self.static.drawn_for == viewer:
            # A move's own frame lays the table out and draws its pieces; the felt, boxes and
            # labels follow a frame later (table_follow_up), so no frame does both. Never another
            # seat's labels, though: they may say what only that seat knows.
            return drawn
        # Pieces leaving: the table they leave.
        model = self.overlays.moments.backdrop or self.host.model
        status_bar = render.Box(self.status.rect, PANEL, None, 0)
        return self.static.draw(render.felt(d.size), [status_bar], model, viewer)

    def paint_ahead(self) -> None:
        """Paint a picture or two the table may soon show (``TableModel.upcoming``: a card a
        seat may play into the trick), on a frame with nothing else to do, so the move's own
        frame finds it painted (bench_game_night, bench_frames: frame time p99)."""
        render.paint_ahead(self.host.model.upcoming, self.app.settings.colorblind, PAINT_AHEAD)

    def draw(self, surface: pygame.Surface) -> None:
        render.frame_budget(PAINT_IN_FRAME)
        try:
            self._draw(surface)
        finally:
            render.frame_done()

    def _draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        host, input, over = self.host, self.input, self.overlays
        model = host.model
        surface.blit(self._static_layer(), (0, 0))
        lit = input.targets()
        for zone in model.zones:
            if zone.id in lit:
                paint.lit_target(surface, zone.rect, d)
        dragged = input.dragged
        hover = input.piece_at(pygame.mouse.get_pos()) if dragged is None else None
        focus_item = input.focused()
        carried = input.carried()
        carried_ids = {id(p) for p in carried}
        for piece in sorted(model.pieces, key=lambda p: p.z):
            if id(piece) not in carried_ids:
                self._draw_piece(
                    surface, piece, lifted=(piece is hover and bool(piece.drag) and not piece.dim)
                )
        over.last_moves.draw(surface)
        # The position a recap explains stays on the table (the recap's veil keeps it clear).
        hold = host.shown_hold
        colorblind = self.app.settings.colorblind
        if hold is not None and not over.recap.busy:
            draw_hold(surface, hold, colorblind)
        over.moments.draw(surface)
        for piece in carried:  # fanned like a meld, in z order: each one's index shows
            self._draw_piece(surface, piece, lifted=True)
        if input.band is not None:  # a rectangle picking several pieces
            pygame.draw.rect(surface, render.GLOW, input.band, d.px(2))
        panel = self.controls.panel
        if panel is not None:
            # A picker (a Jester's value, a house to take influence from): the table dims
            # behind it, so the choice reads as the one thing to do now; the panel is opaque.
            render.draw_box(surface, render.Box(host.layout_rect, PICKER_SHADE, None, 0))
            render.draw_box(surface, render.Box(panel, PICKER_PANEL, GOLD, d.px(14), 2))
        if focus_item is not None:
            paint.focus_ring(surface, focus_item, d)
        reveal = host.reveal
        if reveal is not None:
            reveal.draw_marks(surface, model, d, self.pieces.draw_rect)
        over.hint.draw(surface)
        over.recap.draw(surface, d, host.layout_rect, hold, colorblind)
        self.status.draw(surface, d, host.status_text(), self.controls.status_buttons())
        # A move's own frame shows the log as it was; its new line comes after the labels, two
        # frames later (table_follow_up).
        self.log.draw(surface, d, self._log_lines(), host.viewer, late=self.log_late)
        # A game night's phones strip, and its join panel over everything under the status bar.
        over.night.draw(surface, d, self._night_area())
        if dragged is None and hold is None:  # (a tip would tell of the table underneath)
            self._draw_tip(surface, pygame.mouse.get_pos())

    def _log_lines(self) -> list[str]:
        """The log in words for the viewer: a grown log adds only its new entries' words (all
        of them anew would cost every move more as the game grows); another log or viewer
        renders them all again."""
        session = self.session
        log, viewer = session.log, self.host.viewer
        last = log[-1] if log else None
        cached = self._log_text
        if (
            cached is not None
            and cached[0] is log
            and cached[3] == viewer
            and len(log) > cached[1] > 0
            and log[cached[1] - 1] is cached[2]  # the same log, grown: only the new words
        ):
            fresh = session.log_lines(viewer, start=cached[1])
            cached = (log, len(log), last, viewer, cached[4] + fresh)
            self._log_text = cached
        elif (
            cached is None
            or cached[0] is not log
            or cached[1] != len(log)
            or cached[2] is not last  # held, so an undo's new last entry never looks the same
            or cached[3] != viewer
        ):
            cached = (log, len(log), last, viewer, session.log_lines(viewer))
            self._log_text = cached
        return cached[4]

    def _night_area(self) -> pygame.Rect:
        """Where a game night's join panel may spread: everything under the status bar and
        left of the log, so the log and the phones strip under it stay in sight."""
        d = self.app.display
        top = self.status.rect.bottom
        return pygame.Rect(0, top, self.log.rect.x, d.height - top)

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        """What a hover tip at ``pos`` says: the layout's explanation of what is there (e.g.
        why a meld is invalid), else the full words of the face-up card on top there (a
        crowded hand shows little of each card). Face-down cards have none: only what the
        viewer's view shows face up is ever drawn as a card."""
        text = self.overlays.last_moves.tip_at(pos)  # a tag lies over what it marks
        text = text or next((t for r, t in self.host.model.tips if r.collidepoint(pos)), None)
        if text:
            return text
        piece = self.input.piece_at(pos)
        if piece is None or piece.art[0] != "card":
            return None
        return card_art.card_text(str(piece.art[1]), str(piece.art[2])) or piece.label or None

    def _draw_tip(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        """The tip for what the pointer rests on (:meth:`tip_at`), beside the pointer."""
        text = self.tip_at(pos)
        if not text:
            return
        d = self.app.display
        font = render.fonts.get_font(d.font_px(20))
        lines = wrap_text(text, font, d.px(420))
        pad = d.px(10)
        w = max(font.size(line)[0] for line in lines) + 2 * pad
        h = len(lines) * font.get_linesize() + 2 * pad
        box = pygame.Rect(pos[0] + d.px(18), pos[1] + d.px(18), w, h)
        box.clamp_ip(surface.get_rect())
        render.draw_box(surface, render.Box(box, (12, 20, 16, 240), GOLD, d.px(8), 2))
        for i, line in enumerate(lines):
            image = font.render(line, True, CREAM)
            surface.blit(image, (box.x + pad, box.y + pad + i * font.get_linesize()))

    def rects_of(self, move: Move) -> list[pygame.Rect]:
        """Where ``move`` shows on the table: its cards (or the piece dropped to make it), its
        target zone, or its button."""
        model = self.host.model
        gestures = self.gestures
        rects = [
            self.pieces.draw_rect(p)
            for p in model.pieces
            if p.id in move.cards
            or (p.drag is not None and p.drag in move.cards)
            # a piece that is no card (a counter) but which, dropped on the target, makes it
            or (
                not move.cards
                and p.drag is not None
                and move.target
                and gestures.resolve_drop(p.drag, move.target, [move]) == [move]
            )
        ]
        rects += [z.rect for z in model.zones if move.target and z.id == move.target]
        rects += [b.rect for b, m in self.controls.strip if m == move]
        return rects

    def banner_room(self, margin: int) -> hint_spot.Room:
        """Where a banner over the table (the hint's) may stand: clear of every piece (hands,
        counters, cards), every label (scores, counts, names), every button; better not
        across a panel or a zone; in the game log if the table has no room."""
        model = self.host.model
        keep = [p.rect for p in model.pieces]
        keep += [render.text_rect(t) for t in model.texts if t.text.strip()]
        keep += [b.rect for b, _ in self.controls.strip if b.visible]
        if self.controls.panel is not None:
            keep.append(self.controls.panel)
        peek = self.overlays.moments.button
        if peek is not None and peek.visible:
            keep.append(peek.rect)
        avoid = [b.rect for b in model.boxes] + [z.rect for z in model.zones]
        return hint_spot.Room(self.host.layout_rect, self.log.rect, keep, avoid, margin)

    def _draw_piece(self, surface: pygame.Surface, piece: Piece, lifted: bool) -> None:
        d = self.app.display
        r = self.pieces.draw_rect(piece)
        if lifted:
            r.y -= d.px(12)
        paint.draw_piece(surface, piece, r, d, self.app.settings.colorblind)
        if piece.drag and self.input.is_selected(piece.drag):
            paint.selected(surface, r, d)
