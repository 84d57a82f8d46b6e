"""Frame time of the rules page, as drawn today and in a pygame-gui ``UIScrollingContainer``.

    python tests/benchmarks/bench_rules_screen.py [--frames 400]

Both variants show the same rendered Markdown page (the longest rules text) at 1920×1080 and
1280×720: "drawn" is ``RulesScene`` as it is (the page blitted through a view with faded
edges, a hand-drawn scrollbar); "container" puts the same page in a ``UIImage`` inside a
``UIScrollingContainer`` and scrolls with its scrollbar. Each case runs idle frames and
frames that scroll every frame (down, then back up). Prints p50/p95/p99 in ms and writes
tests/benchmarks/results/rules_screen.json (dummy video driver; never time under Xvfb).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame
from pygame_gui.elements import UIImage, UIScrollingContainer

import rules
from tabletop.app import App
from tabletop.scenes.rules_screen import RulesScene
from tabletop.storage import Settings

RESULTS = Path(__file__).parent / "results"


class ContainerRulesScene(RulesScene):
    """The same page in a pygame-gui scrolling container (a prototype, for the comparison)."""

    scroller: UIScrollingContainer

    def build(self) -> None:
        super().build()
        assert self.page is not None and self.container is not None
        view = self.view.union(self.track)
        self.scroller = UIScrollingContainer(
            view, self.app.ui, container=self.container, allow_scroll_x=False
        )
        self.scroller.set_scrollable_area_dimensions((self.view.width, self.page.get_height()))
        UIImage(
            pygame.Rect((0, 0), self.page.get_size()),
            self.page,
            self.app.ui,
            container=self.scroller,
        )

    def scroll_by(self, dy: float) -> None:
        bar = self.scroller.vert_scroll_bar
        if bar is not None and self.page is not None:
            bar.set_scroll_from_start_percentage(
                max(0.0, min(1.0, bar.start_percentage + dy / self.page.get_height()))
            )

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.app.display)


def longest_rules() -> str:
    return max(rules.GAMES, key=lambda g: len(rules.rules_text(g)))


def measure(cls: type[RulesScene], size: tuple[int, int], frames: int) -> dict[str, float]:
    app = App(size, settings=Settings(animation_speed=1.0), persist_settings=False)
    try:
        scene = cls(app, longest_rules())
        app.push(scene)
        for _ in range(10):  # fill the caches
            app.step(1 / 60)
        idle, scrolling = [], []
        for _ in range(frames):
            t = time.perf_counter()
            app.step(1 / 60)
            idle.append((time.perf_counter() - t) * 1000)
        step = app.display.px(40)
        for i in range(frames):
            scene.scroll_by(step if (i // (frames // 4 or 1)) % 2 == 0 else -step)
            t = time.perf_counter()
            app.step(1 / 60)
            scrolling.append((time.perf_counter() - t) * 1000)
        return {"idle_p50_ms": summary(idle), "scroll": summary(scrolling)}  # type: ignore[dict-item]
    finally:
        app.quit()


def summary(times: list[float]) -> dict[str, float]:
    q = statistics.quantiles(times, n=100)
    return {
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(q[94], 2),
        "p99_ms": round(q[98], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=400)
    args = parser.parse_args()
    out: dict[str, object] = {}
    print(f"{'case':36} {'p50':>7} {'p95':>7} {'p99':>7}   (ms, {args.frames} frames)")
    for size in ((1920, 1080), (1280, 720)):
        for label, cls in (("drawn", RulesScene), ("container", ContainerRulesScene)):
            result = measure(cls, size, args.frames)
            for mode, r in result.items():
                case = f"{label} {size[0]}x{size[1]} {mode.split('_')[0]}"
                out[case] = r
                print(f"{case:36} {r['p50_ms']:7.2f} {r['p95_ms']:7.2f} {r['p99_ms']:7.2f}")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "rules_screen.json").write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
