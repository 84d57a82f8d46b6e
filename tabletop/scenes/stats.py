"""The statistics screen: per game and player, games played and won, win rate against each
AI level, best score, streaks and assisted games (see :mod:`..stats`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

import rules

from .. import fonts
from ..stats import PlayerFigures, figures, load_records
from ..ui.focus import MenuKeys
from ..ui.grid import render_grid
from ..ui.menu import Backdrop, add_label, line_height, text_width, wrap_for
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

LEVEL_COLUMNS = (("easy", "vs Easy"), ("normal", "vs Normal"), ("hard", "vs Hard"))
HEADER = (
    "Game",
    "Player",
    "Played",
    "Won",
    "Win rate",
    *(label for _, label in LEVEL_COLUMNS),
    "Best score",
    "Streak",
    "Best streak",
    "Assisted",
)


def percent(won: int, played: int) -> str:
    return f"{round(100 * won / played)}%" if played else "–"


def row_cells(f: PlayerFigures) -> list[str]:
    """One row of the statistics table, as text."""
    levels = []
    for level, _ in LEVEL_COLUMNS:
        lf = f.by_level.get(level)
        levels.append(f"{lf.won}/{lf.played} · {percent(lf.won, lf.played)}" if lf else "–")
    best = "–" if f.best_score is None else f"{f.best_score:g}"
    return [
        f.title,
        f.name,
        str(f.played),
        str(f.won),
        percent(f.won, f.played),
        *levels,
        best,
        str(f.streak),
        str(f.best_streak),
        str(f.assisted),
    ]


class StatsScene(Scene):
    """Figures from every finished game, a page at a time, optionally one game only."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menu_keys = MenuKeys(self)  # arrows, Tab and Enter over the buttons (a TV remote)
        self.backdrop = Backdrop()
        records, warning = load_records()
        if warning:
            app.toast(warning, kind="error", seconds=8)
        self.records = records
        self.game_filter: str | None = None
        self.page = 0
        self.per_page = 1
        self.rows: list[list[str]] = []
        self.grid: pygame.Surface | None = None
        self.grid_pos = (0, 0)
        self.grid_font_size = 0
        self.back_button: UIButton | None = None
        self.game_button: UIButton | None = None
        self.prev_button: UIButton | None = None
        self.next_button: UIButton | None = None

    @property
    def all_rows(self) -> list[list[str]]:
        chosen = [r for r in self.records if self.game_filter in (None, r["game"])]
        return [row_cells(f) for f in figures(chosen)]

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.all_rows) // self.per_page))

    def _filter_label(self) -> str:
        if self.game_filter is None:
            return "Game: all"
        spec = rules.GAMES.get(self.game_filter)
        return f"Game: {spec.title if spec else self.game_filter}"

    # ---- layout -----------------------------------------------------------------------
    def build(self) -> None:
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        W, H = d.size
        width = W - 2 * d.px(50)
        margin = d.px(40)
        head_h = line_height(app, "#heading")
        add_label(app, root, pygame.Rect(0, margin, W, head_h), "Statistics", "#heading", "centre")
        note = (
            "Human players' results in finished games. Win rate by AI level counts each game "
            "under the strongest AI at the table; assisted games used Undo."
        )
        y = margin + head_h + d.px(8)
        help_h = line_height(app, "#help")
        for line in wrap_for(app, "#help", note, width)[:2]:
            add_label(app, root, pygame.Rect(0, y, W, help_h), line, "#help", "centre")
            y += help_h
        top = y + d.px(20)
        btn_h = d.px(54)
        foot_y = H - margin - btn_h
        room = foot_y - d.px(24) - top
        rows = self.all_rows
        self.per_page = max(1, self._rows_fitting(rows, width, room))
        self.page = min(self.page, self.pages - 1)
        self.rows = rows[self.page * self.per_page : (self.page + 1) * self.per_page]
        if rows:
            self.grid = self._render_grid(self.rows, width, room)
            self.grid_pos = ((W - self.grid.get_width()) // 2, top)
        else:
            self.grid = None
            msg = (
                "No finished games yet: play a game to the end and its figures appear here."
                if not self.records
                else "No finished games of this game yet."
            )
            lead_h = line_height(app, "#lead")
            for line in wrap_for(app, "#lead", msg, width):
                add_label(
                    app, root, pygame.Rect(0, top + d.px(30), W, lead_h), line, "#lead", "centre"
                )
                top += lead_h

        games = sorted({r["game"] for r in self.records})
        labels = [self._widest_filter(games), "Back"]
        fw = max(
            d.px(200), *(text_width(app, "#big_button", t, "button") + d.px(44) for t in labels)
        )
        fgap = d.px(20)
        fx = (W - 2 * fw - fgap) // 2
        self.game_button = UIButton(
            pygame.Rect(fx, foot_y, fw, btn_h),
            self._filter_label(),
            app.ui,
            container=root,
            object_id="#big_button",
            tool_tip_text="Show one game's figures, or all",
        )
        if len(games) < 2 and self.game_filter is None:
            self.game_button.disable()
        self.back_button = UIButton(
            pygame.Rect(fx + fw + fgap, foot_y, fw, btn_h),
            "Back",
            app.ui,
            container=root,
            object_id="#big_button",
        )
        self.prev_button = self.next_button = None
        if self.pages > 1:
            nw = max(d.px(150), text_width(app, "#big_button", "Previous", "button") + d.px(40))
            x0 = (W - width) // 2
            self.prev_button = UIButton(
                pygame.Rect(x0, foot_y, nw, btn_h), "Previous", app.ui, container=root
            )
            self.next_button = UIButton(
                pygame.Rect(x0 + width - nw, foot_y, nw, btn_h), "Next", app.ui, container=root
            )
            if self.page == 0:
                self.prev_button.disable()
            if self.page >= self.pages - 1:
                self.next_button.disable()

    def _widest_filter(self, games: list[str]) -> str:
        titles = ["all"] + [rules.GAMES[g].title if g in rules.GAMES else g for g in games]
        return "Game: " + max(titles, key=len)

    def _rows_fitting(self, rows: list[list[str]], max_w: int, max_h: int) -> int:
        """How many rows fit in ``max_h`` at a readable size (at least 16 px at 1080p)."""
        size = max(12, self.app.display.font_px(16))
        row_h = fonts.get_font(size, "sans").get_linesize() + 2 * round(size * 0.42)
        return max(1, max_h // row_h - 1)  # one row for the header

    def _render_grid(self, rows: list[list[str]], max_w: int, max_h: int) -> pygame.Surface:
        """The figures as a grid, with the largest font (≤ 22 px at 1080p) that fits."""
        grid, self.grid_font_size = render_grid(
            [list(HEADER), *rows],
            self.app.display.font_px(22),
            max_w,
            max_h,
            label_columns=2,
            pad=0.7,
        )
        return grid

    # ---- events -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.back()
            elif event.ui_element is self.game_button:
                self.next_game()
            elif event.ui_element is self.prev_button:
                self.turn_page(-1)
            elif event.ui_element is self.next_button:
                self.turn_page(1)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn_page(1 if event.key == pygame.K_PAGEDOWN else -1)
        else:
            super().handle(event)

    def next_game(self) -> None:
        games: list[str | None] = [None, *sorted({r["game"] for r in self.records})]
        self.game_filter = games[(games.index(self.game_filter) + 1) % len(games)]
        self.page = 0
        self.rebuild()

    def turn_page(self, by: int) -> None:
        page = max(0, min(self.pages - 1, self.page + by))
        if page != self.page:
            self.page = page
            self.rebuild()

    # ---- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.app.display)
        if self.grid is not None:
            surface.blit(self.grid, self.grid_pos)
