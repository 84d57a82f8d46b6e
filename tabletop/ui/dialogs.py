"""The app's dialogs: modal pygame-gui windows, themed and sized by the display profile, over a
dimmed window, that outlive a change of window size or profile.

A :class:`Modal` is the handle a scene keeps; its pygame-gui window (``.window``) is built again
in the new UI manager when the window is resized or the profile changes, with the same question
and the same answer callbacks. The app (``App.modals``) keeps the open ones: Escape cancels the
topmost, Enter answers it with its focused button.

:func:`ask` builds every yes/no question of the app (a :class:`Question`), and a
:class:`Prompt` asks for a name in the same dialog (:class:`ConfirmWindow`, with a text field).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox, UITextEntryLine, UIWindow

from .text import wrap_text

if TYPE_CHECKING:
    from ..app import App

Answer = Callable[[], None]
MIN_SIZE = (260, 200)  # pygame-gui's least confirmation dialog


class DimWindow(UIWindow):
    """A window-sized, title-less, see-through dark window under a modal dialog: the rest of
    the app shows dimmed behind it, and its clicks never reach the scene."""

    def __init__(self, app: App) -> None:
        super().__init__(
            pygame.Rect((0, 0), app.display.size),
            app.ui,
            window_display_title="",
            object_id="#modal_dim",
            resizable=False,
            draggable=False,
        )
        self.bring_to_front_on_focused = False  # a click on it must not lift it over the dialog


class Modal:
    """A modal dialog: a dim window and a dialog window over it, rebuilt on a new layout.

    ``build(app, previous)`` makes the pygame-gui window (``previous``: the window it replaces
    after a resize, or None), so a subclass or a caller can carry state (a folder) across.
    Attributes not found here are the window's (``confirm_button``, ``alive`` ...).
    """

    def __init__(
        self,
        app: App,
        build: Callable[[App, UIWindow | None], UIWindow],
        *,
        on_cancel: Answer | None = None,
    ) -> None:
        self.app = app
        self._build = build
        self.on_cancel = on_cancel
        self.dim: DimWindow | None = None
        self.closed = False
        self.window: UIWindow = self._open(None)
        app.modals.append(self)

    def _open(self, previous: UIWindow | None) -> UIWindow:
        self.dim = DimWindow(self.app)
        window = self._build(self.app, previous)
        window.set_blocking(True)
        return window

    # ---- what the app calls -----------------------------------------------------------
    def reopen(self) -> None:
        """Build the window again in the app's (new) UI manager: same texts and answers."""
        old = self.window
        self.window = self._open(old)

    def owns(self, element: object) -> bool:
        return element is self or element is self.window

    def alive(self) -> bool:
        return not self.closed and self.window.alive()

    def cancel(self) -> None:
        """Closed without an answer (Escape, Cancel, the close button): ``on_cancel`` runs."""
        if self.closed:
            return
        self.close()
        if self.on_cancel is not None:
            self.on_cancel()

    def close(self) -> None:
        """Gone, no callback (answered, or its scene left)."""
        self.closed = True
        if self.window.alive():
            self.window.kill()
        if self.dim is not None and self.dim.alive():
            self.dim.kill()
        if self in self.app.modals:
            self.app.modals.remove(self)

    def kill(self) -> None:
        """As pygame-gui's ``kill`` on the window: closed without an answer."""
        self.cancel()

    def window_closed(self) -> None:
        """pygame-gui closed the window itself (its Cancel or close button)."""
        self.cancel()

    def key(self, event: pygame.event.Event) -> bool:
        """A key press while this is the topmost dialog (Escape is the app's): True if the
        dialog used it, False to hand it to pygame-gui (a text field's typing)."""
        return False

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The dialog's keyboard focus, drawn over the widgets (default: its own look)."""

    def __getattr__(self, name: str) -> Any:
        if name == "window":  # not built yet (in ``__init__``)
            raise AttributeError(name)
        return getattr(self.window, name)


