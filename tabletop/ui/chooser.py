"""Keyboard (and TV remote) use of a file chooser dialog (pygame-gui's, as the Import picker
builds it): a gold focus ring over its stops, the list's rows included.

Tab and Shift+Tab go through the stops (the folder buttons, the path field, the list, Open,
Cancel); the arrows move to the nearest stop that way, and in the list Up and Down move from
row to row (PageUp/PageDown, Home/End by more). Enter opens a folder, picks a file, presses a
button or starts typing in the path field; Backspace goes up to the parent folder (while
nothing is typed). Escape stays the app's: it closes the dialog in front, nothing else.

The chooser acts as a click would: each key posts the event the mouse would have caused, so
pygame-gui's own handling (and the app's guards around it) do the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList, UITextEntryLine, UIWindow

from .dialogs import Modal
from .focus import RING, nearest, ring_width

if TYPE_CHECKING:
    from ..app import App

STOPS = ("home", "parent", "refresh", "path", "list", "open", "cancel")


class FileChooser(Modal):
    """A modal file chooser with a keyboard focus ring; the ring starts on the list."""

    def __init__(self, app: App, build: Callable[[App, UIWindow | None], UIWindow]) -> None:
        self.stop = "list"
        self.row = 0  # the list's row under the ring
        self._folder: str | None = None  # the folder ``row`` counts in
        super().__init__(app, build)

    # ---- the dialog's parts -------------------------------------------------------------
    def _element(self, stop: str) -> Any:
        w: Any = self.window
        return {
            "home": w.home_button,
            "parent": w.parent_directory_button,
            "refresh": w.refresh_button,
            "path": w.file_path_text_line,
            "list": w.file_selection_list,
            "open": w.ok_button,
            "cancel": w.cancel_button,
        }[stop]

    def stops(self) -> list[str]:
        """The stops that can take the ring now (Open only once something can be opened)."""
        out = []
        for stop in STOPS:
            element = self._element(stop)
            if element.alive() and element.visible and element.is_enabled:
                out.append(stop)
        return out

    def _list(self) -> UISelectionList:
        chooser: Any = self.window  # an ImportDialog (pygame-gui's file dialog)
        lst: UISelectionList = chooser.file_selection_list
        return lst

    def rows(self) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = self._list().item_list
        return items

    def current_row(self) -> int:
        """The row under the ring: back to the top in a new folder, else where it was (or the
        row the mouse selected)."""
        folder = str(getattr(self.window, "current_directory_path", ""))
        rows = self.rows()
        if folder != self._folder:
            self._folder = folder
            self.row = next((i for i, item in enumerate(rows) if item["selected"]), 0)
        return max(0, min(self.row, len(rows) - 1))

    def typing(self) -> bool:
        path = self._element("path")
        return isinstance(path, UITextEntryLine) and bool(path.is_focused)

    # ---- keys ---------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> bool:
        """A key while this is the dialog in front: True if the chooser used it (else it goes
        to pygame-gui: the path field's typing)."""
        k = event.key
        if self.typing():
            if k not in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
                return False  # the field's own keys (letters, Enter, Backspace, Left/Right)
            self.app.ui.set_focus_set(None)
            self.stop = "path"
        stops = self.stops()
        if self.stop not in stops:
            self.stop = "list"
        if k == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.stop = stops[(stops.index(self.stop) + step) % len(stops)]
        elif k == pygame.K_BACKSPACE:
            self._press("parent")
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._use()
        elif self.stop == "list" and k in LIST_MOVES and self.rows():
            self._move_row(k)
        elif k in ARROWS:
            self._move(*ARROWS[k])
        else:
            return False
        return True

    def _move_row(self, k: int) -> None:
        rows, row = self.rows(), self.current_row()
        page = max(1, self._visible_rows() - 1)
        target = {
            pygame.K_UP: row - 1,
            pygame.K_DOWN: row + 1,
            pygame.K_PAGEUP: row - page,
            pygame.K_PAGEDOWN: row + page,
            pygame.K_HOME: 0,
            pygame.K_END: len(rows) - 1,
        }[k]
        if k == pygame.K_UP and row == 0:
            self._move(0, -1)  # off the top of the list: up to the path field
            return
        if k == pygame.K_DOWN and row == len(rows) - 1:
            self._move(0, 1)  # off its end: down to the buttons
            return
        self.select_row(max(0, min(len(rows) - 1, target)))

    def _move(self, dx: int, dy: int) -> None:
        """The ring to the nearest stop in direction (dx, dy)."""
        here = self._element(self.stop)
        stops = self.stops()
        by_element = {id(self._element(s)): s for s in stops}
        target = nearest(here.rect, [self._element(s) for s in stops], dx, dy)
        if target is not None:
            self.stop = by_element[id(target)]

    def _use(self) -> None:
        if self.stop == "path":
            self.app.ui.set_focus_set(self._element("path"))
        elif self.stop == "list":
            rows = self.rows()
            if not rows:
                return
            item = rows[self.current_row()]
            if item["object_id"] == "#directory_list_item":
                self._post(pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION, item["text"])
            else:
                if not item["selected"]:
                    self.select_row(self.current_row())
                self._press("open")
        else:
            self._press(self.stop)

    def select_row(self, index: int) -> None:
        """Select row ``index`` as a click on it would, and scroll it into view."""
        self.current_row()  # the folder is noted before the row changes
        self.row = index
        for i, item in enumerate(self.rows()):
            item["selected"] = i == index
            button = item["button_element"]
            if isinstance(button, UIButton):
                button.select() if i == index else button.unselect()
        self._post(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, self.rows()[index]["text"])
        self._scroll_to(index)

    def _visible_rows(self) -> int:
        lst: Any = self._list()
        return max(1, lst.list_and_scroll_bar_container.rect.height // max(1, lst.list_item_height))

    def _scroll_to(self, index: int) -> None:
        lst: Any = self._list()
        bar = lst.scroll_bar
        if bar is None:
            return
        item_h, total = lst.list_item_height, max(1, lst.total_height_of_list)
        view_h = lst.list_and_scroll_bar_container.rect.height
        offset = min(bar.start_percentage * total, lst.lowest_list_pos)
        top = index * item_h
        if top < offset:
            offset = top
        elif top + item_h > offset + view_h:
            offset = top + item_h - view_h
        bar.set_scroll_from_start_percentage(offset / total)

    def _post(self, kind: int, text: str) -> None:
        lst = self._list()
        pygame.event.post(
            pygame.event.Event(
                kind, text=text, ui_element=lst, ui_object_id=lst.most_specific_combined_id
            )
        )

    def _press(self, stop: str) -> None:
        button = self._element(stop)
        if not button.is_enabled:
            return
        pygame.event.post(
            pygame.event.Event(
                pygame_gui.UI_BUTTON_PRESSED,
                ui_element=button,
                ui_object_id=button.most_specific_combined_id,
                mouse_button=1,
            )
        )

    # ---- drawing ------------------------------------------------------------------------
    def focus_rect(self) -> pygame.Rect | None:
        """Where the ring is: the stop's rect, or in the list the row's (None if scrolled
        out of view)."""
        if not self.alive():
            return None
        if self.typing():
            self.stop = "path"
        if self.stop not in self.stops():
            self.stop = "list"
        if self.stop != "list":
            return pygame.Rect(self._element(self.stop).rect)
        rows = self.rows()
        if not rows:
            return pygame.Rect(self._list().rect)
        button = rows[self.current_row()]["button_element"]
        if not isinstance(button, UIButton) or not button.alive():
            return None
        area = self._list().list_and_scroll_bar_container
        if area is None:
            return None
        return pygame.Rect(button.rect).clip(area.rect)

    def draw_focus(self, surface: pygame.Surface) -> None:
        rect = self.focus_rect()
        if rect is None or not rect.width or not rect.height:
            return
        d = self.app.display
        width = ring_width(d.scale)
        # Inside the list the ring hugs the row (its neighbours stay readable); elsewhere it
        # stands off its widget a little, as on the menu screens.
        ring = rect if self.stop == "list" else rect.inflate(2 * width, 2 * width)
        pygame.draw.rect(surface, RING, ring, width, border_radius=d.px(6))


ARROWS = {
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
}
LIST_MOVES = (
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_END,
)
