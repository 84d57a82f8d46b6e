"""The table's buttons: the status bar's (Menu, Rules, Save, Results or Undo; the Hint button is
:mod:`.hint_overlay`'s) and the layout's action strip, one button for each legal move no drag
or click offers and for each of the working area's local actions (a panel over the table when
there are too many for the strip). The scene keeps the strip's ``buttons`` and its
``button_panel``: the keyboard and the hint find moves among them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from rules import Move

from ..display import TARGET
from ..table import render
from ..ui.tooltips import keep_tip_clear

if TYPE_CHECKING:
    from .table import TableScene


class TableButtons:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.menu_button: pygame_gui.elements.UIButton | None = None
        self.rules_button: pygame_gui.elements.UIButton | None = None
        self.save_button: pygame_gui.elements.UIButton | None = None
        self.results_button: pygame_gui.elements.UIButton | None = None
        self.undo_button: pygame_gui.elements.UIButton | None = None

    def build_bar(self) -> None:
        """The status bar's buttons, from its right end; the Hint button goes left of them."""
        scene = self.scene
        app, d, container = scene.app, scene.app.display, scene.container
        status_h = scene.status.rect.h
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
        if not scene.game.over:
            self.results_button.hide()
        # Undo shares the Results slot: it is offered only while the game is on.
        self.undo_button = pygame_gui.elements.UIButton(
            self.results_button.relative_rect.copy(),
            "Undo",
            app.ui,
            container=container,
            tool_tip_text="Take back your last move (Ctrl+Z); the game then counts as assisted",
        )
        if not scene.saving.undo_offered():
            self.undo_button.hide()
        for button in (self.save_button, self.undo_button):
            keep_tip_clear(button, lambda: [scene.log.rect])  # the log's title stays readable
        hw = max(bw, font.size("Thinking…")[0] + d.px(36))  # the Hint button's longest text
        scene.hint.build(pygame.Rect(d.width - 4 * bw - hw - d.px(64), y, hw, bh))

    def sync(self) -> None:
        """Hide again what showing the container showed: Results while the game is on, Undo
        when it is not offered."""
        if self.results_button is not None and not self.scene.game.over:
            self.results_button.hide()
        if self.undo_button is not None and not self.scene.saving.undo_offered():
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
            self.scene.hint.button,
            self.results_button,
            self.undo_button,
            self.save_button,
            self.rules_button,
            self.menu_button,
        ]

    def _clear_strip(self) -> None:
        for button, _ in self.scene.buttons:
            button.kill()
        self.scene.buttons = []

    def rebuild(self) -> None:
        """The action strip for the table as it is now laid out."""
        scene = self.scene
        self._clear_strip()
        scene.button_panel = None
        area = scene.model.action_area
        if scene.reveal is not None:
            scene.reveal.build_button(scene.app, scene.container, area or scene.layout_rect)
            return
        if area is None or not scene.acting_human:
            return
        legal = scene.game.legal_moves()
        reachable = scene.gesture_moves(legal)
        rest: list[Move | str] = [
            m for m in scene.gestures.button_moves(legal) if m not in reachable
        ]
        area_ = scene.working_area
        local = area_.actions(scene.judge) if area_ is not None else []
        rest += [a.key for a in local]
        if not rest:
            return
        d = scene.app.display
        font = render.fonts.get_font(d.font_px(22))
        labels = [scene.describe(m) for m in rest if isinstance(m, Move)]
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
            panel.clamp_ip(scene.layout_rect)
            scene.button_panel = panel
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
                    scene.app.ui,
                    container=scene.container,
                    tool_tip_text=disabled.get(item) if isinstance(item, str) else None,
                )
                if isinstance(item, str) and item in disabled:
                    button.disable()
                scene.buttons.append((button, item))
                x += widths[i] + gap
            y += bh + gap

    def offer(self, moves: list[Move]) -> None:
        """Several legal moves for one gesture: a button for each, in the action strip."""
        scene = self.scene
        self._clear_strip()
        area = scene.model.action_area or scene.layout_rect
        d = scene.app.display
        w, h, gap = d.px(260), d.px(48), d.px(10)
        x = area.centerx - (len(moves) * (w + gap) - gap) // 2
        for move in moves:
            button = pygame_gui.elements.UIButton(
                pygame.Rect(x, area.y, w, h),
                scene.describe(move),
                scene.app.ui,
                container=scene.container,
            )
            scene.buttons.append((button, move))
            x += w + gap

    def on_button(self, element: object) -> None:
        """A button was pressed: the bar's, the hint's, the last trick's or a strip's."""
        scene = self.scene
        if scene.hint.handle_button(element) or scene.moments.handle_button(element):
            return
        if element is self.menu_button:
            scene.ask_leave()
        elif element is self.rules_button:
            scene.app.go.rules(scene.session.game_id)
        elif element is self.results_button:
            scene._show_results()
        elif element is self.undo_button:
            scene.undo()
        elif element is self.save_button:
            scene.save_as()
        else:
            for button, item in scene.buttons:
                if button is element:
                    if isinstance(item, Move):
                        scene.play_asking(item)
                    else:
                        scene.press_local_action(item)
                    return

    def explain_disabled(self, pos: tuple[int, int]) -> bool:
        """A click on a greyed-out button of the working area says why it is greyed out
        (End turn: which meld is invalid and why). True if it was one."""
        scene = self.scene
        for button, item in scene.buttons:
            if isinstance(item, str) and not button.is_enabled and button.rect.collidepoint(pos):
                area = scene.working_area
                reasons = {a.key: a.reason for a in area.actions(scene.judge)} if area else {}
                if reasons.get(item):
                    scene.app.toast(reasons[item], kind="error")
                    return True
        return False
