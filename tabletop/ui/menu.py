"""The small kit the menu scenes share: the felt backdrop with its panels, theme-font measuring
and wrapping, left-aligned and wrapped labels, drop-down rows sized for their text, and the gold
rule under headings."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UILabel

from .palette import FELT_CENTRE, FELT_EDGE, GOLD, GOLD_DEEP, MENU_PANEL
from .text import ellipsize, wrap_text

if TYPE_CHECKING:
    from pygame_gui.core.interfaces import IContainerLikeInterface, IGUIFontInterface

    from ..app import App
    from ..display import Display


def frame_inset(display: Display) -> int:
    """How far in from the window's edges the backdrop's gold frame's inner line stands."""
    return display.px(18) + display.px(7)


class Backdrop:
    """A felt-green background with a vignette, fine felt grain and a thin gold frame.

    Built once per window size (a few milliseconds) and blitted every frame.
    """

    def __init__(self, *, dim: float = 0.0, frame: bool = True) -> None:
        self.dim = dim  # 0..1: darker for the hand-over cover
        self.frame = frame
        self.panels: list[pygame.Rect] = []  # dark rounded panels drawn over the felt
        self.bands: list[tuple[pygame.Rect, tuple[int, int, int, int]]] = []  # baked into it
        self._key: tuple[object, ...] | None = None
        self._surface: pygame.Surface | None = None
        self._panel_images: dict[tuple[int, int, int], pygame.Surface] = {}

    def draw(
        self, surface: pygame.Surface, display: Display, offset: tuple[int, int] = (0, 0)
    ) -> None:
        """The felt, then each panel (moved by ``offset`` when the page scrolls)."""
        key = (*surface.get_size(), display.px(100), *((tuple(r), c) for r, c in self.bands))
        if self._surface is None or key != self._key:
            self._surface = self._felt(surface.get_size(), display)
            if self.bands:
                layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                for rect, colour in self.bands:
                    layer.fill(colour, rect)
                self._surface.blit(layer, (0, 0))
            self._key = key
            self._panel_images.clear()
        surface.blit(self._surface, (0, 0))
        radius = display.px(16)
        for rect in self.panels:
            pkey = (rect.width, rect.height, radius)
            image = self._panel_images.get(pkey)
            if image is None:
                image = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.rect(image, MENU_PANEL, image.get_rect(), border_radius=radius)
                pygame.draw.rect(
                    image, (*GOLD_DEEP, 102), image.get_rect(), 1, border_radius=radius
                )
                self._panel_images[pkey] = image
            surface.blit(image, rect.move(offset))

    def _felt(self, size: tuple[int, int], display: Display) -> pygame.Surface:
        w, h = size
        # The vignette: a small radial gradient smoothscaled up (cheap, and smooth at any size).
        gw, gh = 64, 36
        small = pygame.Surface((gw, gh))
        keep = 1.0 - self.dim
        for y in range(gh):
            for x in range(gw):
                dx = (x + 0.5) / gw - 0.5
                dy = ((y + 0.5) / gh - 0.42) * 0.9
                t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 0.62)
                t = t * t * (3 - 2 * t)  # smoothstep: a soft centre, a darker rim
                pairs = zip(FELT_CENTRE, FELT_EDGE, strict=True)
                small.set_at((x, y), [round((c * (1 - t) + e * t) * keep) for c, e in pairs])
        out = pygame.transform.smoothscale(small, (w, h))
        tile = _grain_tile()
        for ty in range(0, h, tile.get_height()):
            for tx in range(0, w, tile.get_width()):
                out.blit(tile, (tx, ty))
        if self.frame:
            inset = display.px(18)
            frame = pygame.Surface((w, h), pygame.SRCALPHA)
            rect = pygame.Rect(0, 0, w, h).inflate(-2 * inset, -2 * inset)
            pygame.draw.rect(frame, (*GOLD_DEEP, 70), rect, max(1, display.px(2)), display.px(18))
            inner = rect.inflate(-2 * display.px(7), -2 * display.px(7))  # at frame_inset
            pygame.draw.rect(frame, (*GOLD_DEEP, 34), inner, 1, display.px(13))
            out.blit(frame, (0, 0))
        return out.convert() if pygame.display.get_surface() is not None else out


