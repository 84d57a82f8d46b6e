"""Allegiance at the table: seats round an oval, the trick in the middle, the viewer's hand below.

The viewer sits at the bottom (their spot and hand in the bottom strip); the other seats follow
in seat order clockwise round an ellipse. The trick shows each Face's precedence number above it
and its effective rank below, with its Traits laid over its lower half. The top band holds the
Victory tally per House and the cards set aside.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from rules import Event, Outcome
from rules.allegiance import (
    CARDS,
    FACE_SET,
    HOUSE_OF,
    HOUSES,
    RANK_NAMES,
    RANK_OF,
    TRAITS,
    VICTORIES,
    card_name,
)
from tabletop import fonts
from tabletop.display import TV_FACTOR, Display
from tabletop.layouts.base import Layout
from tabletop.table.geometry import fan_rects
from tabletop.table.model import Box, Moment, Piece, Recap, TableModel, Text, Zone
from tabletop.table.render import GLOW
from tabletop.ui.palette import CREAM, DECK_OUTLINE, GOLD, MUTED, PANEL
from tabletop.ui.text import fit_name, fits

from . import art as art_allegiance
from .recap import deal_recap

GAME = "allegiance"
#: What the star under a trick's card means (its hover tip; the legend shows it too).
BEST = "★ and a gold frame: the card winning the trick so far."
EDGE = (120, 132, 116, 200)
RAISED = (140, 220, 150)
LOWERED = (255, 150, 140)


def _hand_order(card: str) -> tuple[int, int, int]:
    """Where a card stands in a hand: Faces by house (suit) then rank, high first, then
    the Traits; Victories and the Moon after them, set apart."""
    if card in FACE_SET:
        return (0, HOUSE_OF[card], -RANK_OF[card])
    if card in TRAITS:
        return (1, list(TRAITS).index(card), 0)
    if card in VICTORIES:
        return (2, VICTORIES.index(card), 0)
    return (3, 0, 0)  # the Moon


def _name(card: str) -> str:
    return card_name(card).removeprefix("the ")


@dataclass(frozen=True, slots=True)
class _SpotHead:
    """The head of a seat's spot: its text sizes (at the spot's scale), and where its name,
    marker (" · leads") and hand count go."""

    ip: int  # the spot's inner padding
    name_size: int
    small_size: int  # the hand count's and the notes'
    count_w: int  # the hand count's width (0: the viewer's spot has none)
    name_w: int  # the name's room beside the hand count
    two_lines: bool  # the name on the first line, the marker (and the count) on the second
    count_below: bool  # the name has the first line to itself, the count is on the second
    line_h: int
    height: int  # one line or two


@lru_cache(maxsize=256)
def _spot_head(
    w: int, h: int, scale: float, display: Display, name: str, marker: str, own_spot: bool
) -> _SpotHead:
    """The head of a ``w`` × ``h`` spot at ``scale`` for the seat ``name`` with its
    ``marker`` (``own_spot``: the viewer's, with no hand count). Remembered: the seats keep
    their spots and names from move to move."""
    px, fp = display.px, display.font_px
    ip = max(3, round(px(8) * scale))
    name_size = fp(20, scale)
    small_size = fp(16, scale)
    line_h = name_size + ip
    count_w = 0 if own_spot else _count_width(line_h, small_size)
    name_w = w - 2 * ip - count_w - px(4)
    font = fonts.get_font(name_size, "sans-bold")
    # Where the name, marker and count do not share one line (a TV's large text in a crowded
    # table), the name has the first line (beside the count, or to itself) and the marker
    # (and the count) the second: the name is never shortened there.
    two_lines = (
        display.profile == "tv"  # a TV's spots are sized for it (a desktop's, not)
        and font.size(name + marker)[0] > name_w
        and h - 2 * line_h >= line_h
        and font.size(name)[0] <= w - 2 * ip
    )
    count_below = two_lines and font.size(name)[0] > name_w
    height = 2 * line_h if two_lines else line_h
    return _SpotHead(
        ip, name_size, small_size, count_w, name_w, two_lines, count_below, line_h, height
    )


def _marker(view: Mapping[str, Any], seat: int) -> str:
    """What a seat's name is followed by: it leads the trick, or is choosing its Allegiance."""
    if view["phase"] == "ally" and not view["allegiance_chosen"][seat]:
        return " · choosing"
    if view["phase"] in ("play", "kill") and view["leader"] == seat:
        return " · leads"
    return ""


class AllegianceLayout(Layout):
    game_id = GAME

    def recap(
        self, events: Sequence[Event], view: Mapping[str, Any], names: Sequence[str]
    ) -> Recap | None:
        """The end of a deal (and of the game), explained."""
        return deal_recap(events, view, names)

    def score_table(self, outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
        deals = outcome.breakdown.get("deals", [])
        totals = outcome.breakdown.get("totals", list(outcome.scores))
        rows: list[list[str]] = []
        if len(deals) == 1:
            d = deals[0]
            header = ["Player", "Allegiance", "Its House won", "Victories", "Score"]
            won = d["victories"]
            for s, name in enumerate(names):
                a = d["allegiance"][s]
                if a is None:
                    rows.append([name, "—", "", "", str(totals[s])])
                    continue
                wins = "yes" if a["house"] in d["winning_houses"] else "no"
                rows.append(
                    [
                        name,
                        f"{RANK_NAMES[a['rank']]} of {a['house']} ({a['rank']})",
                        wins,
                        str(won.get(a["house"], 0)),
                        str(totals[s]),
                    ]
                )
            rows.append(["Victories", _tally(d), "", "", ""])
            return header, rows
        header = ["Player", *(f"Deal {d['deal']}" for d in deals), "Total"]
        for s, name in enumerate(names):
            cells = [name]
            for d in deals:
                a = d["allegiance"][s]
                cells.append(f"{a['house']} {a['rank']} → {d['points'][s]}" if a else "—")
            rows.append([*cells, str(totals[s])])
        rows.append(["Winners", *(" & ".join(d["winning_houses"]) or "none" for d in deals), ""])
        return header, rows

    # ---- the table -------------------------------------------------------------------
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
        n = view["players"]
        bottom = viewer if viewer is not None else 0
        pad = px(12)
        band_h = max(px(66), fp(18) * 2 + px(22))
        act_h = max(px(58), fp(22) + px(26))
        hand_cw = min(px(104), max(24, round((rect.h * 0.17) / 1.4)))
        if display.profile == "tv":
            # The band and the buttons' row as tall as their text needs, the hand's cards as
            # large as the desktop's: the table in between (the trick) gets the room.
            frame = display.frame_px
            band_h = max(frame(66), fp(18) * 2 + px(22))
            act_h = max(frame(58), fp(22) + px(26))
            hand_cw = min(px(104), max(24, round((rect.h * 0.15) / 1.4)))
        strip_h = round(hand_cw * 1.4) + px(22)
        band = pygame.Rect(rect.x + pad, rect.y + px(8), rect.w - 2 * pad, band_h)
        strip = pygame.Rect(rect.x + pad, rect.bottom - strip_h - px(6), rect.w - 2 * pad, strip_h)
        action = pygame.Rect(rect.x + pad, strip.y - act_h - px(4), rect.w - 2 * pad, act_h)
        oval = pygame.Rect(
            rect.x + pad, band.bottom + px(8), rect.w - 2 * pad, action.y - band.bottom - px(12)
        )
        model.action_area = action

        self._band(model, view, band, display, colorblind)
        others = [names[(bottom + k) % n] for k in range(1, n)]
        spots, scale = self._seat_spots(n, bottom, oval, display, others)
        for s, spot in spots.items():
            self._spot(model, view, s, spot, scale, display, names, viewer)
        spot_w = min(px(320), strip.w // 3)
        own = pygame.Rect(strip.x, strip.y, spot_w, strip.h)
        # A hand too long to lie beside the viewer's spot takes the strip's whole width, the
        # spot moving up into the table's free corner when no seat sits there.
        held = view["hand_counts"][bottom]
        if held * (hand_cw + max(2, hand_cw // 12)) + hand_cw // 3 > strip.w - spot_w - px(16):
            lifted = pygame.Rect(oval.x, oval.bottom - strip.h, spot_w, strip.h)
            if lifted.collidelist([s.inflate(px(10), px(10)) for s in spots.values()]) < 0:
                own = lifted
        self._spot(model, view, bottom, own, 1.0, display, names, viewer, own_spot=True)
        self._hand(model, view, bottom, viewer, strip, own, hand_cw, display)
        trick_area = pygame.Rect(
            _trick_area(
                tuple(oval), tuple(tuple(r) for r in [*spots.values(), own]), px(14), n, display
            )
        )
        self._trick(model, view, trick_area, display)
        # Zones: Faces before the trick (they lie on it), the viewer's allegiance slot before
        # their spot.
        model.zones.sort(key=lambda z: _ZONE_ORDER.get(z.id.split(":")[0], 9))
        if view["phase"] == "over":
            model.texts.append(
                Text("Game over", action.center, fp(28), GOLD, "center", "serif-bold")
            )
        return model

    # ---- top band: victories per house and the cards set aside ------------------------
    def _band(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        band: pygame.Rect,
        display: Display,
        colorblind: bool,
    ) -> None:
        px = display.px
        model.boxes.append(Box(band, PANEL, EDGE, px(10), 1))
        x = self._victories(model, view, band, display, colorblind)
        self._set_aside(model, view, band, x, display)

    @staticmethod
    def _victories(
        model: TableModel,
        view: Mapping[str, Any],
        band: pygame.Rect,
        display: Display,
        colorblind: bool,
    ) -> int:
        """The Victories won by each House, from the band's left: a heading, then each House's
        emblem and count (the leaders framed in gold). Returns the x right of them."""
        px, fp = display.px, display.font_px
        x = band.x + px(12)
        left = view["victories_left"]
        tally = f"{left} of {view['victories_in_play']} left"
        # As wide as its words at their size (a TV's large text is not squeezed).
        col_w = max(
            px(120),
            fonts.get_font(fp(18), "sans-bold").size("Victories")[0],
            fonts.get_font(fp(16), "sans").size(tally)[0],
        )
        model.texts.append(
            Text("Victories", (x, band.y + px(6)), fp(18), GOLD, face="sans-bold", max_width=col_w)
        )
        model.texts.append(
            Text(tally, (x, band.bottom - px(6)), fp(16), MUTED, "bottomleft", max_width=col_w)
        )
        x += col_w + px(8)
        side = band.h - px(22)
        won = view["won"]
        most = max((len(v) for v in won.values()), default=0)
        cell = px(96)
        for h, house in enumerate(HOUSES):
            count = len(won.get(house, []))
            r = pygame.Rect(x, band.centery - side // 2, side, side)
            colour = art_allegiance.house_colour(h, colorblind)
            leading = count and count == most
            model.boxes.append(
                Box(
                    pygame.Rect(x - px(4), band.y + px(4), cell - px(6), band.h - px(8)),
                    (*colour, 70),
                    GOLD if leading else (*colour, 200),
                    px(8),
                    px(3) if leading else 1,
                )
            )
            model.pieces.append(
                Piece(
                    f"tally:{h}", ("card", GAME, f"emblem:{h}"), _emblem_rect(r), z=1, label=house
                )
            )
            model.texts.append(
                Text(
                    str(count),
                    (r.right + px(6), band.centery),
                    fp(28),
                    CREAM,
                    "midleft",
                    "sans-bold",
                    max_width=cell - side - px(16),
                )
            )
            x += cell
        return x

    @staticmethod
    def _set_aside(
        model: TableModel, view: Mapping[str, Any], band: pygame.Rect, x: int, display: Display
    ) -> None:
        """The band's right, up to ``x``: the cards set aside, and left of them the deal."""
        px, fp = display.px, display.font_px
        ex = view["excluded"]
        cw = max(18, round((band.h - px(10)) / 1.4))
        step = cw + px(4)
        right = band.right - px(10)
        x0 = right - len(ex) * step
        for i, card in enumerate(ex):
            r = pygame.Rect(x0 + i * step, band.y + px(5), cw, round(cw * 1.4))
            model.pieces.append(Piece(card, ("card", GAME, card), r, z=2, label=_name(card)))
        info_right = x0 - px(10)
        label = "Set aside" if ex else "No cards set aside"
        model.texts.append(
            Text(
                label,
                (info_right, band.y + px(6)),
                fp(18),
                MUTED,
                "topright",
                max_width=max(px(40), info_right - x - px(8)),
            )
        )
        model.texts.append(
            Text(
                f"Deal {view['deal']} of {view['deals']}",
                (info_right, band.bottom - px(6)),
                fp(16),
                MUTED,
                "bottomright",
                max_width=max(px(40), info_right - x - px(8)),
            )
        )

    # ---- a trick won: held on the table for a moment ------------------------------------
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
        """The trick just awarded, with the card that completed it and its winner marked: the
        trick before the move plus the public plays of this move (the rules clear it in the
        same move that completes it)."""
        award = next((e for e in events if e.kind == "award"), None)
        if award is None or not isinstance(before.get("trick"), list):
            return None
        trick = completed_trick(before["trick"], events, str(award.data.get("face", "")))
        shown = dict(before)
        shown["trick"] = trick
        if table is None:  # the trick's place, as the table now shown has it
            table = self.build(after, viewer, rect, display, names, colorblind=colorblind)
        zone = table.zone("trick")
        if zone is None:
            return None
        area = zone.rect
        px, fp = display.px, display.font_px
        # The trick laid out again under a band for the caption (two lines of it).
        band = 2 * round(fp(20) * 1.3) + px(16)
        inner = pygame.Rect(area.x, area.y + band, area.w, area.h - band)
        if inner.h < area.h // 2:
            inner = area  # too little room: the caption finds its own place
        held = TableModel()
        held.boxes.append(Box(area, (14, 34, 24, 248), GOLD, px(16), px(3)))
        self._trick(held, shown, inner, display)
        held.boxes = held.boxes[:1] + [b for b in held.boxes[1:] if b.rect != inner]
        held.zones = []
        winner = award.data.get("seat")
        best = next((p for p in held.pieces if p.id == award.data.get("face")), None)
        if best is not None and isinstance(winner, int) and 0 <= winner < len(names):
            glow = best.rect.inflate(px(14), px(14))
            held.boxes.insert(1, Box(glow, (*GLOW, 80), GOLD, px(14), px(3)))
            tag = Text(
                f"{names[winner]} wins",
                (best.rect.centerx, best.rect.bottom + px(12) + fp(17)),
                fp(17),
                GOLD,
                "midtop",
                "sans-bold",
                max_width=best.rect.w + px(40),
            )
            taken = [_text_rect(t) for t in held.texts] + [p.rect for p in held.pieces]
            spot = _text_rect(tag)
            if area.contains(spot) and spot.collidelist(taken) < 0:
                held.texts.append(tag)
        return Moment(
            held,
            area,
            award.render(names),
            winner if isinstance(winner, int) else None,
            f"hand:{winner}",
            (area.centerx, area.y + px(6)) if inner != area else None,
        )

    # ---- seats ------------------------------------------------------------------------
    def _seat_spots(
        self,
        n: int,
        bottom: int,
        oval: pygame.Rect,
        display: Display,
        names: Sequence[str] = (),
    ) -> tuple[dict[int, pygame.Rect], float]:
        """Spots for every seat but the viewer's, clockwise round an ellipse from the bottom,
        as large as fits without overlapping. On a TV a spot is at least wide enough for the
        longest of ``names`` whole and tall enough for a two-line head."""
        spots, scale = _seat_spots(n, bottom, tuple(oval), display, tuple(names))
        return {seat: pygame.Rect(r) for seat, r in spots}, scale

    @staticmethod
    def _trick_score(n: int, display: Display) -> Callable[[pygame.Rect], int] | None:
        """On a TV, how good a trick area is: the card width a full trick of ``n`` gets."""
        if display.profile != "tv":
            return None
        return lambda area: _full_trick_cw(n, display, area)

    def _spot(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        spot: pygame.Rect,
        scale: float,
        display: Display,
        names: list[str],
        viewer: int | None,
        *,
        own_spot: bool = False,
    ) -> None:
        """A seat's spot: its name (and hand count) on top, its Allegiance card below and the
        Traits waiting in front of it beside that."""
        px = display.px
        to_move = view["to_move"] == seat
        model.boxes.append(
            Box(spot, PANEL, GOLD if to_move else EDGE, px(12), px(3) if to_move else 1)
        )
        model.zones.append(Zone(f"front:{seat}", spot, f"in front of {names[seat]}"))
        marker = _marker(view, seat)
        head = _spot_head(spot.w, spot.h, scale, display, names[seat], marker, own_spot)
        count = view["hand_counts"][seat]
        if not own_spot:  # the viewer sees their fan instead
            self._hand_count(model, seat, count, spot, head, display)
        self._spot_name(model, names[seat], marker, spot, head, GOLD if to_move else CREAM)
        top = pygame.Rect(spot.x, spot.y, spot.w, head.height)
        model.tips.append((top, f"{names[seat]}: {count} cards in hand" + marker))
        ip = head.ip
        body = pygame.Rect(
            spot.x + ip,
            spot.y + head.height + ip // 2,
            spot.w - 2 * ip,
            spot.h - head.height - ip - ip // 2,
        )
        ally_rect = self._allegiance_card(model, view, seat, body, head, display)
        if own_spot:
            # While this seat chooses, its whole panel (the "drag a Face here" words too) takes
            # the Allegiance card, not only the small slot; later the slot alone is the place.
            choosing = view["phase"] == "ally" and not view["allegiance_chosen"][seat]
            ally_zone = spot if choosing else ally_rect.inflate(px(8), px(8))
            model.zones.append(Zone(f"allegiance:{seat}", ally_zone, "your Allegiance"))
        beside = pygame.Rect(
            ally_rect.right + ip, body.y, body.right - ally_rect.right - ip, body.h
        )
        if view["waiting"][seat]:
            self._waiting(model, view, seat, beside, head, display, names, viewer)
        elif own_spot:
            hint = "your Allegiance" if viewer == seat else "Allegiance"
            unchosen = view["allegiance"][seat] is None
            if view["phase"] == "ally" and viewer == seat and unchosen and self.live:
                hint = "drag a Face here"
            model.texts.append(
                Text(hint, beside.topleft, head.small_size, MUTED, max_width=beside.w)
            )

    def _hand_count(
        self,
        model: TableModel,
        seat: int,
        count: int,
        spot: pygame.Rect,
        head: _SpotHead,
        display: Display,
    ) -> None:
        """Another seat's hand size at the right of its spot's head: a few small backs and the
        number."""
        px = display.px
        ip, line_h = head.ip, head.line_h
        bw, fan = _count_backs(line_h)
        count_y = spot.y + (line_h if head.count_below else 0)
        # A card this seat plays comes from its spot (a card's size round its centre).
        model.origins[f"hand:{seat}"] = pygame.Rect(
            spot.centerx - px(40), spot.centery - px(56), px(80), px(112)
        )
        bx = spot.right - ip - head.count_w
        for i in range(min(3, count)):
            r = pygame.Rect(bx + i * fan, count_y + ip // 3, bw, round(bw * 1.4))
            model.pieces.append(
                Piece(f"handback:{seat}:{i}", ("back", GAME), r, z=3, label="cards in hand")
            )
        model.texts.append(
            Text(
                f"{count}",
                (spot.right - ip, count_y + ip // 2 + line_h // 2),
                head.small_size,
                CREAM,
                "midright",
                "sans-bold",
            )
        )

    @staticmethod
    def _spot_name(
        model: TableModel,
        name: str,
        marker: str,
        spot: pygame.Rect,
        head: _SpotHead,
        colour: tuple[int, int, int],
    ) -> None:
        """The seat's name and its marker (" · leads"), on one line or on two."""
        ip, size = head.ip, head.name_size
        whole = spot.w - 2 * ip
        if not head.two_lines:
            model.texts.append(
                Text(
                    # A long name is shortened, never the marker; the tip has it whole.
                    fit_name(name, marker, "sans-bold", head.name_w, size),
                    (spot.x + ip, spot.y + ip // 2),
                    size,
                    colour,
                    face="sans-bold",
                    max_width=head.name_w,
                )
            )
            return
        first_w = whole if head.count_below else head.name_w
        model.texts.append(
            Text(
                name,
                (spot.x + ip, spot.y + ip // 2),
                size,
                colour,
                face="sans-bold",
                max_width=first_w,
                smallest=size,
            )
        )
        if marker:
            model.texts.append(
                Text(
                    marker.removeprefix(" · "),
                    (spot.x + ip, spot.y + head.line_h + ip // 2),
                    size,
                    colour,
                    face="sans-bold",
                    max_width=head.name_w if head.count_below else whole,
                    smallest=size,
                )
            )

    @staticmethod
    def _allegiance_card(
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        body: pygame.Rect,
        head: _SpotHead,
        display: Display,
    ) -> pygame.Rect:
        """The seat's Allegiance card at the left of ``body``: face up where the view shows
        it, a back once chosen, else an empty slot. Returns where it is."""
        px = display.px
        cw = max(16, round(body.h / 1.4))
        ally_rect = pygame.Rect(body.x, body.y, cw, round(cw * 1.4))
        card = view["allegiance"][seat]
        if card is not None:
            model.pieces.append(
                Piece(
                    card, ("card", GAME, card), ally_rect, z=4, label=f"allegiance: {_name(card)}"
                )
            )
        elif view["allegiance_chosen"][seat]:
            model.pieces.append(
                Piece(
                    f"ally:{seat}", ("back", GAME), ally_rect, z=4, label="a secret Allegiance card"
                )
            )
        else:
            model.boxes.append(Box(ally_rect, (0, 0, 0, 60), MUTED, px(6), 1))
            model.texts.append(
                Text("?", ally_rect.center, head.name_size, MUTED, "center", "sans-bold")
            )
        return ally_rect

    @staticmethod
    def _waiting(
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        area: pygame.Rect,
        head: _SpotHead,
        display: Display,
        names: list[str],
        viewer: int | None,
    ) -> None:
        """The Traits laid in front of ``seat``, fanned across ``area`` (right of its
        Allegiance card), and under them who laid them."""
        px = display.px
        waiting = view["waiting"][seat]
        small_size = head.small_size
        tw = max(16, round((area.h - small_size - head.ip // 2) / 1.4))
        step = tw + px(3)
        if len(waiting) > 1 and tw + (len(waiting) - 1) * step > area.w:
            step = max(4, (area.w - tw) // (len(waiting) - 1))
        for i, w in enumerate(waiting):
            r = pygame.Rect(area.x + i * step, area.y, tw, round(tw * 1.4))
            art: tuple[Any, ...]
            if w["card"] is not None and viewer == w["by"]:
                pid, art = w["card"], ("card", GAME, w["card"])
                label = f"{w['card']}, laid by you"
            elif w["card"] is not None:
                pid, art = f"wait:{seat}:{i}", ("card", GAME, w["card"])
                label = f"{w['card']}, laid by {names[w['by']]}"
            else:
                pid, art = f"wait:{seat}:{i}", ("back", GAME)
                label = f"a Trait laid by {names[w['by']]}"
            model.pieces.append(Piece(pid, art, r, z=5 + i, label=label))
        by = list(dict.fromkeys(names[w["by"]] for w in waiting))
        whole = f"from {', '.join(by)}"
        # Names are never cut on a TV: without "from", or the count of layers, when the names
        # do not fit; the tip says it whole.
        choices = [whole, ", ".join(by), f"from {len(by)} players"]
        tv = display.profile == "tv"
        label = _first_fitting(choices, "sans", area.w, small_size, exact=tv)
        model.texts.append(
            Text(
                label,
                area.bottomleft,
                small_size,
                MUTED,
                "bottomleft",
                max_width=area.w,
                smallest=small_size if tv else 0,
            )
        )
        if label != whole:
            tip = pygame.Rect(area.x, area.bottom - small_size, area.w, small_size)
            model.tips.append((tip, f"Traits laid {whole}"))

    # ---- the viewer's hand --------------------------------------------------------------
    def _hand(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        viewer: int | None,
        strip: pygame.Rect,
        own: pygame.Rect,
        cw: int,
        display: Display,
    ) -> None:
        px = display.px
        area = strip.copy()  # the viewer's spot may have moved up out of the strip
        if own.colliderect(strip):
            area = pygame.Rect(
                own.right + px(16), strip.y, strip.right - own.right - px(16), strip.h
            )
        ch = round(cw * 1.4)
        hand = view["hands"][seat]
        mine = viewer == seat and not view["over"]
        cards: list[tuple[str, tuple[Any, ...], str]]
        breaks: list[int] = []
        if hand is not None:
            ordered = sorted(hand, key=_hand_order)
            cards = [(c, ("card", GAME, c), _name(c)) for c in ordered]
            breaks = [
                next((i for i, c in enumerate(ordered) if _hand_order(c)[0] >= 2), len(ordered))
            ]
        else:
            cards = [
                (f"back:{seat}:{i}", ("back", GAME), "a card")
                for i in range(view["hand_counts"][seat])
            ]
        rects = fan_rects(len(cards), cw, ch, area, breaks)
        for i, ((pid, art, label), r) in enumerate(zip(cards, rects, strict=True)):
            drag = pid if mine and hand is not None else None
            model.pieces.append(Piece(pid, art, r, z=40 + i, drag=drag, label=label))
        model.origins[f"hand:{seat}"] = pygame.Rect(area.centerx - cw // 2, area.y, cw, ch)

    # ---- the trick ----------------------------------------------------------------------
    def _trick(
        self, model: TableModel, view: Mapping[str, Any], area: pygame.Rect, display: Display
    ) -> None:
        px, fp = display.px, display.font_px
        model.boxes.append(Box(area, (0, 0, 0, 40), (*DECK_OUTLINE, 90), px(16), 1))
        model.zones.append(Zone("trick", area, "the trick"))
        for s in range(view["players"]):
            model.origins.setdefault(f"hand:{s}", pygame.Rect(area.center, (1, 1)))
        trick = view["trick"]
        inner = area.inflate(-px(16), -px(12))
        # Sized for a whole trick, so the cards keep their size as it fills (and their
        # pictures are painted once, ahead of the move: ``upcoming``).
        cw, per_row, gap = _trick_grid(max(len(trick), view["players"]), inner, display)
        shown = {item["card"] for item in trick}
        model.upcoming += [(("card", GAME, c), cw) for c in CARDS if c not in shown]
        if len(trick) >= view["players"]:  # traits flipping on may grow it past a whole trick
            more = _trick_grid(len(trick) + 1, inner, display)[0]
            if more != cw:
                model.upcoming += [(("card", GAME, c), more) for c in CARDS]
        if not trick:
            model.texts.append(
                Text(
                    "The trick is empty",
                    area.center,
                    fp(22),
                    MUTED,
                    "center",
                    max_width=area.w - px(20),
                )
            )
            return
        tag = round(fp(17) * 1.25)
        ch = round(cw * 1.4)
        slot_h = tag + ch + tag + px(12)
        rows = -(-len(trick) // per_row)
        y0 = inner.y + max(0, (inner.h - rows * slot_h) // 2)
        for row in range(rows):
            items = trick[row * per_row : (row + 1) * per_row]
            total = len(items) * cw + (len(items) - 1) * gap
            x = inner.centerx - total // 2
            y = y0 + row * slot_h + tag + px(2)
            for i, item in enumerate(items):
                card = item["card"]
                r = pygame.Rect(x + i * (cw + gap), y, cw, ch)
                self._trick_card(model, item, card, r, row * per_row + i, display, gap)

    def _trick_card(
        self,
        model: TableModel,
        item: dict[str, Any],
        card: str,
        r: pygame.Rect,
        index: int,
        display: Display,
        gap: int,
    ) -> None:
        px, fp = display.px, display.font_px
        z = 20 + index * 8
        model.pieces.append(Piece(card, ("card", GAME, card), r, z=z, label=_name(card)))
        if card not in FACE_SET:
            return
        model.zones.append(Zone(f"face:{card}", r, _name(card)))
        best = item.get("best")
        if best:
            model.boxes.append(Box(r.inflate(px(10), px(10)), None, GOLD, px(10), px(4)))
        model.texts.append(
            Text(
                f"#{item['tile']}",
                (r.centerx, r.y - px(4)),
                fp(17),
                GOLD if best else CREAM,
                "midbottom",
                "sans-bold",
                max_width=r.w + gap,
            )
        )
        rank, printed = item["rank"], RANK_OF[card]
        colour = RAISED if rank > printed else LOWERED if rank < printed else CREAM
        star = " ★" if best else ""
        wide = r.w + gap >= fp(17) * 4.2
        label = (f"rank {rank}" if wide else str(rank)) + star
        if display.profile == "tv":
            # The grid left room for "rank 7 ★" at the TV's size, never squeezed; a
            # longer rank drops its star (the best card's gold frame still marks it).
            choices = [f"rank {rank}{star}", f"rank {rank}", f"{rank}{star}"]
            label = _first_fitting(choices, "sans-bold", r.w + gap, fp(17), exact=True)
        if best:  # the star's meaning, on hover
            tip = pygame.Rect(r.x - gap // 2, r.bottom + px(6), r.w + gap, round(fp(17) * 1.3))
            model.tips.append((tip, BEST))
        model.texts.append(
            Text(
                label,
                (r.centerx, r.bottom + px(6)),
                fp(17),
                colour,
                "midtop",
                "sans-bold",
                max_width=r.w + gap,
            )
        )
        traits = item.get("traits", [])
        if traits:
            tw = max(16, round(r.w * 0.58))
            th = round(tw * 1.4)
            step = (r.w - tw) // (len(traits) - 1) if len(traits) > 1 else 0
            for j, t in enumerate(traits):
                tr = pygame.Rect(r.x + j * step, r.bottom - th - px(2), tw, th)
                if len(traits) == 1:
                    tr.centerx = r.centerx
                model.pieces.append(
                    Piece(
                        t["card"],
                        ("card", GAME, t["card"]),
                        tr,
                        z=z + 1 + j,
                        label=f"{t['card']} on {_name(card)}",
                    )
                )


def _text_rect(text: Text) -> pygame.Rect:
    """Where ``text`` is drawn (its font at its size; a fitted one is no wider)."""
    w, h = fonts.get_font(text.size, text.face).size(text.text)
    if text.max_width:
        w = min(w, text.max_width)
    rect = pygame.Rect(0, 0, w, h)
    setattr(rect, text.anchor, text.pos)
    return rect


def completed_trick(
    trick: list[dict[str, Any]], events: Sequence[Event], best: str
) -> list[dict[str, Any]]:
    """The trick as it stood when its last card was played: ``trick`` (a view's, before the
    move) with this move's public plays, flips and traits added, ranks worked out again and
    ``best`` (the awarded Face) marked."""
    out = [dict(item, traits=list(item.get("traits", []))) for item in trick]
    for event in events:
        if event.kind == "award":
            break
        data = event.data
        card = data.get("card")
        if not isinstance(card, str):
            continue
        if event.kind == "play":
            item: dict[str, Any] = {"seat": data.get("seat"), "card": card, "traits": []}
            if card in FACE_SET:
                item["tile"] = data.get("tile", len(out) + 1)
            out.append(item)
        elif event.kind == "flip":
            face = next((i for i in out if i["card"] == card), None)
            if face is not None:
                face["traits"] += [
                    {"seat": s, "card": t} for s, t in data.get("traits", []) if t in TRAITS
                ]
        elif event.kind == "trait" and isinstance(data.get("face"), str):
            face = next((i for i in out if i["card"] == data["face"]), None)
            if face is not None:
                face["traits"].append({"seat": data.get("seat"), "card": card})
        elif event.kind == "kill":
            out = [i for i in out if i["card"] != card]
    for item in out:
        if item["card"] in FACE_SET:
            traits = item["traits"]
            item["rank"] = RANK_OF[item["card"]] + sum(TRAITS.get(t["card"], 0) for t in traits)
            item["best"] = item["card"] == best
    return out


_ZONE_ORDER = {"face": 0, "allegiance": 1, "trick": 2, "front": 3}


def _tally(record: dict[str, Any]) -> str:
    return " · ".join(f"{h} {c}" for h, c in record["victories"].items())


def _ring_spots(n: int, oval: pygame.Rect, sw: int, sh: int) -> list[pygame.Rect]:
    """Spots of ``sw`` × ``sh`` for the seats after the bottom one, clockwise round a rounded
    oval (a superellipse): seats sit out towards the corners and leave the middle of the table
    to the trick."""
    a = (oval.w - sw) / 2
    b = (oval.h - sh) / 2
    out = []
    for k in range(1, n):
        angle = math.pi / 2 + k * 2 * math.pi / n
        c, si = math.cos(angle), math.sin(angle)
        r = pygame.Rect(0, 0, sw, sh)
        r.center = (
            round(oval.centerx + a * math.copysign(abs(c) ** 0.6, c)),
            round(oval.centery + b * math.copysign(abs(si) ** 0.6, si)),
        )
        r.clamp_ip(oval)
        out.append(r)
    return out


def _side_spots(n: int, oval: pygame.Rect, sw: int, sh: int) -> list[pygame.Rect]:
    """Spots for the seats after the bottom one, clockwise in two columns: up the left side,
    then down the right; the whole height between them is the trick's."""
    left = n // 2
    right = n - 1 - left
    out = []
    for count, x, upward in ((left, oval.x, True), (right, oval.right - sw, False)):
        # As tall as the column allows (a larger Allegiance card), a third more at most.
        h = max(sh, min(round(sh * 1.3), (oval.h - (count - 1) * sh // 4) // max(1, count)))
        for i in range(count):
            step = (oval.h - h) / (count - 1) if count > 1 else 0
            y = oval.y + (oval.h - h) / 2 if count == 1 else oval.y + i * step
            if upward:
                y = oval.bottom - h - (y - oval.y) if count > 1 else y
            out.append(pygame.Rect(x, round(y), sw, h))
    return out


def _tv_spot_size(
    display: Display, scale: float, names: Sequence[str], wide: bool
) -> tuple[int, int]:
    """The least size of a seat's spot on a TV at ``scale``: the longest name whole on the
    head's first line (``wide``: with the hand count beside it), the marker (and the count) on
    a second line, an Allegiance card below. The TV's text does not shrink with the spot,
    so the spot cannot shrink below it."""
    ip = max(3, round(display.px(8) * scale))
    size = display.font_px(20, scale)
    font = fonts.get_font(size, "sans-bold")
    widest = max((font.size(name)[0] for name in names), default=0)
    line = size + ip
    count_w = _count_width(line, display.font_px(16, scale))
    if wide:
        widest += count_w
    else:  # the marker beside the count on the second line
        widest = max(widest, font.size("choosing")[0] + count_w)
    return widest + 2 * ip + display.px(10), 2 * line + ip + round(line * 1.6)


def _first_fitting(choices: Sequence[str], face: str, width: int, size: int, exact: bool) -> str:
    """The first of ``choices`` that fits ``width`` at ``size`` (``exact``: not shrunk at all,
    else as :func:`fits` allows), or the last one."""
    for choice in choices:
        if (
            fonts.get_font(size, face).size(choice)[0] <= width
            if exact
            else fits(choice, face, width, size)
        ):
            return choice
    return choices[-1]


def _count_backs(line_h: int) -> tuple[int, int]:
    """The width of the small backs in a seat's hand count, and how far apart they fan."""
    bw = max(16, round(max(23, line_h) / 1.4))
    return bw, max(2, bw // 3)


def _count_width(line_h: int, size: int) -> int:
    """The width of a seat's hand count (three small backs fanned and the number)."""
    bw, fan = _count_backs(line_h)
    return bw + 2 * fan + size * 2


def _emblem_rect(square: pygame.Rect) -> pygame.Rect:
    """The piece rect for an emblem pseudo-card: its art is a square at the top of a card."""
    return pygame.Rect(square.x, square.y, square.w, round(square.w * 1.4))


def _trick_grid(count: int, inner: pygame.Rect, display: Display) -> tuple[int, int, int]:
    """The trick's card width, cards per row and gap for ``count`` cards in ``inner``."""
    px = display.px
    tag = round(display.font_px(17) * 1.25)
    # Room for the labels under narrow cards: "7 ★" on the desktop, the whole "rank 7 ★" on a
    # TV (its text is not squeezed).
    label_w = round(tag * 2.4)
    if display.profile == "tv":
        label_w = _rank_label_width(display) + px(6)
    for w in range(min(px(112), inner.w), 21, -2):
        gap = max(px(10), label_w - w)
        per_row = max(1, (inner.w + gap) // (w + gap))
        rows = -(-count // per_row)
        slot_h = tag + round(w * 1.4) + tag + px(12)
        if rows * slot_h <= inner.h:
            return w, per_row, gap
    gap = max(px(10), label_w - 22)
    return 22, max(1, (inner.w + gap) // (22 + gap)), gap


@lru_cache(maxsize=32)
def _seat_spots(
    n: int,
    bottom: int,
    oval_at: tuple[int, int, int, int],
    display: Display,
    names: tuple[str, ...],
) -> tuple[tuple[tuple[int, tuple[int, int, int, int]], ...], float]:
    """:meth:`AllegianceLayout._seat_spots`, remembered: a table lays its seats out the same
    way after every move, and a TV's search for the largest trick tries many."""
    oval = pygame.Rect(oval_at)
    px = display.px
    gap = px(10)
    best: dict[int, pygame.Rect] = {}
    scale = 1.0
    # On a TV the spots may shrink to the desktop's size (not below), so that a full
    # trick's cards are 1.15 times the desktop's where the room allows.
    tv = display.profile == "tv"
    fitting: list[tuple[dict[int, pygame.Rect], float]] = []
    # A TV tries spots wide enough for a name and the hand count on one line, then for the
    # name alone; round the oval, then in two columns down the sides: its larger text
    # makes the spots larger, and a crowded table's trick keeps the middle's height.
    tries = [(_ring_spots, True), (_ring_spots, False), (_side_spots, True)]
    for place, wide in [*tries, (_side_spots, False)] if tv else [(_ring_spots, False)]:
        for step in range(9):
            scale = 1.0 - step * 0.06
            least_w, least_h = _tv_spot_size(display, scale, names, wide) if tv else (0, 0)
            sw = min(max(round(px(220) * scale), least_w), oval.w // 3)
            sh = min(max(round(px(108) * scale), least_h), oval.h // 3)
            spots = {(bottom + k) % n: r for k, r in enumerate(place(n, oval, sw, sh), 1)}
            best = spots
            rects = list(spots.values())
            if all(
                not rects[i].inflate(gap, gap).colliderect(rects[j])
                for i in range(len(rects))
                for j in range(i + 1, len(rects))
            ):
                if tv and fitting and scale < 1 / TV_FACTOR:
                    break
                fitting.append((spots, scale))
                if not tv:
                    break
    if not tv or not fitting:
        chosen = fitting[0] if fitting else (best, scale)
        return _frozen(chosen)
    target = round(display.frame_px(112) * 1.15)

    score = AllegianceLayout._trick_score(n, display)

    def trick_cw(spots: dict[int, pygame.Rect]) -> int:
        area = _trick_rect(oval, list(spots.values()), px(14), score)
        return _full_trick_cw(n, display, area)

    widths: list[int] = []
    for spots, s in fitting:  # the first good enough; only then the best of them all
        widths.append(trick_cw(spots))
        if widths[-1] >= target:
            return _frozen((spots, s))
    return _frozen(fitting[widths.index(max(widths))])


@lru_cache(maxsize=64)
def _trick_area(
    oval: tuple[int, int, int, int],
    spots: tuple[tuple[int, ...], ...],
    gap: int,
    n: int,
    display: Display,
) -> tuple[int, int, int, int]:
    """:func:`_trick_rect` for a table of ``n`` (a TV's search scores every shape it tries by
    the cards a full trick gets), remembered: the seats stay put from move to move."""
    score = AllegianceLayout._trick_score(n, display)
    area = _trick_rect(pygame.Rect(oval), [pygame.Rect(r) for r in spots], gap, score)
    return (area.x, area.y, area.w, area.h)


def _frozen(
    chosen: tuple[dict[int, pygame.Rect], float],
) -> tuple[tuple[tuple[int, tuple[int, int, int, int]], ...], float]:
    spots, scale = chosen
    return tuple((seat, (r.x, r.y, r.w, r.h)) for seat, r in spots.items()), scale


def _rank_label_width(display: Display) -> int:
    """The width of a one-digit rank label under a trick's card ("rank 7 ★")."""
    return fonts.get_font(display.font_px(17), "sans-bold").size("rank 7 ★")[0]


def _full_trick_cw(n: int, display: Display, area: pygame.Rect) -> int:
    """The card width a full trick (``n`` cards) gets in the trick ``area``."""
    px = display.px
    return _trick_grid(n, area.inflate(-px(16), -px(12)), display)[0]


def _trick_rect(
    oval: pygame.Rect,
    spots: list[pygame.Rect],
    gap: int,
    score: Callable[[pygame.Rect], int] | None = None,
) -> pygame.Rect:
    """The largest rectangle round the oval's centre (a little below it: the viewer's own
    place at the bottom is empty) that stays inside the oval and clear of every seat spot.
    With ``score`` (a TV's: the card width a full trick gets in it), the one scoring best,
    wider shapes included (one long row of cards between the side seats)."""
    blocks = [s.inflate(2 * gap, 2 * gap) for s in spots]
    inner = oval.inflate(-2 * gap, -2 * gap)
    best = pygame.Rect(inner.centerx - 1, inner.centery - 1, 2, 2)
    ratios = (1.0, 1.4, 1.8, 2.2, 2.8, 3.6, 4.6) + ((5.6, 7.0) if score else ())
    for shift in (0.0, 0.1, 0.2, 0.3):
        cy = round(inner.centery + inner.h * shift / 2)
        for ratio in ratios:
            lo, hi = 1, inner.h
            while lo < hi:
                h = (lo + hi + 1) // 2
                r = pygame.Rect(0, 0, round(h * ratio), h)
                r.center = (inner.centerx, cy)
                if inner.contains(r) and r.collidelist(blocks) < 0:
                    lo = h
                else:
                    hi = h - 1
            r = pygame.Rect(0, 0, round(lo * ratio), lo)
            r.center = (inner.centerx, cy)
            if not inner.contains(r):
                continue
            if score is None:
                if r.w * r.h > best.w * best.h:
                    best = r
            elif (score(r), r.w * r.h) > (score(best), best.w * best.h):
                best = r
    return best
