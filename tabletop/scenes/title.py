"""The title screen: every game as a row (Play, Rules), then Settings and Quit.

The small kit the menu scenes share (the felt backdrop, theme-font measuring, wrapped labels)
lives in :mod:`tabletop.ui.menu`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UIScrollingContainer

import rules
from rules.core import GameSpec

from .. import __version__, locks
from ..fonts import get_font
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
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        W, H = d.size
        width = min(d.px(1240), W - 2 * d.px(60))
        x0 = (W - width) // 2
        games = self.games()

        title_h = line_height(app, "#title")
        tag_h = line_height(app, "#tagline")
        play_w, rules_w, bgap = d.px(170), d.px(150), d.px(14)
        pad_x = d.px(30)
        text_w = width - 2 * pad_x - play_w - rules_w - bgap - d.px(30)
        name_h = line_height(app, "#game_name")
        pitch_h = line_height(app, "#pitch")
        head_h = title_h + d.px(10) + tag_h

        # Every game on the screen without scrolling: the roomiest layout that fits, tighter
        # ones (one line of pitch, then none, less air) for big profiles and small windows.
        for pitch_lines, btn_h, pad_y, row_gap, gap_head, gap_foot, margin_v in DENSITIES:
            btn_h, pad_y, row_gap = d.px(btn_h), d.px(pad_y), d.px(row_gap)
            gap_head, gap_foot, margin_v = d.px(gap_head), d.px(gap_foot), d.px(margin_v)
            pitches = [self._pitch(g.pitch, text_w, pitch_lines) for g in games]
            row_hs = [
                max(btn_h + 2 * pad_y, 2 * pad_y + name_h + d.px(4) * bool(p) + len(p) * pitch_h)
                for p in pitches
            ]
            rows_h = sum(row_hs) + row_gap * max(0, len(games) - 1)
            avail = H - 2 * margin_v
            fixed = head_h + gap_head + gap_foot + btn_h
            scroll = fixed + rows_h > avail
            if not scroll:
                break
        list_h = min(rows_h, avail - fixed) if scroll else rows_h
        # Centre the whole column, a little above the middle (it reads better).
        top = max(margin_v, (H - (fixed + list_h)) * 9 // 20)

        add_label(app, root, pygame.Rect(0, top, W, title_h), "tabletop", "#title", "centre")
        y = top + title_h + d.px(10)
        add_label(
            app,
            root,
            pygame.Rect(0, y, W, tag_h),
            "Card games for one table — with friends, or against the computer.",
            "#tagline",
            "centre",
        )
        self._rule_y = y + tag_h + gap_head // 2
        y += tag_h + gap_head

        holder: IContainerLikeInterface = root
        ox, oy = x0, y
        if scroll:
            # Too many games for the window: the rows scroll, the rest stays put.
            self.scroller = UIScrollingContainer(
                pygame.Rect(x0, y, width + 20 + max(6, d.px(12)), list_h),  # 20: pygame-gui's bar
                app.ui,
                container=root,
                allow_scroll_x=False,
            )
            self.scroller.set_scrollable_area_dimensions((width, rows_h))
            holder, ox, oy = self.scroller, 0, 0

        self.play_buttons.clear()
        self.rules_buttons.clear()
        self.game_labels.clear()
        ry = oy
        for spec, lines, row_h in zip(games, pitches, row_hs, strict=True):
            panel = UIPanel(
                pygame.Rect(ox, ry, width, row_h),
                starting_height=1,
                manager=app.ui,
                container=holder,
                object_id="#game_row",
            )
            inner_w = panel.get_container().get_rect().width
            inner_h = panel.get_container().get_rect().height
            text_h = name_h + (d.px(4) + len(lines) * pitch_h if lines else 0)
            ty = (inner_h - text_h) // 2
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
            by = (inner_h - btn_h) // 2
            bx = inner_w - pad_x - play_w
            self.play_buttons[spec.id] = UIButton(
                pygame.Rect(bx, by, play_w, btn_h),
                "Play",
                app.ui,
                container=panel,
                object_id="#primary",
                tool_tip_text=f"Set up a game of {spec.title}",
            )
            self.rules_buttons[spec.id] = UIButton(
                pygame.Rect(bx - bgap - rules_w, by, rules_w, btn_h),
                "Rules",
                app.ui,
                container=panel,
                object_id="#big_button",
            )
            ry += row_h + row_gap

        y += list_h + gap_foot
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
