"""Saves in the app, headless (the style of tests/test_scenes.py: posted clicks and keys):
autosave after every move, Continue after a restart, the Load screen (resume, replay, export,
delete after asking, bad files), Undo on the table, and no overlapping widgets."""

from __future__ import annotations

import json
import random
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIDropDownMenu, UIPanel, UIScrollingContainer
from rh_setup import STANDARD_COUNTERS, fixed_deck
from scene_helpers import click, key, pump, use_private_home, wait_for
from scene_helpers import make_app as _make_app

from tabletop import saves, storage
from tabletop.app import App
from tabletop.scenes.load import LoadScene
from tabletop.scenes.replay import ReplayScene
from tabletop.scenes.save_as import SaveAsScene
from tabletop.scenes.stats import StatsScene
from tabletop.scenes.table import TableScene
from tabletop.scenes.title import TitleScene
from tabletop.session import SeatConfig, Session


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


def make_app(size: tuple[int, int] = (1280, 720), profile: str = "desktop") -> App:
    return _make_app(size, profile, animation_speed=0.0)


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app()
    yield a
    a.quit()


def rh_session(kinds: tuple[str, str] = ("human", "easy"), seed: int = 1) -> Session:
    return Session(
        "royal_houses",
        [SeatConfig("Ada", kinds[0]), SeatConfig("Bo", kinds[1])],
        seed=seed,
        options={"deck": fixed_deck()},
    )


def saved(moves: int, seed: int = 3, finish: bool = False) -> Session:
    session = Session("royal_houses", [SeatConfig("Nadia"), SeatConfig("Kevin", "hard")], seed=seed)
    rng = random.Random(seed)
    while not session.game.over and (finish or len(session.game.history) < moves):
        session.play(rng.choice(session.game.legal_moves()))
    saves.write_save(session)
    return session


def toasts(app: App) -> str:
    return " | ".join(t.text for t in app.toasts)


# ---------------------------------------------------------------------------------------------
# autosave and Continue
# ---------------------------------------------------------------------------------------------


def test_quit_mid_game_restart_and_continue_is_exactly_where_you_were() -> None:
    """The issue's "done when": a new user quits mid-game, restarts, presses Continue."""
    first = make_app()
    try:
        scene = TableScene(first, rh_session())
        first.push(scene)
        pump(first)
        for text in ["go first", *STANDARD_COUNTERS]:
            assert scene.play(scene.game.parse_move(text)), text
        wait_for(first, lambda: scene.game.to_move == 0 and len(scene.game.history) > 7)
        pump(first)
        snapshot = scene.game.snapshot()
        history = [str(m) for m in scene.game.history]
        log = scene.session.log_lines(0)
    finally:
        first.quit()  # the window closes: nothing else is written

    again = make_app()
    try:
        title = TitleScene(again)
        again.push(title)
        pump(again)
        assert title.continue_button is not None and title.continue_button.visible
        click(again, title.continue_button)
        table = again.top
        assert isinstance(table, TableScene)
        assert table.game.snapshot() == snapshot
        assert [str(m) for m in table.game.history] == history
        assert [(s.name, s.kind) for s in table.session.seats] == [("Ada", "human"), ("Bo", "easy")]
        assert table.session.log_lines(0) == log
        assert table.viewer == 0 and table.acting_human  # Ada's hand, Ada's turn
    finally:
        again.quit()


def test_every_move_is_saved_and_ai_only_games_are_not(app: App) -> None:
    scene = TableScene(app, rh_session(("human", "human")))
    app.push(scene)
    pump(app)
    scene.play(scene.game.parse_move("go first"))
    scene.flush_save()  # the autosave thread has written it (a player could not tell)
    path = saves.save_path(scene.session)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"]["moves"] == ["go first"]
    scene.play(scene.game.parse_move(STANDARD_COUNTERS[0]))
    scene.flush_save()
    assert len(json.loads(path.read_text(encoding="utf-8"))["game"]["moves"]) == 2
    bots = TableScene(app, rh_session(("easy", "easy"), seed=2))
    app.push(bots)
    wait_for(app, lambda: len(bots.game.history) >= 2)
    assert not saves.save_path(bots.session).exists()


