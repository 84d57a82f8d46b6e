"""Two tabletop windows on one data folder: a game open in one window is
locked; the other says so and offers a copy, and neither game is lost. The lock goes with the
window (closed, crashed or killed)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from save_helpers import ENV
from scene_helpers import click, pump, use_private_home
from scene_helpers import make_app as _make_app

from tabletop import locks, saves
from tabletop.app import App
from tabletop.saves import list_saves, read_save, write_save
from tabletop.scenes.load import LoadScene
from tabletop.scenes.table import TableScene
from tabletop.scenes.title import TitleScene
from tabletop.session import SeatConfig, Session

#: The other window: a real app that presses Continue, then keeps its table open.
OTHER_WINDOW = textwrap.dedent(
    """
    import time
    from tabletop.app import App
    from tabletop.scenes.title import TitleScene
    from tabletop.storage import Settings
    app = App(size=(1280, 720), settings=Settings(animation_speed=0.0), persist_settings=False)
    title = TitleScene(app)
    app.push(title)
    app.step(1 / 60)
    title.continue_game()
    print(type(app.top).__name__, app.top.session.save_id, flush=True)
    while True:
        app.step(1 / 60)
        time.sleep(0.05)
    """
)


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


@pytest.fixture
def app() -> Iterator[App]:
    a = _make_app((1280, 720), "desktop", animation_speed=0.0)
    yield a
    a.quit()


def saved(moves: int, seed: int = 3) -> Session:
    session = Session("royal_houses", [SeatConfig("Nadia"), SeatConfig("Kevin", "easy")], seed=seed)
    rng = random.Random(seed)
    while len(session.game.history) < moves or session.game.to_move != 0:
        session.play(rng.choice(session.game.legal_moves()))  # ends on the human's turn
    write_save(session)
    return session


@pytest.fixture
def other_window() -> Iterator[subprocess.Popen[str]]:
    env = {**ENV, **{k: os.environ[k] for k in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}}
    proc = subprocess.Popen(
        [sys.executable, "-c", OTHER_WINDOW], stdout=subprocess.PIPE, text=True, env=env
    )
    yield proc
    if proc.poll() is None:
        proc.kill()
        proc.wait(timeout=10)


def test_a_game_open_in_another_window_is_offered_as_a_copy(
    app: App, other_window: subprocess.Popen[str]
) -> None:
    session = saved(10)
    path = saves.save_path(session)
    assert other_window.stdout is not None
    assert other_window.stdout.readline().split() == ["TableScene", session.save_id]
    before = path.read_bytes()

    title = TitleScene(app)
    app.push(title)
    pump(app)
    title.continue_game()
    pump(app)
    assert app.top is title, "opened a game another window is playing"
    assert title.copy_offer is not None
    dialog = title.copy_offer[0]
    assert dialog.alive()
    assert "This game is open in another tabletop window" in dialog.confirmation_text.html_text
    click(app, dialog.confirm_button)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.save_id != session.save_id
    assert table.game.snapshot() == session.game.snapshot()
    table.play(table.game.legal_moves()[0])
    table.flush_save()  # the autosave thread has written it (a player could not tell)
    assert path.read_bytes() == before  # the other window's game is untouched
    assert len(read_save(saves.save_path(table.session)).game.history) > len(session.game.history)
    # Deleting it from the Load screen is refused while it is open there.
    load = LoadScene(app)
    app.push(load)
    pump(app)
    info = next(i for i in list_saves()[0] if i.path == path)
    load.delete(info)
    assert path.exists() and any(locks.IN_USE in t.text for t in app.toasts)

    # The other window is killed: its lock goes with it, and Continue opens the game itself.
    other_window.send_signal(signal.SIGKILL)
    other_window.wait(timeout=10)
    assert not locks.open_elsewhere(session.save_id)
    app.reset_to(TitleScene(app))
    pump(app)
    resume = LoadScene(app)
    app.push(resume)
    pump(app)
    resume.resume(next(i for i in list_saves()[0] if i.path == path))
    assert isinstance(app.top, TableScene) and app.top.session.save_id == session.save_id


def test_the_lock_is_held_while_the_table_is_open_and_released_after(app: App) -> None:
    session = saved(4)
    lock_file = locks.lock_path(session.save_id)
    table = TableScene(app, session)
    app.push(table)
    pump(app)
    # Another window (a separate open of the lock file, as another process would do).
    assert locks.GameLock.try_acquire(lock_file) is None
    note = json.loads(lock_file.read_bytes()[1:].decode())
    assert note["pid"] == os.getpid() and note["host"]
    app.reset_to(TitleScene(app))  # leaving the table
    other = locks.GameLock.try_acquire(lock_file)
    assert other is not None
    # Now this window is the second one: Load > Resume offers a copy, Cancel keeps nothing.
    load = LoadScene(app)
    app.push(load)
    pump(app)
    load.resume(list_saves()[0][0])
    assert app.top is load and load.copy_offer is not None
    click(app, load.copy_offer[0].cancel_button)
    assert app.top is load
    other.release()
    load.resume(list_saves()[0][0])
    assert isinstance(app.top, TableScene) and app.top.session.save_id == session.save_id


def test_a_table_that_loses_the_race_becomes_a_copy(app: App) -> None:
    session = saved(4)
    first_id = session.save_id
    other = locks.GameLock.try_acquire(locks.lock_path(first_id))
    assert other is not None
    try:
        table = TableScene(app, session)
        app.push(table)
        pump(app)
        assert table.session.save_id != first_id
        assert any(locks.IN_USE in t.text for t in app.toasts)
    finally:
        other.release()
