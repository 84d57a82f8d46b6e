"""A bot that thinks for a long time (for the worker-process tests)."""

from __future__ import annotations

import time

from rules import Move


class SlowBot:
    name = "slow"

    def choose(self, seat_view) -> Move:  # type: ignore[no-untyped-def]
        time.sleep(60)
        return seat_view.legal_moves()[0]
