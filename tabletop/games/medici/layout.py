"""Court of the Medici at the table: the Inner Circle in the middle, the Outer Court around it.

Every stack is fanned downwards so each card's top band (value and title) stays readable, with
its number (the log names stacks by it) and total on a badge above it. Drop a hand card on a
stack to build, on empty court space to send it to court, on your deck to plan for the future.
After a build that matches other stacks, those stacks are clickable zones (they light up) and
"Don't conspire" is a button.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import astuple, dataclass
from typing import Any

import pygame

from rules import Event, Outcome
from rules.medici import FACE, HOUSES, card_name
from tabletop.display import Display
from tabletop.fonts import get_font
from tabletop.layouts.base import Layout
from tabletop.table.model import Box, Piece, Recap, TableModel, Text, Zone
from tabletop.ui.palette import CREAM, GOLD, PANEL

from . import art as art_medici
from .labels import figure_lines, heading_lines, team_lines, width_of
from .recap import end_recap

# The two teams (4 players): argent and vert, a cool silver and a sea green, hues no house has.
# The houses take red, blue, yellow and black (vermilion, blue, yellow and black colour-blind),
# so a team colour in one of those hues reads as that house: the pink before looked like the
# Della Rovere blue to a protan eye. Silver is near-neutral (set apart from the black house and
# the cream text by its cool lightness) and the green sits between yellow and blue; a
# protan's or deutan's view of either stays well away from every house in both palettes, and
# the two stay apart by lightness where their hues merge (tests/test_sizes_ui.py measures it).
TEAM_COLOURS = ((220, 228, 246), (48, 192, 168))


def _art(card: str, values: dict[str, int]) -> tuple:
    if FACE.get(card) is None and card in values:
        return ("card", "medici", f"{card}={values[card]}")
    return ("card", "medici", card)


def _back(view: Mapping[str, Any], seat: int) -> tuple:
    """The back of ``seat``'s face-down cards: its house's (every card it holds or draws is
    of its house, and which house a seat plays is public)."""
    return ("piece", "medici", "back", HOUSES.index(view["houses"][seat]))


def _team(view: Mapping[str, Any], seat: int) -> int:
    for t, team in enumerate(view.get("teams", [])):
        if seat in team:
            return t
    return seat % 2


#: The smallest stack label in pixels: the log names stacks by number ("stack 12"), so the
#: number stays readable even when the cards shrink (issue #19).
MIN_STACK_LABEL_PX = 14


def stack_label_px(display: Display) -> int:
    """The size of a stack's number badge: the table's label size, never under 14 px."""
    return max(display.font_px(18), MIN_STACK_LABEL_PX)


def stack_badges(stacks: list[tuple[str, int]], size: int, width: int) -> list[tuple[str, ...]]:
    """The badge lines of stacks given as (number, total), ``width`` pixels wide at ``size``:
    "12: total 10" or "#12: 10" on one line, or when a stack is too narrow for that, the
    number over the total on two lines. One style for every badge on the table, always at
    ``size``: the number never shrinks (the log names stacks by number)."""
    font = get_font(size, "sans-bold")

    def fits(*texts: str) -> bool:
        return all(font.size(text)[0] <= width for text in texts)

    for style in ("{n}: total {t}", "#{n}: {t}"):
        lines: list[tuple[str, ...]] = [(style.format(n=n, t=t),) for n, t in stacks]
        if fits(*(line[0] for line in lines)):
            return lines
    return [(f"#{n}", str(t)) if fits(f"#{n}", str(t)) else (n, str(t)) for n, t in stacks]


def stack_gap(cw: int, display: Display) -> int:
    """The room between two stacks of cards ``cw`` wide."""
    return max(display.px(8), cw // 8)


def badge_height(badges: list[tuple[str, ...]], display: Display) -> int:
    """How tall badges with these lines (:func:`stack_badges`) are: one line or two. Issue #19
    review: it takes the lines, so a layout build works them out once for each card width it
    tries, not again for the width it keeps."""
    rows = max((len(b) for b in badges), default=1)
    return rows * (stack_label_px(display) + display.px(2)) + display.px(4)


class MediciLayout(Layout):
    game_id = "medici"

    def recap(
        self, events: Sequence[Event], view: Mapping[str, Any], names: Sequence[str]
    ) -> Recap | None:
        """The end of the game: why the court closed, and the influence in play."""
        return end_recap(events, view, names)

    def score_table(self, outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
        b = outcome.breakdown
        pts = b.get("points", [])
        teams = b.get("teams", [[s] for s in range(len(pts))])
        team_pts = b.get("team_points", [])
        n = len(pts)
        houses = (
            [HOUSES[i] for i in range(n)]
            if n != 2
            else [str(b.get("houses", ["", ""])[i]) for i in range(2)]
        )
        if n == 2:
            header = ["", *names[:2]]
            rows = [["Influence points", str(pts[0]), str(pts[1])]]
            cards = b.get("team_cards", [[], []])
            rows.append(["Highest cards", *(", ".join(map(str, c[:3])) or "—" for c in cards)])
            rows.append(["Decided by", str(b.get("decided_by", "")), ""])
            return header, rows
        header = ["Player", "House", "Team", "Influence points"]
        rows = []
        for s in range(n):
            t = next((i for i, team in enumerate(teams) if s in team), s)
            rows.append(
                [names[s], houses[s] if s < len(houses) else "", f"Team {t + 1}", str(pts[s])]
            )
        for t, team in enumerate(teams):
            who = " & ".join(names[s] for s in team)
            total = team_pts[t] if t < len(team_pts) else ""
            rows.append([f"Team {t + 1}", who, "total", str(total)])
        return header, rows

    # ---- the table --------------------------------------------------------------------
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
        px = display.px
        model = TableModel()
        players = view["players"]
        me = viewer if viewer is not None else 0
        margin = px(16)
        rivals = [(me + i) % players for i in range(1, players)]
        # The rivals' panels: as tall as their labels need (on a TV, no taller: its court is
        # short enough), never under the desktop's three lines of figures.
        floor = (px(104), display.font_px(22) + 3 * display.font_px(17) + px(20))
        top_h = max(
            *(floor if display.profile != "tv" else (display.frame_px(104),)),
            self._rivals_height(view, rivals, rect.w - 2 * margin, display, names),
        )
        hand_h = self._hand_height(players, rect, display)
        act_h = max(px(58), display.font_px(22) + px(20))
        top = pygame.Rect(rect.x + margin, rect.y + px(6), rect.w - 2 * margin, top_h)
        hand = pygame.Rect(
            rect.x + margin, rect.bottom - hand_h - px(6), rect.w - 2 * margin, hand_h
        )
        action = pygame.Rect(rect.x + margin, hand.y - act_h, rect.w - 2 * margin, act_h)
        court = pygame.Rect(rect.x + margin, top.bottom + px(8), rect.w - 2 * margin, 0)
        court.h = action.y - court.y - px(4)
        model.action_area = action

        self._rivals(model, view, rivals, top, display, names, colorblind)
        self._court(model, view, viewer, court, display, colorblind)
        self._own(model, view, me, viewer, hand, display, names)
        if view["over"]:
            model.texts.append(
                Text(
                    "Game over",
                    action.center,
                    display.font_px(30),
                    GOLD,
                    "center",
                    "serif-bold",
                )
            )
        return model

    @staticmethod
    def _hand_height(players: int, rect: pygame.Rect, display: Display) -> int:
        """How tall the viewer's panel stands: up to a quarter of the table. On a TV no
        taller than its labels need at the body size (five figures beside the deck; two
        lines for each team's total) and its hand's cards need to be at least the desktop's:
        the rest goes to the court, whose cards are the TV's reason to be larger."""
        px, fp = display.px, display.font_px
        most = min(px(196), rect.h // 4)
        if display.profile != "tv":
            return most
        cards = round(display.frame_px(118) * 1.4) + px(16)
        figures = px(14) + fp(20) + 5 * (fp(17) + px(4)) + px(8)
        rows = 2 * (2 if players > 2 else 1)
        totals = 2 * px(10) + px(8) + fp(18) + px(8) + rows * (fp(18) + px(2)) + 2 * px(4)
        return min(most, max(cards, figures, totals))

    # ---- rivals (top) -----------------------------------------------------------------
    @staticmethod
    def _rival_width(area_w: int, count: int, display: Display) -> int:
        return (area_w - display.px(12) * (count - 1)) // max(1, count)

    @staticmethod
    def _beside_room(w: int, display: Display) -> int:
        """The width a rival's panel ``w`` wide leaves beside its deck and a shown card."""
        px = display.px
        return w - 2 * px(56) - 4 * px(8)

    @staticmethod
    def _headings_height(headings: dict[int, list[str]], display: Display) -> int:
        """How tall the rivals' headings stand across the panels' tops (the most lines)."""
        step = display.font_px(22) + display.px(2)
        return max(len(v) for v in headings.values()) * step + display.px(4)

    @staticmethod
    def _rival_headings(
        view: Mapping[str, Any], seats: list[int], names: list[str], w: int, display: Display
    ) -> tuple[bool, dict[int, list[str]]]:
        """Each rival's name and house, and whether the headings run across the panels' tops
        (True) or beside the deck and shown card (the desktop's look). Beside, where every
        "Name · House" stands whole there at its own size with a shown card (so nothing
        jumps in play); else across the top, on a second line (the house) only where even
        that is too narrow (#19: on the TV, labels are at the body size, never cut)."""
        px, size = display.px, display.font_px(22)
        beside = MediciLayout._beside_room(w, display)
        lines = {
            s: heading_lines(names[s], view["houses"][s], "sans-bold", size, beside) for s in seats
        }
        if all(len(v) == 1 for v in lines.values()):
            return False, lines
        across = w - 2 * px(8)
        return True, {
            s: heading_lines(names[s], view["houses"][s], "sans-bold", size, across) for s in seats
        }

    @staticmethod
    def _rival_figures(
        hand: str,
        deck: str,
        points: str,
        discards: str,
        limit: str | None,
        size: int,
        room: int,
        packed: bool = False,
    ) -> list[str]:
        """A rival's figures in lines ``room`` wide; ``packed`` (a TV), as few as stand."""
        groups = [[f"Hand {hand}", f"Deck {deck}"], [f"Influence {points}", f"Discards {discards}"]]
        if limit is None:
            return figure_lines(groups, "sans", size, room, packed)
        long = f"Last card shown: limit {limit}"
        lines = figure_lines([*groups, [long]], "sans", size, room, packed)
        if lines[-1].endswith(long) and width_of(long, "sans", size) <= room:
            return lines
        return figure_lines([*groups, [f"Limit {limit}"]], "sans", size, room, packed)

    def _rivals_height(
        self,
        view: Mapping[str, Any],
        seats: list[int],
        area_w: int,
        display: Display,
        names: list[str],
    ) -> int:
        """How tall the rivals' panels must be for every label to stand whole at its own size
        (#19: on the TV, labels are at the body size), with a shown card, a limit and wide
        numbers: the court's size never changes in play."""
        px, fp = display.px, display.font_px
        w = self._rival_width(area_w, len(seats), display)
        across, headings = self._rival_headings(view, seats, names, w, display)
        room = self._beside_room(w, display)
        tv = display.profile == "tv"
        figures = len(self._rival_figures("8", "88", "888", "88", "88", fp(17), room, tv))
        figures_h = figures * (fp(17) + px(4)) - px(4)
        head_h = self._headings_height(headings, display)
        if across:
            return head_h + max(figures_h, round(px(56) * 1.4)) + 2 * px(8)
        return head_h + figures_h + 2 * px(8)

    def _rivals(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seats: list[int],
        area: pygame.Rect,
        display: Display,
        names: list[str],
        colorblind: bool,
    ) -> None:
        px, fp = display.px, display.font_px
        w = self._rival_width(area.w, len(seats), display)
        across, headings = self._rival_headings(view, seats, names, w, display)
        # Across: the headings' lines over the cards and figures, in every panel alike.
        head_h = self._headings_height(headings, display)
        for i, seat in enumerate(seats):
            panel = pygame.Rect(area.x + i * (w + px(12)), area.y, w, area.h)
            colour = TEAM_COLOURS[_team(view, seat)]
            model.boxes.append(Box(panel, PANEL, (*colour, 160), px(10), 2))
            body = panel.copy()
            if across:
                body.y, body.h = panel.y + head_h, panel.h - head_h
                y = panel.y + px(8)
                for text in headings[seat]:
                    model.texts.append(
                        Text(
                            text,
                            (panel.x + px(8), y),
                            fp(22),
                            colour,
                            face="sans-bold",
                            max_width=panel.w - 2 * px(8),
                        )
                    )
                    y += fp(22) + px(2)
            cw = max(24, min(px(56), round((body.h - px(14)) / 1.4)))
            ch = round(cw * 1.4)
            deck = pygame.Rect(body.x + px(8), body.y + (body.h - ch) // 2, cw, ch)
            if across:
                deck.y = body.y + px(8)
            model.origins[f"hand:{seat}"] = deck
            if view["deck_counts"][seat]:
                model.pieces.append(
                    Piece(f"deck:{seat}", _back(view, seat), deck, z=1, label="their deck")
                )
            else:
                model.boxes.append(Box(deck, None, (200, 190, 160, 120), px(6), 2))
            x = deck.right + px(8)
            revealed = view["revealed"][seat]
            if revealed:
                r = pygame.Rect(x, deck.y, cw, ch)
                model.pieces.append(
                    Piece(
                        f"revealed:{revealed}",
                        _art(revealed, view["values"]),
                        r,
                        z=2,
                        label=f"last card: {card_name(revealed)}",
                    )
                )
                x = r.right + px(8)
            tw = panel.right - x - px(8)
            y = body.y + px(8)
            if not across:
                for text in headings[seat]:
                    model.texts.append(
                        Text(text, (x, y), fp(22), colour, face="sans-bold", max_width=tw)
                    )
                    y += fp(22) + px(2)
                y += px(4)
            line = fp(17) + px(4)
            limit = view["limits"][seat]
            lines = self._rival_figures(
                str(view["hand_counts"][seat]),
                str(view["deck_counts"][seat]),
                str(view["points"][seat]),
                str(len(view["discards"][seat])),
                None if limit is None else str(limit),
                fp(17),
                tw,
                display.profile == "tv",
            )
            for text in lines:
                if y + fp(17) > panel.bottom:
                    break
                model.texts.append(Text(text, (x, y), fp(17), CREAM, max_width=tw))
                y += line

    # ---- the court ----------------------------------------------------------------------
    def _court(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        viewer: int | None,
        area: pygame.Rect,
        display: Display,
        colorblind: bool,
    ) -> None:
        px, fp = display.px, display.font_px
        stacks = view["stacks"]
        inner = [s for s in stacks if s["area"] == "inner"]
        outer = [s for s in stacks if s["area"] != "inner"]
        model.boxes.append(Box(area, (10, 30, 20, 120), (201, 164, 76, 140), px(12), 2))
        label_h = fp(18) + px(8)
        model.texts.append(
            Text(
                self.instruct(
                    "Outer Court — drop a card on empty space to send it to court",
                    "Outer Court",
                ),
                (area.x + px(12), area.y + px(5)),
                fp(18),
                GOLD,
                face="serif-bold",
                max_width=area.w - px(24),
            )
        )
        # The Inner Circle's box is never narrower than its name at full size (#19: one
        # stack left in it must not cut "Inner Circle").
        title_w = width_of("Inner Circle", "serif-bold", fp(18)) + px(12)
        plan = self._widest(inner, outer, area, display, label_h, title_w)
        cw, gap, inner_box, places, badges = astuple(plan)
        ch = round(cw * 1.4)
        step = art_medici.band_height(ch) + max(1, cw // 40)
        label_px = stack_label_px(display)
        # Inner Circle box ("closed" only where it fits: the Inner Circle's name matters more)
        closed = " (closed)" if view["players"] > 2 else ""
        model.boxes.append(Box(inner_box, (40, 22, 20, 170), (*GOLD, 255), px(12), px(3)))
        model.texts.append(
            Text(
                "Inner Circle" + closed
                if width_of("Inner Circle" + closed, "serif-bold", fp(18)) <= inner_box.w - px(12)
                else "Inner Circle",
                (inner_box.centerx, inner_box.y + px(4)),
                fp(18),
                GOLD,
                "midtop",
                "serif-bold",
                max_width=inner_box.w - px(12),
                smallest=display.readable_px,
            )
        )
        pending = view["pending"].get("stack")
        values = view["values"]
        badge_h = badge_height(badges, display)
        badge_font = get_font(label_px, "sans-bold")
        # A badge may reach into the gap beside its stack (never across it) rather than shrink
        # its number: the log names stacks by number (a crowded court's narrow cards on a TV).
        reach = max(0, gap // 2 - px(2))
        for s, (x, y, wide), lines in zip(inner + outer, places, badges, strict=True):
            cards = s["cards"]
            span = wide * cw + (wide - 1) * gap
            need = max(badge_font.size(line)[0] for line in lines) + px(4)
            grow = min(max(0, need - span), 2 * reach)
            badge = pygame.Rect(x - grow // 2, y, span + grow, badge_h)
            mine = s["id"] == pending
            model.boxes.append(
                Box(badge, (20, 26, 22, 235), GOLD if mine else (201, 164, 76), px(8), 2)
            )
            number = s["id"][6:]
            line_h = (badge_h - px(4)) // len(lines)
            for k, line in enumerate(lines):
                model.texts.append(
                    Text(
                        line,
                        (badge.centerx, badge.y + px(2) + k * line_h + line_h // 2),
                        label_px,
                        GOLD if mine else CREAM,
                        "center",
                        "sans-bold",
                        max_width=badge.w - px(4),
                    )
                )
            model.tips.append((badge, f"Stack {number}: total {s['total']}"))
            y0 = badge.bottom + px(3)
            per = -(-len(cards) // wide)  # cards in each column, the stack read down then on
            for i, row in enumerate(cards):
                r = pygame.Rect(x + (i // per) * (cw + gap), y0 + (i % per) * step, cw, ch)
                model.pieces.append(
                    Piece(
                        row["card"],
                        _art(row["card"], values),
                        r,
                        z=10 + i,
                        label=card_name(row["card"]),
                    )
                )
            height = badge_h + px(3) + ch + step * max(0, per - 1)
            zone = pygame.Rect(x, y, span, height)
            model.zones.append(Zone(s["id"], zone, f"stack {s['id'][6:]}"))
            if mine:
                model.boxes.append(Box(zone.inflate(px(8), px(8)), None, GOLD, px(10), px(3)))
        model.zones.append(Zone("inner", inner_box, "the Inner Circle"))
        model.zones.append(Zone("outer", area, "the Outer Court"))

    def _widest(
        self,
        inner: list[dict],
        outer: list[dict],
        area: pygame.Rect,
        display: Display,
        label_h: int,
        title_w: int,
    ) -> _Plan:
        """The court with its cards as wide as fit (up to 118 px at 1080p): down in steps of
        8 pixels to a width that fits, then the widest fitting one of the 7 above it (a
        crowded court on a TV tries a dozen widths, not forty)."""
        top = display.px(118)
        found = None
        for cw in range(top, 23, -8):
            found = self._plan(inner, outer, area, cw, display, label_h, title_w)
            if found is not None:
                break
        if found is None:
            found = self._plan(inner, outer, area, 24, display, label_h, title_w, force=True)
            assert found is not None
            return found
        low, high = found.cw, min(top, found.cw + 7)
        while low < high:  # the widest fitting width above it
            mid = (low + high + 1) // 2
            plan = self._plan(inner, outer, area, mid, display, label_h, title_w)
            if plan is None:
                high = mid - 1
            else:
                low, found = mid, plan
        return found

    def _plan(
        self,
        inner: list[dict],
        outer: list[dict],
        area: pygame.Rect,
        cw: int,
        display: Display,
        label_h: int,
        title_w: int = 0,
        force: bool = False,
    ) -> _Plan | None:
        """The court laid out with cards ``cw`` wide, or None if it won't fit. The Inner
        Circle stands in as many columns as fit (one row of stacks), else in fewer, its stacks
        running down: a duel's dozen inner stacks need not shrink every card to one row."""
        px = display.px
        ch = round(cw * 1.4)
        step = art_medici.band_height(ch) + max(1, cw // 40)
        numbered = [(s["id"][6:], s["total"]) for s in inner + outer]
        size = stack_label_px(display)
        badges = stack_badges(numbered, size, cw - px(6))
        choices: list[tuple[int, list[tuple[str, ...]]]] = [(stack_gap(cw, display), badges)]
        if badges and len(badges[0]) > 1:
            # Badges on one line, each reaching over the gaps beside its stack, save a line
            # of every stack's height: worth wider gaps where the court is short (a TV's).
            one: list[tuple[str, ...]] = [(f"#{n}: {t}",) for n, t in numbered]
            font = get_font(size, "sans-bold")
            need = max(font.size(line[0])[0] for line in one) + px(4) - cw
            choices.insert(0, (max(choices[0][0], 2 * (-(-need // 2) + px(2))), one))
        most = max(1, len(inner))
        # The Inner Circle in one row of stacks, or two, three... (as many columns as that
        # takes): evenly filled rows, and a handful of tries rather than one per stack.
        widths = sorted({-(-most // rows) for rows in range(1, most + 1)}, reverse=True)
        for gap, lines in choices:
            court = self._court_at(area, cw, ch, step, gap, label_h, lines, display)
            if not court.roomy(inner + outer):
                continue
            for wide in widths:
                arranged = self._arrange(inner, outer, court, wide, display, title_w)
                if arranged is not None:
                    return _Plan(cw, gap, *arranged, lines)
        if not force:
            return None
        gap, lines = choices[-1]
        court = self._court_at(area, cw, ch, step, gap, label_h, lines, display)
        arranged = self._arrange(inner, outer, court, most, display, title_w, force=True)
        assert arranged is not None
        return _Plan(cw, gap, *arranged, lines)

    @staticmethod
    def _court_at(
        area: pygame.Rect,
        cw: int,
        ch: int,
        step: int,
        gap: int,
        label_h: int,
        badges: list[tuple[str, ...]],
        display: Display,
    ) -> _Court:
        """The court with cards ``cw`` by ``ch`` fanned ``step`` apart, ``gap`` between
        columns, under badges of these lines."""
        badge_h = badge_height(badges, display) + display.px(3)

        def height(stack: dict, wide: int = 1) -> int:
            """How tall ``stack`` stands over ``wide`` columns."""
            return badge_h + ch + step * max(0, -(-len(stack["cards"]) // wide) - 1)

        below = stack_gap(cw, display)  # a stack under another: the badge needs no more
        return _Court(area, cw, gap, below, area.y + label_h + display.px(4), height)

    def _arrange(
        self,
        inner: list[dict],
        outer: list[dict],
        court: _Court,
        wide: int,
        display: Display,
        title_w: int,
        force: bool = False,
    ) -> tuple[pygame.Rect, list[tuple[int, int, int]]] | None:
        """The Inner Circle box ``wide`` columns wide and every stack's place (top-left, and
        how many columns it runs over), or None if the court cannot hold them so."""
        px, fp = display.px, display.font_px
        area, cw, gap, top = court.area, court.cw, court.gap, court.top
        pad = px(10)
        head = fp(18) + px(10)
        limit = area.bottom - px(4)
        row_w = wide * cw + (wide - 1) * gap
        iw = max(row_w + 2 * pad, title_w)
        if iw > area.w - 2 * pad and not force:
            return None
        ibox = pygame.Rect(0, top, min(iw, area.w - 2 * pad), 0)
        ibox.centerx = area.centerx
        x0 = ibox.centerx - row_w // 2
        columns = [x0 + j * (cw + gap) for j in range(wide)]
        bottoms = [ibox.y + head] * wide
        places: list[tuple[int, int, int]] = []
        # The Inner Circle's stacks fill its columns from the left, each where its box is
        # emptiest, so the stacks read in order across it.
        if not court.place(inner, columns, bottoms, ibox.x, limit - pad, places, force):
            return None
        ibox.h = (
            max(bottoms) - court.below - ibox.y + pad
            if inner
            else head + court.height({"cards": [0]}) + pad
        )
        if ibox.bottom > area.bottom and not force:
            return None
        # The Outer Court: columns close beside the Inner Circle and under it; each stack
        # goes where the court is emptiest (the columns ending highest, nearest the Inner
        # Circle on a tie), so short stacks leave no row of empty room under them. A stack
        # too tall for the court's height runs on in the columns beside it, its badge over
        # them all: the cards stay as large as the court's width allows rather than as its
        # tallest stack allows.
        step = cw + gap
        left = [ibox.left - step * (j + 1) for j in range((ibox.left - area.x - pad) // step)]
        right = [
            ibox.right + gap + step * j for j in range((area.right - pad - ibox.right) // step)
        ]
        under = (ibox.w + gap) // step
        mid = [ibox.centerx - (under * step - gap) // 2 + step * j for j in range(under)]
        columns = [*left[::-1], *mid, *right]
        if not columns:
            if not force:
                return None
            columns = [area.x + pad]
        bottoms = [ibox.bottom + court.below if x in mid else top for x in columns]
        if not court.place(outer, columns, bottoms, ibox.centerx, limit, places, force):
            return None
        return ibox, places

    # ---- the viewer (bottom) ----------------------------------------------------------
    def _own(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        viewer: int | None,
        area: pygame.Rect,
        display: Display,
        names: list[str],
    ) -> None:
        px, fp = display.px, display.font_px
        colour = TEAM_COLOURS[_team(view, seat)]
        model.boxes.append(Box(area, PANEL, (*colour, 160), px(12), 2))
        players = view["players"]
        # Left: the deck (a drop zone for planning), its count, the revealed card and limit.
        cw = min(px(104), round((area.h - fp(20) - px(24)) / 1.4))
        ch = round(cw * 1.4)
        heading = f"{names[seat]} · {view['houses'][seat]}"
        # The column under the heading widens for a long name and house, so the heading
        # stands whole at its own size (#19) clear of the hand, up to a quarter of the panel.
        info_w = max(
            px(190),
            fp(17) * 9,
            min(area.w // 4, width_of(heading, "sans-bold", fp(20)) - cw + px(12)),
        )
        model.texts.append(
            Text(
                heading,
                (area.x + px(12), area.y + px(8)),
                fp(20),
                colour,
                face="sans-bold",
                max_width=info_w + cw,
            )
        )
        y0 = area.y + px(14) + fp(20)
        deck = pygame.Rect(area.x + px(12), y0, cw, ch)
        model.origins["deck"] = deck
        if view["deck_counts"][seat]:
            model.pieces.append(
                Piece(f"deck:{seat}", _back(view, seat), deck, z=1, label="your deck")
            )
        else:
            model.boxes.append(Box(deck, None, (200, 190, 160, 120), px(8), 2))
        x = deck.right + px(10)
        revealed = view["revealed"][seat]
        if revealed:
            r = pygame.Rect(x, y0, cw, ch)
            model.pieces.append(
                Piece(
                    f"revealed:{revealed}",
                    _art(revealed, view["values"]),
                    r,
                    z=2,
                    label=f"your last card: {card_name(revealed)}",
                )
            )
            x = r.right + px(10)
        if viewer == seat:
            model.zones.append(
                Zone(f"deck:{seat}", pygame.Rect(deck.x, deck.y, x - deck.x, ch), "your deck")
            )
        lines = [f"Deck {view['deck_counts'][seat]}"]
        if viewer == seat and view["my_deck_bottom"]:
            lines.append(f"planned {len(view['my_deck_bottom'])}")
        if view["limits"][seat] is not None:
            lines.append(f"Limit {view['limits'][seat]}")
        lines.append(f"Discards {len(view['discards'][seat])}")
        lines.append(f"Influence {view['points'][seat]}")
        y = y0
        for text in lines:
            model.texts.append(Text(text, (x, y), fp(17), CREAM, max_width=info_w - px(10)))
            y += fp(17) + px(4)
        left = x + info_w - px(10)
        # Right: team totals (4 players) or both players' influence (duel), every line whole at
        # its own size (#19): the panel widens for long names, up to a quarter of the table,
        # and past that a team's names wrap at the "&".
        if players > 2:
            entries = [
                ([names[s] for s in team], f": {sum(view['points'][s] for s in team)}")
                for team in view["teams"]
            ]
        else:
            entries = [([names[s]], f": {view['points'][s]}") for s in range(players)]
        panel_w = max(px(230), fp(17) * 12) if players > 2 else max(px(170), fp(17) * 9)
        widest = max(width_of(" & ".join(n) + rest, "sans-bold", fp(18)) for n, rest in entries)
        if widest + px(20) > panel_w:
            cap = max(panel_w, area.w // 4)
            if widest + px(20) > cap:
                widest = max(
                    width_of(line, "sans-bold", fp(18))
                    for n, rest in entries
                    for line in team_lines(n, rest, "sans-bold", fp(18), cap - px(20))
                )
            panel_w = min(cap, widest + px(20))
        panel = pygame.Rect(
            area.right - panel_w - px(10), area.y + px(10), panel_w, area.h - px(20)
        )
        model.boxes.append(Box(panel, (8, 16, 12, 200), (201, 164, 76, 160), px(10), 2))
        y = panel.y + px(8)
        title = "Team totals" if players > 2 else "Influence"
        model.texts.append(
            Text(
                title,
                (panel.x + px(10), y),
                fp(18),
                GOLD,
                face="serif-bold",
                max_width=panel.w - px(20),
            )
        )
        y += fp(18) + px(8)
        for t, (who, rest) in enumerate(entries):
            lines = team_lines(who, rest, "sans-bold", fp(18), panel.w - px(20))
            top = y
            for line in lines:
                model.texts.append(
                    Text(
                        line,
                        (panel.x + px(10), y),
                        fp(18),
                        TEAM_COLOURS[t % 2],
                        face="sans-bold",
                        max_width=panel.w - px(20),
                    )
                )
                y += fp(18) + px(2)
            y += px(4)
            if players > 2:
                tip = f"{' & '.join(who)}{rest} points"
                model.tips.append((pygame.Rect(panel.x, top, panel.w, y - top), tip))
        # Middle: the hand, fanned.
        fan = pygame.Rect(left, area.y + px(8), panel.x - left - px(12), area.h - px(16))
        hand = view["hands"][seat]
        count = max(5, view["hand_counts"][seat])
        hcw = min(px(118), round(fan.h / 1.4), (fan.w - (count - 1) * px(8)) // count)
        hcw = max(24, hcw)
        hch = round(hcw * 1.4)
        if hand is not None:
            cards = [(c, _art(c, view["values"])) for c in hand]
        else:
            cards = [
                (f"back:{seat}:{i}", _back(view, seat)) for i in range(view["hand_counts"][seat])
            ]
        n = len(cards)
        if n:
            step = hcw + px(8)
            if hcw + (n - 1) * step > fan.w:
                step = max(hcw // 5, (fan.w - hcw) // max(1, n - 1))
            total = hcw + (n - 1) * step
            x0 = fan.centerx - total // 2
            y = fan.y + (fan.h - hch) // 2
            playing = viewer == seat and not view["over"]
            for i, (pid, art) in enumerate(cards):
                r = pygame.Rect(x0 + i * step, y, hcw, hch)
                label = card_name(pid) if hand is not None else "a card"
                model.pieces.append(
                    Piece(pid, art, r, z=40 + i, drag=pid if playing else None, label=label)
                )
        model.origins[f"hand:{seat}"] = pygame.Rect(fan.centerx - hcw // 2, fan.y, hcw, hch)


@dataclass
class _Plan:
    """The court laid out: card width, the room between stacks, the Inner Circle's box, each
    stack's top-left and how many columns it runs over, and each stack's badge lines."""

    cw: int
    gap: int
    ibox: pygame.Rect
    places: list[tuple[int, int, int]]
    badges: list[tuple[str, ...]]


class _Court:
    """The court at one card width, for laying its stacks out in columns."""

    def __init__(
        self,
        area: pygame.Rect,
        cw: int,
        gap: int,
        below: int,
        top: int,
        height: Callable[..., int],
    ) -> None:
        self.area, self.cw, self.gap, self.top, self.height = area, cw, gap, top, height
        self.below = below  # the room between a stack and the next down its column

    def roomy(self, stacks: list[dict]) -> bool:
        """Whether the court's area could hold ``stacks`` at all, each with the room beside
        and under it (a quick refusal of a card width far too large, before laying out)."""
        need = sum((self.cw + self.gap) * (self.height(s) + self.below) for s in stacks)
        bottom = self.area.bottom
        return need <= (self.area.w + self.gap) * (bottom - self.top + self.below)

    def spot(
        self, stack: dict, columns: list[int], bottoms: list[int], centre: int, limit: int
    ) -> tuple[int, int] | None:
        """Where ``stack`` goes among ``columns`` ending at ``bottoms``: (first column, how
        many it runs over), the fewest columns it fits in ending above ``limit``, the highest
        spot there, nearest ``centre`` on a tie; None if it fits nowhere."""
        count, cw = len(columns), self.cw
        for wide in range(1, min(count, max(1, len(stack["cards"]))) + 1):
            fits = [
                (max(bottoms[j : j + wide]), abs(columns[j] + (wide * cw) // 2 - centre), j)
                for j in range(count - wide + 1)
                if columns[j + wide - 1] - columns[j] == (wide - 1) * (cw + self.gap)
                and max(bottoms[j : j + wide]) + self.height(stack, wide) <= limit
            ]
            if fits:
                return min(fits)[2], wide
        return None

    def place(
        self,
        stacks: list[dict],
        columns: list[int],
        bottoms: list[int],
        centre: int,
        limit: int,
        places: list[tuple[int, int, int]],
        force: bool = False,
    ) -> bool:
        """Add each of ``stacks`` to ``places`` in turn (:meth:`spot`), the columns'
        ``bottoms`` moving down under it; False as soon as one fits nowhere, or ``force``,
        at the end (it is put where the columns end highest, so a forced layout shows it)."""
        whole = True
        for stack in stacks:
            spot = self.spot(stack, columns, bottoms, centre, limit)
            if spot is None:
                if not force:
                    return False
                whole = False
                spot = (min(range(len(columns)), key=lambda j: bottoms[j]), 1)
            j, wide = spot
            y = max(bottoms[j : j + wide])
            places.append((columns[j], y, wide))
            for k in range(j, j + wide):
                bottoms[k] = y + self.height(stack, wide) + self.below
        return whole


__all__ = ["MediciLayout"]
