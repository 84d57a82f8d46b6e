"""A horizontal slider whose arrow buttons and thumb grow with the display.

pygame-gui (0.6.14) draws them 20 px wide whatever the screen: slivers on a 4K screen or a
TV. Its ``rebuild`` takes their widths from ``default_button_width`` (arrows) and
``sliding_button_width`` (thumb), so this one sets both first, every time it is rebuilt.
"""

from __future__ import annotations

from typing import Any

from pygame_gui.elements import UIHorizontalSlider


class ScaledSlider(UIHorizontalSlider):
    def __init__(self, *args: Any, arrow_px: int, thumb_px: int, **kwargs: Any) -> None:
        self._arrow_px = arrow_px
        self._thumb_px = thumb_px
        super().__init__(*args, **kwargs)

    def rebuild(self) -> None:
        self.default_button_width = self._arrow_px
        self.sliding_button_width = self._thumb_px
        super().rebuild()
