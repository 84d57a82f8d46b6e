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


def _quick_theme_ids() -> None:
    """pygame-gui 0.6.14 keys its cache of an element's theme ids by a string it builds with
    nested ``str.join`` calls, up to most of a megabyte for a button in a drop-down: making one
    widget cost ~0.4 ms of string work, a large part of the build of a form of drop-downs
    (the setup form's rebuild for a new player count). The answer depends on the id lists
    alone: key it by them."""
    from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

    original = UIAppearanceTheme.build_all_combined_ids
    if getattr(original, "quick", False):
        return
    cache: dict[tuple[tuple[str | None, ...] | None, ...], list[str]] = {}

    def build_all_combined_ids(
        self: UIAppearanceTheme,
        element_base_ids: list[str | None] | None,
        element_ids: list[str] | None,
        class_ids: list[str | None] | None,
        object_ids: list[str | None] | None,
    ) -> list[str]:
        lists = (element_base_ids, element_ids, class_ids, object_ids)
        key = tuple(None if ids is None else tuple(ids) for ids in lists)
        found = cache.get(key)
        if found is None:
            found = cache[key] = original(self, *lists)
        return found

    build_all_combined_ids.quick = True  # type: ignore[attr-defined]
    UIAppearanceTheme.build_all_combined_ids = build_all_combined_ids  # type: ignore[method-assign]


_quick_theme_ids()
