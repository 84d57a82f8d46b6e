"""Dialogs and keyboard use of the menu screens, headless.

Dialogs are measured with the fonts pygame-gui draws them with (the theme's), at the sizes a
4K screen and the TV profile give; keys are delivered as the window would (``key``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu
from save_helpers import played
from scene_helpers import click, key, make_app, pump, use_private_home

from tabletop.app import App
from tabletop.saves import write_save
from tabletop.scenes.load import LoadScene
from tabletop.scenes.settings import SettingsScene
from tabletop.scenes.setup import SetupScene
from tabletop.scenes.table import TableScene
from tabletop.scenes.title import TitleScene
from tabletop.ui.dialogs import DimWindow, Modal, Question
from tabletop.ui.focus import RING, RING_GAP, ring_width

SIZES = [
    ((3840, 2160), "desktop"),
    ((1920, 1080), "tv"),
    ((3840, 2160), "tv"),
    ((1280, 720), "desktop"),
]


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app()
    yield a
    a.quit()


def table(app: App) -> TableScene:
    scene = TableScene(app, played(4))
    app.push(scene)
    pump(app, 3)
    return scene


def open_modals(app: App) -> list[Modal]:
    return [m for m in app.modals if m.alive()]


# ---------------------------------------------------------------------------------------------
# Escape, Enter
# ---------------------------------------------------------------------------------------------


def test_escape_closes_the_topmost_dialog_and_opens_nothing_else(app: App) -> None:
    """Escape closes the topmost dialog (as Cancel) instead of opening another (on
    the table, Escape must not open Leave over an open dialog)."""
    scene = table(app)
    scene.ask_leave()
    app.request_quit()  # "Quit tabletop?" over "Leave the game?"
    pump(app)
    leave, quit_ = scene.leave_dialog, app.quit_dialog
    assert leave is not None and quit_ is not None and open_modals(app) == [leave, quit_]
    key(app, pygame.K_ESCAPE)
    assert not quit_.alive() and leave.alive()  # only the one in front
    assert open_modals(app) == [leave] and app.running and app.top is scene
    key(app, pygame.K_ESCAPE)
    assert not leave.alive() and open_modals(app) == []
    assert app.top is scene and app.running  # no Leave answered, nothing opened
    key(app, pygame.K_ESCAPE)  # no dialog now: Escape on the table asks to leave again
    assert open_modals(app) and scene.leave_dialog is not leave


def test_a_remotes_back_key_does_what_escape_does(app: App) -> None:
    """A TV remote's Back key (SDL's AC_BACK) closes the dialog in front, then goes back
    from the table's menu screens as Escape does."""
    scene = table(app)
    scene.ask_leave()
    pump(app)
    leave = scene.leave_dialog
    assert leave is not None and leave.alive()
    key(app, pygame.K_AC_BACK)
    assert not leave.alive() and open_modals(app) == [] and app.top is scene
    key(app, pygame.K_AC_BACK)  # no dialog now: Back on the table asks to leave, as Escape
    assert open_modals(app) and scene.leave_dialog is not leave
    key(app, pygame.K_AC_BACK)
    assert open_modals(app) == []
    app.reset_to(TitleScene(app))
    pump(app)
    app.push(SettingsScene(app))
    pump(app)
    key(app, pygame.K_AC_BACK)  # Back leaves the settings screen for the title
    assert isinstance(app.top, TitleScene)


def test_enter_answers_with_the_focused_button(app: App) -> None:
    """Enter confirms the focused (default) button; Tab moves to Cancel."""
    scene = table(app)
    scene.ask_leave()
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # Cancel
    assert open_modals(app) == [] and app.top is scene
    scene.ask_leave()
    key(app, pygame.K_RETURN)  # the action button (Leave) has the focus first
    assert isinstance(app.top, TitleScene)


def test_the_menu_button_under_the_dim_asks_only_once(app: App) -> None:
    """A dialog is modal: asking to leave again while it is open adds nothing."""
    scene = table(app)
    scene.ask_leave()
    scene.ask_leave()
    assert len(open_modals(app)) == 1


# ---------------------------------------------------------------------------------------------
# Every dialog, themed and sized at 4K and on the TV profile
# ---------------------------------------------------------------------------------------------


