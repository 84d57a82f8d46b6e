"""The replay's log and messages: the log is the table's own log
panel, and toasts stay above the replay bar."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from scene_helpers import make_app, pump, use_private_home

import rules
from tabletop.app import App
from tabletop.scenes.replay import ReplayScene
from tabletop.scenes.table_panels import LogPanel
from tabletop.session import SeatConfig, Session


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


def played(moves: int = 30, seed: int = 6) -> Session:
    spec = rules.GAMES["allegiance"]
    seats = [SeatConfig("Nadia")] + [
        SeatConfig(f"Bot {i}", "normal") for i in range(1, spec.min_players)
    ]
    session = Session("allegiance", seats, seed=seed)
    rng = random.Random(seed)
    while not session.game.over and len(session.game.history) < moves:
        session.play(rng.choice(session.game.legal_moves()))
    return session


def open_replay(app: App, session: Session) -> ReplayScene:
    scene = ReplayScene(app, session)
    app.push(scene)
    pump(app)
    return scene


@pytest.fixture
def tv720() -> Iterator[App]:
    a = make_app((1280, 720), profile="tv")
    yield a
    a.quit()


def test_toasts_stay_above_the_replay_bar_at_720p_tv(tv720: App) -> None:
    """No toasts drawn over the replay bar at 720p TV profile: every message sits
    above the replay's controls, however many are shown."""
    app = tv720
    scene = open_replay(app, played())
    app.toast("The players' hands stay hidden until the game is over.")
    app.toast("A second message, long enough to wrap onto a second line on a small screen " * 2)
    app.toast("A third one, an error", kind="error")
    pump(app, 1)
    assert len(app.toast_rects) == 3
    for rect in app.toast_rects:
        assert not rect.colliderect(scene.bar_rect), (rect, scene.bar_rect)
        for button in scene.controls.values():
            assert not rect.colliderect(button.rect)
        assert rect.top >= 0


def test_toasts_elsewhere_still_sit_at_the_bottom(tv720: App) -> None:
    """Only a scene with bottom controls lifts the messages (the table's stay put)."""
    from tabletop.scenes.title import TitleScene

    app = tv720
    app.push(TitleScene(app))
    app.toast("Hello")
    pump(app, 1)
    (rect,) = app.toast_rects
    assert rect.bottom == app.display.height - app.display.px(40)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_replay_log_is_the_tables_log_panel(size: tuple[int, int]) -> None:
    """The replay's log "duplicates LogPanel._render": it is drawn by the shared
    LogPanel, so the replay and a table's log panel of the same lines are the same picture
    (but for the title)."""
    app = make_app(size)
    try:
        scene = open_replay(app, played())
        scene.seek(scene.replay.length)
        assert isinstance(scene.log, LogPanel)
        lines = scene.replay.lines(scene.viewer)
        assert len(lines) > 10
        shared = LogPanel("Moves")
        shared.rect = scene.log.rect.copy()
        expected = shared.render(app.display, lines)
        pump(app, 1)
        shown = app.screen.subsurface(scene.log.rect)
        # Compare the panel under the title: same lines, same wrapping, same colours.
        d = app.display
        body = pygame.Rect(0, d.px(70), scene.log.rect.w, scene.log.rect.h - d.px(70))
        a = pygame.image.tobytes(shown.subsurface(body), "RGB")
        b = pygame.image.tobytes(expected.subsurface(body), "RGB")
        assert a == b
        # The wheel scrolls it back, like the table's.
        pygame.mouse.set_pos(scene.log.rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
        pump(app, 1)
        assert scene.log.scroll > 0
    finally:
        app.quit()


def test_the_replay_bars_keep_the_tables_frame_size_on_a_tv() -> None:
    """No rough edge at any size (the TV profile too): the replay's control bar and
    title bar are the table's frame, as tall at 1080p in the TV profile as on the desktop
    (the play area keeps its room); their text still grows and stays readable."""
    bars = {}
    for profile in ("desktop", "tv"):
        app = make_app((1920, 1080), profile=profile)
        try:
            scene = open_replay(app, played())
            bar, area = scene.bar_rect, scene.layout_rect
            for button in scene.controls.values():
                assert bar.contains(button.rect)
            font = app.ui.get_theme().get_font(["button"])
            assert font.size("ÅgÝ")[1] <= scene.controls["Play"].rect.height
            assert font.point_size >= app.display.readable_px
            bars[profile] = (bar.height, area.top)
        finally:
            app.quit()
    assert bars["tv"] == bars["desktop"]
