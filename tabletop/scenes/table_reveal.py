"""Hot seat: a player sees the card they just drew before the table hands over.

When several humans share one screen, the table hides a hand as soon as it is no longer that
player's turn. A move that shows its player something new (a drawn card: an event only they
may see, which ``reveals`` to them) and ends their turn would so hide the card before it was
seen. The table then holds: the drawer's hand stays up with the new cards marked, and a
"Pass to …" button (or Space / Enter) starts the hand-over when the player is done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame
import pygame_gui

import rules

from ..display import Display
from ..table import render
from ..table.model import Piece, TableModel
from ..ui.menu import line_height, text_width
from .handover import HandOverScene

if TYPE_CHECKING:
    from ..app import App

#: Keys that pass the screen on (the same as on the hand-over cover).
PASS_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass
class RevealHold:
    """The drawer ``seat`` is still looking at ``cards``; ``next_name`` plays next (None: no
    local player, the table only hides the hand)."""

    seat: int
    next_name: str | None
    cards: frozenset[str]
    age: float = 0.0
    button: pygame_gui.elements.UIButton | None = field(default=None, repr=False)

    @property
    def armed(self) -> bool:
        # The cover's guard: a double click or a held key must not pass before a look.
        return self.age >= HandOverScene.arm_delay

    @property
    def label(self) -> str:
        return f"Pass to {self.next_name}" if self.next_name else "Hide my hand"

    def status(self, names: list[str]) -> str:
        seen = "Your new card is marked" if self.cards else "You have seen your cards"
        return f"{names[self.seat]}: {seen}. {self.label} (Space) when you are ready."

    def marked(self, model: TableModel) -> list[Piece]:
        """The pieces showing the cards the move revealed (glowing while the table holds)."""
        return [p for p in model.pieces if _card_of(p) in self.cards or p.id in self.cards]

    def build_button(
        self, app: App, container: pygame_gui.core.UIContainer | None, area: pygame.Rect
    ) -> None:
        """The "Pass to …" button, centred in ``area`` (the layout's action strip)."""
        d = app.display
        w = text_width(app, "#primary", self.label, "button") + d.px(48)
        h = max(d.px(44), line_height(app, "#primary", "button") + d.px(12))
        rect = pygame.Rect(0, 0, min(w, area.w), h)
        rect.center = area.center
        self.button = pygame_gui.elements.UIButton(
            rect, self.label, app.ui, container=container, object_id="#primary"
        )

    def draw_marks(
        self,
        surface: pygame.Surface,
        model: TableModel,
        display: Display,
        rect_of: Callable[[Piece], pygame.Rect],
    ) -> None:
        """A glow round each new card, where it is drawn now (it may still be gliding in)."""
        d = display
        for piece in self.marked(model):
            pygame.draw.rect(
                surface,
                render.GLOW,
                rect_of(piece).inflate(d.px(12), d.px(12)),
                d.px(5),
                border_radius=d.px(12),
            )


def _card_of(piece: Piece) -> str | None:
    art = piece.art
    return str(art[2]) if len(art) > 2 and art[0] == "card" else None


def revealed_cards(events: Iterable[rules.Event], seat: int) -> frozenset[str] | None:
    """The cards ``events`` show to ``seat`` alone and new to it (a draw), or None if no event
    is private to ``seat`` and news to it (nothing to look at before a hand-over)."""
    found: set[str] | None = None
    for event in events:
        if event.audience is None or seat not in event.audience or seat not in event.reveals:
            continue
        found = found or set()
        data = event.data
        card = data.get("card")
        if isinstance(card, str):
            found.add(card)
        cards = data.get("cards")
        if isinstance(cards, list | tuple):
            found.update(c for c in cards if isinstance(c, str))
    return None if found is None else frozenset(found)
