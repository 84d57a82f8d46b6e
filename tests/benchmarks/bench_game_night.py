"""Game night: phones' moves to the TV, the TV's frames, the host's memory.

    python tests/benchmarks/bench_game_night.py [--deals 5] [--games 20] [--limit 300]

Loopback only. The phones are SCRIPTED, not browser pages: aiohttp WebSocket clients on one
helper thread's event loop (as in tests/test_night_server.py) that say hello with their
seat's token, fetch the card pictures of their hand over HTTP the first time they see them
(as the page does), and, when a ``state`` says it is their turn, wait a short seeded "think"
and send one of the legal moves it lists. The TV is the app itself, headless (dummy video
driver; TESTING-GUI.md: never time frames under Xvfb): an ``App`` at 1920×1080 showing a
``TableScene`` whose ``GameNight`` serves the phones, stepped with ``app.step(1/60)`` on this
thread and paced like the app's own 60 Hz loop (each frame starts 1/60 s after the previous
one, or at once when a frame ran late).

(a) Move to TV: 9 phones play a whole Allegiance match (9 players, every seat a phone,
``--deals`` deals). Each phone stamps ``time.perf_counter()`` just before it sends a move (the
client thread); the TV stamps the end of every frame (this thread, same process, same clock).
A move's latency is the end of the first frame after which the game's history holds it: that
frame's ``poll()`` applied it and laid out the table model drawn in the same frame (the
phones get the new state at the next ``poll()``, and the autosave is taken at the next frame's
start: a move's own frame only applies and shows it). Goal: median ≤ 50 ms.

(b) TV frames: each frame's ``app.step`` time while the 9 phones play, split into frames that
applied a phone's move and the others; at the middle of the match the phones hold still and
the TV steps ``--frames`` frames with 9 phones connected and idle; for context the same
position (the same deal, replayed) on a table with no game night (public table, AI seats held)
is timed the same way. Goal: p99 ≤ 8 ms at 1080p with 9 phones connected.

(c) Host memory: ``--games`` consecutive Royal Houses games (2 seats, both phones), each
through to the results screen (which stops the game night) and back to the title screen.
After each game: ``gc.collect()``, then tracemalloc's traced bytes, the resident set
(``/proc/self/statm``), threads and open file descriptors. Goal: flat.

Prints a table and writes tests/benchmarks/results/game_night.json. Every wait is bounded
(``--limit`` seconds per game); saves and settings go to a temporary home.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import faulthandler
import gc
import json
import os
import pstats
import random
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
import tracemalloc
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import aiohttp

from tabletop.app import App
from tabletop.net import GameNight, protocol
from tabletop.scenes import table_night
from tabletop.scenes.results import ResultsScene
from tabletop.scenes.table import TableScene
from tabletop.scenes.title import TitleScene
from tabletop.session import PHONE, SeatConfig, Session
from tabletop.storage import Settings

RESULTS = Path(__file__).parent / "results"
LOOPBACK = "127.0.0.1"
NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo"]
FRAME = 1 / 60
STEP = 10.0  # seconds any single network step may take
SETTLE = 60  # frames to let the last move's animation finish before idle frames are timed
T = TypeVar("T")

table_night.BIND = [LOOPBACK]
table_night.PORT = 0


# ---- the phones ---------------------------------------------------------------------------


class Phones:
    """Scripted phones on one helper thread's event loop (see the module's docstring)."""

    def __init__(self, think: tuple[float, float], seed: int, images: bool = True) -> None:
        self.think = think
        self.images = images
        self.rng = random.Random(seed)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="phones", daemon=True)
        self.thread.start()
        self.sent: dict[int, float] = {}  # ply (history length before the move) -> perf_counter
        self.refused: list[dict[str, Any]] = []
        self.welcomed: set[int] = set()
        self.images_fetched = 0
        self.image_failures: list[str] = []
        self.failures: list[str] = []  # phones whose socket failed
        self.ended: list[int] = []  # seats whose socket the host closed (or the match ended)
        self.pause_at: int | None = None
        self.paused: set[int] = set()
        self._resume = self.run(self._event())
        self._clients: list[aiohttp.ClientSession] = []
        self._tasks: list[asyncio.Task[None]] = []
        self._seat: dict[
            int, tuple[aiohttp.ClientSession, aiohttp.ClientWebSocketResponse, Any]
        ] = {}
        self._side: set[asyncio.Task[None]] = set()  # image fetches and answers under way

    async def _event(self) -> asyncio.Event:
        return asyncio.Event()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = STEP) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def join(self, night: GameNight) -> None:
        """Open a socket for every phone seat of ``night`` (they play from then on)."""
        self.run(self._join(night))

    async def _join(self, night: GameNight) -> None:
        for seat in night.seats:
            client = aiohttp.ClientSession()
            self._clients.append(client)
            await self._connect(night, seat, client)

    async def _connect(
        self, night: GameNight, seat: int, client: aiohttp.ClientSession
    ) -> asyncio.Event:
        """Open ``seat``'s socket and play on it; the event is set at its first state."""
        # No receive timeout: a phone may hear nothing for long (the idle frames of (b)).
        ws = await client.ws_connect(
            night.url + "/ws", timeout=aiohttp.ClientWSTimeout(ws_close=STEP)
        )
        hello = {"v": protocol.VERSION, "type": "hello", "token": night.tokens[seat]}
        await ws.send_str(json.dumps(hello))
        rng = random.Random(self.rng.random())
        ready = asyncio.Event()
        task = asyncio.ensure_future(self._phone(night.url, seat, client, ws, rng, ready))
        self._tasks.append(task)
        self._seat[seat] = (client, ws, task)
        return ready

    def rejoin(self, night: GameNight, seat: int, bound: float) -> Future[float]:
        """Hang up ``seat``'s socket and open a new one with its token, as a phone whose page
        reloads: the new socket's milliseconds from opening to the state (TimeoutError past
        ``bound`` seconds)."""
        return asyncio.run_coroutine_threadsafe(self._rejoin(night, seat, bound), self.loop)

    async def _rejoin(self, night: GameNight, seat: int, bound: float) -> float:
        client, ws, task = self._seat[seat]
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ws.close(), bound)
        start = time.perf_counter()

        async def welcomed() -> None:
            ready = await self._connect(night, seat, client)
            await ready.wait()

        await asyncio.wait_for(welcomed(), bound)
        return (time.perf_counter() - start) * 1000

    async def _phone(
        self,
        url: str,
        seat: int,
        client: aiohttp.ClientSession,
        ws: aiohttp.ClientWebSocketResponse,
        rng: random.Random,
        ready: asyncio.Event,
    ) -> None:
        try:
            await self._play(url, seat, client, ws, rng, ready)
        except asyncio.CancelledError:
            raise
        except Exception as err:  # a phone that fails must show in the figures
            self.failures.append(f"seat {seat}: {err!r}")
            raise
        self.ended.append(seat)

    async def _play(
        self,
        url: str,
        seat: int,
        client: aiohttp.ClientSession,
        ws: aiohttp.ClientWebSocketResponse,
        rng: random.Random,
        ready: asyncio.Event,
    ) -> None:
        latest: dict[str, Any] = {}
        answered: set[int] = set()
        seen: set[str] = set()
        async for frame in ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            msg = json.loads(frame.data)
            kind = msg["type"]
            if kind == "welcome":
                self.welcomed.add(seat)
            elif kind == "refused":
                self.refused.append(msg)
            elif kind == "closed":
                break
            elif kind == "state":
                ready.set()
                latest.clear()
                latest.update(msg)
                hands = (msg.get("view") or {}).get("hands")
                hand = hands[seat] if isinstance(hands, list) else None
                if self.images and isinstance(hand, list):
                    for card in hand:
                        if isinstance(card, str) and card not in seen:
                            seen.add(card)
                            self._later(self._image(client, url, card))
                ply = msg["ply"]
                if msg["your_turn"] and msg["moves"] and ply not in answered:
                    answered.add(ply)
                    self._later(self._answer(ws, seat, msg, latest, rng))

    def _later(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coro)
        self._side.add(task)
        task.add_done_callback(self._side.discard)

    async def _image(self, client: aiohttp.ClientSession, url: str, card: str) -> None:
        """Fetch a card picture as the page does (it asks again when the host was busy)."""
        for attempt in range(4):
            try:
                async with client.get(f"{url}/card/{card}.png?t={attempt}") as response:
                    await response.read()
                    if response.status == 200:
                        self.images_fetched += 1
                        return
            except aiohttp.ClientError:
                return  # the night ended meanwhile
            await asyncio.sleep(0.8 * (attempt + 1))
        self.image_failures.append(card)

    async def _answer(
        self,
        ws: aiohttp.ClientWebSocketResponse,
        seat: int,
        state: dict[str, Any],
        latest: dict[str, Any],
        rng: random.Random,
    ) -> None:
        ply = state["ply"]
        if self.pause_at is not None and ply >= self.pause_at and not self._resume.is_set():
            self.paused.add(seat)
            await self._resume.wait()
        await asyncio.sleep(rng.uniform(*self.think))
        if latest.get("ply") != ply or ws.closed:
            return
        move = rng.choice(state["moves"])["text"]
        self.sent.setdefault(ply, time.perf_counter())  # a rejoined phone may send it again
        msg = {"v": protocol.VERSION, "type": "move", "id": f"s{seat}-{ply}", "ply": ply}
        await ws.send_str(json.dumps({**msg, "move": move}))

    def resume(self) -> None:
        self.loop.call_soon_threadsafe(self._resume.set)

    def hang_up(self) -> None:
        """Close every socket and client of the last game (the next game joins afresh)."""

        async def shut() -> None:
            tasks = [*self._tasks, *self._side]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for client in self._clients:
                await client.close()

        self.run(shut())
        self._tasks.clear()
        self._seat.clear()
        self._clients.clear()
        self.welcomed.clear()
        self.sent.clear()

    def close(self) -> None:
        self.hang_up()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(STEP)
        self.loop.close()


