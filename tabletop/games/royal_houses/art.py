"""Royal Houses' art: card faces and backs, the houses' colours and emblems, and the majority
counters. Drawn in code with the art kit (:mod:`tabletop.table.art_kit`): crisp at any size,
cached, no image files. Callers treat returned surfaces as read-only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from rules.royal_houses import ACTIONS, CARDS, COUNTERS, HOUSES, house_of, number_of
from tabletop.fonts import get_font
from tabletop.table import art_kit as kit
from tabletop.table.art_kit import Colour, Point
from tabletop.table.card_art import GameArt
from tabletop.ui.palette import (
    CARD_GOLD,
    CARD_INK,
    CARD_NAVY,
    CARD_PAPER,
    CB_BLACK,
    CB_BLUE,
    CB_GREEN,
    CB_ORANGE,
    CB_PURPLE,
    CB_VERMILLION,
)
from tabletop.ui.text import fit_size, wrap_text


def counter_token(value: int | None, diameter: int, *, colorblind: bool = False) -> pygame.Surface:
    """A Royal Houses majority counter showing ``value``; None = face down (read-only, cached)."""
    valid = isinstance(value, int) and not isinstance(value, bool) and value in COUNTERS
    if value is not None and not valid:
        raise ValueError(f"{value!r} is not a majority counter (one of {COUNTERS} or None)")
    if not isinstance(diameter, int) or diameter < kit.MIN_WIDTH:
        raise ValueError(
            f"token diameter must be an int of at least {kit.MIN_WIDTH}, not {diameter!r}"
        )
    return _counter_token(value, diameter, bool(colorblind))


def house_colour(house_index: int, colorblind: bool = False) -> Colour:
    """The colour of house ``house_index`` (0–5) in the regal or the colour-blind-safe palette."""
    _check_house(house_index)
    return (CB_PALETTE if colorblind else PALETTE)[house_index]


def house_emblem(
    surface: pygame.Surface, house_index: int, rect: pygame.Rect | Sequence[int], colour: Colour
) -> pygame.Rect:
    """Draw house ``house_index``'s emblem, as large as fits and centred, into ``rect``.

    Returns the rectangle actually covered (the emblem is square)."""
    _check_house(house_index)
    rect = pygame.Rect(rect)
    side = min(rect.width, rect.height)
    if side < 1:
        return pygame.Rect(rect.center, (0, 0))
    art = _emblem_surface(house_index, side, tuple(colour[:3]))
    dest = art.get_rect(center=rect.center)
    surface.blit(art, dest)
    return dest


def _check_house(house_index: int) -> None:
    if isinstance(house_index, bool) or house_index not in range(len(HOUSES)):
        raise ValueError(f"house index must be 0–{len(HOUSES) - 1}, not {house_index!r}")


# Emblem outlines in a unit square (y down); each is a list of (polygon, solid?) layers drawn in
# order, where solid=False cuts a hole. Distinct silhouettes keep houses apart without colour.
_Shape = list[tuple[list[Point], bool]]


def _fleur() -> _Shape:
    centre = kit.path(
        (0.5, 0.02),
        ((0.62, 0.16), (0.68, 0.36), (0.57, 0.60)),
        (0.43, 0.60),
        ((0.32, 0.36), (0.38, 0.16), (0.5, 0.02)),
    )
    left = kit.path(
        (0.40, 0.62),
        ((0.36, 0.40), (0.20, 0.22), (0.08, 0.30)),
        ((0.00, 0.36), (0.00, 0.52), (0.12, 0.58)),
        ((0.10, 0.50), (0.13, 0.42), (0.20, 0.42)),
        ((0.28, 0.43), (0.33, 0.52), (0.34, 0.62)),
    )
    foot = kit.path(
        (0.40, 0.70),
        ((0.36, 0.80), (0.26, 0.86), (0.16, 0.84)),
        ((0.22, 0.94), (0.38, 0.94), (0.46, 0.82)),
        (0.5, 0.98),
        (0.54, 0.82),
        ((0.62, 0.94), (0.78, 0.94), (0.84, 0.84)),
        ((0.74, 0.86), (0.64, 0.80), (0.60, 0.70)),
    )
    band = [(0.24, 0.60), (0.76, 0.60), (0.76, 0.71), (0.24, 0.71)]
    return [(centre, True), (left, True), (kit.mirror(left), True), (foot, True), (band, True)]


def _star() -> _Shape:
    cx, cy, outer, inner = 0.5, 0.55, 0.49, 0.20
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return [(points, True)]


def _tower() -> _Shape:
    body = [(0.25, 0.30), (0.75, 0.30), (0.80, 0.97), (0.20, 0.97)]
    parapet = [(0.13, 0.16), (0.87, 0.16), (0.87, 0.26), (0.75, 0.33), (0.25, 0.33), (0.13, 0.26)]
    layers: _Shape = [(body, True), (parapet, True)]
    for x in (0.13, 0.33, 0.55, 0.75):
        layers.append(([(x, 0.03), (x + 0.12, 0.03), (x + 0.12, 0.17), (x, 0.17)], True))
    door = kit.path(
        (0.39, 0.98),
        (0.39, 0.80),
        ((0.39, 0.66), (0.61, 0.66), (0.61, 0.80)),
        (0.61, 0.98),
    )
    window = kit.path(
        (0.455, 0.60),
        (0.455, 0.47),
        ((0.455, 0.41), (0.545, 0.41), (0.545, 0.47)),
        (0.545, 0.60),
    )
    layers += [(door, False), (window, False)]
    return layers


def _crown() -> _Shape:
    body = [
        (0.13, 0.78),
        (0.09, 0.34),
        (0.31, 0.54),
        (0.5, 0.24),
        (0.69, 0.54),
        (0.91, 0.34),
        (0.87, 0.78),
    ]
    band = [(0.12, 0.76), (0.88, 0.76), (0.88, 0.92), (0.12, 0.92)]
    layers: _Shape = [(body, True), (band, True)]
    for cx, cy, r in ((0.09, 0.28, 0.07), (0.5, 0.15, 0.085), (0.91, 0.28, 0.07)):
        layers.append((kit.circle(cx, cy, r), True))
    for cx in (0.3, 0.5, 0.7):
        layers.append((kit.circle(cx, 0.84, 0.035), False))
    return layers


def _shield() -> _Shape:
    outline = kit.path(
        (0.12, 0.05),
        (0.88, 0.05),
        (0.88, 0.45),
        ((0.88, 0.74), (0.68, 0.88), (0.5, 0.98)),
        ((0.32, 0.88), (0.12, 0.74), (0.12, 0.45)),
    )
    # The chevron stops short of the edges so the shield stays one unbroken silhouette.
    chevron = [(0.5, 0.34), (0.75, 0.56), (0.75, 0.70), (0.5, 0.48), (0.25, 0.70), (0.25, 0.56)]
    return [(outline, True), (chevron, False)]


def _crescent() -> _Shape:
    return [(kit.circle(0.47, 0.53, 0.45), True), (kit.circle(0.63, 0.40, 0.38), False)]


# Artois fleur, Bellerophon star, Castellia tower, De Bourgogne crown, Ellicta shield,
# Febrois crescent.
_EMBLEMS: tuple[_Shape, ...] = (_fleur(), _star(), _tower(), _crown(), _shield(), _crescent())


@lru_cache(maxsize=512)
def _emblem_surface(house_index: int, side: int, colour: Colour) -> pygame.Surface:
    """House emblem ``side`` pixels square in ``colour``, drawn at 4× and smoothscaled."""
    scale = 4 if side < 200 else 2
    big = side * scale
    surface = kit.canvas(big, big, colour)
    for points, solid in _EMBLEMS[house_index]:
        fill = kit.with_alpha(colour, 255 if solid else 0)
        pygame.draw.polygon(surface, fill, [(x * big, y * big) for x, y in points])
    return pygame.transform.smoothscale(surface, (side, side))


# Heraldic tinctures: azure, gules, vert, purpure, or, and a night-sky sable for Febrois.
PALETTE: tuple[Colour, ...] = (
    (34, 78, 168),
    (176, 30, 48),
    (22, 122, 74),
    (112, 50, 142),
    (206, 150, 28),
    (52, 60, 78),
)

# Okabe–Ito: blue, vermillion, bluish green, reddish purple, orange, black — safe for the common
# colour-vision deficiencies; the emblems keep the houses apart even where two hues converge.
CB_PALETTE: tuple[Colour, ...] = (CB_BLUE, CB_VERMILLION, CB_GREEN, CB_PURPLE, CB_ORANGE, CB_BLACK)

IVORY: Colour = CARD_PAPER
TEXT_INK: Colour = CARD_INK
NAVY: Colour = CARD_NAVY
GOLD: Colour = CARD_GOLD

TINY_BELOW = 32  # narrower cards: the number alone, on the house colour's frame
SMALL_BELOW = 90  # narrower cards: number, initial and emblem only
LARGE_FROM = 130  # from here on: the action text too


@dataclass(frozen=True)
class FaceLayout:
    """Where each element of a Royal Houses face goes (pixels); rects are read-only.

    ``elements`` names every drawn box: they never overlap and all lie inside ``inner``.
    """

    level: str  # "tiny", "small", "medium" or "large"
    frame: int
    radius: int
    inner: pygame.Rect
    number_size: int
    badge_size: int  # font size of the initial (small) or 0 when the badge is an emblem
    name_size: int
    text_size: int
    medallion: pygame.Rect
    lines: tuple[str, ...]
    elements: dict[str, pygame.Rect]


def royal_layout(card: str, width: int) -> FaceLayout:
    """The layout of ``card``'s face at ``width`` (exposed so tests can check it)."""
    if card not in CARDS:
        raise ValueError(f"{card!r} is not a Royal Houses card")
    return _royal_layout(number_of(card), house_of(card), kit.check_width(width))


