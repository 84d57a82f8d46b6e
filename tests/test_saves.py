"""Saves: one versioned JSON format, atomic writes that survive a kill, exact resume,
hostile and broken files refused clearly and moved aside, a format migration, a loader fuzz,
and ``tabletop --load`` on a bad file ending with a message, not a traceback."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import rules
from tabletop import saves, storage
from tabletop.saves import SAVE_FORMAT, SaveError, list_saves, read_save, write_save
from tabletop.session import SeatConfig, Session

GAME_IDS = sorted(rules.GAMES)
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own platformdirs home: the real data dir is never touched."""
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    return tmp_path


def mid_session(game_id: str = "royal_houses", steps: int = 30, seed: int = 5) -> Session:
    spec = rules.GAMES[game_id]
    seats = [SeatConfig("Nadia")] + [
        SeatConfig(f"Bot {i}", ("easy", "normal", "hard")[i % 3])
        for i in range(1, spec.min_players)
    ]
    session = Session(game_id, seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.game.over:
            break
        session.play(rng.choice(session.game.legal_moves()))
    return session


def finished(session: Session) -> Session:
    rng = random.Random(1)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves()))
    return session


# ---------------------------------------------------------------------------------------------
# the format and exact resume
# ---------------------------------------------------------------------------------------------


def test_save_is_plain_versioned_json_with_everything_the_issue_lists() -> None:
    session = mid_session()
    path = write_save(session)
    assert path.parent == storage.saves_dir()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == SAVE_FORMAT and data["kind"] == "tabletop-save"
    game = data["game"]
    for key in ("game", "rules_version", "seed", "options", "moves", "state_hash"):
        assert key in game
    assert data["seats"] == [
        {"name": "Nadia", "kind": "human"},
        {"name": "Bot 1", "kind": "normal"},
    ]
    assert data["snapshot"] == json.loads(json.dumps(session.game.snapshot()))
    assert data["saved"] and data["started"] and data["summary"].endswith(".")
    assert len(game["moves"]) == 30 and all(isinstance(m, str) for m in game["moves"])
    assert b"pickle" not in path.read_bytes()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_resume_is_exact(game_id: str) -> None:
    """Same hands, same turn, same AI levels, same log, same file (Continue's promise)."""
    session = mid_session(game_id, steps=25)
    session.assisted = True
    loaded = read_save(write_save(session))
    assert loaded.game.snapshot() == session.game.snapshot()
    assert loaded.game.to_move == session.game.to_move
    assert [(s.name, s.kind) for s in loaded.seats] == [(s.name, s.kind) for s in session.seats]
    for seat in [None, *range(len(session.seats))]:
        assert loaded.game.view(seat) == session.game.view(seat)
        assert loaded.log_lines(seat) == session.log_lines(seat)
    assert loaded.movers == session.movers
    assert (loaded.save_id, loaded.started, loaded.assisted) == (
        session.save_id,
        session.started,
        True,
    )
    # Playing on from the loaded game goes exactly as it would have from the original.
    move = session.game.legal_moves()[0]
    assert loaded.play(move) == session.play(move)


def test_each_move_rewrites_the_same_file_and_list_shows_newest_first() -> None:
    first = mid_session(seed=1)
    write_save(first)
    second = mid_session(seed=2, steps=10)
    path = write_save(second)
    second.play(second.game.legal_moves()[0])
    assert write_save(second) == path
    infos, problems = list_saves()
    assert problems == []
    assert {i.path for i in infos} == {saves.save_path(first), path}
    row = next(i for i in infos if i.path == path)
    assert row.moves == 11 and row.names == ("Nadia", "Bot 1") and row.title == "Royal Houses"
    assert "Nadia (human)" in row.players_text and "Bot 1 (AI normal)" in row.players_text
    assert not row.finished


def test_continue_picks_the_latest_unfinished_game() -> None:
    done = finished(mid_session(seed=3))
    write_save(done)
    assert saves.latest_unfinished() is None
    open_game = mid_session(seed=4)
    write_save(open_game)
    latest = saves.latest_unfinished()
    assert latest is not None and latest.path == saves.save_path(open_game)
    info = next(i for i in list_saves()[0] if i.path == saves.save_path(done))
    assert info.finished and info.summary.startswith("Finished:")


# ---------------------------------------------------------------------------------------------
# hostile and broken files
# ---------------------------------------------------------------------------------------------


def _good_text() -> str:
    return json.dumps(saves.to_save(mid_session()))


