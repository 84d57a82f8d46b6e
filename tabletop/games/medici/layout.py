"""Court of the Medici at the table: the Inner Circle in the middle, the Outer Court around it.

Every stack is fanned downwards so each card's top band (value and title) stays readable, with
its number (the log names stacks by it) and total on a badge above it. Drop a hand card on a
stack to build, on empty court space to send it to court, on your deck to plan for the future.
After a build that matches other stacks, those stacks are clickable zones (they light up) and
"Don't conspire" is a button.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import pygame

from rules import Event, Outcome
from rules.medici import FACE, HOUSES, card_name
from tabletop.display import TARGET, Display
from tabletop.fonts import get_font
from tabletop.layouts.base import Layout
from tabletop.table.marks import seat_tags, tag_box
from tabletop.table.model import Box, Piece, Recap, TableModel, Text, Zone
from tabletop.ui.palette import CREAM, DECK_OUTLINE, GOLD, GOLD_DEEP, PANEL
from tabletop.ui.text import wrap_text

from .court_plan import (
    MIN_STACK_LABEL_PX,
    Heading,
    Names,
    NameSpot,
    Plan,
    arrange,
    badge_gap,
    badge_height,
    badge_rows,
    court_at,
    fan_step,
    stack_gap,
    stack_label_px,
    title_top,
)
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


def stack_badges(stacks: list[tuple[str, int]], size: int, width: int) -> list[tuple[str, ...]]:
    """The badge lines of stacks given as (number, total), ``width`` pixels wide at ``size``:
    "12: total 10" or "#12: 10" on one line, or when a stack is too narrow for that, the
    number over the total on two lines. One style for every badge on the table, always at
    ``size``: the number never shrinks (the log names stacks by number)."""

    def fits(*texts: str) -> bool:
        return all(width_of(text, "sans-bold", size) <= width for text in texts)

    for style in ("{n}: total {t}", "#{n}: {t}"):
        lines: list[tuple[str, ...]] = [(style.format(n=n, t=t),) for n, t in stacks]
        if fits(*(line[0] for line in lines)):
            return lines
    return [(f"#{n}", str(t)) if fits(f"#{n}", str(t)) else (n, str(t)) for n, t in stacks]


def chip_width(number: str, total: str, size: int, pad: int) -> tuple[int, int]:
    """The widths of a chip badge's two cells at ``size``: the number's and the total's."""
    return (
        width_of(number, "sans-bold", size) + 2 * pad,
        width_of(total, "sans-bold", size) + 2 * pad,
    )


def chip_badges(
    stacks: list[tuple[str, int]], size: int, width: int, pad: int
) -> tuple[list[tuple[str, ...]], list[int]] | None:
    """Badges as chips ``width`` pixels wide at ``size``: the number in a gold cell (which
    marks it as the number: no "#") beside the total on one line, or over it where that chip
    is too wide; with each chip's count of lines. None if a number or total is too wide even
    alone. A TV's badges at its body size take two lines as text, a chip one."""
    chips: list[tuple[str, ...]] = [(n, str(t)) for n, t in stacks]
    cells = [chip_width(n, t, size, pad) for n, t in chips]
    if any(max(c) > width for c in cells):
        return None
    return chips, [1 if sum(c) <= width else 2 for c in cells]


@lru_cache(maxsize=8)
def _heading(name: str, display: Display) -> Heading:
    """The Outer Court's ``name`` as a TV sets it in the court's empty room (whole words, at
    its own size)."""
    fp = display.font_px
    font = get_font(fp(18), "serif-bold")
    # The least width that holds it on one line, two, ... (a greedy wrap takes no more lines
    # at a larger width): a build asks for many widths, each then a look-up.
    least: list[int] = []
    low = max(font.size(word)[0] for word in name.split())
    while not least or least[-1] > low:
        lines = len(least) + 1
        high = least[-1] if least else font.size(name)[0]
        while low < high:  # the least width taking ``lines`` lines or fewer
            mid = (low + high) // 2
            low, high = (mid + 1, high) if len(wrap_text(name, font, mid)) > lines else (low, mid)
        least.append(high)
        low = max(font.size(word)[0] for word in name.split())

    def count(width: int) -> int:
        return next((k + 1 for k, w in enumerate(least) if w <= width), 0)

    step = fp(18) + display.frame_px(2)
    return Heading(count, font.get_height(), step, display.px(12), display.frame_px(5))


def _chip_pad(display: Display) -> int:
    """The room each side of a chip's number and total: little, so a chip at the TV's body
    size leaves its card's corner to a last-move tag (the number's gold cell sets it apart)."""
    return display.frame_px(3)


