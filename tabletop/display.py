"""Display profile: sizes computed from the window (never a scaled finished surface).

Every length in the app is written for a 1920×1080 desktop and passed through :meth:`px`;
the TV profile makes everything larger for reading from a sofa.
"""

from __future__ import annotations

from dataclasses import dataclass

TV_FACTOR = 1.35
MIN_SIZE = (1024, 600)


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

    def px(self, n: float) -> int:
        """A 1080p-desktop length in pixels for this window and profile (at least 1)."""
        return max(1, round(n * self.scale))

    def font_px(self, n: float) -> int:
        """A font size, never below a readable minimum."""
        return max(12, round(n * self.scale))