def _bad_files() -> list[tuple[str, bytes, str]]:
    good = json.loads(_good_text())
    text = json.dumps(good)

    def edited(change: Any) -> bytes:
        data = json.loads(text)
        change(data)
        return json.dumps(data).encode()

    return [
        ("empty", b"", "not valid JSON"),
        ("truncated", text[: len(text) // 2].encode(), "not valid JSON"),
        ("binary", b"\x00\xff\xfe\x00garbage", "could not be read"),
        ("not an object", b"[1, 2, 3]", "not a tabletop save"),
        ("future format", edited(lambda d: d.update(format=SAVE_FORMAT + 1)), "newer version"),
        ("format zero", edited(lambda d: d.update(format=0)), "ever wrote"),
        ("wrong kind", edited(lambda d: d.update(kind="spreadsheet")), "not a tabletop save"),
        ("future rules", edited(lambda d: d["game"].update(rules_version=99)), "rules version"),
        ("unknown game", edited(lambda d: d["game"].update(game="poker")), "unknown game"),
        ("edited move", edited(lambda d: d["game"]["moves"].__setitem__(3, "fly")), "refused"),
        ("cut moves", edited(lambda d: d["game"]["moves"].pop()), "edited"),
        ("edited hand", edited(lambda d: d.update(snapshot={"hands": [[], []]})), "edited"),
        ("bad seat", edited(lambda d: d["seats"][1].update(kind="wizard")), "unknown kind"),
        ("seat count", edited(lambda d: d["seats"].pop()), "seats do not match"),
        ("bad flag", edited(lambda d: d.update(assisted="yes")), "true or false"),
        ("deep nesting", b"[" * 100_000 + b"]" * 100_000, "could not be read"),
    ]


@pytest.mark.parametrize("name", [n for n, _, _ in _bad_files()])
def test_bad_saves_are_refused_clearly_and_moved_aside(name: str) -> None:
    blob, words = next((b, w) for n, b, w in _bad_files() if n == name)
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    path = folder / "20260101-000000-abcdef.json"
    path.write_bytes(blob)
    with pytest.raises(SaveError) as err:
        read_save(path)
    message = str(err.value)
    assert words in message, message
    assert message.endswith("."), message
    assert "Traceback" not in message
    assert not path.exists()
    aside = path.with_name(path.name + ".corrupt")
    assert aside.read_bytes() == blob  # kept byte for byte, never overwritten
    assert "kept as" in message


def test_the_list_reports_bad_files_and_keeps_the_good_ones() -> None:
    good = mid_session()
    write_save(good)
    folder = storage.saves_dir()
    (folder / "broken.json").write_text('{"format": 2, "kind"', encoding="utf-8")
    (folder / "future.json").write_text(json.dumps({"format": 99}), encoding="utf-8")
    (folder / "x.json.k3v9q0zt.tmp").write_text("half a write", encoding="utf-8")  # mkstemp's
    infos, problems = list_saves()
    assert [i.path for i in infos] == [saves.save_path(good)]
    assert len(problems) == 2 and any("newer version" in p for p in problems)
    assert (folder / "broken.json.corrupt").exists() and (folder / "future.json.corrupt").exists()
    # A second bad file of the same name never overwrites the first one kept aside.
    (folder / "broken.json").write_text("again", encoding="utf-8")
    list_saves()
    assert (folder / "broken.json.corrupt").read_text() == '{"format": 2, "kind"'
    assert (folder / "broken.json.1.corrupt").read_text() == "again"
    assert saves.cleanup_temp_files() == 1


def test_files_over_10_mb_are_refused_without_being_parsed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    path = folder / "huge.json"
    with open(path, "wb") as fh:
        fh.write(b'{"format": 2, "pad": "')
        fh.seek(storage.MAX_FILE_BYTES + 10)
        fh.write(b'"}')
    parsed: list[object] = []
    monkeypatch.setattr(storage.json, "loads", lambda *a, **k: parsed.append(a))
    with pytest.raises(SaveError, match="larger than 10 MB"):
        read_save(path)
    assert parsed == []
    assert (folder / "huge.json.corrupt").exists()


def test_a_file_the_player_picked_is_left_where_it_is(tmp_path: Path) -> None:
    outside = tmp_path / "from_a_friend.json"
    outside.write_text('{"format": 2', encoding="utf-8")
    with pytest.raises(SaveError, match="not valid JSON"):
        saves.load_any(outside)
    assert outside.exists()


# ---------------------------------------------------------------------------------------------
# migration from format 1
# ---------------------------------------------------------------------------------------------


def test_a_format_1_save_loads_through_the_migration() -> None:
    """Format 1 was the bare rules save plus ``names`` and ``kinds`` lists."""
    session = mid_session(steps=20)
    old = {**session.game.to_json(), "names": ["Nadia", "Kevin"], "kinds": ["human", "hard"]}
    assert old["format"] == 1
    migrated = saves.migrate(old)
    assert migrated["format"] == SAVE_FORMAT and migrated["game"]["format"] == 1
    loaded = saves.session_from_save(old)
    assert loaded.game.snapshot() == session.game.snapshot()
    assert [(s.name, s.kind) for s in loaded.seats] == [("Nadia", "human"), ("Kevin", "hard")]
    # Without names it still loads, with plain seats; written again it is format 2.
    bare = saves.session_from_save(session.game.to_json())
    assert [s.name for s in bare.seats] == ["Player 1", "Player 2"]
    data = json.loads(write_save(bare).read_text(encoding="utf-8"))
    assert data["format"] == SAVE_FORMAT
    assert read_save(saves.save_path(bare)).game.snapshot() == session.game.snapshot()


def test_a_broken_format_1_save_is_refused() -> None:
    old = {**mid_session().game.to_json(), "players": 99}
    with pytest.raises(SaveError, match="player count"):
        saves.session_from_save(old)


# ---------------------------------------------------------------------------------------------
# a kill or a failure during a write leaves the previous save intact
# ---------------------------------------------------------------------------------------------

CHILD = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from tabletop import storage
    target = Path(sys.argv[1])
    mode = sys.argv[2]
    if mode == "hang-before-rename":
        real_fsync = os.fsync
        def slow_fsync(fd):
            real_fsync(fd)
            print("written", flush=True)
            time.sleep(60)  # the parent kills us here: temp file complete, not renamed
        os.fsync = slow_fsync
        storage.write_json_atomic(target, {"format": 2, "new": "x" * 500_000})
    else:  # write again and again until killed at a random moment
        n = 0
        print("writing", flush=True)
        while True:
            n += 1
            storage.write_json_atomic(target, {"format": 2, "n": n, "pad": "y" * 300_000})
    """
)


def _child(target: Path, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(target), mode],
        stdout=subprocess.PIPE,
        text=True,
        env=ENV,
    )


def test_a_kill_between_write_and_rename_leaves_the_old_save(tmp_path: Path) -> None:
    session = mid_session()
    target = write_save(session)
    before = target.read_bytes()
    child = _child(target, "hang-before-rename")
    assert child.stdout is not None and child.stdout.readline().strip() == "written"
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    assert target.read_bytes() == before
    assert read_save(target).game.snapshot() == session.game.snapshot()
    leftovers = list(target.parent.glob("*.tmp"))
    assert len(leftovers) == 1  # the half-done write is a separate file, ignored by the list
    assert [i.path for i in list_saves()[0]] == [target]
    assert saves.cleanup_temp_files() == 1


def test_kills_at_random_moments_never_leave_a_broken_file(tmp_path: Path) -> None:
    target = tmp_path / "loop.json"
    storage.write_json_atomic(target, {"format": 2, "n": 0})
    rng = random.Random(9)
    for _ in range(6):
        child = _child(target, "loop")
        assert child.stdout is not None and child.stdout.readline().strip() == "writing"
        time.sleep(rng.uniform(0.01, 0.25))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
        data = json.loads(target.read_text(encoding="utf-8"))  # always one whole version
        assert data["format"] == 2 and isinstance(data["n"], int)


def test_a_failing_rename_or_fsync_keeps_the_old_file(monkeypatch: pytest.MonkeyPatch) -> None:
    session = mid_session()
    target = write_save(session)
    before = target.read_bytes()
    session.play(session.game.legal_moves()[0])
    for name in ("replace", "fsync"):

        def broken(*args: object, **kwargs: object) -> None:
            raise OSError(28, "No space left on device")

        with monkeypatch.context() as m:
            m.setattr(storage.os, name, broken)
            with pytest.raises(OSError):
                write_save(session)
        assert target.read_bytes() == before
        assert list(target.parent.glob("*.tmp")) == []


# ---------------------------------------------------------------------------------------------
# the loader fuzz
# ---------------------------------------------------------------------------------------------

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.text(max_size=10), st.floats()
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
_REAL = {g: saves.to_save(mid_session(g, steps=30, seed=8)) for g in GAME_IDS}


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a save that a mutation can hit."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:40]):
            out += _paths(v, (*prefix, i))
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_fuzz_mutated_real_saves_never_crash_or_cheat(game_id: str, data: st.DataObject) -> None:
    """Mutate a real save anywhere (a value, a key, a byte); the loader either refuses it with
    a SaveError sentence or gives a game that the rules replay move by move to the same place."""
    save = json.loads(json.dumps(_REAL[game_id]))
    how = data.draw(st.sampled_from(["replace", "drop", "move", "byte", "cut"]))
    if how in ("replace", "drop"):
        path = data.draw(st.sampled_from(_paths(save)))
        holder = save
        for step in path[:-1]:
            holder = holder[step]
        if how == "replace":
            holder[path[-1]] = data.draw(json_values)
        elif isinstance(holder, dict):
            del holder[path[-1]]
        else:
            holder.pop(path[-1])
        blob = json.dumps(save).encode()
    elif how == "move":
        moves = save["game"]["moves"]
        moves[data.draw(st.integers(0, len(moves) - 1))] = data.draw(st.text(max_size=14))
        blob = json.dumps(save).encode()
    elif how == "byte":
        raw = bytearray(json.dumps(save).encode())
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
        blob = bytes(raw)
    else:
        text = json.dumps(save).encode()
        blob = text[: data.draw(st.integers(0, len(text)))]
    folder = storage.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "fuzz.json"
    path.write_bytes(blob)
    try:
        session = read_save(path)
    except SaveError as err:
        event(f"refused after {how}")
        assert str(err) and "Traceback" not in str(err)
        assert not path.exists()  # moved aside, not deleted
        aside = sorted(folder.glob("fuzz.json*.corrupt"))
        assert aside and aside[-1].read_bytes() == blob
        for f in aside:
            f.unlink()
    else:
        event(f"loaded after {how}")
        # It loaded: the rules accept every move again, and the position is what they make.
        replayed = rules.load_game(session.game.to_json())
        assert replayed.snapshot() == session.game.snapshot()
        assert all(
            k in ("human", "easy", "normal", "hard", "random")
            for k in [s.kind for s in session.seats]
        )
        path.unlink()


# ---------------------------------------------------------------------------------------------
# the command line
# ---------------------------------------------------------------------------------------------


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**ENV, **{k: os.environ[k] for k in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}}
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_load_of_a_bad_file_exits_with_a_message_not_a_traceback(tmp_path: Path) -> None:
    good = json.loads(_good_text())
    cases = {
        "truncated.json": _good_text()[:300],
        "future.json": json.dumps({**good, "format": 99}),
        "edited.json": json.dumps({**good, "snapshot": {"x": 1}}),
        "movelist.txt": "# tabletop move list\n# game: royal_houses\n# players: 2\n"
        "# seed: 1\n1. fly\n",
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = _run("--load", str(path))
        assert result.returncode != 0, name
        assert "tabletop: cannot load" in result.stderr and name in result.stderr, result.stderr
        assert "Traceback" not in result.stderr, result.stderr
        assert path.exists()  # the player's own file is left alone
    missing = _run("--load", str(tmp_path / "nope.json"))
    assert missing.returncode != 0 and "cannot be opened" in missing.stderr


def test_load_of_a_good_file_opens_the_table(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    path.write_text(_good_text(), encoding="utf-8")
    shot = tmp_path / "shot.png"
    result = _run(
        "--load",
        str(path),
        "--speed",
        "0",
        "--frames",
        "5",
        "--size",
        "1280x720",
        "--screenshot",
        str(shot),
    )
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000


def test_killing_the_app_at_random_points_of_its_autosaves_always_leaves_the_last_save(
    tmp_path: Path,
) -> None:
    """A child doing the app's autosaves (resume, play, save after every move) is
    killed at random moments, ten times; each time the save loads, every move re-checked, and
    holds the last game it reported saving. Temp files cut short are cleaned by the start-up
    clean. (``tests/benchmarks/bench_kill_save.py --kills N`` runs many more.)"""
    from kill_save import run_kills

    figures = run_kills(10, tmp_path)
    assert figures.problems == []
    assert figures.kills == figures.loads_ok == 10
    assert figures.saves_at_report + figures.saves_one_ahead == 10
    assert figures.autosaves > 10  # the children really were saving when killed
    assert figures.temp_left_after_start_clean == 0
