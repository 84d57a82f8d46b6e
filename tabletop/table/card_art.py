"""Cards and pieces as each game paints them: the one place the table asks for art.

A game declares its art in its package (``tabletop/games/<id>``, a :class:`GameArt`): how its
card faces, its backs and any pieces of its own (a map tile, a token stack) are painted. Here
each painted surface is checked and cached; a game without art gets plain stand-ins from
:mod:`tabletop.table.render`. Callers treat returned surfaces as read-only (``copy()`` before
drawing on one). Nothing here needs a display mode.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from .. import games
from ..ui.palette import CARD_GOLD, CARD_NAVY
from .art_kit import CARD_ASPECT, MIN_WIDTH, card_size, check_width

__all__ = [
    "CARD_ASPECT",
    "MIN_WIDTH",
    "BackPainter",
    "FacePainter",
    "GameArt",
    "PiecePainter",
    "card_back",
    "card_face",
    "card_size",
    "clear_cache",
    "piece",
]

FacePainter = Callable[[str, int, int, bool], pygame.Surface]
"""``painter(card, width, height, colorblind)`` → a ``width`` × ``height`` SRCALPHA surface;
raises ValueError for a card it does not know."""
BackPainter = Callable[[int, int], pygame.Surface]
"""``painter(width, height)`` → the face-down back."""
PiecePainter = Callable[[tuple, int, bool], pygame.Surface]
"""``painter(args, width, colorblind)`` → the piece ``width`` pixels wide; ``args`` are what
follows the piece's name in its art tuple (see :func:`piece`)."""


@dataclass(frozen=True)
class GameArt:
    """How one game's cards and pieces look (declared in the game's package)."""

    face: FacePainter
    back: BackPainter | None = None  # None: a plain back
    pieces: Mapping[str, PiecePainter] = field(default_factory=dict)
    clear_cache: Callable[[], None] | None = None  # forgets the game's own cached surfaces
    #: A card's full name and words (the table's hover tip over a face-up card).
    card_text: Callable[[str], str] | None = None


def card_face(game_id: str, card: str, width: int, *, colorblind: bool = False) -> pygame.Surface:
    """The face of ``card`` in ``game_id``, ``width`` pixels wide (read-only, cached).
    Raises ValueError for a game without card art or a card it does not know."""
    return _card_face(game_id, card, check_width(width), bool(colorblind))


def card_back(game_id: str, width: int) -> pygame.Surface:
    """The face-down back of ``game_id``'s cards, ``width`` pixels wide (read-only, cached)."""
    return _card_back(game_id, check_width(width))


def piece(game_id: str, name: str, args: tuple, width: int, colorblind: bool) -> pygame.Surface:
    """The game's own piece ``name`` (art tuple ``("piece", game_id, name, *args)``), drawn by
    the painter its art declares. Raises ValueError if it declares none of that name."""
    art = games.art_for(game_id)
    painter = art.pieces.get(name) if art is not None else None
    if painter is None:
        raise ValueError(f"no piece art {name!r} for game {game_id!r}")
    return painter(args, width, colorblind)


def card_text(game_id: str, card: str) -> str | None:
    """What face-up ``card`` of ``game_id`` says in full, or None if its art does not say."""
    art = games.art_for(game_id)
    if art is None or art.card_text is None:
        return None
    try:
        return art.card_text(card) or None
    except (ValueError, KeyError, IndexError):
        return None  # not a card of the game: no tip rather than a crash


def clear_cache() -> None:
    """Forget every cached card surface, the games' own caches included."""
    _card_face.cache_clear()
    _card_back.cache_clear()
    for game_id in _painted:
        art = games.art_for(game_id)
        if art is not None and art.clear_cache is not None:
            art.clear_cache()


_painted: set[str] = set()  # games whose art was asked for


def _art(game_id: str) -> GameArt:
    art = games.art_for(game_id)
    if art is None:
        raise ValueError(f"no card art for game {game_id!r}")
    _painted.add(game_id)
    return art


# Faces at a few sizes for a 48-card game fit comfortably; a big resize spree evicts old sizes.
@lru_cache(maxsize=256)
def _card_face(game_id: str, card: str, width: int, colorblind: bool) -> pygame.Surface:
    painter = _art(game_id).face
    w, h = card_size(width)
    surface = painter(card, w, h, colorblind)
    if surface.get_size() != (w, h):
        raise RuntimeError(f"{game_id} painter drew {surface.get_size()}, not {(w, h)}")
    return surface


@lru_cache(maxsize=32)
def _card_back(game_id: str, width: int) -> pygame.Surface:
    back = _art(game_id).back or _paint_plain_back
    w, h = card_size(width)
    return back(w, h)


def _paint_plain_back(w: int, h: int) -> pygame.Surface:
    """A plain back for a game that declares none: deep blue, with a gold frame."""
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surface, CARD_NAVY, surface.get_rect(), border_radius=radius)
    inset = surface.get_rect().inflate(-max(4, w // 8), -max(4, w // 8))
    pygame.draw.rect(surface, CARD_GOLD, inset, max(1, w // 40), border_radius=radius)
    return surface