# ---- the TV -------------------------------------------------------------------------------


class Pacer:
    """Steps the app like its own 60 Hz loop, timing each ``app.step``."""

    def __init__(
        self, app: App, paced: bool = True, profile: cProfile.Profile | None = None
    ) -> None:
        self.app = app
        self.paced = paced
        self.profile = profile
        self.next = time.perf_counter()
        self.cpu: list[float] = []  # this thread's CPU time of each frame, ms

    def step(self) -> tuple[float, float]:
        """One frame: (its duration in ms, its end on the perf_counter clock)."""
        if self.paced:
            wait = self.next - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            self.next = max(self.next + FRAME, time.perf_counter())
        cpu = time.thread_time()
        start = time.perf_counter()
        if self.profile is not None:
            self.profile.runcall(self.app.step, FRAME)
        else:
            self.app.step(FRAME)
        end = time.perf_counter()
        self.cpu.append((time.thread_time() - cpu) * 1000)
        return (end - start) * 1000, end


def frames_until(pacer: Pacer, done: Callable[[], bool], limit: float, what: str) -> list[float]:
    times: list[float] = []
    deadline = time.monotonic() + limit
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out: {what}")
        times.append(pacer.step()[0])
    return times


@contextlib.contextmanager
def temporary_home() -> Iterator[str]:
    """Saves and settings go to a temporary folder, removed afterwards."""
    home = tempfile.mkdtemp(prefix="bench-night-")
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        os.environ[var] = os.path.join(home, var.lower())
    try:
        yield home
    finally:
        shutil.rmtree(home, ignore_errors=True)


