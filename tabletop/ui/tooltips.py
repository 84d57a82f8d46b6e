"""Tool tips as wide as their text needs, up to a reading measure, hung centred under what
they explain and kept off the areas their element names (:func:`keep_tip_clear`).

pygame-gui gives every tool tip a fixed width from the theme (170 px at any size: one word a
line at 4K or on a TV) and starts it at the mouse, so a tip near the window's right edge covers
whatever is there (the table's game log).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IUIElementInterface, IUITooltipInterface
from pygame_gui.elements import UITooltip

#: About 40 characters of the tool tip's font: the widest a tip grows before it wraps.
MEASURE = "Keep a named copy of this game; the game"
_CLEAR = "_tabletop_tip_clear_of"


def keep_tip_clear(element: object, areas: Callable[[], list[pygame.Rect]]) -> None:
    """The tool tip of ``element`` is placed off ``areas()`` (asked when it appears: the
    table's game log moves when it is widened)."""
    setattr(element, _CLEAR, areas)


class UIManager(pygame_gui.UIManager):
    """pygame-gui's manager whose tool tips are sized to their text and centred under their
    element."""

    def create_tool_tip(
        self,
        text: str,
        position: tuple[int, int],
        hover_distance: tuple[int, int],
        parent_element: IUIElementInterface,
        object_id: Any,
        *,
        wrap_width: int | None = None,
        text_kwargs: dict[str, str] | None = None,
    ) -> IUITooltipInterface:
        if wrap_width is None:
            wrap_width = self.tool_tip_width(text)
        tip = super().create_tool_tip(
            text,
            position,
            hover_distance,
            parent_element,
            object_id,
            wrap_width=wrap_width,
            text_kwargs=text_kwargs,
        )
        if not isinstance(tip, UITooltip):
            return tip
        anchor = parent_element.get_abs_rect()
        window = pygame.Rect((0, 0), self.window_resolution)
        width = tip.rect.width
        x = anchor.centerx - width // 2
        areas: Callable[[], list[pygame.Rect]] | None = getattr(parent_element, _CLEAR, None)
        for area in areas() if areas is not None else []:
            if tip.rect.move(x - tip.rect.x, 0).colliderect(area):
                # Beside the area, on the side of the element's centre.
                x = area.left - width if anchor.centerx < area.centerx else area.right
        x = max(window.left, min(x, window.right - width))
        tip.find_valid_position(pygame.math.Vector2(x, anchor.centery))
        return tip

    def tool_tip_width(self, text: str) -> int:
        """-1 (as wide as the text: pygame-gui's own value for that) for a text within the
        measure, else the measure (and the text wraps), never wider than the window."""
        font = self.get_theme().get_font(["tool_tip.text_box", "text_box"])
        if font.size(text)[0] <= font.size(MEASURE)[0]:
            return -1
        padding = self.get_theme().get_misc_data("padding", ["tool_tip.text_box", "text_box"])
        pad_x = int(str(padding or "8,6").split(",")[0])
        return min(font.size(MEASURE)[0] + 2 * pad_x + 4, self.window_resolution[0] - 16)
