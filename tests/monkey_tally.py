"""What the GUI monkey's short runs saw together (scenes and dialogs), and whether together
they reached every main screen.

Each run sees a few screens; only all of them together must reach every one. Under xdist
the runs spread over workers, so each worker hands its tally to the controller
(``conftest.py``), which judges the union at the session's end.
"""

from __future__ import annotations

import json
import os

#: Actions per short run (``TABLETOP_MONKEY_STEPS``; the union is judged only at full length).
STEPS = int(os.environ.get("TABLETOP_MONKEY_STEPS", "300"))
FULL_STEPS = 300
#: Every screen the short runs reach together (with the default steps).
MAIN_SCREENS = frozenset(
    {
        "TitleScene",
        "SetupScene",
        "TableScene",
        "RulesScene",
        "SettingsScene",
        "LoadScene",
        "SaveAsScene",
        "HandOverScene",
    }
)

SEEN: set[str] = set()
RUNS: set[str] = set()
#: How many short runs there are in all (each game from each start); 0 until one has run.
EXPECTED: list[int] = [0]


def record(run: str, visited: set[str], of: int) -> None:
    """Tally one run's screens; ``of`` is how many runs there are in all."""
    RUNS.add(run)
    SEEN.update(visited)
    EXPECTED[0] = of


def dumps() -> str:
    return json.dumps({"runs": sorted(RUNS), "seen": sorted(SEEN), "of": EXPECTED[0]})


def merge(text: str) -> None:
    data = json.loads(text)
    RUNS.update(data["runs"])
    SEEN.update(data["seen"])
    EXPECTED[0] = max(EXPECTED[0], int(data["of"]))


def shortfall() -> list[str] | None:
    """What the runs together did not reach (empty: all of it), or ``None`` when not every
    run was played at full length (a filtered or shortened session judges nothing)."""
    if not RUNS or len(RUNS) < EXPECTED[0] or STEPS < FULL_STEPS:
        return None
    missing = sorted(MAIN_SCREENS - SEEN)
    if not any(name.startswith("dialog: ") for name in SEEN):
        missing.append("any dialog")
    return missing