@lru_cache(maxsize=4096)
def _royal_layout(number: int, house: int, w: int) -> FaceLayout:
    h = round(w * kit.CARD_ASPECT)
    if w < TINY_BELOW:
        return _tiny_layout(number, w, h)
    level = "small" if w < SMALL_BELOW else "medium" if w < LARGE_FROM else "large"
    frame = max(2, round(w * 0.04))
    grid = _face_grid(w, h, frame, level)
    content = grid.content
    name = HOUSES[house]

    # Corner index: the number, centred in a column as wide as the widest digit, so every
    # card's number sits in the same place.
    number_rect = pygame.Rect((0, 0), kit.ink_size(str(number), grid.number_size, "serif-bold"))
    number_rect.midbottom = (content.left + grid.column // 2, content.top + grid.index_h)
    elements: dict[str, pygame.Rect] = {"number": number_rect}
    # What the medallion must avoid is the same on every card of a width, so emblems line up.
    obstacles = [pygame.Rect(content.left, content.top, grid.column, grid.index_h)]
    badge_size, badge, badge_room = _badge(grid, name, level)
    elements["badge"] = badge
    obstacles.append(badge_room)

    name_size, name_rect, bottom = 0, None, content.bottom
    if level == "medium":
        name_size, name_rect, bottom = _name_along_bottom(grid, name)
    elif level == "large":
        name_size, name_rect, band = _name_beside_index(grid, name)
        obstacles.append(band)
    if name_rect is not None:
        elements["name"] = name_rect

    lines: tuple[str, ...] = ()
    text_size = 0
    if level == "large":
        lines, text_size, panel = _action_panel(grid, number)
        if panel:
            elements.update(panel)
            bottom = panel["panel"].top

    obstacles = [r.inflate(2 * grid.gap, 2 * grid.gap) for r in obstacles]
    medallion = _fit_circle(content.left, content.right, content.top, bottom - grid.gap, obstacles)
    elements["medallion"] = medallion
    return FaceLayout(
        level,
        frame,
        max(3, round(w * 0.075)),
        grid.inner,
        grid.number_size,
        badge_size,
        name_size,
        text_size,
        medallion,
        lines,
        elements,
    )


@dataclass(frozen=True, slots=True)
class _FaceGrid:
    """What every face of one width shares, so that cards line up in a hand: the room inside
    the frame and the corner index's column."""

    w: int
    inner: pygame.Rect  # inside the frame
    content: pygame.Rect  # inside the padding: where the elements go
    gap: int  # between elements
    number_size: int  # the corner index's font size
    column: int  # the corner index's column: as wide as the widest digit
    index_h: int  # and as tall as the tallest


def _face_grid(w: int, h: int, frame: int, level: str) -> _FaceGrid:
    inner = pygame.Rect(frame, frame, w - 2 * frame, h - 2 * frame)
    pad = max(3, round(w * 0.05))
    content = inner.inflate(-2 * pad, -2 * pad)
    gap = max(2, round(w * 0.03))
    digit_h = w * {"small": 0.30, "medium": 0.24, "large": 0.18}[level]
    number_size = kit.size_for_height("serif-bold", digit_h, "8")
    column = max(kit.ink_size(str(n), number_size, "serif-bold")[0] for n in range(1, 9))
    index_h = max(kit.ink_size(str(n), number_size, "serif-bold")[1] for n in range(1, 9))
    return _FaceGrid(w, inner, content, gap, number_size, column, index_h)


def _badge(grid: _FaceGrid, name: str, level: str) -> tuple[int, pygame.Rect, pygame.Rect]:
    """The house's badge: the font size of its initial (0: the badge is an emblem), where it
    goes, and the room the medallion keeps clear of for it."""
    content, index_h = grid.content, grid.index_h
    if level == "small":
        # The house initial sits in the opposite top corner, leaving the middle to the emblem.
        size = kit.size_for_height("sans-bold", index_h * 0.55, "B")
        badge = pygame.Rect((0, 0), kit.ink_size(name[0], size, "sans-bold"))
        badge.topright = (content.right, content.top)
        widest = max(kit.ink_size(n[0], size, "sans-bold")[0] for n in HOUSES)
        tallest = max(kit.ink_size(n[0], size, "sans-bold")[1] for n in HOUSES)
        return size, badge, pygame.Rect(content.right - widest, content.top, widest, tallest)
    # A small emblem under the number: what shows of a card in a fanned hand.
    side = round(index_h * 0.62)
    badge = pygame.Rect(0, content.top + index_h + grid.gap // 2 + 1, side, side)
    badge.centerx = content.left + grid.column // 2
    return 0, badge, badge


def _name_along_bottom(grid: _FaceGrid, name: str) -> tuple[int, pygame.Rect | None, int]:
    """A medium card's house name along the bottom edge, shrunk to fit the width if it must:
    its size (0: it does not fit), where it goes, and the top of the room it leaves above."""
    w, content = grid.w, grid.content
    # Nothing sits beside it, so it may use the width inside the hairline rule.
    span = grid.inner.width - 2 * max(2, round(w * 0.035))
    start = round(w * 0.115)
    sizes = {n: fit_size(n, "serif-bold", span, start, 7, ink=True, strict=True) for n in HOUSES}
    # One baseline for every house (room for the largest size's descenders), and one top
    # for the emblem area above it, so all cards of a width share the same design grid.
    baseline = content.bottom + get_font(start, "serif-bold").get_descent()
    rises = [kit.ink_box(n, z, "serif-bold")[2] for n, z in sizes.items() if z is not None]
    bottom = baseline - max(rises, default=0)
    size = sizes[name]
    if size is None:
        return 0, None, bottom
    box = kit.ink_box(name, size, "serif-bold")
    rect = pygame.Rect(0, baseline - box[2], box[0], box[1])
    rect.centerx = content.centerx
    return size, rect, bottom


def _name_beside_index(grid: _FaceGrid, name: str) -> tuple[int, pygame.Rect | None, pygame.Rect]:
    """A large card's house name in the top band beside the index: centred on the card when
    that clears the index, else centred in the room to its right. Its size (0: it does not
    fit), where it goes, and the band the medallion keeps clear of."""
    w, content = grid.w, grid.content
    left = content.left + grid.column + 2 * grid.gap
    start = round(w * 0.08)
    # The band the name may occupy, at its largest size, down to its descenders.
    middle = content.top + grid.index_h // 2  # the index's middle, whatever the digit
    band_bottom = middle + kit.ink_size("B", start, "serif-bold")[1] // 2
    band_bottom -= get_font(start, "serif-bold").get_descent()
    band = pygame.Rect(left, content.top, content.right - left, band_bottom - content.top)
    size = fit_size(name, "serif-bold", content.right - left, start, 7, ink=True, strict=True)
    if size is None:
        return 0, None, band
    box = kit.ink_box(name, size, "serif-bold")
    cap = kit.ink_size("B", size, "serif-bold")[1]
    baseline = middle + cap // 2
    rect = pygame.Rect(0, baseline - box[2], box[0], box[1])
    rect.centerx = w // 2
    if rect.left < left:
        rect.centerx = (left + content.right) // 2
    return size, rect, band


def _action_panel(
    grid: _FaceGrid, number: int
) -> tuple[tuple[str, ...], int, dict[str, pygame.Rect]]:
    """A large card's action text in a panel at the bottom: its lines, their font size and
    the panel's and each line's place (``"panel"``, ``"line0"``…); nothing when no size
    fits every card's text in four lines."""
    w, inner = grid.w, grid.inner
    # The panel is a box of its own, so it may reach out to just inside the hairline rule.
    margin = max(2, round(w * 0.035))
    panel_span = inner.inflate(-2 * margin, 0)
    hpad = max(3, round(w * 0.025))
    vpad = max(3, round(w * 0.03))
    room = panel_span.width - 2 * hpad
    for size in range(max(9, round(w * 0.056)), 6, -1):
        font = get_font(size, "sans")
        wrapped = [wrap_text(ACTIONS[n], font, room, strict=True) for n in range(1, 9)]
        if all(wrapped) and max(len(x or ()) for x in wrapped) <= 4:
            break
    else:
        return (), 0, {}
    line_h = font.get_linesize()
    # Every card of this width gets the same panel, so emblems line up in a hand.
    most = max(len(x or ()) for x in wrapped)
    panel = pygame.Rect(panel_span.left, 0, panel_span.width, most * line_h + 2 * vpad)
    panel.bottom = inner.bottom - margin
    places = {"panel": panel}
    lines = tuple(wrapped[number - 1] or ())
    y = panel.centery - len(lines) * line_h // 2
    for i, line in enumerate(lines):
        lw = font.size(line)[0]
        places[f"line{i}"] = pygame.Rect(panel.centerx - lw // 2, y + i * line_h, lw, line_h)
    return lines, size, places


def _tiny_layout(number: int, w: int, h: int) -> FaceLayout:
    """An icon-sized card: the frame's colour and the number, nothing else."""
    frame = max(1, round(w * 0.06))
    inner = pygame.Rect(frame, frame, w - 2 * frame, h - 2 * frame)
    room = inner.inflate(-2, -2)
    start = kit.size_for_height("serif-bold", room.height * 0.6, "8")
    size = fit_size("8", "serif-bold", room.width, start, 6, ink=True)
    number_rect = pygame.Rect((0, 0), kit.ink_size(str(number), size, "serif-bold"))
    number_rect.center = inner.center
    empty = pygame.Rect(inner.center, (0, 0))
    return FaceLayout(
        "tiny",
        frame,
        max(2, round(w * 0.1)),
        inner,
        size,
        0,
        0,
        0,
        empty,
        (),
        {"number": number_rect},
    )


def _fit_circle(
    left: int, right: int, top: int, bottom: int, obstacles: list[pygame.Rect]
) -> pygame.Rect:
    """The bounding square of the largest circle centred between ``left`` and ``right`` that
    lies within ``top``–``bottom`` and touches no obstacle; as centred vertically as it can be."""
    cx = (left + right) / 2

    def clear(cy: float, r: float) -> bool:
        for o in obstacles:
            dx = max(o.left - cx, 0, cx - o.right)
            dy = max(o.top - cy, 0, cy - o.bottom)
            if dx * dx + dy * dy < r * r:
                return False
        return True

    for d in range(min(right - left, bottom - top), 0, -1):
        r = d / 2
        lowest, highest = bottom - r, top + r
        # Try from the bottom up: obstacles all sit at the top, so the lowest spot is the
        # likeliest to be clear; then rise while still clear to centre in the free band.
        if not clear(lowest, r):
            continue
        cy = lowest
        while cy - 1 >= highest and clear(cy - 1, r):
            cy -= 1
        cy = (cy + lowest) / 2
        return pygame.Rect(round(cx - r), round(cy - r), d, d)
    return pygame.Rect(round(cx), (top + bottom) // 2, 0, 0)


def paint_face(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
    if card not in CARDS:
        raise ValueError(f"{card!r} is not a Royal Houses card (A1 … F8)")
    house, number = house_of(card), number_of(card)
    layout = _royal_layout(number, house, w)
    colour = house_colour(house, colorblind)
    paper = kit.mix(IVORY, colour, 0.05)
    ink = kit.ink(colour, paper)
    el = layout.elements

    # Shapes first, supersampled.
    s = kit.supersample(w)
    big = kit.canvas(w * s, h * s, colour)
    pygame.draw.rect(big, colour, (0, 0, w * s, h * s), border_radius=layout.radius * s)
    inner = pygame.Rect(
        layout.inner.x * s, layout.inner.y * s, layout.inner.w * s, layout.inner.h * s
    )
    inner_radius = max(1, layout.radius - layout.frame) * s
    pygame.draw.rect(big, paper, inner, border_radius=inner_radius)
    if layout.level in ("medium", "large"):
        # A hairline just inside the frame: the classic double rule of a printed card (too
        # cramped to read as a rule on the smallest cards).
        rule = max(1, round(w * 0.006 * s))
        inset = round(w * 0.016 * s)
        pygame.draw.rect(
            big,
            kit.mix(paper, colour, 0.7),
            inner.inflate(-2 * inset, -2 * inset),
            rule,
            border_radius=max(1, inner_radius - inset),
        )
    med = layout.medallion
    if med.width > 4:
        centre = (med.centerx * s, med.centery * s)
        radius = med.width * s / 2
        pygame.draw.circle(big, kit.mix(paper, colour, 0.16), centre, radius)
        pygame.draw.circle(
            big, kit.mix(paper, colour, 0.85), centre, radius, max(1, round(radius * 0.04))
        )
        pygame.draw.circle(
            big, kit.mix(paper, colour, 0.45), centre, radius * 0.9, max(1, round(radius * 0.012))
        )
    if "panel" in el:
        p = el["panel"]
        panel = pygame.Rect(p.x * s, p.y * s, p.w * s, p.h * s)
        pr = max(2, round(w * 0.03)) * s
        pygame.draw.rect(big, kit.mix(paper, colour, 0.10), panel, border_radius=pr)
        pygame.draw.rect(
            big, kit.mix(paper, colour, 0.55), panel, max(1, round(w * 0.005 * s)), border_radius=pr
        )
    face = pygame.transform.smoothscale(big, (w, h))

    # Emblems, then text at the final resolution.
    if med.width > 4:
        emblem = med.inflate(-round(med.width * 0.28), -round(med.width * 0.28))
        house_emblem(face, house, emblem, colour)
    if layout.level == "small":
        face.blit(
            kit.rendered_text(HOUSES[house][0], layout.badge_size, "sans-bold", ink, True),
            el["badge"],
        )
    elif "badge" in el:
        house_emblem(face, house, el["badge"], colour)
    face.blit(
        kit.rendered_text(str(number), layout.number_size, "serif-bold", ink, True), el["number"]
    )
    if "name" in el:
        face.blit(
            kit.rendered_text(HOUSES[house], layout.name_size, "serif-bold", ink, True), el["name"]
        )
    for i, line in enumerate(layout.lines):
        face.blit(
            kit.rendered_text(line, layout.text_size, "sans", TEXT_INK, False), el[f"line{i}"]
        )
    return face


def paint_back(w: int, h: int) -> pygame.Surface:
    s = kit.supersample(w)
    W, H = w * s, h * s
    big = kit.canvas(W, H, NAVY)
    radius = max(3, round(w * 0.075)) * s
    pygame.draw.rect(big, NAVY, (0, 0, W, H), border_radius=radius)
    frame = max(2, round(w * 0.05)) * s
    field = pygame.Rect(frame, frame, W - 2 * frame, H - 2 * frame)
    field_radius = max(1, radius - frame)

    # Diamond lattice on its own layer, then clipped to the field's rounded corners.
    lattice = kit.canvas(field.w, field.h, GOLD)
    lattice.fill(kit.with_alpha(kit.mix(NAVY, (70, 30, 60), 0.35), 255))
    step = max(6 * s, round(field.w / 7))
    line = max(1, round(w * 0.006 * s))
    faint = kit.mix(NAVY, GOLD, 0.45)
    for k in range(-field.h // step - 1, field.w // step + field.h // step + 2):
        x = k * step
        pygame.draw.line(lattice, faint, (x, 0), (x + field.h, field.h), line)
        pygame.draw.line(lattice, faint, (x, 0), (x - field.h, field.h), line)
    dot = max(1, round(w * 0.012 * s))
    for i in range(-1, field.w // step + 2):
        for j in range(-1, field.h // step + 2):
            for ox in (0, step // 2):
                pygame.draw.circle(lattice, GOLD, (i * step + ox, j * step + ox), dot)
    mask = kit.canvas(field.w, field.h, (255, 255, 255))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=field_radius)
    lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(lattice, field)
    pygame.draw.rect(big, GOLD, field, max(1, round(w * 0.01 * s)), border_radius=field_radius)
    if w >= 60:
        # A second, finer rule inside the first: the double border of a printed back.
        inset = round(w * 0.025 * s)
        pygame.draw.rect(
            big,
            kit.mix(NAVY, GOLD, 0.7),
            field.inflate(-2 * inset, -2 * inset),
            max(1, round(w * 0.005 * s)),
            border_radius=max(1, field_radius - inset),
        )

    # Centre medallion: a six-petal rosette, one petal per house.
    centre = (W / 2, H / 2)
    r = W * 0.25
    pygame.draw.circle(big, NAVY, centre, r)
    pygame.draw.circle(big, GOLD, centre, r, max(1, round(r * 0.06)))
    pygame.draw.circle(big, GOLD, centre, r * 0.84, max(1, round(r * 0.025)))
    petal_r = r * 0.34
    width = max(1, round(r * 0.045))
    for i in range(6):
        a = math.pi / 2 + i * math.pi / 3
        c = (centre[0] + petal_r * math.cos(a), centre[1] + petal_r * math.sin(a))
        pygame.draw.circle(big, GOLD, c, petal_r, width)
    pygame.draw.circle(big, GOLD, centre, r * 0.1)
    return pygame.transform.smoothscale(big, (w, h))


# (disc, rim, ring, text) per kind of value.
_TOKEN_COLOURS: dict[tuple[bool, str], tuple[Colour, Colour, Colour, Colour]] = {
    (False, "+"): ((206, 162, 70), (124, 88, 28), (244, 220, 150), (56, 36, 8)),
    (False, "0"): ((170, 174, 182), (96, 100, 110), (226, 228, 234), (30, 32, 38)),
    (False, "-"): ((156, 30, 44), (88, 14, 22), (226, 132, 138), (255, 246, 234)),
    (True, "+"): ((0, 114, 178), (0, 62, 100), (130, 196, 236), (255, 255, 255)),
    (True, "0"): ((170, 170, 170), (90, 90, 90), (230, 230, 230), (20, 20, 20)),
    (True, "-"): ((213, 94, 0), (120, 52, 0), (250, 190, 130), (20, 10, 0)),
}


def _signed(value: int) -> str:
    # A true minus sign (U+2212) matches the plus sign's width in DejaVu.
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


@lru_cache(maxsize=128)
def _counter_token(value: int | None, d: int, colorblind: bool) -> pygame.Surface:
    s = 4 if d < 100 else 2
    D = d * s
    centre = (D / 2, D / 2)
    if value is None:
        disc, rim, ring = NAVY, (12, 18, 40), GOLD
    else:
        kind = "+" if value > 0 else "0" if value == 0 else "-"
        disc, rim, ring, text_colour = _TOKEN_COLOURS[colorblind, kind]
    big = kit.canvas(D, D, rim)
    pygame.draw.circle(big, rim, centre, D / 2)
    pygame.draw.circle(big, disc, centre, D * 0.44)
    pygame.draw.circle(big, ring, centre, D * 0.40, max(1, round(D * 0.018)))
    if value is None:
        petal_r = D * 0.11
        for i in range(6):
            a = math.pi / 2 + i * math.pi / 3
            c = (centre[0] + petal_r * math.cos(a), centre[1] + petal_r * math.sin(a))
            pygame.draw.circle(big, GOLD, c, petal_r, max(1, round(D * 0.02)))
    elif value < 0:
        # Negative counters also get notches around the rim: a cue that survives any palette.
        for i in range(12):
            a = i * math.pi / 6
            c = (centre[0] + D * 0.47 * math.cos(a), centre[1] + D * 0.47 * math.sin(a))
            pygame.draw.circle(big, disc, c, D * 0.02)
    token = pygame.transform.smoothscale(big, (d, d))
    if value is not None:
        label = _signed(value)
        size = kit.size_for_height("serif-bold", d * 0.34, "8")
        fitted = fit_size(label, "serif-bold", round(d * 0.6), size, 6, ink=True)
        art = kit.rendered_text(label, fitted, "serif-bold", text_colour, True)
        token.blit(art, art.get_rect(center=(d // 2, d // 2)))
    return token


def clear_cache() -> None:
    """Forget every cached surface of this art."""
    for fn in (_counter_token, _emblem_surface, _royal_layout, _emblem_image):
        fn.cache_clear()


def _emblem_piece(args: tuple, width: int, colorblind: bool) -> pygame.Surface:
    """``("piece", "royal_houses", "emblem", house, colour)``: a house's emblem, square."""
    house, colour = args
    return _emblem_image(house, width, colour)


@lru_cache(maxsize=64)
def _emblem_image(house: int, size: int, colour: Colour) -> pygame.Surface:
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    house_emblem(image, house, image.get_rect(), colour)
    return image


def _counter_piece(args: tuple, width: int, colorblind: bool) -> pygame.Surface:
    """``("piece", "royal_houses", "counter", value)``: a majority counter (None: face down)."""
    return counter_token(args[0], width, colorblind=colorblind)


def card_text(card: str) -> str:
    """The hover tip of a face-up card: its name and what playing it does."""
    return f"The {number_of(card)} of {HOUSES[house_of(card)]}: {ACTIONS[number_of(card)]}"


ART = GameArt(
    card_text=card_text,
    face=paint_face,
    back=paint_back,
    pieces={"emblem": _emblem_piece, "counter": _counter_piece},
    clear_cache=clear_cache,
)
