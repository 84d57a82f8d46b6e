"""Render every Royal Houses card face, the back and the counters onto one PNG, headless.

    python tools/card_sheet.py --width 140 --out shots/cards-140.png [--colorblind]

Rows are the six houses, columns the numbers 1–8; the last row holds the back and the seven
counter tokens (six values and the face-down one). Open the PNG and look at it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

# Headless before pygame is imported: the sheet needs no screen or sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from rules.royal_houses import CARDS, COUNTERS
from tabletop.fonts import get_font
from tabletop.games.royal_houses.art import counter_token
from tabletop.table.card_art import card_back, card_face, card_size

FELT = (28, 74, 52)


def render_sheet(width: int, colorblind: bool = False) -> pygame.Surface:
    """The whole sheet as one surface."""
    cw, ch = card_size(width)
    gap = max(8, width // 8)
    label_h = get_font(max(12, width // 8), "sans-bold").get_linesize() + gap
    cols, rows = 8, 7
    sheet = pygame.Surface((gap + cols * (cw + gap), label_h + gap + rows * (ch + gap)))
    sheet.fill(FELT)
    title = f"Royal Houses — card width {width}px" + (
        " — colour-blind palette" if colorblind else ""
    )
    sheet.blit(
        get_font(max(12, width // 8), "sans-bold").render(title, True, (240, 236, 220)), (gap, gap)
    )
    top = label_h + gap
    for i, card in enumerate(CARDS):
        row, col = divmod(i, 8)
        art = card_face("royal_houses", card, width, colorblind=colorblind)
        sheet.blit(art, (gap + col * (cw + gap), top + row * (ch + gap)))
    y = top + 6 * (ch + gap)
    sheet.blit(card_back("royal_houses", width), (gap, y))
    d = min(cw, round(width * 0.7))
    for j, value in enumerate([*COUNTERS, None]):
        token = counter_token(value, d, colorblind=colorblind)
        sheet.blit(
            token, token.get_rect(center=(gap + (j + 1) * (cw + gap) + cw // 2, y + ch // 2))
        )
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=140, help="card width in pixels")
    parser.add_argument("--out", type=Path, default=None, help="PNG to write")
    parser.add_argument("--colorblind", action="store_true", help="use the colour-blind palette")
    args = parser.parse_args(argv)
    out = args.out or Path("shots") / f"cards-{args.width}{'-cb' if args.colorblind else ''}.png"
    pygame.init()
    try:
        start = time.perf_counter()
        sheet = render_sheet(args.width, args.colorblind)
        took = time.perf_counter() - start
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(sheet, str(out))
    finally:
        pygame.quit()
    print(f"wrote {out} ({sheet.get_width()}×{sheet.get_height()}, rendered in {took:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
