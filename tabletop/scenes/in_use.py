"""A game another tabletop window has open: say so, and offer to open a copy of it instead
(a new save of its own; the other window keeps the original)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..locks import IN_USE
from ..saves import fresh_save_id
from ..ui.dialogs import Answer, Question, ask

if TYPE_CHECKING:
    from ..app import App
    from ..session import Session


def offer_copy(app: App, on_yes: Answer) -> Question:
    return ask(
        app,
        f"{IN_USE} Open a copy of it here? The copy is saved as a new game; "
        "the other window keeps the original.",
        title="This game is already open",
        action="Open a copy",
        size=(720, 340),
        on_yes=on_yes,
    )


def as_copy(session: Session) -> Session:
    """The same game under a new save id (its own file from its first move on)."""
    session.save_id = fresh_save_id()
    return session
