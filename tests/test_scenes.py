"""The menu scenes, headless: title, setup, rules, settings, hand-over and results.

Driven like a player would: real posted mouse events at widget centres (after
``pygame.mouse.set_pos``, since posted motion does not move pygame-gui's hover), key presses,
and ``app.step`` frames in between (pygame-gui reports a press a frame late).
"""

from __future__ import annotations

import random
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.core import UIContainer
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UIPanel,
    UIScrollingContainer,
    UITextEntryLine,
)
from scene_helpers import click, click_at, key, make_app, pump, use_private_home

import rules
from rules import Outcome
from rules.core import GameSpec, OptionSpec
from tabletop.app import App
from tabletop.outcome_words import headline
from tabletop.scenes.base import Scene
from tabletop.scenes.handover import HandOverScene
from tabletop.scenes.results import ResultsScene
from tabletop.scenes.rules_screen import RulesScene
from tabletop.scenes.settings import SettingsScene
from tabletop.scenes.setup import SetupScene
from tabletop.scenes.title import TitleScene
from tabletop.session import HUMAN, SeatConfig, Session
from tabletop.storage import Settings

# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app()
    yield a
    a.quit()


def choose(app: App, menu: UIDropDownMenu, label: str) -> None:
    """Open a drop-down with a click and click one of its options."""
    click(app, menu.current_state.selected_option_button)
    expanded = menu.menu_states["expanded"]
    assert menu.current_state is expanded, "the drop-down did not open"
    for item in expanded.options_selection_list.item_list:
        if item["text"] == label:
            click(app, item["button_element"])
            pump(app, 3)  # the selection, then the drop-down's own "changed" event, come later
            assert menu.selected_option[0] == label
            return
    raise AssertionError(f"no option {label!r}")


def label_texts(container: Any) -> list[str]:
    return [el.text for el in leaves(container) if isinstance(el, UILabel)]


def leaves(container: Any, seen: set[int] | None = None) -> list[Any]:
    """Every widget the player sees, inside panels too (a drop-down or a slider counts as one
    widget: a slider's arrow buttons sit in a container of its own, inside its rectangle)."""
    seen = set() if seen is None else seen
    out: list[Any] = []
    for el in container.elements:
        if id(el) in seen or not el.visible:
            continue
        seen.add(id(el))
        if isinstance(el, UIPanel):
            out += leaves(el.get_container(), seen)
        elif isinstance(getattr(el, "parent_element", None), UIHorizontalSlider):
            continue
        elif isinstance(el, UIDropDownMenu) or not isinstance(el, UIContainer):
            out.append(el)
        else:
            out += leaves(el, seen)
    return out


def outer_widgets(container: Any) -> list[Any]:
    """:func:`leaves`, where what belongs to a scrolling container (its scroll bar, its
    clipped contents) counts as part of it: only its own rectangle must stay clear."""
    out = leaves(container)
    inner = {
        id(c)
        for w in out
        if isinstance(w, UIScrollingContainer)
        for c in vars(w).values()
        if isinstance(c, UIContainer) and c is not w.ui_container
    }
    return [w for w in out if not _ancestors(w) & inner]


def _ancestors(element: Any) -> set[int]:
    found: set[int] = set()
    node = getattr(element, "ui_container", None)
    while node is not None and id(node) not in found:
        found.add(id(node))
        node = getattr(node, "ui_container", None)
    return found


def finished_session(seed: int = 5, names: tuple[str, str] = ("Nadia", "Kevin")) -> Session:
    """A Royal Houses game played to the end with random legal moves."""
    session = Session("royal_houses", [SeatConfig(n, "easy") for n in names], seed=seed)
    rng = random.Random(seed)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves()))
    return session


class FakeTable(Scene):
    """Stands in for the lead's TableScene: it only keeps the session it was given."""

    holds_game = True

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session


@pytest.fixture
def fake_table(monkeypatch: pytest.MonkeyPatch) -> type[FakeTable]:
    module = types.ModuleType("tabletop.scenes.table")
    module.TableScene = FakeTable  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tabletop.scenes.table", module)
    return FakeTable


