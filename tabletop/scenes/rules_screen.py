"""A game's rules, rendered from Markdown in a readable column that scrolls.

Wheel, Up/Down, PageUp/PageDown, Space, Home/End and a draggable scrollbar all scroll; on a
wide window a contents list of the sections sits to the left of the text. Left/Right (and Tab)
move the focus ring over Back and the contents, Enter uses the one under it (a TV remote).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

import rules

from ..ui import markdown
from ..ui.focus import MenuKeys
from ..ui.menu import Backdrop, add_label, line_height, theme_font
from ..ui.palette import GOLD, GOLD_DEEP
from ..ui.text import ellipsize
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

BAR = (8, 14, 11, 200)
THUMB = GOLD_DEEP
THUMB_HOT = GOLD


class RulesScene(Scene):
    """The rules of one game; Esc or Back returns to where it was opened."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.spec = rules.GAMES[game_id]
        self.text = rules.rules_text(game_id)
        self.backdrop = Backdrop(frame=False)
        # Up/Down and Space scroll the text; Left/Right walk the buttons, Enter presses one.
        self.menu_keys = MenuKeys(
            self, up_down=False, use_keys=(pygame.K_RETURN, pygame.K_KP_ENTER)
        )
        self.scroll = 0.0  # the shown offset (eases towards the target)
        self.scroll_target = 0.0
        self.page: pygame.Surface | None = None
        self.headings: list[markdown.HeadingPos] = []
        self._page_key: tuple[int, int] | None = None
        self.renders = 0  # how often the text was laid out (the cache is tested)
        self.view = pygame.Rect(0, 0, 1, 1)
        self.track = pygame.Rect(0, 0, 1, 1)
        self.bar = pygame.Rect(0, 0, 1, 1)
        self.back_button: UIButton | None = None
        self.toc_buttons: list[tuple[UIButton, int]] = []
        self._drag: tuple[int, float] | None = None  # (mouse y, scroll) when a thumb drag began
        self._fade: dict[tuple[int, int, bool, bool], pygame.Surface] = {}

    # ---- layout ---------------------------------------------------------------------------
    def build(self) -> None:
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        W, H = d.size
        bar_h = d.px(96)
        self.bar = pygame.Rect(0, 0, W, bar_h)
        btn_w, btn_h = d.px(170), d.px(56)
        self.back_button = UIButton(
            pygame.Rect(d.px(40), (bar_h - btn_h) // 2, btn_w, btn_h),
            "‹ Back",
            app.ui,
            container=root,
            object_id="#big_button",
        )
        title_h = line_height(app, "#bar_title")
        side = d.px(40) + btn_w + d.px(20)
        add_label(
            app,
            root,
            pygame.Rect(side, (bar_h - title_h) // 2, W - 2 * side, title_h),
            f"{self.spec.title} — Rules",
            "#bar_title",
            "centre",
        )

        # The reading column: at most ~1100 px (scaled) wide, centred, with the scrollbar
        # just to its right.
        gutter = d.px(28)
        col_w = min(d.px(1100), W - 2 * d.px(40) - 2 * gutter)
        col_x = (W - col_w) // 2
        top = bar_h + d.px(20)
        self.view = pygame.Rect(col_x, top, col_w, H - top - d.px(24))
        self.track = pygame.Rect(
            self.view.right + d.px(14),
            self.view.y + d.px(8),
            max(4, d.px(10)),
            self.view.height - d.px(16),
        )
        self._layout_page()
        panel = self.view.inflate(2 * d.px(20), 2 * d.px(12))
        panel.width += self.track.right + d.px(10) - panel.right
        self.backdrop.panels = [panel]
        self.backdrop.bands = [(self.bar.copy(), BAR)]

        # Contents on the left when there is room for it (wide desktop windows).
        self.toc_buttons = []
        toc_w = col_x - d.px(48) - d.px(40)
        level2 = [h for h in self.headings if h.level == 2]
        if toc_w >= d.px(260) and level2:
            item_h = max(line_height(app, "#toc", "button") + d.px(8), d.px(40))
            x, y = d.px(40), top + d.px(10)
            add_label(
                app,
                root,
                pygame.Rect(x + d.px(14), y, toc_w, line_height(app, "#column")),
                "CONTENTS",
                "#column",
            )
            y += line_height(app, "#column") + d.px(8)
            for h in level2:
                if y + item_h > H - d.px(24):
                    break
                label = ellipsize(h.text, theme_font(app, "#toc", "button"), toc_w - 30)
                button = UIButton(
                    pygame.Rect(x, y, toc_w, item_h),
                    label,
                    app.ui,
                    container=root,
                    object_id="#toc",
                )
                self.toc_buttons.append((button, h.y))
                y += item_h + d.px(2)

    def _layout_page(self) -> None:
        """Render the Markdown once per width and text size (the cache)."""
        d = self.app.display
        key = (self.view.width, d.font_px(22))
        if self.page is None or key != self._page_key:
            fraction = self.scroll / max(1, self.max_scroll) if self.page is not None else 0.0
            lay = markdown.layout(self.text, self.view.width, base_size=key[1])
            self.page = lay.to_surface()
            self.headings = lay.headings
            self._page_key = key
            self.renders += 1
            self._fade.clear()
            # Keep the reader at the same place in the text after a resize.
            self.scroll = self.scroll_target = fraction * self.max_scroll
        self.scroll = self._clamp(self.scroll)
        self.scroll_target = self._clamp(self.scroll_target)

    # ---- scrolling ------------------------------------------------------------------------
    @property
    def max_scroll(self) -> int:
        height = self.page.get_height() if self.page is not None else 0
        return max(0, height - self.view.height)

    def _clamp(self, value: float) -> float:
        return max(0.0, min(float(self.max_scroll), value))

    def scroll_by(self, dy: float) -> None:
        self.scroll_to(self.scroll_target + dy)

    def scroll_to(self, y: float) -> None:
        self.scroll_target = self._clamp(y)
        if self.app.settings.animation_speed <= 0:
            self.scroll = self.scroll_target

    def handle(self, event: pygame.event.Event) -> None:
        d = self.app.display
        page = max(d.px(80), self.view.height - d.px(80))
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.back()
            for button, y in self.toc_buttons:
                if event.ui_element is button:
                    self.scroll_to(y - d.px(12))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * d.px(110))
        elif event.type == pygame.KEYDOWN:
            step = {
                pygame.K_DOWN: d.px(70),
                pygame.K_UP: -d.px(70),
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_SPACE: page,
            }.get(event.key)
            if step is not None:
                self.scroll_by(step)
            elif event.key == pygame.K_HOME:
                self.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroll_to(self.max_scroll)
            else:
                super().handle(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            start_y, start_scroll = self._drag
            thumb = self.thumb_rect()
            free = max(1, self.track.height - thumb.height)
            self.scroll = self.scroll_target = self._clamp(
                start_scroll + (event.pos[1] - start_y) * self.max_scroll / free
            )
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._drag = None

    def _press(self, pos: tuple[int, int]) -> None:
        if self.max_scroll <= 0:
            return
        thumb = self.thumb_rect()
        hit = self.track.inflate(self.app.display.px(20), 0)
        if thumb.inflate(self.app.display.px(20), 0).collidepoint(pos):
            self._drag = (pos[1], self.scroll)
        elif hit.collidepoint(pos):
            # A click on the track pages towards the click, like any scrollbar.
            page = self.view.height - self.app.display.px(80)
            self.scroll_by(page if pos[1] > thumb.centery else -page)

    def thumb_rect(self) -> pygame.Rect:
        height = self.page.get_height() if self.page is not None else 1
        size = max(self.app.display.px(48), self.track.height * self.view.height // max(1, height))
        size = min(size, self.track.height)
        free = self.track.height - size
        y = self.track.y + (round(free * self.scroll / self.max_scroll) if self.max_scroll else 0)
        return pygame.Rect(self.track.x, y, self.track.width, size)

    def update(self, dt: float) -> None:
        gap = self.scroll_target - self.scroll
        if abs(gap) < 0.5 or self.app.settings.animation_speed <= 0:
            self.scroll = self.scroll_target
        else:
            # Ease out: fast at first, settling softly (about 0.15 s at normal speed).
            rate = 16.0 * max(0.25, self.app.settings.animation_speed)
            self.scroll += gap * min(1.0, dt * rate)

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        # The felt with the title bar baked in, then the reading panel (both cached).
        self.backdrop.draw(surface, d)
        pygame.draw.line(
            surface, GOLD_DEEP, (0, self.bar.bottom - 1), (d.width, self.bar.bottom - 1)
        )
        if self.page is None:
            return
        top = round(self.scroll)
        area = pygame.Rect(0, top, self.view.width, self.view.height)
        visible = self.page.subsurface(area.clip(self.page.get_rect())).copy()
        fade_top, fade_bottom = top > 0, top < self.max_scroll
        if fade_top or fade_bottom:
            visible.blit(
                self._fade_mask(visible.get_size(), fade_top, fade_bottom),
                (0, 0),
                special_flags=pygame.BLEND_RGBA_MULT,
            )
        surface.blit(visible, self.view.topleft)
        if self.max_scroll > 0:
            radius = self.track.width // 2
            pygame.draw.rect(surface, (40, 52, 45), self.track, border_radius=radius)
            colour = THUMB_HOT if self._drag is not None else THUMB
            pygame.draw.rect(surface, colour, self.thumb_rect(), border_radius=radius)

    def _fade_mask(self, size: tuple[int, int], top: bool, bottom: bool) -> pygame.Surface:
        """White with alpha falling to 0 at a faded edge: text melts in and out of view."""
        key = (*size, top, bottom)
        mask = self._fade.get(key)
        if mask is None:
            w, h = size
            mask = pygame.Surface(size, pygame.SRCALPHA)
            mask.fill((255, 255, 255, 255))
            band = min(h // 4, self.app.display.px(36))
            for i in range(band):
                a = round(255 * (i + 1) / (band + 1))
                if top:
                    pygame.draw.line(mask, (255, 255, 255, a), (0, i), (w, i))
                if bottom:
                    pygame.draw.line(mask, (255, 255, 255, a), (0, h - 1 - i), (w, h - 1 - i))
            self._fade[key] = mask
        return mask
