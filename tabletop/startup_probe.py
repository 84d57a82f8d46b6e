"""``TABLETOP_STARTUP_PROBE=1``: report when the first frame is on screen, then quit.

For the start-up benchmark (``tests/benchmarks/bench_startup.py``): it prints one line,
``startup-probe: first frame at <unix time> s, <age> s after the process started``. The unix
time lets a launcher measure from its own clock (which also counts a onefile build's unpacking
in a parent process); the age, read from ``/proc``, is there only on Linux.
"""

from __future__ import annotations

import os
import time
from typing import Any

ENV_VAR = "TABLETOP_STARTUP_PROBE"


def enabled() -> bool:
    return os.environ.get(ENV_VAR, "") not in ("", "0")


def process_age() -> float | None:
    """Seconds since this process started (Linux, 10 ms resolution), or None elsewhere."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            # Field 22, counted after the ")" that ends the command name (which may hold spaces).
            fields = fh.read().rsplit(")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return time.clock_gettime(time.CLOCK_BOOTTIME) - started
    except (OSError, IndexError, ValueError, AttributeError):
        return None


def report_first_frame(app: Any) -> None:
    """An ``App.on_frame`` hook: print the line once and stop the app's loop."""
    now = time.time()
    age = process_age()
    after = f", {age:.3f} s after the process started" if age is not None else ""
    print(f"startup-probe: first frame at {now:.6f} s{after}", flush=True)
    app.on_frame = None
    app.running = False
