"""Small layout helpers that several game layouts share."""

from __future__ import annotations

from collections.abc import Collection

import pygame


def fan_rects(
    n: int, cw: int, ch: int, area: pygame.Rect, breaks: Collection[int] = ()
) -> list[pygame.Rect]:
    """``n`` card rects side by side, centred in ``area``, overlapping if they must; before
    each index in ``breaks`` a wider gap sets a group of cards apart (dropped if even the
    tightest overlap needs the room)."""
    if n == 0:
        return []
    gap = max(2, cw // 12)
    apart = [b for b in sorted(set(breaks)) if 0 < b < n]
    split = max(2 * gap, cw // 3)
    step = cw + gap
    if n > 1 and cw + (n - 1) * step + split * len(apart) > area.w:
        step = (area.w - cw - split * len(apart)) // (n - 1)
        if step < cw // 5:
            apart = []
            step = max(cw // 5, (area.w - cw) // (n - 1))
    total = cw + (n - 1) * step + split * len(apart)
    x = area.centerx - total // 2
    y = area.y + max(0, (area.h - ch) // 2)
    rects = []
    for i in range(n):
        if i in apart:
            x += split
        rects.append(pygame.Rect(x, y, cw, ch))
        x += step
    return rects