def _font(app: App, element: Any) -> Any:
    return app.ui.get_theme().get_font(element.combined_element_ids)


def _assert_button_fits(app: App, button: UIButton) -> None:
    w, h = _font(app, button).size(button.text)
    assert w + 8 <= button.rect.width, (button.text, w, button.rect)
    assert h + 4 <= button.rect.height, (button.text, h, button.rect)


def _assert_modal_fits(app: App, modal: Modal) -> None:
    window = modal.window
    screen = pygame.Rect((0, 0), app.display.size)
    assert screen.contains(window.rect), (window.rect, screen)
    # A full-window dim under it (modal), drawn below the dialog.
    dim = modal.dim
    assert isinstance(dim, DimWindow) and dim.alive() and dim.rect == screen
    assert dim.layer < window.layer and window.is_blocking
    # The title fits its bar, which is as tall as its font needs.
    bar = window.title_bar
    assert bar is not None
    tw, th = _font(app, bar).size(window.window_display_title)
    close_w = window.close_window_button.rect.width if window.close_window_button else 0
    assert tw + 16 <= bar.rect.width - close_w, (window.window_display_title, tw, bar.rect)
    assert th + 8 <= bar.rect.height
    checked = 0
    for button in (b for b in window.get_container().elements if isinstance(b, UIButton)):
        if button.visible and button.alive() and button.text not in ("", "⌧"):
            _assert_button_fits(app, button)
            assert window.rect.contains(button.rect)
            checked += 1
    assert checked >= 2  # at least the yes and the no


@pytest.mark.parametrize(("size", "profile"), SIZES)
def test_every_dialog_is_themed_and_fits_at_4k_and_tv(size: tuple[int, int], profile: str) -> None:
    """Every dialog (Leave, Quit, Delete, Open a copy, Import) is opaque over a
    dimmed window, inside the window, its title fits its title bar and its buttons' text fits
    the buttons, with the profile's fonts (at 4K the title bar and buttons were cut)."""
    from tabletop.scenes.in_use import offer_copy

    app = make_app(size, profile)
    try:
        scene = table(app)
        scene.ask_leave()
        app.request_quit()
        offer_copy(app, lambda: None)
        load = LoadScene(app)
        app.push(load)
        pump(app)
        info = played(2)
        write_save(info)
        load.reload()
        load.rebuild()
        load.ask_delete(load.saves[0])
        load.ask_import()
        pump(app, 3)
        modals = open_modals(app)
        assert len(modals) == 5
        for modal in modals:
            _assert_modal_fits(app, modal)
            assert modal.window.background_colour.a == 255  # opaque
        questions = [m for m in modals if isinstance(m, Question)]
        for q in questions:
            text = q.window.confirmation_text
            assert q.window.rect.contains(text.rect) and q.question in text.html_text
        picker = modals[-1].window
        rows = picker.file_selection_list.item_list_container.elements
        row_font = _font(app, rows[0]) if rows else None
        if row_font is not None:
            assert row_font.size("Åg")[1] <= picker.file_selection_list.list_item_height
    finally:
        app.quit()


@pytest.mark.parametrize(("size", "profile"), SIZES)
def test_the_save_dialog_is_the_leave_dialogs_style(size: tuple[int, int], profile: str) -> None:
    """Save a copy and Leave are one dialog style: the same window class and theme (title bar,
    text, buttons of one height, the same dim behind); the save dialog adds its name field
    over the buttons, and it fits at every size."""
    from tabletop.scenes.save_as import SaveAsScene
    from tabletop.ui.dialogs import ConfirmWindow, PromptWindow

    app = make_app(size, profile)
    try:
        scene = table(app)
        assert scene.save_button is not None
        scene.saving.save_as()
        pump(app, 2)
        save_as = app.top
        assert isinstance(save_as, SaveAsScene)
        (saving,) = open_modals(app)
        _assert_modal_fits(app, saving)
        key(app, pygame.K_ESCAPE)
        assert app.top is scene and not open_modals(app)
        scene.ask_leave()
        pump(app, 2)
        (leaving,) = open_modals(app)
        for modal in (saving, leaving):
            assert isinstance(modal.window, ConfirmWindow)
            assert isinstance(modal.dim, DimWindow)
        save_w, leave_w = saving.window, leaving.window
        assert isinstance(save_w, PromptWindow) and not isinstance(leave_w, PromptWindow)
        assert save_w.object_ids == leave_w.object_ids and save_w.title_bar is not None
        assert save_w.title_bar.rect.height == leave_w.title_bar.rect.height
        pairs = [(save_w.confirm_button, leave_w.confirm_button)]
        pairs.append((save_w.cancel_button, leave_w.cancel_button))
        for a, b in pairs:
            assert a.rect.height == b.rect.height and a.object_ids == b.object_ids
        assert save_w.entry.rect.bottom <= save_w.confirm_button.rect.top
        assert save_w.confirmation_text.rect.bottom <= save_w.entry.rect.top
    finally:
        app.quit()


