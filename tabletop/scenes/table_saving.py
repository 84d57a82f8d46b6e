"""The table's saving and undo: the autosave after every move (written on the autosave thread,
its outcome told on the UI thread), waiting for it before the table is covered or left, a
named copy (Save), and taking back the human's last move (Undo)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..autosave import Saver, shared
from ..saves import save_path, save_text
from ..session import UndoRefused
from ..storage import describe_os_error

if TYPE_CHECKING:
    from ..app import App
    from ..session import Session
    from .table_night import NightHost


class SavingHost(Protocol):
    """What saving needs of the table: the app that tells how it went, the session saved,
    and a way to show the position an undo went back to."""

    app: App
    session: Session

    def taken_back(self) -> None:
        """Moves were taken back: forget what was about them and lay the table out anew."""


class TableSaving:
    def __init__(self, scene: SavingHost, night: NightHost) -> None:
        self.scene = scene
        self.night = night  # the phones hear of a move once the save holds it
        #: A move's autosave waits for a frame of its own (table_follow_up).
        self.due = False
        self._failed = False  # say once, not after every move, that saving fails
        #: False: this table's game is nobody's to resume or undo (a lesson keeps a bookmark).
        self.enabled = True

    def autosave(self) -> None:
        """Save after every move, so quitting never loses the game (Continue resumes it). The
        data is taken now; the writing happens on the autosave thread (:mod:`..autosave`),
        and its outcome is told on a later frame (or when the table flushes)."""
        self.due = False
        session, night = self.scene.session, self.night
        ply = len(session.game.history)
        if not session.humans or not self.enabled:
            night.saved(ply)
            return  # AI-only games (the self-test, demos) are nobody's to resume
        self.report()
        text = save_text(session)
        shared().submit(save_path(session), text, lambda _error: night.saved(ply))

    def report(self) -> None:
        """Tell the player about the autosaves that finished (a failure once, until one works)."""
        if self._saver is None:
            return
        for _path, err in self._saver.outcomes(save_path(self.scene.session)):
            if err is not None:
                if not self._failed:
                    self.scene.app.toast(
                        f"The game could not be saved: {describe_os_error(err)}.",
                        kind="error",
                        seconds=6,
                    )
                self._failed = True
            else:
                self._failed = False

    @property
    def _saver(self) -> Saver | None:
        return shared() if self.scene.session.humans and self.enabled else None

    def flush(self) -> None:
        """Wait until the autosave is on disk and tell how it went: before the table is left
        or covered (results, Load, replay, export, quitting, a terminate signal)."""
        if self.due:
            self.autosave()
        if self._saver is None:
            return
        self._saver.flush()
        self.report()

    def on_terminate(self) -> None:
        """A terminate signal ends the app: the game is saved even before its first move (a
        human who has not moved yet finds it under Continue)."""
        if not self.scene.session.game.over:
            self.autosave()
        self.flush()

    def save_as(self) -> None:
        """Ask for a name and keep a copy of the game as it is now (Load lists it)."""
        self.scene.app.go.save_as(self.scene.session)

    def undo_offered(self) -> bool:
        """Undo is for one human against AI seats, while the game is on."""
        session = self.scene.session
        return self.enabled and len(session.humans) == 1 and not session.game.over

    def undo(self) -> None:
        """Take back the human's last decision (and the AI replies after it), if the rules of
        undo allow it (``Session.undo``); otherwise say why."""
        scene = self.scene
        if not self.undo_offered():
            return
        try:
            scene.session.undo(scene.session.humans[0])
        except UndoRefused as err:
            scene.app.toast(str(err), kind="error")
            return
        scene.taken_back()
        self.autosave()
        self.night.publish()
        scene.app.toast("Your last move is taken back; this game now counts as assisted.")
