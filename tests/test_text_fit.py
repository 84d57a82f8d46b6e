"""No clipped or overflowing text at any size. Every scene (title, setup, load,
settings, stats, rules, results, hand-over, replay, and the table of each game mid-game and at
the end) is built at 1280×720, 1920×1080 and 3840×2160 on the desktop and at 1920×1080 and
1280×720 on a TV, and every text is measured (:mod:`tabletop.table.fit_check`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pygame
import pytest
from scene_helpers import make_app, pump, use_private_home

from tabletop.app import App
from tabletop.scenes.base import Scene
from tabletop.session import SeatConfig, Session
from tabletop.table import fit_check

CONFIGS = [
    ((1280, 720), "desktop"),
    ((1920, 1080), "desktop"),
    ((3840, 2160), "desktop"),
    ((1920, 1080), "tv"),
    ((1280, 720), "tv"),
]
#: Each game at the table with its largest usual company (more rows, longer names).
PLAYERS = {"royal_houses": 2, "allegiance": 5, "machiavelli": 4, "medici": 4, "alliances": 4}
NAMES = ["Ada", "Bartholomew", "Cy", "Dagny", "Eustace"]


@cache
def position(game_id: str, end: bool, seed: int = 3) -> Session:
    """Everyone at the table human (no AI starts), random legal moves: 40 moves in, on the first
    seat's turn, or played to the end."""
    n = PLAYERS[game_id]
    session = Session(game_id, [SeatConfig(NAMES[i]) for i in range(n)], seed=seed)
    rng = random.Random(seed)
    game = session.game
    moves = 0
    while not game.over and (end or moves < 40 or game.to_move != 0):
        session.play(rng.choice(game.legal_moves()))
        moves += 1
    return session


def _table(app: App, session: Session) -> Scene:
    from tabletop.scenes.table import TableScene

    scene = TableScene(app, session)
    app.reset_to(scene)
    while app.top is not scene:  # the hand-over cover: look at the first seat's hand directly
        app.pop()
    scene.handing_over = True
    scene._set_viewer(0 if not session.game.over else None)
    scene.refresh(animate=False)
    return scene


def _load(app: App) -> Scene:
    """The Load screen listing a saved game of each kind (long player names included)."""
    from tabletop.saves import write_save
    from tabletop.scenes.load import LoadScene

    for game_id in PLAYERS:
        write_save(position(game_id, False))
    return LoadScene(app)


def scenes() -> Iterator[tuple[str, Callable[[App], Scene]]]:
    from tabletop.scenes.handover import HandOverScene
    from tabletop.scenes.replay import ReplayScene
    from tabletop.scenes.results import ResultsScene
    from tabletop.scenes.rules_screen import RulesScene
    from tabletop.scenes.settings import SettingsScene
    from tabletop.scenes.setup import SetupScene
    from tabletop.scenes.stats import StatsScene
    from tabletop.scenes.title import TitleScene

    yield "title", TitleScene
    yield "load", _load
    yield "settings", SettingsScene
    yield "stats", StatsScene
    yield "hand-over", lambda app: HandOverScene(app, "Bartholomew", lambda: None)
    for game_id in PLAYERS:
        yield f"setup {game_id}", lambda app, g=game_id: SetupScene(app, g)
        yield f"rules {game_id}", lambda app, g=game_id: RulesScene(app, g)
        yield f"table {game_id} mid-game", lambda app, g=game_id: _table(app, position(g, False))
        yield f"table {game_id} end", lambda app, g=game_id: _table(app, position(g, True))
        yield f"results {game_id}", lambda app, g=game_id: ResultsScene(app, position(g, True))
        yield f"replay {game_id}", lambda app, g=game_id: ReplayScene(app, position(g, True))


def problems_of(app: App, scene: Scene) -> list[str]:
    """Everything on the screen now whose text does not fit."""
    d = app.display
    sprites = app.ui.get_sprite_group().sprites()
    found = fit_check.gui_problems(sprites)
    found += fit_check.off_screen_problems(sprites, app.screen.get_rect())
    model = getattr(scene, "model", None)
    area = getattr(scene, "layout_rect", None)
    if model is not None and area is not None:
        found += fit_check.model_problems(model, area, d)
    status = getattr(scene, "status", None)
    if status is not None and hasattr(scene, "status_text"):
        lines, size, width = status.lines(d, scene.status_text(), scene.status_buttons())
        found += fit_check.status_problems(lines, size, width, status.rect, d)
    return found


