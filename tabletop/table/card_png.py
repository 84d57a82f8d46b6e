"""Card pictures for the phones at a game night: the desktop's own card art as PNG.

One art source for both: :func:`card_pixels` paints ``card_art.card_face`` (or the back, for
the id ``"back"``) and takes its pixels; the server asks for a card only through the host's UI
thread (``GameNight.poll``), where pygame lives, and encodes the pixels as PNG on its own thread
(:mod:`tabletop.net.png`, :meth:`~tabletop.net.png.Pixels.png`).
"""

from __future__ import annotations

import pygame

from ..net.png import Pixels
from . import card_art

BACK = "back"
"""The card id that stands for the face-down back of the game's cards."""

MAX_ID = 64
"""Longer card ids are refused without asking the art (no game has one this long)."""

MAX_WIDTH = 1024


def card_pixels(game_id: str, card: str, width: int = 240) -> Pixels | None:
    """``card`` of ``game_id``, ``width`` pixels wide (the back for ``"back"``), as pixels to
    encode; None for a card (or game) the art does not know, or an unreasonable width. Call it
    on the UI thread."""
    if (
        not isinstance(card, str)
        or not card
        or len(card) > MAX_ID
        or isinstance(width, bool)
        or not isinstance(width, int)
        or not card_art.MIN_WIDTH <= width <= MAX_WIDTH
    ):
        return None
    try:
        if card == BACK:
            surface = card_art.card_back(game_id, width)
        else:
            surface = card_art.card_face(game_id, card, width)
    except (ValueError, KeyError, IndexError, TypeError):  # a card the art refuses
        return None
    return Pixels(surface.get_width(), surface.get_height(), pygame.image.tobytes(surface, "RGBA"))
