"""Driving the app headless in tests: a window of a chosen size, frames, and whole clicks and
key presses delivered as the window would deliver them (shared by the scene tests)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from rh_setup import fixed_deck

from tabletop.app import App
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings


def make_app(
    size: tuple[int, int] = (1280, 720),
    profile: str = "desktop",
    animation_speed: float | None = None,
) -> App:
    settings = Settings(profile=profile)
    if animation_speed is not None:
        settings.animation_speed = animation_speed
    return App(size=size, settings=settings, persist_settings=False)


def pump(app: App, frames: int = 3, dt: float = 1 / 60) -> None:
    for _ in range(frames):
        app.step(dt)


def click_at(app: App, pos: tuple[int, int]) -> None:
    """A whole left click at ``pos``, as the window would deliver it."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, 3)


def click(app: App, element: Any) -> None:
    click_at(app, element.rect.center)


def key(app: App, k: int, mod: int = 0, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    pump(app, frames)


def wait_for(app: App, condition: Callable[[], object], seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        pump(app, 1)
    assert condition(), "timed out"


def use_private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point every platformdirs folder into ``tmp_path``: the user's real data stays untouched."""
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    return tmp_path


def royal_houses_session(kinds: tuple[str, str] = ("human", "human")) -> Session:
    """Ada and Bo at Royal Houses (seats of ``kinds``), Ada holding ``rh_setup.FIRST_HAND``."""
    return Session(
        "royal_houses",
        [SeatConfig("Ada", kinds[0]), SeatConfig("Bo", kinds[1])],
        seed=1,
        options={"garnets": [3, 1], "deck": fixed_deck()},
    )


def royal_houses_table(app: App, kinds: tuple[str, str] = ("human", "human")) -> TableScene:
    """The table of :func:`royal_houses_session`, pushed on ``app``."""
    scene = TableScene(app, royal_houses_session(kinds))
    app.push(scene)
    return scene
