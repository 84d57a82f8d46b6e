"""The table's Hint button and its preview: "what would Hard play here?" for a human seat.

Asked with the button (or the H key), the hint is worked out by the AI worker while the table
keeps animating; it is then shown as a preview: the move's cards and target outlined on the
table (or the button that makes it), with one line saying what it is, and two buttons to
play it or dismiss it. Anything played meanwhile makes the hint stale and it disappears.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from rules import Move

from ..ai.hint import HintRequest
from ..table import render

if TYPE_CHECKING:
    from .table import TableScene

GOLD = (232, 198, 106)
PANEL = (12, 20, 16, 235)
#: Iteration cap for the hint search; ``None`` uses Hard's time budget (tests set a cap).
HINT_ITERATIONS: int | None = None


class HintOverlay:
    """Owned by a :class:`TableScene`; the scene forwards its life cycle here."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.request: HintRequest | None = None
        self.move: Move | None = None
        self.text = ""
        self.button: pygame_gui.elements.UIButton | None = None
        self.play_button: pygame_gui.elements.UIButton | None = None
        self.dismiss_button: pygame_gui.elements.UIButton | None = None
        self.panel: pygame.Rect | None = None
        self._plies = -1  # how far the game had gone when the hint was asked

    # ---- widgets ----------------------------------------------------------------------
    def build(self, rect: pygame.Rect) -> None:
        """Create the Hint button at ``rect`` (in the status bar)."""
        self.button = pygame_gui.elements.UIButton(
            rect, "Hint", self.scene.app.ui, container=self.scene.container
        )
        self.panel = None
        self.play_button = self.dismiss_button = None
        if self.move is not None:
            self._show_preview()
        self.sync()

    def sync(self) -> None:
        """After a move, a new viewer or a rebuild: drop a stale hint, show the button only
        to a human who is to move."""
        game = self.scene.game
        if self.request is not None and not self.request.is_for(game):
            self.request.cancel()
            self.request = None
        if self.move is not None and (self.move not in game.legal_moves() or not self._fresh):
            self.dismiss()
        if self.button is not None:
            if self.scene.acting_human:
                self.button.show()
                self.button.set_text("Thinking…" if self.request else "Hint")
            else:
                self.button.hide()

    def handle_button(self, element: object) -> bool:
        """True if ``element`` was one of ours (and has been acted on)."""
        if element is None:
            return False
        if element is self.button:
            self.ask()
        elif element is self.play_button:
            self.accept()
        elif element is self.dismiss_button:
            self.dismiss()
        else:
            return False
        return True

    # ---- the hint ---------------------------------------------------------------------
    def ask(self) -> None:
        """Start working out a hint for the human to move (a second ask while one is being
        worked out, or shown, changes nothing)."""
        scene = self.scene
        if not scene.acting_human or self.request is not None or self.move is not None:
            return
        seat = scene.game.to_move
        assert seat is not None
        job = scene.layout.hint_job()  # e.g. Machiavelli: the solver's play, into the work area
        if isinstance(job, str):
            scene.app.toast(job)
            return
        self.request = HintRequest(scene.worker, scene.game, seat, HINT_ITERATIONS, job)
        self._plies = len(scene.game.history)
        self.sync()

    @property
    def pending(self) -> bool:
        return self.request is not None

    @property
    def _fresh(self) -> bool:
        return self._plies == len(self.scene.game.history)

    def update(self) -> None:
        request = self.request
        if request is None or not request.done():
            return
        self.request = None
        if not request.is_for(self.scene.game) or not self.scene.acting_human:
            self.sync()
            return
        try:
            move = request.result()
        except Exception:  # a bot bug must not end the game: say so, play on
            self.scene.app.toast("No hint this time: the AI could not work one out.", kind="error")
            self.sync()
            return
        if request.from_layout:  # the layout shows it (in its working area) and says what
            self.scene.app.toast(self.scene.layout.show_hint(move))
            self.scene.selected = None
            self.scene.refresh()
            self.sync()
            return
        self.move = move
        scene = self.scene
        self.text = "Hint: " + scene.layout.describe(
            move, scene.game, scene.viewer, scene.session.names
        )
        self._show_preview()
        self.sync()

    def accept(self) -> bool:
        """Play the hinted move; True if it was played."""
        move = self.move
        self.dismiss()
        return move is not None and self.scene.play(move)

    def dismiss(self) -> None:
        self.move = None
        self.text = ""
        self.panel = None
        for button in (self.play_button, self.dismiss_button):
            if button is not None:
                button.kill()
        self.play_button = self.dismiss_button = None

    def clear(self) -> None:
        if self.request is not None:
            self.request.cancel()
            self.request = None
        self.dismiss()

    def _show_preview(self) -> None:
        """A panel at the top of the table: the line describing the move, Play it, Dismiss."""
        scene = self.scene
        d = scene.app.display
        for button in (self.play_button, self.dismiss_button):
            if button is not None:
                button.kill()
        font = render.fonts.get_font(d.font_px(22))
        pad, gap = d.px(14), d.px(10)
        bw = max(font.size(t)[0] for t in ("Play it", "Dismiss")) + d.px(36)
        bh = max(d.px(40), d.font_px(22) + d.px(14))
        area = scene.layout_rect
        text_w = min(font.size(self.text)[0], area.w - 2 * bw - 2 * gap - 4 * pad)
        panel = pygame.Rect(0, 0, text_w + 2 * bw + 2 * gap + 2 * pad, bh + 2 * pad)
        panel.midtop = (area.centerx, area.top + d.px(8))
        panel.clamp_ip(area)
        self.panel = panel
        x = panel.right - pad - 2 * bw - gap
        y = panel.top + pad
        self.play_button = pygame_gui.elements.UIButton(
            pygame.Rect(x, y, bw, bh),
            "Play it",
            scene.app.ui,
            container=scene.container,
            object_id="#primary",
        )
        self.dismiss_button = pygame_gui.elements.UIButton(
            pygame.Rect(x + bw + gap, y, bw, bh), "Dismiss", scene.app.ui, container=scene.container
        )

    # ---- drawing ----------------------------------------------------------------------
    def highlights(self) -> list[pygame.Rect]:
        """Where the hinted move shows on the table: its cards, its target zone, or the
        button that makes it."""
        move = self.move
        if move is None:
            return []
        scene = self.scene
        rects = [
            scene._draw_rect(p)
            for p in scene.model.pieces
            if p.id in move.cards or (p.drag is not None and p.drag in move.cards)
        ]
        rects += [z.rect for z in scene.model.zones if move.target and z.id == move.target]
        rects += [b.rect for b, m in scene.buttons if m == move]
        return rects

    def draw(self, surface: pygame.Surface) -> None:
        if self.move is None or self.panel is None:
            return
        d = self.scene.app.display
        for rect in self.highlights():
            pygame.draw.rect(
                surface, GOLD, rect.inflate(d.px(12), d.px(12)), d.px(4), border_radius=d.px(12)
            )
        render.draw_box(surface, render.Box(self.panel, PANEL, GOLD, d.px(12), 2))
        pad = d.px(14)
        bw = self.play_button.rect.w if self.play_button is not None else 0
        render.draw_text(
            surface,
            render.Text(
                self.text,
                (self.panel.left + pad, self.panel.centery),
                d.font_px(22),
                (240, 234, 216),
                "midleft",
                max_width=self.panel.w - 2 * bw - 4 * pad,
            ),
        )
