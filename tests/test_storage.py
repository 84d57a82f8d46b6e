"""Reading and writing files safely: a named pipe in the saves
folder never hangs the app, temp files left by a kill are cleaned at start, a UTF-8 BOM is
fine, a settings or statistics file from a newer version is kept aside (and said so), and
refusals are sentences, not Python internals."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from save_helpers import ENV, plain, played
from scene_helpers import make_app as _make_app
from scene_helpers import pump, use_private_home

from tabletop import saves, stats, storage
from tabletop.app import App
from tabletop.saves import SaveError, list_saves, load_any, read_save, write_save


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


@pytest.fixture
def app() -> Iterator[App]:
    a = _make_app((1280, 720), "desktop", animation_speed=0.0)
    yield a
    a.quit()


# ---------------------------------------------------------------------------------------------
# A named pipe (or any file that is not a regular file) never hangs the app
# ---------------------------------------------------------------------------------------------


def _within(seconds: float, fn: Callable[[], Any]) -> Any:
    """``fn()``, or fail if it takes longer than ``seconds`` (it runs in a daemon thread)."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(_catch(fn)), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{fn} blocked for {seconds} s"
    result = out[0]
    if isinstance(result, BaseException):
        raise result
    return result


def _catch(fn: Callable[[], Any]) -> Any:
    try:
        return fn()
    except BaseException as err:  # handed to the test thread
        return err


