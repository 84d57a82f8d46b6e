"""Hot seat: the player who draws a card sees it before the table hands over."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from game_helpers import draw_beside_twin
from scene_helpers import click, key, make_app, pump

from tabletop.app import App
from tabletop.scenes.handover import HandOverScene
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session


@pytest.fixture
def app() -> Iterator[App]:
    application = make_app((1600, 900), animation_speed=0.0)
    yield application
    application.quit()


def hot_seat_table(app: App, humans: int = 2) -> TableScene:
    """Machiavelli for Sam and Nadia at one screen (a third seat an AI when ``humans`` is 1)."""
    seats = [SeatConfig("Sam"), SeatConfig("Nadia", "human" if humans == 2 else "easy")]
    session = Session("machiavelli", seats, seed=4)
    scene = TableScene(app, session)
    app.push(scene)
    pump(app, 2)
    if isinstance(app.top, HandOverScene):  # the first player is handed the screen too
        app.top.ready()
        pump(app, 2)
    assert scene.viewer == 0 and scene.game.to_move == 0
    return scene


def draw_move(scene: TableScene):  # type: ignore[no-untyped-def]
    return next(m for m in scene.game.legal_moves() if m.kind == "draw")


def test_the_drawer_sees_the_drawn_card_before_the_cover(app: App) -> None:
    """The hot seat never hands over before the drawer of a card has seen it: after a draw by
    seat 0 the next frame still shows seat 0's hand with the drawn card marked; the cover comes
    only after the player confirms."""
    scene = hot_seat_table(app)
    before = set(scene.game.hands[0])
    assert scene.play(draw_move(scene))
    drawn = (set(scene.game.hands[0]) - before).pop()
    pump(app, 2)
    assert scene.game.to_move == 1  # the turn passed at once ...
    assert not isinstance(app.top, HandOverScene)  # ... but the cover waits
    assert scene.viewer == 0 and scene.reveal is not None
    shown = {p.id for p in scene.model.pieces}
    assert drawn in shown  # the drawn card is in the hand on the screen
    assert [p.id for p in scene.reveal.marked(scene.model)] == [drawn]
    assert "Pass to Nadia" in scene.status_text()
    assert scene.reveal.button is not None and scene.reveal.button.visible
    assert scene.reveal.button.text == "Pass to Nadia"
    # Nadia's moves cannot be played from Sam's view meanwhile.
    assert not scene.acting_human and not scene.buttons
    pump(app, 30)  # the guard against a double press is over
    click(app, scene.reveal.button)
    assert isinstance(app.top, HandOverScene) and app.top.name == "Nadia"
    assert scene.viewer is None and scene.reveal is None
    app.top.ready()
    pump(app, 2)
    assert scene.viewer == 1


def test_the_drawn_card_glows_and_not_its_twin_on_the_table(app: App) -> None:
    """Machiavelli's two decks hold each card twice; the copy on the table is
    another card, so it does not glow with the one just drawn."""
    scene = hot_seat_table(app)
    twin = draw_beside_twin(scene.game, "3C.1")
    scene.refresh(animate=False)
    assert scene.play(draw_move(scene))
    pump(app, 2)
    assert scene.reveal is not None and scene.model.piece(twin) is not None
    assert [p.id for p in scene.reveal.marked(scene.model)] == ["3C.1"]


def test_space_passes_only_after_a_moment(app: App) -> None:
    """The hold is not passed by the key press that drew (a double press): Space
    passes it only once the drawer had a moment to look."""
    scene = hot_seat_table(app)
    scene.play(draw_move(scene))
    key(app, pygame.K_SPACE, frames=1)
    assert scene.reveal is not None and not isinstance(app.top, HandOverScene)
    pump(app, 30)
    key(app, pygame.K_SPACE, frames=1)
    assert scene.reveal is None and isinstance(app.top, HandOverScene)


def test_a_move_that_shows_nothing_new_hands_over_at_once(app: App) -> None:
    """Only a move that showed its player something new and private holds the
    table; Royal Houses' moves show the mover nothing new, so the cover comes at once."""
    session = Session("royal_houses", [SeatConfig("Sam"), SeatConfig("Nadia")], seed=3)
    scene = TableScene(app, session)
    app.push(scene)
    pump(app, 2)
    if isinstance(app.top, HandOverScene):
        app.top.ready()
        pump(app, 2)
    mover = scene.game.to_move
    assert scene.viewer == mover
    while scene.game.to_move == mover:  # the turn's moves, until it passes
        scene.play(scene.game.legal_moves()[0])
        pump(app, 1)
    assert scene.reveal is None and isinstance(app.top, HandOverScene)


def test_one_human_against_ai_needs_no_hold(app: App) -> None:
    """Alone at the table the hand stays up anyway: no hold, no extra button."""
    scene = hot_seat_table(app, humans=1)
    scene.play(draw_move(scene))
    pump(app, 1)
    assert scene.reveal is None and scene.viewer == 0
