"""Keyboard (and TV remote) use of a menu screen: a gold focus ring over its widgets.

The arrow keys move the ring to the nearest widget in that direction, Tab and Shift+Tab go
through them in reading order, Enter or Space uses the one under the ring (a button is
pressed, a check box toggled, a drop-down steps to its next choice, a text field takes the
typing), Left and Right step a drop-down or a slider. Escape stays the scene's (back).
A scene that needs some of these keys itself says so (the rules text scrolls with Up and
Down, so there Left and Right walk the widgets in order; the setup form starts the game with
Enter while no ring is shown). Escape with a drop-down list open closes only that list.

The widgets are found in the scene's container each time, so whatever a scene builds (a new
settings row, a page of saves) is reachable without being listed anywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer, UIElement
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UIPanel,
    UIScrollingContainer,
    UITextEntryLine,
)

if TYPE_CHECKING:
    from ..scenes.base import Scene

FOCUSABLE = (UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine)
MOVE_KEYS = {
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
}
USE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
RING = (255, 226, 130)  # brighter than the gold borders of the buttons it goes round
RING_GAP = 7  # px at 1080p between a widget and its ring


def ring_width(scale: float) -> int:
    return max(3, round(5 * scale))


class MenuKeys:
    """The focus ring of one menu scene (``scene.menu_keys``)."""

    def __init__(
        self,
        scene: Scene,
        *,
        up_down: bool = True,
        tab: bool = True,
        use_keys: tuple[int, ...] = USE_KEYS,
        use_wakes: bool = True,
    ) -> None:
        """``up_down`` False: Up and Down are the scene's, Left and Right go through the widgets
        in reading order. ``tab`` False: Tab is the scene's. ``use_keys``: the keys that use
        the widget under the ring. ``use_wakes`` False: while no ring is shown, those keys are
        the scene's (only a move shows the ring)."""
        self.scene = scene
        self.focus: UIElement | None = None
        self._index = 0  # where the ring was, to find it again after the scene rebuilds
        self.up_down = up_down
        self.tab = tab
        self.use_keys = use_keys
        self.use_wakes = use_wakes
        #: A text field the ring went to with the typing (``follow``): it shows the ring only
        #: while it has the typing.
        self._followed: UIElement | None = None

    # ---- what can have the focus --------------------------------------------------------
    def items(self) -> list[UIElement]:
        """The scene's usable widgets, in reading order (top to bottom, left to right)."""
        root = self.scene.container
        if root is None:
            return []
        # A panel's inner container is in its parent's elements too: each widget once.
        found = list({id(e): e for e in _walk(root) if _usable(e)}.values())
        return sorted(found, key=lambda e: (e.rect.top, e.rect.left))

    def current(self) -> UIElement | None:
        items = self.items()
        followed = self._followed
        if followed is not None and self.focus is followed and not followed.is_focused:
            self.focus = self._followed = None  # the typing left it: so does the ring
        if self.focus is not None and self.focus in items:
            return self.focus
        if self.focus is not None and items:
            # The scene was built again: the ring goes back to the same place.
            self.focus = items[min(self._index, len(items) - 1)]
            return self.focus
        return None

    def _set(self, element: UIElement | None, items: list[UIElement]) -> None:
        if any(isinstance(e, UITextEntryLine) and e.is_focused and e is not element for e in items):
            self.scene.app.ui.set_focus_set(None)  # the typing does not stay behind the ring
        self.focus = element
        self._followed = None
        if element is not None:
            self._index = items.index(element)
            self.scene.scroll_into_view(element.rect)

    def follow(self, element: UIElement) -> None:
        """The ring goes to ``element``, a text field the scene gave the typing to, while it
        has it."""
        items = self.items()
        if element in items:
            self.focus = self._followed = element
            self._index = items.index(element)
            self.scene.scroll_into_view(element.rect)

    # ---- keys -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """An event the widgets did not use: True if it moved or used the focus."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.focus:
            # Enter ends the typing in a field under the ring; the ring stays on it.
            self.scene.app.ui.set_focus_set(None)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key == pygame.K_ESCAPE:
            return close_open_lists(self.scene)
        moves = key in MOVE_KEYS and (self.up_down or key in (pygame.K_LEFT, pygame.K_RIGHT))
        tab = key == pygame.K_TAB and self.tab
        if not moves and not tab and key not in self.use_keys:
            return False
        items = self.items()
        if not items:
            return False
        focus = self.current()
        if focus is None:
            if not (moves or tab or self.use_wakes):
                return False  # Enter with no ring shown is the scene's
            # The first key shows where the ring is (on the first widget); it moves from there.
            self._set(items[0], items)
            return True
        if key in self.use_keys:
            self.use(focus)
            return True
        if tab or not self.up_down:
            # Tab, or Left/Right where Up/Down are the scene's: the next widget in reading order.
            back = event.mod & pygame.KMOD_SHIFT if tab else key == pygame.K_LEFT
            step = -1 if back else 1
            self._set(items[(items.index(focus) + step) % len(items)], items)
            return True
        dx, dy = MOVE_KEYS[key]
        if dx and isinstance(focus, UIDropDownMenu | UIHorizontalSlider):
            self.step(focus, dx)
            return True
        target = nearest(focus.rect, items, dx, dy)
        if target is not None:
            self._set(target, items)
        return True

    def use(self, element: UIElement) -> None:
        """What a click on ``element`` would do."""
        app = self.scene.app
        if isinstance(element, UIButton):
            app.dispatch(
                pygame.event.Event(
                    pygame_gui.UI_BUTTON_PRESSED,
                    ui_element=element,
                    ui_object_id=element.most_specific_combined_id,
                    mouse_button=1,
                )
            )
        elif isinstance(element, UICheckBox):
            element.set_state(not element.is_checked)  # posts CHECKED / UNCHECKED
        elif isinstance(element, UIDropDownMenu):
            self.step(element, 1)
        elif isinstance(element, UITextEntryLine):
            app.ui.set_focus_set(element)

    def step(self, element: UIElement, by: int) -> None:
        """The next (``by`` 1) or previous (-1) choice of a drop-down, or a slider's value."""
        if isinstance(element, UIDropDownMenu):
            options = element.options_list
            if not options:
                return
            at = options.index(element.selected_option) if element.selected_option in options else 0
            pick = options[(at + by) % len(options)]
            chosen = (pick, pick) if isinstance(pick, str) else pick
            element.selected_option = chosen
            state: Any = element.current_state
            if state is element.menu_states["closed"]:
                state.finish()
                state.start()
            # Handled now, not posted for the next frame: the setup form shows a new player
            # count on the frame of the key.
            self.scene.app.dispatch(
                pygame.event.Event(
                    pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                    text=chosen[0],
                    selected_option_id=chosen[1],
                    ui_element=element,
                    ui_object_id=element.most_specific_combined_id,
                )
            )
        elif isinstance(element, UIHorizontalSlider):
            low, high = element.value_range[0], element.value_range[1]
            value = element.get_current_value()
            element.set_current_value(max(low, min(high, value + by * (high - low) / 20)))
            pygame.event.post(
                pygame.event.Event(
                    pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                    value=element.get_current_value(),
                    ui_element=element,
                    ui_object_id=element.most_specific_combined_id,
                )
            )

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The ring, over the widgets (the app draws it after pygame-gui)."""
        focus = self.current()
        if focus is None:
            return
        d = self.scene.app.display
        ring = focus.rect.inflate(2 * RING_GAP * d.scale, 2 * RING_GAP * d.scale)
        pygame.draw.rect(surface, RING, ring, ring_width(d.scale), border_radius=d.px(14))


def close_open_lists(scene: Scene) -> bool:
    """Close every drop-down of ``scene`` whose list is open: True if there was one (Escape
    then closes only the list, as it closes only a dialog)."""
    if scene.container is None:
        return False
    closed = False
    for element in _walk(scene.container):
        if isinstance(element, UIDropDownMenu) and element.alive():
            state: Any = element.current_state
            if state is element.menu_states["expanded"]:
                state.finish()
                element.current_state = element.menu_states["closed"]
                element.current_state.selected_option = element.selected_option
                element.current_state.start()
                closed = True
    return closed


def _walk(container: UIContainer) -> Iterator[Any]:
    """Every element inside ``container``, into panels and scrolling areas (a drop-down is
    one element: its own buttons are not separate stops)."""
    for element in list(container.elements):
        yield element
        if isinstance(element, UIDropDownMenu):
            continue
        if isinstance(element, UIPanel | UIScrollingContainer):
            inner = element.get_container()
            if isinstance(inner, UIContainer):
                yield from _walk(inner)
        elif isinstance(element, UIContainer):
            yield from _walk(element)


def _usable(element: UIElement) -> bool:
    if not isinstance(element, FOCUSABLE) or not element.alive() or not element.visible:
        return False
    if isinstance(element, UIButton) and (
        # A drop-down's own buttons (its parts, not stops of their own).
        not element.is_enabled or "drop_down_menu." in element.most_specific_combined_id
    ):
        return False
    return element.rect.width > 0 and element.rect.height > 0


def nearest(start: pygame.Rect, items: list[UIElement], dx: int, dy: int) -> UIElement | None:
    """The widget nearest to ``start`` in direction (dx, dy): the gap to it along that way,
    plus twice the gap across it (so the ring keeps to a row or a column; a narrow check box
    and a wide field that start at the same x are one column), then the nearer centre across.
    Gaps, not centres: widgets of very different sizes stand side by side on the setup form."""
    best: tuple[float, float, UIElement] | None = None
    sx, sy = start.center
    for element in items:
        rect = element.rect
        ex, ey = rect.center
        if (ex - sx) * dx + (ey - sy) * dy <= 0 or rect == start:
            continue
        if dx:
            along = rect.left - start.right if dx > 0 else start.left - rect.right
            gap = max(0, max(rect.top, start.top) - min(rect.bottom, start.bottom))
            off = abs(ey - sy)
        else:
            along = rect.top - start.bottom if dy > 0 else start.top - rect.bottom
            gap = max(0, max(rect.left, start.left) - min(rect.right, start.right))
            off = abs(ex - sx)
        score = (max(0, along) + 2 * gap, off)
        if best is None or score < best[:2]:
            best = (*score, element)
    return best[2] if best else None