def test_the_save_dialog_keeps_its_name_through_a_resize_and_refuses_a_blank_one(
    app: App,
) -> None:
    from tabletop.saves import list_saves
    from tabletop.scenes.save_as import SaveAsScene

    scene = table(app)
    scene.saving.save_as()
    pump(app, 2)
    save_as = app.top
    assert isinstance(save_as, SaveAsScene) and save_as.entry is not None
    save_as.entry.set_text("Before the storm")
    app.resize((1600, 900))
    pump(app, 2)
    assert save_as.entry is not None and save_as.entry.get_text() == "Before the storm"
    save_as.entry.set_text("   ")
    click(app, save_as.save_button)
    assert app.top is save_as and save_as.entry is not None  # refused: the dialog stays
    save_as.entry.set_text("Before the storm")
    key(app, pygame.K_RETURN)
    assert app.top is scene and not open_modals(app)
    assert [i.label for i in list_saves()[0] if i.label] == ["Before the storm"]


def test_the_jester_picker_is_opaque_over_a_dimmed_table() -> None:
    """The Jester (and influence) picker: an opaque panel over a dimmed table, its
    buttons wide and tall enough for their words in the profile's font."""
    import random

    from tabletop.scenes import table_drawing as table_module
    from tabletop.session import SeatConfig, Session

    session = None
    for seed in range(60):
        s = Session("medici", [SeatConfig("Nadia"), SeatConfig("Kevin", "easy")], seed=seed)
        rng = random.Random(seed)
        while not s.game.over and len(s.game.history) < 200:
            legal = s.game.legal_moves()
            if s.game.to_move == 0 and any(m.kind == "value" for m in legal):
                session = s
                break
            s.play(rng.choice(legal))
        if session is not None:
            break
    assert session is not None
    app = make_app((1920, 1080), "tv", animation_speed=0.0)
    try:
        scene = TableScene(app, session)
        app.push(scene)
        pump(app, 5)
        assert scene.button_panel is not None and len(scene.buttons) == 10
        assert table_module.PICKER_PANEL[3] == 255 and table_module.PICKER_SHADE[3] > 0
        for button, _ in scene.buttons:
            assert scene.button_panel.contains(button.rect)
            _assert_button_fits(app, button)
        # The table outside the panel is darker than without the picker.
        x, y = scene.layout_rect.left + 4, scene.layout_rect.top + 4
        shaded = app.screen.get_at((x, y))
        scene.button_panel = None
        scene.draw(app.screen)
        plain = app.screen.get_at((x, y))
        assert sum(shaded[:3]) < sum(plain[:3])
    finally:
        app.quit()


# ---------------------------------------------------------------------------------------------
# Resize and profile change
# ---------------------------------------------------------------------------------------------


def test_a_dialog_survives_a_resize_and_a_profile_change(app: App) -> None:
    """A dialog keeps its question and its answer across a window resize or a
    profile change (it does not vanish with its question); it is rebuilt at the new size."""
    scene = table(app)
    scene.ask_leave()
    leave = scene.leave_dialog
    assert leave is not None
    first = leave.window
    app.resize((1600, 900))
    pump(app)
    assert leave.alive() and leave.window is not first
    assert "Leave this game" in leave.window.confirmation_text.html_text
    assert leave.window.ui_manager is app.ui and open_modals(app) == [leave]
    _assert_modal_fits(app, leave)
    app.set_profile("tv")
    pump(app)
    assert leave.alive() and open_modals(app) == [leave]
    _assert_modal_fits(app, leave)
    click(app, leave.confirm_button)  # the rebuilt dialog still answers: back to the title
    assert isinstance(app.top, TitleScene)


