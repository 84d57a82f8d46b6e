"""The table explains itself: the *Keys and marks* page (F1 or ?), the hover tips on the
table's tags, the table's Menu (Settings, Keys and marks, Rules, Leave) and the setting that
makes a finished trick wait for a click."""

from __future__ import annotations

import ast
import inspect
import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from scene_helpers import click, key, make_app, pump, royal_houses_table, wait_for

import rules
from tabletop import games
from tabletop.app import App
from tabletop.display import Display
from tabletop.layouts import get_layout
from tabletop.scenes.game_menu import CHOICES, GameMenuScene
from tabletop.scenes.legend import LegendScene
from tabletop.scenes.settings import WAIT, SettingsScene
from tabletop.scenes.table import TableScene
from tabletop.scenes.table_moments import TableMoments
from tabletop.session import SeatConfig, Session
from tabletop.table import legend as legend_data
from tabletop.table.legend import COMMON_MARKS, TABLE_KEYS, Sample, keys_for, opens_legend
from tabletop.table.model import Moment, TableModel

SCENES = Path(__file__).resolve().parent.parent / "tabletop" / "scenes"
GAMES = ("royal_houses", "allegiance", "machiavelli", "medici", "alliances")
PLAYERS = {"royal_houses": 2, "allegiance": 3, "machiavelli": 2, "medici": 4, "alliances": 4}
SIZES = [
    ((1280, 720), "desktop"),
    ((1920, 1080), "desktop"),
    ((3840, 2160), "desktop"),
    ((1920, 1080), "tv"),
    ((1280, 720), "tv"),
]


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app()
    yield a
    a.quit()


def _press(app: App, k: int, unicode: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode))
    pump(app, 2)


def _session(game_id: str) -> Session:
    n = PLAYERS[game_id]
    seats = [SeatConfig("Ada", "human")]
    seats += [SeatConfig(name, "easy") for name in ("Bo", "Cy", "Di")[: n - 1]]
    return Session(game_id, seats, seed=5)


def _play(app: App, table: TableScene, moves: int, until: object = None) -> None:
    """Ada plays ``moves`` random moves (the AI seats answering in between)."""
    rng = random.Random(1)
    for _ in range(moves):
        wait_for(app, lambda: table.acting_human or table.game.over)
        if table.game.over or (callable(until) and until()):
            return
        table.play(rng.choice(table.game.legal_moves()))
        pump(app, 2)


# ---- the keys ---------------------------------------------------------------------------------


def _keys_read(source: str) -> set[str]:
    """The ``pygame.K_*`` names a module's code reads."""
    return {
        node.attr
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr.startswith("K_")
    }


def test_every_key_the_table_handles_has_a_line_in_the_legend() -> None:
    """A key handler added to the table (its scene or any of its parts) without a line on the
    Keys and marks page fails here; so does a line for a key nothing reads any more."""
    read: set[str] = set()
    for path in [*sorted(SCENES.glob("table*.py")), SCENES / "hint_overlay.py"]:
        read |= _keys_read(path.read_text(encoding="utf-8"))
    read |= _keys_read(inspect.getsource(opens_legend))
    listed_names = {
        n
        for n in dir(pygame)
        if n.startswith("K_") and getattr(pygame, n) in {c for k in TABLE_KEYS for c in k.codes}
    }
    assert listed_names  # the page lists keys
    assert read - listed_names == set(), "keys the table reads but the legend does not list"
    assert listed_names - read == set(), "keys the legend lists but no table handler reads"


def test_g_is_listed_only_where_it_works() -> None:
    tv, desktop = Display(1920, 1080, "tv"), Display(1920, 1080)
    assert any(k.keys == "G" for k in keys_for(tv))
    assert not any(k.keys == "G" for k in keys_for(desktop))


@pytest.mark.parametrize(
    ("k", "unicode", "mod"),
    [(pygame.K_F1, "", 0), (pygame.K_SLASH, "?", pygame.KMOD_SHIFT), (pygame.K_COMMA, "?", 0)],
)
def test_the_legend_opens_with_f1_or_question_mark_and_closes_with_esc(
    app: App, k: int, unicode: str, mod: int
) -> None:
    table = royal_houses_table(app, ("human", "easy"))
    pump(app)
    _press(app, k, unicode, mod)
    assert isinstance(app.top, LegendScene) and app.top.game_id == "royal_houses"
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    assert not [m for m in app.modals if m.alive()]  # Esc closed the page, asked nothing
    _press(app, k, unicode, mod)
    _press(app, k, unicode, mod)  # the same key closes it too
    assert app.top is table


