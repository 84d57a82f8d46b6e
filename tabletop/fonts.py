"""Fonts shipped under ``assets/fonts`` (DejaVu: it has the ♠♥♦♣ glyphs), cached by size."""

from __future__ import annotations

from functools import lru_cache

import pygame

from .resources import asset_path

FACES = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "sans-italic": "DejaVuSans-Oblique.ttf",
    "sans-bold-italic": "DejaVuSans-BoldOblique.ttf",
    "serif": "DejaVuSerif.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
}


@lru_cache(maxsize=256)
def get_font(size: int, face: str = "sans") -> pygame.font.Font:
    """A font of ``size`` pixels (at least 6) in one of :data:`FACES`."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset_path("fonts", FACES[face])), max(6, int(size)))


def clear_cache() -> None:
    """Forget loaded fonts (call after ``pygame.quit()``)."""
    get_font.cache_clear()
