"""Plain text helpers for custom-drawn panels."""

from __future__ import annotations

import pygame


def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` (an over-long word keeps its line)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_font_size(text: str, face: str, max_width: int, start: int, minimum: int = 10) -> int:
    """The largest size (≤ start) at which ``text`` fits in ``max_width``."""
    from ..fonts import get_font

    size = start
    while size > minimum and get_font(size, face).size(text)[0] > max_width:
        size -= 1
    return size
