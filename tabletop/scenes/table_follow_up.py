"""A move's follow-up work, spread one job a frame over the frames after it: the felt and
labels redrawn (``TableDrawing.static_late``), the autosave (``TableSaving.due``), the log's
new lines (``TableDrawing.log_late``) and the phones' new state (once the save holds the
move), in that order at a table, the save and the phones first at a game night (a player's
own phone waits for both); then card faces the phones asked for, then pictures the next moves
may need; nothing in a move's own frame. No frame then does two costly jobs (the TV's frame
time while nine phones play: bench_game_night; a table's animations: bench_frames).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table_drawing import TableDrawing
    from .table_night import NightHost
    from .table_saving import TableSaving

#: Frames a move's follow-up work may wait for a frame without a move (moves every frame, as
#: AI seats at Instant speed make them, must not starve it).
PATIENCE = 3


class FollowUps:
    """Counts the table's frames and does one job a move left on each."""

    def __init__(self, drawing: TableDrawing, saving: TableSaving, night: NightHost) -> None:
        self.drawing = drawing
        self.saving = saving
        self.night = night
        self.frame = 0  # frames drawn
        self.moved_frame = -1  # the frame the last move was made in
        self.waited = 0

    def drawn(self) -> None:
        self.frame += 1

    def moved(self) -> None:
        """A move was made in this frame: its work waits for the frames after it."""
        self.moved_frame = self.frame

    def run(self) -> None:
        """The next job, unless this frame made a move (and has not waited too long)."""
        if self.moved_frame == self.frame and self.waited < PATIENCE:
            self.waited += 1
            return
        self.waited = 0
        jobs = self._for_phones if self.night.active else self._for_the_table
        # any() stops at the first job done: one job a frame
        if not any(job() for job in jobs()) and not self.night.paint_card_images():
            self.drawing.paint_ahead()  # pictures the next moves may need

    def _for_the_table(self) -> tuple[Callable[[], bool], ...]:
        """The TV's own look first: the felt and labels, the save, the log, the phones."""
        return (self._static, self._save, self._log, self.night.publish_if_due)

    def _for_phones(self) -> tuple[Callable[[], bool], ...]:
        """At a game night the phone that moved waits for the save, then for its new state:
        those first (the TV already shows the move; its labels follow a frame or two later)."""
        return (self._save, self.night.publish_if_due, self._static, self._log)

    def _static(self) -> bool:
        if not self.drawing.static_late:
            return False
        self.drawing.static_late = False  # this frame's draw lays the felt and labels anew
        return True

    def _save(self) -> bool:
        if not self.saving.due:
            return False
        self.saving.autosave()  # before the phones hear of the move: a crash keeps it
        return True

    def _log(self) -> bool:
        if not self.drawing.log_late:
            return False
        self.drawing.log_late = False  # this frame's draw adds the log's new lines
        return True
