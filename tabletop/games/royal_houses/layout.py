"""Royal Houses at the table: six house columns, both hands, counters and the deck."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from rules import Outcome
from rules.royal_houses import COUNTERS, HOUSES, INITIALS, card_name
from tabletop.display import Display
from tabletop.fonts import get_font
from tabletop.layouts.base import Layout
from tabletop.table.geometry import fan_rects
from tabletop.table.model import Box, Piece, TableModel, Text, Zone
from tabletop.ui.palette import CREAM, DECK_OUTLINE, GOLD, MUTED
from tabletop.ui.text import wrap_text

from . import art as art_royal_houses

#: What the star on an influence badge means (its hover tip; the legend shows it too).
LEADS = (
    "★ and a gold frame: this player has more influence in the house than the other "
    "(a tie leads nobody)."
)
SEAT_COLOURS = ((255, 214, 140), (150, 205, 255))


def _house(initial_or_zone: str) -> str:
    name = initial_or_zone.removeprefix("house:")
    if len(name) == 1 and name in INITIALS:
        return HOUSES[INITIALS.index(name)]
    return name


#: The houses' names in their columns' heads.
NAME_FACE = "serif-bold"


@dataclass(frozen=True, slots=True)
class _Columns:
    """The six house columns side by side: their sizes, and how a house's name fits its
    head."""

    x: int  # the first column's left
    y: int
    w: int  # a column's width
    h: int
    gap: int  # between columns
    head_h: int  # the head: emblem and name (or the name alone, stacked)
    row_h: int  # a player's row: influence badge and counter
    emblem_px: int
    name_px: int  # the names' font size
    name_step: int  # a stacked name's line height
    stacked: dict[str, list[str]]  # each name's lines, when names stand alone in the head

    def column(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.x + i * (self.w + self.gap), self.y, self.w, self.h)

    @classmethod
    def fitted(cls, area: pygame.Rect, display: Display) -> _Columns:
        """Six columns across ``area``, their heads and rows as tall as their text needs."""
        px, fp = display.px, display.font_px
        margin, gap = px(20), px(14)
        col_w = (area.w - 2 * margin - 5 * gap) // 6
        head_h, row_h = px(48), px(56)
        if display.profile == "tv":  # as tall as their text needs: the cards get the rest
            head_h = max(display.frame_px(48), fp(22) + px(12))
            row_h = max(display.frame_px(56), fp(26) + px(20))
        emblem_px = head_h - px(12)
        # A house's name stands beside its emblem where every name fits there at its smallest
        # size (on a TV, the body size). Otherwise the head holds the name alone, centred and
        # on two lines if need be, and the emblem sits in the rival's row between the
        # influence badge and the counter: the cards lose only the second line's height.
        name_px = fp(22)
        smallest = max(display.readable_px, display.least_label_px)
        name_font = get_font(name_px, NAME_FACE)
        small_font = get_font(min(name_px, smallest), NAME_FACE)
        stacked: dict[str, list[str]] = {}
        name_step = round(name_px * 1.1)
        if any(small_font.size(h)[0] > col_w - emblem_px - px(22) for h in HOUSES):
            stacked = {h: wrap_text(h, name_font, col_w - px(12)) for h in HOUSES}
            lines = max(len(v) for v in stacked.values())
            head_h = max(head_h, px(12) + lines * name_step)
        x, y = area.x + margin, area.y + px(6)
        return cls(
            x, y, col_w, area.h - px(12), gap, head_h, row_h, emblem_px, name_px, name_step, stacked
        )


class RoyalHousesLayout(Layout):
    game_id = "royal_houses"

    def score_table(self, outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
        """One row per house: influence, counters and bonus, hand sums, veto, points."""
        pair = f"{names[0]} – {names[1]}"
        header = ["House", f"Influence ({pair})", "Counters → bonus", "Hand sums", "Points"]
        rows = []
        for r in outcome.breakdown.get("houses", []):
            lead = r["majority"]
            influence = f"{r['influence'][0]} – {r['influence'][1]}"
            if lead is not None:
                influence += f"  ({names[lead]} leads)"
            counters = f"{r['counters'][0]:+d} {r['counters'][1]:+d} → {r['bonus']:+d}"
            hands = f"{r['hand_sums'][0]} – {r['hand_sums'][1]}"
            vetoed = [names[s] for s in (0, 1) if r["vetoed"][s]]
            if vetoed:
                hands += f"  (veto: {vetoed[0]} scores 0)"
            points = f"{r['points'][0]} – {r['points'][1]}"
            rows.append([r["house"], influence, counters, hands, points])
        totals = outcome.breakdown.get("totals", list(outcome.scores))
        rows.append(["Total", "", "", "", f"{totals[0]} – {totals[1]}"])
        return header, rows

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
        bottom = viewer if viewer is not None else 0
        top = 1 - bottom
        margin = px(20)
        # The rival's strip and the buttons' row keep their desktop height on a TV: the
        # houses in between (the shared play area) get the room instead.
        top_h, act_h = display.frame_px(164), max(display.frame_px(84), fp(22) + px(40))
        # On a TV the viewer's hand is a little shorter too (its cards ~5% smaller than the
        # desktop's): the played cards in the houses, everyone's to read, get the room.
        hand_h = min(px(250), rect.h // 4 if display.profile != "tv" else round(rect.h * 0.21))
        houses = pygame.Rect(rect.x, rect.y + top_h, rect.w, rect.h - top_h - act_h - hand_h)
        action = pygame.Rect(rect.x + margin, houses.bottom, rect.w - 2 * margin, act_h)
        hand_area = pygame.Rect(rect.x, action.bottom, rect.w, rect.bottom - action.bottom)
        model.action_area = action

        self._rival_strip(
            model, view, top, pygame.Rect(rect.x, rect.y, rect.w, top_h), display, names
        )
        self._houses(model, view, top, bottom, houses, display, colorblind)
        self._own_strip(model, view, bottom, viewer, hand_area, action, display, names)
        if (
            view["phase"] == "swap"
            and viewer is not None
            and view["to_move"] == viewer
            and self.live
        ):
            half = action.w // 2
            model.texts.append(
                Text(
                    "Drag one of your counters onto another house to swap them",
                    (action.x, action.centery),
                    fp(22),
                    CREAM,
                    "midleft",
                    max_width=half - px(20),
                )
            )
            model.action_area = pygame.Rect(action.x + half, action.y, action.w - half, action.h)
        if view["over"]:
            model.texts.append(
                Text(
                    "Game over",
                    (action.centerx, action.centery),
                    fp(30),
                    GOLD,
                    "center",
                    "serif-bold",
                )
            )
        return model

    # ---- the rival (top) --------------------------------------------------------------
    def _rival_strip(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        strip: pygame.Rect,
        display: Display,
        names: list[str],
    ) -> None:
        px, fp = display.px, display.font_px
        pad = px(24)
        model.texts.append(
            Text(
                names[seat],
                (strip.x + pad, strip.y + px(16)),
                fp(30),
                SEAT_COLOURS[seat],
                face="sans-bold",
                max_width=px(300),
            )
        )
        count = view["hand_counts"][seat]
        model.texts.append(
            Text(f"{count} cards in hand", (strip.x + pad, strip.y + px(58)), fp(20), MUTED)
        )
        if view["first"] is not None:
            role = "plays first" if view["first"] == seat else "plays second"
            model.texts.append(Text(role, (strip.x + pad, strip.y + px(86)), fp(20), MUTED))

        # Deck on the right (its count beneath it, all within the strip).
        cw = min(px(84), round((strip.h - px(26) - fp(20)) / 1.4))
        ch = round(cw * 1.4)
        deck_rect = pygame.Rect(0, 0, cw, ch)
        deck_rect.topright = (strip.right - px(40), strip.y + px(14))
        model.origins["deck"] = deck_rect
        if view["deck_count"]:
            for i in range(min(3, view["deck_count"])):
                r = deck_rect.move(-px(3) * i, -px(2) * i)
                model.pieces.append(Piece(f"deck:{i}", ("back", self.game_id), r, z=i))
        else:
            model.boxes.append(Box(deck_rect, None, (*DECK_OUTLINE, 120), px(8), 2))
        model.texts.append(
            Text(
                f"Deck {view['deck_count']}",
                (deck_rect.centerx, deck_rect.bottom + px(8)),
                fp(20),
                CREAM,
                "midtop",
            )
        )

        # The rival's hand: known cards face up, the rest as backs.
        fan_left, fan_right = strip.x + px(340), deck_rect.left - px(40)
        hand = view["hands"][seat]
        viewer = view["viewer"]
        known = view["known_in_hand"][seat] if viewer is not None else []
        cards: list[tuple[str, tuple]] = []
        if hand is not None:
            cards = [(c, ("card", self.game_id, c)) for c in hand]
        else:
            cards = [(c, ("card", self.game_id, c)) for c in known]
            cards += [
                (f"back:{seat}:{i}", ("back", self.game_id)) for i in range(count - len(known))
            ]
        rects = fan_rects(
            len(cards), cw, ch, pygame.Rect(fan_left, strip.y + px(14), fan_right - fan_left, ch)
        )
        for i, ((pid, art), r) in enumerate(zip(cards, rects, strict=True)):
            model.pieces.append(Piece(pid, art, r, z=10 + i, label="a card in their hand"))
        zone = pygame.Rect(
            fan_left - px(10), strip.y + px(6), fan_right - fan_left + px(20), ch + px(16)
        )
        model.zones.append(Zone(f"hand:{seat}", zone, f"{names[seat]}'s hand"))
        model.origins[f"hand:{seat}"] = pygame.Rect(zone.centerx - cw // 2, zone.y, cw, ch)

    # ---- the six houses ---------------------------------------------------------------
    def _houses(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        top: int,
        bottom: int,
        area: pygame.Rect,
        display: Display,
        colorblind: bool,
    ) -> None:
        """A column per house: its head, the rival's row, the cards played, the viewer's row."""
        px = display.px
        cols = _Columns.fitted(area, display)
        pending = view["pending"].get("house")
        played: dict[str, list[str]] = {h: [] for h in HOUSES}
        for card in view["played"]:
            played[HOUSES[INITIALS.index(card[0])]].append(card)
        influence = view["influence"]
        for i, house in enumerate(HOUSES):
            col = cols.column(i)
            colour = art_royal_houses.house_colour(i, colorblind)
            model.zones.append(Zone(f"house:{house}", col, house))
            model.boxes.append(
                Box(
                    col,
                    (*_dark(colour), 150),
                    (*colour, 255),
                    px(12),
                    px(4) if house == pending else px(2),
                )
            )
            head = pygame.Rect(col.x, col.y, col.w, cols.head_h)
            model.boxes.append(Box(head, (*colour, 255), None, px(12)))
            rival_row = pygame.Rect(col.x, head.bottom, col.w, cols.row_h)
            self._house_head(model, i, head, rival_row, cols, display)
            own_row = pygame.Rect(col.x, col.bottom - cols.row_h, col.w, cols.row_h)
            lead = None
            if influence[0][i] != influence[1][i]:
                lead = 0 if influence[0][i] > influence[1][i] else 1
            for seat, row in ((top, rival_row), (bottom, own_row)):
                self._influence_badge(model, row, seat, influence[seat][i], lead == seat, display)
                self._counter(model, view, seat, house, row, display)
            cards = played[house]
            space = pygame.Rect(
                col.x, rival_row.bottom + px(4), col.w, own_row.top - rival_row.bottom - px(8)
            )
            for card, r in zip(cards, _cascade(len(cards), space, display), strict=True):
                model.pieces.append(
                    Piece(
                        card,
                        ("card", self.game_id, card),
                        r,
                        z=20 + cards.index(card),
                        label=card_name(card),
                    )
                )

    @staticmethod
    def _house_head(
        model: TableModel,
        i: int,
        head: pygame.Rect,
        rival_row: pygame.Rect,
        cols: _Columns,
        display: Display,
    ) -> None:
        """House ``i``'s emblem and name: side by side in its ``head``, or the name stacked
        there alone and the emblem down in the rival's row."""
        px = display.px
        house = HOUSES[i]
        if cols.stacked:
            emblem = pygame.Rect(0, 0, cols.emblem_px, cols.emblem_px)
            # Between the badge (px(84) in) and the counter (a row high, at the right).
            emblem.center = ((head.x + px(84) + head.right - cols.row_h) // 2, rival_row.centery)
        else:
            emblem = pygame.Rect(head.x + px(8), head.y + px(6), cols.emblem_px, cols.emblem_px)
        model.pieces.append(
            Piece(f"emblem:{i}", ("piece", "royal_houses", "emblem", i, CREAM), emblem, z=1)
        )
        if not cols.stacked:
            model.texts.append(
                Text(
                    house,
                    (emblem.right + px(8), head.centery),
                    cols.name_px,
                    CREAM,
                    "midleft",
                    NAME_FACE,
                    max_width=head.right - emblem.right - px(14),
                    smallest=display.readable_px,  # a house's whole name, small if need be
                )
            )
            return
        step = cols.name_step
        top_y = head.centery - len(cols.stacked[house]) * step // 2
        for k, line in enumerate(cols.stacked[house]):
            model.texts.append(
                Text(
                    line,
                    (head.centerx, top_y + k * step + step // 2),
                    cols.name_px,
                    CREAM,
                    "center",
                    NAME_FACE,
                    max_width=head.w - px(12),
                    smallest=display.readable_px,  # a word too long: small, but whole
                )
            )

    def _influence_badge(
        self,
        model: TableModel,
        row: pygame.Rect,
        seat: int,
        amount: int,
        leads: bool,
        display: Display,
    ) -> None:
        px, fp = display.px, display.font_px
        badge = pygame.Rect(row.x + px(10), row.y + px(8), px(74), row.h - px(16))
        model.boxes.append(
            Box(
                badge,
                (20, 26, 22, 230),
                GOLD if leads else SEAT_COLOURS[seat],
                px(10),
                px(3) if leads else px(2),
            )
        )
        label = f"★{amount}" if leads else str(amount)
        if leads:
            model.tips.append((badge, LEADS))
        model.texts.append(
            Text(
                label,
                badge.center,
                fp(26),
                SEAT_COLOURS[seat],
                "center",
                "sans-bold",
                max_width=badge.w - px(8),
            )
        )

    def _counter(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        house: str,
        row: pygame.Rect,
        display: Display,
    ) -> None:
        if house not in view["counters_placed"][seat]:
            return
        px = display.px
        size = row.h - px(10)
        r = pygame.Rect(0, 0, size, size)
        r.midright = (row.right - px(10), row.centery)
        value = view["counters"][seat].get(house)
        pid = f"counter:{seat}:{value}" if value is not None else f"hidden:{seat}:{house}"
        label = f"counter {value:+d}" if value is not None else "a hidden counter"
        swapping = view["phase"] == "swap" and view["to_move"] == seat == view["viewer"]
        model.pieces.append(
            Piece(
                pid,
                ("piece", "royal_houses", "counter", value),
                r,
                z=5,
                label=label,
                drag=f"swap:{house}" if swapping else None,
            )
        )

    # ---- the viewer (bottom) ----------------------------------------------------------
    def _own_strip(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        viewer: int | None,
        area: pygame.Rect,
        action: pygame.Rect,
        display: Display,
        names: list[str],
    ) -> None:
        px, fp = display.px, display.font_px
        pad = px(24)
        model.texts.append(
            Text(
                names[seat],
                (area.x + pad, area.y + px(16)),
                fp(30),
                SEAT_COLOURS[seat],
                face="sans-bold",
                max_width=px(250),
            )
        )
        model.texts.append(
            Text(
                f"{view['hand_counts'][seat]} cards", (area.x + pad, area.y + px(58)), fp(20), MUTED
            )
        )
        if view["first"] is not None:
            role = "plays first" if view["first"] == seat else "plays second"
            model.texts.append(Text(role, (area.x + pad, area.y + px(86)), fp(20), MUTED))
        hand = view["hands"][seat]
        left = area.x + px(290)
        fan_area = pygame.Rect(left, area.y + px(12), area.right - left - px(30), area.h - px(24))
        cw = min(px(136), round(fan_area.h / 1.4))
        ch = round(cw * 1.4)
        cards: list[tuple[str, tuple[Any, ...]]]
        if hand is not None:
            cards = [(c, ("card", self.game_id, c)) for c in hand]
        else:
            cards = [
                (f"back:{seat}:{i}", ("back", self.game_id))
                for i in range(view["hand_counts"][seat])
            ]
        rects = fan_rects(len(cards), cw, ch, fan_area)
        mine = viewer == seat and not view["over"]
        received = view["received"][seat] if viewer == seat else None
        for i, ((pid, art), r) in enumerate(zip(cards, rects, strict=True)):
            label = card_name(pid) if hand is not None else "a card"
            if pid == received:
                label += " (given to you last turn)"
            model.pieces.append(
                Piece(pid, art, r, z=40 + i, drag=pid if mine else None, label=label)
            )
        model.zones.append(Zone(f"hand:{seat}", fan_area, f"{names[seat]}'s hand"))
        model.origins[f"hand:{seat}"] = pygame.Rect(fan_area.centerx - cw // 2, fan_area.y, cw, ch)
        # Counters still to place, in the action strip (only the owner sees their values).
        if viewer == seat and view["phase"] == "counters":
            placed = set(view["counters"][seat].values())
            size = action.h - px(20)
            x = action.x
            model.texts.append(
                Text("Your counters:", (x, action.centery), fp(22), CREAM, "midleft")
            )
            x += px(190)
            for value in COUNTERS:
                if value in placed:
                    continue
                r = pygame.Rect(x, action.y + px(10), size, size)
                model.pieces.append(
                    Piece(
                        f"counter:{seat}:{value}",
                        ("piece", "royal_houses", "counter", value),
                        r,
                        z=60,
                        drag=f"counter:{value}",
                        label=f"your {value:+d} counter",
                    )
                )
                x += size + px(14)


def _cascade(n: int, area: pygame.Rect, display: Display) -> list[pygame.Rect]:
    """Rects for ``n`` played cards of one house, overlapping top to bottom so each number
    shows. A house holds at most 8 cards; sizes are chosen so that 8 always fit. When one
    cascade would make the cards too small (short windows, TV profile), two sit side by side."""
    px = display.px
    min_step = max(px(22), display.font_px(20))
    # A card's index grows with the card: on a TV the step is the desktop's share of the
    # card (22 px of 112) rather than the TV's larger fixed step, so the cards can grow.
    share = 22 / 112 if display.profile == "tv" else 0.0
    best: tuple[int, int] = (0, 1)
    for columns in (1, 2):
        per_column = -(-8 // columns)
        fit_h = (area.h - (per_column - 1) * min_step) / 1.4
        if share:
            fixed = (per_column - 1) * display.frame_px(22)
            fit_h = min(area.h / (1.4 + (per_column - 1) * share), (area.h - fixed) / 1.4)
        fit_w = (area.w - px(16) * (columns + 1)) / columns
        width = int(min(fit_h, fit_w, px(112)))
        if width > best[0] * 1.25:
            best = (width, columns)
    cw, columns = max(24, best[0]), best[1]
    ch = round(cw * 1.4)
    per_column = -(-n // columns) if n else 0
    most = max(px(30), round(cw * share * 30 / 22))
    step = min(most, (area.h - ch) // max(1, per_column - 1)) if per_column > 1 else 0
    total_w = columns * cw + (columns - 1) * px(12)
    x0 = area.centerx - total_w // 2 if n > per_column else area.centerx - cw // 2
    rects = []
    for j in range(n):
        c, k = divmod(j, per_column) if per_column else (0, 0)
        rects.append(pygame.Rect(x0 + c * (cw + px(12)), area.y + k * step, cw, ch))
    return rects


def _dark(colour: tuple[int, ...]) -> tuple[int, int, int]:
    return (colour[0] // 4, colour[1] // 4, colour[2] // 4)
