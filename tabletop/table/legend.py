"""What the table's marks mean and which keys it answers: the words of the *Keys and marks*
page (F1 or ?), and of the hover tips on the table's tags, written once here.

A mark is a title, a sentence and a painter that draws a small sample of it with the table's
own code (:mod:`.marks`, the layouts' boxes and pieces through :mod:`.render`). The marks every
table shares are :data:`COMMON_MARKS`; a game adds its own (:class:`GameLegend`, in its package,
found through :func:`tabletop.games.legend_for`). :data:`TABLE_KEYS` lists every key the table
handles; a test holds it to the keys the table's handlers read, so neither can drift.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from . import marks
from .art_kit import CARD_ASPECT
from .model import Piece

if TYPE_CHECKING:
    from ..display import Display


@dataclass(frozen=True)
class Sample:
    """Where and how a legend draws a mark's sample: the display, the colour-blind setting and
    the art of one of the game's face-up cards (the common marks are shown on it)."""

    display: Display
    colorblind: bool
    card: tuple

    def card_piece(self, cell: pygame.Rect, dim: bool = False) -> Piece:
        """The game's sample card, as tall as ``cell`` allows, centred in it."""
        h = cell.h
        rect = pygame.Rect(0, 0, round(h / CARD_ASPECT), h)
        rect.center = cell.center
        return Piece("sample", self.card, rect, dim=dim)

    def draw_card(
        self, surface: pygame.Surface, cell: pygame.Rect, dim: bool = False
    ) -> pygame.Rect:
        """Draw the sample card (``dim``: veiled as unplayable) in ``cell``; where it is."""
        piece = self.card_piece(cell, dim)
        marks.draw_piece(surface, piece, piece.rect, self.display, self.colorblind)
        return piece.rect


#: Draws a mark's sample inside a cell of the legend.
Painter = Callable[[pygame.Surface, pygame.Rect, Sample], None]


@dataclass(frozen=True)
class Mark:
    """A mark the table draws: what it is called, what it means, and its sample."""

    title: str
    text: str
    paint: Painter


@dataclass(frozen=True)
class KeyLine:
    """A key (or a few doing one thing) of the table: as written on the page, what it does,
    and the pygame key codes it stands for (``tv``: only on the TV profile)."""

    keys: str
    text: str
    codes: tuple[int, ...]
    tv: bool = False


@dataclass(frozen=True)
class GameLegend:
    """A game's part of the page: the art of one of its face-up cards (for the common marks'
    samples) and its own marks."""

    card: tuple
    marks: tuple[Mark, ...] = ()


# ---- the marks every table draws ----------------------------------------------------------


def last_move_tip(name: str, tag: str) -> str:
    """What a last-move tag says on hover."""
    return (
        f"{tag}: {name}'s last move. What it touched stays outlined in blue until {name} "
        "moves again."
    )


def _inset(cell: pygame.Rect, s: Sample) -> pygame.Rect:
    """Where the common marks' sample card goes in ``cell``: room round it for any ring."""
    return cell.inflate(-s.display.px(24), -s.display.px(28))


def _last_move(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    card = s.draw_card(surface, _inset(cell, s))
    marks.last_move(surface, card, "A", s.display)


def _lit(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    d = s.display
    zone = cell.inflate(-d.px(8), -d.px(8))
    marks.lit_target(surface, zone, d)


def _selected(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    card = s.draw_card(surface, _inset(cell, s))
    marks.selected(surface, card, s.display)


def _focus(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    card = s.draw_card(surface, _inset(cell, s))
    marks.focus_ring(surface, card, s.display)


def _dim(surface: pygame.Surface, cell: pygame.Rect, s: Sample) -> None:
    s.draw_card(surface, _inset(cell, s), True)


LAST_MOVE = Mark(
    "A player's last move",
    "What a player's last move touched is outlined in blue, with their initial on a tag (and "
    "their seat number when two names share an initial). It stays until they move again.",
    _last_move,
)
COMMON_MARKS: tuple[Mark, ...] = (
    LAST_MOVE,
    Mark(
        "Where it may go",
        "A gold glow: where the card you picked up may be dropped, or what you may click now.",
        _lit,
    ),
    Mark(
        "Picked up",
        "A card you clicked is ringed in gold: click a lit place to put it there, or it "
        "again to put it back.",
        _selected,
    ),
    Mark(
        "Keyboard focus",
        "A light blue ring: what Enter or Space acts on. Tab and the arrows move it.",
        _focus,
    ),
    Mark(
        "Dimmed card",
        "It cannot be played now; pick it up and the table says why.",
        _dim,
    ),
)


# ---- the keys -------------------------------------------------------------------------------

TABLE_KEYS: tuple[KeyLine, ...] = (
    KeyLine("H", "Hint: the move the AI would make, and why.", (pygame.K_h,)),
    KeyLine("L", "Show the last finished trick or conflict again.", (pygame.K_l,)),
    KeyLine(
        "T",
        "The score so far: each player's score if the game ended now, as far as you can know it.",
        (pygame.K_t,),
    ),
    KeyLine("G", "Widen the game log to read its history (again: narrow it).", (pygame.K_g,), True),
    KeyLine("Ctrl+Z", "Undo your last move (the game then counts as assisted).", (pygame.K_z,)),
    KeyLine("Ctrl+S", "Save a named copy of the game.", (pygame.K_s,)),
    KeyLine("F1 or ?", "This page of keys and marks.", (pygame.K_F1, pygame.K_QUESTION)),
    KeyLine(
        "Tab, arrows",
        "Move the keyboard focus over the cards, places and buttons you may use "
        "(Shift+Tab goes back).",
        (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN),
    ),
    KeyLine(
        "Enter or Space",
        "Act on the focus: pick up, put down, press. Where several cards may be picked, Space "
        "adds one. They also end a pause that explains a deal or hand the table over.",
        (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE),
    ),
    KeyLine(
        "Esc",
        "Put back what you picked up; with nothing picked, offers to leave the game. It also "
        "ends a pause that explains a deal, and closes a menu or this page.",
        (pygame.K_ESCAPE,),
    ),
    KeyLine("Any key or click", "Move a finished trick or conflict on at once.", ()),
)


def keys_for(display: Display) -> tuple[KeyLine, ...]:
    """The table's keys on ``display``'s profile (G widens the log only on a TV)."""
    return tuple(k for k in TABLE_KEYS if not k.tv or display.profile == "tv")


def opens_legend(event: pygame.event.Event) -> bool:
    """F1, or ? however the keyboard types it (Shift+/ on many layouts): the legend's key."""
    if event.type != pygame.KEYDOWN:
        return False
    return event.key in (pygame.K_F1, pygame.K_QUESTION) or getattr(event, "unicode", "") == "?"
