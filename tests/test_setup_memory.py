"""The setup screen offers the options of the chosen player count and remembers the last
choices across visits and restarts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from scene_helpers import click, make_app, pump, use_private_home
from test_scenes import choose

import rules
from tabletop.app import App
from tabletop.scenes.setup import SetupScene
from tabletop.scenes.title import TitleScene
from tabletop.storage import Settings, setup_memory_path


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app((1920, 1080))
    yield a
    a.quit()


def open_setup(app: App, game_id: str) -> SetupScene:
    if app.top is None:
        app.push(TitleScene(app))
    scene = SetupScene(app, game_id)
    app.push(scene)
    pump(app)
    return scene


def persistent_app() -> App:
    """An app as a player runs it: settings and setup memory on disk (the private home)."""
    return App(size=(1920, 1080), settings=Settings(), persist_settings=True)


# ---- options by player count ------------------------------------------------------------------


def test_two_players_are_offered_no_four_player_options(app: App) -> None:
    """Setup offers no four-player-only options for two players: with 2 players
    Alliances offers only the 2-player option; with 4, the 3-4 and 4-player ones."""
    scene = open_setup(app, "alliances")
    assert scene.players == 2
    assert set(scene.option_widgets) == {"exact_bid"}
    choose(app, scene.count_menu, "4")
    assert scene.players == 4
    assert set(scene.option_widgets) == {"drafting", "secret_meeting"}
    choose(app, scene.count_menu, "3")
    assert set(scene.option_widgets) == {"drafting"}


def test_an_option_not_offered_is_not_sent(app: App) -> None:
    """A 4-player option ticked, then 2 players chosen: the game gets no such option
    (the rules' default holds), and the 4-player game still has it."""
    scene = open_setup(app, "alliances")
    choose(app, scene.count_menu, "4")
    click(app, scene.option_widgets["secret_meeting"])
    assert scene.make_session().options == {"drafting": False, "secret_meeting": True}
    choose(app, scene.count_menu, "2")
    assert scene.make_session().options == {"exact_bid": False}


def test_the_duel_options_of_the_medici_are_for_two_players_only(app: App) -> None:
    """Options depend on the player count in every game (the rules say which)."""
    scene = open_setup(app, "medici")
    assert set(scene.option_widgets) == {"houses", "mistresses"}
    choose(app, scene.count_menu, "4")
    assert scene.option_widgets == {}
    for spec in rules.GAMES.values():  # every count a game names is one it can be played with
        for opt in spec.options:
            assert set(opt.players) <= set(spec.counts), (spec.id, opt.key)


# ---- memory ---------------------------------------------------------------------------------


def fill_alliances(app: App, scene: SetupScene) -> None:
    choose(app, scene.count_menu, "4")
    scene.name_entries[0].set_text("Marta")
    scene.name_entries[2].set_text("Hugo")
    choose(app, scene.kind_menus[1], "AI · Random")
    choose(app, scene.kind_menus[3], "Human")
    click(app, scene.option_widgets["drafting"])
    click(app, scene.table_check)


def assert_alliances_filled(scene: SetupScene) -> None:
    assert scene.players == 4
    assert [e.get_text() for e in scene.name_entries] == ["Marta", "Nadia", "Hugo", "Aaron"]
    assert [m.selected_option[0] for m in scene.kind_menus] == [
        "Human",
        "AI · Random",
        "AI · Easy",
        "Human",
    ]
    assert scene.option_widgets["drafting"].is_checked
    assert not scene.option_widgets["secret_meeting"].is_checked
    assert scene.table_check is not None and scene.table_check.is_checked


def test_setup_remembers_the_last_choices_between_visits(app: App) -> None:
    """Setup remembers the options between visits: leave setup with Back, open it again:
    the player count, seats and options are back."""
    scene = open_setup(app, "alliances")
    fill_alliances(app, scene)
    click(app, scene.back_button)
    assert not isinstance(app.top, SetupScene)
    again = open_setup(app, "alliances")
    assert again is not scene
    assert_alliances_filled(again)
    # Each game keeps its own: Royal Houses still opens with its defaults.
    app.pop()
    other = open_setup(app, "royal_houses")
    assert [e.get_text() for e in other.name_entries] == ["Sam", "Nadia"]


def test_setup_remembers_the_last_choices_across_restarts() -> None:
    """The last choices survive the app: a new App with the same settings folder
    opens setup with them (they are stored in the setup memory file)."""
    first = persistent_app()
    try:
        scene = open_setup(first, "alliances")
        fill_alliances(first, scene)
        scene.start()  # a game started also remembers its form
        pump(first)
    finally:
        first.quit()
    assert setup_memory_path().exists()
    second = persistent_app()
    try:
        assert_alliances_filled(open_setup(second, "alliances"))
    finally:
        second.quit()


HOSTILE = {
    "format": 1,
    "games": {
        "alliances": {
            "players": 99,
            "seats": [
                {"name": "x" * 5000, "kind": "rm -rf"},
                {"name": "\u200b\u0000", "kind": ["human"]},
                "not a seat",
                {"name": 12, "kind": None},
            ]
            + [{"name": "Extra", "kind": "human"}] * 1000,
            "options": {"drafting": "yes", "secret_meeting": 1, "exact_bid": {"a": 1}},
            "table_display": "true",
            "game_night": 1,
        },
        "medici": {"players": True, "options": {"houses": "Nobody/Else"}},
        "royal_houses": {"options": {"garnets": ["1" * 50, None, "\u0007", "5"]}},
        "no_such_game": {"players": 3},
    },
}


@pytest.mark.parametrize(
    "content",
    [
        json.dumps(HOSTILE),
        json.dumps({"format": 1, "games": ["alliances"]}),
        json.dumps({"format": 999, "games": {"alliances": {"players": 4}}}),
        json.dumps([1, 2, 3]),
        "{ not json",
        "\ufffe\x00" * 100,
        "[" * 100000,
    ],
)
def test_a_hostile_setup_memory_falls_back_to_the_defaults(content: str) -> None:
    """Broken or hostile stored values fall back to defaults: every stored value
    of the wrong type, range or size is ignored, and the form opens as if new."""
    path = setup_memory_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8", errors="surrogatepass")
    app = persistent_app()
    try:
        scene = open_setup(app, "alliances")
        assert scene.players == 2
        assert [e.get_text() for e in scene.name_entries] == ["Sam", "Nadia"]
        assert [m.selected_option[0] for m in scene.kind_menus] == ["Human", "AI · Easy"]
        assert scene.values["drafting"] is False and scene.values["secret_meeting"] is False
        assert not scene.table_display and not scene.game_night
        assert scene.make_session().options == {"exact_bid": False}
        app.pop()
        medici = open_setup(app, "medici")
        assert medici.players == 2 and medici.values["houses"] == str(medici.options[0].default)
        app.pop()
        rh = open_setup(app, "royal_houses")
        assert [e.get_text() for e in rh.list_entries["garnets"]] == ["0", "0"]
        app.pop()  # leaving writes a good memory over the bad one
    finally:
        app.quit()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["games"]["alliances"]["players"] == 2
