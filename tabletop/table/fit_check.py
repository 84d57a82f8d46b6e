"""Does the text fit? Measurements of what a frame shows, for the text-fit test and tools.

Each function looks at something already built (a :class:`TableModel`, the status bar's lines,
pygame-gui's elements) and returns a list of problems in words, empty when everything fits:
text squeezed below a readable size, wider than its box, outside the play area, or on top of
other text. Nothing here draws or changes what it measures.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from .. import fonts
from ..display import Display
from ..ui.text import line_step
from .model import TableModel, Text
from .render import shown_text


def text_rect(item: Text) -> tuple[pygame.Rect, int]:
    """Where ``item`` is drawn and at which size (as :func:`render.draw_text` draws it)."""
    text, size = shown_text(item)
    w, h = fonts.get_font(size, item.face).size(text)
    rect = pygame.Rect(0, 0, w, h)
    setattr(rect, item.anchor, item.pos)
    return rect, size


def model_problems(model: TableModel, area: pygame.Rect, display: Display) -> list[str]:
    """What does not fit in a layout's model drawn in ``area``: a text whose fitted size is
    below the readable minimum or which is still wider than its ``max_width``, a text that
    leaves ``area``, and two texts that overlap."""
    problems: list[str] = []
    smallest = display.readable_px
    placed: list[tuple[pygame.Rect, str]] = []
    for item in model.texts:
        if not item.text.strip():
            continue
        rect, size = text_rect(item)
        name = repr(item.text[:60])
        if size < smallest:
            problems.append(f"{name} at {size} px (readable: {smallest})")
        if item.max_width and rect.w > item.max_width:
            problems.append(f"{name} is {rect.w} px wide in a box of {item.max_width}")
        shown, _ = shown_text(item)
        if shown != item.text and (
            len(shown) - 1 < len(item.text) / 2 or item.text.strip().isdigit()
        ):
            problems.append(f"{name} is cut to {shown!r}")
        if not area.contains(rect):
            problems.append(f"{name} at {tuple(rect)} leaves the play area {tuple(area)}")
        # A text is in a panel or out of it, never across its edge (cut off by its rim). The
        # fonts' line boxes hold a few pixels of leading: those may touch an edge.
        ink = rect.inflate(-6, -6)
        for box in model.boxes:
            r = box.rect
            if ink.colliderect(r) and not r.contains(ink) and not ink.contains(r):
                problems.append(f"{name} at {tuple(rect)} crosses the edge of {tuple(r)}")
                break
        placed.append((rect, name))
    problems += _overlaps(placed)
    return problems


def _overlaps(placed: Sequence[tuple[pygame.Rect, str]]) -> list[str]:
    """Pairs of text boxes that overlap by more than the fonts' own leading (a few pixels)."""
    problems = []
    for i, (a, name_a) in enumerate(placed):
        for b, name_b in placed[i + 1 :]:
            common = a.clip(b)
            if common.w > 2 and common.h > max(3, min(a.h, b.h) // 4):
                problems.append(f"{name_a} overlaps {name_b}")
    return problems


def status_problems(
    lines: Sequence[str], size: int, width: int, bar: pygame.Rect, display: Display
) -> list[str]:
    """The status bar's ``lines`` at ``size`` in ``width``: each must fit, all of them within
    the bar's height, at a readable size."""
    font = fonts.get_font(size, "sans-bold")
    problems = [
        f"status line {line[:60]!r} is {font.size(line)[0]} px wide in {width}"
        for line in lines
        if font.size(line)[0] > width
    ]
    step = line_step(size, "sans-bold", len(lines), bar.h)
    if len(lines) * step > bar.h + 2 or step < size:
        problems.append(f"status lines {len(lines)} × {step} px in a bar {bar.h}")
    if size < display.readable_px:
        problems.append(f"status text at {size} px (readable: {display.readable_px})")
    return problems


def gui_problems(elements: Iterable[object]) -> list[str]:
    """pygame-gui labels and buttons (and anything else with ``text`` and a ``font``) whose
    text, measured with their theme font, is wider than their rectangle."""
    problems = []
    for element in elements:
        text = getattr(element, "text", None)
        font = getattr(element, "font", None)
        rect = getattr(element, "rect", None)
        if not isinstance(text, str) or not text.strip() or font is None or rect is None:
            continue
        if not getattr(element, "visible", True) or type(element).__name__ == "UICheckBox":
            continue  # hidden, or a check box (its words stand beside its box, not in it)
        width = font.size(text)[0]
        if width > rect.w:
            kind = type(element).__name__
            problems.append(f"{kind} {text[:60]!r} is {width} px wide in {rect.w}")
    return problems


def off_screen_problems(elements: Iterable[object], window: pygame.Rect) -> list[str]:
    """Visible pygame-gui labels and buttons not wholly inside the ``window`` (a layout taller
    than the screen pushes its last button off it)."""
    problems = []
    for element in elements:
        text = getattr(element, "text", None)
        rect = getattr(element, "rect", None)
        if not isinstance(text, str) or not text.strip() or rect is None:
            continue
        if not getattr(element, "visible", True) or window.contains(rect):
            continue
        problems.append(
            f"{type(element).__name__} {text[:40]!r} at {tuple(rect)} is off the screen"
        )
    return problems
