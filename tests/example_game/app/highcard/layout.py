"""High Card at the table: the rival's hand above, the viewer's hand below, the table between.

The table (zone ``table``, where every card is dropped) holds the card laid face down this
round (its face only for its owner), or else the two cards of the round just played. The
three cards set aside lie to its left, face down; to its right, each player's tokens, one a
round won. The table display (viewer ``None``) shows both hands face down.
"""

from __future__ import annotations

from typing import Any

import pygame
from example_game.rules_highcard import GAME_ID, TABLE, value_of

from rules import Outcome
from tabletop.display import Display
from tabletop.layouts.base import Layout
from tabletop.table.geometry import fan_rects
from tabletop.table.model import Box, Piece, TableModel, Text, Zone

CREAM = (240, 234, 216)
MUTED = (170, 179, 172)
PANEL = (14, 24, 19, 200)
EDGE = (201, 164, 76)


class HighCardLayout(Layout):
    game_id = GAME_ID

    def score_table(self, outcome: Outcome, names: list[str]) -> tuple[list[str], list[list[str]]]:
        rows = []
        for i, r in enumerate(outcome.breakdown.get("rounds", []), 1):
            cells = [
                str(value_of(c)) + (" ✓" if s == r["winner"] else "")
                for s, c in enumerate(r["cards"])
            ]
            rows.append([f"Round {i}", *cells])
        rows.append(["Rounds won", *(str(int(s)) for s in outcome.scores)])
        return ["", *names], rows

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
        pad = px(16)
        label_h = fp(20) + px(8)
        cw = max(24, min(px(120), round((rect.h - 4 * pad - 3 * label_h) / 3 / 1.4)))
        ch = round(cw * 1.4)
        me = viewer if viewer is not None else 0
        rival = 1 - me

        # The rival's hand (face down), then the viewer's (face up for its owner only).
        top = pygame.Rect(rect.x + pad, rect.y + pad + label_h, rect.w - 2 * pad, ch)
        bottom = pygame.Rect(rect.x + pad, rect.bottom - pad - ch, rect.w - 2 * pad, ch)
        for seat, area in ((rival, top), (me, bottom)):
            hand = view["hands"][seat]
            count = view["hand_counts"][seat]
            for i, r in enumerate(fan_rects(count, cw, ch, area)):
                if hand is not None:
                    card = hand[i]
                    model.pieces.append(
                        Piece(card, ("card", GAME_ID, card), r, z=10 + i, drag=card, label=card)
                    )
                else:
                    model.pieces.append(Piece(f"hand:{seat}:{i}", ("back", GAME_ID), r, z=10 + i))
            model.origins[f"hand:{seat}"] = area
            won = view["points"][seat]
            text = f"{names[seat]}: {won} round{'' if won == 1 else 's'} won"
            if view["to_move"] == seat:
                text += " (to play)"
            model.texts.append(
                Text(
                    text,
                    (area.centerx, area.y - px(6)),
                    fp(20),
                    CREAM,
                    "midbottom",
                    max_width=area.w,
                )
            )

        # The table in the middle, the cards set aside to its left, the tokens to its right.
        middle_top = top.bottom + pad
        middle_h = bottom.y - label_h - pad - middle_top
        table = pygame.Rect(0, 0, 2 * cw + 3 * pad, min(middle_h, ch + 2 * pad))
        table.center = (rect.centerx, middle_top + middle_h // 2)
        model.zones.append(Zone(TABLE, table, "The table"))
        model.boxes.append(Box(table, PANEL, EDGE, px(10), 2))
        slots = [
            pygame.Rect(table.x + pad, table.y + pad, cw, ch),
            pygame.Rect(table.x + 2 * pad + cw, table.y + pad, cw, ch),
        ]
        down = view["down"]
        if down is not None:
            card = down["card"]
            art = ("card", GAME_ID, card) if card is not None else ("back", GAME_ID)
            model.pieces.append(Piece(card or "down", art, slots[0], z=5))
            caption = f"{names[down['seat']]} laid a card face down."
        elif view["rounds"]:
            last = view["rounds"][-1]
            order = (last["leader"], 1 - last["leader"])
            for slot, seat in zip(slots, order, strict=True):
                card = last["cards"][seat]
                model.pieces.append(Piece(card, ("card", GAME_ID, card), slot, z=5))
            caption = f"Round {len(view['rounds'])}: {names[last['winner']]} wins."
        else:
            caption = "Drop a card here."
        model.texts.append(
            Text(caption, (table.centerx, table.bottom + px(6)), fp(18), MUTED, "midtop")
        )

        aside = pygame.Rect(0, 0, cw, ch)
        aside.midright = (table.x - 3 * pad, table.centery)
        for i in range(view["aside_count"]):
            model.pieces.append(Piece(f"aside:{i}", ("back", GAME_ID), aside.move(i * 3, -i * 3)))
        model.texts.append(
            Text("Set aside", (aside.centerx, aside.bottom + px(6)), fp(16), MUTED, "midtop")
        )

        token = max(16, cw // 2)
        tally = pygame.Rect(table.right + 3 * pad, table.y, token * 3, table.h)
        for seat, y in ((rival, tally.y), (me, tally.bottom - token)):
            wins = [i for i, r in enumerate(view["rounds"]) if r["winner"] == seat]
            for k, i in enumerate(wins):
                r = pygame.Rect(tally.x + k * (token + px(4)), y, token, token)
                model.pieces.append(Piece(f"token:{i}", ("piece", GAME_ID, "token", seat), r))

        # Every move is a drop on the table, so the strip for buttons is only for the scene's
        # choice between moves (never needed here) and stays between the table and the hand.
        strip_top = table.bottom + label_h
        model.action_area = pygame.Rect(
            rect.x + pad, strip_top, rect.w - 2 * pad, max(0, bottom.y - label_h - strip_top)
        )
        return model
