"""A move's follow-up work, spread one job a frame over the frames after it: the felt and
labels redrawn (``TableDrawing.static_late``), then the autosave (``TableSaving.due``), then
the log's new lines (``TableDrawing.log_late``), then the phones' new state (once the save
holds the move), then card faces the phones asked for, then pictures the next moves may need;
nothing in a move's own frame. No frame then does two costly jobs (bench_game_night: the TV's
frame time p99 while nine phones play; bench_frames: the frames of a table's animations).
"""

from __future__ import annotations

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
        drawing = self.drawing
        if drawing.static_late:
            drawing.static_late = False  # this frame's draw lays the felt and labels anew
        elif self.saving.due:
            self.saving.autosave()  # before the phones hear of the move: a crash keeps it
        elif drawing.log_late:
            drawing.log_late = False  # and this one's the log's new lines
        elif self.night.publish_if_due():
            pass  # the phones were sent the new state
        elif not self.night.paint_card_images():
            drawing.paint_ahead()  # pictures the next moves may need