class Question(Modal):
    """A yes/no question: ``on_yes`` runs when its action button (or Enter on it) is pressed,
    ``on_no`` when it is cancelled in any way."""

    def __init__(
        self,
        app: App,
        question: str,
        *,
        title: str,
        action: str,
        size: tuple[int, int] = (640, 300),
        on_yes: Answer | None = None,
        on_no: Answer | None = None,
    ) -> None:
        self.question, self.title, self.action, self.size = question, title, action, size
        self.on_yes = on_yes
        self.focus = 0  # 0: the action button, 1: Cancel
        super().__init__(app, self._make, on_cancel=on_no)

    def _make(self, app: App, previous: UIWindow | None) -> UIWindow:
        window = ConfirmWindow(app, self.question, self.title, self.action, self.size)
        self._show_focus(window)
        return window

    def answer_yes(self) -> None:
        if self.closed:
            return
        self.close()
        if self.on_yes is not None:
            self.on_yes()

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus == 0:
                self.answer_yes()
            else:
                self.cancel()
        elif event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.focus = 1 - self.focus
            self._show_focus(self.window)
        return True  # a question takes every key: nothing reaches the scene under it

    def _show_focus(self, window: UIWindow) -> None:
        """The focused button is drawn selected (gold border), the other normal."""
        if not isinstance(window, ConfirmWindow):
            return
        for i, button in enumerate((window.confirm_button, window.cancel_button)):
            if i == self.focus:
                button.select()
            else:
                button.unselect()


