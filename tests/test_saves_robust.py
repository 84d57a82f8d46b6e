"""Saves that must never be lost or break the app: an import never replaces
another game, and names that could crash the app are refused where they are typed
and repaired where they are read."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from save_helpers import played
from scene_helpers import make_app as _make_app
from scene_helpers import pump, use_private_home

from tabletop import saves, stats, storage
from tabletop.app import App
from tabletop.saves import list_saves, load_any, read_save, write_save


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


@pytest.fixture
def app() -> Iterator[App]:
    a = _make_app((1280, 720), "desktop", animation_speed=0.0)
    yield a
    a.quit()


# ---------------------------------------------------------------------------------------------
# An import never replaces another game
# ---------------------------------------------------------------------------------------------


def test_importing_an_older_copy_never_overwrites_the_newer_game(app: App, tmp_path: Path) -> None:
    from tabletop.scenes.load import LoadScene
    from tabletop.scenes.table import TableScene

    session = played(10)
    older = tmp_path / "older-copy.json"
    older.write_text(json.dumps(saves.to_save(session)), encoding="utf-8")
    rng = random.Random(1)
    while len(session.game.history) < 30:
        session.play(rng.choice(session.game.legal_moves()))
    newer = write_save(session)
    newer_bytes = newer.read_bytes()

    # tabletop --load and Import… both come through load_any: a new id, a new file.
    loaded = load_any(older)
    assert loaded.save_id != session.save_id
    assert len(loaded.game.history) == 10
    scene = LoadScene(app)
    app.push(scene)
    pump(app)
    scene.import_file(older)
    table = app.top
    assert isinstance(table, TableScene) and table.session.save_id != session.save_id
    table.play(table.game.legal_moves()[0])  # the autosave goes to the copy's own file
    table.flush_save()  # the autosave thread has written it (a player could not tell)
    assert newer.read_bytes() == newer_bytes
    assert len(read_save(newer).game.history) == 30
    infos, _ = list_saves()
    assert sorted(len(read_save(i.path).game.history) for i in infos) == [11, 30]


@pytest.mark.parametrize("copy_name", ["{id} (1).json", "{id}.backup.json", "copied.json"])
def test_resuming_a_renamed_copy_of_a_save_never_overwrites_its_original(
    app: App, copy_name: str
) -> None:
    """A copy in the saves folder whose inner id is not its file name (a sync tool's
    '<id> (1).json', a backup, a copy by hand) resumes as a game of its own."""
    from tabletop.scenes.load import LoadScene
    from tabletop.scenes.table import TableScene

    session = played(20)
    original = write_save(session)
    original_bytes = original.read_bytes()
    copy = played(5, seed=3)  # the same game, earlier: what a stale copy holds
    copy.save_id = session.save_id
    copied = original.with_name(copy_name.format(id=session.save_id))
    copied.write_text(saves.save_text(copy), encoding="utf-8")

    resumed = read_save(copied)
    assert resumed.save_id != session.save_id and len(resumed.game.history) == 5
    scene = LoadScene(app)
    app.push(scene)
    pump(app)
    info = next(i for i in scene.saves if i.path == copied)
    scene.resume(info)
    table = app.top
    assert isinstance(table, TableScene) and table.session.save_id != session.save_id
    table.play(table.game.legal_moves()[0])
    table.flush_save()
    assert original.read_bytes() == original_bytes  # the 20-move game is whole
    assert len(read_save(original).game.history) == 20
    assert read_save(original).save_id == session.save_id  # the original keeps its id


# ---------------------------------------------------------------------------------------------
# Names that could crash the app
# ---------------------------------------------------------------------------------------------

HOSTILE = ("Ad\x00a", "Bo\ud800b", "\u200b", "\u200b\u200d\ufeff", "x" * 300, "", "  \t ")


def test_the_one_name_check() -> None:
    from tabletop.names import MAX_NAME, BadName, check_name, repair_name

    assert check_name("  Nadia   Smith ", "Name") == "Nadia Smith"
    assert check_name("Zoë 🂡", "Name") == "Zoë 🂡"
    assert check_name("Ad\x00a", "Name") == "Ada"
    assert check_name("Bo\ud800b", "Name") == "Bob"
    for bad in ("\u200b", "\u200b\u200d", "", "  \t", "\x00", "\ud800", "\u0301"):
        with pytest.raises(BadName):
            check_name(bad, "Name")
    with pytest.raises(BadName, match="longer than 40"):
        check_name("x" * (MAX_NAME + 1), "Name")
    assert check_name("x" * 300, "Name", cut=True) == "x" * MAX_NAME
    for bad in HOSTILE:
        name = repair_name(bad, "Player 2")
        assert 0 < len(name) <= MAX_NAME and "\x00" not in name
        name.encode("utf-8")  # no lone surrogate left
    assert repair_name(None, "Player 1") == "Player 1"


def _render_every_name(names: list[str]) -> None:
    """What crashed the app: drawing the name (NUL, surrogate, zero width)."""

    from tabletop import fonts

    font = fonts.get_font(20, "sans")
    for name in names:
        assert font.render(name, True, (0, 0, 0)).get_width() > 0


@pytest.mark.parametrize("bad", HOSTILE)
def test_a_save_with_a_hostile_name_is_repaired_and_continue_works(app: App, bad: str) -> None:
    from tabletop.scenes.table import TableScene
    from tabletop.scenes.title import TitleScene

    session = played(6)
    data = saves.to_save(session)
    data["seats"][0]["name"] = bad
    data["label"] = ""
    data["summary"] = "6 moves\x00 played\ud800"
    path = saves.save_path(session)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    infos, problems = list_saves()
    assert problems == [] and len(infos) == 1
    _render_every_name([*infos[0].names, infos[0].summary])
    title = TitleScene(app)
    app.push(title)
    pump(app)
    title.continue_game()
    pump(app, 5)
    assert isinstance(app.top, TableScene)
    _render_every_name(app.top.session.names)


def test_hostile_names_and_games_in_statistics_never_crash_the_screen(app: App) -> None:
    from tabletop.scenes.stats import StatsScene

    good = {
        "id": "a",
        "game": "royal_houses",
        "date": "2026-01-01T00:00:00+00:00",
        "assisted": False,
        "moves": 3,
        "seats": [
            {"name": "Ad\x00a", "kind": "human", "score": 3, "won": True},
            {"name": "\u200b", "kind": "human", "score": 1, "won": False},
            {"name": "Bo\ud800", "kind": "easy", "score": 1, "won": False},
        ],
    }
    odd_game = {**good, "id": "b", "game": "chess\x00\ud800"}
    path = storage.statistics_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "games": [good, odd_game]}), encoding="utf-8")
    records, warning = stats.load_records()
    assert warning is None
    names = [s["name"] for r in records for s in r["seats"]]
    _render_every_name(names + [f.title for f in stats.figures(records)])
    app.push(StatsScene(app))
    pump(app, 3)


def _type(entry: Any, text: str) -> None:
    """Type (then paste) ``text`` into an empty entry, as the window would deliver it."""
    import pygame
    from pygame_gui.core import utility

    entry.set_text("")
    entry.focus()
    for ch in text:
        entry.process_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    typed = entry.get_text()
    entry.set_text("")
    pasted = utility.clipboard_paste
    try:
        utility.clipboard_paste = lambda: text  # type: ignore[assignment]
        import pygame_gui.elements.ui_text_entry_line as line

        line.clipboard_paste = utility.clipboard_paste
        entry._do_paste()
    finally:
        utility.clipboard_paste = pasted
        line.clipboard_paste = pasted
    assert entry.get_text() in ("", typed)
    entry.set_text(typed)


def test_setup_and_save_as_refuse_names_that_cannot_be_shown(app: App) -> None:
    from tabletop.scenes.save_as import SaveAsScene
    from tabletop.scenes.setup import SetupScene
    from tabletop.scenes.table import TableScene

    setup = SetupScene(app, "royal_houses")
    app.push(setup)
    pump(app)
    for bad in ("\u200b", "\u2060\u200d", "\u034f", "\x00", "\ud800"):
        _type(setup.name_entries[1], bad)
        pump(app)
        setup.start()
        assert app.top is setup
        assert any("Seat 2" in t.text for t in app.toasts), [t.text for t in app.toasts]
    _type(setup.name_entries[1], "Bo\x00b\ud800")
    pump(app)
    setup.start()
    table = app.top
    assert isinstance(table, TableScene) and table.session.names[1] == "Bob"
    save_as = SaveAsScene(app, table.session)
    app.push(save_as)
    pump(app)
    assert save_as.entry is not None
    _type(save_as.entry, "\u200d\u200b")
    pump(app)
    save_as.save()
    assert app.top is save_as and list_saves()[0] == []
    _type(save_as.entry, "Mine\x00\ud800")
    pump(app)
    save_as.save()
    assert app.top is table
    assert [i.label for i in list_saves()[0]] == ["Mine"]


def test_a_move_list_with_hostile_names_imports_with_safe_names(tmp_path: Path) -> None:
    from tabletop.replay import export_text

    finished = played(10_000)  # an unfinished game's list cannot be played on
    text = export_text(finished).replace("Nadia", "\u200b").replace("Kevin", "Ke\x00vin")
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    session = load_any(path)
    _render_every_name(session.names)
