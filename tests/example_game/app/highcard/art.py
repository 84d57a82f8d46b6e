"""High Card's art, drawn in code with the shared art kit: faces, backs and a round token.

Faces: the number large in the middle and small in two corners, on ivory, in a colour that
darkens with the number (with a ring of pips, so colour is never the only cue). Backs: a
dark wine red with a gold frame and a diamond. Pieces: ``("piece", "highcard", "token", seat)``,
the token a player takes for each round won (its colour says whose).
"""

from __future__ import annotations

import pygame
from example_game.rules_highcard import CARDS, value_of

from tabletop.table import art_kit as kit
from tabletop.table.card_art import GameArt

Colour = tuple[int, int, int]

IVORY: Colour = (250, 245, 232)
EDGE: Colour = (120, 108, 90)
LOW: Colour = (40, 120, 180)
HIGH: Colour = (170, 30, 50)
WINE: Colour = (96, 28, 44)
GOLD: Colour = (214, 178, 96)
SEATS: tuple[Colour, Colour] = ((200, 60, 60), (60, 110, 200))


def paint_face(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
    if card not in CARDS:
        raise ValueError(f"{card!r} is not a High Card card (N1 … N9)")
    n = value_of(card)
    colour = kit.ink(kit.mix(LOW, HIGH, (n - 1) / 8), IVORY)
    if colorblind:
        colour = kit.ink((30, 30, 30), IVORY)  # the number and its pips say it all
    s = kit.supersample(w)
    big = kit.canvas(w * s, h * s, IVORY)
    radius = max(2, round(w * 0.08)) * s
    pygame.draw.rect(big, IVORY, big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, EDGE, big.get_rect(), max(1, w // 60) * s, border_radius=radius)
    # n pips round the centre: the value is readable from shapes too.
    for i, (x, y) in enumerate(kit.circle(0.5, 0.5, 0.36, 9)):
        filled = i < n
        centre = (x * w * s, (0.5 + (y - 0.5) * w / h) * h * s)
        dot = max(1, round(w * 0.035)) * s
        pygame.draw.circle(big, colour, centre, dot, 0 if filled else max(1, s))
    face = pygame.transform.smoothscale(big, (w, h))
    text = str(n)
    number = kit.rendered_text(
        text, kit.size_for_height("serif-bold", h * 0.3, text), "serif-bold", colour, True
    )
    face.blit(number, number.get_rect(center=(w // 2, h // 2)))
    if w >= 40:  # the corner indices, for a card half hidden in a fan
        small = kit.rendered_text(
            text, kit.size_for_height("sans-bold", h * 0.1, text), "sans-bold", colour, True
        )
        margin = max(2, round(w * 0.07))
        face.blit(small, (margin, margin))
        face.blit(
            pygame.transform.rotate(small, 180),
            (w - margin - small.get_width(), h - margin - small.get_height()),
        )
    return face


def paint_back(w: int, h: int) -> pygame.Surface:
    s = kit.supersample(w)
    big = kit.canvas(w * s, h * s, WINE)
    radius = max(2, round(w * 0.08)) * s
    pygame.draw.rect(big, WINE, big.get_rect(), border_radius=radius)
    inset = big.get_rect().inflate(-round(w * 0.16) * s, -round(w * 0.16) * s)
    pygame.draw.rect(big, GOLD, inset, max(1, w // 40) * s, border_radius=radius // 2)
    cx, cy = big.get_width() / 2, big.get_height() / 2
    rx, ry = inset.w * 0.3, inset.h * 0.3
    pygame.draw.polygon(big, GOLD, [(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)])
    return pygame.transform.smoothscale(big, (w, h))


def paint_token(args: tuple, w: int, colorblind: bool) -> pygame.Surface:
    """A round won, in the winner's colour (``args``: the seat); a seat's number on it so
    the colour is never the only cue."""
    (seat,) = args
    if seat not in (0, 1):
        raise ValueError(f"no seat {seat!r} in High Card")
    s = kit.supersample(w)
    big = kit.canvas(w * s, w * s, SEATS[seat])
    r = w * s / 2
    pygame.draw.circle(big, SEATS[seat], (r, r), r)
    pygame.draw.circle(big, GOLD, (r, r), r, max(1, round(w * 0.08)) * s)
    token = pygame.transform.smoothscale(big, (w, w))
    label = str(seat + 1)
    text = kit.rendered_text(
        label, kit.size_for_height("sans-bold", w * 0.45, label), "sans-bold", IVORY, True
    )
    token.blit(text, text.get_rect(center=(w // 2, w // 2)))
    return token


ART = GameArt(face=paint_face, back=paint_back, pieces={"token": paint_token})
