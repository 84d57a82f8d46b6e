"""Machiavelli at the table: melds in rows that reflow, the hand below, a working area.

While it is the viewer's turn the table and hand drawn are the working area's private copy
(:mod:`.working_area`): invalid melds are outlined in red with the rules' reason on hover,
melds changed this turn in gold. What the drags mean is :mod:`.gestures`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from rules import Outcome
from rules.machiavelli import card_label, meld_problem
from rules.machiavelli.melds import FACE, card_order
from tabletop.display import Display
from tabletop.layouts.base import Layout
from tabletop.table.model import Box, Piece, TableModel, Text, Zone
from tabletop.ui.palette import CREAM, GOLD, GOLD_DEEP, MUTED, PANEL

from .working_area import HAND_ZONE, NEW_ZONE, MachiavelliWorkingArea

RED = (236, 84, 84)
EDGE = GOLD_DEEP
ASPECT = 1.4
OVERLAP = 0.4  # the visible fraction of each card but the last in a meld


def _by_rank(card: str) -> tuple[int, int, str]:
    r, s = FACE[card]
    return r, s, card


def _art(card: str) -> tuple:
    # Both decks look alike: one cached picture per face.
    return ("card", "machiavelli", card.split(".")[0] + ".1")


class MachiavelliLayout(Layout):
    game_id = "machiavelli"

    def __init__(self, area: MachiavelliWorkingArea | None = None) -> None:
        #: The working copy drawn during the viewer's turn (kept up to date by the scene).
        self.area = area if area is not None else MachiavelliWorkingArea()

    # ---- drawing -------------------------------------------------------------------------
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
        pad = px(14)
        band_h = max(px(64), fp(20) * 2 + px(20))
        act_h = max(px(60), fp(22) + px(28))
        hand_cw = min(px(96), max(30, round(rect.h * 0.15 / ASPECT)))
        hand_h = round(hand_cw * ASPECT) + px(24)
        band = pygame.Rect(rect.x + pad, rect.y + px(8), rect.w - 2 * pad, band_h)
        hand_rect = pygame.Rect(
            rect.x + pad, rect.bottom - hand_h - px(6), rect.w - 2 * pad, hand_h
        )
        action = pygame.Rect(rect.x + pad, hand_rect.y - act_h - px(4), rect.w - 2 * pad, act_h)
        table_rect = pygame.Rect(
            rect.x + pad, band.bottom + px(10), rect.w - 2 * pad, action.y - band.bottom - px(16)
        )
        model.action_area = action
        self._band(model, view, viewer, band, display, names)
        melds = (
            self.area.work.melds if self.area.work is not None else [list(m) for m in view["table"]]
        )
        self._table(model, melds, table_rect, display)
        hand = self._hand_cards(view, viewer)
        self._hand(model, hand, viewer, hand_rect, hand_cw, display, names)
        model.origins["deck"] = pygame.Rect(band.right - px(90), band.y, px(60), band.h)
        for s in range(view["players"]):
            model.origins[f"hand:{s}"] = hand_rect if s == viewer else band
        if view.get("over"):
            model.texts.append(
                Text("Hand over", action.center, fp(28), GOLD, "center", "serif-bold")
            )
        return model

    def _hand_cards(self, view: Mapping[str, Any], viewer: int | None) -> list[str]:
        if self.area.work is not None:
            cards = list(self.area.work.hand)
        elif viewer is not None and view["hands"][viewer] is not None:
            cards = list(view["hands"][viewer])
        else:
            return []
        return sorted(cards, key=_by_rank if self.area.sort_by_rank else card_order)

    def _band(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        viewer: int | None,
        band: pygame.Rect,
        display: Display,
        names: list[str],
    ) -> None:
        px, fp = display.px, display.font_px
        model.boxes.append(Box(band, PANEL, EDGE, px(10), 1))
        n = view["players"]
        info_w = px(230)
        seat_w = (band.w - info_w) // n
        for s in range(n):
            cell = pygame.Rect(band.x + s * seat_w, band.y, seat_w, band.h)
            mover = s == view.get("to_move")
            if mover:
                model.boxes.append(
                    Box(cell.inflate(-px(6), -px(6)), (60, 52, 24, 200), GOLD, px(8), 2)
                )
            name = names[s] if s < len(names) else f"Player {s + 1}"
            model.texts.append(
                Text(
                    name + (" (you)" if s == viewer else ""),
                    (cell.x + px(14), cell.y + px(8)),
                    fp(20),
                    GOLD if mover else CREAM,
                    face="sans-bold",
                    max_width=cell.w - px(24),
                )
            )
            count = view["hand_counts"][s]
            state = "opened" if view["opened"][s] else "not opened"
            line = f"{count} card{'s' if count != 1 else ''} · {state}"
            if view.get("match"):
                line += f" · {view['totals'][s]} pts"
            model.texts.append(
                Text(
                    line,
                    (cell.x + px(14), cell.bottom - px(8)),
                    fp(17),
                    MUTED,
                    "bottomleft",
                    max_width=cell.w - px(24),
                )
            )
        info = pygame.Rect(band.right - info_w, band.y, info_w, band.h)
        stock = view["stock_count"]
        model.texts.append(
            Text(
                f"Stock: {stock}" if stock else "Stock empty: pass or play",
                (info.x + px(12), info.y + px(8)),
                fp(20),
                CREAM,
                max_width=info.w - px(20),
                smallest=display.readable_px,
            )
        )
        extra = f"Hand {view.get('hand_number', 1)}"
        if view.get("match"):
            extra += " · match to 100"
        if view.get("ace_low_or_high"):
            extra += " · ace low or high"
        model.texts.append(
            Text(
                extra,
                (info.x + px(12), info.bottom - px(8)),
                fp(17),
                MUTED,
                "bottomleft",
                max_width=info.w - px(20),
            )
        )

    def _table(
        self, model: TableModel, melds: list[list[str]], area: pygame.Rect, display: Display
    ) -> None:
        px, fp = display.px, display.font_px
        model.boxes.append(Box(area, (10, 30, 20, 120), None, px(14)))
        working = self.area.work is not None
        slots = [len(m) for m in melds] + ([1] if working else [])
        if not melds and not working:
            model.texts.append(Text("The table is empty.", area.center, fp(24), MUTED, "center"))
            return
        inner = area.inflate(-px(24), -px(24))
        cw = _fit_cards(slots, inner, px)
        step = _spacing(cw, px)[0]
        ch = round(cw * ASPECT)
        start = self.area.work.start_table if self.area.work is not None else melds
        start_cards = {c for m in start for c in m}
        z = 100
        for i, (x, y) in enumerate(_flow(slots, cw, inner, px)):
            if i == len(melds):  # the "new meld" slot at the end of the flow
                box = pygame.Rect(x, y, cw, ch)  # one card wide, as the flow placed it
                model.zones.append(Zone(NEW_ZONE, box.inflate(px(8), px(8)), "New meld"))
                model.boxes.append(Box(box, (20, 40, 28, 160), MUTED, px(8), 2))
                # Small cards (a crowded table) leave room for the sign only.
                label = "+ new meld" if cw >= px(64) else "+"
                model.texts.append(
                    Text(
                        label,
                        box.center,
                        fp(16),
                        MUTED,
                        "center",
                        max_width=cw - px(8),
                        smallest=display.readable_px,
                    )
                )
                continue
            meld = melds[i]
            width = cw + step * (len(meld) - 1)
            zone_rect = pygame.Rect(x, y, width, ch).inflate(px(10), px(10))
            model.zones.append(Zone(f"meld:{i}", zone_rect, f"Meld {i + 1}"))
            problem = meld_problem(meld, self.area.ace_low) if working else None
            if problem is not None:
                model.boxes.append(Box(zone_rect, (120, 20, 20, 70), RED, px(8), max(2, px(3))))
                model.tips.append((zone_rect, problem))
            elif working and any(c not in start_cards for c in meld):
                model.boxes.append(Box(zone_rect, None, GOLD, px(8), 2))
            for k, card in enumerate(meld):
                r = pygame.Rect(x + k * step, y, cw, ch)
                model.pieces.append(
                    Piece(
                        card,
                        _art(card),
                        r,
                        z=z,
                        drag=card if working else None,
                        label=card_label(card),
                    )
                )
                z += 1

    def _hand(
        self,
        model: TableModel,
        hand: list[str],
        viewer: int | None,
        area: pygame.Rect,
        cw: int,
        display: Display,
        names: list[str],
    ) -> None:
        px, fp = display.px, display.font_px
        model.boxes.append(Box(area, PANEL, EDGE, px(10), 1))
        model.zones.append(Zone(HAND_ZONE, area, "Your hand"))
        if viewer is None:
            model.texts.append(
                Text(
                    "Hands are hidden on the table display.",
                    area.center,
                    fp(20),
                    MUTED,
                    "center",
                )
            )
            return
        label_w = px(150)
        model.texts.append(
            Text(
                f"Your hand ({len(hand)})",
                (area.x + px(12), area.centery),
                fp(18),
                MUTED,
                "midleft",
                max_width=label_w - px(16),
            )
        )
        left = area.x + label_w
        room = area.right - px(12) - left
        if not hand:
            return
        step = min(cw + px(6), max(8, (room - cw) // max(1, len(hand) - 1)))
        y = area.y + (area.h - round(cw * ASPECT)) // 2
        working = self.area.work is not None
        for k, card in enumerate(hand):
            r = pygame.Rect(left + k * step, y, cw, round(cw * ASPECT))
            model.pieces.append(
                Piece(
                    card,
                    _art(card),
                    r,
                    z=1000 + k,
                    drag=card if working else None,
                    label=card_label(card),
                )
            )

    def score_table(self, outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
        breakdown = outcome.breakdown or {}
        rows: list[list[str]] = []
        for number, record in enumerate(breakdown.get("hands", []), 1):
            points = record.get("points", [])
            rows.append([f"Hand {number}", *(str(p) for p in points)])
        rows.append(["Penalty points", *(str(p) for p in breakdown.get("penalties", []))])
        return (["", *names], rows)


CARD_WIDTHS = (96, 88, 80, 72, 64, 56, 50, 44, 38)  # at 1080p, largest first
SMALLEST_CARD = (32, 26)  # pixels, whatever the display: the corner index stays readable


def _spacing(cw: int, px: Any) -> tuple[int, int]:
    """How far apart the cards of a meld (step) and the melds themselves (gap) sit."""
    return max(8, round(cw * OVERLAP)), max(px(14), cw // 4)


def _fit_cards(slots: list[int], area: pygame.Rect, px: Any) -> int:
    """The largest card width at which every meld fits the area in reflowing rows."""
    widths = [px(w) for w in CARD_WIDTHS] + list(SMALLEST_CARD)
    for cw in widths:
        step, gap = _spacing(cw, px)
        rows = len(_rows(slots, cw, step, gap, area.w))
        if rows * (round(cw * ASPECT) + gap) - gap <= area.h:
            return cw
    return widths[-1]


def _rows(slots: list[int], cw: int, step: int, gap: int, width: int) -> list[list[int]]:
    rows: list[list[int]] = [[]]
    used = 0
    for i, n in enumerate(slots):
        w = cw + step * (n - 1)
        if rows[-1] and used + gap + w > width:
            rows.append([])
            used = 0
        used += w + (gap if rows[-1] else 0)
        rows[-1].append(i)
    return rows if rows[0] else []


def _flow(slots: list[int], cw: int, inner: pygame.Rect, px: Any) -> list[tuple[int, int]]:
    """Top-left (x, y) of each slot (a meld of that many cards), rows centred in ``inner``."""
    step, gap = _spacing(cw, px)
    layout = _rows(slots, cw, step, gap, inner.w)
    ch = round(cw * ASPECT)
    total_h = len(layout) * (ch + gap) - gap
    y = inner.y + max(0, (inner.h - total_h) // 2)
    out: list[tuple[int, int]] = [(0, 0)] * len(slots)
    for row in layout:
        widths = [cw + step * (slots[i] - 1) for i in row]
        total = sum(widths) + gap * (len(row) - 1)
        x = inner.x + max(0, (inner.w - total) // 2)
        for i, w in zip(row, widths, strict=True):
            out[i] = (x, y)
            x += w + gap
        y += ch + gap
    return out
