"""Allegiance card art, drawn in code: 35 Faces in five houses, 6 Traits, 12 Victories, the Moon.

Shapes are drawn supersampled and smoothscaled (anti-aliased); text is rendered at the final
size. Small cards keep only what identifies them (rank and emblem, a trait's sign, a
Victory's name). Everything is cached; callers must treat surfaces as read-only.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from rules.allegiance import (
    FACE_SET,
    HOUSE_OF,
    HOUSES,
    MOON,
    RANK_NAMES,
    RANK_OF,
    TRAITS,
    VICTORY_SET,
)
from tabletop.table import art_kit as kit
from tabletop.table.card_art import GameArt
from tabletop.ui.palette import (
    CARD_GOLD,
    CARD_INK,
    CARD_PAPER,
    CB_BLUE,
    CB_GREEN,
    CB_ORANGE,
    CB_PURPLE,
    CB_VERMILLION,
)
from tabletop.ui.text import fit_size

Colour = tuple[int, int, int]
Point = tuple[float, float]
_Shape = list[tuple[list[Point], bool]]

# Hearts crimson, Swords steel blue, Spells violet, Gems emerald, Stars amber.
PALETTE: tuple[Colour, ...] = (
    (184, 32, 52),
    (40, 92, 170),
    (118, 56, 150),
    (18, 128, 84),
    (196, 140, 20),
)
# Okabe–Ito hues, safe for the common colour-vision deficiencies; emblems differ in shape too.
CB_PALETTE: tuple[Colour, ...] = (CB_VERMILLION, CB_BLUE, CB_PURPLE, CB_GREEN, CB_ORANGE)
IVORY: Colour = CARD_PAPER
INK: Colour = CARD_INK
NIGHT: Colour = (22, 28, 58)
GOLD: Colour = CARD_GOLD
UP: Colour = (26, 130, 70)
DOWN: Colour = (178, 40, 40)
WINE: Colour = (74, 22, 38)

SMALL_BELOW = 72  # narrower cards: the essentials only


def house_colour(house: int, colorblind: bool = False) -> Colour:
    return (CB_PALETTE if colorblind else PALETTE)[house]


# ---- emblems (unit square, y down) ------------------------------------------------------------


def _heart() -> _Shape:
    left = kit.path(
        (0.5, 0.95),
        ((0.30, 0.76), (0.02, 0.56), (0.04, 0.32)),
        ((0.06, 0.10), (0.34, 0.02), (0.5, 0.24)),
    )
    right = [(1 - x, y) for x, y in reversed(left)]
    return [(left + right, True)]


def _rotated(points: list[Point], angle: float) -> list[Point]:
    c, s = math.cos(angle), math.sin(angle)
    return [
        (0.5 + (x - 0.5) * c - (y - 0.5) * s, 0.5 + (x - 0.5) * s + (y - 0.5) * c)
        for x, y in points
    ]


def _swords() -> _Shape:
    blade = [(0.455, 0.02), (0.545, 0.02), (0.545, 0.70), (0.5, 0.76), (0.455, 0.70)]
    blade = [(x, 1 - y) for x, y in blade]  # point up
    blade = [(0.5 + (x - 0.5), y - 0.02) for x, y in blade]
    guard = [(0.33, 0.68), (0.67, 0.68), (0.67, 0.75), (0.33, 0.75)]
    grip = [(0.47, 0.75), (0.53, 0.75), (0.53, 0.90), (0.47, 0.90)]
    pommel = kit.circle(0.5, 0.93, 0.05, 20)
    sword = [blade, guard, grip, pommel]
    layers: _Shape = []
    for angle in (-math.pi / 4.4, math.pi / 4.4):
        layers += [(_rotated(p, angle), True) for p in sword]
    return layers


def _flame() -> _Shape:
    outer = kit.path(
        (0.5, 0.02),
        ((0.58, 0.22), (0.86, 0.40), (0.84, 0.66)),
        ((0.82, 0.88), (0.64, 0.98), (0.5, 0.98)),
        ((0.36, 0.98), (0.18, 0.88), (0.16, 0.66)),
        ((0.15, 0.48), (0.28, 0.38), (0.34, 0.24)),
        ((0.40, 0.38), (0.40, 0.46), (0.44, 0.50)),
        ((0.46, 0.32), (0.42, 0.16), (0.5, 0.02)),
    )
    inner = kit.path(
        (0.5, 0.52),
        ((0.60, 0.64), (0.66, 0.74), (0.62, 0.84)),
        ((0.58, 0.92), (0.42, 0.92), (0.38, 0.84)),
        ((0.34, 0.74), (0.42, 0.64), (0.5, 0.52)),
    )
    return [(outer, True), (inner, False)]


def _gem() -> _Shape:
    outline = [(0.22, 0.16), (0.78, 0.16), (0.98, 0.40), (0.5, 0.96), (0.02, 0.40)]
    facets = [(0.30, 0.24), (0.70, 0.24), (0.82, 0.38), (0.5, 0.80), (0.18, 0.38)]
    table = [(0.36, 0.30), (0.64, 0.30), (0.72, 0.40), (0.5, 0.68), (0.28, 0.40)]
    return [(outline, True), (facets, False), (table, True)]


def _star5() -> _Shape:
    cx, cy, outer, inner = 0.5, 0.54, 0.48, 0.19
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return [(points, True)]


_EMBLEMS: tuple[_Shape, ...] = (_heart(), _swords(), _flame(), _gem(), _star5())


@lru_cache(maxsize=512)
def emblem_surface(house: int, side: int, colour: Colour) -> pygame.Surface:
    """House ``house``'s emblem, ``side`` pixels square, in ``colour`` (cached)."""
    scale = 4 if side < 200 else 2
    big = side * scale
    surface = kit.canvas(big, big, colour)
    for points, solid in _EMBLEMS[house]:
        fill = (*colour, 255 if solid else 0)
        pygame.draw.polygon(surface, fill, [(x * big, y * big) for x, y in points])
    return pygame.transform.smoothscale(surface, (max(1, side), max(1, side)))


