"""What a layout hands to the table scene: plain data describing one frame of the table.

A layout turns ``game.view(viewer)`` and a window rectangle into a :class:`TableModel`;
the table scene draws it, animates pieces whose ids persist between models, and turns
gestures on pieces and zones into moves. Nothing here knows any game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

Colour = tuple[int, int, int] | tuple[int, int, int, int]


@dataclass
class Piece:
    """A card or token on the table.

    ``id`` is stable while the thing stays the same thing (a card id, ``"counter:0:5"``), so
    the scene can glide it from its old place to its new one. ``art`` says how to draw it:
    ``("card", game_id, card)``, ``("back", game_id)`` or a piece the game paints itself,
    ``("piece", game_id, name, *args)`` (a Royal Houses counter, an Alliances map tile).
    ``drag`` is the key a gesture on it uses (``None``: it cannot be picked up).
    ``outline`` is a colour to ring it with (a layout's "this changed" mark), or None.
    """

    id: str
    art: tuple
    rect: pygame.Rect
    z: int = 0
    drag: str | None = None
    label: str = ""
    dim: bool = False
    outline: Colour | None = None


@dataclass
class Zone:
    """An area a piece can be dropped on or that can be clicked; ``id`` is a move target."""

    id: str
    rect: pygame.Rect
    label: str = ""


@dataclass
class Text:
    text: str
    pos: tuple[int, int]
    size: int
    colour: Colour = (240, 234, 216)
    anchor: str = "topleft"  # any pygame.Rect position attribute
    face: str = "sans"
    max_width: int | None = None  # shrink the font to fit, then cut with an ellipsis
    smallest: int = 0  # how far it may shrink (0: to four fifths of ``size``)


@dataclass
class Box:
    rect: pygame.Rect
    fill: Colour | None = None
    border: Colour | None = None
    radius: int = 0
    width: int = 2


@dataclass(frozen=True)
class Recap:
    """A pause in play that explains what just happened: the end of a deal, a campaign or the
    game. ``title`` says what ended ("Campaign 2 ends"); ``lines`` (one to four short
    sentences, seats already named) say what happened and why. Built only from public data."""

    title: str
    lines: tuple[str, ...]


@dataclass
class TableModel:
    pieces: list[Piece] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)
    #: Where new pieces appear from, by zone id (e.g. "deck", "hand:1"), for animations.
    origins: dict[str, pygame.Rect] = field(default_factory=dict)
    #: Where the scene may put buttons for decisions that are not made by dragging.
    action_area: pygame.Rect | None = None
    #: Hover explanations: a sentence shown while the pointer rests on the rectangle.
    tips: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    #: Pictures the table may soon show, as (art, width): every card a seat could play into
    #: the trick, at the trick's card width. Painted ahead on quiet frames so a move's frame
    #: finds them ready. Public knowledge only (a deck's cards, not who holds them).
    upcoming: list[tuple[tuple, int]] = field(default_factory=list)

    def zone(self, zone_id: str) -> Zone | None:
        return next((z for z in self.zones if z.id == zone_id), None)

    def piece(self, piece_id: str) -> Piece | None:
        return next((p for p in self.pieces if p.id == piece_id), None)


@dataclass
class RecapHold:
    """What the table holds while a recap explains it: ``model`` is drawn over the table as
    it is now, not veiled (the position the recap is about, e.g. the map as an ended campaign
    left it, while the next one is already dealt underneath; public pieces only); ``panel``
    is where the recap's panel goes, clear of it (None: centred over the play area)."""

    model: TableModel
    panel: pygame.Rect | None = None


@dataclass
class Moment:
    """A completed trick or conflict held on the table for a moment, then swept away.

    ``model`` holds what to draw over the table while it is held (the trick's cards with the
    winner marked, boxes and labels; public cards only); ``area`` is the part of the table it
    covers (the caption sits at its top, or with its top at ``caption_at``); ``sweep_to``
    names the origin (``"hand:2"``) of the next table the pieces sweep to afterwards.
    """

    model: TableModel
    area: pygame.Rect
    caption: str
    winner: int | None = None
    sweep_to: str = ""
    caption_at: tuple[int, int] | None = None
    #: Boxes drawn over the pieces (a ring round a token, a veil over a discarded card).
    over: list[Box] = field(default_factory=list)
    #: What the button showing it again says ("Last trick", "Last conflict").
    peek_label: str = "Last trick"
