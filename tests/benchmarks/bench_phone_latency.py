"""Game night latency from the player's tap, in real phone pages.

    python tests/benchmarks/bench_phone_latency.py [--phones 9] [--moves 60]

Debian's chromium (Playwright) opens one page per phone seat at 390×844; a driver thread taps
as a player would (a playable card, then its target, or a decision button) whenever a page
says it is its turn. The TV is the app itself, headless (dummy video driver), an ``App`` at
1920×1080 showing the game night's ``TableScene``, paced like its own 60 Hz loop on this
thread. Everything runs on this machine, on loopback.

Each page stamps, on its own clock (``performance.timeOrigin + performance.now()``, the
system's epoch in ms), the finger's last touch before a move leaves it, the moment the
``move`` message is sent, and the moment it shows the state that holds the move. The TV
stamps the end of every frame on the same epoch clock (``time.time()``). For every move made
on a seat's own turn:

- **tap → TV**: from the touch to the end of the first TV frame whose game holds the move
  (that frame applied it and drew it);
- **tap → own phone**: from the touch to the player's own page showing the new state;
- and the parts: touch → message sent (the page), sent → TV frame (the network, the server
  thread, the wait for the UI thread's next ``poll()`` and the frame), TV frame → own phone
  (the autosave that must hold the move first, the next ``poll()``'s publish, the page).

Goals on a quiet machine: tap → TV median ≤ 50 ms, tap → own phone median ≤ 80 ms with 9
phones. Prints medians and p90s and writes tests/benchmarks/results/phone_latency.json.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent)]

from bench_game_night import LOOPBACK, NAMES, Pacer, new_app, table  # noqa: E402

from tabletop.scenes import table_night  # noqa: E402
from tabletop.session import PHONE, SeatConfig, Session  # noqa: E402

RESULTS = Path(__file__).parent / "results"
CHROMIUM = "/usr/bin/chromium"
PHONE_SIZE = {"width": 390, "height": 844}

#: Stamps kept by every page: the last touch, each move sent (with the touch before it) and
#: each state shown (its ply), all on the epoch clock in ms.
STAMPS = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const lat = window.__lat = { touch: 0, sent: [], shown: [] };
  document.addEventListener("pointerdown", () => { lat.touch = now(); }, true);
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === "string" && data.includes('"type":"move"')) {
      const msg = JSON.parse(data);
      lat.sent.push({ ply: msg.ply, touch: lat.touch, sent: now() });
    }
    return send.call(this, data);
  };
  const watch = () => {
    const state = document.querySelector("#state");
    if (!state) { requestAnimationFrame(watch); return; }
    new MutationObserver(() => {
      lat.shown.push({ ply: Number(state.dataset.ply), at: now() });
    }).observe(state, { attributes: true, attributeFilter: ["data-ply"] });
  };
  document.addEventListener("DOMContentLoaded", watch);
})();
"""


class Driver(threading.Thread):
    """The players: pages in chromium, tapping on their turn (Playwright on this thread)."""

    def __init__(self, links: list[str], moves: int, seed: int) -> None:
        super().__init__(name="players", daemon=True)
        self.links, self.moves, self.seed = links, moves, seed
        self.ready = threading.Event()
        self.done = threading.Event()
        self.stamps: list[dict[str, Any]] = []
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self._play()
        except BaseException as err:  # reported by the main thread
            self.error = err
        finally:
            self.done.set()

    def _play(self) -> None:
        from playwright.sync_api import sync_playwright

        from tests.test_phone_browser_games import tap_generic

        rng = random.Random(self.seed)
        with sync_playwright() as play:
            browser = play.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            pages = []
            for link in self.links:
                context = browser.new_context(viewport=PHONE_SIZE, is_mobile=True, has_touch=True)
                context.add_init_script(STAMPS)
                page = context.new_page()
                page.goto(link)
                page.wait_for_selector('#state[data-ready="1"]', state="attached")
                pages.append(page)
            self.ready.set()
            made = 0
            while made < self.moves:
                turn = [p for p in pages if p.get_attribute("#state", "data-your-turn") == "1"]
                if not turn:
                    if any("over" in (p.get_attribute("body", "class") or "") for p in pages):
                        break
                    time.sleep(0.01)
                    continue
                page = turn[0]
                ply = page.get_attribute("#state", "data-ply")
                tap_generic(page, rng)
                page.wait_for_function(
                    "p => document.querySelector('#state').dataset.ply !== p", arg=ply
                )
                made += 1
            time.sleep(0.5)  # the last states reach every page
            for page in pages:
                self.stamps.append(page.evaluate("() => window.__lat"))
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, default=9)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if not os.access(CHROMIUM, os.X_OK):
        sys.exit(f"Debian's chromium is needed at {CHROMIUM}")
    home = tempfile.mkdtemp(prefix="latency-home-")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        os.environ[name] = home
    table_night.BIND = [LOOPBACK]
    table_night.PORT = 0
    table_night.PAINT_IN_PROCESS = False

    app = new_app()
    seats = [SeatConfig(NAMES[i], PHONE) for i in range(args.phones)]
    session = Session("allegiance", seats, args.seed)
    scene = table(app, session)
    pacer = Pacer(app)
    for _ in range(3):
        pacer.step()
    night = scene.night.night
    assert night is not None
    driver = Driver([night.link(s) for s in night.seats], args.moves, args.seed)
    driver.start()
    frames: list[tuple[float, int]] = []  # (end on the epoch clock in ms, history length)
    while not driver.done.is_set():
        pacer.step()
        frames.append((time.time() * 1000, len(session.game.history)))
    if driver.error is not None:
        raise driver.error
    report(figures(driver.stamps, frames), args)
    app.quit()


def figures(stamps: list[dict[str, Any]], frames: list[tuple[float, int]]) -> dict[str, list]:
    """Each own-turn move's times, from the pages' stamps and the TV's frames."""
    out: dict[str, list[float]] = {k: [] for k in ("tv", "own", "page", "to_tv", "tv_to_own")}
    for lat in stamps:
        for move in lat["sent"]:
            ply, touch, sent = move["ply"], move["touch"], move["sent"]
            tv = next((end for end, length in frames if length > ply), None)
            own = next((s["at"] for s in lat["shown"] if s["ply"] > ply and s["at"] > sent), None)
            if tv is None or own is None or not touch:
                continue
            out["tv"].append(tv - touch)
            out["own"].append(own - touch)
            out["page"].append(sent - touch)
            out["to_tv"].append(tv - sent)
            out["tv_to_own"].append(own - tv)
    return out


def report(found: dict[str, list[float]], args: argparse.Namespace) -> None:
    rows = {}
    for key, label in (
        ("tv", "tap -> TV frame"),
        ("own", "tap -> own phone"),
        ("page", "  tap -> move sent (page)"),
        ("to_tv", "  sent -> TV frame"),
        ("tv_to_own", "  TV frame -> own phone"),
    ):
        values = found[key]
        if len(values) < 2:
            continue
        p90 = statistics.quantiles(values, n=10)[-1]
        rows[key] = {"n": len(values), "median": statistics.median(values), "p90": p90}
        print(
            f"{label:28s} n={len(values):3d}  median {statistics.median(values):6.1f} ms"
            f"  p90 {p90:6.1f} ms"
        )
    RESULTS.mkdir(exist_ok=True)
    data = {
        "phones": args.phones,
        "moves": args.moves,
        "figures": rows,
        "goals": {"tv_median_ms": 50, "own_median_ms": 80},
    }
    (RESULTS / "phone_latency.json").write_text(json.dumps(data, indent=2) + "\n")


if __name__ == "__main__":
    main()