def draw_emblem(surface: pygame.Surface, house: int, rect: pygame.Rect, colour: Colour) -> None:
    side = min(rect.w, rect.h)
    if side >= 2:
        art = emblem_surface(house, side, tuple(colour[:3]))
        surface.blit(art, art.get_rect(center=rect.center))


# ---- shared pieces ---------------------------------------------------------------------------


def _frame(w: int, h: int, edge: Colour, paper: Colour, frame_frac: float = 0.05) -> pygame.Surface:
    """A rounded card in ``edge`` with a ``paper`` field and a fine inner rule."""
    s = kit.supersample(w)
    big = kit.canvas(w * s, h * s, edge)
    radius = max(3, round(w * 0.08)) * s
    pygame.draw.rect(big, edge, (0, 0, w * s, h * s), border_radius=radius)
    frame = max(2, round(w * frame_frac)) * s
    inner = pygame.Rect(frame, frame, w * s - 2 * frame, h * s - 2 * frame)
    pygame.draw.rect(big, paper, inner, border_radius=max(1, radius - frame))
    if w >= SMALL_BELOW:
        inset = round(w * 0.02 * s)
        pygame.draw.rect(
            big,
            kit.mix(paper, edge, 0.6),
            inner.inflate(-2 * inset, -2 * inset),
            max(1, round(w * 0.006 * s)),
            border_radius=max(1, radius - frame - inset),
        )
    return pygame.transform.smoothscale(big, (w, h))


def _blit_text(
    face: pygame.Surface,
    text: str,
    font: str,
    colour: Colour,
    start: int,
    width: int,
    **anchor: tuple[int, int] | int,
) -> pygame.Rect:
    size = fit_size(text, font, max(4, width), max(6, start), 6, ink=True)
    image = kit.rendered_text(text, size, font, colour, True)
    rect = image.get_rect(**anchor)
    face.blit(image, rect)
    return rect


# ---- faces -----------------------------------------------------------------------------------


