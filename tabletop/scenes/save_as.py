"""Save a named copy of the game in progress ("Save" on the table, or Ctrl+S).

A small panel over the table: a name (suggested: the game, the players and the time), Save
and Cancel. Enter saves, Esc cancels. The copy is a file of its own on the Load screen; the
game's autosave goes on as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel, UITextEntryLine

from ..names import MAX_NAME, UNDRAWABLE
from ..saves import SaveError, clean_label, write_named_save
from ..session import Session
from ..storage import describe_os_error
from ..ui.menu import add_label, line_height
from .base import Scene

if TYPE_CHECKING:
    from ..app import App


def suggested_name(session: Session) -> str:
    from datetime import datetime

    return f"{session.title} – {datetime.now():%d %b %H:%M}"[:MAX_NAME]


class SaveAsScene(Scene):
    """The table stays visible underneath; only this panel takes input."""

    opaque = False

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.entry: UITextEntryLine | None = None
        self.save_button: UIButton | None = None
        self.cancel_button: UIButton | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        w = min(d.width - 2 * d.px(40), d.px(720))
        head_h = line_height(app, "#subheading")
        bh = max(d.px(48), line_height(app, "#help") + d.px(16))
        pad = d.px(24)
        h = pad + head_h + d.px(14) + bh + d.px(18) + bh + pad
        self.panel_rect = pygame.Rect((d.width - w) // 2, (d.height - h) // 3, w, h)
        panel = UIPanel(self.panel_rect, manager=app.ui, container=root, starting_height=5)
        inner_w = w - 2 * pad
        add_label(app, panel, pygame.Rect(pad, pad, inner_w, head_h), "Save a copy", "#subheading")
        y = pad + head_h + d.px(14)
        self.entry = UITextEntryLine(
            pygame.Rect(pad, y, inner_w, bh), manager=app.ui, container=panel
        )
        self.entry.length_limit = MAX_NAME
        self.entry.set_forbidden_characters(UNDRAWABLE)  # type: ignore[arg-type]
        self.entry.set_text(suggested_name(self.session))
        self.entry.focus()
        y += bh + d.px(18)
        bw = d.px(170)
        self.cancel_button = UIButton(
            pygame.Rect(w - pad - bw, y, bw, bh), "Cancel", manager=app.ui, container=panel
        )
        self.save_button = UIButton(
            pygame.Rect(w - pad - 2 * bw - d.px(12), y, bw, bh),
            "Save",
            manager=app.ui,
            container=panel,
            object_id="#primary",
        )

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_button:
                self.save()
            elif event.ui_element is self.cancel_button:
                self.app.pop()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def save(self) -> None:
        name = self.entry.get_text() if self.entry is not None else ""
        try:
            name = clean_label(name)
            write_named_save(self.session, name)
        except SaveError as err:
            self.app.toast(str(err), kind="error")
            return
        except OSError as err:
            self.app.toast(
                f"The game could not be saved: {describe_os_error(err)}.", kind="error", seconds=6
            )
            return
        self.app.pop()
        self.app.toast(f"Saved as “{name}”: find it under Load.")

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