_GRAIN: list[pygame.Surface] = []


def _grain_tile() -> pygame.Surface:
    """A 128-px tile of faint light and dark specks: the felt's grain (seeded: same every run)."""
    if not _GRAIN:
        rng = random.Random(1848)
        tile = pygame.Surface((128, 128), pygame.SRCALPHA)
        for y in range(128):
            for x in range(128):
                r = rng.random()
                if r < 0.10:
                    tile.set_at((x, y), (255, 255, 255, rng.randint(4, 10)))
                elif r < 0.22:
                    tile.set_at((x, y), (0, 0, 0, rng.randint(8, 18)))
        _GRAIN.append(tile)
    return _GRAIN[0]


def theme_font(app: App, object_id: str, element: str = "label") -> IGUIFontInterface:
    """The font pygame-gui uses for ``object_id`` (so text can be measured before it is placed)."""
    return app.ui.get_theme().get_font([object_id, element])


def line_height(app: App, object_id: str, element: str = "label") -> int:
    """The height of one line of ``object_id`` text, with a little air."""
    return round(theme_font(app, object_id, element).size("ÅgÝ")[1] * 1.18)


def text_width(app: App, object_id: str, text: str, element: str = "label") -> int:
    return theme_font(app, object_id, element).size(text)[0]


def wrap_for(app: App, object_id: str, text: str, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` in the theme font of ``object_id``."""
    font = theme_font(app, object_id)
    return wrap_text(text, font, width)


def fit_drop_downs(app: App) -> int:
    """Make drop-down lists' rows as tall as their text needs, and return that height.

    pygame-gui reads ``list_item_height`` from the theme in pixels and the theme only scales
    fonts, so at TV sizes the rows would squash their text; set it on the live theme instead.
    """
    font = theme_font(app, "button", "button")
    height = max(20, round(font.size("ÅgÝ")[1] * 1.45))
    misc = app.ui.get_theme().ui_element_misc_data  # type: ignore[attr-defined]
    misc.setdefault("#drop_down_options_list", {})["list_item_height"] = str(height)
    return height


def add_label(
    app: App,
    container: IContainerLikeInterface,
    rect: pygame.Rect,
    text: str,
    object_id: str,
    align: str = "left",
) -> UILabel:
    """A label whose text sits left (or right, or centred) in ``rect``."""
    cls = {"left": "@left", "right": "@right"}.get(align)
    oid = ObjectID(object_id=object_id, class_id=cls) if cls else object_id
    return UILabel(rect, text, app.ui, container=container, object_id=oid)


def add_wrapped(
    app: App,
    container: IContainerLikeInterface,
    x: int,
    y: int,
    width: int,
    text: str,
    object_id: str,
    align: str = "left",
    max_lines: int = 0,
) -> tuple[list[UILabel], int]:
    """Labels for ``text`` wrapped to ``width``; returns them and the y below the last one."""
    lines = wrap_for(app, object_id, text, width)
    if max_lines and len(lines) > max_lines:
        # Too long: keep the first lines and end the last one with an ellipsis.
        last = ellipsize(" ".join(lines[max_lines - 1 :]), theme_font(app, object_id), width)
        lines = [*lines[: max_lines - 1], last]
    lh = line_height(app, object_id)
    out = []
    for line in lines:
        out.append(add_label(app, container, pygame.Rect(x, y, width, lh), line, object_id, align))
        y += lh
    return out, y


def draw_glow_line(surface: pygame.Surface, centre_x: int, y: int, half: int, thick: int) -> None:
    """A gold rule that fades out at both ends (used under headings)."""
    strip = pygame.Surface((2 * half, thick), pygame.SRCALPHA)
    for x in range(2 * half):
        a = 1.0 - abs(x - half) / half
        pygame.draw.line(strip, (*GOLD, round(200 * a * a)), (x, 0), (x, thick - 1))
    surface.blit(strip, (centre_x - half, y))
