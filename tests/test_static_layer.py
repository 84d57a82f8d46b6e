"""The table's static layer (felt, boxes, labels) is redrawn only where a move changed it
(for the TV's frame time while phones play). A layer brought up to date that way must
show exactly the pixels a whole redraw shows, after any move of any game."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from tabletop.app import App
from tabletop.scenes.handover import HandOverScene
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings
from tabletop.table import render
from tabletop.table.model import Box, TableModel, Text
from tabletop.table.static_layer import StaticLayer
from tabletop.ui.palette import PANEL

FRAME = 1 / 60
GAMES = [
    ("allegiance", 5),
    ("alliances", 2),
    ("machiavelli", 3),
    ("medici", 2),
    ("royal_houses", 2),
]


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1280, 720), settings=Settings(animation_speed=0.0), persist_settings=False)
    yield application
    application.quit()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def whole(scene: TableScene) -> bytes:
    """The layer for the scene's table drawn from nothing, with the status bar as it is."""
    felt = render.felt(scene.app.display.size)
    status_bar = render.Box(scene.status.rect, PANEL, None, 0)
    return pixels(StaticLayer().draw(felt, [status_bar], scene.model))


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_layer_redrawn_where_moves_changed_it_equals_a_whole_redraw(
    app: App, game_id: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After each of a game's first moves, the layer
    redrawn only in its changed rectangles has the same pixels as one drawn whole."""
    seats = [SeatConfig(f"P{i}", "easy") for i in range(players)]
    scene = TableScene(app, Session(game_id, seats, seed=11))
    monkeypatch.setattr(scene.ai, "poll", lambda *args: None)  # the test plays every seat
    app.push(scene)
    for _ in range(3):
        app.step(FRAME)
    rng = random.Random(4)
    partial = scene.static.partial_redraws
    for _ in range(12):
        if scene.game.over:
            break
        scene.play(rng.choice(scene.game.legal_moves()))
        for _ in range(4):  # the move's frame, then its follow-up frames
            app.step(FRAME)
        assert scene.static.surface is not None
        assert pixels(scene.static.surface) == whole(scene), f"after {scene.game.history[-1]}"
    assert scene.static.partial_redraws > partial  # the moves were drawn in part, not whole


def test_changes_redraw_only_their_rectangles() -> None:
    """A label that changes redraws its own rectangles (old and new), nothing else,
    and the result equals a whole redraw; a change over most of the window redraws it all."""
    pygame.init()
    felt = pygame.Surface((400, 300))
    felt.fill((20, 90, 40))
    panel = Box(pygame.Rect(10, 10, 200, 120), (0, 0, 0, 90), (200, 190, 160), 8, 2)
    before = TableModel(boxes=[panel], texts=[Text("Anna to move", (20, 20), 16)])
    after = TableModel(boxes=[panel], texts=[Text("Bruno to move", (20, 20), 16)])
    layer = StaticLayer()
    layer.draw(felt, [], before)
    assert (layer.whole_redraws, layer.partial_redraws) == (1, 0)
    surface = layer.draw(felt, [], after)
    assert (layer.whole_redraws, layer.partial_redraws) == (1, 1)
    assert pixels(surface) == pixels(StaticLayer().draw(felt, [], after))
    big = TableModel(boxes=[Box(pygame.Rect(0, 0, 390, 290), (10, 10, 10, 120))])
    layer.draw(felt, [], big)
    assert layer.whole_redraws == 2
    assert layer.draw(felt, [], big) is layer.surface  # the same model: nothing to do


def test_labels_and_log_wait_a_frame_only_while_the_same_seat_looks(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guide's "secrets are a promise": a move's labels and log line may
    follow it a frame later, but when the move turns the table to another viewer (a table
    display showing the public table after Anna's move), Anna's labels and log lines are
    redrawn in the move's own frame, never shown to the room for one more."""
    seats = [SeatConfig("Anna"), SeatConfig("Bruno", "easy")]
    session = Session("royal_houses", seats, seed=11, table_display=True)
    scene = TableScene(app, session)
    monkeypatch.setattr(scene.ai, "poll", lambda *args: None)  # Bruno waits: one move only
    app.push(scene)
    rng = random.Random(4)
    for _ in range(40):  # until Anna, at the table, moves and the public table follows
        while isinstance(app.top, HandOverScene):
            app.top.ready()  # the hand-over: Anna takes her seat
        for _ in range(3):
            app.step(FRAME)
        if scene.viewer is None or scene.game.to_move != 0:
            scene.play(rng.choice(scene.game.legal_moves()))
            continue
        redraws = scene.static.whole_redraws + scene.static.partial_redraws
        log_picture = scene.log._cache
        scene.play(rng.choice(scene.game.legal_moves()))
        if scene.viewer == 0:
            continue  # still Anna's turn: nothing changed hands
        app.step(FRAME)  # the move's own frame
        assert scene.static.whole_redraws + scene.static.partial_redraws > redraws
        assert scene.log._cache is not log_picture and scene.log._cache is not None
        assert scene.log._cache[0][1] == scene.viewer
        return
    pytest.fail("Anna never handed the table to the public view")


@pytest.mark.parametrize("game_id", ["allegiance", "machiavelli"])
def test_the_log_grows_by_its_new_words_and_says_what_the_whole_log_says(
    app: App, game_id: str
) -> None:
    """The log's words are added a move at a time; after any number of moves they are the
    session's whole log as the viewer may read it (never another seat's secrets)."""
    seats = [SeatConfig("Ada"), SeatConfig("Bo", "easy"), SeatConfig("Cy", "easy")]
    session = Session(game_id, seats, seed=4)
    scene = TableScene(app, session)
    app.push(scene)
    rng = random.Random(4)
    for _ in range(60):
        if session.game.over:
            break
        scene.play(rng.choice(session.game.legal_moves()))
        app.step(1 / 60)
        assert scene.drawing._log_lines() == session.log_lines(scene.viewer)
    assert len(session.log) > 20
