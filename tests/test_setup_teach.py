"""The setup form's *Teach as we play* switch: offered with *Game night (phones)* only, under it,
and carried into the session (its phones then show tips) and into the form's memory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from scene_helpers import click, make_app, pump, use_private_home

from tabletop.app import App
from tabletop.scenes.setup import TEACH_TEXT, SetupScene
from tabletop.scenes.title import TitleScene


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app((1280, 720))
    yield a
    a.quit()


def test_teach_as_we_play_comes_with_game_night_and_reaches_the_session(app: App) -> None:
    app.push(TitleScene(app))
    scene = SetupScene(app, "allegiance")
    app.push(scene)
    pump(app)
    assert scene.teach_check is None  # no phones, nothing to teach on them
    assert scene.night_check is not None
    click(app, scene.night_check)
    night, teach = scene.night_check, scene.teach_check
    assert teach is not None and teach.text == TEACH_TEXT and not teach.is_checked
    # under the game-night switch, inside the form's panel
    assert teach.rect.left == night.rect.left and teach.rect.top > night.rect.bottom
    assert scene.panel_rect.contains(teach.rect)
    assert scene.make_session().teach is False
    click(app, teach)
    session = scene.make_session()
    assert session.teach is True and session.phone_seats
    assert scene.choices()["teach"] is True
    click(app, scene.night_check)  # no game night: no tips, whatever the switch said
    assert scene.teach_check is None and scene.make_session().teach is False
