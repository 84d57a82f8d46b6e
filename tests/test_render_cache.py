"""The table renderer's caches keep a frame's cost bounded when a move reflows the table
(so the frame benchmark stays within its goals while animations run): a large box
is redrawn on a kept canvas, and a frame out of time shows a card it has at another width
scaled, leaving the painting to a quiet frame. Neither may change what a settled table shows."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from tabletop.table import render

CARD = ("card", "royal_houses", "A5")
OTHER = ("card", "royal_houses", "B3")


@pytest.fixture(autouse=True)
def fresh_caches() -> Iterator[None]:
    """Each test starts with nothing painted and no frame under way."""
    pygame.display.init()
    render._painted.clear()
    render._widths.clear()
    render._ahead.clear()
    render._stand_ins.clear()
    render._stand_ins_last.clear()
    render._box_canvases.clear()
    render.frame_done()
    yield
    render.frame_done()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_a_large_box_on_a_kept_canvas_has_the_pixels_of_one_made_for_it() -> None:
    """Boxes of every size, growing and shrinking in turn and in two styles, come out exactly
    as a surface made for each one alone."""
    rng = random.Random(7)
    styles = [((10, 30, 20, 120), (201, 164, 76, 140), 12, 2), ((40, 22, 20, 170), None, 8, 0)]
    for _ in range(60):
        size = (rng.randint(40, 1900), rng.randint(40, 1000))
        style = rng.choice(styles)
        kept = render._box_surface(size, *style)
        alone = render._small_box.__wrapped__(size, *style)
        assert kept.get_size() == size
        assert pixels(kept) == pixels(alone), (size, style)
    assert len(render._box_canvases) <= len(styles)


def test_a_frame_out_of_time_shows_a_card_scaled_and_a_quiet_frame_paints_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card painted at one width and asked for at another once the frame's painting time is
    spent is shown scaled to the card's size; it is owed, painted by paint_ahead, and the next
    frames show the painting."""
    painted: list[tuple] = []
    real = render._art
    monkeypatch.setattr(
        render, "_art", lambda art, w, cb: painted.append((art, w)) or real(art, w, cb)
    )
    render._piece_image(CARD, 100, False)
    render.frame_budget(0.0)
    stand_in = render._piece_image(CARD, 120, False)
    exact_size = render.card_art.card_size(120)
    assert stand_in.get_size() == exact_size
    assert painted == [(CARD, 100)]  # scaled, not painted
    assert render.owed() == [(CARD, 120, False)]
    assert render._piece_image(CARD, 120, False) is stand_in  # the same frame: no new scaling
    render.frame_done()

    assert render.paint_ahead([], False, 0.0) == 1  # a quiet frame
    assert painted[-1] == (CARD, 120)
    assert render.owed() == []
    render.frame_budget(0.0)
    shown = render._piece_image(CARD, 120, False)
    assert shown is not stand_in
    assert pixels(shown) == pixels(real(CARD, 120, False))


def test_a_card_never_painted_and_a_picture_outside_a_frame_are_painted_at_once() -> None:
    """Nothing to scale from, or no frame under way (a screenshot, the replay, a test): the
    picture asked for is the painting itself."""
    render.frame_budget(0.0)
    first = render._piece_image(OTHER, 90, False)
    assert (OTHER, 90, False) in render._painted and render.owed() == []
    render.frame_done()
    second = render._piece_image(OTHER, 130, False)
    assert (OTHER, 130, False) in render._painted
    assert pixels(second) == pixels(render._art(OTHER, 130, False))
    assert first.get_width() == 90


def test_only_what_the_last_frames_showed_is_owed() -> None:
    """A stand-in the table stopped showing (it reflowed again) is not painted for nothing."""
    render._piece_image(CARD, 100, False)
    render.frame_budget(0.0)
    render._piece_image(CARD, 110, False)
    render.frame_budget(0.0)  # the next frame shows the card at 112
    render._piece_image(CARD, 112, False)
    assert set(render.owed()) == {(CARD, 110, False), (CARD, 112, False)}
    render.frame_budget(0.0)
    render._piece_image(CARD, 112, False)
    render.frame_budget(0.0)
    render._piece_image(CARD, 112, False)
    assert render.owed() == [(CARD, 112, False)]


def test_a_reflowed_table_settles_on_its_own_paintings(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Medici court reflows as its stacks grow (every card in it changes width): whatever the
    move's own frame showed scaled, the table at rest shows each card as painted for its
    width, and nothing is owed."""
    from tabletop.app import App
    from tabletop.scenes import table_drawing
    from tabletop.scenes.table import TableScene
    from tabletop.session import SeatConfig, Session
    from tabletop.storage import Settings

    monkeypatch.setattr(table_drawing, "PAINT_IN_FRAME", 0.0)  # however fast this machine is
    shown: list[tuple] = []
    real = render._stand_in

    def stand_in(key: tuple[tuple, int, bool]) -> pygame.Surface | None:
        image = real(key)
        if image is not None:
            shown.append(key)
        return image

    monkeypatch.setattr(render, "_stand_in", stand_in)
    app = App((1600, 900), settings=Settings(animation_speed=1.0), persist_settings=False)
    try:
        seats = [SeatConfig("Anna"), SeatConfig("Bruno", "easy")]
        scene = TableScene(app, Session("medici", seats, seed=5))
        app.push(scene)
        app.step(1 / 60)
        scene.ai.bots = {}  # the test plays both seats
        rng = random.Random(3)
        widths: set[int] = set()
        for _ in range(150):  # until the court has reflowed (its cards shrunk) at least once
            if scene.game.over or (len(widths) > 1 and shown):
                break
            scene.play(rng.choice(scene.game.legal_moves()))
            app.step(1 / 60)
            widths |= {p.rect.w for p in scene.model.pieces if p.art[0] == "card"}
        assert len(widths) > 1, "the court never reflowed: the test proves nothing"
        assert shown, "no frame showed a card scaled: the test proves nothing"
        for _ in range(120):  # two seconds with nothing happening
            app.step(1 / 60)
        assert render.owed() == []
        colorblind = app.settings.colorblind
        for piece in scene.model.pieces:
            key = (piece.art, piece.rect.w, colorblind)
            assert render._painted.get(key) is render.piece_image(piece, piece.rect.w, colorblind)
    finally:
        app.quit()