class FakeGame:
    """Enough of a game for Session.__init__ (the setup form never plays it)."""

    def __init__(self, players: int, seed: int | None, options: dict[str, Any]) -> None:
        self.players, self.seed, self.options = players, seed, options
        self.opening_events: list[Any] = []
        self.history: list[Any] = []


@pytest.fixture
def tavern(monkeypatch: pytest.MonkeyPatch) -> GameSpec:
    """A made-up 3–5 player game with every kind of option the setup screen shows."""
    spec = GameSpec(
        "zz_tavern",
        "Tavern Brawl",
        "A rowdy game for a big table.",
        3,
        5,
        (
            OptionSpec("chips", "int-list", None, "Chips", "Chips each.", minimum=0, maximum=500),
            OptionSpec("jokers", "bool", False, "Jokers", "Two jokers in the deck."),
            OptionSpec(
                "target", "choice", 200, "Target", "Points to win.", choices=(100, 200, 300)
            ),
            OptionSpec("rounds", "int", 8, "Rounds", "Hands to play.", minimum=1, maximum=20),
            OptionSpec("deck", "card-list", None, "Deck", advanced=True),
        ),
        FakeGame,  # type: ignore[arg-type]
    )
    monkeypatch.setitem(rules.GAMES, spec.id, spec)
    return spec


# ---------------------------------------------------------------------------------------------
# title
# ---------------------------------------------------------------------------------------------


def test_title_lists_every_game_sorted(app: App, tavern: GameSpec) -> None:
    scene = TitleScene(app)
    app.push(scene)
    pump(app)
    assert set(scene.play_buttons) == set(rules.GAMES) == set(scene.rules_buttons)
    texts = label_texts(scene.container)
    joined = " ".join(texts)
    for spec in rules.GAMES.values():
        assert spec.title in texts
        # Every game shows without scrolling, so with six games in 1280x720 a long
        # pitch is cut short with an ellipsis (its start still shows).
        assert spec.pitch in joined or (spec.pitch[:24] in joined and "…" in joined)
    assert scene.scroller is None
    assert "3–5 players" in texts and "2 players" in texts
    ys = {gid: b.rect.y for gid, b in scene.play_buttons.items()}
    by_title = sorted(rules.GAMES, key=lambda g: rules.GAMES[g].title.casefold())
    assert sorted(ys, key=ys.get) == by_title


def test_title_play_opens_setup_by_a_real_click(app: App) -> None:
    scene = TitleScene(app)
    app.push(scene)
    pump(app)
    click(app, scene.play_buttons["royal_houses"])
    assert isinstance(app.top, SetupScene)
    assert app.top.game_id == "royal_houses"
    # The title's widgets are hidden under the setup screen.
    assert not scene.play_buttons["royal_houses"].visible


def test_title_rules_settings_and_escape(app: App) -> None:
    scene = TitleScene(app)
    app.push(scene)
    pump(app)
    click(app, scene.rules_buttons["royal_houses"])
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    click(app, scene.settings_button)
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and app.running
    key(app, pygame.K_ESCAPE)  # Esc on the title quits
    assert not app.running


def _open_list(app: App, menu: UIDropDownMenu) -> None:
    click(app, menu.current_state.selected_option_button)
    assert menu.current_state is menu.menu_states["expanded"], "the drop-down did not open"


def test_escape_closes_an_open_drop_down_before_the_screen(app: App) -> None:
    """Esc with a drop-down list open in Settings or Setup closes only the list (as it closes
    only a dialog); the next Esc leaves the screen."""
    title = TitleScene(app)
    app.push(title)
    settings = SettingsScene(app)
    app.push(settings)
    pump(app)
    for menu in (settings.speed, settings.profile):
        assert menu is not None
        _open_list(app, menu)
        key(app, pygame.K_ESCAPE)
        assert app.top is settings
        assert menu.current_state is menu.menu_states["closed"]
    key(app, pygame.K_ESCAPE)
    assert app.top is title

    setup = SetupScene(app, "medici")
    app.push(setup)
    pump(app)
    assert setup.count_menu is not None
    for menu in (setup.count_menu, setup.kind_menus[1]):
        _open_list(app, menu)
        key(app, pygame.K_ESCAPE)
        assert app.top is setup
        assert menu.current_state is menu.menu_states["closed"]
    key(app, pygame.K_ESCAPE)
    assert app.top is title