def test_save_button_keeps_a_named_copy_that_stays_as_it_was(app: App) -> None:
    """Named saves: Save (or Ctrl+S) asks for a name and keeps a copy of its own;
    playing on (or resuming the copy) never changes it, and Continue keeps the autosave."""
    scene = TableScene(app, rh_session())
    app.push(scene)
    pump(app)
    scene.play(scene.game.parse_move("go first"))
    assert scene.save_button is not None and scene.save_button.visible
    click(app, scene.save_button)
    dialog = app.top
    assert isinstance(dialog, SaveAsScene) and dialog.entry is not None
    dialog.entry.set_text("   ")
    dialog.save()  # an empty name is refused with a sentence, and nothing is written
    assert app.top is dialog and "name" in toasts(app)
    dialog.entry.set_text("  Before   the big play ")
    click(app, dialog.save_button)
    assert app.top is scene and "Before the big play" in toasts(app)
    assert scene.play(scene.game.parse_move(STANDARD_COUNTERS[0]))  # play on after saving
    infos, problems = saves.list_saves()
    assert not problems
    named = [i for i in infos if i.label]
    assert [i.label for i in named] == ["Before the big play"] and named[0].moves == 1
    assert saves.latest_unfinished() is not None
    assert saves.latest_unfinished().path == saves.save_path(scene.session)  # the autosave
    resumed = saves.read_save(named[0].path)
    assert [str(m) for m in resumed.game.history] == ["go first"]
    assert resumed.save_id != json.loads(named[0].path.read_text(encoding="utf-8"))["id"]
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # Ctrl+S opens the same dialog; Esc closes it
    assert isinstance(app.top, SaveAsScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_no_continue_without_an_unfinished_game(app: App) -> None:
    saved(0, finish=True)
    title = TitleScene(app)
    app.push(title)
    pump(app)
    assert title.continue_button is None
    assert title.load_button is not None and title.stats_button is not None


def test_a_save_broken_after_the_title_showed_it_is_reported(app: App) -> None:
    session = saved(12)
    title = TitleScene(app)
    app.push(title)
    pump(app)
    path = saves.save_path(session)
    path.write_text(path.read_text(encoding="utf-8")[:200], encoding="utf-8")
    click(app, title.continue_button)
    assert app.top is title
    assert "not valid JSON" in toasts(app) and "kept as" in toasts(app)
    assert path.with_name(path.name + ".corrupt").exists()
    assert title.continue_button is None


# ---------------------------------------------------------------------------------------------
# undo on the table
# ---------------------------------------------------------------------------------------------


def test_undo_key_and_button_take_back_and_mark_the_game_assisted(app: App) -> None:
    scene = TableScene(app, rh_session())
    app.push(scene)
    pump(app)
    assert scene.undo_button is not None and scene.undo_button.visible
    for text in ["go first", *STANDARD_COUNTERS[:5]]:
        assert scene.play(scene.game.parse_move(text))
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.game.history) == 5 and scene.session.assisted
    assert scene.game is scene.session.game and scene.acting_human
    scene.flush_save()  # the autosave thread has written it (a player could not tell)
    data = json.loads(saves.save_path(scene.session).read_text(encoding="utf-8"))
    assert data["assisted"] is True and len(data["game"]["moves"]) == 5
    click(app, scene.undo_button)
    assert len(scene.game.history) == 4
    assert "taken back" in toasts(app)


def test_undo_refusal_is_a_toast_and_changes_nothing(app: App) -> None:
    scene = TableScene(app, rh_session())
    app.push(scene)
    pump(app)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert "nothing to undo" in toasts(app)
    assert scene.game.history == [] and not scene.session.assisted


def test_no_undo_button_with_two_humans(app: App) -> None:
    scene = TableScene(app, rh_session(("human", "human")))
    app.push(scene)
    pump(app)
    assert scene.undo_button is not None and not scene.undo_button.visible


# ---------------------------------------------------------------------------------------------
# the Load screen
# ---------------------------------------------------------------------------------------------


def test_load_lists_saves_with_game_players_date_and_summary(app: App) -> None:
    saved(10, seed=1)
    saved(0, seed=2, finish=True)
    scene = LoadScene(app)
    app.push(scene)
    pump(app)
    texts = [el.text for el in leaves(scene.container) if hasattr(el, "text")]
    joined = " ".join(texts)
    assert texts.count("Royal Houses") == 2
    assert "Nadia (human), Kevin (AI hard)" in texts
    assert "10 moves played; " in joined and "Finished: " in joined
    actions = sorted(a for a, _ in scene.row_buttons.values())
    assert actions == ["Delete", "Delete", "Export", "Export", "Replay", "Replay", "Resume"]


def _button(scene: LoadScene, action: str, session: Session) -> Any:
    path = saves.save_path(session)
    return next(b for b, (a, i) in scene.row_buttons.items() if a == action and i.path == path)


def test_delete_asks_first(app: App) -> None:
    session = saved(6)
    scene = LoadScene(app)
    app.push(scene)
    pump(app)
    click(app, _button(scene, "Delete", session))
    assert scene.confirm is not None and scene.confirm.alive()
    assert saves.save_path(session).exists()  # nothing yet: it asked
    click(app, scene.confirm.cancel_button)
    assert saves.save_path(session).exists()
    click(app, _button(scene, "Delete", session))
    click(app, scene.confirm.confirm_button)
    assert not saves.save_path(session).exists()
    assert scene.saves == [] and scene.row_buttons == {}


