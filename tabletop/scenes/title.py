"""The title screen: every game as a row (Learn, Rules, Play), then Settings and Quit.

The small kit the menu scenes share (the felt backdrop, theme-font measuring, wrapped labels)
lives in :mod:`tabletop.ui.menu`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UIScrollingContainer

import rules
from rules.core import GameSpec

from .. import __version__, locks
from ..fonts import get_font
from ..learn import play as learn_play
from ..saves import SaveError, SaveInfo, list_saves, read_save
from ..ui.focus import MenuKeys
from ..ui.menu import (
    Backdrop,
    add_label,
    draw_glow_line,
    line_height,
    text_width,
    theme_font,
    wrap_for,
)
from ..ui.palette import MUTED
from ..ui.text import ellipsize
from .base import Scene
from .in_use import as_copy, offer_copy

if TYPE_CHECKING:
    from pygame_gui.core.interfaces import IContainerLikeInterface

    from ..app import App
    from ..session import Session
    from ..ui.dialogs import Question


#: Title layouts from roomy to tight, in 1080p-desktop pixels: pitch lines, button height,
#: row padding, gap between rows, gaps under the heading and over the footer, top margin.
DENSITIES = (
    (3, 60, 18, 16, 44, 40, 50),
    (2, 56, 12, 12, 30, 28, 36),
    (1, 52, 10, 10, 24, 24, 30),
    (0, 50, 10, 10, 20, 20, 24),
)


#: A game row's parts, in 1080p-desktop pixels: Play, Rules and Learn, the gap between them,
#: the padding at the row's ends.
PLAY_W, RULES_W, LEARN_W, BUTTON_GAP, PAD_X = 170, 150, 150, 14, 30


@dataclass(frozen=True)
class _Column:
    """The title column at one density (pixels), with each game's pitch lines and row height."""

    btn_h: int
    row_gap: int
    gap_head: int  # under the heading
    gap_foot: int  # over the footer's buttons
    margin_v: int  # the least space above and below everything
    pitches: list[list[str]]
    row_hs: list[int]
    rows_h: int  # every row with the gaps between them
    list_h: int  # the rows as shown (less than rows_h where they scroll)
    fixed: int  # the heading, the footer and the gaps around the list


def players_text(spec: GameSpec) -> str:
    """ "2 players", "3–9 players" or "2 or 4 players"."""
    return spec.players_text


# ---------------------------------------------------------------------------------------------
# The title scene
# ---------------------------------------------------------------------------------------------


