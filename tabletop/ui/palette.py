"""The app's colours, in one place.

What the app draws itself (panels, text, accents) is read from the ``palette`` block of the
pygame-gui theme (``assets/themes/tabletop.json``), so hand-drawn chrome and pygame-gui widgets
share one source. Below it, the card stock every game prints its cards on (paper, ink, gilt,
the navy of the backs) and the Okabe–Ito colour-blind set its colour-blind option picks from.
A game keeps its own designs in its art module: its house and suit colours, which colour-blind
hue stands for which house, backs of its own.
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

# ---- the cards -------------------------------------------------------------------------------
# Plain constants, not theme entries: pygame-gui never draws a card.
CARD_PAPER: RGB = (250, 245, 232)  # the ivory of a card's face
CARD_INK: RGB = (38, 32, 28)  # printed text
CARD_GOLD: RGB = (214, 178, 96)  # gilt frames, rules and emblems
CARD_NAVY: RGB = (24, 34, 70)  # the field of a card's back
DECK_OUTLINE: RGB = (200, 190, 160)  # where a deck lies when it is empty

# Okabe and Ito's colours, told apart under the common colour-vision deficiencies; the
# colour-blind option draws houses and suits in these.
CB_ORANGE: RGB = (230, 159, 0)
CB_SKY_BLUE: RGB = (86, 180, 233)
CB_GREEN: RGB = (0, 158, 115)  # "bluish green"
CB_YELLOW: RGB = (240, 228, 66)
CB_BLUE: RGB = (0, 114, 178)
CB_VERMILLION: RGB = (213, 94, 0)
CB_PURPLE: RGB = (204, 121, 167)  # "reddish purple"
CB_BLACK: RGB = (34, 34, 34)  # softened like the dark houses it stands in for
