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
    from .table import TableScene


def resume_marks(scene: TableScene) -> None:
    """The marks of the game's moves so far, for the table's viewer (nothing for a new game)."""
    scene.last_moves.replay(scene.session)
    area = scene.working_area
    history = scene.game.history
    if area is None or not history:
        return
    session = scene.session
    game = rules.new_game(session.game_id, len(session.seats), session.seed, scene.game.options)
    viewer = scene.viewer
    area.sync(game.view(viewer), viewer)
    for move in history:
        game.play(move)
        area.sync(game.view(viewer), viewer)
