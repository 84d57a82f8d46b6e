"""Game night under attack: nine phones play on while one device abuses the host.

    python tests/benchmarks/bench_night_abuse.py [--seconds 15] [--no-tracemalloc]
        [--attacks deaf-public,deaf-bogus,ping,idle] [--control] [--profile]

Loopback only. The nine phones and the TV are bench_game_night's: scripted aiohttp phones
(every seat of an Allegiance match, ``--deals`` deals, long enough to outlast the attack)
and the app itself, headless, at 1920×1080, stepped at 60 Hz on this thread. The attacker is
tests/benchmarks/night_attacker.py, in a process of its own (another device: its sockets and
memory are not the host's), one attack at a time, each stopping by itself after ``--seconds``:

1. a deaf flood from a public screen (hello without a token, junk moves as fast as the socket
   takes them, never a byte read);
2. the same deaf flood after a hello with a made-up token (the host refuses and closes it;
   the attacker opens another at once);
3. a ping flood from a public screen that reads every answer;
4. 500 idle TCP connections, each opened again when the host closes it.

A calm window before (the baseline) and one after are measured the same way. In every window:
each honest move's latency (the phone stamps it as it sends, the TV at the end of the frame
that applied it: bench_game_night's (a)), the TV's frame times, the host's resident set
(``/proc/self/statm``), tracemalloc's traced bytes and its open file descriptors, sampled
twice a second; every autosave's outcome (the app's saver's writes, counted); and each of the
nine phones in turn hangs up and rejoins with its token: the milliseconds until its new
socket has the welcome and the state.

Goals: host memory (resident set) grows under 20 MB from the attack's start to its end and
after; move to TV median ≤ 50 ms and TV frame p99 ≤ 16 ms in every window; every autosave
succeeds; every seat rejoins within REJOIN_BOUND seconds in every window.

The TV's own work per frame grows as the match goes on (and tracemalloc slows every
allocation): ``--control`` measures the same windows with no attacker, for comparison, and
``--no-tracemalloc`` times frames without tracemalloc's cost. Each window also reports the CPU
seconds each of the host's threads used in it (the TV, the game-night server, the phones);
``--profile`` prints where each window's TV frames spent their time.

Prints a table and writes tests/benchmarks/results/night_abuse.json (``--control``:
night_abuse-control.json).
"""

from __future__ import annotations

import argparse
import cProfile
import faulthandler
import gc
import json
import os
import pstats
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_game_night import (
    NAMES,
    RESULTS,
    Pacer,
    Phones,
    new_app,
    statm_rss_mb,
    summary,
    table,
    temporary_home,
)

from tabletop import autosave
from tabletop.scenes.results import ResultsScene
from tabletop.session import PHONE, SeatConfig, Session

ATTACKER = Path(__file__).with_name("night_attacker.py")
WINDOWS = [
    ("calm (before)", None),
    ("deaf flood, public screen", "deaf-public"),
    ("deaf flood, bogus token", "deaf-bogus"),
    ("ping flood, public screen", "ping"),
    ("500 idle connections", "idle"),
    ("after", None),
]
REJOIN_BOUND = 2.0  # seconds a rejoining phone may take to have the welcome and the state
SAMPLE = 0.5  # seconds between memory samples
GAP = 1.0  # seconds between windows, not counted (the attacker starts, the last one ends)
WARM = 5.0  # seconds of play before the first window (card pictures, caches)
GOAL_MEMORY_MB = 20.0
GOAL_LATENCY_MS = 50.0
GOAL_FRAME_MS = 16.0


class MatchOver(Exception):
    """The match ended before the attack did: use more ``--deals``."""


@dataclass
class Window:
    name: str
    frames: list[float] = field(default_factory=list)  # ms
    cpu: list[float] = field(default_factory=list)  # ms
    latencies: list[float] = field(default_factory=list)  # ms
    samples: list[dict[str, float]] = field(default_factory=list)
    rejoins: dict[int, float | str] = field(default_factory=dict)  # seat -> ms or what failed
    drops: list[int] = field(default_factory=list)  # honest seats the host closed
    saves: list[str | None] = field(default_factory=list)  # None: written; else the error
    attacker: dict[str, Any] = field(default_factory=dict)
    profile: cProfile.Profile | None = None  # the TV's frames (--profile)
    threads: dict[str, float] = field(default_factory=dict)  # CPU seconds used in the window


