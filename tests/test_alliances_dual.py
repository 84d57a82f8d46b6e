"""Alliances at the table: Dual Allegiance shows which Politics card moves, from where to where."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from scene_helpers import make_app, pump
from test_alliances import deck, layout

from tabletop.app import App
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session

NAMES = ["Ada", "Bartholomew", "Cy", "Dagny"]


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app((1920, 1080), animation_speed=1.0)
    yield a
    a.quit()


def boost_pending(app: App) -> TableScene:
    """Ada plays the 7 of Politics, Bartholomew the 9, Cy Dual Allegiance and takes the 9: Cy
    now chooses whose power it joins. Everyone is human (nobody moves by themselves); the
    table looks through Cy's eyes."""
    hands = [["P7", "M3"], ["P9", "E2"], ["dual-allegiance", "M5"], ["E4"]]
    options = {"deck": deck(hands), "tiles": layout(None), "first": 0}
    session = Session("alliances", [SeatConfig(n) for n in NAMES], seed=1, options=options)
    for text in ("bid 10 P", "pass", "pass", "pass", "target 0,2"):
        session.play(session.game.parse_move(text))
    for text in ("play P7", "play P9", "play dual-allegiance", "choose P9"):
        session.play(session.game.parse_move(text))
    scene = TableScene(app, session)
    app.push(scene)
    while app.top is not scene:  # the hand-over cover: the test looks as Cy directly
        app.pop()
    scene.handing_over = True
    scene._set_viewer(2)
    scene.refresh(animate=False)
    pump(app, 2)
    return scene


def row_of(scene: TableScene, name: str):  # type: ignore[no-untyped-def]
    """The screen rows of the conflict panel: the one whose name text is ``name``."""
    text = next(t for t in scene.model.texts if t.text in (name, name + " (you)"))
    return text.pos[1]


def test_dual_allegiance_moves_the_card_it_takes_across_the_table(app: App) -> None:
    """Dual Allegiance shows which Politics card moves: the chosen card is
    framed while Cy chooses; after "boost 0" the same piece (id P9) lies in Ada's row, framed,
    its old place says "to Ada", and the table glides it there from Bartholomew's row."""
    scene = boost_pending(app)
    before = next(p for p in scene.model.pieces if p.id == "P9")
    ada_y, bart_y = row_of(scene, "Ada"), row_of(scene, "Bartholomew")
    assert bart_y <= before.rect.centery < bart_y + before.rect.h + 20  # in Bartholomew's row
    framed = [b for b in scene.model.boxes if b.rect.contains(before.rect) and b.border]
    assert framed, "the card about to move is marked while Cy chooses"
    old_rect = before.rect.copy()

    boost = next(m for m in scene.game.legal_moves() if str(m) == "boost 0")
    assert scene.play(boost)
    (moved,) = [p for p in scene.model.pieces if p.id == "P9"]  # one piece, the same id
    assert abs(moved.rect.y - old_rect.y) > old_rect.h // 2  # a row up: Ada's
    assert ada_y <= moved.rect.centery < bart_y
    assert "moved from Bartholomew by Dual Allegiance" in moved.label
    ada_card = next(p for p in scene.model.pieces if p.id == "P7")
    assert moved.rect.right <= ada_card.rect.centerx  # beside Ada's own card, not over it
    assert any(t.text == "to Ada" and old_rect.collidepoint(t.pos) for t in scene.model.texts)
    # The animation: the piece starts where it was and glides to its new place.
    sprite = scene.sprites["P9"]
    assert (round(sprite.x), round(sprite.y)) == old_rect.topleft
    pump(app, 2)
    mid = (sprite.x, sprite.y)
    assert mid != old_rect.topleft and mid != moved.rect.topleft
    pump(app, 120)
    assert (sprite.x, sprite.y) == moved.rect.topleft


def test_the_public_table_shows_the_move_too(app: App) -> None:
    """Which card moved where is public (the log says it): the table display
    (viewer None) shows it the same way, and the view names the boosted seat."""
    scene = boost_pending(app)
    scene.play(next(m for m in scene.game.legal_moves() if str(m) == "boost 0"))
    view = scene.game.view(None)
    (entry,) = [e for e in view["table"] if e["card"] == "dual-allegiance"]
    assert entry["choice"] == ["P9"] and entry["boosted"] == 0
    scene._set_viewer(None)
    scene.refresh(animate=False)
    (moved,) = [p for p in scene.model.pieces if p.id == "P9"]
    assert row_of(scene, "Ada") <= moved.rect.centery < row_of(scene, "Bartholomew")
