"""The table's Menu: a small panel over the game (which stays in sight, dimmed) offering
Settings, Keys and marks, Rules and Leave.

Each choice closes the menu first, so Settings, the legend and the rules come back to the
game itself when they close; Leave asks the table's own question. Esc, or a click beside the
panel, closes the menu only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ..fonts import get_font
from ..table import render
from ..ui.focus import MenuKeys
from ..ui.palette import GOLD
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

#: The menu's choices, top to bottom.
CHOICES = ("Settings", "Keys and marks", "Rules", "Leave")
VEIL = (0, 0, 0, 130)
PANEL = (14, 26, 20, 245)


class GameMenuScene(Scene):
    """The Menu of the table of ``game_id``; ``on_leave`` asks to leave the game."""

    opaque = False

    def __init__(self, app: App, game_id: str, on_leave: Callable[[], None]) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.on_leave = on_leave
        self.menu_keys = MenuKeys(self)
        self.buttons: dict[str, UIButton] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        font = get_font(d.font_px(22))
        bw = max(d.px(300), max(font.size(c)[0] for c in CHOICES) + d.px(60))
        bh = max(d.px(58), d.font_px(22) + d.px(24))
        gap, pad = d.px(14), d.px(30)
        title_h = get_font(d.font_px(30), "serif-bold").get_linesize()
        h = pad + title_h + d.px(16) + len(CHOICES) * (bh + gap) - gap + pad
        self.panel = pygame.Rect(0, 0, bw + 2 * pad, h)
        self.panel.center = (d.width // 2, d.height // 2)
        y = self.panel.y + pad + title_h + d.px(16)
        self.buttons = {}
        for choice in CHOICES:
            self.buttons[choice] = UIButton(
                pygame.Rect(self.panel.x + pad, y, bw, bh),
                choice,
                app.ui,
                container=root,
            )
            y += bh + gap

    def choose(self, choice: str) -> None:
        """Close the menu, then open what was chosen over the game."""
        go = self.app.go
        self.app.pop()
        if choice == "Settings":
            go.settings()
        elif choice == "Keys and marks":
            go.legend(self.game_id)
        elif choice == "Rules":
            go.rules(self.game_id)
        elif choice == "Leave":
            self.on_leave()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for choice, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(choice)
                    return
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.panel.collidepoint(event.pos)
        ):
            self.back()  # a click beside the menu closes it, as Esc does
        else:
            super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        render.draw_box(surface, render.Box(surface.get_rect(), VEIL, None, 0))
        render.draw_box(surface, render.Box(self.panel, PANEL, GOLD, d.px(16), 2))
        title = render.text_surface("Menu", d.font_px(30), GOLD, "serif-bold")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + d.px(30))))
