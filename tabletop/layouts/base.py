"""The layout interface, with defaults that suit most card games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from rules import Event, Game, Move, Outcome

from ..display import Display
from ..outcome_words import join_names, score_number
from ..table.model import Box, Moment, Piece, Recap, RecapHold, TableModel, Text, Zone
from ..ui.palette import CREAM, GOLD_DEEP, MUTED


class Layout:
    """Where each zone of one game sits: builds what to draw from the rules' view.

    A layout is presentation only: it never decides legality, and what a drag or a click
    means is its game's :class:`~tabletop.table.gestures.Gestures`.
    """

    game_id = ""
    #: False when the table is replayed: no one acts on it, so it shows no prompt to act
    #: ("click a bid", "drag a card here") but a neutral description (:meth:`instruct`).
    live = True
    #: True at a game night where every player plays from a phone: nobody acts on the TV's
    #: table with a mouse, so it tells what to do on the phones instead (:meth:`instruct`).
    on_phones = False

    def instruct(self, prompt: str, neutral: str = "", phones: str | None = None) -> str:
        """``prompt`` (words telling a player what to do) at a live table; ``neutral`` (what
        the position is, or nothing) in a replay; at a game night played on phones,
        ``phones`` (what to do there), or ``neutral`` when the phones need no word."""
        if not self.live:
            return neutral
        if self.on_phones:
            return neutral if phones is None else phones
        return prompt

    def build(
        self,
        view: Mapping[str, Any],
        viewer: int | None,
        rect: pygame.Rect,
        display: Display,
        names: list[str],
        *,
        colorblind: bool = False,
    ) -> TableModel:
        raise NotImplementedError

    def moment(
        self,
        before: Mapping[str, Any],
        events: Sequence[Event],
        after: Mapping[str, Any],
        viewer: int | None,
        rect: pygame.Rect,
        display: Display,
        names: list[str],
        *,
        colorblind: bool = False,
        table: TableModel | None = None,
    ) -> Moment | None:
        """What a move just completed and the table should hold for a moment before it is
        cleared (a trick, a conflict), built from the view before the move, the events (only
        those ``viewer`` may see are passed) and the view after it. ``table`` is the table the
        scene has just built from ``after`` (its geometry, so the layout need not build it
        again); None: build it. None returned: nothing to hold."""
        return None

    def describe(self, move: Move, game: Game, viewer: int | None, names: Sequence[str]) -> str:
        """A button label (or hint) for a move: the rules' own sentence for it, as ``viewer``
        may read it (:meth:`rules.Game.describe_move`)."""
        return game.describe_move(move, viewer, names)

    def score_label(self, outcome: Outcome, seat: int) -> str:
        """A seat's score on its results chip (default: the outcome's score)."""
        scores = outcome.scores
        return score_number(scores[seat]) if 0 <= seat < len(scores) else "–"

    def recap(
        self, events: Sequence[Event], view: Mapping[str, Any], names: Sequence[str]
    ) -> Recap | None:
        """The pause to make after a move whose ``events`` end something (a deal, a campaign,
        the game), or None to play straight on (the default). ``events`` are the move's public
        events and ``view`` the public view after it (seat ``None``): a recap shows the whole
        table, so it never holds a secret."""
        return None

    def recap_hold(
        self,
        events: Sequence[Event],
        view: Mapping[str, Any],
        rect: pygame.Rect,
        display: Display,
        names: list[str],
        *,
        colorblind: bool = False,
    ) -> RecapHold | None:
        """What the table holds while the recap of ``events`` shows (the move's public events;
        ``view`` the public view after it): the position the recap explains, when the move
        has already laid out the next one (a new campaign's map), and where the recap's panel
        goes clear of it. Public only, like the recap. None (the default): the table as it
        is now."""
        return None

    def score_table(self, outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
        """Header and rows for the results screen (default: one row of scores)."""
        return (["", *names], [["Score", *(_num(s) for s in outcome.scores)]])


def seat_names(seats: Sequence[int], names: Sequence[str]) -> str:
    """Seats in words for a sentence: "Ada", "Ada and Cy", "Ada, Bo and Cy"."""
    return join_names([names[s] if 0 <= s < len(names) else f"Seat {s + 1}" for s in seats])


def _num(value: float) -> str:
    return score_number(value)


class GenericLayout(Layout):
    """The plain table for a game without its own layout yet: the viewer's hand as cards,
    every place a move can go as a labelled box, and every other decision as a button.
    Plain, but any game in ``rules.GAMES`` is playable with it."""

    def build(
        self,
        view: Mapping[str, Any],
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
        view: Mapping[str, Any],
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
            model.boxes.append(Box(box, (20, 30, 24, 200), GOLD_DEEP, px(10), 2))
            model.texts.append(
                Text(target, box.center, fp(20), CREAM, "center", max_width=w - px(16))
            )


_NOT_CARDS = {"game", "hands", "houses", "phase", "_targets"}


def _card_lists(view: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
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
