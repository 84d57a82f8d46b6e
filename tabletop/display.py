"""Display profile: sizes computed from the window (never a scaled finished surface).

Every length in the app is written for a 1920×1080 desktop and passed through :meth:`px`;
the TV profile makes everything larger for reading from a sofa.
"""

from __future__ import annotations

from dataclasses import dataclass

TV_FACTOR = 1.35
MIN_SIZE = (1024, 600)
#: The size of the text a player reads (pygame-gui's default, the table's prompts), 1080p desktop.
BODY = 22
#: The smallest desktop size of a label a player needs (a name, a count, a caption, a log line):
#: on a TV no such text is below the body size.
LABEL = 16
#: The smallest text a player is asked to read, 1080p desktop (never below 12 anyway).
READABLE = 13
#: The least width and height of something a player clicks, in pixels at any window size: a
#: pointer does not shrink with the window (1280×720 is where it bites).
TARGET = 32


@dataclass(frozen=True)
class Display:
    width: int
    height: int
    profile: str = "desktop"  # or "tv"

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def scale(self) -> float:
        base = min(self.width / 1920, self.height / 1080)
        return max(0.5, base * (TV_FACTOR if self.profile == "tv" else 1.0))

    @property
    def frame_scale(self) -> float:
        """The desktop profile's scale at this window size: the TV profile does not grow the
        table's frame (log panel, status bar) with it, so the play area keeps its room."""
        return max(0.5, min(self.width / 1920, self.height / 1080))

    def frame_px(self, n: float) -> int:
        """A 1080p-desktop length of the table's frame, the same in both profiles."""
        return max(1, round(n * self.frame_scale))

    def log_px(self, wide: bool = False) -> int:
        """The game log's width. On a TV it is narrower than the desktop's (its lines wrap
        sooner) so the shared play area is larger; ``wide``, the player's choice
        (key G), gives it the TV's full size to read the history."""
        if self.profile != "tv":
            return self.frame_px(400)
        return self.px(400) if wide else self.frame_px(320)

    @property
    def body_px(self) -> int:
        """The body text size of this profile: text a player needs is never smaller."""
        return max(12, round(BODY * self.scale))

    @property
    def least_label_px(self) -> int:
        """How small a label a player needs may be squeezed to fit its room: on a TV, no
        smaller than the body size (the floor :meth:`font_px` keeps); elsewhere 0, the
        renderer's own limit (four fifths of its size)."""
        return self.body_px if self.profile == "tv" else 0

    @property
    def readable_px(self) -> int:
        """The smallest font size a player is asked to read (labels squeezed to fit included)."""
        return self.font_px(READABLE)

    def px(self, n: float) -> int:
        """A 1080p-desktop length in pixels for this window and profile (at least 1)."""
        return max(1, round(n * self.scale))

    def font_px(self, n: float, shrink: float = 1.0) -> int:
        """A font size, never below a readable minimum; ``shrink`` (at most 1) is a crowded
        layout's own scale. On a TV, text of desktop size :data:`LABEL` or more is never below
        the profile's body size: text a player needs reads from the sofa. Smaller sizes
        are the tags on pieces ("new", "discarded")."""
        size = max(12, round(n * self.scale * shrink))
        if self.profile == "tv" and n >= LABEL:
            return max(size, self.body_px)
        return size
