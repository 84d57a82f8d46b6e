"""A real window under Xvfb, driven by a real mouse (xdotool): drag a card onto its house.

pytest-xvfb starts the X server for the session (TESTING-GUI.md). CI installs Xvfb and
xdotool and always runs this; elsewhere it is skipped with the reason when they are missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

MISSING = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
if MISSING and os.environ.get("CI"):
    raise RuntimeError(f"CI must install {', '.join(MISSING)} (see .ci/run)")


@pytest.fixture
def x11_app(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    if MISSING:
        pytest.skip(f"needs {', '.join(MISSING)} (CI installs them)")
    if not os.environ.get("DISPLAY"):
        pytest.fail("pytest-xvfb did not provide a DISPLAY")
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    from tabletop.app import App
    from tabletop.storage import Settings

    app = App((1280, 720), settings=Settings(animation_speed=0.0), persist_settings=False)
    yield app
    app.quit()


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=10)


def test_real_mouse_drag_plays_a_card(x11_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import pygame
    from rh_setup import STANDARD_COUNTERS, fixed_deck

    from tabletop.scenes.table import TableScene
    from tabletop.session import SeatConfig, Session

    app = x11_app
    deck = fixed_deck()
    session = Session(
        "royal_houses",
        [SeatConfig("Ada"), SeatConfig("Bo", "easy")],
        seed=1,
        options={"garnets": [3, 1], "deck": deck},
    )
    scene = TableScene(app, session)
    app.push(scene)
    for text in ["go first", *STANDARD_COUNTERS]:
        scene.play(session.game.parse_move(text))
    deadline = time.monotonic() + 15
    while session.game.phase != "play" and time.monotonic() < deadline:
        app.step(1 / 60)
    assert session.game.phase == "play" and session.game.to_move == 0

    def pump(n: int = 4) -> None:
        for _ in range(n):
            app.step(1 / 60)
            time.sleep(0.01)

    pump(10)
    window = str(pygame.display.get_wm_info()["window"])
    start = scene.draw_rect(scene.model.piece("D8")).center
    end = scene.model.zone("house:De Bourgogne").rect.center
    xdotool("mousemove", "--window", window, str(start[0]), str(start[1]))
    pump()
    xdotool("mousedown", "1")
    pump()
    for i in range(1, 9):
        x = start[0] + (end[0] - start[0]) * i // 8
        y = start[1] + (end[1] - start[1]) * i // 8
        xdotool("mousemove", "--window", window, str(x), str(y))
        time.sleep(0.05)
        pump(2)
    xdotool("mouseup", "1")
    pump(10)
    shot = tmp_path / "after-drag.png"
    pygame.image.save(app.screen, str(shot))
    assert session.game.influence[0][3] == 8, "the dragged 8 of De Bourgogne was played"
    assert session.game.phase == "gift"
    assert shot.stat().st_size > 10_000
