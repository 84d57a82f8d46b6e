"""Small layout helpers that several game layouts share."""

from __future__ import annotations

import pygame


def fan_rects(n: int, cw: int, ch: int, area: pygame.Rect) -> list[pygame.Rect]:
    """``n`` card rects side by side, centred in ``area``, overlapping if they must."""
    if n == 0:
        return []
    gap = max(2, cw // 12)
    step = cw + gap
    if n > 1 and cw + (n - 1) * step > area.w:
        step = max(cw // 5, (area.w - cw) // (n - 1))
    total = cw + (n - 1) * step
    x0 = area.centerx - total // 2
    y = area.y + max(0, (area.h - ch) // 2)
    return [pygame.Rect(x0 + i * step, y, cw, ch) for i in range(n)]