def test_resume_replay_and_export_from_the_list(app: App) -> None:
    session = saved(14)
    scene = LoadScene(app)
    app.push(scene)
    pump(app)
    click(app, _button(scene, "Export", session))
    exported = storage.exports_dir() / (saves.save_path(session).stem + ".txt")
    assert exported.read_text(encoding="utf-8").startswith("# tabletop move list")
    assert str(exported) in toasts(app)
    click(app, _button(scene, "Replay", session))
    assert isinstance(app.top, ReplayScene) and app.top.replay.length == 14
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    click(app, _button(scene, "Resume", session))
    assert isinstance(app.top, TableScene)
    assert app.top.game.snapshot() == session.game.snapshot()


def test_import_a_move_list_opens_the_game_and_keeps_a_save(app: App, tmp_path: Path) -> None:
    from tabletop.replay import export_text

    session = saved(9, finish=True)  # an unfinished game's move list cannot be played on
    text_file = tmp_path / "game.txt"
    text_file.write_text(export_text(session), encoding="utf-8")
    scene = LoadScene(app)
    app.push(scene)
    pump(app)
    click(app, scene.import_button)
    assert scene.file_dialog is not None and scene.file_dialog.alive()
    scene.import_file(text_file)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.game.snapshot() == session.game.snapshot()
    assert saves.save_path(table.session).exists()
    bad = tmp_path / "bad.txt"
    bad.write_text("# tabletop move list\n# game: chess\n", encoding="utf-8")
    other = LoadScene(app)
    app.push(other)
    other.import_file(bad)
    assert app.top is other and "known game" in toasts(app) and bad.exists()


# ---------------------------------------------------------------------------------------------
# layout: nothing overlaps, nothing leaves the window
# ---------------------------------------------------------------------------------------------


def leaves(container: Any, seen: set[int] | None = None) -> list[Any]:
    seen = set() if seen is None else seen
    out: list[Any] = []
    for el in container.elements:
        if id(el) in seen or not el.visible:
            continue
        seen.add(id(el))
        if isinstance(el, UIScrollingContainer):
            out.append(el)  # its rows scroll inside it, out of sight by design
            leaves(el.get_container(), seen)  # mark them seen, do not check them
            for part in vars(el).values():
                if isinstance(part, UIContainer):
                    seen.add(id(part))
                    leaves(part, seen)
        elif isinstance(el, UIPanel):
            out += leaves(el.get_container(), seen)
        elif isinstance(el, UIDropDownMenu) or not isinstance(el, UIContainer):
            out.append(el)
        else:
            out += leaves(el, seen)
    return out


SCREENS = {
    "title": TitleScene,
    "load": LoadScene,
    "stats": StatsScene,
    "replay": lambda app: ReplayScene(app, saves.read_save(saves.save_path(SCREENS_SESSION[0]))),
}
SCREENS_SESSION: list[Session] = []


@pytest.mark.parametrize("profile", ["desktop", "tv"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (1024, 600)])
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_no_widget_overlaps_or_leaves_the_window(
    name: str, size: tuple[int, int], profile: str
) -> None:
    from tabletop.stats import record_game

    for seed in range(9):  # more saves than one page holds: the pager shows too
        saved(5 + seed, seed=seed, finish=seed % 2 == 0)
    done = saved(0, seed=20, finish=True)
    record_game(done)
    SCREENS_SESSION[:] = [done]
    app = make_app(size, profile)
    try:
        scene = SCREENS[name](app)
        app.push(scene)
        pump(app, 2)
        screen = pygame.Rect((0, 0), app.display.size)
        widgets = leaves(scene.container)
        assert widgets
        if isinstance(scene, StatsScene):
            assert scene.grid is not None
            widgets.append(types.SimpleNamespace(rect=scene.grid.get_rect(topleft=scene.grid_pos)))
        if isinstance(scene, TitleScene):
            assert scene.continue_button is not None
        for w in widgets:
            assert screen.contains(w.rect), f"{name}: {w} at {w.rect} is off screen"
        for i, a in enumerate(widgets):
            for b in widgets[i + 1 :]:
                if {type(a).__name__, type(b).__name__} == {
                    "UIScrollingContainer",
                    "UIVerticalScrollBar",
                }:
                    continue  # a scrolling list holds its own scroll bar
                assert not a.rect.colliderect(b.rect), f"{name}: {a} {a.rect} overlaps {b} {b.rect}"
    finally:
        app.quit()
