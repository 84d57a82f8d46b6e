"""Alliances: world domination at the table: the map on the left, the players on the right.

The 4×5 map of country tiles (name and three defence values, tokens stacked in alliance
colours, the conflict marker on the target) fills the left, with the viewer's hand beneath it.
The right column lists the players — in a conflict each row shows the card played and the
conflict power it gives, and who is winning — and under them the panel of the phase: the
State of the Nations bidding grid, the rise to power's pairs and tributes, the drafting packet,
the secret meeting, or the conflict's target and defence. A strip on top keeps the campaign
score, the bid and the dominant suit in view at all times.

Gestures: drag a hand card onto the conflict (the players' rows) to play it; click a lit tile to
target it; click a lit cell of the bidding grid to bid (Pass is a button); click a card on the
table, or a player's row, to answer a special action's question; drag a packet card onto the
hand to keep it, a hand card onto the meeting panel to show it, onto the Empire's pairs to set
it aside or onto the tribute to give it; click one of the Empire's pairs to take it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from rules import Event, Outcome
from rules.alliances import SPECIAL_ACTIONS, SUIT_RANK, SUITS
from tabletop.display import TARGET, Display
from tabletop.layouts.base import Layout
from tabletop.table import card_art, render
from tabletop.table.model import Box, Moment, Piece, Recap, RecapHold, TableModel, Text, Zone
from tabletop.table.render import GLOW
from tabletop.ui.palette import CREAM, GOLD, GOLD_DEEP, MUTED, PANEL
from tabletop.ui.text import wrap_text

from . import art as art_alliances
from .recap import campaign_recap

CELL = (30, 40, 34, 230)
DIM_CELL = (24, 28, 26, 160)
RIM = (*GOLD_DEEP, 150)
BIDS = range(10, 21)
TILE_ART = ("piece", "alliances", "tile")  # + country, defence, height, lit, target, rim
TOKEN_ART = ("piece", "alliances", "tokens")  # + colours
CONFLICT_PHASES = ("target", "play", "choose", "duel")
#: A line of a panel's words and its colour.
_Line = tuple[str, tuple[int, int, int]]


# ---- words ------------------------------------------------------------------------------------


def card_label(card: str) -> str:
    """``"9 Politics"``, ``"Covert Operation"``."""
    if card in SPECIAL_ACTIONS:
        return SPECIAL_ACTIONS[card][0]
    return f"{card[1:]} {SUITS[card[0]]}"


def _suit_colour(suit: str, colorblind: bool) -> tuple[int, int, int]:
    colour = art_alliances.suit_colour(suit, colorblind)
    # Suit colours are dark for cards on paper: lift them to read on the dark felt.
    return tuple(min(255, round(c + (255 - c) * 0.45)) for c in colour)  # type: ignore[return-value]


def _side_colour(side: int, colorblind: bool) -> tuple[int, int, int]:
    return art_alliances.alliance_colour(side, colorblind)


def _side_name(side: int, players: int) -> str:
    if players == 3:
        return "Empire" if side == 0 else "Rebels"
    return "Gold" if side == 0 else "Silver"


def _beats(count: int, suit: str, bid: list | None) -> bool:
    """Whether bid (count, suit) is above the standing bid (for greying out the grid only:
    the rules' legal moves decide what a click does)."""
    if not bid:
        return True
    return (count, SUIT_RANK[suit]) > (int(bid[0]), SUIT_RANK[str(bid[1])])


@dataclass(frozen=True, slots=True)
class _Rows:
    """What every row of the players' panel shares: its sizes, and the words of each seat."""

    conflict: bool  # each row holds the card its player played and the power it gives
    head: int  # the panel's title, above the rows
    row_h: int
    disc: int  # the alliance disc's diameter
    name_x: int  # where the name starts, from the row's left
    lines_x: int  # where the lines under the name start (on a TV, left of the name)
    cw: int  # a played card's width (0 out of a conflict)
    ch: int
    power_w: int  # the power column right of the card (0 out of a conflict)
    moved: dict[str, tuple[int, int]]  # Dual Allegiance: card -> (from seat, to seat)
    status: dict[int, list[str]]  # each seat's lines under its name
    beside: dict[int, str]  # the role set beside the name instead, by seat
    name_font: pygame.font.Font

    def slot(self, row: pygame.Rect, gap: int) -> pygame.Rect:
        """Where the card played sits in ``row``: left of the power column, ``gap`` apart."""
        x = row.right - self.power_w - self.cw - gap
        return pygame.Rect(x, row.y + (row.h - self.ch) // 2, self.cw, self.ch)

    def tuck(self, seat: int) -> int:
        """How much of the row a card moved to ``seat`` takes, left of its own card."""
        return round(self.cw * 0.62) if any(to == seat for _, to in self.moved.values()) else 0


@dataclass(frozen=True, slots=True)
class _BidGrid:
    """The bidding grid's cells, the same in each suit's block: ``per_row`` cells to a row
    across ``area``."""

    area: pygame.Rect
    per_row: int
    cell_h: int
    gap: int  # between cells: a lit cell's ring is drawn in it
    size: int  # the numbers' font size
    face: str  # and face
    margin: int  # the least room beside a number in its cell (desktop pixels)
    label_h: int  # a suit's name above its block

    @property
    def rows(self) -> int:
        return -(-len(BIDS) // self.per_row)

    def cell(self, i: int, top: int) -> pygame.Rect:
        """The ``i``-th cell of a block whose cells start at ``top``."""
        r, c = divmod(i, self.per_row)
        w = self.area.w // self.per_row
        x = self.area.x + c * w + self.gap // 2
        return pygame.Rect(x, top + r * self.cell_h, w - self.gap, self.cell_h - self.gap)


class AlliancesLayout(Layout):
    game_id = "alliances"

    def recap(
        self, events: Sequence[Event], view: Mapping[str, Any], names: Sequence[str]
    ) -> Recap | None:
        """The end of a campaign (and of the game), explained."""
        return campaign_recap(events, view, names)

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
        """The map as the ended campaign left it (the campaign-end event's, all public),
        where the map is, while its recap shows: the next campaign's map, laid out by the same
        move, waits for the recap to end. The recap's panel goes right of the map."""
        end = next((e for e in events if e.kind == "campaign-end"), None)
        if end is None or not isinstance(end.data.get("map"), list):
            return None
        # Each seat's side as it was, too: with 3 players the Empire changes hands.
        final = {**view, "grid": end.data["map"], "target": None}
        final["sides"] = end.data.get("sides", view["sides"])
        final.pop("_targets", None)
        model = self.build(final, None, rect, display, names, colorblind=colorblind)
        held = TableModel()
        held.pieces = [p for p in model.pieces if p.id.startswith(("tile:", "tokens:"))]
        tiles = [p.rect for p in held.pieces if p.id.startswith("tile:")]
        if not tiles:
            return None
        board = tiles[0].unionall(tiles)
        pad = display.frame_px(12)
        # Beside the map, below the strip over it: the strip says whose campaign it is.
        panel = pygame.Rect(
            board.right, board.top, rect.right - board.right, rect.bottom - board.top
        )
        return RecapHold(held, panel.inflate(-pad, -2 * pad))

    def score_table(self, outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
        b = outcome.breakdown
        campaigns = b.get("campaigns", [])
        n = len(outcome.scores)
        if "empire_tiles" in b:  # 3 players: each ruled the Empire once
            header = [
                "Campaign",
                "Empire",
                "Countries ruled",
                *(f"{names[s]} (conflicts)" for s in range(n)),
            ]
            rows = []
            for r in campaigns:
                e = int(r.get("empire", 0))
                tricks = r.get("tricks", [0] * n)
                rows.append(
                    [
                        str(r.get("campaign", "")),
                        names[e] if e < len(names) else str(e),
                        str(r.get("tiles", "")),
                        *(("Empire" if s == e else str(tricks[s])) for s in range(n)),
                    ]
                )
            rows.append(["Total", "", "", *(f"{b['empire_tiles'][s]} ruled" for s in range(n))])
            rows.append(["Rebel conflicts", "", "", *(str(b["rebel_tricks"][s]) for s in range(n))])
            return header, rows
        sides = [[s for s in range(n) if (s % 2 if n == 4 else s) == side] for side in (0, 1)]
        who = [" & ".join(names[s] for s in seats) for seats in sides]
        header = ["Campaign", f"Gold: {who[0]}", f"Silver: {who[1]}", "Won by"]
        rows = []
        for r in campaigns:
            countries = r.get("countries", ["", ""])
            side = int(r.get("winner", 0))
            rows.append(
                [
                    str(r.get("campaign", "")),
                    f"{countries[0]} countries",
                    f"{countries[1]} countries",
                    f"{_side_name(side, n)}: {r.get('why', '')}",
                ]
            )
        wins = b.get("campaign_wins", [0, 0])
        rows.append(["Campaigns won", str(wins[0]), str(wins[1]), ""])
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
        px, fp = display.px, display.font_px
        model = TableModel()
        # Spacing keeps its desktop size on a TV: the room goes to the map.
        pad = display.frame_px(12)
        area = rect.inflate(-2 * pad, -2 * pad)
        info_h = fp(19) * 2 + display.frame_px(20)
        info = pygame.Rect(area.x, area.y, area.w, info_h)
        body = pygame.Rect(area.x, info.bottom + pad, area.w, area.bottom - info.bottom - pad)
        # On a TV the map's tiles stay at least the desktop's size and the right column
        # gets the rest of the width: its words are at the TV's body size, so it needs it.
        tv = display.profile == "tv"
        # (At 1920×1080 the tiles are then 194 px wide: their defence numbers at the body size.)
        rw = max(display.frame_px(400), round(body.w * (0.364 if tv else 0.33)))
        between = display.frame_px(8) if tv else pad
        right = pygame.Rect(body.right - rw, body.y, rw, body.h)
        left = pygame.Rect(body.x, body.y, body.w - rw - between, body.h)
        # The buttons' row: as tall as the table's buttons (TableButtons.rebuild).
        act_h = max(display.frame_px(56), max(px(44), fp(22) + px(16)) + display.frame_px(6))
        # The map takes what it can use; the hand gets the rest. On a TV the taller text
        # rows (info, buttons) come out of the hand, not the map: its tiles are at least as
        # tall as the desktop's, the hand's cards a little smaller.
        hand_min = min(display.frame_px(150 if tv else 176), round(left.h * 0.24))
        gap = _tile_gap(display)
        space = display.frame_px(10)
        numbers = display.body_px if tv else 0
        _, th = self._tile_size(left.w, left.h - hand_min - act_h - space, gap, numbers)
        board_h = 4 * th + 3 * gap
        hand_h = min(left.h - board_h - act_h - space, px(250))
        hand = pygame.Rect(left.x, left.bottom - hand_h, left.w, hand_h)
        action = pygame.Rect(left.x, hand.y - act_h - display.frame_px(4), left.w, act_h)
        board = pygame.Rect(left.x, left.y, left.w, action.y - display.frame_px(6) - left.y)
        model.action_area = action

        self._info(model, view, info, display, names, colorblind)
        self._map(model, view, board, display, colorblind)
        rows_bottom = self._players(model, view, viewer, right, display, names, colorblind)
        panel = pygame.Rect(right.x, rows_bottom + pad, right.w, right.bottom - rows_bottom - pad)
        self._phase_panel(model, view, viewer, panel, display, names, colorblind)
        self._hand(model, view, viewer, hand, display)
        return model

    # ---- a conflict ended: held on the map for a moment ----------------------------------
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
        """The conflict just ended, over the map: the target country outlined with its
        capture (or its holding), and every card played, the winner's marked. From the public
        ``last_conflict`` of the view after the move and the conflict's event. Or, with two
        players, a drafting trick just won: its cards over the middle of the map."""
        event = next((e for e in events if e.kind == "conflict"), None)
        trick = next((e for e in events if e.kind == "trick"), None)
        last: Mapping[str, Any] | None
        if event is None and trick is not None:
            last = self._trick_played(before, events, trick)
            caption, tile, label = trick.render(names), None, "Last trick"
        else:
            last = after.get("last_conflict") or {}
            if event is None or not last.get("cards") or last.get("tile") != event.data.get("tile"):
                return None
            caption, tile, label = event.render(names), last["tile"], "Last conflict"
        if last is None:
            return None
        if table is None:  # the map as the table now shown has it
            table = self.build(after, viewer, rect, display, names, colorblind=colorblind)
        return self._held(table, display, names, last, caption, tile, label)

    @staticmethod
    def _trick_played(
        before: Mapping[str, Any], events: Sequence[Event], trick: Event
    ) -> dict[str, Any] | None:
        """A drafting trick's cards as a conflict's ``last_conflict`` lists them ([seat, card,
        discarded]) and its winner. Who played what: the table before the move and this
        move's plays."""
        cards = [c for c in trick.data.get("cards", []) if isinstance(c, str)]
        if not cards:
            return None
        seats: dict[str, Any] = {e["card"]: e["seat"] for e in before.get("table", [])}
        seats.update(
            {
                e.data["card"]: e.data.get("seat")
                for e in events
                if e.kind == "play" and "card" in e.data
            }
        )
        return {
            "cards": [[seats.get(c), c, False] for c in cards],
            "winner": trick.data.get("winner"),
        }

    def _held(
        self,
        model: TableModel,
        display: Display,
        names: list[str],
        last: Mapping[str, Any],
        caption: str,
        tile: str | None,
        peek_label: str,
    ) -> Moment | None:
        """A trick or conflict held over the map (one builder for both): the map dimmed,
        ``last``'s cards (see :meth:`_moment_cards`) under ``caption``, and for a conflict its
        target ``tile`` outlined with its alliance token (ringed if ``last`` says it was
        captured); None: a trick, its cards in the middle of the map."""
        px = display.px
        tiles = [p for p in model.pieces if p.id.startswith("tile:")]
        target = next((p for p in tiles if p.id == tile), None)
        if not tiles or (tile is not None and target is None):
            return None
        area = tiles[0].rect.unionall([p.rect for p in tiles]).inflate(px(12), px(12))
        held = TableModel()
        over: list[Box] = []
        held.boxes.append(Box(area, (0, 0, 0, 150), None, px(12)))
        if target is not None:
            held.boxes.append(Box(target.rect.inflate(px(14), px(14)), None, GOLD, px(12), px(5)))
            held.pieces.append(target)
            token = model.piece(f"tokens:{target.id[5:]}")
            if token is not None:
                held.pieces.append(token)
                if last.get("captured"):  # the new alliance token: ringed
                    ring = token.rect.inflate(px(10), px(10))
                    over.append(Box(ring, None, GOLD, ring.w // 2, px(4)))
        spot = target.rect if target is not None else None
        caption_at = self._moment_cards(held, over, last, area, spot, display, names, caption)
        winner = last.get("winner")
        return Moment(
            held,
            area,
            caption,
            winner if isinstance(winner, int) else None,
            f"seat:{winner}",
            caption_at,
            over,
            peek_label,
        )

    def _moment_cards(
        self,
        held: TableModel,
        over: list[Box],
        last: Mapping[str, Any],
        area: pygame.Rect,
        tile: pygame.Rect | None,
        display: Display,
        names: list[str],
        caption: str,
    ) -> tuple[int, int] | None:
        """The conflict's cards in a row on the half of the map away from the target (``tile``;
        None: in the middle), each with its player's name, the winner's glowing, under room
        for the caption (where it goes is returned)."""
        px, fp = display.px, display.font_px
        entries = [e for e in last["cards"] if isinstance(e, list) and len(e) >= 3]
        if not entries:
            return None
        # Room for the caption as the table wraps it (the map's width, its font).
        font = render.fonts.get_font(fp(20), "sans-bold")
        lines = min(3, len(wrap_text(caption, font, area.w - px(40))))
        cap_h = lines * font.get_linesize() + px(22)
        winner = last.get("winner")
        room_h = area.h // 2 - px(40)
        cw = max(card_min(), min(px(110), round((room_h - fp(18) - px(20)) / 1.4)))
        gap = px(14)
        cw = min(cw, (area.w - px(40) - gap * (len(entries) - 1)) // len(entries))
        ch = round(cw * 1.4)
        total = len(entries) * cw + (len(entries) - 1) * gap
        panel = pygame.Rect(0, 0, total + px(28), cap_h + ch + fp(18) + px(30))
        panel.centerx = area.centerx
        if tile is None:  # nothing on the map to keep clear: the middle
            panel.centery = area.centery
        elif tile.centery < area.centery:
            panel.bottom = area.bottom - px(10)
        else:
            panel.top = area.top + px(10)
        held.boxes.append(Box(panel, (14, 26, 20, 240), GOLD_DEEP, px(12), 2))
        x = panel.x + px(14)
        for seat, card, discarded in entries[:8]:
            r = pygame.Rect(x, panel.y + cap_h + px(10), cw, ch)
            won = seat == winner and not discarded
            if won:
                held.boxes.append(
                    Box(r.inflate(px(12), px(12)), (*GLOW, 90), GOLD, px(10), px(3))
                )
            held.pieces.append(
                Piece(card, ("card", "alliances", card), r, z=5, label=card_label(card))
            )
            if discarded:  # a special took it out of the conflict: veiled
                over.append(Box(r, (0, 0, 0, 120), None, px(8)))
                held.texts.append(
                    Text("discarded", r.center, fp(15), CREAM, "center", max_width=cw)
                )
            name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
            held.texts.append(
                Text(
                    name + (" wins" if won else ""),
                    (r.centerx, r.bottom + px(6)),
                    fp(17),
                    GOLD if won else CREAM,
                    "midtop",
                    "sans-bold",
                    max_width=cw + gap - px(4),
                )
            )
            x += cw + gap
        return (panel.centerx, panel.y + px(8))

    # ---- the strip on top: campaign score, bid, dominant suit -----------------------------
    def _info(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        area: pygame.Rect,
        display: Display,
        names: list[str],
        colorblind: bool,
    ) -> None:
        px, fp = display.px, display.font_px
        model.boxes.append(Box(area, PANEL, RIM, px(10), 2))
        held = [0, 0]
        for tile in view["grid"]:
            if tile["controller"] in (0, 1):
                held[tile["controller"]] += 1
        info = _empire_info if view["players"] == 3 else _alliance_info
        line1, line2 = info(view, names, held)
        inner = area.w - px(24)
        line1 = _shortened(line1, render.fonts.get_font(fp(19), "sans-bold"), inner)
        line2 = _shortened(line2, render.fonts.get_font(fp(19)), inner)
        model.texts.append(
            Text(
                line1,
                (area.x + px(12), area.y + display.frame_px(8)),
                fp(19),
                GOLD,
                face="sans-bold",
                max_width=inner,
            )
        )
        model.texts.append(
            Text(
                line2,
                (area.x + px(12), area.y + display.frame_px(12) + fp(19)),
                fp(19),
                CREAM,
                max_width=inner,
            )
        )

    # ---- the map -------------------------------------------------------------------------
    @staticmethod
    def _tile_size(w: int, h: int, gap: int, numbers: int = 0) -> tuple[int, int]:
        """The largest tile, a little wider than tall, with which 5 × 4 fit in ``w`` × ``h``;
        with ``numbers`` (a TV's body size), no taller than lets its defence numbers be that
        large (a taller tile's chips are narrower)."""
        tw = (w - 4 * gap) // 5
        th = min((h - 3 * gap) // 4, round(tw / 1.12))
        least = round(tw / 1.35)
        while (
            numbers
            and th > least
            and art_alliances.tile_layout("", tw, th, numbers).value_size < numbers
        ):
            th -= 1
        return min(tw, round(th * 1.35)), th

    def _map(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        area: pygame.Rect,
        display: Display,
        colorblind: bool,
    ) -> None:
        gap = _tile_gap(display)
        numbers = display.body_px if display.profile == "tv" else 0
        tw, th = self._tile_size(area.w, area.h, gap, numbers)
        total_w, total_h = 5 * tw + 4 * gap, 4 * th + 3 * gap
        x0 = area.x + (area.w - total_w) // 2
        y0 = area.y + (area.h - total_h) // 2
        sides = view["sides"]
        lit = set(view.get("_targets", []))
        for i, tile in enumerate(view["grid"]):
            r, c = divmod(i, 5)
            box = pygame.Rect(x0 + c * (tw + gap), y0 + r * (th + gap), tw, th)
            d = tile["defence"]
            controller = tile["controller"]
            rim = _side_colour(controller, colorblind) if controller in (0, 1) else None
            targeted = view.get("target") == tile["id"]
            art = (
                *TILE_ART,
                tile["country"],
                (d["M"], d["E"], d["P"]),
                th,
                tile["id"] in lit,
                targeted,
                rim,
                # Defence numbers at least the body size; colour-blind players keep the
                # chips' suit symbols instead, which need the room.
                0 if colorblind else display.body_px,
            )
            defence = f"defence Military {d['M']}, Economic {d['E']}, Political {d['P']}"
            owner = (
                f"held by {_side_name(controller, view['players'])}"
                if controller in (0, 1)
                else "neutral"
            )
            label = f"{tile['country']}: {defence}; {owner}" + (" — the target" if targeted else "")
            model.pieces.append(Piece(tile["id"], art, box, z=1, label=label))
            model.zones.append(Zone(tile["id"], box.inflate(gap - 2, gap - 2), tile["country"]))
            model.tips.append((box, label))
            stack = tile["tokens"]
            if stack:
                layout = art_alliances.tile_layout(tile["country"], tw, th)
                spot = layout.elements.get("map", pygame.Rect(0, 0, tw, th // 2))
                dia = max(16, min(spot.h, round(tw * 0.34)))
                token = pygame.Rect(0, 0, dia, dia)
                token.bottomright = (box.x + spot.right, box.y + spot.bottom)
                colours = tuple(sides[s] if s < len(sides) else 0 for s in stack)
                model.pieces.append(
                    Piece(
                        f"tokens:{tile['id'][5:]}",
                        (*TOKEN_ART, colours),
                        token,
                        z=2,
                        label=f"{len(stack)} alliance token(s) on {tile['country']}",
                    )
                )

    # ---- the players (and the conflict) -----------------------------------------------------
    def _players(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        viewer: int | None,
        area: pygame.Rect,
        display: Display,
        names: list[str],
        colorblind: bool,
    ) -> int:
        """The players' rows; in a conflict each shows its card and power. Returns the bottom."""
        px, fp = display.px, display.font_px
        n = view["players"]
        rows = self._player_rows(view, area, display, names)
        height = rows.head + n * rows.row_h + (n - 1) * px(6) + px(10)
        panel = pygame.Rect(area.x, area.y, area.w, min(height, area.h))
        model.boxes.append(Box(panel, PANEL, RIM, px(10), 2))
        model.texts.append(
            Text(
                self._players_title(view),
                (panel.x + px(12), panel.y + px(7)),
                fp(20),
                GOLD,
                face="serif-bold",
                max_width=panel.w - px(24),
            )
        )
        boosting = self._asking(view)[1]
        played = {e["seat"]: e for e in view["table"]}
        choice_zones: list[Zone] = []
        seat_zones: list[Zone] = []
        y = panel.y + rows.head
        for seat in range(n):
            row = pygame.Rect(panel.x + px(8), y, panel.w - px(16), rows.row_h)
            y += rows.row_h + px(6)
            slot = self._player_row(
                model, view, seat, row, rows, display, names, viewer, colorblind
            )
            if slot:
                entry = played.get(seat)
                choice = self._played(model, view, seat, entry, slot, rows, display, names)
                choice_zones += [choice] if choice else []
                power = pygame.Rect(slot.right + px(8), row.y, rows.power_w, row.h)
                self._power(model, view, seat, power, display, colorblind)
            seen = self._seen(view, seat)
            if seen:
                model.tips.append((row, f"{names[seat]}: {seen}."))
            if boosting and seat in played:
                seat_zones.append(Zone(f"seat:{seat}", row, names[seat]))
        # Most specific first: the scene takes the first zone under the pointer.
        model.zones += choice_zones + seat_zones
        if rows.conflict and not view["over"]:
            model.zones.append(Zone("conflict", panel, "the conflict"))
        return panel.bottom

    @staticmethod
    def _players_title(view: Mapping[str, Any]) -> str:
        if view["phase"] not in CONFLICT_PHASES:
            return "Players"
        duel = view["players"] == 2 and view["phase"] == "duel"
        title = "Drafting trick" if duel else f"Conflict {view['conflict']}"
        if view.get("target"):
            tile = next(t for t in view["grid"] if t["id"] == view["target"])
            title += f" over {tile['country']}"
        return title

    @staticmethod
    def _asking(view: Mapping[str, Any]) -> tuple[bool, bool]:
        """Where a special action's question is answered: (by clicking a card on the table,
        by clicking a player's row)."""
        pending = view.get("pending") or {}
        choose = view["phase"] == "choose"
        return choose and not pending.get("card"), choose and bool(pending.get("card"))

    def _player_rows(
        self, view: Mapping[str, Any], area: pygame.Rect, display: Display, names: list[str]
    ) -> _Rows:
        """What the players' rows in ``area`` share: their sizes, and the words of each."""
        px, fp = display.px, display.font_px
        n = view["players"]
        conflict = view["phase"] in CONFLICT_PHASES
        tv = display.profile == "tv"
        # The row's inner width. On a TV the alliance disc sits beside the name only and the
        # lines under it start at the row's edge: the words at the TV's size need the width.
        row_w = area.w - 2 * px(8)
        disc = fp(19) if tv else px(34)
        name_x = px(6) + disc + px(8)
        lines_x = px(8) if tv else name_x
        name_font = render.fonts.get_font(fp(19), "sans-bold")
        line_font = render.fonts.get_font(fp(16))
        status = {
            s: self._status_lines(view, s, conflict, line_font, row_w - lines_x - px(8))
            for s in range(n)
        }
        beside = {}
        if not conflict:
            room = row_w - px(8) - name_x
            beside = self._roles_beside(view, names, display, status, room, (name_font, line_font))
        # Name; role and status (on two lines in a conflict, or when one is too long); the
        # cards the viewer was shown.
        lines = 1 + max(len(status[s]) for s in range(n))
        text_h = fp(19) + (lines - 1) * (fp(16) + px(4)) + px(14)
        head = fp(20) + px(14)
        moved = self._moved_cards(view)
        rows = _Rows(
            conflict, head, text_h, disc, name_x, lines_x, 0, 0, 0, moved, status, beside, name_font
        )
        return self._conflict_rows(view, area, display, names, rows, row_w) if conflict else rows

    def _roles_beside(
        self,
        view: Mapping[str, Any],
        names: list[str],
        display: Display,
        status: dict[int, list[str]],
        room: int,
        fonts: tuple[pygame.font.Font, pygame.font.Font],
    ) -> dict[int, str]:
        """Out of conflicts, a role too long to share a line with the status goes beside the
        name when it fits there, in ``room`` (rows stay one line shorter: the phase panel
        needs the room). All rows alike, when every role fits there. Returns the roles moved
        there, by seat, and takes them out of the seats' ``status`` lines. ``fonts``: the
        names' and the lines'."""
        px = display.px
        n = view["players"]
        split = [s for s in range(n) if len(status[s]) > 1 and status[s][0] == self._role(view, s)]
        if not split:
            return {}
        name_font, line_font = fonts
        beside: dict[int, str] = {}
        for s in range(n):
            role = self._role(view, s)
            both = name_font.size(names[s] + " (you)")[0] + px(16) + line_font.size(role)[0]
            if both > room:
                return {}
            beside[s] = role
        for s in beside:
            status[s] = [self._status(view, s), *status[s][2 if s in split else 1 :]]
        return beside

    def _conflict_rows(
        self,
        view: Mapping[str, Any],
        area: pygame.Rect,
        display: Display,
        names: list[str],
        rows: _Rows,
        row_w: int,
    ) -> _Rows:
        """``rows`` with room for a conflict's played card and the power column beside it."""
        px, fp = display.px, display.font_px
        n = view["players"]
        power_w = _power_width(display)
        # Cards as large as two thirds of the column allow (the phase panel needs the rest).
        room = (area.h * 2 // 3 - rows.head - px(10)) // n - px(6)
        cw = max(card_min(), min(px(96), round((room - px(12)) / 1.4)))
        # On a TV, no wider than the words beside it leave (a moved card tucks in too).
        if display.profile == "tv":
            line_font = render.fonts.get_font(fp(16))
            words = max(
                max(
                    rows.name_x - rows.lines_x + rows.name_font.size(names[s])[0],
                    *(line_font.size(t)[0] for t in rows.status[s]),
                )
                for s in range(n)
            )
            spare = row_w - rows.lines_x - words - px(8) - power_w - px(16)
            tucked = 1.62 if rows.moved else 1.0
            cw = max(card_min(), min(cw, round(spare / tucked)))
        ch = round(cw * 1.4)
        # The power column: number, suit word and pill (see _power) stay inside the row.
        power_h = px(24) + fp(28) + fp(16) + fp(17)
        row_h = max(rows.row_h, ch + px(12), power_h)
        return _Rows(
            True,
            rows.head,
            row_h,
            rows.disc,
            rows.name_x,
            rows.lines_x,
            cw,
            ch,
            power_w,
            rows.moved,
            rows.status,
            rows.beside,
            rows.name_font,
        )

    def _player_row(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        row: pygame.Rect,
        rows: _Rows,
        display: Display,
        names: list[str],
        viewer: int | None,
        colorblind: bool,
    ) -> pygame.Rect | None:
        """A player's row (but a conflict's card and power): the alliance disc, the name, and
        beside or under it the role, the status and the cards the viewer was shown. Returns
        where the row's conflict card goes (None out of a conflict)."""
        px, fp = display.px, display.font_px
        side = view["sides"][seat]
        mover = view["to_move"] == seat
        edge = GOLD if mover else (70, 80, 72)
        model.boxes.append(Box(row, (24, 34, 28, 220), edge, px(8), px(3) if mover else 1))
        name_font = rows.name_font
        dia = min(rows.disc, rows.row_h - px(12))
        disc = pygame.Rect(row.x + px(6), row.y + px(6), dia, dia)
        if display.profile == "tv":  # beside the name: its middle on the name's
            disc.centery = row.y + px(6) + name_font.get_linesize() // 2
        model.origins[f"seat:{seat}"] = disc  # where a conflict won sweeps to
        if seat != viewer:  # a card this seat plays comes from its row
            model.origins[f"hand:{seat}"] = pygame.Rect(
                disc.x, row.y, rows.cw or px(60), rows.ch or px(84)
            )
        model.pieces.append(
            Piece(
                f"disc:{seat}",
                (*TOKEN_ART, (side,)),
                disc,
                z=3,
                label=_side_name(side, view["players"]),
            )
        )
        x = row.x + rows.name_x
        slot = rows.slot(row, px(8)) if rows.conflict else None
        # A row that receives a moved card shows it beside its own: less room for words.
        right = slot.x - rows.tuck(seat) if slot else row.right
        text_w = right - x - px(8)
        name = names[seat]
        if seat == viewer:
            name += " (you)" if name_font.size(name + " (you)")[0] <= text_w else ""
        colour = _side_colour(side, colorblind)
        model.texts.append(
            Text(name, (x, row.y + px(6)), fp(19), colour, face="sans-bold", max_width=text_w)
        )
        if seat in rows.beside:
            model.texts.append(
                Text(
                    rows.beside[seat],
                    (row.right - px(8), row.y + px(6) + fp(19) - fp(16)),
                    fp(16),
                    CREAM,
                    "topright",
                )
            )
        for i, text in enumerate(rows.status[seat]):
            model.texts.append(
                Text(
                    text,
                    (row.x + rows.lines_x, row.y + px(10) + fp(19) + i * (fp(16) + px(4))),
                    fp(16),
                    GOLD
                    if text.startswith("you saw")
                    else (MUTED if rows.conflict and i == 0 else CREAM),
                    max_width=right - row.x - rows.lines_x - px(8),
                )
            )
        return slot

    def _played(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        entry: dict[str, Any] | None,
        slot: pygame.Rect,
        rows: _Rows,
        display: Display,
        names: list[str],
    ) -> Zone | None:
        """The card ``seat`` played in the conflict (``entry``, its place on the view's
        table; None: not yet), at ``slot``, with a card Dual Allegiance moved to it tucked
        beside. Returns the zone that picks the card when a special action asks for one."""
        px = display.px
        choosing, boosting = self._asking(view)
        choice = None
        if entry is not None and entry["card"] in rows.moved:
            # Its card went to another player's power: an empty place that says so.
            self._moved_from(model, slot, names[rows.moved[entry["card"]][1]], display)
        elif entry is None:
            model.boxes.append(Box(slot, None, (120, 120, 110, 140), px(6), 1))
        else:
            card = entry["card"]
            label = card_label(card) + (" (discarded)" if entry["discarded"] else "")
            model.pieces.append(
                Piece(
                    card,
                    ("card", "alliances", card),
                    slot,
                    z=5,
                    label=label,
                    dim=entry["discarded"],
                )
            )
            model.tips.append((slot, label + self._choice_words(entry)))
            pending = view.get("pending") or {}
            if boosting and card == pending.get("card"):  # the card about to move
                model.boxes.append(
                    Box(slot.inflate(px(8), px(8)), None, GOLD, px(8), max(2, px(3)))
                )
            if choosing and not entry["discarded"]:
                choice = Zone(f"choice:{card}", slot.inflate(px(10), px(10)), card_label(card))
        for card, (origin, to) in rows.moved.items():
            if to == seat:
                self._moved_to(model, card, slot, names[origin], display)
        return choice

    @staticmethod
    def _moved_cards(view: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
        """The Politics cards Dual Allegiance moved: card -> (the seat that played it, the
        seat whose power it joined). The piece keeps its id, so the table glides it across."""
        table = view.get("table") or []
        played_by = {e["card"]: e["seat"] for e in table}
        out: dict[str, tuple[int, int]] = {}
        for e in table:
            card = (e.get("choice") or [None])[0]
            to = e.get("boosted")
            if e["card"] != "dual-allegiance" or e["discarded"] or card not in played_by:
                continue
            if isinstance(to, int):
                out[card] = (played_by[card], to)
        return out

    def _moved_to(
        self, model: TableModel, card: str, slot: pygame.Rect, origin: str, display: Display
    ) -> None:
        """The moved card, framed, tucked left of the receiving player's own card (its old
        place says where it went)."""
        px = display.px
        rect = slot.copy()
        rect.right = slot.x + round(slot.w * 0.38)
        label = f"{card_label(card)}, moved from {origin} by Dual Allegiance"
        model.pieces.append(Piece(card, ("card", "alliances", card), rect, z=4, label=label))
        model.boxes.append(Box(rect.inflate(px(6), px(6)), None, GOLD, px(8), max(2, px(3))))
        model.tips.append((rect, label + "."))

    def _moved_from(self, model: TableModel, slot: pygame.Rect, to: str, display: Display) -> None:
        """Where a moved card was played: an empty place naming where it went."""
        px, fp = display.px, display.font_px
        model.boxes.append(Box(slot, None, GOLD, px(6), 1))
        model.texts.append(
            Text(f"to {to}", slot.center, fp(14), GOLD, "center", max_width=slot.w - px(6))
        )
        model.tips.append((slot, f"Dual Allegiance moved this player's card to {to}."))

    def _status_lines(
        self,
        view: Mapping[str, Any],
        seat: int,
        conflict: bool,
        font: pygame.font.Font,
        width: int,
    ) -> list[str]:
        """A player's lines under the name: role and status on one line when it fits ``width``
        (on two in a conflict, where the row shares its width with a card), then the cards the
        viewer was shown, if any."""
        role, status = self._role(view, seat), self._status(view, seat)
        joined = f"{role} · {status}"
        lines = [role, status] if conflict or font.size(joined)[0] > width else [joined]
        if not conflict and any(self._seen(view, s) for s in range(view["players"])):
            lines.append(self._seen(view, seat))
        return lines

    def _role(self, view: Mapping[str, Any], seat: int) -> str:
        n = view["players"]
        side = view["sides"][seat]
        if n == 3:
            return "Empire" if side == 0 else "Rebel"
        name = _side_name(side, n)
        if view.get("dominant") and view["phase"] not in ("bid", "duel", "draft", "meeting"):
            return f"{name} · {'Aggressor' if side == view['aggressor'] else 'Defender'}"
        return name

    def _status(self, view: Mapping[str, Any], seat: int) -> str:
        """Cards held and what matters in this phase (short: it shares a row with a card)."""
        held = view["hand_counts"][seat]
        parts = [f"{held} card{'' if held == 1 else 's'}"]
        phase = view["phase"]
        if phase == "bid":
            last = next((b for b in reversed(view["bids"]) if b[0] == seat), None)
            if view["passed"][seat]:
                parts.append("passed")
            elif last is not None and last[1] is not None:
                parts.append(f"bid {last[1]} {SUITS[last[2]]}")
        elif phase == "draft":
            parts.append(f"packet {view['packet_counts'][seat]}")
        elif view["players"] == 2 and phase == "duel":
            won = view["drafting_tricks"][seat]
            parts.append(f"{won} trick{'' if won == 1 else 's'}")
        elif phase in CONFLICT_PHASES:
            won = view["conflicts_won"][seat]
            parts.append(f"{won} win{'' if won == 1 else 's'}")
        return " · ".join(parts)

    @staticmethod
    def _seen(view: Mapping[str, Any], seat: int) -> str:
        """The cards of this player's hand the viewer was shown (secret meeting, rise to power)."""
        cards = view.get("known", {}).get(str(seat))
        return "you saw " + ", ".join(card_label(c) for c in cards) if cards else ""

    @staticmethod
    def _choice_words(entry: dict[str, Any]) -> str:
        return f": took {card_label(entry['choice'][0])}" if entry.get("choice") else ""

    def _power(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        seat: int,
        area: pygame.Rect,
        display: Display,
        colorblind: bool,
    ) -> None:
        px, fp = display.px, display.font_px
        power = view["powers"][seat] if seat < len(view["powers"]) else None
        winning = view["winning"]
        if power is None:
            if any(e["seat"] == seat for e in view["table"]):
                model.texts.append(
                    Text(
                        "no power",
                        (area.x, area.centery),
                        fp(16),
                        MUTED,
                        "midleft",
                        max_width=area.w,
                    )
                )
            return
        suit, value = power
        colour = _suit_colour(suit, colorblind)
        model.texts.append(
            Text(str(value), (area.x, area.y + px(4)), fp(28), colour, face="sans-bold")
        )
        model.texts.append(
            Text(
                SUITS[suit],
                (area.x, area.y + px(6) + fp(28)),
                fp(16),
                colour,
                face="sans-bold",
                max_width=area.w,
            )
        )
        if winning.get("seat") == seat:
            note, colour = "Winning", GOLD
        elif (
            winning.get("seat") is None
            and winning.get("suit") == suit
            and winning.get("value") == value
        ):
            note, colour = "Tied", CREAM
        else:
            note, colour = "", MUTED
        if note:
            # A pill, so who is winning reads at a glance from across the room.
            w = render.fonts.get_font(fp(17), "sans-bold").size(note)[0] + px(16)
            top = area.y + px(12) + fp(28) + fp(16)
            pill = pygame.Rect(area.x, top, min(w, area.w), fp(17) + px(8))
            model.boxes.append(Box(pill, (*colour, 235), None, pill.h // 2))
            model.texts.append(
                Text(
                    note,
                    pill.center,
                    fp(17),
                    (20, 24, 22),
                    "center",
                    face="sans-bold",
                    max_width=pill.w - px(8),
                )
            )

    # ---- the phase's own panel ------------------------------------------------------------------
    def _phase_panel(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        viewer: int | None,
        area: pygame.Rect,
        display: Display,
        names: list[str],
        colorblind: bool,
    ) -> None:
        px, fp = display.px, display.font_px
        if area.h < px(40):
            return
        model.boxes.append(Box(area, PANEL, RIM, px(10), 2))
        phase = view["phase"]
        # The panel's margin keeps its desktop size on a TV: its words need the width.
        margin = display.frame_px if display.profile == "tv" else px
        inner = area.inflate(-margin(24), -margin(20))
        if view["over"]:
            model.texts.append(
                Text(
                    "Game over",
                    inner.center,
                    fp(30),
                    GOLD,
                    "center",
                    "serif-bold",
                    max_width=inner.w,
                )
            )
            return
        if phase == "bid" or (phase == "declare" and self._exact(view)):
            self._bidding(model, view, inner, display, names, colorblind)
        elif phase in ("declare", "rise-call"):
            self._calls(model, view, inner, display, colorblind)
        elif phase.startswith("rise-"):
            self._rise(model, view, viewer, inner, display, names)
        elif phase == "draft":
            self._draft(model, view, viewer, inner, display)
        elif phase == "meeting":
            self._meeting(model, view, viewer, area, inner, display, names)
        else:
            self._conflict(model, view, inner, display, names, colorblind)

    def _exact(self, view: Mapping[str, Any]) -> bool:
        """2 players, State of Nations variant: the declaration is a count and a suit, not a
        call. The view does not say which, so ask the rules whether a call would do."""
        return bool(view.get("exact_bid"))

    def _title(self, model: TableModel, text: str, area: pygame.Rect, display: Display) -> int:
        """A panel title, wrapped onto a second line when long (a third on a TV's narrower
        column: an instruction is never cut short); returns the y below it."""
        fp, px = display.font_px, display.px
        size = fp(19)
        lines = wrap_text(text, render.fonts.get_font(size, "serif-bold"), area.w)
        y = area.y
        for line in lines[:3]:
            model.texts.append(
                Text(line, (area.x, y), size, GOLD, face="serif-bold", max_width=area.w)
            )
            y += size + px(6)
        return y + px(6)

    def _bidding(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        area: pygame.Rect,
        display: Display,
        names: list[str],
        colorblind: bool,
    ) -> None:
        """The State of the Nations grid (or a 2-player declaration's): a block of cells per
        suit, the standing bid under it."""
        px, fp = display.px, display.font_px
        declaring = view["phase"] == "declare"
        bid = None if declaring else view.get("bid")
        # The lit ring of a cell is drawn in the gap, clear of its number; the gap keeps its
        # desktop size on a TV.
        gap = display.frame_px(8)
        size = fp(18)
        label_h = fp(17) + px(4)
        titled, y, per_row, face, margin, least = self._grid_shape(
            area, display, self._bidding_titles(declaring), gap, size, label_h
        )
        model.texts += titled.texts
        rows = -(-len(BIDS) // per_row)
        standing = f"Standing bid: {bid[0]} {SUITS[bid[1]]} by {names[bid[2]]}" if bid else ""
        standing_lines = wrap_text(standing, render.fonts.get_font(fp(17)), area.w)
        standing_h = len(standing_lines) * (fp(17) + px(6)) + px(6) if standing else 0
        room = (area.bottom - y - standing_h) // 3 - label_h
        if rows * least > room and standing:
            # The info strip says the standing bid too: the grid needs the room (a TV).
            standing_lines, standing_h = [], 0
            room = (area.bottom - y) // 3 - label_h
        cell_h = max(least, min(px(56), room // rows))
        if rows * cell_h > room:  # too short even so (very long names): the grid stays inside
            cell_h = max(gap + display.frame_px(4), room // rows)
        grid = _BidGrid(area, per_row, cell_h, gap, size, face, margin, label_h)
        for suit in ("P", "E", "M"):
            y = self._bid_suit(model, grid, suit, y, bid, declaring, display, colorblind)
        y = min(area.bottom - standing_h, y) + px(6)
        for line in standing_lines if standing else []:
            model.texts.append(Text(line, (area.x, y), fp(17), CREAM, max_width=area.w))
            y += fp(17) + px(6)

    def _bidding_titles(self, declaring: bool) -> tuple[str, str]:
        """The bidding panel's title, and a shorter one for a short panel."""
        if declaring:
            return (
                self.instruct(
                    "Declare exactly how many countries you will control, and the suit",
                    "The declaration: how many countries, and the suit",
                    "The declaration: declare on your phone",
                ),
                self.instruct("Declare countries and suit", "The declaration"),
            )
        return (
            self.instruct(
                "State of the Nations: click a bid (countries, then suit)",
                "State of the Nations: the bidding (countries, then suit)",
                "State of the Nations: bid on your phone (countries, then suit)",
            ),
            self.instruct(
                "Click a bid: countries, then suit", "State of the Nations", "Bid on your phone"
            ),
        )

    def _bid_suit(
        self,
        model: TableModel,
        grid: _BidGrid,
        suit: str,
        y: int,
        bid: list | None,
        declaring: bool,
        display: Display,
        colorblind: bool,
    ) -> int:
        """One suit's block of the bidding grid from ``y`` down: its name, then a cell per
        bid, lit where it beats ``bid``. Returns the y under it."""
        px, fp = display.px, display.font_px
        area = grid.area
        colour = _suit_colour(suit, colorblind)
        ranks = {"P": " (highest suit)", "E": "", "M": " (lowest suit)"}
        model.texts.append(
            Text(
                SUITS[suit] + ranks[suit],
                (area.x + grid.gap // 2, y),
                fp(17),
                colour,
                face="sans-bold",
                max_width=area.w,
            )
        )
        y += grid.label_h
        for i, count in enumerate(BIDS):
            cell = grid.cell(i, y)
            standing_cell = bid is not None and bool(bid) and (count, suit) == (bid[0], bid[1])
            open_ = declaring or _beats(count, suit, bid)
            fill = CELL if open_ else DIM_CELL
            border = GOLD if standing_cell else ((*colour, 220) if open_ else (60, 64, 60))
            model.boxes.append(Box(cell, fill, border, px(6), px(3) if standing_cell else 2))
            model.texts.append(
                Text(
                    str(count),
                    cell.center,
                    grid.size,
                    CREAM if open_ else (96, 100, 96),
                    "center",
                    grid.face if open_ else "sans",
                    max_width=cell.w - min(display.frame_px(4), display.frame_px(grid.margin)),
                )
            )
            if open_:
                zone = cell.inflate(grid.gap, grid.gap)
                model.zones.append(Zone(f"bid:{count}:{suit}", zone, f"{count} {SUITS[suit]}"))
        return y + grid.rows * grid.cell_h

    def _grid_shape(
        self,
        area: pygame.Rect,
        display: Display,
        headings: tuple[str, str],
        gap: int,
        size: int,
        label_h: int,
    ) -> tuple[TableModel, int, int, str, int, int]:
        """The bidding grid's title and cells: the title (a model of its texts, and the y
        under it), cells per row, the numbers' face, their margin and the least cell height
        (with the gap). The roomiest cells that fit, with a one-line title in a short panel (a
        TV's replay) before the numbers are crowded; cells :data:`TARGET` wide and tall
        before any that are not (a TV at 1280×720 has no room for them: its cells keep the
        shape they had)."""
        title, short = headings
        line = render.fonts.get_font(size).get_linesize() + display.frame_px(4)
        # (The desktop keeps its one row of snug cells where they fit, as before.)
        roomy = 12 if display.profile == "tv" else 4
        tries = ((title, roomy), (short, roomy), (title, 4), (short, 4), (short, 0))
        for target in (TARGET, 0):
            # A cell holds its number's line and the gap; more when there is room.
            least = max(line, target) + gap
            for heading, margin in tries:
                titled = TableModel()
                y = self._title(titled, heading, area, display)
                height = (area.bottom - y) // 3 - label_h
                per_row, face = self._bid_cells(
                    area.w, gap, size, display.frame_px(margin), height, least, target
                )
                if per_row:
                    return titled, y, per_row, face, margin, least
        # Nothing fits: one row of plain numbers, shrunk to their cells.
        return titled, y, len(BIDS), "sans", margin, least

    @staticmethod
    def _bid_cells(
        width: int, gap: int, size: int, margin: int, height: int, least: int, target: int
    ) -> tuple[int, str]:
        """How many bid cells a row of a suit's grid holds and the face of their numbers: all
        eleven in one row when "20" fits its cell with ``margin`` (in bold, else plain) and the
        cell is ``target`` wide, else in two rows if ``height`` holds them (on a TV the
        numbers are at the body size and a narrow column cannot hold eleven; at 1280×720
        eleven cells in a row are too narrow to press). 0: nothing fits."""
        for per_row in (len(BIDS), -(-len(BIDS) // 2)):
            inner = width // per_row - gap - margin
            if -(-len(BIDS) // per_row) * least > height or width // per_row - gap < target:
                continue
            for face in ("sans-bold", "sans"):
                if render.fonts.get_font(size, face).size("20")[0] <= inner:
                    return per_row, face
        return 0, "sans"

    def _calls(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        area: pygame.Rect,
        display: Display,
        colorblind: bool,
    ) -> None:
        px, fp = display.px, display.font_px
        title = (
            "Rise to power: the Empire calls the dominant suit"
            if view["phase"] == "rise-call"
            else "The drafting phase's winner calls the dominant suit"
        )
        y = self._title(model, title, area, display)
        gap = px(12)
        w = (area.w - 2 * gap) // 3
        h = min(px(90), area.bottom - y)
        font = render.fonts.get_font(fp(22), "sans-bold")
        # Side by side; one under another when a suit's name is wider than a third (a TV).
        column = max(font.size(SUITS[x])[0] for x in SUITS) > w - px(8)
        if column:
            w, h = area.w, min(px(90), (area.bottom - y - 2 * gap) // 3)
        for i, suit in enumerate(("P", "E", "M")):
            if column:
                cell = pygame.Rect(area.x, y + i * (h + gap), w, h)
            else:
                cell = pygame.Rect(area.x + i * (w + gap), y, w, h)
            colour = art_alliances.suit_colour(suit, colorblind)
            model.boxes.append(Box(cell, (*colour, 230), CREAM, px(10), 2))
            model.texts.append(
                Text(
                    SUITS[suit],
                    cell.center,
                    fp(22),
                    _ink_on(colour),
                    "center",
                    "sans-bold",
                    max_width=w - px(8),
                )
            )
            model.zones.append(Zone(f"call:{suit}", cell, SUITS[suit]))

    def _card_row(
        self,
        model: TableModel,
        cards: list[tuple[str, tuple, str, str | None]],
        area: pygame.Rect,
        cw: int,
        display: Display,
        z: int = 20,
    ) -> None:
        """Cards (id, art, label, drag) in rows inside ``area``; when the rows do not fit, the
        cards overlap in as many rows as fit."""
        px = display.px
        ch = round(cw * 1.4)
        gap = px(6)
        fit_rows = max(1, (area.h + gap) // (ch + gap))
        per_row = max(1, (area.w + gap) // (cw + gap))
        if -(-len(cards) // per_row) > fit_rows:
            per_row = -(-len(cards) // fit_rows)
        step_x = cw + gap
        if per_row > 1 and cw + (per_row - 1) * step_x > area.w:
            step_x = max(1, (area.w - cw) // (per_row - 1))
        for i, (pid, art, label, drag) in enumerate(cards):
            r, c = divmod(i, per_row)
            box = pygame.Rect(area.x + c * step_x, area.y + r * (ch + gap), cw, ch)
            model.pieces.append(Piece(pid, art, box, z=z + i, drag=drag, label=label))
            if art[0] == "card":  # small special cards leave their name off: say it on hover
                model.tips.append((box, label))

    def _rise(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        viewer: int | None,
        area: pygame.Rect,
        display: Display,
        names: list[str],
    ) -> None:
        """The rise to power: the Empire's two pairs side by side, each Rebel's tribute
        under them."""
        px, fp = display.px, display.font_px
        phase = view["phase"]
        rise = view["rise"]
        y = self._title(model, f"Rise to power: {self._rise_words(view, names)}", area, display)
        head = fp(16) + px(14)  # a slot's label above its cards
        room = (area.bottom - y - px(10)) // 2 - head - px(10)
        half = (area.w - px(16)) // 2
        cw = max(card_min(), min(px(90), round(room / 1.4), (half - px(26)) // 2))
        ch = round(cw * 1.4)
        # The Empire's two pairs: faces for the Empire, backs for the Rebels.
        pairs_box = pygame.Rect(area.x, y, area.w, head + ch + px(10))
        if phase == "rise-set":
            model.zones.append(Zone("aside", pairs_box, "the Empire's pairs"))
        for p in range(2):
            slot = pygame.Rect(area.x + p * (half + px(16)), y, half, pairs_box.h)
            cards = _pair_cards(rise, p)
            self._rise_slot(model, slot, f"Empire's pair {p + 1}", cards, head, cw, display)
            if phase == "rise-pick":
                model.zones.insert(0, Zone(f"pair:{p + 1}", slot, f"pair {p + 1}"))
        y = pairs_box.bottom + px(10)
        tribute_box = pygame.Rect(area.x, y, area.w, min(area.bottom, y + head + ch + px(10)) - y)
        if phase == "rise-give":
            model.zones.append(Zone("tribute", tribute_box, "the tribute"))
        rebels = [s for s in range(3) if s != view["empire"]]
        # "From Ada" over each Rebel's tribute; the names alone when one is too long (a TV).
        font, label_w = render.fonts.get_font(fp(16)), half - px(20)
        wordy = all(font.size(f"From {names[s]}")[0] <= label_w for s in rebels)
        for i, seat in enumerate(rebels):
            slot = pygame.Rect(area.x + i * (half + px(16)), y, half, tribute_box.h)
            giver = f"From {names[seat]}" if wordy else names[seat]
            cards = _tribute_cards(rise, seat, viewer)
            self._rise_slot(model, slot, giver, cards, head, cw, display)

    def _rise_words(self, view: Mapping[str, Any], names: list[str]) -> str:
        """What happens in this step of the rise to power (and what to do about it)."""
        empire = names[view["empire"]]
        return {
            "rise-set": f"{empire}, the Empire, sets two pairs aside"
            + self.instruct(": drag cards here"),
            "rise-give": "each Rebel gives the Empire two cards"
            + self.instruct(": drag yours to the tribute"),
            "rise-pick": "the Rebel takes one of the Empire's pairs" + self.instruct(": click it"),
        }.get(view["phase"], "")

    def _rise_slot(
        self,
        model: TableModel,
        slot: pygame.Rect,
        label: str,
        cards: list[tuple[str, tuple, str, str | None]],
        head: int,
        cw: int,
        display: Display,
    ) -> None:
        """A framed slot of the rise to power: ``label`` on top, ``cards`` under it
        (``head`` down)."""
        px, fp = display.px, display.font_px
        model.texts.append(
            Text(
                label,
                (slot.x + px(10), slot.y + px(8)),
                fp(16),
                CREAM,
                max_width=slot.w - px(20),
            )
        )
        model.boxes.append(Box(slot, None, (120, 120, 110, 140), px(8), 1))
        inner = pygame.Rect(slot.x + px(10), slot.y + head, slot.w - px(20), round(cw * 1.4))
        self._card_row(model, cards, inner, cw, display)

    def _draft(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        viewer: int | None,
        area: pygame.Rect,
        display: Display,
    ) -> None:
        px = display.px
        y = self._title(
            model,
            self.instruct(
                "Drafting: drag the 2 cards you keep onto your hand",
                "Drafting: each player keeps 2 cards of the packet",
                "Drafting: keep 2 cards of your packet on your phone",
            ),
            area,
            display,
        )
        packet = view.get("packet") or []
        box = pygame.Rect(area.x, y, area.w, area.bottom - y)
        playing = viewer is not None and view["to_move"] == viewer
        cards = [
            (c, ("card", "alliances", c), card_label(c), c if playing else None) for c in packet
        ]
        # Wide enough for a special action's name where the panel allows (1280×720).
        widest = max(px(84), art_alliances.named_width())
        cw = self._fit_cards(len(cards), box, display, widest)
        self._card_row(model, cards, box, cw, display, z=30)

    def _fit_cards(self, count: int, box: pygame.Rect, display: Display, widest: int) -> int:
        """The widest card (up to ``widest``) that lays ``count`` cards in rows inside ``box``."""
        px = display.px
        for cw in range(widest, card_min() - 1, -2):
            per_row = max(1, (box.w + px(6)) // (cw + px(6)))
            rows = -(-count // per_row)
            if rows * (round(cw * 1.4) + px(6)) <= box.h + px(6):
                return cw
        return card_min()

    def _meeting(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        viewer: int | None,
        panel: pygame.Rect,
        area: pygame.Rect,
        display: Display,
        names: list[str],
    ) -> None:
        px = display.px
        ally = (viewer + 2) % 4 if viewer is not None else None
        who = names[ally] if ally is not None else "their ally"
        y = self._title(
            model,
            self.instruct(
                f"Secret meeting: drag 2 cards here to show them to {who}",
                f"Secret meeting: 2 cards shown to {who}",
                "Secret meeting: choose the 2 cards to show on your phone",
            ),
            area,
            display,
        )
        model.zones.append(Zone("meeting", panel, "the secret meeting"))
        shown = view.get("showing") or []
        cards: list[tuple[str, tuple[Any, ...], str, str | None]] = [
            (f"showing:{c}", ("card", "alliances", c), card_label(c), None) for c in shown
        ]
        box = pygame.Rect(area.x, y, area.w, area.bottom - y)
        self._card_row(model, cards, box, self._fit_cards(2, box, display, px(84)), display)

    def _conflict(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        area: pygame.Rect,
        display: Display,
        names: list[str],
        colorblind: bool,
    ) -> None:
        """The conflict's panel: its target and defence, who is winning, what to do; in a
        2-player drafting phase, the tricks and the reserve."""
        px, fp = display.px, display.font_px
        title, lines = self._conflict_words(view, names)
        y = self._title(model, title, area, display)
        font = render.fonts.get_font(fp(17))
        step = fp(17) + px(6)
        for text, colour in lines:
            parts = wrap_text(text, font, area.w)
            if y + len(parts) * step - px(6) > area.bottom:
                break  # whole sentences only: the less urgent ones wait for a taller panel
            for part in parts:
                model.texts.append(Text(part, (area.x, y), fp(17), colour, max_width=area.w))
                y += step
            y += px(2)
        if view["phase"] == "duel":
            self._reserve(model, view, pygame.Rect(area.x, y, area.w, area.bottom - y), display)

    def _conflict_words(self, view: Mapping[str, Any], names: list[str]) -> tuple[str, list[_Line]]:
        """The conflict panel's title and its lines, most urgent first: a short panel (a TV)
        cuts the last lines off."""
        phase = view["phase"]
        duel = phase == "duel"
        lines: list[_Line] = []
        notes: list[_Line] = []
        if duel:
            title = "Drafting phase: win tricks to choose the dominant suit"
            tricks = view["drafting_tricks"]
            lines.append((f"Tricks won: {names[0]} {tricks[0]} · {names[1]} {tricks[1]}", CREAM))
            lines.append(("The trick's winner draws first from the reserve.", MUTED))
        elif view.get("target"):
            title, lines, notes = _target_words(view)
        else:
            title = self.instruct(
                "Choose the country to target: click a lit tile",
                "The country to target",
                "The country to target: choose it on your phone",
            )
        lead, dom = view.get("leading"), view.get("dominant")
        if lead or dom:
            said = (
                f"Leading: {SUITS[lead]}" if lead else "",
                f"Dominant: {SUITS[dom]}" if dom and not duel else "",
            )
            lines.append((" · ".join(x for x in said if x), CREAM))
        verdict = _verdict(view, names)
        if verdict:
            lines.insert(0, verdict)
        pending = view.get("pending") or {}
        if pending.get("special"):
            name = SPECIAL_ACTIONS[pending["special"]][0]
            ask = (
                self.instruct("click the player it joins", "which player it joins")
                if pending.get("card")
                else self.instruct("click a lit card on the table", "which card it takes")
            )
            lines.insert(0, (f"{name}: {ask}", GOLD))
        elif phase in ("play", "duel") and not view["over"]:
            note = self.instruct("Drag a card onto the players to play it.")
            if note:
                notes.append((note, MUTED))
        return title, lines + notes

    def _reserve(
        self, model: TableModel, view: Mapping[str, Any], area: pygame.Rect, display: Display
    ) -> None:
        """The 2-player drafting phase's reserve at the top of ``area``: a back and its count
        (nothing when no card of a readable size fits)."""
        px, fp = display.px, display.font_px
        count = view["reserve_count"]
        cw = min(px(56), round((area.h - px(4)) / 1.4))
        if not count or cw < card_min():
            return
        pile = pygame.Rect(area.x, area.y + px(4), cw, round(cw * 1.4))
        model.pieces.append(Piece("reserve", ("back", "alliances"), pile, z=5, label="the reserve"))
        model.origins["deck"] = pile
        model.texts.append(
            Text(
                f"Reserve: {count} cards",
                (pile.right + px(10), pile.centery),
                fp(17),
                CREAM,
                "midleft",
                max_width=area.right - pile.right - px(10),
            )
        )

    # ---- the viewer's hand ---------------------------------------------------------------------
    def _hand(
        self,
        model: TableModel,
        view: Mapping[str, Any],
        viewer: int | None,
        area: pygame.Rect,
        display: Display,
    ) -> None:
        px, fp = display.px, display.font_px
        model.boxes.append(Box(area, PANEL, RIM, px(10), 2))
        for seat in range(view["players"]):
            model.origins.setdefault(
                f"hand:{seat}", pygame.Rect(area.centerx, area.y, px(60), px(84))
            )
        if view["phase"] == "draft":
            model.zones.append(Zone("hand", area, "your hand"))
        hand = view["hands"][viewer] if viewer is not None else None
        if hand is None:
            model.texts.append(
                Text(
                    "The table display: every hand stays hidden",
                    area.center,
                    fp(20),
                    MUTED,
                    "center",
                    max_width=area.w - px(24),
                )
            )
            return
        top = 0
        if view["phase"] == "draft":
            top = fp(16) + px(8)
            model.texts.append(
                Text(
                    self.instruct("Your hand: drag the cards you keep here", "Hand"),
                    (area.x + px(12), area.y + px(6)),
                    fp(16),
                    GOLD,
                    max_width=area.w - px(24),
                )
            )
        cw = max(card_min(), min(px(150), round((area.h - top - px(16)) / 1.4)))
        # A special action's name shows from a width on: the margin gives way for it.
        cw = max(cw, min(art_alliances.named_width(), (area.h - top - px(4)) * 5 // 7))
        ch = round(cw * 1.4)
        if not hand:
            if not top:
                model.texts.append(Text("Your hand is empty", area.center, fp(20), MUTED, "center"))
            return
        inner = area.inflate(-px(16), 0)
        cw, steps = _hand_fit(hand, cw, inner.w, px(8))
        ch = round(cw * 1.4)
        total = cw + sum(steps)
        x0 = inner.x + (inner.w - total) // 2
        y = area.y + top + (area.h - top - ch) // 2
        playing = viewer == view["to_move"] and not view["over"]
        x = x0
        for i, card in enumerate(hand):
            r = pygame.Rect(x, y, cw, ch)
            x += steps[i] if i < len(steps) else 0
            model.pieces.append(
                Piece(
                    card,
                    ("card", "alliances", card),
                    r,
                    z=40 + i,
                    drag=card if playing else None,
                    label=card_label(card),
                )
            )


def _hand_fit(hand: list[str], cw: int, width: int, gap: int) -> tuple[int, list[int]]:
    """The card width and steps (:func:`_hand_steps`) for ``hand`` in ``width``: ``cw``, or
    when a crowded hand cannot show every index and every special's name at it, a card a
    little narrower that can (a tenth narrower at most, never under the width that prints the
    names), or else the widest that shows the most."""
    least = max(art_alliances.named_width(), cw * 9 // 10)
    best, best_shown = cw, -1
    for width_tried in range(cw, min(cw, least) - 1, -1):
        shown = _hand_steps(hand, width_tried, width, gap)[1]
        if shown > best_shown:
            best, best_shown = width_tried, shown
        if shown == 2:
            break
    return best, _hand_steps(hand, best, width, gap)[0]


def _hand_steps(hand: list[str], cw: int, width: int, gap: int) -> tuple[list[int], int]:
    """How far each hand card stands from the next in ``width``, and what shows: 2, every
    index and every special action's name; 1, the indexes; 0, neither. Side by side when they
    fit. When crowded, each power card shows at least its index (the whole rank, "12", and
    its suit mark) and each special action card its suit mark; what is left goes to the
    special cards: their whole faces if it can, else their names whole (the words are on
    hover), else an equal share; the power cards take anything over. If even the indexes do
    not fit, all alike."""
    n = len(hand)
    if n < 2:
        return [], 2
    room = width - cw  # the last card shows whole
    full = cw + gap
    if (n - 1) * full <= room:
        return [full] * (n - 1), 2
    shown = hand[:-1]
    edge = max(1, gap // 4)  # a sliver of face past the ink, so it never touches the next card
    rank = min(full, art_alliances.index_right(cw) + edge)
    specials = [c for c in shown if c in SPECIAL_ACTIONS]
    narrow = len(shown) - len(specials)
    if specials and narrow:
        rest = room - len(specials) * full
        if rest >= narrow * rank:  # whole specials; the power cards share what is left
            share = min(full, rest // narrow)
            return [full if c in SPECIAL_ACTIONS else share for c in shown], 2
        reveal = {c: art_alliances.special_reveal(c, cw) for c in specials}
        named = {c: min(full, r[1] + edge) for c, r in reveal.items()}
        marked = {c: min(full, r[0] + edge) for c, r in reveal.items()}
        for wants, says in ((named, 2), (marked, 1)):
            spare = room - narrow * rank - sum(wants.values())
            if spare >= 0:
                extra = spare // len(specials)
                steps = [min(full, wants[c] + extra) if c in wants else rank for c in shown]
                return steps, says
    even = max(cw // 5, room // (n - 1))
    ranks = narrow == 0 or even >= rank
    names = all(art_alliances.special_reveal(c, cw)[1] + edge <= even for c in specials)
    return [even] * (n - 1), (2 if names else 1) if ranks else 0


def _pair_cards(rise: Mapping[str, Any], p: int) -> list[tuple[str, tuple, str, str | None]]:
    """The Empire's pair ``p`` as :meth:`AlliancesLayout._card_row` lays it out: faces where
    the view shows them (to the Empire), backs elsewhere."""
    mine = rise.get("my_pairs")
    count = rise["pairs"][p] if p < len(rise["pairs"]) else 0
    cards: list[tuple[str, tuple, str, str | None]] = []
    for k in range(count):
        if mine and p < len(mine) and k < len(mine[p]):
            c = mine[p][k]
            cards.append((c, ("card", "alliances", c), card_label(c), None))
        else:
            cards.append((f"pair:{p}:{k}", ("back", "alliances"), "a face-down card", None))
    return cards


def _tribute_cards(
    rise: Mapping[str, Any], seat: int, viewer: int | None
) -> list[tuple[str, tuple, str, str | None]]:
    """A Rebel's tribute as :meth:`AlliancesLayout._card_row` lays it out: faces for the
    Rebel who gave them, backs for everyone else."""
    own = rise.get("my_tribute") if seat == viewer else None
    cards: list[tuple[str, tuple, str, str | None]] = []
    for k in range(rise["tribute"][seat]):
        if own and k < len(own):
            cards.append((own[k], ("card", "alliances", own[k]), card_label(own[k]), None))
        else:
            cards.append((f"tribute:{seat}:{k}", ("back", "alliances"), "a face-down card", None))
    return cards


# ---- the conflict panel's words ------------------------------------------------------------


def _target_words(view: Mapping[str, Any]) -> tuple[str, list[_Line], list[_Line]]:
    """The conflict panel's title once a country is targeted, its defence line, and a note
    when a special action raised the defence."""
    tile = next(t for t in view["grid"] if t["id"] == view["target"])
    d = view.get("defence") or tile["defence"]
    base = tile["defence"]
    parts = []
    for s in ("M", "E", "P"):
        mark = "*" if d.get(s) != base.get(s) else ""
        parts.append(f"{SUITS[s]} {d.get(s)}{mark}")
    lines: list[_Line] = [("Defence: " + " · ".join(parts), CREAM)]
    notes: list[_Line] = []
    if any(d.get(s) != base.get(s) for s in SUITS):
        notes.append(("* raised by a special action for this conflict", MUTED))
    return f"Target: {tile['country']}", lines, notes


def _verdict(view: Mapping[str, Any], names: list[str]) -> _Line | None:
    """Who is winning the conflict (and whether it would take the country), or the tie."""
    win = view["winning"]
    if not view["table"]:
        return None
    if win.get("seat") is not None:
        verdict = f"{names[win['seat']]} is winning with {win['value']} {SUITS[win['suit']]}"
        d = view.get("defence") or {}
        if view["phase"] != "duel" and win.get("suit") in d:
            takes = win["value"] > d[win["suit"]]
            verdict += " and would take it" if takes else f", not enough (defence {d[win['suit']]})"
        return verdict, GOLD
    if win.get("suit"):
        return f"A tie at {win['value']} {SUITS[win['suit']]}: a draw so far", CREAM
    return None


# ---- the info strip's words ----------------------------------------------------------------


def _dominant_words(view: Mapping[str, Any]) -> str:
    dominant = view.get("dominant")
    return f"Dominant suit: {SUITS[dominant]}" if dominant else "Dominant suit: not yet"


def _empire_info(view: Mapping[str, Any], names: list[str], held: list[int]) -> tuple[str, str]:
    """The info strip's lines with 3 players: the Empire's score, then the campaign's
    (``held``: the countries the Empire and the Rebels rule)."""
    n = view["players"]
    empire = view["empire"]
    scores = " · ".join(f"{names[s]} {view['empire_tiles'][s]}" for s in range(n))
    line1 = (
        f"Campaign {view['campaign']} of 3 · Empire: {names[empire]} · "
        f"Countries ruled as Empire: {scores}"
    )
    rebels = " · ".join(f"{names[s]} {view['conflicts_won'][s]}" for s in range(n) if s != empire)
    line2 = (
        f"{_dominant_words(view)} · The Empire rules {held[0]}, the Rebels {held[1]}, "
        f"neutral {20 - sum(held)} · Conflicts won by Rebels: {rebels}"
    )
    return line1, line2


def _alliance_info(view: Mapping[str, Any], names: list[str], held: list[int]) -> tuple[str, str]:
    """The info strip's lines with 2 or 4 players: the campaigns won, then the bid, the
    drafting phase or the campaign (``held``: the countries Gold and Silver control)."""
    n = view["players"]
    sides = view["sides"]
    team = [" & ".join(names[s] for s in range(n) if sides[s] == side) for side in (0, 1)]
    wins = view["campaign_wins"]
    line1 = (
        f"Campaign {view['campaign']} · Campaigns won (best of 3): "
        f"Gold ({team[0]}) {wins[0]} – {wins[1]} Silver ({team[1]})"
    )
    if n == 4:
        return line1, _bid_info(view, names, held)
    if view["phase"] == "duel":
        tricks = view["drafting_tricks"]
        return line1, (
            f"Drafting phase: tricks {names[0]} {tricks[0]} – {tricks[1]} {names[1]} · "
            f"reserve {view['reserve_count']} cards · the most tricks chooses the suit"
        )
    if view["phase"] == "declare":
        tricks = view["drafting_tricks"]
        return line1, (
            f"{names[view['to_move']]} won the drafting phase ({max(tricks)} tricks to "
            f"{min(tricks)}) and now chooses the dominant suit"
        )
    agg = names[view["aggressor"]]
    bid = view.get("bid")
    goal = f"declared exactly {bid[0]}" if bid else "a tie goes to the Defender"
    return line1, (
        f"{_dominant_words(view)} · Aggressor {agg} ({goal}) · Gold {held[0]} · "
        f"Silver {held[1]} · neutral {20 - sum(held)}"
    )


def _bid_info(view: Mapping[str, Any], names: list[str], held: list[int]) -> str:
    """The info strip's second line with 4 players: the bid, and once it is won the
    countries the aggressors must control."""
    bid = view.get("bid")
    if bid and view["phase"] != "bid":
        agg = _side_name(view["sides"][bid[2]], view["players"])
        return (
            f"State of the Nations: {names[bid[2]]} bid {bid[0]} {SUITS[bid[1]]} · "
            f"{agg} must control {bid[0]}: Gold {held[0]} · Silver {held[1]} · "
            f"neutral {20 - sum(held)}"
        )
    if bid:
        return (
            f"State of the Nations: highest bid {bid[0]} {SUITS[bid[1]]} by "
            f"{names[bid[2]]} · countries from 10 to 20, then the suit"
        )
    return "State of the Nations: no bid yet · countries from 10 to 20, then the suit"


#: Shorter words for the info strip's phrases, tried in turn while a line is too wide for it
#: (a TV's body-size text, long names).
SHORTER = (
    (" · countries from 10 to 20, then the suit", ""),
    ("Campaigns won (best of 3):", "won:"),
    (" (a tie goes to the Defender)", " (a tie: Defender)"),
    ("Dominant suit:", "Dominant:"),
    ("Countries ruled as Empire:", "Ruled as Empire:"),
    ("The Empire rules ", "Empire "),
    (", the Rebels ", ", Rebels "),
    ("Conflicts won by Rebels:", "Rebels' conflicts:"),
    ("State of the Nations: ", ""),
)


def _shortened(line: str, font: pygame.font.Font, width: int) -> str:
    """``line``, with :data:`SHORTER`'s words put in one by one until it fits ``width``."""
    for long, short in SHORTER:
        if font.size(line)[0] <= width:
            break
        line = line.replace(long, short)
    return line


@lru_cache(maxsize=8)
def _power_width(display: Display) -> int:
    """The power column of a conflict's rows: it holds a number, a suit word and a pill (see
    :meth:`AlliancesLayout._power`), so it is as wide as its widest. Remembered: it depends
    on the window alone."""
    px, fp = display.px, display.font_px
    suit_font = render.fonts.get_font(fp(16), "sans-bold")
    pill_font = render.fonts.get_font(fp(17), "sans-bold")
    return max(
        display.frame_px(110),
        *(suit_font.size(SUITS[x])[0] + px(4) for x in SUITS),
        pill_font.size("Winning")[0] + px(16),
    )


def _tile_gap(display: Display) -> int:
    """The gap between map tiles: a little narrower on a TV, where the tiles get the room."""
    return display.frame_px(6 if display.profile == "tv" else 12)


def card_min() -> int:
    """The narrowest card drawn here: its number and symbol stay readable."""
    return max(card_art.MIN_WIDTH, 24)


def _ink_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark or white text, whichever reads on ``colour`` (the colour-blind gold is light)."""
    r, g, b = colour[:3]
    return (20, 20, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)


__all__ = ["AlliancesLayout", "card_label"]