def _paint_face_card(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
    house, rank = HOUSE_OF[card], RANK_OF[card]
    colour = house_colour(house, colorblind)
    paper = kit.mix(IVORY, colour, 0.06)
    ink = kit.ink(colour, paper)
    face = _frame(w, h, colour, paper)
    m = max(3, round(w * 0.09))
    small = w < SMALL_BELOW
    # The rank and emblem sit in the top half: traits laid on a Face cover its lower half.
    num_h = round(h * (0.30 if small else 0.20))
    num_size = kit.size_for_height("serif-bold", num_h, "7")
    num = kit.rendered_text(str(rank), num_size, "serif-bold", ink, True)
    face.blit(num, (m, m))
    em_side = round(num_h * (0.95 if small else 0.85))
    draw_emblem(face, house, pygame.Rect(w - m - em_side, m, em_side, em_side), colour)
    if small:
        draw_emblem(
            face,
            house,
            pygame.Rect(0, 0, round(w * 0.6), round(w * 0.6)).move(round(w * 0.2), round(h * 0.5)),
            kit.mix(colour, paper, 0.35),
        )
        return face
    y = m + num.get_height() + round(h * 0.025)
    r = _blit_text(
        face, RANK_NAMES[rank], "serif-bold", ink, round(h * 0.085), w - 2 * m, topleft=(m, y)
    )
    # A medallion with the big emblem in the middle.
    cy = round(h * 0.60)
    radius = round(min(w * 0.34, h * 0.22))
    pygame.draw.circle(face, kit.mix(paper, colour, 0.14), (w // 2, cy), radius)
    pygame.draw.circle(face, kit.mix(paper, colour, 0.7), (w // 2, cy), radius, max(1, w // 80))
    side = round(radius * 1.3)
    draw_emblem(face, house, pygame.Rect(w // 2 - side // 2, cy - side // 2, side, side), colour)
    _blit_text(
        face,
        HOUSES[house],
        "serif-bold",
        ink,
        round(h * 0.07),
        w - 2 * m,
        midbottom=(w // 2, h - m),
    )
    del r
    return face


# ---- traits ----------------------------------------------------------------------------------


def _paint_trait(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
    delta = TRAITS[card]
    tone = (0, 114, 178) if (colorblind and delta > 0) else (UP if delta > 0 else DOWN)
    if colorblind and delta < 0:
        tone = (213, 94, 0)
    paper = (244, 238, 224)
    face = _frame(w, h, (60, 52, 46), paper)
    m = max(3, round(w * 0.09))
    sign = f"+{delta}" if delta > 0 else f"\u2212{-delta}"
    # The sign and name sit at the top: a trait on a Face shows its top part first.
    disc_r = round(min(w * 0.30, h * 0.2))
    cx, cy = w // 2, m + disc_r
    s = 4
    disc = kit.canvas(disc_r * 2 * s, disc_r * 2 * s, tone)
    pygame.draw.circle(disc, tone, (disc_r * s, disc_r * s), disc_r * s)
    face.blit(
        pygame.transform.smoothscale(disc, (disc_r * 2, disc_r * 2)), (cx - disc_r, cy - disc_r)
    )
    _blit_text(
        face,
        sign,
        "sans-bold",
        (255, 255, 255),
        round(disc_r * 1.0),
        round(disc_r * 1.6),
        center=(cx, cy),
    )
    ink = kit.ink(tone, paper)
    name_rect = _blit_text(
        face, card, "serif-bold", ink, round(h * 0.10), w - 2 * m, midtop=(cx, cy + disc_r + m // 2)
    )
    if w >= SMALL_BELOW:
        # An arrow below: up for a raise, down for a fall, and the word "Trait".
        top, bottom = name_rect.bottom + round(h * 0.06), h - m - round(h * 0.12)
        aw = round(w * 0.22)
        if bottom - top > aw:
            tip, base = (top, bottom) if delta > 0 else (bottom, top)
            head = round(aw * 0.9) * (1 if delta > 0 else -1)
            pygame.draw.polygon(
                face,
                kit.mix(tone, paper, 0.35),
                [(cx, tip), (cx - aw, tip + head), (cx + aw, tip + head)],
            )
            pygame.draw.rect(
                face,
                kit.mix(tone, paper, 0.35),
                pygame.Rect(
                    cx - aw // 3, min(tip + head, base), 2 * (aw // 3), abs(base - tip - head)
                ),
            )
        _blit_text(
            face,
            "Trait: rank " + sign,
            "sans",
            INK,
            round(h * 0.06),
            w - 2 * m,
            midbottom=(cx, h - m),
        )
    return face


# ---- victories and the Moon ------------------------------------------------------------------


def _laurel(face: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A laurel wreath: leaves along two arcs, open at the top."""
    s = 4
    big = kit.canvas(rect.w * s, rect.h * s, colour)
    cx, cy = rect.w * s / 2, rect.h * s / 2
    r = min(rect.w, rect.h) * s * 0.40
    leaf = r * 0.22
    for side in (-1, 1):
        for i in range(7):
            a = math.pi / 2 + side * (0.25 + i * 0.36)
            x, y = cx + r * math.cos(a), cy + r * math.sin(a)
            t = a + side * math.pi / 2
            pts = []
            for k in range(12):
                u = 2 * math.pi * k / 12
                px_, py_ = leaf * math.cos(u), leaf * 0.45 * math.sin(u)
                pts.append(
                    (
                        x + px_ * math.cos(t) - py_ * math.sin(t),
                        y + px_ * math.sin(t) + py_ * math.cos(t),
                    )
                )
            pygame.draw.polygon(big, (*colour, 255), pts)
        pygame.draw.arc(
            big,
            (*colour, 255),
            pygame.Rect(cx - r, cy - r, 2 * r, 2 * r),
            (-math.pi / 2 - 2.5) if side < 0 else (-math.pi / 2 + 0.1),
            (-math.pi / 2 - 0.1) if side < 0 else (-math.pi / 2 + 2.5),
            max(1, round(r * 0.05)),
        )
    face.blit(pygame.transform.smoothscale(big, rect.size), rect)


def _paint_victory(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
    paper = (252, 240, 200)
    edge = (150, 110, 30)
    face = _frame(w, h, edge, paper)
    m = max(3, round(w * 0.09))
    ink = (92, 60, 10)
    if w >= SMALL_BELOW:
        _blit_text(
            face, "VICTORY", "sans-bold", edge, round(h * 0.06), w - 2 * m, midtop=(w // 2, m)
        )
    side = round(min(w * 0.8, h * 0.5))
    wreath = pygame.Rect(0, 0, side, side)
    wreath.center = (w // 2, round(h * 0.46))
    _laurel(face, wreath, (120, 140, 40) if not colorblind else (0, 120, 90))
    _blit_text(face, "1", "serif-bold", ink, round(side * 0.4), side // 2, center=wreath.center)
    _blit_text(face, card, "serif-bold", ink, round(h * 0.12), w - 2 * m, midbottom=(w // 2, h - m))
    return face


def _paint_moon(w: int, h: int) -> pygame.Surface:
    face = _frame(w, h, GOLD, NIGHT)
    s = 4
    side = round(min(w * 0.7, h * 0.5))
    big = kit.canvas(side * s, side * s, (246, 232, 170))
    pygame.draw.circle(big, (246, 232, 170), (side * s * 0.45, side * s * 0.5), side * s * 0.45)
    pygame.draw.circle(big, (0, 0, 0, 0), (side * s * 0.68, side * s * 0.38), side * s * 0.38)
    moon = pygame.transform.smoothscale(big, (side, side))
    face.blit(moon, moon.get_rect(center=(w // 2, round(h * 0.45))))
    for fx, fy in ((0.22, 0.15), (0.8, 0.2), (0.75, 0.7), (0.2, 0.72)):
        pygame.draw.circle(face, GOLD, (round(w * fx), round(h * fy)), max(1, w // 50))
    m = max(3, round(w * 0.09))
    _blit_text(
        face, "The Moon", "serif-bold", GOLD, round(h * 0.11), w - 2 * m, midbottom=(w // 2, h - m)
    )
    return face


def paint(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
    if card.startswith("emblem:") and card[7:] in ("0", "1", "2", "3", "4"):
        # A House emblem on its own (the table's Victory tally): a square at the top.
        house = int(card[7:])
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        disc = kit.canvas(w * 4, w * 4, IVORY)
        pygame.draw.circle(disc, (*IVORY, 255), (w * 2, w * 2), w * 2)
        surface.blit(pygame.transform.smoothscale(disc, (w, w)), (0, 0))
        side = round(w * 0.66)
        draw_emblem(
            surface,
            house,
            pygame.Rect((w - side) // 2, (w - side) // 2, side, side),
            house_colour(house, colorblind),
        )
        return surface
    if card in FACE_SET:
        return _paint_face_card(card, w, h, colorblind)
    if card in TRAITS:
        return _paint_trait(card, w, h, colorblind)
    if card in VICTORY_SET:
        return _paint_victory(card, w, h, colorblind)
    if card == MOON:
        return _paint_moon(w, h)
    raise ValueError(f"{card!r} is not an Allegiance card (H7 … T1, a Trait, a Victory or Moon)")


def paint_back(w: int, h: int) -> pygame.Surface:
    face = _frame(w, h, GOLD, WINE, 0.06)
    # Five house dots in a ring around a star: one for each House.
    cx, cy = w // 2, h // 2
    r = w * 0.26
    pygame.draw.circle(face, kit.mix(WINE, GOLD, 0.25), (cx, cy), round(r * 1.35))
    pygame.draw.circle(face, GOLD, (cx, cy), round(r * 1.35), max(1, w // 60))
    dot = max(2, round(w * 0.075))
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        rect = pygame.Rect(0, 0, dot * 2, dot * 2)
        rect.center = (round(cx + r * math.cos(a)), round(cy + r * math.sin(a)))
        draw_emblem(face, i, rect, GOLD)
    return face


def clear_cache() -> None:
    """Forget every cached surface of this art."""
    emblem_surface.cache_clear()


def card_text(card: str) -> str:
    """The hover tip of a face-up card: ``"The Knight of Hearts"``, ``"Clever: a Trait"``."""
    from rules.allegiance import MOON, TRAITS, VICTORY_SET, card_name

    name = card_name(card)
    name = name[0].upper() + name[1:]
    if card in TRAITS:
        return f"{name}: a Trait"
    if card in VICTORY_SET:
        return f"{name}: a Victory"
    return name if card != MOON else f"{name}: neither a Face nor a Victory"


ART = GameArt(face=paint, back=paint_back, clear_cache=clear_cache, card_text=card_text)
