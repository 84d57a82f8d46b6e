"""The background autosave (tabletop/autosave.py): newest snapshot wins, never an older state
after a newer one, errors come back to the UI thread, flush waits for the disk."""

from __future__ import annotations

import errno
import json
import threading
import time
from pathlib import Path
from typing import Any

from tabletop import saves
from tabletop.autosave import Saver
from tabletop.session import SeatConfig, Session


class SlowWriter:
    """A fake writer that takes a while per write and records what it wrote, in order."""

    def __init__(self, delay: float = 0.05) -> None:
        self.delay = delay
        self.written: list[tuple[Path, Any]] = []
        self.started = threading.Event()
        self.release = threading.Event()
        self.release.set()
        self.fail: set[Any] = set()

    def __call__(self, path: Path, data: Any) -> None:
        self.started.set()
        self.release.wait(5)
        time.sleep(self.delay)
        if data in self.fail:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        self.written.append((path, data))


def test_the_newest_snapshot_wins_and_an_older_one_is_never_written_after_it() -> None:
    writer = SlowWriter(0.01)
    writer.release.clear()
    saver = Saver(writer)
    a, b = Path("a.json"), Path("b.json")
    saver.submit(a, 1)
    assert writer.started.wait(5)  # 1 is being written (held): 2..50 pile up behind it
    for n in range(2, 51):
        saver.submit(a, n)
        saver.submit(b, -n)
    assert not saver.idle
    writer.release.set()
    assert saver.flush(5)
    assert saver.idle
    of_a = [d for p, d in writer.written if p == a]
    of_b = [d for p, d in writer.written if p == b]
    assert of_a == [1, 50]  # the ones in between were replaced while they waited
    assert of_b == [-50]
    assert [e for _, e in saver.outcomes()] == [None, None, None]


def test_writes_of_one_file_keep_their_order_under_a_steady_stream() -> None:
    writer = SlowWriter(0.002)
    saver = Saver(writer)
    for n in range(200):
        saver.submit(Path("a.json"), n)
        if n % 7 == 0:
            time.sleep(0.003)
    assert saver.flush(10)
    values = [d for _, d in writer.written]
    assert values == sorted(values) and values[-1] == 199


def test_errors_are_reported_to_the_caller_and_the_writer_goes_on() -> None:
    writer = SlowWriter(0.0)
    writer.fail = {"bad"}
    saver = Saver(writer)
    saver.submit(Path("a.json"), "bad")
    assert saver.flush(5)
    saver.submit(Path("b.json"), "good")
    assert saver.flush(5)
    assert saver.outcomes(Path("b.json")) == [(Path("b.json"), None)]
    [(path, err)] = saver.outcomes()
    assert path == Path("a.json") and isinstance(err, OSError) and err.errno == errno.ENOSPC
    assert saver.outcomes() == []  # collected once


def test_flush_waits_for_the_write_in_progress() -> None:
    writer = SlowWriter(0.2)
    saver = Saver(writer)
    saver.submit(Path("a.json"), 1)
    assert writer.started.wait(5)
    assert not saver.flush(0.01)  # still writing
    begun = time.monotonic()
    assert saver.flush(5)
    assert writer.written == [(Path("a.json"), 1)]
    assert time.monotonic() - begun > 0.05
    assert Saver(writer).flush(0)  # nothing handed over: nothing to wait for


def test_a_snapshot_shares_nothing_with_the_live_session(tmp_path: Path) -> None:
    session = Session("royal_houses", [SeatConfig("Nadia"), SeatConfig("Kevin", "easy")], seed=3)
    data = saves.save_text(session)
    before = saves.to_save(session)
    session.play(session.game.legal_moves()[0], session.game.to_move)
    assert json.loads(data)["game"] == before["game"]
    assert json.loads(data)["snapshot"] == before["snapshot"]
    saver = Saver(saves.write_save_data)
    saver.submit(tmp_path / "x.json", data)
    assert saver.flush(5)
    loaded = saves.read_save(tmp_path / "x.json")
    assert len(loaded.game.history) == 0


def test_a_snapshot_replaced_while_waiting_is_told_written_with_the_newer_one() -> None:
    """``written`` fires once the snapshot, or a newer one of its file, is on disk: a phone
    waiting for its move's save is told even when a later move's save replaced it."""
    writer = SlowWriter(0.01)
    writer.release.clear()
    saver = Saver(writer)
    told: list[tuple[int, OSError | None]] = []
    a = Path("a.json")
    saver.submit(a, 1, lambda err: told.append((1, err)))
    assert writer.started.wait(5)
    saver.submit(a, 2, lambda err: told.append((2, err)))
    saver.submit(a, 3, lambda err: told.append((3, err)))
    assert told == []  # nothing is on disk yet
    writer.release.set()
    assert saver.flush(5)
    assert told == [(1, None), (2, None), (3, None)]
    assert [d for _, d in writer.written] == [1, 3]
    writer.fail.add(4)
    saver.submit(a, 4, lambda err: told.append((4, err)))
    assert saver.flush(5)
    assert told[-1][0] == 4 and isinstance(told[-1][1], OSError)  # a failure is told too


def test_at_instant_speed_the_save_never_trails_the_table_by_two_moves(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """AI seats moving every frame: each frame's save holds every move but the one still
    being shown (the previous move's save is taken before the next move is applied)."""
    from scene_helpers import make_app, pump, use_private_home

    from tabletop.autosave import shared
    from tabletop.scenes.table import TableScene

    use_private_home(tmp_path, monkeypatch)
    app = make_app((1280, 720), animation_speed=0.0)
    try:
        seats = [SeatConfig("Nadia"), SeatConfig("Kevin", "easy"), SeatConfig("Lu", "easy")]
        session = Session("allegiance", seats, seed=5)
        scene = TableScene(app, session)
        app.push(scene)
        saver = shared()
        submitted: list[int] = []
        real = saver.submit

        def submit(path: Path, data: Any, written: Any = None) -> None:
            submitted.append(len(session.game.history))
            real(path, data, written)

        monkeypatch.setattr(saver, "submit", submit)
        worst = 0
        for _ in range(400):
            if session.game.over:
                break
            if session.game.to_move == 0 and app.top is scene:
                scene.play(session.game.legal_moves()[0])  # Nadia answers at once too
            pump(app, 1)
            if submitted:
                worst = max(worst, len(session.game.history) - submitted[-1])
        assert len(session.game.history) >= 30, "the seats should have moved every frame"
        assert worst <= 1
    finally:
        app.quit()