class ConfirmWindow(pygame_gui.windows.UIConfirmationDialog):
    """pygame-gui's confirmation dialog laid out for the profile: its fixed 30-px buttons cut
    their text at 4K, so the question and the buttons are placed again from the theme's fonts
    (buttons as wide as their words, the window as tall as the question needs)."""

    def __init__(
        self,
        app: App,
        question: str,
        title: str,
        action: str,
        size: tuple[int, int],
        extra_h: int = 0,
    ) -> None:
        """``extra_h``: room kept between the question and the buttons (a prompt's field)."""
        d = app.display
        theme = app.ui.get_theme()
        text_font = theme.get_font(["#dialog_text", "text_box"])
        pad, gap = self.pad, self.gap = d.px(24), d.px(16)
        button_h = self.button_h = button_height(app)
        button_font = theme.get_font(["button"])
        widths = [button_font.size(t)[0] + d.px(48) for t in (action, "Cancel")]
        w = min(d.width - 2 * d.px(20), max(d.px(size[0]), sum(widths) + gap + 2 * pad))
        lines = len(wrap_text(question, text_font, w - 2 * pad - d.px(8)))
        text_h = lines * round(text_font.size("ÅgÝ")[1] * 1.3) + d.px(12)
        title_h = int(str(theme.get_misc_data("title_bar_height", ["window"]) or 28))
        h = title_h + pad + text_h + pad + extra_h + button_h + pad
        h = min(d.height - 2 * d.px(20), max(h, d.px(size[1]) // 2 + title_h))
        w, h = max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])  # pygame-gui warns below its minimum
        super().__init__(
            pygame.Rect((d.width - w) // 2, (d.height - h) // 2, w, h),
            question,
            app.ui,
            window_title=title,
            action_short_name=action,
            blocking=True,
        )
        self.resizable = False
        self.draggable = False
        inner_w, inner_h = self.get_container().get_size()
        # Built again without pygame-gui's right/bottom anchors: plain rects, sized here.
        for element in (self.confirm_button, self.cancel_button, self.confirmation_text):
            element.kill()
        by = inner_h - pad - button_h
        x = inner_w - pad
        made: list[UIButton] = []
        for text, width, oid in (
            ("Cancel", widths[1], "#cancel_button"),
            (action, widths[0], None),
        ):
            x -= width
            made.append(
                UIButton(
                    pygame.Rect(x, by, width, button_h),
                    text,
                    app.ui,
                    container=self,
                    object_id=oid or "#confirm_button",
                )
            )
            x -= gap
        self.cancel_button, self.confirm_button = made
        self.confirmation_text = UITextBox(
            question,
            pygame.Rect(pad, pad, inner_w - 2 * pad, max(d.px(40), by - 2 * pad - extra_h)),
            app.ui,
            container=self,
            object_id="#dialog_text",
        )


def button_height(app: App) -> int:
    """A dialog button's height: the theme's button text with room above and below."""
    return round(app.ui.get_theme().get_font(["button"]).size("ÅgÝ")[1] * 1.8)


class PromptWindow(ConfirmWindow):
    """The confirmation dialog with a text field over its buttons. Its action button only
    reports the press (:class:`Prompt` checks the text): the window stays open for a text the
    caller refuses."""

    def __init__(
        self, app: App, prompt: str, title: str, action: str, size: tuple[int, int], text: str
    ) -> None:
        field_h = button_height(app)
        super().__init__(app, prompt, title, action, size, extra_h=field_h + app.display.px(16))
        inner_w = self.get_container().get_size()[0]
        y = self.confirm_button.relative_rect.y - self.gap - field_h
        self.entry = UITextEntryLine(
            pygame.Rect(self.pad, y, inner_w - 2 * self.pad, field_h),
            app.ui,
            container=self,
            initial_text=text,
        )

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.confirm_button:
            pygame.event.post(
                pygame.event.Event(
                    pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                    ui_element=self,
                    ui_object_id=self.most_specific_combined_id,
                )
            )
            return bool(UIWindow.process_event(self, event))
        return bool(super().process_event(event))


class Prompt(Question):
    """Asks for a text (a save's name): ``on_text`` gets it when the action button or Enter is
    pressed and returns True to close the dialog, False to keep it open (it says why).
    ``limit`` and ``forbidden`` go to the text field (``set_text_length_limit``,
    ``set_forbidden_characters``)."""

    def __init__(
        self,
        app: App,
        prompt: str,
        *,
        title: str,
        action: str,
        text: str,
        on_text: Callable[[str], bool],
        on_no: Answer | None = None,
        limit: int = 0,
        forbidden: Any = None,
        size: tuple[int, int] = (640, 300),
    ) -> None:
        self.text, self.on_text = text, on_text
        self.limit, self.forbidden = limit, forbidden
        super().__init__(app, prompt, title=title, action=action, size=size, on_no=on_no)

    def _make(self, app: App, previous: UIWindow | None) -> UIWindow:
        if isinstance(previous, PromptWindow):
            self.text = previous.entry.get_text()  # a resize keeps what was typed
        window = PromptWindow(app, self.question, self.title, self.action, self.size, self.text)
        if self.limit:
            window.entry.set_text_length_limit(self.limit)
        if self.forbidden is not None:
            window.entry.set_forbidden_characters(self.forbidden)
        window.entry.focus()
        self._show_focus(window)
        return window

    @property
    def entry(self) -> UITextEntryLine:
        window = self.window
        assert isinstance(window, PromptWindow)
        return window.entry

    def answer_yes(self) -> None:
        if not self.closed and self.on_text(self.entry.get_text()):
            self.close()

    def key(self, event: pygame.event.Event) -> bool:
        """Enter answers; every other key is the text field's."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.answer_yes()
            return True
        return False


def ask(
    app: App,
    question: str,
    *,
    title: str,
    action: str,
    size: tuple[int, int] = (640, 300),
    on_yes: Answer | None = None,
    on_no: Answer | None = None,
) -> Question:
    """A modal yes/no question in the middle of the window. ``size`` is the least size in the
    profile's pixels (``display.px``; it grows to fit its text); ``action`` names the button
    that says yes (``on_yes``); Cancel, Escape and the close button say no (``on_no``)."""
    return Question(
        app, question, title=title, action=action, size=size, on_yes=on_yes, on_no=on_no
    )