def test_the_file_chooser_survives_a_resize_in_its_folder(app: App, tmp_path: Path) -> None:
    """The Import file chooser, resized, opens again in the folder it showed."""
    load = LoadScene(app)
    app.push(load)
    pump(app)
    load.ask_import()
    dialog = load.file_dialog
    assert dialog is not None
    folder = tmp_path / "moves"
    folder.mkdir()
    dialog.window.current_directory_path = str(folder)
    app.resize((2560, 1440))
    pump(app)
    assert dialog.alive() and dialog.window.current_directory_path == str(folder)
    _assert_modal_fits(app, dialog)
    key(app, pygame.K_ESCAPE)
    assert not dialog.alive() and app.top is load and open_modals(app) == []


# ---------------------------------------------------------------------------------------------
# Keyboard only: title, setup, settings, load
# ---------------------------------------------------------------------------------------------


def tab_to(app: App, target: object, limit: int = 40) -> None:
    """Tab until the focus ring is on ``target`` (fails if it never gets there)."""
    keys = app.top.menu_keys if app.top is not None else None
    assert keys is not None
    for _ in range(limit):
        if keys.current() is target:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"the focus never reached {target}")


def test_keyboard_only_starts_a_game_from_the_title(app: App) -> None:
    """With only arrows and Enter (a TV remote), a player starts a new game."""
    title = TitleScene(app)
    app.push(title)
    pump(app)
    keys = title.menu_keys
    assert keys is not None and keys.current() is None
    key(app, pygame.K_DOWN)  # the first key shows the ring
    assert keys.current() is not None
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    first = title.games()[0].id
    assert keys.current() is title.play_buttons[first]
    key(app, pygame.K_DOWN)  # down keeps to the column of Play buttons
    assert keys.current() is title.play_buttons[title.games()[1].id]
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)
    key(app, pygame.K_RETURN)  # Enter on the setup screen starts the game
    pump(app, 3)
    assert any(isinstance(s, TableScene) for s in app.scenes)


def test_keyboard_only_changes_settings(app: App) -> None:
    """From the title, by keys alone: open Settings, change the animation speed and
    the display profile, and go back with Escape."""
    title = TitleScene(app)
    app.push(title)
    pump(app)
    key(app, pygame.K_TAB)
    tab_to(app, title.settings_button)
    key(app, pygame.K_RETURN)
    settings = app.top
    assert isinstance(settings, SettingsScene) and settings.speed is not None
    key(app, pygame.K_TAB)
    tab_to(app, settings.speed)
    before = app.settings.animation_speed
    key(app, pygame.K_RIGHT)
    assert app.settings.animation_speed != before
    assert isinstance(settings.speed, UIDropDownMenu)
    assert settings.speed.selected_option[0] != "Normal" or before != 1.0
    tab_to(app, settings.profile)
    key(app, pygame.K_RETURN)  # Desktop -> TV: every scene is rebuilt
    pump(app)
    assert app.settings.profile == "tv" and app.display.profile == "tv"
    assert settings.menu_keys is not None and settings.menu_keys.current() is settings.profile
    key(app, pygame.K_ESCAPE)
    assert app.top is title


def test_every_settings_row_is_reachable_by_keys(app: App) -> None:
    """The focus ring reaches every row's control and Done, found in the scene's
    widgets (a row added later is reachable without being listed)."""
    settings = SettingsScene(app)
    app.push(settings)
    pump(app)
    keys = settings.menu_keys
    assert keys is not None
    items = keys.items()
    assert all(row.widget in items for row in settings.rows)
    assert settings.back_button in items


def test_keyboard_only_loads_a_save(app: App) -> None:
    """From the title, by keys alone: open Load and resume a saved game."""
    session = played(6)
    write_save(session)
    title = TitleScene(app)
    app.push(title)
    pump(app)
    key(app, pygame.K_TAB)
    tab_to(app, title.load_button)
    key(app, pygame.K_RETURN)
    load = app.top
    assert isinstance(load, LoadScene)
    resume = next(b for b, (action, _) in load.row_buttons.items() if action == "Resume")
    key(app, pygame.K_TAB)
    tab_to(app, resume)
    key(app, pygame.K_RETURN)
    pump(app, 3)
    top = app.top
    assert isinstance(top, TableScene) and top.session.save_id == session.save_id


