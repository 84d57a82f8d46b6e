"""The score-so-far panel at the table: the T key and the Score button open and close it, Esc
and a click close it without doing anything else, it shows the seat looking (the public table
on a TV table), and it fits, with the bar's buttons, at 720p, 1080p, 4K and on a TV."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from scene_helpers import click, click_at, key, make_app, pump, royal_houses_table, use_private_home
from test_text_fit import problems_of

import rules
from tabletop.app import App
from tabletop.display import Display
from tabletop.games import tally_for
from tabletop.scenes import table_score
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session

SIZES = [
    ((1280, 720), "desktop"),
    ((1920, 1080), "desktop"),
    ((3840, 2160), "desktop"),
    ((1920, 1080), "tv"),
]
SIZE_IDS = [f"{s[0]}x{s[1]}-{p}" for s, p in SIZES]
#: The biggest tallies of each game: the most players, the longest words.
TALLIES = [
    ("royal_houses", 2, {}),
    ("machiavelli", 4, {"match": True}),
    ("allegiance", 9, {"deals": 3}),
    ("medici", 4, {}),
    ("alliances", 3, {}),
    ("alliances", 4, {}),
]
LONG_NAMES = ["Maximiliana", "Bartholomew", "Konstantinos", "Wilhelmina", "Guinevere"] * 2


def solo_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[App, TableScene]:
    """A Royal Houses table of one human and an Easy AI, in a private home, shown."""
    use_private_home(tmp_path, monkeypatch)
    app = make_app()
    scene = royal_houses_table(app, ("human", "easy"))
    pump(app, 3)
    return app, scene


def test_the_key_opens_and_closes_it_and_esc_closes_it_without_leaving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = solo_table(tmp_path, monkeypatch)
    assert not scene.score.open
    key(app, pygame.K_t)
    assert scene.score.open
    key(app, pygame.K_t)
    assert not scene.score.open
    key(app, pygame.K_t)
    key(app, pygame.K_h)  # the table's keys wait while it is open
    assert scene.score.open and scene.hint.request is None and scene.hint.move is None
    key(app, pygame.K_ESCAPE)
    assert not scene.score.open and scene.leave_dialog is None  # Esc closed only the panel
    key(app, pygame.K_t, pygame.KMOD_CTRL)  # Ctrl+T is not the score's
    assert not scene.score.open


def test_the_button_opens_and_closes_it_and_a_click_on_the_table_closes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = solo_table(tmp_path, monkeypatch)
    button = scene.score.button
    assert button is not None and button.visible and button.text == "Score"
    click(app, button)
    assert scene.score.open
    click(app, button)
    assert not scene.score.open
    click(app, button)
    history = len(scene.game.history)
    click_at(app, scene.layout_rect.center)
    assert not scene.score.open
    assert len(scene.game.history) == history  # the click only closed it


def test_it_shows_the_seat_looking_and_the_public_table_on_a_tv(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solo: the human's seat, marked "(you)". A table display: the public table, with the
    counters and hands as ranges."""
    app, scene = solo_table(tmp_path, monkeypatch)
    key(app, pygame.K_t)
    tally = scene.score.tally
    assert tally is not None and scene.viewer == 0
    assert tally.tables[0].columns[3] == "Ada (you)"
    app.pop()
    session = Session(
        "royal_houses", [SeatConfig("Ada"), SeatConfig("Bo", "easy")], seed=2, table_display=True
    )
    rng = random.Random(2)
    for _ in range(16):
        session.play(rng.choice(session.game.legal_moves()))
    tv = TableScene(app, session)
    app.push(tv)
    pump(app, 3)
    tv.viewer = None  # between turns the table display shows the public table
    key(app, pygame.K_t)
    public = tv.score.tally
    assert public is not None and not any("(you)" in t for t in public.texts())
    assert public == tally_for(session.game, None, session.names)
    cells = [c.text() for r in public.tables[0].rows for c in r.cells]
    assert any(" to " in c or "–" in c for c in cells)


def _tally_positions() -> list[tuple[str, rules.Game]]:
    found = []
    for game_id, players, options in TALLIES:
        game = rules.new_game(game_id, players, seed=5, options=options)
        rng = random.Random(5)
        for _ in range(40):
            if game.over:
                break
            game.play(rng.choice(game.legal_moves()))
        found.append((f"{game_id}-{players}", game))
    return found


@pytest.mark.parametrize(("size", "profile"), SIZES, ids=SIZE_IDS)
def test_the_panel_and_the_bar_fit_at_every_size(
    size: tuple[int, int], profile: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Score button and the status line fit in the bar (nothing clipped, the button on the
    screen); every game's largest tally, with long names, stands whole in the play area at a
    readable size, and the panel drawn is that size."""
    use_private_home(tmp_path, monkeypatch)
    app = make_app(size, profile, animation_speed=0.0)
    scene = royal_houses_table(app, ("human", "easy"))
    pump(app, 3)
    key(app, pygame.K_t)
    assert scene.score.open
    assert problems_of(app, scene) == []
    assert scene.score.button is not None and scene.hint.button is not None
    assert not scene.score.button.rect.colliderect(scene.hint.button.rect)
    display: Display = app.display
    area = scene.layout_rect
    for name, game in _tally_positions():
        for seat in (0, None):
            tally = tally_for(game, seat, LONG_NAMES[: game.players])
            assert tally is not None
            assert table_score.fits(tally, display, area), (name, seat)
            image = table_score.panel_image(tally, display, area)
            assert image.get_width() <= area.w and image.get_height() <= area.h, (name, seat)


def test_the_button_gives_way_to_a_long_prompt_on_a_tv_and_the_key_still_opens_it() -> None:
    """The status line comes first: beside Hint, Undo, Save, Rules and Menu on a TV the
    Alliances bidding prompt needs the Score button's room, so it hides (and shows again on a
    short line); T still opens the panel."""
    from test_alliances_tv import human_bidding
    from test_tv_play_area import table

    with table(human_bidding(), "tv", (1920, 1080)) as scene:
        scene.ai.forget()
        app, button = scene.app, scene.score.button
        pump(app, 2)
        assert button is not None and not button.visible
        lines = scene.status.lines(app.display, scene.status_text(), scene.status_buttons())[0]
        assert " ".join(lines) == scene.status_text()
        key(app, pygame.K_t)
        assert scene.score.open
        key(app, pygame.K_t)
        scene.score.give_way(app.display, scene.status, "Bo's turn", scene.status_buttons())
        assert button.visible
