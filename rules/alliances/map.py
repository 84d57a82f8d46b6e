"""Alliances' map: 20 countries with their defence values on a grid of 4 rows by 5 columns.

A tile is addressed by its index 0-19 (row by row) or its zone ``tile:r,c``.
"""

from __future__ import annotations

from typing import Any

# 20 nations of our own invention: (name, Military, Economic, Political defence). Balanced as
# RULES-NOTES asks: every tile sums 6-14, suit totals within 5 of each other, several zeros.
COUNTRIES: tuple[tuple[str, int, int, int], ...] = (
    ("Aldoria", 4, 3, 2),
    ("Brevmark", 6, 1, 3),
    ("Caldessa", 2, 5, 4),
    ("Dunmere", 0, 4, 5),
    ("Estravia", 7, 2, 0),
    ("Ferrowind", 3, 6, 1),
    ("Galvenor", 5, 0, 4),
    ("Halcyra", 1, 3, 7),
    ("Istrelle", 3, 3, 3),
    ("Jorvand", 8, 1, 2),
    ("Kestoria", 2, 7, 3),
    ("Lunagard", 4, 2, 6),
    ("Morvania", 0, 6, 2),
    ("Norhaven", 5, 4, 0),
    ("Orlesse", 2, 2, 4),
    ("Pelmora", 6, 3, 3),
    ("Quillon", 1, 5, 2),
    ("Rosthal", 3, 0, 6),
    ("Sarmentia", 4, 4, 4),
    ("Tyrrhel", 2, 3, 5),
)
COUNTRY: dict[str, dict[str, int]] = {name: {"M": m, "E": e, "P": p} for name, m, e, p in COUNTRIES}
ROWS, COLS = 4, 5
TILES = ROWS * COLS
# Each start group: a corner and its two orthogonal neighbours (RULES-NOTES, "Start").
CORNERS: tuple[tuple[int, ...], ...] = (
    (0, 1, 5),  # top left
    (4, 3, 9),  # top right
    (19, 18, 14),  # bottom right
    (15, 16, 10),  # bottom left
)


def tile_zone(index: int) -> str:
    return f"tile:{index // COLS},{index % COLS}"


def tile_index(zone: Any) -> int | None:
    return _TILE_OF.get(zone) if isinstance(zone, str) else None


_TILE_OF: dict[str, int] = {tile_zone(i): i for i in range(ROWS * COLS)}


def neighbours(index: int) -> list[int]:
    r, c = divmod(index, COLS)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < ROWS and 0 <= cc < COLS:
            out.append(rr * COLS + cc)
    return out