def test_the_focus_ring_is_drawn_and_hidden_under_a_dialog(app: App) -> None:
    """The focus ring is visible (gold, around the focused widget) and not drawn
    over a dialog."""
    title = TitleScene(app)
    app.push(title)
    pump(app)
    key(app, pygame.K_TAB)
    keys = title.menu_keys
    assert keys is not None
    focus = keys.current()
    assert focus is not None
    d = app.display
    ring = focus.rect.inflate(2 * RING_GAP * d.scale, 2 * RING_GAP * d.scale)
    edge = (ring.centerx, ring.top + ring_width(d.scale) // 2)
    pump(app)
    assert tuple(app.screen.get_at(edge))[:3] == RING
    from tabletop.ui.dialogs import ask

    ask(app, "Really?", title="A question", action="Yes")
    pump(app)
    assert tuple(app.screen.get_at(edge))[:3] != RING


# ---------------------------------------------------------------------------------------------
# The title shows every game
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "profile"),
    [*SIZES, ((1920, 1080), "desktop")],
)
def test_the_title_shows_every_game_without_scrolling(size: tuple[int, int], profile: str) -> None:
    """The title shows every game without scrolling, at the TV profile too."""
    app = make_app(size, profile)
    try:
        title = TitleScene(app)
        app.push(title)
        pump(app)
        assert title.scroller is None
        screen = pygame.Rect((0, 0), app.display.size)
        for spec in title.games():
            assert screen.contains(title.play_buttons[spec.id].rect)
            assert screen.contains(title.game_labels[spec.id].rect)
        assert title.quit_button is not None and screen.contains(title.quit_button.rect)
        last = title.play_buttons[title.games()[-1].id]
        assert last.rect.bottom < title.quit_button.rect.top  # no overlap with the footer
    finally:
        app.quit()


def test_no_theme_warning_at_4k_tv(recwarn: pytest.WarningsRecorder) -> None:
    """At 4K on the TV profile the hand-over scene gives no warning about its title font."""
    from tabletop.scenes.handover import HandOverScene

    app = make_app((3840, 2160), "tv")
    try:
        app.push(HandOverScene(app, "Nadia", lambda: None))
        pump(app)
    finally:
        app.quit()
    assert not [w for w in recwarn if "large" in str(w.message)]


# ---------------------------------------------------------------------------------------------
# Keyboard only: setup, the file chooser, statistics, rules
# ---------------------------------------------------------------------------------------------


def down_to(app: App, target: object, limit: int = 40) -> list[object]:
    """Press Down until the ring is on ``target``; the widgets the ring went through."""
    keys = app.top.menu_keys if app.top is not None else None
    assert keys is not None
    seen: list[object] = []
    for _ in range(limit):
        seen.append(keys.current())
        if keys.current() is target:
            return seen
        key(app, pygame.K_DOWN)
    raise AssertionError(f"Down never reached {target}")