@pytest.mark.parametrize("game_id", GAMES)
def test_the_legend_lists_every_key_and_every_mark_of_the_game(game_id: str) -> None:
    app = make_app((1920, 1080), "tv")
    try:
        app.push(LegendScene(app, game_id))
        pump(app)
        scene = app.top
        assert isinstance(scene, LegendScene)
        titles = [r.title for r in scene.rows]
        own = games.legend_for(game_id)
        assert own is not None and own.marks, f"{game_id} declares no marks of its own"
        for mark in COMMON_MARKS + own.marks:
            assert mark.title in titles
        for line in keys_for(app.display):
            assert line.keys in titles
        # Every page can be reached, and each shows some rows.
        for page in range(scene.pages):
            scene.page = page
            assert scene.shown()
    finally:
        app.quit()


# ---- the marks ------------------------------------------------------------------------------


def _sample_colours(game_id: str, display: Display) -> set[tuple[int, int, int]]:
    """Every colour the legend's samples of ``game_id`` paint."""
    own = games.legend_for(game_id)
    assert own is not None
    found: set[tuple[int, int, int]] = set()
    cell = pygame.Rect(0, 0, display.px(176), display.px(100))
    for mark in COMMON_MARKS + own.marks:
        surface = pygame.Surface(cell.size)
        surface.fill((1, 2, 3))
        mark.paint(surface, cell, Sample(display, False, own.card))
        data = pygame.image.tobytes(surface, "RGB")
        found |= {tuple(data[i : i + 3]) for i in range(0, len(data), 3)}
    return found


def _drawn_marks(game_id: str, display: Display, moves: int = 160) -> tuple[set, set[str]]:
    """The outline colours and the tag words a random game of ``game_id`` makes its layout
    draw, seen by each seat in turn."""
    layout = get_layout(game_id)
    game = rules.new_game(game_id, players=PLAYERS[game_id], seed=11)
    rng = random.Random(11)
    names = ["Ada", "Bo", "Cy", "Di"][: PLAYERS[game_id]]
    outlines: set = set()
    words: set[str] = set()
    rect = pygame.Rect(0, 64, 1520, 1016)
    for _ in range(moves):
        if game.over:
            break
        viewer = game.to_move
        view = dict(game.view(viewer))
        view["_targets"] = sorted({m.target for m in game.legal_moves() if m.target})
        model: TableModel = layout.build(view, viewer, rect, display, names)
        outlines |= {p.outline for p in model.pieces if p.outline is not None}
        text = " ".join(t.text for t in model.texts)
        words |= {
            w for w in ("★", "new", "Winning", "Tied", "leads") if w in text.split() or w in text
        }
        game.play(rng.choice(game.legal_moves()))
    return outlines, words


@pytest.mark.parametrize("game_id", GAMES)
def test_the_legend_explains_each_mark_the_layout_draws(game_id: str) -> None:
    """Every outline colour the layout sets on a piece is painted by one of the legend's
    samples, and every tag word it writes (★, new, Winning, Tied, leads) is explained."""
    pygame.init()
    display = Display(1920, 1080)
    outlines, words = _drawn_marks(game_id, display)
    own = games.legend_for(game_id)
    assert own is not None
    explained = " ".join(m.title + " " + m.text for m in COMMON_MARKS + own.marks)
    for word in words:
        assert word in explained, f"{game_id}'s table writes {word!r}: the legend never says it"
    colours = _sample_colours(game_id, display)
    for colour in outlines:
        assert tuple(colour)[:3] in colours, f"{game_id}'s outline {colour} has no sample"


def test_machiavellis_outlines_and_new_tag_are_in_its_legend() -> None:
    """The outlines a Machiavelli table draws while a player rearranges (red: invalid, blue:
    just moved or drawn) are painted by its legend's samples, with the layout's colours."""
    from tabletop.games.machiavelli import layout

    pygame.init()
    display = Display(1920, 1080)
    colours = _sample_colours("machiavelli", display)
    assert {layout.MARK, layout.RED} <= colours
    own = games.legend_for("machiavelli")
    assert own is not None and any("new" in m.text for m in own.marks)


