"""The table's static layer: the felt with every box and label of a :class:`TableModel`,
drawn whole once and afterwards redrawn only where they changed.

A move changes a few labels (a score, whose turn it is) and leaves most of the table as it
was; blending every panel and label again costs the TV a couple of milliseconds a move,
redrawing the changed rectangles a tenth of that (bench_game_night: frame time p99).

.. code-block:: python

    layer = StaticLayer()
    surface.blit(layer.draw(felt, [status_bar], model, viewer), (0, 0))  # every frame: cheap
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from . import render
from .model import Box, TableModel, Text

#: Past this share of the window changed, drawing it all again is as cheap.
WHOLE_REDRAW_SHARE = 0.35

Item = tuple[tuple, pygame.Rect, Box | Text]  # (what it is, where it is drawn, itself)


def _items(frame: Sequence[Box], model: TableModel) -> list[Item]:
    """The layer's boxes and labels in drawing order, each with a key that is equal exactly
    when two of them draw the same pixels."""
    items: list[Item] = []
    key: tuple
    for box in [*frame, *model.boxes]:
        fill = box.fill and tuple(box.fill)
        border = box.border and tuple(box.border)
        key = ("box", tuple(box.rect), fill, border, box.radius, box.width)
        items.append((key, pygame.Rect(box.rect), box))
    for text in model.texts:
        key = (
            "text",
            text.text,
            tuple(text.pos),
            text.size,
            tuple(text.colour),
            text.anchor,
            text.face,
            text.max_width,
            text.smallest,
        )
        items.append((key, render.text_rect(text), text))
    return items


def _draw(surface: pygame.Surface, item: Box | Text) -> None:
    if isinstance(item, Box):
        render.draw_box(surface, item)
    else:
        render.draw_text(surface, item)


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with each one inside another dropped and those that mostly overlap joined
    (a box whose colour changed is dirty twice, once for each colour; a panel's label lies
    inside the panel): every item over them is drawn once rather than once a rectangle."""
    out: list[pygame.Rect] = []
    for rect in sorted(rects, key=lambda r: r.w * r.h, reverse=True):
        for i, kept in enumerate(out):
            joined = kept.union(rect)
            if joined.w * joined.h <= kept.w * kept.h + rect.w * rect.h:
                out[i] = joined
                break
        else:
            out.append(rect)
    return out


class StaticLayer:
    """A window-sized surface of felt, boxes and labels that follows the table it is given."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self._drawn: list[Item] = []
        self._model: TableModel | None = None  # the model last drawn (unchanged: nothing to do)
        #: The seat whose table it last drew (None: the public table): a frame that shows the
        #: layer as it was, a move late, may do so only while the same seat looks.
        self.drawn_for: int | None = None
        self.whole_redraws = 0  # for tests and benchmarks: how the layer was last brought up
        self.partial_redraws = 0

    def forget(self) -> None:
        """Draw everything anew next time (the art or the window changed)."""
        self.surface = None
        self._model = None

    def current(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The layer as last drawn, if it is for a window of ``size``."""
        surface = self.surface
        return surface if surface is not None and surface.get_size() == size else None

    def draw(
        self,
        felt: pygame.Surface,
        frame: Sequence[Box],
        model: TableModel,
        viewer: int | None = None,
    ) -> pygame.Surface:
        """The layer for ``model`` (``viewer``'s table) over ``felt`` (the window's size), with
        ``frame``'s boxes (the status bar) under the model's: redrawn where it differs from the
        last one."""
        size = felt.get_size()
        surface = self.current(size)
        self.drawn_for = viewer
        if surface is not None and model is self._model:
            return surface
        items = _items(frame, model)
        if surface is None:
            surface = self.surface = felt.copy()
            self._whole(surface, felt, items)
        else:
            self._changes(surface, felt, items)
        self._drawn = items
        self._model = model
        return surface

    def _whole(self, surface: pygame.Surface, felt: pygame.Surface, items: list[Item]) -> None:
        surface.blit(felt, (0, 0))
        for _, _, item in items:
            _draw(surface, item)
        self.whole_redraws += 1

    def _changes(self, surface: pygame.Surface, felt: pygame.Surface, items: list[Item]) -> None:
        old = {key for key, _, _ in self._drawn}
        new = {key for key, _, _ in items}
        dirty = [rect for key, rect, _ in self._drawn if key not in new]
        dirty += [rect for key, rect, _ in items if key not in old]
        bounds = surface.get_rect()
        dirty = [r.clip(bounds) for r in dirty]
        dirty = _merged([r for r in dirty if r.w > 0 and r.h > 0])
        if not dirty:
            return
        if sum(r.w * r.h for r in dirty) > WHOLE_REDRAW_SHARE * bounds.w * bounds.h:
            self._whole(surface, felt, items)
            return
        # Each changed rectangle gets its felt back, then everything that overlaps it, in
        # order and clipped to it: the pixels come out as a whole redraw would make them.
        for rect in dirty:
            surface.set_clip(rect)
            surface.blit(felt, rect, rect)
            for _, where, item in items:
                if where.colliderect(rect):
                    _draw(surface, item)
        surface.set_clip(None)
        self.partial_redraws += 1