def test_continue_follows_a_save_deleted_on_the_load_screen(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the GUI monkey: back on the title after deleting the game Continue offered,
    Continue still offered it, and pressing it said a .json file did not exist."""
    from tabletop import saves
    from tabletop.scenes.load import LoadScene

    use_private_home(tmp_path, monkeypatch)
    session = Session("royal_houses", [SeatConfig("Ada"), SeatConfig("Bo", "easy")], seed=4)
    session.play(session.game.legal_moves()[0])
    saves.write_save(session)
    title = TitleScene(app)
    app.push(title)
    pump(app)
    assert title.continue_button is not None
    click(app, title.load_button)
    load = app.top
    assert isinstance(load, LoadScene)
    delete = next(b for b, (action, _) in load.row_buttons.items() if action == "Delete")
    click(app, delete)
    assert load.confirm is not None
    click(app, load.confirm.confirm_button)
    assert not saves.save_path(session).exists()
    key(app, pygame.K_ESCAPE)
    assert app.top is title
    assert title.continue_button is None, "nothing is left to continue"
    assert not [t for t in app.toasts if t.kind == "error"]


def test_title_quit_button(app: App) -> None:
    scene = TitleScene(app)
    app.push(scene)
    pump(app)
    click(app, scene.quit_button)
    assert not app.running


# ---------------------------------------------------------------------------------------------
# setup
# ---------------------------------------------------------------------------------------------


def open_setup(app: App, game_id: str = "royal_houses") -> SetupScene:
    app.push(TitleScene(app))
    scene = SetupScene(app, game_id)
    app.push(scene)
    pump(app)
    return scene


def test_setup_defaults(app: App) -> None:
    scene = open_setup(app)
    assert [e.get_text() for e in scene.name_entries] == ["Sam", "Nadia"]
    assert [m.selected_option[0] for m in scene.kind_menus] == ["Human", "AI · Easy"]
    assert scene.count_menu is None  # Royal Houses is always two players
    session = scene.make_session()
    assert session.names == ["Sam", "Nadia"]
    assert [s.kind for s in session.seats] == [HUMAN, "easy"]
    assert session.options == {"garnets": [0, 0]}
    assert isinstance(session.seed, int)
    assert session.table_display is False


def test_setup_make_session_respects_the_form(app: App) -> None:
    scene = open_setup(app)
    scene.name_entries[0].set_text("Marta")
    scene.name_entries[1].set_text("Aaron")
    choose(app, scene.kind_menus[1], "AI · Random")
    scene.list_entries["garnets"][0].set_text("3")
    scene.list_entries["garnets"][1].set_text(" 1 ")
    scene.seed_entry.set_text("1234")
    click(app, scene.table_check)
    session = scene.make_session()
    assert session.names == ["Marta", "Aaron"]
    assert [s.kind for s in session.seats] == [HUMAN, "random"]
    assert session.options == {"garnets": [3, 1]}
    assert session.seed == 1234
    assert session.table_display is True
    # The same seed deals the same game.
    again = scene.make_session()
    assert again.game.snapshot() == session.game.snapshot()


def test_setup_tab_walks_the_text_fields_and_enter_starts(
    app: App, fake_table: type[FakeTable]
) -> None:
    scene = open_setup(app)
    fields = scene.text_fields()
    assert fields[0] is scene.name_entries[0] and fields[-1] is scene.seed_entry
    key(app, pygame.K_TAB)
    assert scene.name_entries[0].is_focused
    key(app, pygame.K_TAB)
    assert fields[1].is_focused and not scene.name_entries[0].is_focused
    app.ui.set_focus_set(None)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, fake_table)


def test_setup_kind_change_renames_an_untouched_default(app: App) -> None:
    scene = open_setup(app)
    choose(app, scene.kind_menus[0], "AI · Easy")
    assert scene.name_entries[0].get_text() not in ("Sam", "Nadia", "")
    choose(app, scene.kind_menus[0], "Human")
    assert scene.name_entries[0].get_text() == "Sam"
    scene.name_entries[0].set_text("Priya")
    choose(app, scene.kind_menus[0], "AI · Easy")
    assert scene.name_entries[0].get_text() == "Priya"  # a typed name is the player's choice


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name0", "   ", "needs a name"),
        ("name1", "sam", "different name"),
        ("garnet0", "abc", "whole number"),
        ("garnet1", "2.5", "whole number"),
        ("garnet0", "-1", "at least 0"),
        ("garnet1", "1000", "at most 999"),
        ("seed", "soon", "seed"),
    ],
)
def test_setup_refuses_bad_input_with_a_toast(
    app: App, fake_table: type[FakeTable], field: str, value: str, message: str
) -> None:
    scene = open_setup(app)
    entry = {
        "name0": scene.name_entries[0],
        "name1": scene.name_entries[1],
        "garnet0": scene.list_entries["garnets"][0],
        "garnet1": scene.list_entries["garnets"][1],
        "seed": scene.seed_entry,
    }[field]
    entry.set_text(value)
    click(app, scene.start_button)
    assert app.top is scene, "a bad form must not start a game"
    assert app.toasts, "the player must be told what is wrong"
    assert app.toasts[-1].kind == "error"
    assert message in app.toasts[-1].text
    with pytest.raises(rules.SetupError):
        scene.make_session()


@pytest.mark.parametrize("field", ["seed", "garnet0", "name1"])
def test_typed_text_no_field_can_hold_never_crashes_it(app: App, field: str) -> None:
    """Found by the GUI monkey: a lone surrogate typed into the seed or a number field, or a
    zero-width character alone, crashed pygame-gui while it drew the field."""
    scene = open_setup(app)
    entry = {
        "seed": scene.seed_entry,
        "garnet0": scene.list_entries["garnets"][0],
        "name1": scene.name_entries[1],
    }[field]
    click(app, entry)
    assert entry.is_focused
    entry.set_text("")
    for text in ["\u200b", "\u200d\u200d", "\ufeff", "\ud800", "1\udfff2", "\x003"]:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        pump(app, 2)
    assert entry.get_text() == "123"
    entry.get_text().encode("utf-8")  # what a save or the seed gets can be written


def test_the_import_path_field_takes_no_text_it_cannot_draw(app: App) -> None:
    from tabletop.scenes.load import LoadScene

    scene = LoadScene(app)
    app.push(scene)
    pump(app)
    click(app, scene.import_button)
    assert scene.file_dialog is not None
    line = scene.file_dialog.file_path_text_line
    click(app, line)
    line.set_text("")
    for text in ["\u200b", "\ud800", "/tmp\u200d"]:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        pump(app, 2)
    assert line.get_text() == "/tmp"


def test_setup_start_replaces_setup_with_the_table(app: App, fake_table: type[FakeTable]) -> None:
    scene = open_setup(app)
    scene.name_entries[1].set_text("Kevin")
    click(app, scene.start_button)
    assert isinstance(app.top, fake_table)
    assert app.top.session.names == ["Sam", "Kevin"]
    assert len(app.scenes) == 2 and isinstance(app.scenes[0], TitleScene)
    assert not app.toasts


def test_setup_other_option_kinds_and_player_count(app: App, tavern: GameSpec) -> None:
    scene = open_setup(app, tavern.id)
    assert scene.count_menu is not None
    assert len(scene.name_entries) == 3
    assert "deck" not in scene.option_widgets  # advanced options stay off the screen
    assert isinstance(scene.option_widgets["jokers"], UICheckBox)
    assert isinstance(scene.option_widgets["target"], UIDropDownMenu)
    assert isinstance(scene.option_widgets["rounds"], UITextEntryLine)
    scene.name_entries[2].set_text("Zed")
    scene.list_entries["chips"][2].set_text("40")
    choose(app, scene.count_menu, "5")
    assert len(scene.name_entries) == 5
    assert scene.name_entries[2].get_text() == "Zed"  # kept through the rebuild
    assert scene.list_entries["chips"][2].get_text() == "40"
    scene.name_entries[4].set_text("Quinn")
    choose(app, scene.count_menu, "3")
    assert len(scene.name_entries) == 3
    choose(app, scene.count_menu, "5")
    assert scene.name_entries[4].get_text() == "Quinn"  # fewer then more keeps what was typed
    names = [e.get_text() for e in scene.name_entries]
    assert len(set(names)) == 5

    click(app, scene.option_widgets["jokers"])
    choose(app, scene.option_widgets["target"], "300")
    scene.option_widgets["rounds"].set_text("12")
    session = scene.make_session()
    assert len(session.seats) == 5
    assert session.options["jokers"] is True
    assert session.options["target"] == 300  # the option's own value, not its label
    assert session.options["rounds"] == 12
    assert session.options["chips"] == [0, 0, 40, 0, 0]
    assert "deck" not in session.options

    scene.option_widgets["rounds"].set_text("21")
    with pytest.raises(rules.SetupError, match="at most 20"):
        scene.make_session()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_setup_shows_a_new_player_count_at_once_in_place(size: tuple[int, int]) -> None:
    """A new player count rebuilds the form on the frame it is picked, never after its list
    has closed onto the old form; the count menu and the focus ring on it stay where they
    were (the form grows or shrinks below them)."""
    app = make_app(size)
    try:
        _new_count_in_place(app)
    finally:
        app.quit()


def _new_count_in_place(app: App) -> None:
    scene = open_setup(app, "machiavelli")
    menu = scene.count_menu
    assert menu is not None and scene.players == 2
    top = menu.rect.top
    _open_list(app, menu)
    items = menu.menu_states["expanded"].options_selection_list.item_list
    pos = next(i["button_element"] for i in items if i["text"] == "4").rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(8):
        pump(app, 1)
        closed = menu.current_state is not menu.menu_states["expanded"] or not menu.alive()
        assert not closed or scene.players == 4, "the list closed onto the old form"
    assert scene.players == 4 and len(scene.name_entries) == 4
    assert scene.count_menu is not None and scene.count_menu.rect.top == top

    # The keyboard: the ring on the count menu, Left picks the previous count on that frame.
    key(app, pygame.K_DOWN)
    keys = scene.menu_keys
    assert keys is not None and keys.current() is scene.count_menu
    key(app, pygame.K_LEFT, frames=1)
    assert scene.players == 3 and len(scene.name_entries) == 3
    assert keys.current() is scene.count_menu and scene.count_menu.rect.top == top


def test_setup_keeps_the_scroll_through_a_new_player_count(
    monkeypatch: pytest.MonkeyPatch, tavern: GameSpec
) -> None:
    """A form taller than the window (a big table on a small TV) keeps its scroll position
    and its count menu's place when the count changes."""
    big = GameSpec(tavern.id, tavern.title, tavern.pitch, 3, 12, tavern.options, tavern.factory)
    monkeypatch.setitem(rules.GAMES, big.id, big)
    app = make_app((1280, 720), "tv")
    try:
        scene = open_setup(app, big.id)
        scene.set_players(12)
        pump(app)
        assert scene.max_scroll > 0
        scene.scroll_by(scene.max_scroll // 3)
        assert scene.count_menu is not None
        scroll, top = scene.scroll, scene.count_menu.rect.top
        scene.set_players(11)
        pump(app)
        assert scene.max_scroll > 0 and len(scene.name_entries) == 11
        assert scene.scroll == scroll and scene.count_menu.rect.top == top
    finally:
        app.quit()


def test_setup_keeps_the_form_through_a_profile_change(app: App) -> None:
    scene = open_setup(app)
    scene.name_entries[1].set_text("Oscar")
    scene.seed_entry.set_text("77")
    app.set_profile("tv")
    pump(app)
    assert scene.name_entries[1].get_text() == "Oscar"
    assert scene.seed_entry.get_text() == "77"


# ---------------------------------------------------------------------------------------------
# rules
# ---------------------------------------------------------------------------------------------


def test_rules_scroll_keys_wheel_and_clamp(app: App) -> None:
    scene = RulesScene(app, "royal_houses")
    app.push(scene)
    pump(app)
    assert scene.max_scroll > scene.view.height  # the rules are several screens long
    assert scene.scroll == 0
    key(app, pygame.K_PAGEDOWN, frames=30)
    first = scene.scroll
    assert first > scene.view.height // 2
    key(app, pygame.K_PAGEDOWN, frames=30)
    assert scene.scroll > first
    key(app, pygame.K_DOWN, frames=30)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    pump(app, 30)
    assert scene.scroll > first
    for _ in range(40):
        key(app, pygame.K_PAGEDOWN, frames=1)
    pump(app, 40)
    assert scene.scroll == scene.max_scroll  # clamped at the end
    key(app, pygame.K_HOME, frames=40)
    assert scene.scroll == 0
    key(app, pygame.K_END, frames=40)
    assert scene.scroll == scene.max_scroll
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_rules_contents_jump_to_a_section(app: App) -> None:
    scene = RulesScene(app, "royal_houses")
    app.push(scene)
    pump(app)
    assert scene.toc_buttons, "a 1280-px window has room for the contents"
    button, y = scene.toc_buttons[-1]
    click(app, button)
    pump(app, 40)
    assert scene.scroll == min(scene.max_scroll, y - app.display.px(12))


def test_rules_scrollbar_drag_and_render_cache(app: App) -> None:
    scene = RulesScene(app, "royal_houses")
    app.push(scene)
    pump(app)
    thumb = scene.thumb_rect()
    start = thumb.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    end = (start[0], start[1] + scene.track.height // 2)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pump(app, 2)
    assert scene.max_scroll * 0.35 < scene.scroll < scene.max_scroll * 0.75
    assert scene.renders == 1
    pump(app, 10)
    app.resize((1280, 720))  # same size: nothing to redo
    assert scene.renders == 1
    app.set_profile("tv")  # larger text: laid out again
    pump(app)
    assert scene.renders == 2
    assert 0 < scene.scroll <= scene.max_scroll


# ---------------------------------------------------------------------------------------------
# settings
# ---------------------------------------------------------------------------------------------


def test_settings_apply_at_once_and_survive_the_rebuild(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    pump(app)
    click(app, scene.fullscreen)
    assert app.settings.fullscreen is True
    click(app, scene.colorblind)
    assert app.settings.colorblind is True
    choose(app, scene.speed, "Instant")
    assert app.settings.animation_speed == 0.0
    choose(app, scene.profile, "TV")
    assert app.settings.profile == "tv"
    assert app.display.profile == "tv"
    pump(app)
    # Rebuilt for the TV profile: the new widgets show the settings, not the defaults.
    assert scene.fullscreen.is_checked and scene.colorblind.is_checked
    assert scene.profile.selected_option[0] == "TV"
    assert scene.speed.selected_option[0] == "Instant"
    choose(app, scene.speed, "Slow")
    assert app.settings.animation_speed == 0.5
    # A click on the row's text toggles its check box too (a big target on a TV).
    sound_row = next(r for r in scene.rows if r.title == "Sound")
    click_at(app, (sound_row.rect.x + 10, sound_row.rect.centery))
    assert app.settings.sound is False
    click(app, scene.sound)
    assert app.settings.sound is True
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_settings_are_saved(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    saved: list[Settings] = []
    monkeypatch.setattr(app, "save_settings", lambda: saved.append(app.settings))
    scene = SettingsScene(app)
    app.push(scene)
    pump(app)
    click(app, scene.colorblind)
    assert saved and saved[-1].colorblind is True


# ---------------------------------------------------------------------------------------------
# hand-over
# ---------------------------------------------------------------------------------------------


class Secret(Scene):
    """A scene that paints the screen red: none of it may show under the hand-over."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.draws = 0

    def build(self) -> None:
        self.button = UIButton(
            pygame.Rect(10, 10, 200, 50), "Secret hand", self.app.ui, container=self.container
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        surface.fill((255, 0, 0))


def test_handover_hides_everything_and_pops_on_click(app: App) -> None:
    secret = Secret(app)
    app.push(secret)
    pump(app, 1)
    calls: list[str] = []
    cover = HandOverScene(app, "Nadia", lambda: calls.append(type(app.top).__name__))
    app.push(cover)
    secret.draws = 0
    pump(app, 3)
    assert secret.draws == 0 and not secret.button.visible
    w, h = app.screen.get_size()
    for x, y in [(5, 5), (w // 2, h // 2), (w - 5, h - 5), (110, 35)]:
        assert app.screen.get_at((x, y))[:3] != (255, 0, 0)
    assert "Pass to Nadia" in label_texts(cover.container)
    assert any("only Nadia can see" in t for t in label_texts(cover.container))
    key(app, pygame.K_ESCAPE)
    assert app.top is cover and not calls  # Esc never reveals a hand
    pump(app, 30)
    click_at(app, (w // 2, h // 2))
    assert app.top is secret
    assert calls == ["Secret"]  # popped first, then on_ready


def test_handover_ignores_a_click_that_began_before_it(app: App) -> None:
    app.push(Secret(app))
    calls: list[int] = []
    cover = HandOverScene(app, "Kevin", lambda: calls.append(1))
    app.push(cover)
    pump(app, 1)
    # The release of a click that was pressed on the table must not pass the cover.
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(300, 300), button=1))
    pump(app, 30)
    assert app.top is cover and not calls
    key(app, pygame.K_SPACE)
    assert calls == [1] and app.top is not cover


# ---------------------------------------------------------------------------------------------
# results
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def done() -> Session:
    return finished_session()


def test_headline_wording() -> None:
    names = ["Nadia", "Kevin", "You"]
    assert headline(Outcome((3, 5, 1), (1,), ""), names) == "Kevin wins!"
    assert headline(Outcome((3, 5, 1), (2,), ""), names) == "You win!"
    assert headline(Outcome((5, 5, 1), (0, 1), ""), names) == "Shared win: Nadia and Kevin"
    assert headline(Outcome((5, 5, 5), (0, 1, 2), ""), names) == "Shared win: Nadia, Kevin and You"


def test_results_show_the_winner_of_a_real_game(app: App, done: Session) -> None:
    outcome = done.game.outcome()
    table = FakeTable(app, done)
    app.push(table)
    scene = ResultsScene(app, done)
    app.push(scene)
    pump(app)
    texts = label_texts(scene.container)
    winners = [done.names[i] for i in outcome.winners]
    if len(winners) == 1:
        assert f"{winners[0]} wins!" in texts
    else:
        assert f"Shared win: {winners[0]} and {winners[1]}" in texts
    detail = " ".join(texts)
    assert "{p" not in detail and any(n in detail for n in done.names)
    assert scene.detail == outcome.detail.format_map({"p0": "Nadia", "p1": "Kevin"})
    header, rows = scene.table
    assert header[0] == "House" and rows[-1][0] == "Total"
    assert scene._grid is not None and scene._grid.get_width() <= app.display.width
    click(app, scene.table_button)
    assert app.top is table  # "See the table" returns to the table under it


def test_results_rematch_and_back_to_title(
    app: App, done: Session, fake_table: type[FakeTable]
) -> None:
    app.push(TitleScene(app))
    app.push(fake_table(app, done))
    scene = ResultsScene(app, done)
    app.push(scene)
    pump(app)
    click(app, scene.rematch_button)
    assert isinstance(app.top, fake_table)
    assert app.top.session is not done and app.top.session.names == done.names
    assert not app.top.session.game.over
    assert [type(s) for s in app.scenes] == [TitleScene, fake_table]  # the old table is gone
    again = ResultsScene(app, done)
    app.push(again)
    pump(app)
    click(app, again.title_button)
    assert [type(s) for s in app.scenes] == [TitleScene]
    assert not again.holds_game


# ---------------------------------------------------------------------------------------------
# layout: nothing overlaps and everything is on screen
# ---------------------------------------------------------------------------------------------

SCENES = {
    "title": lambda app: TitleScene(app),
    "setup": lambda app: SetupScene(app, "royal_houses"),
    "rules": lambda app: RulesScene(app, "royal_houses"),
    "settings": lambda app: SettingsScene(app),
    "handover": lambda app: HandOverScene(app, "Nadia", lambda: None),
    "results": lambda app: ResultsScene(app, finished_session(7)),
}


@pytest.mark.parametrize("profile", ["desktop", "tv"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600)])
@pytest.mark.parametrize("name", sorted(SCENES))
def test_no_widget_overlaps_or_leaves_the_window(
    name: str, size: tuple[int, int], profile: str
) -> None:
    app = make_app(size, profile)
    try:
        scene = SCENES[name](app)
        app.push(scene)
        pump(app, 2)
        screen = pygame.Rect((0, 0), app.display.size)
        widgets = outer_widgets(scene.container)
        assert widgets
        for w in widgets:
            assert screen.contains(w.rect), f"{name}: {w} at {w.rect} is off screen"
        if isinstance(scene, ResultsScene):
            # The score chips and the grid are drawn, not widgets: check them too.
            assert scene._grid is not None
            grid = scene._grid.get_rect(topleft=scene._grid_pos)
            widgets = [*widgets, types.SimpleNamespace(rect=grid)]
            widgets += [types.SimpleNamespace(rect=r) for r, _ in scene._chips]
            for w in widgets[-3:]:
                assert screen.contains(w.rect)
        for i, a in enumerate(widgets):
            for b in widgets[i + 1 :]:
                assert not a.rect.colliderect(b.rect), f"{name}: {a} {a.rect} overlaps {b} {b.rect}"
    finally:
        app.quit()


def test_many_games_scroll_on_the_title(monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(8):
        spec = GameSpec(f"zz{i}", f"Game {i}", "A game.", 2, 4, (), FakeGame)  # type: ignore[arg-type]
        monkeypatch.setitem(rules.GAMES, spec.id, spec)
    app = make_app((1920, 1080), "tv")
    try:
        scene = TitleScene(app)
        app.push(scene)
        pump(app)
        assert isinstance(scene.scroller, UIScrollingContainer)
        assert scene.scroller.rect.bottom <= scene.settings_button.rect.top
        assert scene.settings_button.rect.bottom <= app.display.height
    finally:
        app.quit()


def test_many_players_scroll_the_setup_page(
    monkeypatch: pytest.MonkeyPatch, tavern: GameSpec
) -> None:
    big = GameSpec(tavern.id, tavern.title, tavern.pitch, 3, 9, tavern.options, tavern.factory)
    monkeypatch.setitem(rules.GAMES, big.id, big)
    app = make_app((1280, 720), "tv")
    try:
        scene = SetupScene(app, big.id)
        scene.players = 9
        app.push(scene)
        pump(app)
        assert scene.max_scroll > 0
        start_y = scene.start_button.rect.y
        assert scene.start_button.rect.bottom > app.display.height  # below the fold at first
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-30, flipped=False))
        pump(app)
        assert scene.scroll == scene.max_scroll
        assert scene.start_button.rect.y == start_y - scene.max_scroll
        assert scene.start_button.rect.bottom <= app.display.height
    finally:
        app.quit()