def ring_shown_at(app: App, element: Any) -> bool:
    """The gold ring is drawn just outside ``element`` (checked on the screen's pixels)."""
    pump(app)
    d = app.display
    ring = element.rect.inflate(2 * RING_GAP * d.scale, 2 * RING_GAP * d.scale)
    return tuple(app.screen.get_at((ring.centerx, ring.top + ring_width(d.scale) // 2)))[:3] == RING


@pytest.mark.parametrize("profile", ["desktop", "tv"])
def test_keyboard_only_sets_up_and_starts_any_game(profile: str) -> None:
    """A TV with a keyboard or remote can start a game by keys alone:
    with arrows and Enter alone, a player chooses the player count, a seat's kind and a switch
    on the setup screen, under a visible focus ring, and starts the game."""
    app = make_app((1920, 1080), profile)
    try:
        title = TitleScene(app)
        app.push(title)
        pump(app)
        tab_to(app, title.play_buttons["machiavelli"])
        key(app, pygame.K_RETURN)
        setup = app.top
        assert isinstance(setup, SetupScene) and setup.menu_keys is not None
        keys = setup.menu_keys
        assert keys.current() is None
        key(app, pygame.K_DOWN)  # the first key shows the ring, on the first widget
        assert keys.current() is setup.count_menu
        assert ring_shown_at(app, setup.count_menu)
        players = setup.players
        key(app, pygame.K_RIGHT)  # Right steps the drop-down: one more player
        pump(app)
        assert setup.players == players + 1 and len(setup.kind_menus) == players + 1
        assert keys.current() is setup.count_menu  # the ring stays put through the rebuild
        seen = down_to(app, setup.name_entries[1])
        assert len(set(map(id, seen))) == len(seen)  # each Down moved it somewhere new
        key(app, pygame.K_RIGHT)  # along the seat's row: its kind
        assert keys.current() is setup.kind_menus[1]
        before = setup.kind_menus[1].selected_option[0]
        key(app, pygame.K_RETURN)
        pump(app)
        assert setup.kind_menus[1].selected_option[0] != before
        assert setup.table_check is not None
        down_to(app, setup.table_check)
        key(app, pygame.K_RETURN)
        pump(app)
        assert setup.table_check.is_checked
        down_to(app, setup.back_button)
        key(app, pygame.K_RIGHT)
        assert keys.current() is setup.start_button
        assert ring_shown_at(app, setup.start_button)
        key(app, pygame.K_RETURN)
        pump(app, 3)
        table = next(s for s in app.scenes if isinstance(s, TableScene))  # under its hand-over
        assert len(table.session.seats) == players + 1 and table.session.table_display
    finally:
        app.quit()


def test_a_setup_text_field_types_and_the_ring_leaves_it(app: App) -> None:
    """Enter on a name field under the ring types into it, Enter ends the typing,
    and Down moves on (the typing never follows the ring away)."""
    setup = SetupScene(app, "royal_houses")
    app.push(setup)
    pump(app)
    key(app, pygame.K_DOWN)
    entry = setup.name_entries[0]
    down_to(app, entry)
    key(app, pygame.K_RETURN)
    assert entry.is_focused
    entry.set_text("")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoe"))
    key(app, pygame.K_RETURN)
    assert not entry.is_focused and entry.get_text() == "Zoe"
    assert setup.menu_keys is not None and setup.menu_keys.current() is entry
    key(app, pygame.K_DOWN)
    assert setup.menu_keys.current() is not entry and not entry.is_focused


def test_keyboard_only_picks_a_file_in_the_import_chooser(app: App, tmp_path: Path) -> None:
    """The file chooser's list is reachable by keys: the ring starts on the list,
    Up/Down move in it, Enter opens a folder, Backspace goes back up, Enter on a file picks it
    (the game opens); Escape closes only the chooser."""
    from tabletop.ui.chooser import FileChooser

    folder = tmp_path / "picks"
    (folder / "a folder").mkdir(parents=True)
    session = played(6)
    source = write_save(session)
    (folder / "b game.json").write_bytes(source.read_bytes())
    source.unlink()
    (folder / "c notes.txt").write_text("not a move list")
    load = LoadScene(app)
    app.push(load)
    pump(app)
    load.ask_import()
    chooser = load.file_dialog
    assert isinstance(chooser, FileChooser)
    chooser.window.current_directory_path = str(folder)
    chooser.window.update_current_file_list()
    chooser.window.file_selection_list.set_item_list(chooser.window.current_file_list)
    pump(app)
    assert [r["text"] for r in chooser.rows()] == ["a folder", "b game.json", "c notes.txt"]
    assert chooser.stop == "list" and chooser.current_row() == 0
    ring = chooser.focus_rect()
    assert ring is not None and ring.colliderect(chooser.rows()[0]["button_element"].rect)
    key(app, pygame.K_RETURN)  # a folder: it opens
    assert Path(chooser.window.current_directory_path) == folder / "a folder"
    key(app, pygame.K_BACKSPACE)  # back up
    assert Path(chooser.window.current_directory_path) == folder
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    assert chooser.current_row() == 1
    assert chooser.window.current_file_path == folder / "b game.json"  # selected, as a click
    key(app, pygame.K_TAB)  # Tab leaves the list for the buttons, Shift+Tab comes back
    assert chooser.stop == "open"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert chooser.stop == "list" and chooser.current_row() == 1
    key(app, pygame.K_RETURN)
    pump(app, 3)
    top = app.top
    assert isinstance(top, TableScene) and top.session.names == session.names
    assert top.session.game.history == session.game.history  # the picked game, imported
    assert open_modals(app) == []


def test_escape_in_the_file_chooser_closes_it_only(app: App) -> None:
    """Escape closes the topmost dialog only (the Load screen stays)."""
    load = LoadScene(app)
    app.push(load)
    pump(app)
    load.ask_import()
    pump(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_ESCAPE)
    assert app.top is load and open_modals(app) == []


def test_statistics_by_keys_with_a_visible_ring(app: App) -> None:
    """The statistics screen answers keys under the focus ring: the ring moves from
    button to button and Enter presses the one under it (the game filter, then Back)."""
    from tabletop.scenes.stats import StatsScene

    def record(game: str) -> dict[str, Any]:
        seats = [
            {"name": "Nadia", "kind": "human", "score": 3, "won": True},
            {"name": "Kevin", "kind": "easy", "score": 1, "won": False},
        ]
        return {
            "id": game,
            "game": game,
            "date": "2026-11-22T10:00:00+00:00",
            "assisted": False,
            "moves": 40,
            "seats": seats,
        }

    stats = StatsScene(app)
    stats.records = [record("royal_houses"), record("medici")]
    app.push(stats)
    pump(app)
    keys = stats.menu_keys
    assert keys is not None and keys.current() is None
    key(app, pygame.K_RIGHT)  # the first key shows the ring
    assert keys.current() is stats.game_button and ring_shown_at(app, stats.game_button)
    key(app, pygame.K_RETURN)
    assert stats.game_filter is not None  # one game's figures now
    assert keys.current() is stats.game_button  # the ring stays through the rebuild
    key(app, pygame.K_RIGHT)
    assert keys.current() is stats.back_button and ring_shown_at(app, stats.back_button)
    key(app, pygame.K_RETURN)
    assert not isinstance(app.top, StatsScene)


def test_rules_scroll_by_keys_and_the_ring_walks_the_contents() -> None:
    """On the rules screen Up/Down/PageUp/PageDown scroll the text; Left/Right move
    a visible focus ring over Back and the contents, and Enter jumps to a section."""
    from tabletop.scenes.rules_screen import RulesScene

    app = make_app((1920, 1080), animation_speed=0.0)
    try:
        rules_scene = RulesScene(app, "allegiance")
        app.push(rules_scene)
        pump(app)
        assert rules_scene.max_scroll > 0 and rules_scene.toc_buttons
        key(app, pygame.K_DOWN)
        down = rules_scene.scroll
        assert down > 0
        key(app, pygame.K_PAGEDOWN)
        assert rules_scene.scroll > down + app.display.px(200)
        key(app, pygame.K_PAGEUP)
        key(app, pygame.K_UP)
        assert rules_scene.scroll == 0
        keys = rules_scene.menu_keys
        assert keys is not None and keys.current() is None
        key(app, pygame.K_RIGHT)
        assert keys.current() is rules_scene.back_button
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RIGHT)
        second, _ = rules_scene.toc_buttons[1]
        assert keys.current() is second and ring_shown_at(app, second)
        assert rules_scene.scroll == 0  # moving the ring does not scroll
        key(app, pygame.K_RETURN)
        assert rules_scene.scroll > 0
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)
        assert keys.current() is rules_scene.back_button
        key(app, pygame.K_RETURN)
        assert app.top is not rules_scene
    finally:
        app.quit()


def test_the_ring_scrolls_a_tall_setup_form_to_its_widget() -> None:
    """On a TV the setup form of a big table is taller than the screen: the widget
    the ring moves to is scrolled into view, down to Start and back up to the player count."""
    app = make_app((1280, 720), "tv")
    try:
        setup = SetupScene(app, "allegiance")
        app.push(setup)
        pump(app)
        setup.set_players(9)
        pump(app)
        assert setup.max_scroll > 0
        screen = pygame.Rect((0, 0), app.display.size)
        key(app, pygame.K_DOWN)
        assert setup.start_button is not None
        down_to(app, setup.back_button, limit=60)
        assert setup.scroll > 0 and screen.contains(setup.back_button.rect)
        keys = setup.menu_keys
        assert keys is not None
        for _ in range(60):
            if keys.current() is setup.count_menu:
                break
            key(app, pygame.K_UP)
        assert keys.current() is setup.count_menu
        assert screen.contains(setup.count_menu.rect)
    finally:
        app.quit()