def new_app() -> App:
    settings = Settings(animation_speed=1.0)
    return App((1920, 1080), settings=settings, persist_settings=False)


def table(app: App, session: Session) -> TableScene:
    app.reset_to(TitleScene(app))
    scene = TableScene(app, session)
    app.push(scene)
    return scene


def summary(times: list[float]) -> dict[str, float]:
    if len(times) < 2:
        return {"n": len(times)}
    q = statistics.quantiles(times, n=100, method="inclusive")
    return {
        "n": len(times),
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(q[94], 2),
        "p99_ms": round(q[98], 2),
        "max_ms": round(max(times), 2),
    }


# ---- (a) and (b) ----------------------------------------------------------------------------


def allegiance(
    deals: int, frames: int, limit: float, seed: int, profile: cProfile.Profile | None
) -> dict[str, Any]:
    app = new_app()
    seats = [SeatConfig(name, PHONE) for name in NAMES]
    session = Session("allegiance", seats, seed, {"deals": deals})
    scene = table(app, session)
    night = scene.night.night
    assert night is not None and len(night.seats) == 9
    pacer = Pacer(app, profile=profile)
    for _ in range(10):  # the first frames fill the caches
        pacer.step()
    pacer.cpu.clear()
    phones = Phones(think=(0.02, 0.12), seed=seed)
    history = session.game.history
    out: dict[str, Any] = {}
    groups: dict[str, list[int]] = {"joining": [], "move": [], "other": [], "idle": []}

    def frame(group: str) -> float:
        groups[group].append(len(pacer.cpu))
        ms, end = pacer.step()
        walls.append(ms)
        return end

    walls: list[float] = []
    try:
        plies = match_length(deals, seed)  # about how long this match is
        phones.pause_at = plies // 2
        phones.join(night)
        deadline = time.monotonic() + limit
        while len(phones.welcomed) < 9:
            if time.monotonic() > deadline:
                raise TimeoutError("9 phones joining")
            frame("joining")
        latencies: list[float] = []
        mid: list[Any] = []
        seen = 0
        while not isinstance(app.top, ResultsScene):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the match did not end in {limit} s (ply {len(history)})")
            if phones.failures:
                raise RuntimeError(f"a phone failed: {phones.failures}")
            if phones.pause_at is not None and len(history) == phones.pause_at and phones.paused:
                for _ in range(SETTLE):
                    frame("joining")  # not counted: the last move's animation settles
                groups["joining"] = groups["joining"][:-SETTLE]
                for _ in range(frames):
                    frame("idle")
                mid = list(history)
                phones.pause_at = None
                phones.resume()
            index = len(pacer.cpu)
            end = frame("other")
            if len(history) > seen:  # this frame's poll() applied a phone's move
                groups["other"].pop()
                groups["move"].append(index)
            for ply in range(seen, len(history)):
                latencies.append((end - phones.sent[ply]) * 1000)
            seen = len(history)
        assert session.game.over and not night.server.running, "the night did not stop"
        out["plies"] = seen
        out["refused"] = len(phones.refused)
        out["images fetched"] = phones.images_fetched
        out["image failures"] = phones.image_failures
        out["move to TV frame"] = summary(latencies)
        labels = {
            "joining": "9 phones joining",
            "move": "9 phones playing, frames that applied a move",
            "other": "9 phones playing, other frames",
            "idle": "9 phones connected, idle (mid-match)",
        }
        for group, label in labels.items():
            out[f"frames: {label}"] = summary([walls[i] for i in groups[group]])
            out[f"frame CPU: {label}"] = summary([pacer.cpu[i] for i in groups[group]])
        playing = groups["move"] + groups["other"]
        out["frames: 9 phones playing, all"] = summary([walls[i] for i in playing])
        out["frame CPU: 9 phones playing, all"] = summary([pacer.cpu[i] for i in playing])
        mid = mid or list(history[: len(history) // 2])
    finally:
        phones.close()
        app.quit()
    walls_, cpu = no_night(mid, seed, deals, frames)
    out["frames: same position, no game night"] = walls_
    out["frame CPU: same position, no game night"] = cpu
    return out


def match_length(deals: int, seed: int) -> int:
    """The length of a throwaway copy of the match played by random moves: it only guides
    where the phones pause (the real match is played by the phones)."""
    copy = Session("allegiance", [SeatConfig(n) for n in NAMES], seed, {"deals": deals})
    rng = random.Random(seed)
    while not copy.game.over:
        copy.play(rng.choice(copy.game.legal_moves()), copy.game.to_move)
    return len(copy.game.history)


def no_night(
    history: list[Any], seed: int, deals: int, frames: int
) -> tuple[dict[str, float], dict[str, float]]:
    """The mid-match position on a table with no game night: the public table (a TV table
    display), AI seats held so nothing moves."""
    app = new_app()
    seats = [SeatConfig(name, "easy") for name in NAMES]
    session = Session("allegiance", seats, seed, {"deals": deals}, table_display=True)
    for move in history:
        session.play(move, session.game.to_move)
    scene = table(app, session)
    scene.ai.poll = lambda *args, **kwargs: None  # type: ignore[method-assign]
    assert not scene.night.active and scene.viewer is None
    pacer = Pacer(app)
    for _ in range(SETTLE):
        pacer.step()
    pacer.cpu.clear()
    times = [pacer.step()[0] for _ in range(frames)]
    app.quit()
    return summary(times), summary(pacer.cpu)


# ---- (c) ----------------------------------------------------------------------------------


def statm_rss_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def memory(games: int, limit: float, seed: int) -> dict[str, Any]:
    tracemalloc.start()
    app = new_app()
    phones = Phones(think=(0.0, 0.0), seed=seed)
    rows: list[dict[str, Any]] = []
    early: tracemalloc.Snapshot | None = None
    top: list[str] = []  # where the traced memory grew most from a quarter of the games
    try:
        for game in range(games):
            seats = [SeatConfig("Ann", PHONE), SeatConfig("Bob", PHONE)]
            session = Session("royal_houses", seats, seed + game)
            scene = table(app, session)
            night = scene.night.night
            assert night is not None
            pacer = Pacer(app, paced=False)
            phones.join(night)
            frames_until(pacer, lambda: isinstance(app.top, ResultsScene), limit, "a game")
            assert session.game.over and not night.server.running
            phones.hang_up()
            app.reset_to(TitleScene(app))
            for _ in range(3):
                pacer.step()
            del scene, night, session
            gc.collect()
            traced, _peak = tracemalloc.get_traced_memory()
            if game + 1 == max(1, games // 4):
                early = tracemalloc.take_snapshot()
            elif game + 1 == games and early is not None:
                grown = tracemalloc.take_snapshot().compare_to(early, "lineno")
                top = [str(stat) for stat in grown[:8]]
            rows.append(
                {
                    "game": game + 1,
                    "traced_mb": round(traced / 2**20, 2),
                    "rss_mb": round(statm_rss_mb(), 1),
                    "threads": threading.active_count(),
                    "fds": len(os.listdir("/proc/self/fd")),
                    "refused": len(phones.refused),
                }
            )
            print(
                "  game {game:2}: traced {traced_mb:7.2f} MB  rss {rss_mb:6.1f} MB  "
                "threads {threads}  fds {fds}".format(**rows[-1]),
                flush=True,
            )
    finally:
        phones.close()
        app.quit()
        tracemalloc.stop()
    return {"games": rows, **growth(rows), "grew most since a quarter of the games": top}


def growth(rows: list[dict[str, Any]]) -> dict[str, float]:
    """Least-squares slope per game over the second half (after caches have filled)."""
    tail = rows[len(rows) // 2 :]
    out: dict[str, float] = {}
    for key in ("traced_mb", "rss_mb"):
        if len(tail) >= 2:
            xs = [r["game"] for r in tail]
            ys = [r[key] for r in tail]
            out[f"{key} slope per game (second half)"] = round(
                statistics.linear_regression(xs, ys).slope, 3
            )
        out[f"{key} first to last"] = round(rows[-1][key] - rows[0][key], 2)
    return out


# ---- main ---------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=5, help="Allegiance deals in the match")
    parser.add_argument("--frames", type=int, default=600, help="idle frames timed")
    parser.add_argument("--games", type=int, default=20, help="games for the memory check")
    parser.add_argument("--limit", type=float, default=300.0, help="seconds per game at most")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--only-memory", action="store_true")
    parser.add_argument("--profile", action="store_true", help="cProfile the TV's frames in (a)")
    args = parser.parse_args()
    faulthandler.register(signal.SIGUSR1)  # kill -USR1 <pid>: where is every thread?
    results: dict[str, Any] = {}
    with temporary_home():
        if not args.only_memory:
            print(f"(a, b) Allegiance, 9 phones, {args.deals} deals, 1920x1080 ...", flush=True)
        profile = cProfile.Profile() if args.profile else None
        results["load average"] = os.getloadavg()
        if not args.only_memory:
            results["allegiance 9 phones"] = allegiance(
                args.deals, args.frames, args.limit, args.seed, profile
            )
        if profile is not None:
            pstats.Stats(profile).sort_stats("cumulative").print_stats(45)
        if not args.skip_memory:
            print(f"(c) {args.games} Royal Houses games, 2 phones ...", flush=True)
            results["memory"] = memory(args.games, args.limit, args.seed)
    report(results)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "game_night.json").write_text(json.dumps(results, indent=1))
    sys.stdout.flush()


def report(results: dict[str, Any]) -> None:
    print()
    print(
        "load average at the start (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(
            *results["load average"]
        )
    )
    if "allegiance 9 phones" in results:
        allegiance_report(results)
    if "memory" in results:
        memory_report(results["memory"])


def allegiance_report(results: dict[str, Any]) -> None:
    a = results["allegiance 9 phones"]
    print(
        f"Allegiance, 9 phones: {a['plies']} moves, {a['refused']} refused, "
        f"{a['images fetched']} card pictures fetched, {len(a['image failures'])} failed"
    )
    print(f"{'':58} {'n':>6} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7}   (ms)")
    for key, row in a.items():
        if isinstance(row, dict) and "p50_ms" in row:
            print(
                f"{key:58} {row['n']:6} {row['p50_ms']:7.2f} {row['p95_ms']:7.2f} "
                f"{row['p99_ms']:7.2f} {row['max_ms']:7.2f}"
            )
    lat = a["move to TV frame"]
    frames = a["frames: 9 phones playing, all"]
    print(f"goal: move to TV frame median <= 50 ms: {'met' if lat['p50_ms'] <= 50 else 'MISSED'}")
    print(f"goal: TV frame p99 <= 8 ms, 9 phones: {'met' if frames['p99_ms'] <= 8 else 'MISSED'}")


def memory_report(m: dict[str, Any]) -> None:
    first, last = m["games"][0], m["games"][-1]
    print(
        f"memory over {len(m['games'])} games: traced {first['traced_mb']} -> "
        f"{last['traced_mb']} MB, rss {first['rss_mb']} -> {last['rss_mb']} MB, "
        f"threads {first['threads']} -> {last['threads']}, fds {first['fds']} -> {last['fds']}"
    )
    for key, value in m.items():
        if isinstance(value, list) and key != "games":
            print(f"  {key}:")
            for line in value:
                print(f"    {line}")
        elif key != "games":
            print(f"  {key}: {value}")


if __name__ == "__main__":
    main()
