"""The hot-seat privacy screen: "Pass to Nadia" until only Nadia can see the screen.

It is opaque and covers everything below it (the scenes under it are not drawn and their
widgets are hidden). A click, tap, Space or Enter dismisses it; Esc does not, so a hand is never
shown by accident. For the same reason it ignores input for a moment after it appears and needs
a whole click (press *and* release on it): the click that ended the last turn cannot pass it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..ui.menu import Backdrop, add_wrapped, line_height
from ..ui.palette import GOLD, GOLD_DEEP
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

#: Seconds after appearing during which input is ignored (a double click must not pass it).
ARM_DELAY = 0.35


class HandOverScene(Scene):
    """A full-screen cover between two human players' turns."""

    opaque = True
    #: Seconds of ignored input after appearing (a class attribute, so tests may change it).
    arm_delay = ARM_DELAY

    def __init__(self, app: App, name: str, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.backdrop = Backdrop(dim=0.35)
        self.age = 0.0
        self._pressed = False
        self._done = False
        self._emblem_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def armed(self) -> bool:
        return self.age >= self.arm_delay

    def build(self) -> None:
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        W, H = d.size
        width = min(W - 2 * d.px(60), d.px(1400))
        x = (W - width) // 2
        emblem_h = d.px(230)
        title_h = line_height(app, "#pass_title")
        lead_h = line_height(app, "#lead")
        block = emblem_h + d.px(50) + title_h + d.px(24) + 2 * lead_h + d.px(40) + lead_h
        y = max(d.px(30), (H - block) * 2 // 5)
        self._emblem_rect = pygame.Rect(0, 0, round(emblem_h * 0.7), emblem_h)
        self._emblem_rect.midtop = (W // 2, y)
        y += emblem_h + d.px(50)
        self.title_labels, y = add_wrapped(
            app, root, x, y, width, f"Pass to {self.name}", "#pass_title", "centre", max_lines=2
        )
        y += d.px(24)
        self.text_labels, y = add_wrapped(
            app,
            root,
            x,
            y,
            width,
            f"Tap, click or press Space when only {self.name} can see the screen.",
            "#lead",
            "centre",
            max_lines=3,
        )
        y += d.px(40)
        add_wrapped(app, root, x, y, width, "The table stays hidden until then.", "#help", "centre")

    # ---- input ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.age += dt

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and self.armed:
                self.ready()
            # Esc (and every other key) does nothing: a hand must not be revealed by accident.
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = self.armed
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._pressed and self.armed:
                self.ready()
            self._pressed = False

    def back(self) -> None:
        """Going back from the cover would reveal the table: it is not possible."""

    def ready(self) -> None:
        """Uncover: leave the stack, then let the table show the next player's hand."""
        if self._done:
            return
        self._done = True
        self.app.pop()
        self.on_ready()

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        # Paint every pixel: nothing of the table may show through.
        surface.fill((0, 0, 0))
        self.backdrop.draw(surface, d)
        self._draw_emblem(surface)

    def _draw_emblem(self, surface: pygame.Surface) -> None:
        """A face-down card: the universal sign for "this is private"."""
        d = self.app.display
        r = self._emblem_rect
        if not r.width:
            return
        radius = d.px(16)
        shadow = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=radius)
        surface.blit(shadow, (r.x + d.px(8), r.y + d.px(12)))
        pygame.draw.rect(surface, (92, 26, 34), r, border_radius=radius)
        inner = r.inflate(-2 * d.px(12), -2 * d.px(12))
        pygame.draw.rect(surface, GOLD_DEEP, r, max(2, d.px(3)), border_radius=radius)
        pygame.draw.rect(surface, (150, 118, 56), inner, max(1, d.px(2)), border_radius=radius // 2)
        # A lattice of small diamonds, clipped to the inner frame.
        clip = surface.get_clip()
        surface.set_clip(inner.inflate(-2 * d.px(6), -2 * d.px(6)))
        step = max(6, d.px(22))
        for gy in range(inner.top, inner.bottom + step, step):
            for gx in range(inner.left, inner.right + step, step):
                cx = gx + (step // 2 if (gy - inner.top) // step % 2 else 0)
                s = step // 4
                pygame.draw.polygon(
                    surface, (128, 42, 50), [(cx, gy - s), (cx + s, gy), (cx, gy + s), (cx - s, gy)]
                )
        surface.set_clip(clip)
        # A gold diamond in the centre.
        c, s = r.center, d.px(34)
        pygame.draw.polygon(
            surface,
            (92, 26, 34),
            [
                (c[0], c[1] - s - 6),
                (c[0] + s + 6, c[1]),
                (c[0], c[1] + s + 6),
                (c[0] - s - 6, c[1]),
            ],
        )
        pygame.draw.polygon(
            surface,
            GOLD,
            [(c[0], c[1] - s), (c[0] + s, c[1]), (c[0], c[1] + s), (c[0] - s, c[1])],
        )
