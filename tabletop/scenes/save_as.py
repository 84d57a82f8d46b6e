"""Save a named copy of the game in progress ("Save" on the table, or Ctrl+S).

The app's dialog (the one that asks to leave a game), with a name field: a name is suggested
(the game and the time), Save and Cancel. Enter saves, Esc cancels. The copy is a file of its
own on the Load screen; the game's autosave goes on as before.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from pygame_gui.elements import UIButton, UITextEntryLine

from ..names import MAX_NAME, UNDRAWABLE
from ..saves import SaveError, clean_label, write_named_save
from ..session import Session
from ..storage import describe_os_error
from ..ui.dialogs import Prompt, PromptWindow
from .base import Scene

if TYPE_CHECKING:
    from ..app import App


def suggested_name(session: Session) -> str:
    return f"{session.title} – {datetime.now():%d %b %H:%M}"[:MAX_NAME]


class SaveAsScene(Scene):
    """The table stays visible underneath; the dialog takes the input."""

    opaque = False

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.prompt: Prompt | None = None

    def enter(self) -> None:
        super().enter()
        self.prompt = Prompt(
            self.app,
            "A copy of the game as it is now, listed under Load. (The game itself is saved "
            "anyway.)",
            title="Save a copy",
            action="Save",
            text=suggested_name(self.session),
            on_text=self._save_as,
            on_no=self._closed,
            limit=MAX_NAME,
            forbidden=UNDRAWABLE,
        )

    @property
    def window(self) -> PromptWindow | None:
        """The dialog's window while it is open."""
        prompt = self.prompt
        if prompt is None or not prompt.alive() or not isinstance(prompt.window, PromptWindow):
            return None
        return prompt.window

    @property
    def entry(self) -> UITextEntryLine | None:
        return self.window.entry if self.window is not None else None

    @property
    def save_button(self) -> UIButton | None:
        return self.window.confirm_button if self.window is not None else None

    @property
    def cancel_button(self) -> UIButton | None:
        return self.window.cancel_button if self.window is not None else None

    def leave(self) -> None:
        if self.prompt is not None:
            self.prompt.close()
        super().leave()

    def _closed(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def save(self) -> None:
        """What Save (or Enter) does: a copy under the typed name, or a sentence saying why
        not (the dialog stays)."""
        if self.prompt is not None:
            self.prompt.answer_yes()

    def _save_as(self, name: str) -> bool:
        try:
            name = clean_label(name)
            write_named_save(self.session, name)
        except SaveError as err:
            self.app.toast(str(err), kind="error")
            return False
        except OSError as err:
            self.app.toast(
                f"The game could not be saved: {describe_os_error(err)}.", kind="error", seconds=6
            )
            return False
        if self.app.top is self:
            self.app.pop()
        self.app.toast(f"Saved as “{name}”: find it under Load.")
        return True
