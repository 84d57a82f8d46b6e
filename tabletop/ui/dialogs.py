"""The app's yes/no questions: one pygame-gui confirmation dialog, centred and sized by the
display profile, so every question looks and scales alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from ..app import App


def ask(
    app: App, question: str, *, title: str, action: str, size: tuple[int, int] = (640, 300)
) -> pygame_gui.windows.UIConfirmationDialog:
    """A blocking confirmation dialog in the middle of the window. ``size`` is in the
    profile's pixels (``display.px``); ``action`` names the button that says yes."""
    d = app.display
    w, h = d.px(size[0]), d.px(size[1])
    return pygame_gui.windows.UIConfirmationDialog(
        pygame.Rect((d.width - w) // 2, (d.height - h) // 2, w, h),
        question,
        app.ui,
        window_title=title,
        action_short_name=action,
        blocking=True,
    )