def _unblock(fifo: Path) -> None:
    """Open the pipe's other end, so a reader stuck on it (before the fix) can go on."""
    try:
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:
        return
    os.close(fd)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_in_the_saves_folder_never_blocks(app: App, tmp_path: Path) -> None:
    from tabletop.scenes.table import TableScene
    from tabletop.scenes.title import TitleScene

    session = played(8)
    write_save(session)
    fifo = storage.saves_dir() / "pipe.json"
    os.mkfifo(fifo)
    try:
        infos, problems = _within(5, list_saves)
        assert [i.path for i in infos] == [saves.save_path(session)]
        assert len(problems) == 1 and "pipe.json" in problems[0]
        assert "not an ordinary file" in problems[0]
        plain(problems[0])
        assert (fifo.parent / "pipe.json.corrupt").exists()  # kept aside, as bad files are
        _unblock(fifo.parent / "pipe.json.corrupt")
        os.mkfifo(fifo)
        with pytest.raises(SaveError, match="not an ordinary file"):
            _within(5, lambda: read_save(fifo))
        _unblock(fifo.parent / "pipe.json.1.corrupt")
        os.mkfifo(fifo)
        with pytest.raises(SaveError, match="not an ordinary file"):
            _within(5, lambda: load_any(fifo))
        assert fifo.exists()  # a file the player picked is left where it is
        with pytest.raises(SaveError):
            _within(5, lambda: load_any(Path("/dev/zero")))
        title = _within(10, lambda: TitleScene(app))
        app.push(title)
        _within(10, lambda: pump(app))
        _within(10, title.continue_game)
        assert isinstance(app.top, TableScene)
    finally:
        _unblock(fifo)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_named_pipes_as_settings_and_statistics_never_block() -> None:
    for path in (storage.settings_path(), storage.statistics_path()):
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
    try:
        settings, warning = _within(5, storage.load_settings)
        assert settings == storage.Settings() and warning and "not an ordinary file" in warning
        records, warning = _within(5, stats.load_records)
        assert records == [] and warning and "not an ordinary file" in warning
    finally:
        for path in (storage.settings_path(), storage.statistics_path()):
            _unblock(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_the_app_starts_and_obeys_sigterm_with_a_pipe_in_the_saves_folder(
    tmp_path: Path,
) -> None:
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.json")
    env = {**ENV, **{k: os.environ[k] for k in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop", "--size", "1280x720"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(6)  # started, past the title screen's look at the saves
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
            _unblock(folder / "pipe.json")
            pytest.fail("the app hung on a named pipe and ignored SIGTERM")


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name == "nt", reason="POSIX signal")
def test_sigterm_ends_the_app_even_mid_game() -> None:
    """A game in progress used to answer SIGTERM with a "Quit now?" dialog nobody sees."""
    env = {**ENV, **{k: os.environ[k] for k in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop", "--game", "royal_houses", "--seats", "human,ai"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(6)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# ---------------------------------------------------------------------------------------------
# Temp files, a BOM, newer settings and statistics, messages in words
# ---------------------------------------------------------------------------------------------


def _temp_name(target: str) -> str:
    import tempfile

    return f"{target}.{next(tempfile._get_candidate_names())}.tmp"  # as mkstemp names them


def test_leftover_temp_files_are_cleaned_at_start() -> None:
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    old = [folder / _temp_name(f"2026010{i}-000000-abcdef.json") for i in range(5)]
    stats_tmp = storage.data_dir() / _temp_name("statistics.json")
    settings_tmp = storage.config_dir() / _temp_name("settings.json")
    settings_tmp.parent.mkdir(parents=True)
    fresh = folder / _temp_name("20260110-000000-abcdef.json")  # another window's write
    mine = folder / "notes.tmp"  # not a name the app ever uses
    for path in [*old, stats_tmp, settings_tmp, fresh, mine]:
        path.write_text("half a write", encoding="utf-8")
    long_ago = time.time() - 3600
    for path in [*old, stats_tmp, settings_tmp, mine]:
        os.utime(path, (long_ago, long_ago))
    app = App(size=(1280, 720), persist_settings=False)  # the app's start
    try:
        left = sorted(p.name for p in [*old, stats_tmp, settings_tmp, fresh, mine] if p.exists())
        assert left == sorted([fresh.name, mine.name])
    finally:
        app.quit()


def test_a_save_and_a_move_list_with_a_utf8_bom_load(tmp_path: Path) -> None:
    from tabletop.replay import export_text

    session = played(12)
    path = saves.save_path(session)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(saves.to_save(session)), encoding="utf-8-sig")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    infos, problems = list_saves()
    assert problems == [] and [i.path for i in infos] == [path]
    assert read_save(path).game.snapshot() == session.game.snapshot()
    text = tmp_path / "game.txt"
    finished = played(10_000)  # an unfinished game's move list cannot be played on
    text.write_text(export_text(finished), encoding="utf-8-sig")
    assert load_any(text).game.snapshot() == finished.game.snapshot()
    settings = storage.settings_path()
    settings.parent.mkdir(parents=True)
    settings.write_text(
        json.dumps({"format": 1, "settings": {"sound": False}}), encoding="utf-8-sig"
    )
    assert storage.load_settings() == (storage.Settings(sound=False), None)


def test_settings_from_a_newer_version_are_kept_aside_and_said() -> None:
    path = storage.settings_path()
    path.parent.mkdir(parents=True)
    newer = json.dumps({"format": 99, "settings": {"sound": False, "hologram": True}})
    path.write_text(newer, encoding="utf-8")
    app = App(size=(1280, 720))  # persists settings: the defaults are written on exit
    try:
        said = " | ".join(t.text for t in app.toasts)
        assert "newer version" in said and "settings.json.corrupt" in said, said
        app.run(max_frames=2)
    finally:
        app.quit()
    assert path.with_name("settings.json.corrupt").read_text(encoding="utf-8") == newer
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == storage.SETTINGS_FORMAT


def test_statistics_from_a_newer_version_are_never_overwritten() -> None:
    path = storage.statistics_path()
    path.parent.mkdir(parents=True)
    newer = json.dumps({"format": 7, "games": [{"id": "x"}]})
    path.write_text(newer, encoding="utf-8")
    records, warning = stats.load_records()
    assert records == [] and warning and "newer version" in warning
    assert path.with_name("statistics.json.corrupt").read_text(encoding="utf-8") == newer
    session = played(500)
    assert session.game.over
    assert stats.record_game(session)
    assert path.with_name("statistics.json.corrupt").read_text(encoding="utf-8") == newer


def test_refusals_are_sentences_not_python_internals(tmp_path: Path) -> None:
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    cases = {
        "latin1.json": b'{"format": 2, "name": "Zo\xeb"}',
        "deep.json": b"[" * 200_000 + b"]" * 200_000,
        "binary.json": bytes(range(256)),
    }
    for name, blob in cases.items():
        (folder / name).write_bytes(blob)
    _, problems = list_saves()
    assert len(problems) == len(cases)
    for problem in problems:
        plain(problem)
    text = tmp_path / "moves.txt"
    text.write_bytes(b"# tabletop move list\n# game: royal_houses\n\xff\xfe\n")
    for path in (text, tmp_path, tmp_path / "missing.json"):
        with pytest.raises(SaveError) as info:
            load_any(path)
        plain(str(info.value))


def test_a_failed_autosave_is_told_in_words(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.scenes.table import TableScene

    def full(*_: object, **__: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", "/x/y.json.tmp")

    monkeypatch.setattr(saves, "write_text_atomic", full)
    table = TableScene(app, played(0))
    app.push(table)
    pump(app)
    table.play(table.game.legal_moves()[0])
    table.flush_save()  # the autosave thread's outcome, told a frame later in play
    said = " | ".join(t.text for t in app.toasts)
    assert "disk is full" in said, said
    plain(said)
    assert storage.describe_os_error(OSError(errno.EACCES, "x")) != ""


def test_one_off_flags_apply_to_this_run_only() -> None:
    """``--profile``, ``--fullscreen`` and ``--speed`` are not saved into the
    settings for ever. Run with them, the settings file keeps what it held; a change made in
    Settings during such a run is still saved."""
    saved = storage.Settings(profile="desktop", animation_speed=1.5, fullscreen=False)
    storage.save_settings(saved)
    env = {**ENV, **{k: os.environ[k] for k in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}}
    flags = ["--profile", "tv", "--fullscreen", "--speed", "0", "--frames", "5"]
    result = subprocess.run(
        [sys.executable, "-m", "tabletop", *flags, "--size", "1280x720"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert storage.load_settings() == (saved, None)
    # In-process: the flags are in force for the run, and a choice in Settings is kept.
    from tabletop.scenes.settings import SettingsScene

    app = App((1280, 720), profile="tv", fullscreen=True, speed=0.0)
    try:
        assert (app.settings.profile, app.settings.fullscreen) == ("tv", True)
        assert app.settings.animation_speed == 0.0
        app.save_settings()
        assert storage.load_settings() == (saved, None)
        scene = SettingsScene(app)
        app.push(scene)
        scene.set_speed(2.0)
        on_disk, _ = storage.load_settings()
        assert (on_disk.animation_speed, on_disk.profile, on_disk.fullscreen) == (
            2.0,
            "desktop",
            False,
        )
    finally:
        app.quit()


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name == "nt", reason="POSIX signal")
def test_sigterm_during_a_game_saves_and_exits() -> None:
    """SIGTERM during a game must not open the Quit dialog and keep the process
    running. A terminate signal saves the game and ends the app with code 0, promptly; the
    autosave is there and loads (Continue resumes it)."""
    env = {**ENV, **{k: os.environ[k] for k in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}}
    game = ["--game", "royal_houses", "--seats", "human,ai", "--seed", "3"]  # the human first
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop", *game, "--size", "1280x720"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # Running: the table holds its game's lock once it is open; a few frames more.
        deadline = time.monotonic() + 60
        while not list(storage.saves_dir().glob("*.lock")) and time.monotonic() < deadline:
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.2)
        time.sleep(1.5)
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGTERM)
        started = time.monotonic()
        code = proc.wait(timeout=10)
        _, err = proc.communicate()
        assert code == 0, err
        assert time.monotonic() - started < 5
        assert "Traceback" not in err, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    found, problems = list_saves()
    assert not problems
    assert len(found) == 1 and found[0].game_id == "royal_houses"
    session = read_save(found[0].path)
    assert session.game.spec.id == "royal_houses" and session.seed == 3