def _reach(gap: int, corner: int, display: Display) -> int:
    """How far a badge clear of its card's top-right corner may reach into the ``gap`` at
    its left: not to the middle (the badge of the stack beside it may reach there), nor to
    the tag on the corner of a card there (as wide as ``corner``, centred on its corner);
    less than nothing where that tag reaches over the badge's own card. (``corner`` is the
    tag's half and a little room, and the tag reaches as far past its card's edge.)"""
    return min(gap // 2 - display.px(2), gap - corner + display.px(2) - 1)


def _corner(names: Sequence[str], display: Display) -> int:
    """The width the seats' last-move tags take at a card's top-right corner, and a little
    room beside them."""
    card = pygame.Rect(0, 0, 100, 140)
    tags = seat_tags(names)
    return max(card.right - tag_box(card, tag, display).left for tag in tags) + display.px(2)


#: The rows the viewer's figures take on a TV: two columns of them (up to five figures).
_FIGURE_ROWS = 3


class MediciLayout(Layout):
    game_id = "medici"

    def __init__(self) -> None:
        super().__init__()
        #: The badge choices of each card width the court's build tries.
        self._choices: dict[int, list[tuple[int, list[tuple[str, ...]], list[int] | None]]] = {}
        #: The court plans of the last few court shapes laid out.
        self._plans: dict[tuple, Plan] = {}

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
        model = TableModel()
        players = view["players"]
        me = viewer if viewer is not None else 0
        rivals = [(me + i) % players for i in range(1, players)]
        top, court, action, hand = self._frame(view, rivals, rect, display, names)
        model.action_area = action
        self._rivals(model, view, rivals, top, display, names)
        self._court(model, view, court, display, _corner(names, display))
        self._own(model, view, me, viewer, hand, display, names)
        if view["over"]:
            model.texts.append(
                Text("Game over", action.center, display.font_px(30), GOLD, "center", "serif-bold")
            )
        return model

    def _frame(
        self,
        view: Mapping[str, Any],
        rivals: list[int],
        rect: pygame.Rect,
        display: Display,
        names: list[str],
    ) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """The table's four bands, top to bottom: the rivals' panels, the court, the action
        strip and the viewer's panel. The spacing between them is the desktop's on a TV too
        (its height goes to the court's cards)."""
        px, frame = display.px, display.frame_px
        margin = px(16)
        # The rivals' panels: as tall as their labels need (on a TV, no taller: its court is
        # short enough), never under the desktop's three lines of figures.
        floor = (px(104), display.font_px(22) + 3 * display.font_px(17) + px(20))
        top_h = max(
            *(floor if display.profile != "tv" else (frame(104),)),
            self._rivals_height(view, rivals, rect.w - 2 * margin, display, names),
        )
        hand_h = self._hand_height(view, names, rect, display)
        act_h = self._action_height(display)
        width = rect.w - 2 * margin
        top = pygame.Rect(rect.x + margin, rect.y + frame(6), width, top_h)
        hand = pygame.Rect(rect.x + margin, rect.bottom - hand_h - frame(6), width, hand_h)
        action = pygame.Rect(rect.x + margin, hand.y - act_h, width, act_h)
        court = pygame.Rect(rect.x + margin, top.bottom + frame(8), width, 0)
        court.h = action.y - court.y - frame(4)
        return top, court, action, hand

    @staticmethod
    def _action_height(display: Display) -> int:
        """The action strip: on a TV just tall enough for a row of its buttons (the court's
        cards are what the rest of the height is for)."""
        px, fp = display.px, display.font_px
        if display.profile != "tv":
            return max(px(58), fp(22) + px(20))
        return max(px(44), fp(22) + px(16), TARGET + 4) + display.frame_px(4)

    @staticmethod
    def _hand_height(
        view: Mapping[str, Any], names: list[str], rect: pygame.Rect, display: Display
    ) -> int:
        """How tall the viewer's panel stands: up to a quarter of the table. On a TV no
        taller than its labels need at the body size (the figures beside the deck in two
        columns; each team's total on the lines it takes) and its hand's cards need to be at
        least the desktop's: the rest goes to the court, whose cards are the TV's reason to
        be larger."""
        px, fp, frame = display.px, display.font_px, display.frame_px
        most = min(px(196), rect.h // 4)
        if display.profile != "tv":
            return most
        cards = round(frame(118) * 1.4) + px(16)
        figures = px(14) + fp(20) + _FIGURE_ROWS * (fp(17) + px(4)) + px(8)
        entries = MediciLayout._total_entries(view, names, "888")
        cap = MediciLayout._totals_cap(view["players"], rect.w - 2 * px(16), display) - px(20)
        rows = sum(len(team_lines(n, rest, "sans-bold", fp(18), cap)) for n, rest in entries)
        totals = 2 * px(10) + px(8) + fp(18) + px(8) + rows * (fp(18) + px(2)) + 2 * px(4)
        return min(most, max(cards, figures, totals))

    @staticmethod
    def _total_entries(
        view: Mapping[str, Any], names: list[str], points: str | None = None
    ) -> list[tuple[list[str], str]]:
        """The totals panel's entries: each team's names and ": total" (4 players), or each
        player's (a duel); ``points`` stands in for every total (to measure the widest)."""

        def total(seats: Sequence[int]) -> str:
            return points or str(sum(view["points"][s] for s in seats))

        if view["players"] > 2:
            return [([names[s] for s in team], f": {total(team)}") for team in view["teams"]]
        return [([names[s]], f": {total([s])}") for s in range(view["players"])]

    @staticmethod
    def _totals_width(players: int, display: Display) -> int:
        """The totals panel's width before long names widen it."""
        px, fp = display.px, display.font_px
        return max(px(230), fp(17) * 12) if players > 2 else max(px(170), fp(17) * 9)

    @staticmethod
    def _totals_cap(players: int, area_w: int, display: Display) -> int:
        """The widest the totals panel grows for long names: a quarter of the viewer's panel
        (past that a team's names wrap at the "&")."""
        return max(MediciLayout._totals_width(players, display), area_w // 4)

    # ---- rivals (top) -----------------------------------------------------------------
    @staticmethod
    def _rival_width(area_w: int, count: int, display: Display) -> int:
        return (area_w - display.px(12) * (count - 1)) // max(1, count)

    @staticmethod
    def _thumbs(display: Display) -> tuple[int, int]:
        """A rival's cards in its panel, (width, how many): its deck and shown card on the
        desktop; on a TV the shown card alone at the desktop's size (its deck is a figure
        there), leaving the figures the width for fewer lines and the court more height."""
        if display.profile == "tv":
            return display.frame_px(56), 1
        return display.px(56), 2

    @staticmethod
    def _beside_room(w: int, display: Display) -> int:
        """The width a rival's panel ``w`` wide leaves beside its cards."""
        thumb, count = MediciLayout._thumbs(display)
        return w - count * (thumb + display.px(8)) - 2 * display.px(8)

    @staticmethod
    def _headings_height(headings: dict[int, list[str]], display: Display) -> int:
        """How tall the rivals' headings stand across the panels' tops (the most lines)."""
        step = display.font_px(22) + display.frame_px(2)
        return max(len(v) for v in headings.values()) * step + display.frame_px(4)

    @staticmethod
    def _rival_headings(
        view: Mapping[str, Any], seats: list[int], names: list[str], w: int, display: Display
    ) -> tuple[bool, dict[int, list[str]]]:
        """Each rival's name and house, and whether the headings run across the panels' tops
        (True) or beside the cards (the desktop's look). Beside, where every "Name · House"
        stands whole there at its own size with a shown card (so nothing jumps in play);
        else across the top, on a second line (the house) only where even that is too
        narrow (on the TV, labels are at the body size, never cut)."""
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
        short = figure_lines([*groups, [f"Limit {limit}"]], "sans", size, room, packed)
        if packed:  # a TV's panel: the limit beside the hand and deck where that saves a line
            beside = [[*groups[0], f"Limit {limit}"], groups[1]]
            fewer = figure_lines(beside, "sans", size, room, packed)
            if len(fewer) < len(lines):
                return fewer
        if lines[-1].endswith(long) and width_of(long, "sans", size) <= room:
            return lines
        return short

    def _rivals_height(
        self,
        view: Mapping[str, Any],
        seats: list[int],
        area_w: int,
        display: Display,
        names: list[str],
    ) -> int:
        """How tall the rivals' panels must be for every label to stand whole at its own size
        (on the TV, labels are at the body size), with a shown card, a limit and wide
        numbers: the court's size never changes in play."""
        fp, frame = display.font_px, display.frame_px
        w = self._rival_width(area_w, len(seats), display)
        across, headings = self._rival_headings(view, seats, names, w, display)
        room = self._beside_room(w, display)
        tv = display.profile == "tv"
        figures = len(self._rival_figures("8", "88", "888", "88", "88", fp(17), room, tv))
        figures_h = figures * (fp(17) + frame(4)) - frame(4)
        head_h = self._headings_height(headings, display)
        if across:
            thumb_h = round(self._thumbs(display)[0] * 1.4)
            return head_h + max(figures_h, thumb_h) + 2 * frame(8)
        return head_h + figures_h + 2 * frame(8)

    def _rivals(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seats: list[int],
        area: pygame.Rect,
        display: Display,
        names: list[str],
    ) -> None:
        px = display.px
        w = self._rival_width(area.w, len(seats), display)
        across, headings = self._rival_headings(view, seats, names, w, display)
        # Across: the headings' lines over the cards and figures, in every panel alike.
        head_h = self._headings_height(headings, display) if across else 0
        for i, seat in enumerate(seats):
            panel = pygame.Rect(area.x + i * (w + px(12)), area.y, w, area.h)
            colour = TEAM_COLOURS[_team(view, seat)]
            model.boxes.append(Box(panel, PANEL, (*colour, 160), px(10), 2))
            y = panel.y + display.frame_px(8)
            if across:
                at = (panel.x + px(8), y)
                self._lines(model, headings[seat], at, colour, display, True, w - 2 * px(8))
            body = pygame.Rect(panel.x, panel.y + head_h, panel.w, panel.h - head_h)
            x = self._rival_cards(model, view, seat, body, across, display)
            y = body.y + display.frame_px(8)
            tw = panel.right - x - px(8)
            if not across:
                y = self._lines(model, headings[seat], (x, y), colour, display, True, tw)
                y += display.frame_px(4)
            self._rival_lines(model, view, seat, (x, y), panel, display)

    @staticmethod
    def _lines(
        model: TableModel,
        lines: list[str],
        at: tuple[int, int],
        colour: tuple[int, int, int],
        display: Display,
        heading: bool,
        width: int,
    ) -> int:
        """A rival's heading (``heading``) or figure lines from ``at`` down, ``width`` wide at
        most; where they end."""
        fp, frame = display.font_px, display.frame_px
        size, face = (fp(22), "sans-bold") if heading else (fp(17), "sans")
        x, y = at
        for text in lines:
            model.texts.append(Text(text, (x, y), size, colour, face=face, max_width=width))
            y += size + (frame(2) if heading else frame(4))
        return y

    def _rival_cards(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        body: pygame.Rect,
        across: bool,
        display: Display,
    ) -> int:
        """A rival's deck (where its drawn cards come from; a figure only on a TV) and shown
        card, at the left of its panel's ``body``; where the figures start, across."""
        px = display.px
        thumb, count = self._thumbs(display)
        cw = max(24, min(thumb, round((body.h - px(14)) / 1.4)))
        ch = round(cw * 1.4)
        deck = pygame.Rect(body.x + px(8), body.y + (body.h - ch) // 2, cw, ch)
        if across:
            deck.y = body.y + display.frame_px(8)
        model.origins[f"hand:{seat}"] = deck
        x = deck.x
        if count > 1:
            if view["deck_counts"][seat]:
                model.pieces.append(
                    Piece(f"deck:{seat}", _back(view, seat), deck, z=1, label="their deck")
                )
            else:
                model.boxes.append(Box(deck, None, (*DECK_OUTLINE, 120), px(6), 2))
            x = deck.right + px(8)
        revealed = view["revealed"][seat]
        if revealed:
            r = pygame.Rect(x, deck.y, cw, ch)
            label = f"last card: {card_name(revealed)}"
            model.pieces.append(
                Piece(f"revealed:{revealed}", _art(revealed, view["values"]), r, z=2, label=label)
            )
        return x + cw + px(8) if revealed else x

    def _rival_lines(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        at: tuple[int, int],
        panel: pygame.Rect,
        display: Display,
    ) -> None:
        """A rival's figures from ``at`` down, as many lines as its panel holds."""
        fp = display.font_px
        x, y = at
        tw = panel.right - x - display.px(8)
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
        step = fp(17) + display.frame_px(4)
        shown = max(0, (panel.bottom - y - fp(17)) // step + 1)
        self._lines(model, lines[:shown], (x, y), CREAM, display, False, tw)

    # ---- the court ----------------------------------------------------------------------
    def _court(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        area: pygame.Rect,
        display: Display,
        corner: int,
    ) -> None:
        """The court in ``area``: its name, the Inner Circle's box, each stack under its badge
        (which leaves ``corner`` pixels at its card's top right to a last-move tag)."""
        px, fp = display.px, display.font_px
        stacks = view["stacks"]
        inner = [s for s in stacks if s["area"] == "inner"]
        outer = [s for s in stacks if s["area"] != "inner"]
        model.boxes.append(Box(area, (10, 30, 20, 120), (*GOLD_DEEP, 140), px(12), 2))
        name = self.instruct(
            "Outer Court — drop a card on empty space to send it to court", "Outer Court"
        )
        label_h = fp(18) + display.frame_px(8)
        # The Inner Circle's box is never narrower than its name at full size (one stack left
        # in it must not cut "Inner Circle").
        title_w = width_of("Inner Circle", "serif-bold", fp(18)) + px(12)
        # The same court (stacks' sizes and totals, area, display and name) is laid out once:
        # a hand-over or a resize back builds the table again without a move.
        shape = (
            tuple((s["id"], s["area"], len(s["cards"]), s["total"]) for s in stacks),
            tuple(area),
            display,
            name,
            corner,
        )
        plan = self._plans.get(shape)
        if plan is None:
            heading = _heading(name, display) if display.profile == "tv" else None
            names = Names(label_h, title_w, heading, corner)
            plan = self._widest(inner, outer, area, display, names)
            if len(self._plans) >= 16:
                self._plans.pop(next(iter(self._plans)))
            self._plans[shape] = plan
        plan = dataclasses.replace(plan, ibox=plan.ibox.copy())
        self._court_name(model, name, area, plan.name, display)
        self._inner_box(model, view, plan.ibox, display)
        rows = badge_rows(plan.badges, plan.chips)
        pending = view["pending"].get("stack")
        for s, place, lines, n in zip(inner + outer, plan.places, plan.badges, rows, strict=True):
            badge_h = badge_height(n, display)
            self._stack(model, view, s, place, lines, plan, badge_h, s["id"] == pending, display)
        model.zones.append(Zone("inner", plan.ibox, "the Inner Circle"))
        model.zones.append(Zone("outer", area, "the Outer Court"))

    @staticmethod
    def _court_name(
        model: TableModel, name: str, area: pygame.Rect, spot: NameSpot | None, display: Display
    ) -> None:
        """The Outer Court's name (and what to drop there): across the court's top, or where
        a TV's plan sets it (``spot``), wrapped whole at its size."""
        px, fp = display.px, display.font_px
        x, y, room = area.x + px(12), area.y + display.frame_px(5), area.w - px(24)
        lines = [name]
        if spot is not None:
            x, y, room = spot
            lines = wrap_text(name, get_font(fp(18), "serif-bold"), room, strict=True) or lines
        for k, line in enumerate(lines):
            at = (x, y + k * (fp(18) + display.frame_px(2)))
            model.texts.append(Text(line, at, fp(18), GOLD, face="serif-bold", max_width=room))

    @staticmethod
    def _inner_box(
        model: TableModel, view: Mapping[str, Any], box: pygame.Rect, display: Display
    ) -> None:
        """The Inner Circle's box and name ("closed" only where it fits: the name matters
        more)."""
        px, fp = display.px, display.font_px
        closed = " (closed)" if view["players"] > 2 else ""
        model.boxes.append(Box(box, (40, 22, 20, 170), (*GOLD, 255), px(12), px(3)))
        whole = width_of("Inner Circle" + closed, "serif-bold", fp(18)) <= box.w - px(12)
        model.texts.append(
            Text(
                "Inner Circle" + closed if whole else "Inner Circle",
                (box.centerx, box.y + title_top(display)),
                fp(18),
                GOLD,
                "midtop",
                "serif-bold",
                max_width=box.w - px(12),
                smallest=display.readable_px,
            )
        )

    @staticmethod
    def _stack(
        model: TableModel,
        view: Mapping[str, Any],
        s: dict,
        place: tuple[int, int, int],
        lines: tuple[str, ...],
        plan: Plan,
        badge_h: int,
        mine: bool,
        display: Display,
    ) -> None:
        """One stack: its badge (number and total) over its cards fanned down one column or
        more, the stack's zone, and the gold ring of the stack just built on."""
        px, cw, gap = display.px, plan.cw, plan.gap
        x, y, wide = place
        span = wide * cw + (wide - 1) * gap
        badge = MediciLayout._badge(model, lines, plan, (x, y, span), badge_h, mine, display)
        model.tips.append((badge, f"Stack {s['id'][6:]}: total {s['total']}"))
        cards, ch, step = s["cards"], round(cw * 1.4), fan_step(cw)
        y0 = badge.bottom + badge_gap(display)
        per = -(-len(cards) // wide)  # cards in each column, the stack read down then on
        for i, row in enumerate(cards):
            r = pygame.Rect(x + (i // per) * (cw + gap), y0 + (i % per) * step, cw, ch)
            art = _art(row["card"], view["values"])
            model.pieces.append(Piece(row["card"], art, r, z=10 + i, label=card_name(row["card"])))
        zone = pygame.Rect(x, y, span, badge_h + badge_gap(display) + ch + step * (per - 1))
        model.zones.append(Zone(s["id"], zone, f"stack {s['id'][6:]}"))
        if mine:
            model.boxes.append(Box(zone.inflate(px(8), px(8)), None, GOLD, px(10), px(3)))

    @staticmethod
    def _badge(
        model: TableModel,
        lines: tuple[str, ...],
        plan: Plan,
        place: tuple[int, int, int],
        badge_h: int,
        mine: bool,
        display: Display,
    ) -> pygame.Rect:
        """A stack's badge over ``place`` (left, top and width): its lines, or as a chip its
        number in a gold cell beside its total. Returns its rect."""
        px, gap = display.px, plan.gap
        x, y, span = place
        size = stack_label_px(display)
        pad = _chip_pad(display)
        cells = chip_width(lines[0], lines[1], size, pad) if plan.chips is not None else (0, 0)
        one = plan.chips is not None and len(lines) == 2 and badge_h < badge_height(2, display)
        if plan.chips is not None:
            need = (sum(cells) if one else max(cells)) + px(4)
        else:
            need = max(width_of(line, "sans-bold", size) for line in lines) + px(4)
        # Clear of the card's top-right corner (a last-move tag's) where it fits so, reaching
        # into the gap at its left; else over the stack, reaching into the gaps beside it
        # (never across them) rather than shrink its number: the log names stacks by number.
        widest = plan.cw - plan.corner + _reach(gap, plan.corner, display)
        if need <= widest:
            width = max(need, min(widest, plan.cw - plan.corner))
            badge = pygame.Rect(x + plan.cw - plan.corner - width, y, width, badge_h)
        else:
            grow = min(max(0, need - span), 2 * max(0, gap // 2 - px(2)))
            badge = pygame.Rect(x - grow // 2, y, span + grow, badge_h)
        edge = GOLD if mine else GOLD_DEEP
        model.boxes.append(Box(badge, (20, 26, 22, 235), edge, px(8), 2))
        colour = GOLD if mine else CREAM
        if plan.chips is not None:
            inside = badge.inflate(-px(4), -px(4))
            # One line: the number's cell at the left, the full height of the badge (its
            # line no taller than the digits' ink on a TV), the total in the rest; two: the
            # number's cell across the top, the total under it.
            cell = pygame.Rect(badge.x, badge.y, cells[0] + px(2), badge.h)
            if not one:
                cell = pygame.Rect(inside.x, inside.y, inside.w, inside.h // 2)
            rest = pygame.Rect(inside.topleft, inside.size)
            if one:
                rest.x, rest.w = cell.right, inside.right - cell.right
            else:
                rest.y, rest.h = cell.bottom, inside.bottom - cell.bottom
            model.boxes.append(Box(cell, edge, None, px(6), 0))
            for text, room, ink in ((lines[0], cell, (20, 26, 22)), (lines[1], rest, colour)):
                model.texts.append(
                    Text(text, room.center, size, ink, "center", "sans-bold", max_width=room.w)
                )
            return badge
        line_h = (badge_h - px(4)) // len(lines)
        for k, line in enumerate(lines):
            at = (badge.centerx, badge.y + px(2) + k * line_h + line_h // 2)
            model.texts.append(
                Text(line, at, size, colour, "center", "sans-bold", max_width=badge.w - px(4))
            )
        return badge

    def _widest(
        self,
        inner: list[dict],
        outer: list[dict],
        area: pygame.Rect,
        display: Display,
        names: Names,
    ) -> Plan:
        """The court with its cards as wide as fit (up to 118 px at 1080p), each stack down
        one column: down in steps of 8 pixels to a width that fits, then the widest fitting
        one of the 7 above it (a crowded court on a TV tries a dozen widths, not forty). On
        a TV, then a few widths above that with tall stacks running over more columns."""
        top = display.px(118)
        found = None
        self._choices.clear()
        for cw in range(top, 23, -8):
            found = self._plan(inner, outer, area, cw, display, names)
            if found is not None:
                break
        if found is None:
            found = self._plan(inner, outer, area, 24, display, names, force=True)
            assert found is not None
            return found
        high = min(top, found.cw + 7)
        found = self._wider(inner, outer, area, found, high, display, names, (0,))
        if display.profile != "tv":
            return found
        # Tall stacks over more columns only where the court is short: its tries cost most.
        high = min(top, found.cw + display.px(12))
        return self._wider(inner, outer, area, found, high, display, names, (3, 2))

    def _wider(
        self,
        inner: list[dict],
        outer: list[dict],
        area: pygame.Rect,
        found: Plan,
        high: int,
        display: Display,
        names: Names,
        caps: tuple[int, ...],
    ) -> Plan:
        """The widest plan from ``found``'s card width up to ``high`` (halving the range)."""
        low = found.cw
        while low < high:
            mid = (low + high + 1) // 2
            plan = self._plan(inner, outer, area, mid, display, names, caps=caps)
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
        names: Names,
        force: bool = False,
        caps: tuple[int, ...] = (0,),
    ) -> Plan | None:
        """The court laid out with cards ``cw`` wide, or None if it won't fit. The Inner
        Circle stands in as many columns as fit (one row of stacks), else in fewer, its stacks
        running down: a duel's dozen inner stacks need not shrink every card to one row."""
        if cw not in self._choices:  # a width tried again with more columns
            self._choices[cw] = self._badge_choices(inner + outer, cw, names.corner, display)
        choices = self._choices[cw]
        most = max(1, len(inner))
        # The Inner Circle in one row of stacks, or two, three... (as many columns as that
        # takes): evenly filled rows, and a handful of tries rather than one per stack.
        widths = sorted({-(-most // rows) for rows in range(1, most + 1)}, reverse=True)
        # Stacks running over two columns each, the Inner Circle may take twice as many.
        spread = sorted({*widths, *(2 * w for w in widths)}, reverse=True)
        ids = [s["id"] for s in inner + outer]
        for cap in caps:
            # Stacks over more columns with the badges' first choice only: its tries cost most.
            for gap, lines, chips in choices[:1] if cap else choices:
                rows = dict(zip(ids, badge_rows(lines, chips), strict=True))
                court = court_at(area, cw, gap, names, rows, display, cap)
                if not court.roomy(inner + outer):
                    continue
                for wide in spread if cap else widths:
                    arranged = arrange(inner, outer, court, wide, display, names.title_w)
                    if arranged is not None:
                        ibox, places, spot = arranged
                        return Plan(cw, gap, ibox, places, lines, chips, spot, names.corner)
        if not force:
            return None
        gap, lines, chips = choices[-1]
        rows = dict(zip(ids, badge_rows(lines, chips), strict=True))
        court = court_at(area, cw, gap, names, rows, display)
        arranged = arrange(inner, outer, court, most, display, names.title_w, force=True)
        assert arranged is not None
        ibox, places, spot = arranged
        return Plan(cw, gap, ibox, places, lines, chips, spot, names.corner)

    @staticmethod
    def _badge_choices(
        stacks: list[dict], cw: int, corner: int, display: Display
    ) -> list[tuple[int, list[tuple[str, ...]], list[int] | None]]:
        """The gaps between stacks and badges a court of cards ``cw`` wide may take (each
        with their chips' lines if chips): every badge on one line clear of the ``corner``
        a last-move tag takes at its card's top right (as text, or on a TV as chips, the
        number in a cell beside the total) where they fit so; else the badges as wide as the
        cards; where those take two lines, on a TV its chips if they fit, else first the
        badges on one line reaching over wider gaps (a line of every stack's height saved:
        worth it where the court is short, a TV's)."""
        px = display.px
        numbered = [(s["id"][6:], s["total"]) for s in stacks]
        size = stack_label_px(display)
        gap = stack_gap(cw, display)
        reach = _reach(gap, corner, display)
        clear = stack_badges(numbered, size, cw - corner + reach - px(4))
        if not clear or len(clear[0]) == 1:
            return [(gap, clear, None)]
        if display.profile == "tv":
            # Chips on one line: every one clear of the corner, else each that fits so (the
            # widest, a three-figure total, over it).
            full = cw + 2 * max(0, gap // 2 - px(2)) - px(4)
            for room in (cw - corner + reach - px(4), full):
                chips = chip_badges(numbered, size, room, _chip_pad(display))
                if chips is not None and max(chips[1]) == 1:
                    return [(gap, *chips)]
        badges = stack_badges(numbered, size, cw - px(6))
        choices: list[tuple[int, list[tuple[str, ...]], list[int] | None]] = [(gap, badges, None)]
        if len(badges[0]) == 1:
            return choices
        one: list[tuple[str, ...]] = [(f"#{n}: {t}",) for n, t in numbered]
        need = max(width_of(line[0], "sans-bold", size) for line in one) + px(4) - cw
        choices.insert(0, (max(gap, 2 * (-(-need // 2) + px(2))), one, None))
        if display.profile == "tv":
            room = cw + 2 * max(0, gap // 2 - px(2)) - px(4)
            chips = chip_badges(numbered, size, room, _chip_pad(display))
            if chips is not None:  # no taller than two lines of text: those need no try
                return [(gap, *chips), choices[0]]
        return choices

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
        """The viewer's panel: their deck, shown card and figures at the left, the totals at
        the right, the hand fanned between."""
        px = display.px
        colour = TEAM_COLOURS[_team(view, seat)]
        model.boxes.append(Box(area, PANEL, (*colour, 160), px(12), 2))
        left = self._own_info(model, view, seat, viewer, area, display, names)
        panel = self._own_totals(model, view, area, display, names)
        fan = pygame.Rect(left, area.y + px(8), panel.x - left - px(12), area.h - px(16))
        self._own_hand(model, view, seat, viewer, fan, display)

    def _own_info(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        viewer: int | None,
        area: pygame.Rect,
        display: Display,
        names: list[str],
    ) -> int:
        """The viewer's heading over their deck (a drop zone for planning), shown card and
        figures; where the hand may start, across."""
        px, fp = display.px, display.font_px
        cw = min(px(104), round((area.h - fp(20) - px(24)) / 1.4))
        ch = round(cw * 1.4)
        heading = f"{names[seat]} · {view['houses'][seat]}"
        # The column under the heading widens for a long name and house, so the heading
        # stands whole at its own size clear of the hand, up to a quarter of the panel (and
        # what a deck smaller than the desktop's leaves, a TV's short panel).
        info_w = max(
            px(190),
            fp(17) * 9,
            min(area.w // 4 + px(104) - cw, width_of(heading, "sans-bold", fp(20)) - cw + px(12)),
        )
        colour = TEAM_COLOURS[_team(view, seat)]
        at = (area.x + px(12), area.y + px(8))
        model.texts.append(
            Text(heading, at, fp(20), colour, face="sans-bold", max_width=info_w + cw)
        )
        y0 = area.y + px(14) + fp(20)
        deck = pygame.Rect(area.x + px(12), y0, cw, ch)
        model.origins["deck"] = deck
        if view["deck_counts"][seat]:
            model.pieces.append(
                Piece(f"deck:{seat}", _back(view, seat), deck, z=1, label="your deck")
            )
        else:
            model.boxes.append(Box(deck, None, (*DECK_OUTLINE, 120), px(8), 2))
        x = deck.right + px(10)
        revealed = view["revealed"][seat]
        if revealed:
            r = pygame.Rect(x, y0, cw, ch)
            label = f"your last card: {card_name(revealed)}"
            model.pieces.append(
                Piece(f"revealed:{revealed}", _art(revealed, view["values"]), r, z=2, label=label)
            )
            x = r.right + px(10)
        if viewer == seat:
            zone = pygame.Rect(deck.x, deck.y, x - deck.x, ch)
            model.zones.append(Zone(f"deck:{seat}", zone, "your deck"))
        lines = [f"Deck {view['deck_counts'][seat]}"]
        if viewer == seat and view["my_deck_bottom"]:
            lines.append(f"planned {len(view['my_deck_bottom'])}")
        if view["limits"][seat] is not None:
            lines.append(f"Limit {view['limits'][seat]}")
        lines.append(f"Discards {len(view['discards'][seat])}")
        lines.append(f"Influence {view['points'][seat]}")
        return self._own_figures(model, lines, (x, y0), info_w, display)

    @staticmethod
    def _own_figures(
        model: TableModel,
        lines: list[str],
        at: tuple[int, int],
        info_w: int,
        display: Display,
    ) -> int:
        """The viewer's figures from ``at`` down, in a column ``info_w`` wide; on a TV in two
        columns (as wide as the widest figures ever are), so its panel is shorter and its
        court taller. Where the figures end, across."""
        px, fp = display.px, display.font_px
        x, y0 = at
        col_w, rows = info_w - px(10), len(lines)
        if display.profile == "tv":
            stand_ins = ("Influence 888", "Discards 88", "planned 88", "Limit 88", "Deck 88")
            col_w = max(width_of(t, "sans", fp(17)) for t in stand_ins) + px(12)
            col_w = max(col_w, (info_w - px(10)) // 2)
            rows = _FIGURE_ROWS
        for i, text in enumerate(lines):
            spot = (x + (i // rows) * col_w, y0 + (i % rows) * (fp(17) + px(4)))
            model.texts.append(Text(text, spot, fp(17), CREAM, max_width=col_w - px(6)))
        return x + max(info_w - px(10), -(-len(lines) // rows) * col_w)

    def _own_totals(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        area: pygame.Rect,
        display: Display,
        names: list[str],
    ) -> pygame.Rect:
        """Team totals (4 players) or both players' influence (a duel) at the right of the
        viewer's panel, every line whole at its own size: the panel widens for long names,
        up to a quarter of the panel, and past that a team's names wrap at the "&"."""
        px, fp = display.px, display.font_px
        players = view["players"]
        entries = self._total_entries(view, names)
        panel_w = self._totals_width(players, display)
        widest = max(width_of(" & ".join(n) + rest, "sans-bold", fp(18)) for n, rest in entries)
        if widest + px(20) > panel_w:
            cap = self._totals_cap(players, area.w, display)
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
        model.boxes.append(Box(panel, (8, 16, 12, 200), (*GOLD_DEEP, 160), px(10), 2))
        title = "Team totals" if players > 2 else "Influence"
        inside = panel.w - px(20)
        at = (panel.x + px(10), panel.y + px(8))
        model.texts.append(Text(title, at, fp(18), GOLD, face="serif-bold", max_width=inside))
        y = at[1] + fp(18) + px(8)
        for t, (who, rest) in enumerate(entries):
            top = y
            for line in team_lines(who, rest, "sans-bold", fp(18), inside):
                colour = TEAM_COLOURS[t % 2]
                model.texts.append(
                    Text(line, (at[0], y), fp(18), colour, face="sans-bold", max_width=inside)
                )
                y += fp(18) + px(2)
            y += px(4)
            if players > 2:
                tip = f"{' & '.join(who)}{rest} points"
                model.tips.append((pygame.Rect(panel.x, top, panel.w, y - top), tip))
        return panel

    @staticmethod
    def _own_hand(
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        viewer: int | None,
        fan: pygame.Rect,
        display: Display,
    ) -> None:
        """The viewer's hand fanned across ``fan`` (its backs, seen by another seat)."""
        px = display.px
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
            x0 = fan.centerx - (hcw + (n - 1) * step) // 2
            y = fan.y + (fan.h - hch) // 2
            playing = viewer == seat and not view["over"]
            for i, (pid, art) in enumerate(cards):
                r = pygame.Rect(x0 + i * step, y, hcw, hch)
                label = card_name(pid) if hand is not None else "a card"
                model.pieces.append(
                    Piece(pid, art, r, z=40 + i, drag=pid if playing else None, label=label)
                )
        model.origins[f"hand:{seat}"] = pygame.Rect(fan.centerx - hcw // 2, fan.y, hcw, hch)


__all__ = ["MIN_STACK_LABEL_PX", "MediciLayout"]
