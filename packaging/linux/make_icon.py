"""Draw the app icon: ``python packaging/linux/make_icon.py`` writes ``assets/icons/tabletop.png``.

Two fanned cards (♠ and ♥, in the app's DejaVu font) on the table's green felt, 256×256. The
PNG is kept in the repository; run this again only to change the drawing.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
OUT = ROOT / "assets" / "icons" / "tabletop.png"
SIZE = 256
FELT = (22, 48, 36)
GOLD = (232, 198, 106)
PAPER = (250, 245, 230)
INK = (30, 30, 34)
RED = (190, 30, 45)


def card(
    symbol: str, colour: tuple[int, int, int], font: pygame.font.Font, glyph_x: float
) -> pygame.Surface:
    w, h = 120, 170
    face = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(face, PAPER, face.get_rect(), border_radius=14)
    pygame.draw.rect(face, INK, face.get_rect(), 3, border_radius=14)
    glyph = font.render(symbol, True, colour)
    face.blit(glyph, glyph.get_rect(center=(round(w * glyph_x), h // 2)))
    return face


def draw_icon() -> pygame.Surface:
    pygame.font.init()  # only fonts: no window, no sound
    font = pygame.font.Font(str(ROOT / "assets" / "fonts" / "DejaVuSans.ttf"), 84)
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, FELT, icon.get_rect(), border_radius=40)
    pygame.draw.rect(icon, GOLD, icon.get_rect().inflate(-12, -12), 6, border_radius=36)
    # The back card's suit sits left of its centre, where the front card does not hide it.
    for symbol, colour, angle, centre, glyph_x in (
        ("♠", INK, 16, (96, 132), 0.36),
        ("♥", RED, -12, (158, 128), 0.5),
    ):
        turned = pygame.transform.rotozoom(card(symbol, colour, font, glyph_x), angle, 1.0)
        icon.blit(turned, turned.get_rect(center=centre))
    return icon


def main() -> int:
    pygame.image.save(draw_icon(), str(OUT))
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