def test_a_last_move_tag_explains_itself_on_hover(app: App) -> None:
    scene = TableScene(app, _session("allegiance"))
    app.push(scene)
    pump(app)
    _play(app, scene, 30, until=lambda: bool(scene.last_moves.marks()))
    assert scene.last_moves.marks(), "no move was marked"
    pump(app, 2)
    assert scene.last_moves.tags
    rect, seat = scene.last_moves.tags[0]
    tip = scene.tip_at(rect.center)
    name = scene.session.names[seat]
    assert tip == legend_data.last_move_tip(name, scene.last_moves.tag(seat))
    assert f"{name}'s last move" in tip


def test_the_star_and_the_new_tag_explain_themselves_on_hover() -> None:
    """Royal Houses' ★ badge and Allegiance's winning card carry their legend's words."""
    from tabletop.games.allegiance.legend import BEST
    from tabletop.games.royal_houses.legend import LEADS

    pygame.init()
    display = Display(1920, 1080)
    for game_id, words in (("royal_houses", LEADS), ("allegiance", BEST)):
        layout = get_layout(game_id)
        game = rules.new_game(game_id, players=PLAYERS[game_id], seed=2)
        rng = random.Random(2)
        seen = False
        for _ in range(200):
            if game.over:
                break
            model = layout.build(
                game.view(game.to_move),
                game.to_move,
                pygame.Rect(0, 64, 1520, 1016),
                display,
                ["Ada", "Bo", "Cy"][: PLAYERS[game_id]],
            )
            if any(t == words for _, t in model.tips):
                seen = True
                break
            game.play(rng.choice(game.legal_moves()))
        assert seen, f"{game_id} never showed {words!r} on hover"


# ---- the menu -------------------------------------------------------------------------------


def test_the_menu_offers_four_choices_and_esc_closes_only_it(app: App) -> None:
    table = royal_houses_table(app, ("human", "easy"))
    pump(app)
    assert table.controls.menu_button is not None
    click(app, table.controls.menu_button)
    menu = app.top
    assert isinstance(menu, GameMenuScene)
    assert [b.text for b in menu.buttons.values()] == list(CHOICES)
    assert list(CHOICES) == ["Settings", "Keys and marks", "Rules", "Leave"]
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    assert not [m for m in app.modals if m.alive()]  # nothing asked to leave


def test_the_menus_choices_open_over_the_game_and_come_back(app: App) -> None:
    from tabletop.scenes.rules_screen import RulesScene

    table = royal_houses_table(app, ("human", "easy"))
    pump(app)
    for choice, kind in (("Keys and marks", LegendScene), ("Rules", RulesScene)):
        table.open_menu()
        pump(app)
        click(app, app.top.buttons[choice])  # type: ignore[attr-defined]
        assert isinstance(app.top, kind)
        key(app, pygame.K_ESCAPE)
        assert app.top is table
    table.open_menu()
    pump(app)
    click(app, app.top.buttons["Leave"])  # type: ignore[attr-defined]
    assert app.top is table and table.leave_dialog is not None and table.leave_dialog.alive()


def test_settings_from_the_game_come_back_to_the_same_game(app: App) -> None:
    table = royal_houses_table(app, ("human", "easy"))
    pump(app)
    _play(app, table, 4)
    wait_for(app, lambda: table.acting_human)
    history = list(table.game.history)
    view = table.game.view(None)
    table.open_menu()
    pump(app)
    click(app, app.top.buttons["Settings"])  # type: ignore[attr-defined]
    settings = app.top
    assert isinstance(settings, SettingsScene)
    assert settings.tricks_wait is not None
    click(app, settings.tricks_wait)
    assert app.settings.tricks_wait
    settings.set_profile("tv")  # rebuilds every scene, the table under it too
    pump(app)
    assert isinstance(app.top, SettingsScene)
    click(app, app.top.back_button)
    assert app.top is table
    assert list(table.game.history) == history and table.game.view(None) == view
    assert app.display.profile == "tv"
    pump(app)  # and the table goes on from there
    table.play(table.game.legal_moves()[0])
    assert len(table.game.history) == len(history) + 1


def test_the_new_setting_has_its_row(app: App) -> None:
    app.push(SettingsScene(app))
    pump(app)
    assert WAIT in [r.title for r in app.top.rows]  # type: ignore[attr-defined]


# ---- a finished trick waits for a click -------------------------------------------------------


class _Layout:
    on_phones = False

    def __init__(self, moment: Moment) -> None:
        self._moment = moment

    def moment(self, *args: object, **kwargs: object) -> Moment:
        return self._moment


