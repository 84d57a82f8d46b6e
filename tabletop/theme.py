"""The pygame-gui theme: data in ``assets/themes/tabletop.json``, sized for the display here."""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from typing import Any

from .display import Display
from .resources import asset_path

FONT_FILES = {
    "dejavu": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    "dejavu-serif": ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"),
}
#: pygame-gui warns about any theme font above 200 px ("unusually large"); the hand-over's
#: title asks for 227 at 4K on the TV profile, and 200 is still huge there.
MAX_FONT_PX = 200


@lru_cache(maxsize=1)
def base_theme() -> dict[str, Any]:
    with open(asset_path("themes", "tabletop.json"), encoding="utf-8") as fh:
        return json.load(fh)


def theme_for(display: Display) -> dict[str, Any]:
    """The theme with font sizes, and the misc lengths the theme names in ``_scaled_misc``
    (title bars, list rows, corners), scaled for ``display``, and font files filled in."""
    theme = copy.deepcopy(base_theme())
    theme.pop("_comment", None)
    theme.pop("palette", None)  # the app's own colours (tabletop.ui.palette), not pygame-gui's
    scaled_misc = set(theme.pop("_scaled_misc", []))
    for block in theme.values():
        misc = block.get("misc", {})
        for name in scaled_misc & set(misc):
            misc[name] = str(display.px(float(misc[name])))
        font = block.get("font")
        if not font:
            continue
        font["size"] = str(min(MAX_FONT_PX, display.font_px(float(font.get("size", 22)))))
        regular, bold = FONT_FILES[font.get("name", "dejavu")]
        font["regular_path"] = str(asset_path("fonts", regular))
        font["bold_path"] = str(asset_path("fonts", bold))
        font["italic_path"] = str(asset_path("fonts", regular))
        font["bold_italic_path"] = str(asset_path("fonts", bold))
    return theme
