"""Machiavelli at the table: melds in rows, the hand below, a working area.

While it is the viewer's turn the table and hand drawn are the working area's private copy
(:mod:`.working_area`): invalid melds are outlined in red with the rules' reason on hover,
melds changed this turn in gold. What the drags mean is :mod:`.gestures`.

Melds stay where they are: each place of the working area (:mod:`.arrangement`) keeps its
row and its rank in the row for the whole hand; only a new hand (or a resize) packs the rows
again. A row whose melds grow tightens its card overlap rather than push a meld to the next
row; new melds, and the "new meld" place, go at the end. Cards another player just brought
or moved are outlined in blue, a card the viewer just drew too, with a "new" tag.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from rules import Event, Outcome
from rules.machiavelli import card_label, meld_problem
from rules.machiavelli.melds import FACE, card_order
from tabletop.display import Display
from tabletop.fonts import get_font
from tabletop.layouts.base import Layout
from tabletop.table.model import Box, Piece, Recap, TableModel, Text, Zone
from tabletop.table.render import text_rect
from tabletop.ui.palette import CREAM, GOLD, GOLD_DEEP, MUTED, PANEL

from .arrangement import same_melds
from .legend import MARK, NEW, NEW_FACE, RED, new_tag
from .recap import hand_recap
from .working_area import HAND_ZONE, NEW_ZONE, MachiavelliWorkingArea

EDGE = GOLD_DEEP
ASPECT = 1.4
OVERLAP = 0.4  # the visible fraction of each card but the last in a meld
TIGHTEST = 0.34  # the least of it that still shows the corner index whole


def _by_rank(card: str) -> tuple[int, int, str]:
    r, s = FACE[card]
    return r, s, card


def _art(card: str) -> tuple:
    # The exact card, not its face: the table finds a card by its art (the last-move marks, a
    # drawn card's glow), and the twin from the other deck is another card. The two decks
    # look alike, so :mod:`.art` paints each face once for both.
    return ("card", "machiavelli", card)


class MachiavelliLayout(Layout):
    game_id = "machiavelli"

    def __init__(self, area: MachiavelliWorkingArea | None = None) -> None:
        #: The working copy drawn during the viewer's turn (kept up to date by the scene).
        self.area = area if area is not None else MachiavelliWorkingArea()
        #: Place indices by row, kept while the places stay (see the module text).
        self._rows: list[list[int]] = []
        self._rows_key: tuple[Any, ...] | None = None

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
        grid = self._seat_grid(view, viewer, rect.w - 2 * pad, display, names)
        # A seat's row holds its name over its count, line heights and margins apart.
        two_lines = get_font(fp(20), "sans-bold").get_linesize() + get_font(fp(17)).get_linesize()
        band_h = grid[1] * max(px(64), fp(20) * 2 + px(20), two_lines + px(18))
        act_h = max(px(60), fp(22) + px(28))
        hand_cw = min(px(96), max(30, round(rect.h * 0.15 / ASPECT)))
        # Room over the cards for the "new" tag of a card just drawn, inside the panel.
        hand_h = round(hand_cw * ASPECT) + new_tag_height(display) + px(14)
        band = pygame.Rect(rect.x + pad, rect.y + px(8), rect.w - 2 * pad, band_h)
        hand_rect = pygame.Rect(
            rect.x + pad, rect.bottom - hand_h - px(6), rect.w - 2 * pad, hand_h
        )
        action = pygame.Rect(rect.x + pad, hand_rect.y - act_h - px(4), rect.w - 2 * pad, act_h)
        table_rect = pygame.Rect(
            rect.x + pad, band.bottom + px(10), rect.w - 2 * pad, action.y - band.bottom - px(16)
        )
        model.action_area = action
        self._band(model, view, viewer, band, display, names, grid)
        self._table(model, self._places(view), table_rect, display)
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

    def _places(self, view: Mapping[str, Any]) -> list[list[str]]:
        """The melds in their places: the working copy, or the table as the area follows it
        (a layout not kept in step by a table scene, as in a replay, shows the rules' order)."""
        if self.area.work is not None:
            return self.area.work.melds
        table = [list(m) for m in view["table"]]
        return self.area.shown if same_melds(self.area.shown, table) else table

    def _hand_cards(self, view: Mapping[str, Any], viewer: int | None) -> list[str]:
        if self.area.work is not None:
            cards = list(self.area.work.hand)
        elif viewer is not None and view["hands"][viewer] is not None:
            cards = list(view["hands"][viewer])
        else:
            return []
        return sorted(cards, key=_by_rank if self.area.sort_by_rank else card_order)

    @staticmethod
    def _seat_lines(
        view: Mapping[str, Any], viewer: int | None, names: list[str], s: int
    ) -> tuple[str, str]:
        """A seat's two lines in the bar: its name, and its cards, whether it opened, its points."""
        name = names[s] if s < len(names) else f"Player {s + 1}"
        count = view["hand_counts"][s]
        state = "opened" if view["opened"][s] else "not opened"
        line = f"{count} card{'s' if count != 1 else ''} · {state}"
        if view.get("match"):
            line += f" · {view['totals'][s]} pts"
        return name + (" (you)" if s == viewer else ""), line

    @staticmethod
    def _info_lines(view: Mapping[str, Any]) -> tuple[str, str]:
        """The bar's right end: the stock, and the hand and the variants played."""
        stock = view["stock_count"]
        extra = f"Hand {view.get('hand_number', 1)}"
        if view.get("match"):
            extra += " · match to 100"
        if view.get("ace_low_or_high"):
            extra += " · ace low or high"
        return (f"Stock: {stock}" if stock else "Stock empty: pass or play"), extra

    def _seat_grid(
        self,
        view: Mapping[str, Any],
        viewer: int | None,
        width: int,
        display: Display,
        names: list[str],
    ) -> tuple[int, int, int]:
        """The seat bar's columns, rows and the width of its info end. A seat's labels stand
        whole at no less than their smallest size (on a TV, the body size), so when the
        seats do not fit in one row across the bar, they take two or more rows."""
        px, fp = display.px, display.font_px
        pad = px(24)

        def need(text: str, size: int, face: str) -> int:
            """The width ``text`` needs at its smallest size, and a little more."""
            small = _label_floor(display, size)
            return get_font(small, face).size(text)[0] + pad

        stock, extra = self._info_lines(view)
        info_w = max(px(230), need(stock, fp(20), "sans"), need(extra, fp(17), "sans"))
        info_w = min(info_w, width // 2)
        n = view["players"]
        seat_w = max(
            max(need(name, fp(20), "sans-bold"), need(line, fp(17), "sans"))
            for name, line in (self._seat_lines(view, viewer, names, s) for s in range(n))
        )
        cols = max(1, min(n, (width - info_w) // seat_w))
        rows = -(-n // cols)
        return -(-n // rows), rows, info_w  # the seats spread evenly over the rows

    def _band(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        viewer: int | None,
        band: pygame.Rect,
        display: Display,
        names: list[str],
        grid: tuple[int, int, int],
    ) -> None:
        px, fp = display.px, display.font_px
        model.boxes.append(Box(band, PANEL, EDGE, px(10), 1))
        n = view["players"]
        cols, rows, info_w = grid
        seat_w = (band.w - info_w) // cols
        row_h = band.h // rows
        for s in range(n):
            cell = pygame.Rect(
                band.x + (s % cols) * seat_w, band.y + (s // cols) * row_h, seat_w, row_h
            )
            mover = s == view.get("to_move")
            if mover:
                model.boxes.append(
                    Box(cell.inflate(-px(6), -px(6)), (60, 52, 24, 200), GOLD, px(8), 2)
                )
            name, line = self._seat_lines(view, viewer, names, s)
            model.texts.append(
                Text(
                    name,
                    (cell.x + px(14), cell.y + px(8)),
                    fp(20),
                    GOLD if mover else CREAM,
                    face="sans-bold",
                    max_width=cell.w - px(24),
                    smallest=_label_floor(display, fp(20)),
                )
            )
            model.texts.append(
                Text(
                    line,
                    (cell.x + px(14), cell.bottom - px(8)),
                    fp(17),
                    MUTED,
                    "bottomleft",
                    max_width=cell.w - px(24),
                    smallest=_label_floor(display, fp(17)),
                )
            )
        info = pygame.Rect(band.right - info_w, band.y, info_w, band.h)
        stock, extra = self._info_lines(view)
        model.texts.append(
            Text(
                stock,
                (info.x + px(12), info.y + px(8)),
                fp(20),
                CREAM,
                max_width=info.w - px(20),
                smallest=_label_floor(display, fp(20)),
            )
        )
        model.texts.append(
            Text(
                extra,
                (info.x + px(12), info.bottom - px(8)),
                fp(17),
                MUTED,
                "bottomleft",
                max_width=info.w - px(20),
                smallest=_label_floor(display, fp(17)),
            )
        )

    def _table(
        self, model: TableModel, melds: list[list[str]], area: pygame.Rect, display: Display
    ) -> None:
        px, fp = display.px, display.font_px
        model.boxes.append(Box(area, (10, 30, 20, 120), None, px(14)))
        working = self.area.work is not None
        # A free place (an emptied meld, 0 cards) is a card wide, or as wide as its label
        # needs at its size (a crowded table's small cards); the "new meld" place comes last.
        slots = [len(m) for m in melds] + ([0] if working else [])
        if not any(melds) and not working:
            model.texts.append(Text("The table is empty.", area.center, fp(24), MUTED, "center"))
            return
        inner = area.inflate(-px(24), -px(24))
        fit = _Fit(px, _free_width(display))
        rows = self._rows_for(slots, inner, fit)
        cw, spots = _place(rows, slots, inner, fit)
        ch = round(cw * ASPECT)
        if working:  # how to move several cards, where the rows leave room for it
            bottom = max(y for _, y, _ in spots) + ch if spots else inner.y
            _add_help(model, display, inner, bottom)
        start = self.area.work.start_table if self.area.work is not None else melds
        start_cards = {c for m in start for c in m}
        marks = self.area.marks
        z = 100
        for i, (x, y, step) in enumerate(spots):
            if i == len(melds) or not melds[i]:  # the "new meld" place, or a free one
                if not working:
                    continue
                box = pygame.Rect(x, y, fit.width(0, cw, step), ch)
                zone_id = NEW_ZONE if i == len(melds) else f"meld:{i}"
                model.zones.append(Zone(zone_id, box.inflate(px(8), px(8)), "New meld"))
                model.boxes.append(Box(box, (20, 40, 28, 160), MUTED, px(8), 2))
                model.texts.append(
                    Text(
                        FREE_LABEL,
                        box.center,
                        fp(16),
                        MUTED,
                        "center",
                        max_width=box.w - px(8),
                        smallest=_label_floor(display, fp(16)),
                    )
                )
                continue
            meld = melds[i]
            width = cw + step * (len(meld) - 1)
            zone_rect = pygame.Rect(x, y, width, ch).inflate(px(10), px(10))
            model.zones.append(Zone(f"meld:{i}", zone_rect, f"Meld {i + 1}"))
            problem = meld_problem(meld, self.area.ace_low) if working else None
            if problem is not None:
                # Outside the zone's rim, so a lit target still shows it is invalid.
                red = zone_rect.inflate(px(6), px(6))
                model.boxes.append(Box(red, (120, 20, 20, 70), RED, px(10), max(2, px(3))))
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
                        outline=MARK if card in marks else None,
                    )
                )
                z += 1

    def _rows_for(self, slots: list[int], inner: pygame.Rect, fit: _Fit) -> list[list[int]]:
        """Slot indices by row. The places' rows are packed when the places are (a new hand,
        a new size) and kept after that; a new place goes at the end of the last row, or
        starts a row when the last one is full. The "new meld" place is laid the same way
        each time and never kept. Kept rows that would need smaller cards than packed ones
        are packed again, but never while the player is rearranging."""
        work = self.area.work
        places = len(slots) - (1 if work is not None else 0)
        fresh_cw = _fit_cards(slots, inner, fit)
        key = (self.area.generation, inner.size)
        if self._rows_key != key or sum(len(r) for r in self._rows) > places:
            self._rows, self._rows_key = [], key
        rows = _extend(self._rows, slots, fresh_cw, inner.w, fit)
        if (work is None or not work.changed) and _place(rows, slots, inner, fit)[0] < fresh_cw:
            rows = _extend([], slots, fresh_cw, inner.w, fit)
        self._rows = [[i for i in row if i < places] for row in rows]
        self._rows = [row for row in self._rows if row]
        return rows

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
        # Two lines in a column as wide as they are: a long hand's count stays whole.
        lines = ("Your hand", f"{len(hand)} card{'s' if len(hand) != 1 else ''}")
        font = get_font(fp(18))
        label_w = max(font.size(line)[0] for line in lines) + px(28)
        for line, anchor in zip(lines, ("bottomleft", "topleft"), strict=True):
            model.texts.append(
                Text(
                    line,
                    (area.x + px(12), area.centery),
                    fp(18),
                    MUTED,
                    anchor,
                    max_width=label_w - px(16),
                )
            )
        left = area.x + label_w
        room = area.right - px(12) - left
        if not hand:
            return
        step = min(cw + px(6), max(8, (room - cw) // max(1, len(hand) - 1)))
        y = area.bottom - px(8) - round(cw * ASPECT)  # the room above is the tag's
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
                    outline=MARK if card in self.area.drawn else None,
                )
            )
            if card in self.area.drawn:  # a tag over the card: which card the stock gave
                tag = new_tag(r, display)
                model.texts.append(tag)
                model.tips.append((text_rect(tag), NEW))

    def score_label(self, outcome: Outcome, seat: int) -> str:
        """Penalty points, as the table and the score rows count them ("44", "0")."""
        penalties = (outcome.breakdown or {}).get("penalties", [])
        return str(penalties[seat]) if 0 <= seat < len(penalties) else "–"

    def recap(
        self, events: Sequence[Event], view: Mapping[str, Any], names: Sequence[str]
    ) -> Recap | None:
        """The end of a hand (and of the game or match), explained."""
        return hand_recap(events, view, names)

    def score_table(self, outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
        breakdown = outcome.breakdown or {}
        rows: list[list[str]] = []
        for number, record in enumerate(breakdown.get("hands", []), 1):
            points = record.get("points", [])
            rows.append([f"Hand {number}", *(str(p) for p in points)])
        rows.append(["Penalty points", *(str(p) for p in breakdown.get("penalties", []))])
        # Every player's cards left: shown when the game ends (a few to a line).
        left = [list(h) for h in breakdown.get("left", [])]
        # Fewer to a line the more players there are, so the table's columns stay narrow
        # enough for its words to keep their size (a TV's results).
        per_line = max(3, LEFT_PER_LINE // max(1, len(names)))
        lines = max((-(-len(h) // per_line) for h in left), default=0)
        for line in range(lines):
            cells = [
                " ".join(card_label(c) for c in h[line * per_line : (line + 1) * per_line])
                for h in left
            ]
            if line == 0:
                cells = [cell or "none" for cell in cells]
            rows.append(["Cards left" if line == 0 else "", *cells])
        return (["", *names], rows)


GESTURES_HELP = (
    "Shift+click, or drag a box from an empty spot, to pick several cards · "
    "click a meld to put them on it · Space / Enter with the keyboard"
)


def _add_help(model: TableModel, display: Display, inner: pygame.Rect, bottom: int) -> None:
    """How to move several cards, in the table's bottom right corner, if the rows (ending at
    ``bottom``) leave room for it."""
    size = display.font_px(16)
    font = get_font(size)
    lines = _help_lines(font, inner.w)
    line_h = font.get_linesize()
    if bottom + line_h * (len(lines) + 1) > inner.bottom:
        return
    for k, words in enumerate(reversed(lines)):
        at = (inner.right, inner.bottom - k * line_h)
        model.texts.append(
            Text(
                words,
                at,
                size,
                MUTED,
                "bottomright",
                max_width=inner.w,
                smallest=_label_floor(display, size),
            )
        )


def _help_lines(font: pygame.font.Font, width: int) -> list[str]:
    """:data:`GESTURES_HELP` in as few lines as fit ``width`` whole, broken between its
    parts (a TV's larger text needs two)."""
    lines: list[str] = []
    for part in GESTURES_HELP.split(" · "):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and font.size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines


LEFT_PER_LINE = 20  # cards left in hand shown per results row, shared among the players

CARD_WIDTHS = (96, 88, 80, 72, 64, 56, 50, 44, 38)  # at 1080p, largest first
SMALLEST_CARD = (32, 26)  # pixels, whatever the display: the corner index stays readable


def _label_floor(display: Display, size: int) -> int:
    """How far a label of font size ``size`` may shrink to fit: to four fifths of it, and on a
    TV never below the body size (text a player needs); never below 12, as fit_line."""
    return min(size, max(12, round(size * 0.8), display.least_label_px))


FREE_LABEL = "+ new meld"  # the words on a free place and on the "new meld" place


def _free_width(display: Display) -> int:
    """How wide a free place must be for :data:`FREE_LABEL` whole at its size."""
    return get_font(display.font_px(16)).size(FREE_LABEL)[0] + display.px(12)


@dataclass(frozen=True)
class _Fit:
    """What the table's packing needs of the display: its lengths, and a free place's width."""

    px: Callable[[float], int]
    free: int  # the least width of a free place (its label's)

    def width(self, n: int, cw: int, step: int) -> int:
        """How wide a place of ``n`` cards is (0: a free place)."""
        return cw + step * (n - 1) if n else max(cw, self.free)


def _spacing(cw: int, px: Any) -> tuple[int, int]:
    """How far apart the cards of a meld (step) and the melds themselves (gap) sit."""
    return max(8, round(cw * OVERLAP)), max(px(14), cw // 4)


def _fit_cards(slots: list[int], area: pygame.Rect, fit: _Fit) -> int:
    """The largest card width at which every meld fits the area in reflowing rows."""
    widths = [fit.px(w) for w in CARD_WIDTHS] + list(SMALLEST_CARD)
    for cw in widths:
        step, gap = _spacing(cw, fit.px)
        rows = len(_rows(slots, cw, step, gap, area.w, fit))
        if rows * (round(cw * ASPECT) + gap) - gap <= area.h:
            return cw
    return widths[-1]


def _rows(slots: list[int], cw: int, step: int, gap: int, width: int, fit: _Fit) -> list[list[int]]:
    rows: list[list[int]] = [[]]
    used = 0
    for i, n in enumerate(slots):
        w = fit.width(n, cw, step)
        if rows[-1] and used + gap + w > width:
            rows.append([])
            used = 0
        used += w + (gap if rows[-1] else 0)
        rows[-1].append(i)
    return rows if rows[0] else []


def _extend(
    kept: list[list[int]], slots: list[int], cw: int, width: int, fit: _Fit
) -> list[list[int]]:
    """``kept`` rows, then every slot after them at the end of the last row, or in a new row
    when it does not fit there at card width ``cw``."""
    step, gap = _spacing(cw, fit.px)
    rows = [list(r) for r in kept]
    for i in range(sum(len(r) for r in rows), len(slots)):
        last = rows[-1] if rows else None
        used = sum(fit.width(slots[j], cw, step) + gap for j in last) if last else 0
        if last is not None and used + fit.width(slots[i], cw, step) <= width:
            last.append(i)
        else:
            rows.append([i])
    return rows


def _place(
    rows: list[list[int]], slots: list[int], inner: pygame.Rect, fit: _Fit
) -> tuple[int, list[tuple[int, int, int]]]:
    """The card width, and each slot's top-left corner and card step, for rows kept as
    they are: the largest card that fits the rows' height, a row too wide for its cards
    overlapping them more (down to :data:`TIGHTEST`) before the cards shrink."""
    widths = [fit.px(w) for w in CARD_WIDTHS] + list(SMALLEST_CARD)
    chosen = widths[-1]
    for cw in widths:
        step, gap = _spacing(cw, fit.px)
        fits_height = len(rows) * (round(cw * ASPECT) + gap) - gap <= inner.h
        if fits_height and all(_row_step(row, slots, cw, inner.w, fit) is not None for row in rows):
            chosen = cw
            break
    cw = chosen
    step, gap = _spacing(cw, fit.px)
    ch = round(cw * ASPECT)
    out: list[tuple[int, int, int]] = [(0, 0, step)] * len(slots)
    y = inner.y
    for row in rows:
        row_step = _row_step(row, slots, cw, inner.w, fit) or max(4, round(cw * TIGHTEST))
        x = inner.x  # rows start at the left: a meld growing moves only the melds after it
        for i in row:
            out[i] = (x, y, row_step)
            x += fit.width(slots[i], cw, row_step) + gap
        y += ch + gap
    return cw, out


def _row_step(row: list[int], slots: list[int], cw: int, width: int, fit: _Fit) -> int | None:
    """The card step that fits ``row`` into ``width`` (the usual one if it fits), or None
    if even the tightest overlap is too wide."""
    step, gap = _spacing(cw, fit.px)
    overlapped = sum(slots[i] - 1 for i in row if slots[i])
    fixed = sum(cw if slots[i] else fit.width(0, cw, step) for i in row)
    fixed += gap * (len(row) - 1)
    if fixed + step * overlapped <= width:
        return step
    if overlapped == 0:
        return None
    tight = (width - fixed) // overlapped
    return tight if tight >= round(cw * TIGHTEST) else None


def new_tag_height(display: Display) -> int:
    """The height of the "new" tag over a card just drawn (the hand panel makes room for it)."""
    return get_font(display.font_px(14), NEW_FACE).get_height()
