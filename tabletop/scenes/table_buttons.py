"""The table's buttons: the status bar's (Menu, Rules, Save, Results or Undo; the Hint button is
:mod:`.hint_overlay`'s) and the layout's action strip, one button for each legal move no drag
or click offers and for each of the working area's local actions (a panel over the table when
there are too many for the strip). The strip's buttons (``strip``) and its ``panel`` are read
by the keyboard, the drawing and the hint: they find moves among them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

import rules
from rules import Move

from ..display import TARGET
from ..table import render
from ..table.model import TableModel
from ..ui.tooltips import keep_tip_clear

if TYPE_CHECKING:
    from ..app import App
    from ..session import Session
    from ..table.gestures import Gestures
    from .hint_overlay import HintOverlay
    from .table_moments import TableMoments
    from .table_panels import LogPanel, StatusPanel
    from .table_reveal import RevealHold
    from .table_saving import TableSaving
    from .table_score import ScorePanel

#: A strip's button stands for a move, or for a key of one of the layout's local actions.
StripButton = tuple[pygame_gui.elements.UIButton, Move | str]


class ButtonsHost(Protocol):
    """What the buttons need of the table: where they stand, what it shows now, the moves it
    offers by other gestures, and what a button does."""

    app: App
    session: Session

    @property
    def container(self) -> pygame_gui.core.UIContainer | None: ...
    @property
    def game(self) -> rules.Game: ...
    @property
    def model(self) -> TableModel: ...
    @property
    def reveal(self) -> RevealHold | None: ...
    @property
    def layout_rect(self) -> pygame.Rect: ...
    @property
    def acting_human(self) -> bool: ...
    def gesture_moves(self, legal: list[Move]) -> set[Move]: ...
    def judge(self, move: Move) -> rules.IllegalMove | None: ...
    def describe(self, move: Move) -> str: ...
    def ask_leave(self) -> None: ...
    def open_menu(self) -> None: ...
    def _show_results(self) -> None: ...
    def undo(self) -> None: ...
    def save_as(self) -> None: ...
    def play_asking(self, move: Move) -> None: ...
    def press_local_action(self, key: str) -> None: ...


class TableButtons:
    def __init__(
        self,
        app: App,
        host: ButtonsHost,
        gestures: Gestures,
        *,
        panels: tuple[StatusPanel, LogPanel],
        hint: HintOverlay,
        moments: TableMoments,
        saving: TableSaving,
        score: ScorePanel | None = None,
    ) -> None:
        self.app = app
        self.host = host
        self.gestures = gestures
        self.status, self.log = panels
        self.hint = hint
        self.moments = moments
        self.saving = saving
        self.score = score
        self.strip: list[StripButton] = []
        #: The panel over the table the strip's buttons moved onto (too many for the strip).
        self.panel: pygame.Rect | None = None
        self.menu_button: pygame_gui.elements.UIButton | None = None
        self.rules_button: pygame_gui.elements.UIButton | None = None
        self.save_button: pygame_gui.elements.UIButton | None = None
        self.results_button: pygame_gui.elements.UIButton | None = None
        self.undo_button: pygame_gui.elements.UIButton | None = None

    def build_bar(self) -> None:
        """The status bar's buttons, from its right end; the Hint button goes left of them."""
        app, d, container = self.app, self.app.display, self.host.container
        status_h = self.status.rect.h
        font = render.fonts.get_font(d.font_px(22))
        bold = render.fonts.get_font(d.font_px(22), "sans-bold")  # Results is #primary: bold
        words = max(font.size(t)[0] for t in ("Menu", "Rules", "Save")) + d.px(36)
        bw = max(d.px(120), words, bold.size("Results")[0] + d.px(36))
        bh = min(d.px(44), status_h - d.frame_px(6))
        y = (status_h - bh) // 2
        self.menu_button = pygame_gui.elements.UIButton(
            pygame.Rect(d.width - bw - d.px(16), y, bw, bh),
            "Menu",
            app.ui,
            container=container,
        )
        self.rules_button = pygame_gui.elements.UIButton(
            pygame.Rect(d.width - 2 * bw - d.px(28), y, bw, bh),
            "Rules",
            app.ui,
            container=container,
        )
        self.save_button = pygame_gui.elements.UIButton(
            pygame.Rect(d.width - 3 * bw - d.px(40), y, bw, bh),
            "Save",
            app.ui,
            container=container,
            tool_tip_text="Keep a named copy of this game (Ctrl+S); the game is saved anyway",
        )
        self.results_button = pygame_gui.elements.UIButton(
            pygame.Rect(d.width - 4 * bw - d.px(52), y, bw, bh),
            "Results",
            app.ui,
            container=container,
            object_id="#primary",
        )
        if not self.host.game.over:
            self.results_button.hide()
        # Undo shares the Results slot: it is offered only while the game is on.
        self.undo_button = pygame_gui.elements.UIButton(
            self.results_button.relative_rect.copy(),
            "Undo",
            app.ui,
            container=container,
            tool_tip_text="Take back your last move (Ctrl+Z); the game then counts as assisted",
        )
        if not self.saving.undo_offered():
            self.undo_button.hide()
        log = self.log
        for button in (self.save_button, self.undo_button):
            keep_tip_clear(button, lambda: [log.rect])  # the log's title stays readable
        hw = max(bw, font.size("Thinking…")[0] + d.px(36))  # the Hint button's longest text
        self.hint.build(pygame.Rect(d.width - 4 * bw - hw - d.px(64), y, hw, bh))
        if self.score is not None:  # the score so far, left of the Hint button
            sw = max(d.px(110), font.size("Score")[0] + d.px(36))
            self.score.build(
                pygame.Rect(d.width - 4 * bw - hw - sw - d.px(76), y, sw, bh), container
            )

    def sync(self) -> None:
        """Hide again what showing the container showed: Results while the game is on, Undo
        when it is not offered."""
        if self.results_button is not None and not self.host.game.over:
            self.results_button.hide()
        if self.undo_button is not None and not self.saving.undo_offered():
            self.undo_button.hide()

    def game_over(self) -> None:
        """Results takes Undo's place."""
        if self.results_button is not None:
            self.results_button.show()
        if self.undo_button is not None:
            self.undo_button.hide()

    def status_buttons(self) -> list[object]:
        """The status bar's buttons, right to left of its text."""
        return [
            self.score.button if self.score is not None else None,
            self.hint.button,
            self.results_button,
            self.undo_button,
            self.save_button,
            self.rules_button,
            self.menu_button,
        ]

    def _clear_strip(self) -> None:
        for button, _ in self.strip:
            button.kill()
        self.strip = []

    def rebuild(self) -> None:
        """The action strip for the table as it is now laid out."""
        host = self.host
        self._clear_strip()
        self.panel = None
        area = host.model.action_area
        if host.reveal is not None:
            host.reveal.build_button(self.app, host.container, area or host.layout_rect)
            return
        if area is None or not host.acting_human:
            return
        legal = host.game.legal_moves()
        reachable = host.gesture_moves(legal)
        rest: list[Move | str] = [
            m for m in self.gestures.button_moves(legal) if m not in reachable
        ]
        area_ = self.gestures.working_area
        local = area_.actions(host.judge) if area_ is not None else []
        rest += [a.key for a in local]
        if not rest:
            return
        d = self.app.display
        font = render.fonts.get_font(d.font_px(22))
        labels = [host.describe(m) for m in rest if isinstance(m, Move)]
        labels += [a.label for a in local]
        disabled = {a.key: a.reason for a in local if not a.enabled}
        widths = [font.size(label)[0] + d.px(40) for label in labels]
        gap = d.px(10)
        rows: list[list[int]] = [[]]
        used = 0
        for i, w in enumerate(widths):
            if rows[-1] and used + gap + w > area.w:
                rows.append([])
                used = 0
            rows[-1].append(i)
            used += w + (gap if used else 0)
        # A button's face is TARGET tall at least (inside pygame-gui's 2 px shadow a side)
        # where the strip has the room for it.
        bh = max(d.px(44), d.font_px(22) + d.px(16), min(area.h, TARGET + 4))
        needed = len(rows) * bh + (len(rows) - 1) * gap
        if needed > area.h:
            # Too many choices for the strip: lift them onto a panel over the table.
            pad = d.px(18)
            width = max(sum(widths[i] for i in row) + gap * (len(row) - 1) for row in rows)
            panel = pygame.Rect(0, 0, width + 2 * pad, needed + 2 * pad)
            # Over the hand, not the houses: the houses are what the choice is about.
            panel.midtop = (area.centerx, area.top)
            panel.clamp_ip(host.layout_rect)
            self.panel = panel
            area = panel.inflate(-2 * pad, -2 * pad)
        y = area.y + (area.h - needed) // 2
        for row in rows:
            total = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = area.centerx - total // 2
            for i in row:
                item = rest[i]
                button = pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, widths[i], bh),
                    labels[i],
                    self.app.ui,
                    container=host.container,
                    tool_tip_text=disabled.get(item) if isinstance(item, str) else None,
                )
                if isinstance(item, str) and item in disabled:
                    button.disable()
                self.strip.append((button, item))
                x += widths[i] + gap
            y += bh + gap

    def offer(self, moves: list[Move]) -> None:
        """Several legal moves for one gesture: a button for each, in the action strip."""
        host = self.host
        self._clear_strip()
        area = host.model.action_area or host.layout_rect
        d = self.app.display
        w, h, gap = d.px(260), d.px(48), d.px(10)
        x = area.centerx - (len(moves) * (w + gap) - gap) // 2
        for move in moves:
            button = pygame_gui.elements.UIButton(
                pygame.Rect(x, area.y, w, h),
                host.describe(move),
                self.app.ui,
                container=host.container,
            )
            self.strip.append((button, move))
            x += w + gap

    def on_button(self, element: object) -> None:
        """A button was pressed: the bar's, the hint's, the last trick's or a strip's."""
        scene = self.host
        if self.hint.handle_button(element) or self.moments.handle_button(element):
            return
        if element is self.menu_button:
            scene.open_menu()
        elif element is self.rules_button:
            scene.app.go.rules(scene.session.game_id)
        elif element is self.results_button:
            scene._show_results()
        elif element is self.undo_button:
            scene.undo()
        elif element is self.save_button:
            scene.save_as()
        else:
            for button, item in self.strip:
                if button is element:
                    if isinstance(item, Move):
                        scene.play_asking(item)
                    else:
                        scene.press_local_action(item)
                    return

    def explain_disabled(self, pos: tuple[int, int]) -> bool:
        """A click on a greyed-out button of the working area says why it is greyed out
        (End turn: which meld is invalid and why). True if it was one."""
        for button, item in self.strip:
            if isinstance(item, str) and not button.is_enabled and button.rect.collidepoint(pos):
                area = self.gestures.working_area
                reasons = {a.key: a.reason for a in area.actions(self.host.judge)} if area else {}
                if reasons.get(item):
                    self.app.toast(reasons[item], kind="error")
                    return True
        return False
