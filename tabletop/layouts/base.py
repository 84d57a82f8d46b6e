"""The layout interface, with defaults that suit most card games."""

from __future__ import annotations

from typing import Any

import pygame

from rules import Move, Outcome

from ..display import Display
from ..table.model import TableModel, Text


class Layout:
    """Where each zone of one game sits, and how its gestures map to moves.

    A layout is presentation only: it reads ``view`` and ``legal`` (from the rules) and never
    decides legality itself.
    """

    game_id = ""

    def build(
        self, view: dict[str, Any], viewer: int | None, rect: pygame.Rect, display: Display,
        names: list[str], *, colorblind: bool = False,
    ) -> TableModel:
        raise NotImplementedError

    def moves_for_piece(self, drag: str, legal: list[Move]) -> list[Move]:
        """The legal moves a gesture on piece ``drag`` can mean (default: moves of that card)."""
        return [m for m in legal if m.cards == (drag,)]

    def resolve_drop(self, drag: str, zone_id: str, legal: list[Move]) -> list[Move]:
        """The legal moves meant by dropping ``drag`` on ``zone_id`` (default: same target)."""
        return [m for m in self.moves_for_piece(drag, legal) if m.target == zone_id]

    def targets_for(self, drag: str, legal: list[Move]) -> set[str]:
        """Zone ids where ``drag`` may be dropped (they light up while it is held)."""
        return {m.target for m in self.moves_for_piece(drag, legal)}

    def candidate(self, drag: str, zone_id: str, legal: list[Move]) -> Move | None:
        """A move to ask the rules about when ``drag`` is dropped where no legal move goes."""
        kinds = [m.kind for m in legal if m.cards] or ["play"]
        return type(legal[0])(kinds[0], cards=(drag,), target=zone_id) if legal else None

    def describe(self, move: Move, view: dict[str, Any], names: list[str]) -> str:
        """A button label for a move that is not made by dragging."""
        return str(move)

    def score_table(self, outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
        """Header and rows for the results screen (default: one row of scores)."""
        return (["", *names], [["Score", *(_num(s) for s in outcome.scores)]])


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


class GenericLayout(Layout):
    """A fallback for games without their own layout: the mover's cards in a row; every
    decision is offered as a button (so any game is playable, if plainly)."""

    def build(
        self, view: dict[str, Any], viewer: int | None, rect: pygame.Rect, display: Display,
        names: list[str], *, colorblind: bool = False,
    ) -> TableModel:
        model = TableModel()
        model.texts.append(Text(f"{view.get('game', '')}", (rect.x + display.px(20),
                                rect.y + display.px(20)), display.font_px(28)))
        return model

    def moves_for_piece(self, drag: str, legal: list[Move]) -> list[Move]:
        return []
