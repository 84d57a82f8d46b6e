"""Settings: fullscreen, display profile, animation speed, sound and its volume, whether finished
tricks wait for a click, colour-blind-safe suits.

Every change applies at once and is saved. The state lives in ``app.settings`` (never in the
widgets): changing the profile or fullscreen rebuilds every scene's widgets, this one included.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UILabel

from ..ui.focus import MenuKeys
from ..ui.menu import Backdrop, add_label, fit_drop_downs, line_height, wrap_for
from ..ui.slider import ScaledSlider
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

PROFILES = {"Desktop": "desktop", "TV": "tv"}
SPEEDS = {"Instant": 0.0, "Fast": 2.0, "Normal": 1.0, "Slow": 0.5}
#: Check boxes' row titles and the settings they hold.
WAIT = "Finished tricks wait for a click"
CHECKS = {
    "Fullscreen": "fullscreen",
    "Sound": "sound",
    "Colour-blind-safe suits": "colorblind",
    WAIT: "tricks_wait",
}
SEPARATOR = (58, 72, 62)
VOLUME_STEP = 5  # a drag changes the volume (and plays its sample) at most every 5 of 100
#: The panel's padding, a row's control, a menu's height, a check box, Done's height (1080p px).
PAD, CONTROL_W, FIELD_H, CHECK, BUTTON_H = 36, 260, 48, 38, 62


def speed_label(speed: float) -> str:
    """The menu entry nearest to ``speed`` (a hand-edited file may hold any value)."""
    return min(SPEEDS, key=lambda k: abs(SPEEDS[k] - speed))


@dataclass
class _Row:
    title: str
    help: str
    widget: UICheckBox | UIDropDownMenu | UIHorizontalSlider | None = None
    rect: pygame.Rect | None = None  # the whole row: a click anywhere toggles a check box


def _rows() -> list[_Row]:
    """The settings, one row each, in screen order."""
    return [
        _Row("Fullscreen", "Use the whole screen."),
        _Row("Display profile", "TV makes text and cards larger, for reading from the sofa."),
        _Row("Animation speed", "How fast cards glide; Instant skips the animations."),
        _Row("Sound", "Card and table sounds."),
        _Row("Volume", "How loud the sounds are."),
        _Row(
            WAIT,
            "A finished trick or conflict stays on the table until you click or press a key, "
            "instead of about a second.",
        ),
        _Row(
            "Colour-blind-safe suits",
            "Suit colours that stay easy to tell apart with colour blindness.",
        ),
    ]


class SettingsScene(Scene):
    """The settings screen (reached from the title or the table's Menu; Esc or Done returns to
    the scene below, the game itself from the table)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menu_keys = MenuKeys(self)
        self.backdrop = Backdrop()
        self.fullscreen: UICheckBox | None = None
        self.profile: UIDropDownMenu | None = None
        self.speed: UIDropDownMenu | None = None
        self.sound: UICheckBox | None = None
        self.volume: UIHorizontalSlider | None = None
        self.volume_label: UILabel | None = None
        self.colorblind: UICheckBox | None = None
        self.tricks_wait: UICheckBox | None = None
        self.back_button: UIButton | None = None
        self.rows: list[_Row] = []
        self._separators: list[tuple[int, int, int]] = []

    def build(self) -> None:
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        W, H = d.size
        item_h = fit_drop_downs(app)
        rows = _rows()
        width, heights, row_gap = self._fit(rows)
        pad, head_h = d.px(PAD), line_height(app, "#heading")
        panel_h = 2 * pad + sum(heights) + row_gap * (len(rows) - 1)
        top = max(d.px(24), (H - self._total(heights, row_gap)) * 2 // 5)
        add_label(app, root, pygame.Rect(0, top, W, head_h), "Settings", "#heading", "centre")
        x0 = (W - width) // 2
        y0 = top + head_h + d.px(30)
        # The panel is drawn (not a UIPanel): a UIPanel would swallow the row clicks.
        self.backdrop.panels = [pygame.Rect(x0, y0, width, panel_h)]
        y = y0 + pad
        self._separators = []
        for n, (row, h) in enumerate(zip(rows, heights, strict=True)):
            cell = pygame.Rect(x0 + pad, y, width - 2 * pad, h)
            if n:
                self._separators.append((cell.x, y - row_gap // 2, cell.right))
            self._place_row(row, cell, row_gap, item_h)
            y += h + row_gap
        self.rows = rows
        widgets = {r.title: r.widget for r in rows}
        self.fullscreen, self.sound, self.colorblind, self.tricks_wait = (
            w if isinstance(w, UICheckBox) else None
            for w in (
                widgets["Fullscreen"],
                widgets["Sound"],
                widgets["Colour-blind-safe suits"],
                widgets[WAIT],
            )
        )
        self.profile, self.speed = (
            w if isinstance(w, UIDropDownMenu) else None
            for w in (widgets["Display profile"], widgets["Animation speed"])
        )
        bw = d.px(240)
        self.back_button = UIButton(
            pygame.Rect((W - bw) // 2, y0 + panel_h + d.px(30), bw, d.px(BUTTON_H)),
            "Done",
            app.ui,
            container=root,
            object_id="#primary",
        )

    def _fit(self, rows: list[_Row]) -> tuple[int, list[int], int]:
        """The panel's width, its rows' heights and the gap between them: the panel's own
        width first; where the rows then stand taller than the window (a TV's large text wraps
        the help lines), the window's width, then closer rows."""
        d = self.app.display
        room = d.height - 2 * d.px(24)
        width = min(d.px(1000), d.width - 2 * d.px(60))
        heights, row_gap = self._heights(rows, width), d.px(24)
        if self._total(heights, row_gap) > room:
            width = d.width - 2 * d.px(60)
            heights = self._heights(rows, width)
        while self._total(heights, row_gap) > room and row_gap > d.px(6):
            row_gap -= 1
        return width, heights, row_gap

    def _heights(self, rows: list[_Row], width: int) -> list[int]:
        """Each row's height in a panel ``width`` wide: its title and up to two lines of help,
        or its control where that is taller."""
        app, d = self.app, self.app.display
        text_w = width - 2 * d.px(PAD) - d.px(CONTROL_W) - d.px(30)
        title_h, help_h = line_height(app, "#subheading"), line_height(app, "#help")
        return [
            max(d.px(FIELD_H), title_h + len(wrap_for(app, "#help", r.help, text_w)[:2]) * help_h)
            for r in rows
        ]

    def _total(self, heights: list[int], row_gap: int) -> int:
        """The screen's height: heading, panel of rows, Done."""
        d = self.app.display
        panel_h = 2 * d.px(PAD) + sum(heights) + row_gap * (len(heights) - 1)
        return line_height(self.app, "#heading") + d.px(30) + panel_h + d.px(30) + d.px(BUTTON_H)

    def _place_row(self, row: _Row, cell: pygame.Rect, row_gap: int, item_h: int) -> None:
        """A row in ``cell``: its title and help at the left, its control at the right; the
        row's target reaches halfway to its neighbours."""
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        text_w = cell.width - d.px(CONTROL_W) - d.px(30)
        title_h, help_h = line_height(app, "#subheading"), line_height(app, "#help")
        add_label(app, root, pygame.Rect(cell.x, cell.y, text_w, title_h), row.title, "#subheading")
        hy = cell.y + title_h
        for line in wrap_for(app, "#help", row.help, text_w)[:2]:
            add_label(app, root, pygame.Rect(cell.x, hy, text_w, help_h), line, "#help")
            hy += help_h
        row.rect = pygame.Rect(cell.x, cell.y - row_gap // 2, cell.width, cell.height + row_gap)
        row.widget = self._control(row.title, cell, item_h)

    def _control(
        self, title: str, cell: pygame.Rect, item_h: int
    ) -> UICheckBox | UIDropDownMenu | UIHorizontalSlider:
        """The control of the row ``title``, at the right of its ``cell``: a check box, the
        volume slider or a menu."""
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        s = app.settings
        ctrl_w, field_h, cb = d.px(CONTROL_W), d.px(FIELD_H), d.px(CHECK)
        cx, y, h = cell.right - ctrl_w, cell.y, cell.height
        if title in CHECKS:
            return UICheckBox(
                pygame.Rect(cell.right - cb, y + (h - cb) // 2, cb, cb),
                "",
                app.ui,
                container=root,
                initial_state=bool(getattr(s, CHECKS[title])),
            )
        if title == "Volume":
            return self._volume_slider(pygame.Rect(cx, y, ctrl_w, h), field_h)
        if title == "Display profile":
            options, current = list(PROFILES), "TV" if s.profile == "tv" else "Desktop"
        else:
            options, current = list(SPEEDS), speed_label(s.animation_speed)
        rect = pygame.Rect(cx, y + (h - field_h) // 2, ctrl_w, field_h)
        below = rect.bottom + len(options) * item_h + d.px(8)
        oid = ObjectID(class_id="@dropup") if below > d.height - d.px(10) else None
        return UIDropDownMenu(
            list[str | tuple[str, str]](options),
            current,
            rect,
            app.ui,
            container=root,
            object_id=oid,
        )

    def _volume_slider(self, cell: pygame.Rect, field_h: int) -> UIHorizontalSlider:
        """The Volume slider, its level in words at its right; greyed while Sound is off."""
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        value_w = d.px(80)
        rect = pygame.Rect(cell.x, cell.y + (cell.h - field_h) // 2, cell.w - value_w, field_h)
        slider = ScaledSlider(
            rect,
            app.settings.volume,
            (0, 100),
            app.ui,
            container=root,
            click_increment=10,
            arrow_px=d.px(24),
            thumb_px=d.px(26),
        )
        self.volume_label = add_label(
            app,
            root,
            pygame.Rect(rect.right, rect.y, value_w, field_h),
            f"{app.settings.volume}%",
            "#field",
            "right",
        )
        self.volume = slider
        self._grey_volume()
        return slider

    def _grey_volume(self) -> None:
        for widget in (self.volume, self.volume_label):
            if widget is not None:
                (widget.enable if self.app.settings.sound else widget.disable)()

    # ---- applying changes -----------------------------------------------------------------
    def set_fullscreen(self, on: bool) -> None:
        self.app.setting_chosen("fullscreen")
        if on != self.app.settings.fullscreen:
            self.app.set_fullscreen(on)  # rebuilds every scene, this one too
        self.app.save_settings()

    def set_profile(self, profile: str) -> None:
        self.app.setting_chosen("profile")
        if profile != self.app.settings.profile:
            self.app.set_profile(profile)  # rebuilds every scene, this one too
        self.app.save_settings()

    def set_speed(self, speed: float) -> None:
        self.app.setting_chosen("animation_speed")
        self.app.settings.animation_speed = speed
        self.app.save_settings()

    def set_sound(self, on: bool) -> None:
        self.app.settings.sound = on
        self.app.sound.apply_settings()  # off: everything playing stops at once
        self._grey_volume()
        self.app.save_settings()

    def set_volume(self, volume: int) -> None:
        """A new level: it applies at once, and the card sound plays so the player hears it."""
        volume = min(100, max(0, volume))
        if volume == self.app.settings.volume:
            return
        self.app.settings.volume = volume
        if self.volume_label is not None:
            self.volume_label.set_text(f"{volume}%")
        self.app.sound.apply_settings()
        self.app.sound.play("play")
        self.app.save_settings()

    def set_colorblind(self, on: bool) -> None:
        self.app.settings.colorblind = on
        self.app.save_settings()

    def set_tricks_wait(self, on: bool) -> None:
        self.app.settings.tricks_wait = on
        self.app.save_settings()

    def _checkbox_action(self, box: object) -> Callable[[bool], None] | None:
        return {
            id(self.fullscreen): self.set_fullscreen,
            id(self.sound): self.set_sound,
            id(self.colorblind): self.set_colorblind,
            id(self.tricks_wait): self.set_tricks_wait,
        }.get(id(box))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            action = self._checkbox_action(event.ui_element)
            if action is not None:
                action(event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.profile and event.text in PROFILES:
                self.set_profile(PROFILES[event.text])
            elif event.ui_element is self.speed and event.text in SPEEDS:
                self.set_speed(SPEEDS[event.text])
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if event.ui_element is self.volume:
                self.set_volume(round(float(event.value) / VOLUME_STEP) * VOLUME_STEP)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.back()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # The whole row is the check box's target (a big, easy target on a TV).
            for row in self.rows:
                box = row.widget
                if isinstance(box, UICheckBox) and row.rect and row.rect.collidepoint(event.pos):
                    box.set_state(not box.is_checked)
                    action = self._checkbox_action(box)
                    if action is not None:
                        action(bool(box.is_checked))
                    break
        else:
            super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.app.display)
        for x1, y, x2 in self._separators:
            pygame.draw.line(surface, SEPARATOR, (x1, y), (x2, y))