class Attacker:
    """night_attacker.py in a process of its own; its output is read on a thread."""

    def __init__(self, attack: str, port: int, seconds: float) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(ATTACKER), attack, str(port), str(seconds)],
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.strip())

    @property
    def ready(self) -> bool:
        return "ready" in self.lines or self.proc.poll() is not None

    @property
    def done(self) -> bool:
        return self.proc.poll() is not None

    def finish(self, timeout: float) -> dict[str, Any]:
        """Its figures once it has stopped by itself (killed if it has not in ``timeout``)."""
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout)
        self.reader.join(timeout)
        out: dict[str, Any] = {"exit": self.proc.returncode}
        if self.lines and self.lines[-1].startswith("{"):
            out.update(json.loads(self.lines[-1]))
        return out


class Match:
    """The TV stepping at 60 Hz while the nine phones play; figures go to a window."""

    def __init__(self, deals: int, seed: int, trace: bool) -> None:
        self.trace = trace
        self.app = new_app()
        seats = [SeatConfig(name, PHONE) for name in NAMES]
        self.session = Session("allegiance", seats, seed, {"deals": deals})
        self.scene = table(self.app, self.session)
        night = self.scene.night.night
        assert night is not None and len(night.seats) == 9
        self.night = night
        self.pacer = Pacer(self.app)
        self.phones = Phones(think=(0.02, 0.12), seed=seed)
        self.seen = 0
        self.dropped = 0  # of phones.ended, those already rejoined
        self.saves: list[str | None] = []
        saver = autosave.shared()
        write = saver._write

        def counted(path: Path, data: Any) -> None:
            try:
                write(path, data)
            except Exception as err:
                self.saves.append(repr(err))
                raise
            self.saves.append(None)

        saver._write = counted

    def frame(self, window: Window | None) -> None:
        ms, end = self.pacer.step()
        history = self.session.game.history
        if window is not None:
            window.frames.append(ms)
            window.cpu.append(self.pacer.cpu[-1])
            sent = self.phones.sent
            plies = range(self.seen, len(history))
            window.latencies += [(end - sent[p]) * 1000 for p in plies if p in sent]
        self.seen = len(history)
        if isinstance(self.app.top, ResultsScene):
            raise MatchOver(f"the match ended at ply {self.seen}: use more --deals")
        if self.phones.failures:
            raise RuntimeError(f"a phone failed: {self.phones.failures}")

    def sample(self) -> dict[str, float]:
        runner = self.night.server._runner
        tcp = len(runner.server.connections) if runner and runner.server else 0
        return {
            "t": time.monotonic(),
            "rss_mb": statm_rss_mb(),
            "traced_mb": tracemalloc.get_traced_memory()[0] / 2**20 if self.trace else 0.0,
            "fds": len(os.listdir("/proc/self/fd")),
            "connections": tcp,
            "sockets": len(self.night.server._conns),
        }

    def play(self, seconds: float, window: Window | None = None) -> None:
        """Frames for ``seconds``; with a window, every seat rejoins once in it, in turn."""
        start = time.monotonic()
        seats = list(self.night.seats)
        due = [start + (i + 0.5) * seconds / len(seats) for i in range(len(seats))]
        pending: dict[int, Future[float]] = {}
        next_sample = start
        while time.monotonic() - start < seconds or pending:
            if time.monotonic() - start > seconds + 2 * REJOIN_BOUND + 1:
                raise TimeoutError("a rejoin never ended")
            self.frame(window)
            now = time.monotonic()
            if window is None:
                continue
            if now >= next_sample:
                window.samples.append(self.sample())
                next_sample = now + SAMPLE
            while due and now >= due[0]:
                due.pop(0)
                seat = seats[len(seats) - len(due) - 1]
                pending[seat] = self.phones.rejoin(self.night, seat, REJOIN_BOUND)
            for seat in [s for s, f in pending.items() if f.done()]:
                future = pending.pop(seat)
                error = future.exception()
                window.rejoins[seat] = round(future.result(), 1) if error is None else repr(error)
            self.redial(window, pending)

    def redial(self, window: Window, pending: dict[int, Future[float]]) -> None:
        """An honest phone the host closed (or one whose rejoin failed) dials again."""
        ended = self.phones.ended
        while self.dropped < len(ended):
            seat = ended[self.dropped]
            self.dropped += 1
            window.drops.append(seat)
            if seat not in pending:
                pending[seat] = self.phones.rejoin(self.night, seat, REJOIN_BOUND)

    def window(self, name: str, attack: str | None, seconds: float, profile: bool) -> Window:
        window = Window(name, profile=cProfile.Profile() if profile else None)
        attacker = None
        deadline = time.monotonic() + 30
        if attack is not None:
            attacker = Attacker(attack, self.night.server.port, seconds)
            while not attacker.ready and time.monotonic() < deadline:
                self.frame(None)  # its imports, not counted
        saves, cpu = len(self.saves), thread_cpu()
        self.pacer.profile = window.profile
        self.play(seconds, window)
        if attacker is not None:
            while not attacker.done and time.monotonic() < deadline + seconds:
                self.frame(window)  # it stops by itself
            window.attacker = attacker.finish(5.0)
        self.pacer.profile = None
        window.saves = self.saves[saves:]
        window.threads = {k: round(v - cpu.get(k, 0.0), 2) for k, v in thread_cpu().items()}
        return window

    def close(self) -> None:
        self.phones.close()
        self.app.quit()


