"""Card pictures for the phones at a game night (issue #16): the desktop's own card art as PNG.

One art source for both: :func:`card_png` paints ``card_art.card_face`` (or the back, for the
id ``"back"``) and encodes it as a PNG. The server asks for a card only through the host's UI
thread (``GameNight.poll``), where pygame lives. Encoded pictures are cached.
"""

from __future__ import annotations

import io
from functools import lru_cache

import pygame

from . import card_art

BACK = "back"
"""The card id that stands for the face-down back of the game's cards."""

MAX_ID = 64
"""Longer card ids are refused without asking the art (no game has one this long)."""

MAX_WIDTH = 1024


def card_png(game_id: str, card: str, width: int = 240) -> bytes | None:
    """``card`` of ``game_id`` as PNG bytes, ``width`` pixels wide (the back for ``"back"``);
    None for a card (or game) the art does not know, or an unreasonable width."""
    if (
        not isinstance(card, str)
        or not card
        or len(card) > MAX_ID
        or isinstance(width, bool)
        or not isinstance(width, int)
        or not card_art.MIN_WIDTH <= width <= MAX_WIDTH
    ):
        return None
    return _encoded(game_id, card, width)


@lru_cache(maxsize=512)
def _encoded(game_id: str, card: str, width: int) -> bytes | None:
    try:
        if card == BACK:
            surface = card_art.card_back(game_id, width)
        else:
            surface = card_art.card_face(game_id, card, width)
    except (ValueError, KeyError, IndexError, TypeError):  # a card the art refuses
        return None
    out = io.BytesIO()
    pygame.image.save(surface, out, "card.png")
    return out.getvalue()


def clear_cache() -> None:
    """Forget the encoded pictures (the art's own caches are card_art's)."""
    _encoded.cache_clear()
