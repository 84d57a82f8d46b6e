"""Frame time of the table scene (dummy video driver; TESTING-GUI.md: never time under Xvfb).

    python tests/benchmarks/bench_frames.py [--frames 600]

Measures the busiest Royal Houses table (late game: full houses, both hands, the log) at
1920×1080 and 3840×2160, crowded Allegiance (9 players) and Medici (4 players) tables at
1080p, and the Royal Houses table at 1080p while an AI seat is thinking on the worker thread (a
search-like bot that runs random playouts for its whole budget). Then tables whose
seats are all Easy AI play on at normal speed, paced like the app's 60 Hz loop, for ``--live``
seconds each: held tricks and conflicts, sweeps, moves travelling from a seat, last-move
marks, pieces leaving and recaps; those frames are reported whole and split into the frames
where such an animation ran. Prints p50/p95/p99 in ms and writes
tests/benchmarks/results/frames.json. Goals: p99 ≤ 8 ms at 1080p (animations running too),
≤ 16 ms at 4K, ≤ 33 ms while an AI thinks.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from rules import Move
from tabletop.ai.base import SeatView
from tabletop.app import App
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings

RESULTS = Path(__file__).parent / "results"


class BusyBot:
    """Thinks like a search bot: random playouts of determinized copies for ``budget`` s."""

    name = "busy"

    def __init__(self, budget: float) -> None:
        self.budget = budget

    def choose(self, seat_view: SeatView) -> Move:
        rng = random.Random(1)
        end = time.perf_counter() + self.budget
        while time.perf_counter() < end:
            game = seat_view.determinize(rng)
            while not game.over and time.perf_counter() < end:
                game.play(rng.choice(game.legal_moves()))
        return seat_view.legal_moves()[0]


def late_game(seed: int = 3) -> Session:
    """A Royal Houses session near its end: the busiest table."""
    session = Session("royal_houses", [SeatConfig("Sam"), SeatConfig("Nadia", "easy")], seed=seed)
    rng = random.Random(seed)
    game = session.game
    while not (game.turn >= 15 and game.to_move == 0 and game.phase == "play"):
        session.play(rng.choice(game.legal_moves()))
    return session


def late_session(game_id: str, players: int, plies: int, seed: int = 3) -> Session:
    """Another game well into play, with seat 0 (human) to move: a crowded table."""
    names = ["Sam", "Nadia", "Kevin", "Aaron", "Marta", "Luca", "Ines", "Tomas", "Ada"]
    seats = [SeatConfig(names[0])] + [SeatConfig(n, "easy") for n in names[1:players]]
    session = Session(game_id, seats, seed=seed)
    rng = random.Random(seed)
    game = session.game
    played = 0
    while not game.over and (played < plies or game.to_move != 0):
        session.play(rng.choice(game.legal_moves()))
        played += 1
    return session


def measure(app: App, scene: TableScene, frames: int, hover: bool = True) -> list[float]:
    times = []
    w, h = app.display.size
    for i in range(frames):
        if hover:  # move the pointer over the hand so hover lifts are drawn too
            pygame.mouse.set_pos((w // 3 + (i * 7) % (w // 3), h - app.display.px(120)))
        t = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t) * 1000)
    return times[10:]  # the first frames fill the caches


def summary(times: list[float]) -> dict[str, float]:
    q = statistics.quantiles(times, n=100)
    return {
        "frames": len(times),
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(q[94], 2),
        "p99_ms": round(q[98], 2),
        "max_ms": round(max(times), 2),
    }


#: The display profile measured: ``--profile tv`` measures the TV's larger text and pieces.
PROFILE = "desktop"


def settings() -> Settings:
    return Settings(animation_speed=1.0, profile=PROFILE)


def animating(scene: TableScene) -> bool:
    """Something moves on the table now: a held trick, a sweep, a recap or a gliding piece."""
    if scene.moments.busy or scene.recap.busy:
        return True
    for piece in scene.model.pieces:
        sprite = scene.sprites.get(piece.id)
        if sprite is not None and (round(sprite.x), round(sprite.y)) != piece.rect.topleft:
            return True
    return False


def live(game_id: str, players: int, seconds: float) -> tuple[list[float], list[float], int]:
    """Frame times while AI seats play at normal speed (paced at 60 Hz): all frames, the
    frames with an animation running, and the moves made."""
    names = ["Sam", "Nadia", "Kevin", "Aaron", "Marta", "Luca"]
    session = Session(game_id, [SeatConfig(n, "easy") for n in names[:players]], seed=5)
    app = App((1920, 1080), settings=settings(), persist_settings=False)
    scene = TableScene(app, session)
    app.push(scene)
    every: list[float] = []
    moving: list[float] = []
    start = next_frame = time.perf_counter()
    while time.perf_counter() - start < seconds and not session.game.over:
        wait = next_frame - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        next_frame = max(next_frame + 1 / 60, time.perf_counter())
        busy = animating(scene)
        t = time.perf_counter()
        app.step(1 / 60)
        ms = (time.perf_counter() - t) * 1000
        every.append(ms)
        if busy or animating(scene):
            moving.append(ms)
    moves = len(session.game.history)
    app.quit()
    return every[10:], moving, moves


def run(frames: int, live_seconds: float = 30.0) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for label, size in (("1080p", (1920, 1080)), ("4K", (3840, 2160))):
        app = App(size, settings=settings(), persist_settings=False)
        scene = TableScene(app, late_game())
        app.push(scene)
        out[f"busiest table {label}"] = summary(measure(app, scene, frames))
        app.quit()

    for label, game_id, players, plies in (
        ("Allegiance 9p 1080p", "allegiance", 9, 40),
        ("Medici 4p 1080p", "medici", 4, 80),
        ("Machiavelli 6p 1080p", "machiavelli", 6, 120),
        ("Alliances 4p 1080p", "alliances", 4, 60),
    ):
        app = App((1920, 1080), settings=settings(), persist_settings=False)
        scene = TableScene(app, late_session(game_id, players, plies))
        app.push(scene)
        out[label] = summary(measure(app, scene, frames))
        app.quit()

    app = App((1920, 1080), settings=settings(), persist_settings=False)
    session = late_game()
    scene = TableScene(app, session)
    app.push(scene)
    for text in [str(m) for m in session.game.legal_moves()[:1]]:
        scene.play(session.game.parse_move(text))  # play a card: the AI will be asked soon
    while session.game.to_move == 0 and not session.game.over:
        scene.play(session.game.legal_moves()[0])
    scene.ai.bots[1] = BusyBot(budget=20.0)
    times: list[float] = []
    for _ in range(frames + 10):
        t = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t) * 1000)
    assert scene.ai.thinking is not None and not scene.ai.thinking.done(), "the AI was not thinking"
    out["1080p while the AI thinks"] = summary(times[10:])
    app.quit()

    for label, game_id, players in (
        ("Allegiance 4 AI", "allegiance", 4),
        ("Alliances 3 AI", "alliances", 3),
        ("Medici 2 AI", "medici", 2),
        ("Machiavelli 3 AI", "machiavelli", 3),
    ):
        every, moving, moves = live(game_id, players, live_seconds)
        out[f"{label} playing 1080p"] = {**summary(every), "moves": moves}
        if len(moving) >= 2:
            out[f"{label}, animating frames"] = summary(moving)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--live", type=float, default=30.0, help="seconds of AI play per game")
    parser.add_argument("--profile", choices=("desktop", "tv"), default="desktop")
    args = parser.parse_args()
    global PROFILE
    PROFILE = args.profile
    results = run(args.frames, args.live)
    print(f"{'case':38} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8}   (ms, {args.frames} frames)")
    for case, r in results.items():
        print(
            f"{case:38} {r['p50_ms']:8.2f} {r['p95_ms']:8.2f} {r['p99_ms']:8.2f} {r['max_ms']:8.2f}"
        )
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = "frames.json" if PROFILE == "desktop" else f"frames-{PROFILE}.json"
    (RESULTS / name).write_text(json.dumps(results, indent=1))
    sys.stdout.flush()
    os._exit(0)  # the busy bot's thread is still running; do not wait for it


if __name__ == "__main__":
    main()