def thread_cpu() -> dict[str, float]:
    """CPU seconds each of this process's threads has used (user + system), by name."""
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[str, float] = {}
    for thread in threading.enumerate():
        try:
            stat = Path(f"/proc/self/task/{thread.native_id}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        name = "TV (main)" if thread is threading.main_thread() else thread.name
        out[name] = out.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    if args.tracemalloc:
        tracemalloc.start()
    match = Match(args.deals, args.seed, args.tracemalloc)
    windows: list[Window] = []
    try:
        for _ in range(10):  # the first frames fill the caches
            match.frame(None)
        match.phones.join(match.night)
        deadline = time.monotonic() + 30
        while len(match.phones.welcomed) < 9:
            if time.monotonic() > deadline:
                raise TimeoutError("9 phones joining")
            match.frame(None)
        match.play(WARM)
        for name, attack in windows_of(args):
            gc.collect()
            match.play(GAP)
            print(f"  {name} ...", flush=True)
            windows.append(match.window(name, attack, args.seconds, args.profile))
        plies = match.seen
        for window in windows:
            if window.profile is not None:
                print(f"\nThe TV's frames, {window.name}, most time first:")
                pstats.Stats(window.profile).sort_stats("tottime").print_stats(12)
    finally:
        match.close()
        if args.tracemalloc:
            tracemalloc.stop()
    return {"plies": plies, "windows": [figures(w) for w in windows]}


def windows_of(args: argparse.Namespace) -> list[tuple[str, str | None]]:
    """The windows to measure: the calm one, the attacks asked for, the one after; with
    ``--control`` the same windows without an attacker (what the match alone costs then)."""
    chosen = [(n, a) for n, a in WINDOWS if a is None or a in args.attacks]
    if args.control:
        return [(f"{n} (no attack)" if a else n, None) for n, a in chosen]
    return chosen


def figures(w: Window) -> dict[str, Any]:
    samples = w.samples
    return {
        "name": w.name,
        "move to TV": summary(w.latencies),
        "frames": summary(w.frames),
        "frame CPU": summary(w.cpu),
        "rss_mb": [round(s["rss_mb"], 1) for s in (samples[0], samples[-1])],
        "rss_mb max": round(max(s["rss_mb"] for s in samples), 1),
        "traced_mb": [round(s["traced_mb"], 2) for s in (samples[0], samples[-1])],
        "traced_mb max": round(max(s["traced_mb"] for s in samples), 2),
        "fds": [min(s["fds"] for s in samples), max(s["fds"] for s in samples)],
        "connections max": max(s["connections"] for s in samples),
        "sockets max": max(s["sockets"] for s in samples),
        "autosaves": len(w.saves),
        "autosave errors": [e for e in w.saves if e is not None],
        "rejoins": {str(k): v for k, v in sorted(w.rejoins.items())},
        "honest phones closed by the host": w.drops,
        "attacker": w.attacker,
        "thread CPU seconds": {k: v for k, v in w.threads.items() if v > 0},
    }


# ---- report -------------------------------------------------------------------------------


def goals(result: dict[str, Any]) -> dict[str, bool]:
    windows = result["windows"]
    base = next(w for w in windows if w["attacker"] == {} and w["name"].startswith("calm"))
    attacked = [w for w in windows if w is not base]
    start = base["rss_mb"][1]  # the attack starts where the calm window ended
    result["rss growth over the attack (mb)"] = round(
        max(w["rss_mb max"] for w in attacked) - start, 1
    )
    result["rss growth over the calm window (mb)"] = round(
        base["rss_mb max"] - base["rss_mb"][0], 1
    )
    result["traced growth over the attack (mb)"] = round(
        max(w["traced_mb max"] for w in attacked) - base["traced_mb"][1], 2
    )
    rejoined = all(
        len(w["rejoins"]) == 9 and all(isinstance(v, float) for v in w["rejoins"].values())
        for w in windows
    )
    return {
        f"host memory grows < {GOAL_MEMORY_MB:g} MB over the attack": result[
            "rss growth over the attack (mb)"
        ]
        < GOAL_MEMORY_MB,
        f"move to TV median <= {GOAL_LATENCY_MS:g} ms in every window": all(
            w["move to TV"].get("p50_ms", 1e9) <= GOAL_LATENCY_MS for w in windows
        ),
        f"TV frame p99 <= {GOAL_FRAME_MS:g} ms in every window": all(
            w["frames"]["p99_ms"] <= GOAL_FRAME_MS for w in windows
        ),
        "every autosave succeeds": all(
            w["autosaves"] and not w["autosave errors"] for w in windows
        ),
        f"every seat rejoins within {REJOIN_BOUND:g} s in every window": rejoined,
    }


def report(result: dict[str, Any]) -> None:
    print()
    print("load average at the start (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*result["load"]))
    print(f"Allegiance, 9 phones, {result['plies']} moves; tracemalloc {result['tracemalloc']}")
    head = f"{'window':27} {'moves':>5} {'p50':>6} {'p99':>6} | {'frames':>6} {'p50':>5} {'p99':>5}"
    print(head + f" {'max':>6} | {'rss':>6} {'traced':>6} {'fds':>9} {'conns':>5} | saves  rejoin")
    for w in result["windows"]:
        lat, fr = w["move to TV"], w["frames"]
        rejoins = [v for v in w["rejoins"].values() if isinstance(v, float)]
        rss = w["rss_mb max"] - w["rss_mb"][0]
        traced = w["traced_mb max"] - w["traced_mb"][0]
        print(
            f"{w['name']:27} {lat['n']:5} {lat.get('p50_ms', 0):6.1f} {lat.get('p99_ms', 0):6.1f}"
            f" | {fr['n']:6} {fr['p50_ms']:5.1f} {fr['p99_ms']:5.1f} {fr['max_ms']:6.1f}"
            f" | {rss:+6.1f} {traced:+6.2f} {w['fds'][0]:4}-{w['fds'][1]:<4} "
            f"{w['connections max']:5} | {w['autosaves']:3}/{len(w['autosave errors'])}"
            f"  {len(rejoins)}/9 max {max(rejoins, default=0):.0f} ms"
        )
    print("(latency and frames in ms; rss and traced: MB grown within the window, to its most)")
    for w in result["windows"]:
        if w["attacker"]:
            print(f"  attacker, {w['name']}: {w['attacker']}")
        print(f"  CPU seconds by thread, {w['name']}: {w['thread CPU seconds']}")
        if w["honest phones closed by the host"]:
            seats = w["honest phones closed by the host"]
            print(f"  {w['name']}: the host closed the sockets of honest seats {seats}")
        failed = {k: v for k, v in w["rejoins"].items() if not isinstance(v, float)}
        if failed:
            print(f"  {w['name']}: rejoins failed: {failed}")
    for key in ("rss growth over the calm window (mb)", "rss growth over the attack (mb)"):
        print(f"{key}: {result[key]}")
    print(f"traced growth over the attack (mb): {result['traced growth over the attack (mb)']}")
    for goal, met in result["goals"].items():
        print(f"goal: {goal}: {'met' if met else 'MISSED'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds of each window")
    parser.add_argument("--deals", type=int, default=20, help="Allegiance deals in the match")
    parser.add_argument("--seed", type=int, default=7)
    attacks = [a for _, a in WINDOWS if a is not None]
    parser.add_argument(
        "--attacks",
        type=lambda text: text.split(","),
        default=attacks,
        help=f"the attacks, comma-separated, in their order (default: {','.join(attacks)})",
    )
    parser.add_argument(
        "--control", action="store_true", help="the same windows with no attacker at all"
    )
    parser.add_argument("--profile", action="store_true", help="cProfile the TV's frames")
    parser.add_argument(
        "--no-tracemalloc",
        dest="tracemalloc",
        action="store_false",
        help="do not trace Python's allocations (frame times without its cost)",
    )
    args = parser.parse_args()
    faulthandler.register(signal.SIGUSR1)  # kill -USR1 <pid>: where is every thread?
    load = os.getloadavg()
    count = len(windows_of(args))
    print(f"Allegiance, 9 phones, {count} windows of {args.seconds:g} s ...", flush=True)
    with temporary_home():
        result = {"load": load, "tracemalloc": args.tracemalloc, "control": args.control}
        result |= run(args)
    result["goals"] = goals(result)
    report(result)
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = "night_abuse-control.json" if args.control else "night_abuse.json"
    (RESULTS / name).write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
