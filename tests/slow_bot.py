"""A bot that thinks for a long time (for the worker-process tests)."""

from __future__ import annotations

import time

from rules import Move


class SlowBot:
    name = "slow"

    def choose(self, seat_view) -> Move:  # type: ignore[no-untyped-def]
        time.sleep(60)
        return seat_view.legal_moves()[0]


class PausingBot:
    """Thinks for ``seconds``, then plays the first legal move (time to kill its worker)."""

    name = "pausing"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def choose(self, seat_view) -> Move:  # type: ignore[no-untyped-def]
        time.sleep(self.seconds)
        return seat_view.legal_moves()[0]
