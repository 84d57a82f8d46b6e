"""The table's sounds: one cue a move, chosen from the rules' events (never a rule redone).

The game's package says what its event kinds sound like (``GameApp.sound_cues``); the table
adds what only it knows: a game just begun deals, and a move that hands the turn to a player
at this screen rings their bell, once (not again for each step of the same turn; never for a
seat that plays on its phone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules

from ..audio.cues import cue_for
from ..games import sound_cues_for

if TYPE_CHECKING:
    from ..app import App
    from ..session import Session
    from .table_viewer import TableViewer


class TableSounds:
    def __init__(self, app: App, session: Session, viewing: TableViewer) -> None:
        self.app = app
        self.session = session
        self.viewing = viewing  # who plays at this screen (their turn rings a bell)
        self.cues = sound_cues_for(session.game_id)
        #: The local player whose turn bell rang last, until the turn leaves them.
        self._rung: int | None = None

    def begin(self) -> None:
        """The table opens: a new game deals (a resumed one is silent)."""
        self._rung = self._local_mover()
        game = self.session.game
        if not game.history and not game.over:
            self.app.sound.play("deal")

    def _local_mover(self) -> int | None:
        mover = self.session.game.to_move
        return mover if self.viewing.is_local_human(mover) else None

    def after_move(self, events: list[rules.Event]) -> None:
        mover = self._local_mover()
        turn = mover is not None and mover != self._rung
        self._rung = mover
        self.app.sound.play(cue_for(events, self.cues, turn=turn))
