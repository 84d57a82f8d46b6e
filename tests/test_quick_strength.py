"""The quick strength check gives the same figures for the same command, and its comparison
pairs the games of two runs of the same deals."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "benchmarks"))

from quick_strength import Cell, compare, run

#: A cell small enough for the default test run (one deal of four games at tiny caps).
TINY = [Cell("allegiance", 4, 4, 8, (("normal", "easy", 1),))]


def _figures(result: dict) -> list[dict]:
    return [{k: v for k, v in row.items() if k != "wall_time_s"} for row in result["rows"]]


def test_same_command_same_figures() -> None:
    first = run(TINY, seed=3, jobs=1, scale=1.0, echo=False)
    again = run(TINY, seed=3, jobs=1, scale=1.0, echo=False)
    assert _figures(first) == _figures(again)
    row = first["rows"][0]
    assert row["games"] == 4 and len(row["game_shares"]) == 4
    assert row["win_share"] == sum(row["game_shares"]) / 4
    # The same run compared with itself: no game changed.
    table = compare(again, first)
    assert "0/4" in table[-1] and "+0.0%" in table[-1]