@pytest.mark.parametrize(
    ("size", "profile"), CONFIGS, ids=[f"{s[0]}x{s[1]}-{p}" for s, p in CONFIGS]
)
def test_every_scene_fits_its_text(
    size: tuple[int, int], profile: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No clipped or overflowing text anywhere: a test walks every
    scene and layout at the four sizes and fails on text that does not fit its box."""
    use_private_home(tmp_path, monkeypatch)
    app = make_app(size, profile, animation_speed=0.0)
    report: list[str] = []
    try:
        for name, make in scenes():
            scene = make(app)
            if app.top is not scene:
                app.reset_to(scene)
            pump(app, 2)
            report += [f"{name}: {p}" for p in problems_of(app, app.top)]
    finally:
        app.quit()
        pygame.quit()
    assert not report, f"{len(report)} problems:\n" + "\n".join(report)


@pytest.mark.parametrize(
    ("size", "profile"), CONFIGS, ids=[f"{s[0]}x{s[1]}-{p}" for s, p in CONFIGS]
)
def test_setup_help_texts_are_shown_whole(
    size: tuple[int, int], profile: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every setup help text (beside an option, under the seats, beside the seed) is shown
    whole, wrapped, at each size: none is cut with "…" (Medici's houses lost who starts)."""
    from pygame_gui.elements import UILabel

    import rules
    from tabletop.scenes.setup import SetupScene

    use_private_home(tmp_path, monkeypatch)
    app = make_app(size, profile, animation_speed=0.0)
    report: list[str] = []
    try:
        for game_id, spec in rules.GAMES.items():
            for players in sorted({spec.min_players, spec.max_players}):
                scene = SetupScene(app, game_id)
                scene.players = players
                app.reset_to(scene)
                pump(app, 1)
                assert scene.container is not None
                shown = [e.text for e in scene.container.elements if isinstance(e, UILabel)]
                text = " ".join(shown)
                helps = [o.help for o in scene.offered() if o.help]
                report += [f"{game_id} ×{players}: {t!r}" for t in shown if "…" in t]
                report += [
                    f"{game_id} ×{players}: not shown whole: {h[:50]!r}"
                    for h in helps
                    if " ".join(h.split()) not in text
                ]
                report += [f"{game_id} ×{players}: {p}" for p in problems_of(app, scene)]
    finally:
        app.quit()
        pygame.quit()
    assert not report, "\n".join(report)


#: The longest names a save may have (40 characters): words of wide letters, and one word.
LONG_NAMES = ("WWWW MMMM WWWW MMMM WWWW MMMM WWWW MMMMW", "W" * 40)


@pytest.mark.parametrize(
    ("size", "profile"), CONFIGS, ids=[f"{s[0]}x{s[1]}-{p}" for s, p in CONFIGS]
)
def test_load_shows_a_named_saves_title_whole(
    size: tuple[int, int], profile: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A named save's title ("name" · game) is shown whole on the Load screen, wrapped (a
    single long word broken), never cut with "…", and its row still fits its text."""
    from pygame_gui.elements import UILabel, UIPanel

    from tabletop.saves import write_named_save
    from tabletop.scenes.load import LoadScene

    use_private_home(tmp_path, monkeypatch)
    for name in LONG_NAMES:
        write_named_save(position("medici", False), name)
    app = make_app(size, profile, animation_speed=0.0)
    try:
        scene = LoadScene(app)
        app.reset_to(scene)
        pump(app, 2)
        titles, report = [], []
        for page in range(scene.pages):
            scene.page = page
            scene.rebuild()
            pump(app, 1)
            assert scene.container is not None
            for row in (e for e in scene.container.elements if isinstance(e, UIPanel)):
                labels = [e for e in row.get_container().elements if isinstance(e, UILabel)]
                title = "".join(e.text for e in labels if e.object_ids[-1] == "#game_name")
                titles.append(title.replace(" ", ""))
            report += problems_of(app, scene)
        for name in LONG_NAMES:
            whole = f"“{name}”·CourtoftheMedici".replace(" ", "")
            assert whole in titles, f"{name!r} not shown whole: {titles}"
        assert not any("…" in t for t in titles)
        assert not report
    finally:
        app.quit()
        pygame.quit()
