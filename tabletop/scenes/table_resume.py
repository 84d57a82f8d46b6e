"""A table opened on a game under way (Continue, Load) shows the marks the live table showed
when the game was left: each seat's last move (:mod:`.table_marks`, rebuilt from the session's
log) and a working area's own marks (Machiavelli's cards another seat brought or moved, the card
the viewer just drew), rebuilt by following the game's positions again as the viewer sees them.
Only what the viewer may see is used: their own views and the events visible to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules

if TYPE_CHECKING:
    from ..session import Session
    from ..table.gestures import WorkingArea
    from .table_marks import LastMoves


def resume_marks(
    last_moves: LastMoves, area: WorkingArea | None, session: Session, viewer: int | None
) -> None:
    """The marks of the game's moves so far, for ``viewer`` (nothing for a new game)."""
    last_moves.replay(session)
    history = session.game.history
    if area is None or not history:
        return
    game = rules.new_game(session.game_id, len(session.seats), session.seed, session.game.options)
    area.sync(game.view(viewer), viewer)
    for move in history:
        game.play(move)
        area.sync(game.view(viewer), viewer)
