"""A replay: the table of a saved or finished game, move by move.

Step forward and back, jump to either end, or play at a chosen speed; "View" switches whose
eyes the table is seen through (the public table, or one seat's hand). Nothing can be played
here: the positions come from the move list, rebuilt by the rules layer (:mod:`..replay`).
Played forward a move at a time, each move sounds as it did at the table (a jump or a step
back is silent).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ..audio.cues import cue_for
from ..games import sound_cues_for
from ..layouts import get_layout
from ..replay import Replay, replay_viewers
from ..table import render
from ..table.model import TableModel
from ..ui.palette import CREAM, PANEL
from .base import Scene
from .table_panels import LogPanel

if TYPE_CHECKING:
    from ..app import App
    from ..session import Session

SPEEDS = (0.5, 1.0, 2.0, 4.0)  # moves a second while playing
CONTROLS = ("|<", "Back", "Play", "Step", ">|", "Speed 1×", "View: Public", "Close")


class ReplayScene(Scene):
    paints_background = True

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.replay = Replay(session)
        self.layout = get_layout(session.game_id)
        self.layout.live = False  # no prompts to act: nobody plays a replay
        self.cues = sound_cues_for(session.game_id)
        # An unfinished game's replay never shows a hand its human players may not see.
        self.viewers = replay_viewers(session)
        humans = session.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.playing = False
        self.speed = 1.0
        self.clock = 0.0
        self.model: TableModel | None = None
        self.layout_rect = pygame.Rect(0, 0, 0, 0)
        self.log = LogPanel("Moves")  # the table's own log panel: one way to draw a log
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.controls: dict[str, UIButton] = {}
        self._frame: tuple[tuple[object, ...], pygame.Surface] | None = None

    # ---- layout -----------------------------------------------------------------------
    def build(self) -> None:
        d = self.app.display
        # The bars are the table's frame: the same size in both profiles (their text grows).
        bar_h = d.frame_px(80)
        log_w = d.log_px(self.log.wide)  # as the table's: the TV grows the pieces, not the log
        self.bar_rect = pygame.Rect(0, d.height - bar_h, d.width, bar_h)
        self.log.rect = pygame.Rect(d.width - log_w, 0, log_w, d.height - bar_h)
        self.log.forget()
        top_h = d.frame_px(64)
        self.layout_rect = pygame.Rect(0, top_h, d.width - log_w, d.height - bar_h - top_h)
        font = render.fonts.get_font(d.font_px(22))
        labels = [*CONTROLS[:-3], self._speed_label(), self._view_label(), "Close"]
        widest_view = max(font.size(self._view_label(v))[0] for v in self.viewers)
        widths = [font.size(t)[0] + d.px(34) for t in labels]
        widths[labels.index(self._view_label())] = widest_view + d.px(34)
        widths[labels.index(self._speed_label())] = font.size("Speed 0.5×")[0] + d.px(34)
        gap = d.px(10)
        total = sum(widths) + gap * (len(widths) - 1)
        if total > d.width - 2 * d.px(16):  # a narrow window: shrink every button alike
            k = (d.width - 2 * d.px(16) - gap * (len(widths) - 1)) / sum(widths)
            widths = [int(w * k) for w in widths]
            total = sum(widths) + gap * (len(widths) - 1)
        bh = min(d.px(50), bar_h - d.frame_px(12))
        x = (d.width - total) // 2
        y = self.bar_rect.y + (self.bar_rect.h - bh) // 2
        self.controls = {}
        for key, label, w in zip(CONTROLS, labels, widths, strict=True):
            self.controls[key] = UIButton(
                pygame.Rect(x, y, w, bh),
                label,
                self.app.ui,
                container=self.container,
                object_id="#primary" if key == "Play" else None,
            )
            x += w + gap
        self._refresh()

    def _speed_label(self) -> str:
        return f"Speed {self.speed:g}×"

    def _view_label(self, viewer: int | str | None = "current") -> str:
        seat = self.viewer if viewer == "current" else viewer
        if seat is None:
            return "View: Public"
        return f"View: {self.session.names[int(seat)]}"

    def _refresh(self) -> None:
        """Lay out the shown position and set the buttons' words and states."""
        view = self.replay.game.view(self.viewer)
        self.model = self.layout.build(
            view,
            self.viewer,
            self.layout_rect,
            self.app.display,
            self.session.names,
            colorblind=self.app.settings.colorblind,
        )
        self._frame = None
        c = self.controls
        if c:
            c["Play"].set_text("Pause" if self.playing else "Play")
            c["Speed 1×"].set_text(self._speed_label())
            c["View: Public"].set_text(self._view_label())
            for key in ("|<", "Back"):
                c[key].enable() if self.replay.index > 0 else c[key].disable()
            for key in ("Step", ">|"):
                at_end = self.replay.index >= self.replay.length
                c[key].disable() if at_end else c[key].enable()

    # ---- control ----------------------------------------------------------------------
    def step(self, by: int) -> None:
        if self.replay.step(by):
            if by == 1:
                # One move forward: the cue the table gave that move (no turn bell: nobody's
                # turn is real here). The Sound setting and volume apply as at the table.
                self.app.sound.play(cue_for(self.replay.events[self.replay.index], self.cues))
            self._refresh()

    def seek(self, index: int) -> None:
        self.replay.seek(index)
        self._refresh()

    def toggle_play(self) -> None:
        if not self.playing and self.replay.index >= self.replay.length:
            self.replay.seek(0)  # Play at the end starts again from the deal
        self.playing = not self.playing
        self.clock = 0.0
        self._refresh()

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self._refresh()

    def next_view(self) -> None:
        seats = self.viewers
        if len(seats) == 1:  # a hot-seat game still on: say why View shows only the table
            self.app.toast("The players' hands stay hidden until the game is over.")
            return
        self.viewer = seats[(seats.index(self.viewer) + 1) % len(seats)]
        self._refresh()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.controls.items():
                if event.ui_element is button:
                    self._press(key)
                    return
        elif event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: "Step",
                pygame.K_LEFT: "Back",
                pygame.K_HOME: "|<",
                pygame.K_END: ">|",
                pygame.K_SPACE: "Play",
            }
            if event.key in keys:
                self._press(keys[event.key])
            else:
                super().handle(event)  # Esc closes the replay
        elif event.type == pygame.MOUSEWHEEL:
            self.log.wheel(pygame.mouse.get_pos(), event.y)

    def _press(self, key: str) -> None:
        if key == "|<":
            self.seek(0)
        elif key == "Back":
            self.step(-1)
        elif key == "Play":
            self.toggle_play()
        elif key == "Step":
            self.step(1)
        elif key == ">|":
            self.seek(self.replay.length)
        elif key == "Speed 1×":
            self.next_speed()
        elif key == "View: Public":
            self.next_view()
        elif key == "Close":
            self.back()

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.clock += dt
        if self.clock >= 1.0 / self.speed:
            self.clock = 0.0
            self.step(1)
            if self.replay.index >= self.replay.length:
                self.playing = False
                self._refresh()

    # ---- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        key = (self.replay.index, self.viewer, d.size, id(self.model), self.log.scroll)
        if self._frame is None or self._frame[0] != key:
            self._frame = (key, self._render(d.size))
        surface.blit(self._frame[1], (0, 0))

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        d = self.app.display
        frame = render.felt(size).copy()
        model = self.model
        if model is not None:
            for box in model.boxes:
                render.draw_box(frame, box)
            for text in model.texts:
                render.draw_text(frame, text)
            for piece in sorted(model.pieces, key=lambda p: p.z):
                frame.blit(
                    render.piece_image(piece, piece.rect.w, self.app.settings.colorblind),
                    piece.rect,
                )
        top = pygame.Rect(0, 0, self.layout_rect.w, self.layout_rect.y)
        render.draw_box(frame, render.Box(top, PANEL, None, 0))
        render.draw_box(frame, render.Box(self.bar_rect, PANEL, None, 0))
        title = self.title_text()
        render.draw_text(
            frame,
            render.Text(
                title,
                (d.px(24), top.centery),
                d.font_px(26),
                CREAM,
                "midleft",
                "sans-bold",
                max_width=top.w - d.px(48),
            ),
        )
        self.log.draw(frame, d, self.replay.lines(self.viewer), self.viewer)
        return frame

    def toast_floor(self) -> int | None:
        return self.bar_rect.top  # messages never cover the replay's controls

    def title_text(self) -> str:
        """The top bar: the game, the move shown, and the game's end or whose turn it was
        (a replay shows no prompt to act, only what the position is)."""
        r = self.replay
        title = f"Replay · {self.session.title} · move {r.index} of {r.length}"
        if r.game.over:
            return title + " · game over"
        mover = r.game.to_move
        return title + (f" · {self.session.names[mover]} to move" if mover is not None else "")
