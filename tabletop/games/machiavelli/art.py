"""Machiavelli's cards: a plain French-suited deck, drawn in code.

Melds overlap on the table so that only each card's left strip shows: the index (rank over
suit) sits in the top-left corner and is large enough to read from that strip alone. The
colour-blind setting switches to a four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green), so
no two suits rely on red against black.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from rules.machiavelli.melds import FACE
from rules.machiavelli.solver import RANKS, SUIT_SYMBOLS, SUITS
from tabletop.table import art_kit as kit
from tabletop.table.card_art import GameArt
from tabletop.ui.palette import CARD_PAPER

Colour = tuple[int, int, int]

PAPER = CARD_PAPER
EDGE = (120, 112, 98)
BLACK = (28, 28, 34)
RED = (196, 28, 40)
FOUR_COLOUR = {"S": BLACK, "H": (200, 24, 36), "D": (28, 84, 196), "C": (20, 128, 56)}
BACK = (32, 58, 112)
BACK_LINE = (214, 186, 112)
COURT = {"J": "Jack", "Q": "Queen", "K": "King"}


def suit_colour(suit: str, colorblind: bool = False) -> Colour:
    if colorblind:
        return FOUR_COLOUR[suit]
    return RED if suit in "HD" else BLACK


def _paper(w: int, h: int, fill: Colour, edge: Colour) -> pygame.Surface:
    surface = kit.canvas(w, h, fill)
    radius = max(2, round(w * 0.08))
    pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, edge, surface.get_rect(), max(1, w // 70), border_radius=radius)
    return surface


def _blit_centred(surface: pygame.Surface, image: pygame.Surface, cx: float, cy: float) -> None:
    surface.blit(image, image.get_rect(center=(round(cx), round(cy))))


def _index(rank: str, symbol: str, w: int, colour: Colour) -> pygame.Surface:
    """Rank over suit, to be read from the visible strip of an overlapped card."""
    rank_h = w * 0.2
    size = kit.size_for_height("sans-bold", rank_h, "8")
    rank_img = kit.rendered_text(rank, size, "sans-bold", colour, True)
    if rank_img.get_width() > w * 0.3:  # "10" is wide: squeeze it into the strip
        size = max(6, round(size * w * 0.3 / rank_img.get_width()))
        rank_img = kit.rendered_text(rank, size, "sans-bold", colour, True)
    suit_img = kit.rendered_text(
        symbol, kit.size_for_height("sans", w * 0.17, symbol), "sans", colour, True
    )
    gap = max(1, round(w * 0.03))
    width = max(rank_img.get_width(), suit_img.get_width())
    out = pygame.Surface(
        (width, rank_img.get_height() + gap + suit_img.get_height()), pygame.SRCALPHA
    )
    out.blit(rank_img, ((width - rank_img.get_width()) // 2, 0))
    out.blit(suit_img, ((width - suit_img.get_width()) // 2, rank_img.get_height() + gap))
    return out


def paint_face(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
    if card not in FACE:
        raise ValueError(f"{card!r} is not a Machiavelli card (e.g. 10H.1, QS.2)")
    return _face(FACE[card], w, h, colorblind)


# The two decks look alike: a card and its twin share one painting (read-only, as every
# painted card is). Each face at a table's few sizes fits.
@lru_cache(maxsize=256)
def _face(rank_suit: tuple[int, int], w: int, h: int, colorblind: bool) -> pygame.Surface:
    r, s = rank_suit
    rank, suit = RANKS[r], SUITS[s]
    symbol = SUIT_SYMBOLS[suit]
    colour = suit_colour(suit, colorblind)
    face = _paper(w, h, PAPER, EDGE)
    index = _index(rank, symbol, w, colour)
    margin = max(2, round(w * 0.06))
    face.blit(index, (margin + max(0, (round(w * 0.3) - index.get_width()) // 2), margin))
    face.blit(
        pygame.transform.rotate(index, 180),
        (w - margin - index.get_width(), h - margin - index.get_height()),
    )
    cx, cy = w * 0.58, h * 0.53
    if rank in COURT:
        frame = pygame.Rect(0, 0, round(w * 0.5), round(h * 0.56))
        frame.center = (round(cx), round(cy))
        pygame.draw.rect(face, colour, frame, max(1, w // 40), border_radius=max(2, w // 20))
        letter = kit.rendered_text(
            rank, kit.size_for_height("serif-bold", h * 0.2, rank), "serif-bold", colour, True
        )
        _blit_centred(face, letter, cx, cy - h * 0.08)
        pip = kit.rendered_text(
            symbol, kit.size_for_height("sans", h * 0.13, symbol), "sans", colour, True
        )
        _blit_centred(face, pip, cx, cy + h * 0.13)
    else:
        big = h * (0.36 if rank == "A" else 0.28)
        pip = kit.rendered_text(
            symbol, kit.size_for_height("sans", big, symbol), "sans", colour, True
        )
        _blit_centred(face, pip, cx, cy)
    return face


def paint_back(w: int, h: int) -> pygame.Surface:
    back = _paper(w, h, BACK, BACK_LINE)
    inner = back.get_rect().inflate(-round(w * 0.16), -round(w * 0.16))
    pygame.draw.rect(back, BACK_LINE, inner, max(1, w // 50), border_radius=max(2, w // 16))
    step = max(4, round(w * 0.12))
    for k in range(-inner.h, inner.w, step):  # a diagonal lattice inside the frame
        a = (inner.x + k, inner.y)
        b = (inner.x + k + inner.h, inner.bottom)
        clipped = inner.inflate(-4, -4).clipline(a, b)
        if clipped:
            pygame.draw.line(back, (70, 96, 150), clipped[0], clipped[1], 1)
    return back


_RANK_WORDS = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
_SUIT_WORDS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def card_text(card: str) -> str:
    """The hover tip of a face-up card: ``"10♥: the 10 of Hearts"``."""
    r, s = FACE[card]
    rank, suit = RANKS[r], SUITS[s]
    return f"{rank}{SUIT_SYMBOLS[suit]}: the {_RANK_WORDS.get(rank, rank)} of {_SUIT_WORDS[suit]}"


ART = GameArt(face=paint_face, back=paint_back, card_text=card_text, clear_cache=_face.cache_clear)
