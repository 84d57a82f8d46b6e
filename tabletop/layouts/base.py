"""The layout interface, with defaults that suit most card games."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from rules import Game, IllegalMove, Move, Outcome

from ..display import Display
from ..table.model import Box, Piece, TableModel, Text, Zone


@dataclass(frozen=True)
class LocalAction:
    """A button for the layout's own working area (not a move): "Reset turn", "Sort by rank".
    A disabled action shows ``reason`` when the player asks why."""

    key: str
    label: str
    enabled: bool = True
    reason: str = ""


#: A function and its arguments, run by the AI worker (so both must pickle).
HintJob = tuple[Callable[..., Any], tuple[Any, ...]]


class Layout:
    """Where each zone of one game sits, and how its gestures map to moves.

    A layout is presentation only: it reads ``view`` and ``legal`` (from the rules) and never
    decides legality itself.
    """

    game_id = ""

    def build(
        self,
        view: dict[str, Any],
        viewer: int | None,
        rect: pygame.Rect,
        display: Display,
        names: list[str],
        *,
        colorblind: bool = False,
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

    def click_moves(self, zone_id: str, legal: list[Move]) -> list[Move]:
        """The legal moves a click on ``zone_id`` stands for (default: moves aimed at that zone
        that carry no card and no further choice, e.g. "take influence from this house")."""
        return [m for m in legal if m.target == zone_id and not m.cards and not m.value]

    def candidate(self, drag: str, zone_id: str, legal: list[Move]) -> Move | None:
        """A move to ask the rules about when ``drag`` is dropped where no legal move goes."""
        kinds = [m.kind for m in legal if m.cards] or ["play"]
        return type(legal[0])(kinds[0], cards=(drag,), target=zone_id) if legal else None

    # ---- a working area edited before one move is made (Machiavelli rearranges the whole
    # table, then ends the turn with one move). Every default here means "no such area".
    def can_pick_up(self, drag: str, legal: list[Move]) -> bool:
        """Whether piece ``drag`` may be picked up now (default: some legal move uses it)."""
        return bool(self.moves_for_piece(drag, legal))

    # ---- a hint the layout works out itself (Machiavelli loads the exact solver's play into
    # its working area instead of showing a search's move).
    def hint_job(self) -> HintJob | str | None:
        """The work behind the Hint button, as a picklable function and its arguments that
        the AI worker runs off the UI thread, or a sentence saying why there is no hint now;
        ``None`` (the default): the hint is the search's move, shown as a preview."""
        return None

    def show_hint(self, answer: Any) -> str:
        """Load the worker's answer to :meth:`hint_job` and say what it is, in a sentence."""
        raise NotImplementedError

    #: Set by the table scene: asks the rules why a move would be refused (None: it is legal),
    #: so a working area can tell whether its result may be played yet.
    judge: Callable[[Move], IllegalMove | None] | None = None

    def local_drop(self, drag: str, zone_id: str) -> bool | str:
        """Handle a drop inside the working area: True if handled (the scene lays the table
        out again), a sentence if refused. Checked before the drop is resolved into moves."""
        return False

    def button_moves(self, legal: list[Move]) -> list[Move]:
        """The legal moves the scene may offer as buttons when no gesture makes them."""
        return legal

    def local_actions(self, legal: list[Move]) -> list[LocalAction]:
        """Buttons of the working area, shown with the buttons for moves."""
        return []

    def run_local_action(self, key: str, legal: list[Move]) -> Move | str | None:
        """Carry out a local action: a Move to play, a sentence to show, or None (done).
        The scene lays the table out again after it."""
        return None

    def describe(self, move: Move, game: Game, viewer: int | None, names: Sequence[str]) -> str:
        """A button label (or hint) for a move: the rules' own sentence for it, as ``viewer``
        may read it (:meth:`rules.Game.describe_move`)."""
        return game.describe_move(move, viewer, names)

    def score_table(self, outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
        """Header and rows for the results screen (default: one row of scores)."""
        return (["", *names], [["Score", *(_num(s) for s in outcome.scores)]])


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


class GenericLayout(Layout):
    """The plain table for a game without its own layout yet: the viewer's hand as cards,
    every place a move can go as a labelled box, and every other decision as a button.
    Plain, but any game in ``rules.GAMES`` is playable with it."""

    def build(
        self,
        view: dict[str, Any],
        viewer: int | None,
        rect: pygame.Rect,
        display: Display,
        names: list[str],
        *,
        colorblind: bool = False,
    ) -> TableModel:
        px, fp = display.px, display.font_px
        model = TableModel()
        pad = px(24)
        game_id = str(view.get("game", ""))
        model.texts.append(
            Text(
                "This game has no table layout yet: every decision is offered "
                "as a card to drag or a button.",
                (rect.x + pad, rect.y + pad),
                fp(20),
                MUTED,
                max_width=rect.w - 2 * pad,
            )
        )
        hands = view.get("hands")
        hand: list[str] = []
        if viewer is not None and isinstance(hands, list) and viewer < len(hands):
            mine = hands[viewer]
            if isinstance(mine, list):
                hand = [c for c in mine if isinstance(c, str)]
        hand_area = pygame.Rect(rect.x + pad, rect.bottom - px(230), rect.w - 2 * pad, px(210))
        cw = px(110)
        step = min(cw + px(10), (hand_area.w - cw) // max(1, len(hand) - 1)) if hand else 0
        for i, card in enumerate(hand):
            r = pygame.Rect(hand_area.x + i * step, hand_area.y + px(20), cw, round(cw * 1.4))
            model.pieces.append(
                Piece(card, ("card", game_id, card), r, z=10 + i, drag=card, label=card)
            )
        zone_area = pygame.Rect(
            rect.x + pad, rect.y + px(80), rect.w - 2 * pad, hand_area.y - rect.y - px(200)
        )
        model.action_area = pygame.Rect(
            rect.x + pad, zone_area.bottom + px(10), rect.w - 2 * pad, px(100)
        )
        targets = sorted({t for t in view.get("_targets", []) if isinstance(t, str)})
        grid_h = min(zone_area.h // 2, px(130)) if targets else 0
        self._zone_grid(
            model, targets, pygame.Rect(zone_area.x, zone_area.y, zone_area.w, grid_h), display
        )
        rows_area = pygame.Rect(
            zone_area.x, zone_area.y + grid_h + px(16), zone_area.w, zone_area.h - grid_h - px(16)
        )
        self._public_rows(model, view, game_id, rows_area, display)
        return model

    def _public_rows(
        self,
        model: TableModel,
        view: dict[str, Any],
        game_id: str,
        area: pygame.Rect,
        display: Display,
    ) -> None:
        """Every named list of cards in the view (a trick, a discard pile…), one row each."""
        px, fp = display.px, display.font_px
        cw = px(60)
        row_h = round(cw * 1.4) + px(12)
        y = area.y
        shown = {p.id for p in model.pieces}
        for label, cards in _card_lists(view):
            if y + row_h > area.bottom:
                break
            model.texts.append(
                Text(label, (area.x, y + row_h // 2), fp(18), MUTED, "midleft", max_width=px(150))
            )
            x = area.x + px(160)
            step = min(cw + px(6), (area.right - x - cw) // max(1, len(cards) - 1))
            for i, card in enumerate(cards):
                pid = card if card not in shown else f"{label}:{i}:{card}"
                shown.add(pid)
                model.pieces.append(
                    Piece(
                        pid,
                        ("card", game_id, card),
                        pygame.Rect(x + i * step, y, cw, row_h - px(12)),
                        z=i,
                        label=card,
                    )
                )
            y += row_h

    def _zone_grid(
        self, model: TableModel, targets: list[str], area: pygame.Rect, display: Display
    ) -> None:
        if not targets:
            return
        px, fp = display.px, display.font_px
        cols = max(1, min(len(targets), area.w // px(220)))
        rows = -(-len(targets) // cols)
        w = (area.w - (cols - 1) * px(12)) // cols
        h = max(px(40), min(px(110), (area.h - (rows - 1) * px(12)) // rows))
        for i, target in enumerate(targets):
            r, c = divmod(i, cols)
            box = pygame.Rect(area.x + c * (w + px(12)), area.y + r * (h + px(12)), w, h)
            model.zones.append(Zone(target, box, target))
            model.boxes.append(Box(box, (20, 30, 24, 200), (201, 164, 76), px(10), 2))
            model.texts.append(
                Text(target, box.center, fp(20), CREAM, "center", max_width=w - px(16))
            )


CREAM = (240, 234, 216)
MUTED = (170, 179, 172)
_NOT_CARDS = {"game", "hands", "houses", "phase", "_targets"}


def _card_lists(view: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Named lists of card ids in a view: lists of short strings, or of dicts with a "card"."""
    found = []
    for key, value in view.items():
        if key in _NOT_CARDS:
            continue
        groups = value.items() if isinstance(value, dict) else [("", value)]
        for sub, items in groups:
            if not isinstance(items, list):
                continue
            cards = [
                i["card"] if isinstance(i, dict) else i
                for i in items
                if isinstance(i, str) or (isinstance(i, dict) and "card" in i)
            ]
            cards = [c for c in cards if isinstance(c, str) and 0 < len(c) <= 14]
            if cards:
                found.append((f"{key} {sub}".strip().replace("_", " "), cards))
    return found