class _Host:
    container = None
    viewer = 0
    model = TableModel()
    layout_rect = pygame.Rect(0, 0, 800, 600)

    def __init__(self, game: rules.Game) -> None:
        self.game = game


def _moments(app: App) -> TableMoments:
    from tabletop.scenes.table_drawing import SpriteBoard

    session = _session("allegiance")
    moment = Moment(TableModel(), pygame.Rect(0, 0, 100, 100), "Ada wins the trick")
    return TableMoments(app, _Host(session.game), _Layout(moment), session, SpriteBoard())  # type: ignore[arg-type]


def test_a_finished_trick_moves_on_after_about_a_second_by_default(app: App) -> None:
    moments = _moments(app)
    moments.after_move({}, [], TableModel())
    assert moments.held is not None
    moments.update(0.5)
    assert moments.held is not None
    moments.update(0.6)
    assert moments.held is None


@pytest.mark.parametrize("speed", [1.0, 0.0])
def test_a_finished_trick_waits_for_a_click_when_asked(app: App, speed: float) -> None:
    app.settings.tricks_wait = True
    app.settings.animation_speed = speed
    moments = _moments(app)
    moments.after_move({}, [], TableModel())
    for _ in range(600):
        moments.update(0.1)  # a minute
    assert moments.held is not None and moments.busy
    moments.skip()  # what the table does on a click or a key
    assert moments.held is None


def test_a_waiting_trick_goes_on_by_itself_at_a_table_played_on_phones(app: App) -> None:
    app.settings.tricks_wait = True
    moments = _moments(app)
    moments.layout.on_phones = True
    moments.after_move({}, [], TableModel())
    moments.update(1.1)
    assert moments.held is None


def test_a_click_on_the_table_moves_a_waiting_trick_on(app: App) -> None:
    app.settings.tricks_wait = True
    table = royal_houses_table(app, ("human", "easy"))
    pump(app)
    moment = Moment(TableModel(), pygame.Rect(0, 100, 100, 100), "Ada wins the trick")
    table.moments.held, table.moments.left = moment, float("inf")
    pump(app, 120)  # two seconds
    assert table.moments.held is moment and table.showing_a_moment
    pos = table.layout_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pump(app, 2)
    assert table.moments.held is None


# ---- fit at every size ------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "profile"), SIZES)
@pytest.mark.parametrize("game_id", ["royal_houses", "alliances"])
def test_the_legend_fits(size: tuple[int, int], profile: str, game_id: str) -> None:
    app = make_app(size, profile)
    try:
        app.push(LegendScene(app, game_id))
        pump(app)
        scene = app.top
        assert isinstance(scene, LegendScene)
        screen = pygame.Rect((0, 0), size)
        buttons = [b for b in (scene.done_button, scene.prev_button, scene.next_button) if b]
        for b in buttons:
            assert screen.contains(b.rect)
            assert b.rect.w >= b.font.size(b.text)[0] if hasattr(b, "font") else True
        for i, a in enumerate(buttons):
            assert not any(a.rect.colliderect(b.rect) for b in buttons[i + 1 :])
        floor = min(b.rect.top for b in buttons)
        for page in range(scene.pages):
            scene.page = page
            rows = scene.shown()
            assert rows
            for row in rows:
                assert screen.contains(row.rect), (row.title, row.rect)
                assert row.rect.bottom <= floor, (row.title, "runs under the buttons")
            for i, a in enumerate(rows):
                for b in rows[i + 1 :]:
                    assert not a.rect.colliderect(b.rect), (a.title, b.title)
            surface = pygame.Surface(size)
            scene.draw(surface)  # every sample paints at this size
    finally:
        app.quit()


@pytest.mark.parametrize(("size", "profile"), SIZES)
def test_the_menu_fits(size: tuple[int, int], profile: str) -> None:
    app = make_app(size, profile)
    try:
        table = royal_houses_table(app, ("human", "easy"))
        pump(app)
        table.open_menu()
        pump(app)
        menu = app.top
        assert isinstance(menu, GameMenuScene)
        assert pygame.Rect((0, 0), size).contains(menu.panel)
        rects = [b.rect for b in menu.buttons.values()]
        for i, r in enumerate(rects):
            assert menu.panel.contains(r)
            assert not any(r.colliderect(o) for o in rects[i + 1 :])
        font = app.ui.get_theme().get_font(["button"])
        for b in menu.buttons.values():
            assert font.size(b.text)[0] < b.rect.w
    finally:
        app.quit()