class TitleScene(Scene):
    """The first screen: pick a game, read its rules, change settings or quit."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menu_keys = MenuKeys(self)
        self.backdrop = Backdrop()
        self.play_buttons: dict[str, UIButton] = {}
        self.rules_buttons: dict[str, UIButton] = {}
        self.learn_buttons: dict[str, UIButton] = {}
        self.game_labels: dict[str, UILabel] = {}
        self.settings_button: UIButton | None = None
        self.quit_button: UIButton | None = None
        self.continue_button: UIButton | None = None
        self.load_button: UIButton | None = None
        self.stats_button: UIButton | None = None
        self.resume: SaveInfo | None = None  # the unfinished game "Continue" resumes
        self._saves_checked = False
        #: "Open a copy?" asked for a game another window has open: the dialog and the game.
        self.copy_offer: tuple[Question, Session] | None = None
        self.scroller: UIScrollingContainer | None = None
        self._rule_y = 0

    @staticmethod
    def games() -> list[GameSpec]:
        return sorted(rules.GAMES.values(), key=lambda s: s.title.casefold())

    def build(self) -> None:
        d = self.app.display
        W, H = d.size
        width = min(d.px(1400), W - 2 * d.px(60))  # room for Learn, Rules and Play
        x0 = (W - width) // 2
        games = self.games()
        buttons_w = d.px(PLAY_W) + d.px(RULES_W) + d.px(LEARN_W) + 2 * d.px(BUTTON_GAP)
        text_w = width - 2 * d.px(PAD_X) - buttons_w - d.px(30)
        col = self._column(games, text_w)
        # Centre the whole column, a little above the middle (it reads better).
        top = max(col.margin_v, (H - (col.fixed + col.list_h)) * 9 // 20)
        y = self._heading(top, col.gap_head)
        holder, ox, oy = self._game_list(pygame.Rect(x0, y, width, col.list_h), col.rows_h)
        self.play_buttons.clear()
        self.rules_buttons.clear()
        self.learn_buttons.clear()
        self.game_labels.clear()
        for spec, lines, row_h in zip(games, col.pitches, col.row_hs, strict=True):
            self._game_row(holder, pygame.Rect(ox, oy, width, row_h), spec, lines, col, text_w)
            oy += row_h + col.row_gap
        self._footer(y + col.list_h + col.gap_foot, col.btn_h)

    def _column(self, games: list[GameSpec], text_w: int) -> _Column:
        """Every game on the screen without scrolling: the roomiest layout that fits, tighter
        ones (one line of pitch, then none, less air) for big profiles and small windows; the
        tightest, its rows scrolling, when none fits."""
        app, d = self.app, self.app.display
        name_h = line_height(app, "#game_name")
        pitch_h = line_height(app, "#pitch")
        head_h = line_height(app, "#title") + d.px(10) + line_height(app, "#tagline")
        for pitch_lines, *sizes in DENSITIES:
            btn_h, pad_y, row_gap, gap_head, gap_foot, margin_v = (d.px(s) for s in sizes)
            pitches = [self._pitch(g.pitch, text_w, pitch_lines) for g in games]
            row_hs = [
                max(btn_h + 2 * pad_y, 2 * pad_y + name_h + d.px(4) * bool(p) + len(p) * pitch_h)
                for p in pitches
            ]
            rows_h = sum(row_hs) + row_gap * max(0, len(games) - 1)
            avail = d.height - 2 * margin_v
            fixed = head_h + gap_head + gap_foot + btn_h
            scroll = fixed + rows_h > avail
            if not scroll:
                break
        list_h = min(rows_h, avail - fixed) if scroll else rows_h
        return _Column(
            btn_h, row_gap, gap_head, gap_foot, margin_v, pitches, row_hs, rows_h, list_h, fixed
        )

    def _heading(self, top: int, gap_head: int) -> int:
        """The app's name and its tagline over a glowing rule; returns where the games start."""
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        title_h, tag_h = line_height(app, "#title"), line_height(app, "#tagline")
        add_label(app, root, pygame.Rect(0, top, d.width, title_h), "tabletop", "#title", "centre")
        y = top + title_h + d.px(10)
        add_label(
            app,
            root,
            pygame.Rect(0, y, d.width, tag_h),
            "Card games for one table — with friends, or against the computer.",
            "#tagline",
            "centre",
        )
        self._rule_y = y + tag_h + gap_head // 2
        return y + tag_h + gap_head

    def _game_list(
        self, rect: pygame.Rect, rows_h: int
    ) -> tuple[IContainerLikeInterface, int, int]:
        """What holds the game rows in ``rect`` and where in it they start: the page itself,
        or, where the rows are taller than ``rect``, a scrolling container."""
        root = self.container
        assert root is not None
        if rows_h <= rect.height:
            return root, rect.x, rect.y
        # Too many games for the window: the rows scroll, the rest stays put.
        bar = 20 + max(6, self.app.display.px(12))  # 20: pygame-gui's scroll bar
        self.scroller = UIScrollingContainer(
            pygame.Rect(rect.x, rect.y, rect.width + bar, rect.height),
            self.app.ui,
            container=root,
            allow_scroll_x=False,
        )
        self.scroller.set_scrollable_area_dimensions((rect.width, rows_h))
        return self.scroller, 0, 0

    def _game_row(
        self,
        holder: IContainerLikeInterface,
        rect: pygame.Rect,
        spec: GameSpec,
        lines: list[str],
        col: _Column,
        text_w: int,
    ) -> None:
        """One game's row: its name, players and pitch at the left, Learn, Rules and Play at
        the right."""
        app, d = self.app, self.app.display
        name_h, pitch_h = line_height(app, "#game_name"), line_height(app, "#pitch")
        pad_x = d.px(PAD_X)
        panel = UIPanel(
            rect, starting_height=1, manager=app.ui, container=holder, object_id="#game_row"
        )
        inner = panel.get_container().get_rect()
        text_h = name_h + (d.px(4) + len(lines) * pitch_h if lines else 0)
        ty = (inner.height - text_h) // 2
        name_w = text_width(app, "#game_name", spec.title) + d.px(6)
        self.game_labels[spec.id] = add_label(
            app, panel, pygame.Rect(pad_x, ty, name_w, name_h), spec.title, "#game_name"
        )
        players_w = min(d.px(260), max(1, text_w - name_w - d.px(18)))
        add_label(
            app,
            panel,
            pygame.Rect(pad_x + name_w + d.px(18), ty, players_w, name_h),
            players_text(spec),
            "#players",
        )
        py = ty + name_h + d.px(4)
        for line in lines:
            add_label(app, panel, pygame.Rect(pad_x, py, text_w, pitch_h), line, "#pitch")
            py += pitch_h
        play_w, rules_w, btn_h = d.px(PLAY_W), d.px(RULES_W), col.btn_h
        by = (inner.height - btn_h) // 2
        bx = inner.width - pad_x - play_w
        self.play_buttons[spec.id] = UIButton(
            pygame.Rect(bx, by, play_w, btn_h),
            "Play",
            app.ui,
            container=panel,
            object_id="#primary",
            tool_tip_text=f"Set up a game of {spec.title}",
        )
        rx = bx - d.px(BUTTON_GAP) - rules_w
        self.rules_buttons[spec.id] = UIButton(
            pygame.Rect(rx, by, rules_w, btn_h),
            "Rules",
            app.ui,
            container=panel,
            object_id="#big_button",
        )
        learn_w = d.px(LEARN_W)
        taught = learn_play.has_lessons(spec.id)
        learn = UIButton(
            pygame.Rect(rx - d.px(BUTTON_GAP) - learn_w, by, learn_w, btn_h),
            "Learn",
            app.ui,
            container=panel,
            object_id="#big_button",
            tool_tip_text=(
                f"Learn {spec.title} at the table, one move at a time"
                if taught
                else f"No lessons for {spec.title} yet"
            ),
        )
        if not taught:
            learn.disable()
        self.learn_buttons[spec.id] = learn

    def _footer(self, y: int, btn_h: int) -> None:
        """Continue (when there is a game to continue), Load, Statistics, Settings and Quit,
        all as wide as the widest, centred at ``y``."""
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        W = d.width
        self._find_resume()
        labels = ["Load", "Statistics", "Settings", "Quit"]
        if self.resume is not None:
            labels.insert(0, "Continue")
        fgap = d.px(20)
        fw = max(
            d.px(170), *(text_width(app, "#big_button", t, "button") + d.px(44) for t in labels)
        )
        fw = min(fw, (W - 2 * d.px(40) - fgap * (len(labels) - 1)) // len(labels))
        fx = (W - len(labels) * fw - (len(labels) - 1) * fgap) // 2
        footer: dict[str, UIButton] = {}
        for i, label in enumerate(labels):
            footer[label] = UIButton(
                pygame.Rect(fx + i * (fw + fgap), y, fw, btn_h),
                label,
                app.ui,
                container=root,
                object_id="#primary" if label == "Continue" else "#big_button",
                tool_tip_text=self._resume_tip() if label == "Continue" else None,
            )
        self.continue_button = footer.get("Continue")
        self.load_button = footer["Load"]
        self.stats_button = footer["Statistics"]
        self.settings_button = footer["Settings"]
        self.quit_button = footer["Quit"]

    def _pitch(self, pitch: str, width: int, lines: int) -> list[str]:
        """The pitch in at most ``lines`` lines (the last one ellipsized), or none."""
        if lines <= 0:
            return []
        wrapped = wrap_for(self.app, "#pitch", pitch, width)
        if len(wrapped) <= lines:
            return wrapped
        rest = " ".join(wrapped[lines - 1 :])
        return [
            *wrapped[: lines - 1],
            ellipsize(rest, theme_font(self.app, "#pitch"), width, words=True),
        ]

    def _find_resume(self) -> None:
        """The last unfinished game, for Continue; bad save files are reported once."""
        infos, problems = list_saves()
        self.resume = next((i for i in infos if not i.finished), None)
        if problems and not self._saves_checked:
            self.app.toast(problems[0], kind="error", seconds=8)
        self._saves_checked = True

    def uncover(self) -> None:
        """Back from Load (a save deleted or imported there), Statistics or Settings: Continue
        offers the game there is to continue now, not the one there was."""
        super().uncover()
        before = self.resume
        self._find_resume()
        if self.resume != before:
            self.rebuild()

    def _resume_tip(self) -> str | None:
        if self.resume is None:
            return None
        return f"{self.resume.title} with {', '.join(self.resume.names)}: {self.resume.summary}"

    # ---- events -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def _pressed(self, element: object) -> None:
        for game_id, button in self.play_buttons.items():
            if element is button:
                self.open_setup(game_id)
                return
        for game_id, button in self.rules_buttons.items():
            if element is button:
                self.open_rules(game_id)
                return
        for game_id, button in self.learn_buttons.items():
            if element is button:
                self.app.go.learn(game_id)
                return
        if element is self.continue_button:
            self.continue_game()
        elif element is self.load_button:
            self.app.go.load()
        elif element is self.stats_button:
            self.app.go.stats()
        elif element is self.settings_button:
            self.app.go.settings()
        elif element is self.quit_button:
            self.app.request_quit()

    def continue_game(self) -> None:
        """Resume the last unfinished game exactly where it was left."""
        if self.resume is None:
            return
        try:
            session = read_save(self.resume.path)
        except SaveError as err:
            self.app.toast(str(err), kind="error", seconds=8)
            self.rebuild()  # the bad file is gone from the list: Continue may change
            return
        if locks.open_elsewhere(session.save_id):
            self.copy_offer = (offer_copy(self.app, self.open_copy), session)
            return
        self.app.go.table(session)

    def open_copy(self) -> None:
        """The player chose to open a copy of a game another window has open."""
        if self.copy_offer is not None:
            session = as_copy(self.copy_offer[1])
            self.copy_offer = None
            self.app.go.table(session)

    def open_setup(self, game_id: str) -> None:
        self.app.go.setup(game_id)

    def open_rules(self, game_id: str) -> None:
        self.app.go.rules(game_id)

    def back(self) -> None:
        """Esc on the title screen quits (the app asks first if a game is in progress)."""
        self.app.request_quit()

    # ---- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        self.backdrop.draw(surface, d)
        draw_glow_line(surface, d.width // 2, self._rule_y, d.px(260), max(1, d.px(2)))
        # The version, out of the way inside the frame's corner (as `tabletop --version` says).
        version = get_font(d.font_px(15)).render(f"tabletop {__version__}", True, MUTED)
        corner = (d.width - d.px(40), d.height - d.px(26))  # the frame is inset by px(18)
        surface.blit(version, version.get_rect(bottomright=corner))
