"""The colours of what the app draws itself (panels, text, accents), read from the ``palette``
block of the pygame-gui theme (``assets/themes/tabletop.json``) so hand-drawn chrome and
pygame-gui widgets share one source. Card art keeps the colours of its own design (house and
suit colours, card backs, felt) in the art modules.
"""

from __future__ import annotations

from ..theme import base_theme

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


def _hex(value: str) -> tuple[int, ...]:
    digits = value.lstrip("#")
    return tuple(int(digits[i : i + 2], 16) for i in range(0, len(digits), 2))


def _rgb(name: str) -> RGB:
    r, g, b = _hex(base_theme()["palette"][name])[:3]
    return r, g, b


def _rgba(name: str) -> RGBA:
    r, g, b, *a = _hex(base_theme()["palette"][name])
    return r, g, b, a[0] if a else 255


CREAM = _rgb("cream")  # body text
MUTED = _rgb("muted")  # secondary text
GOLD = _rgb("gold")  # accents: headings, highlights, a hovered scrollbar
GOLD_DEEP = _rgb("gold_deep")  # frames, rules, the scrollbar thumb
PANEL = _rgba("panel")  # dark translucent panels on the table
MENU_PANEL = _rgba("menu_panel")  # dark translucent panels on the menu screens
FELT_CENTRE = _rgb("felt_centre")  # the menu backdrop's vignette, centre to edge
FELT_EDGE = _rgb("felt_edge")
