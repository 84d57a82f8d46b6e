"""Card and token art: sizes, distinctness, palettes, caching, layout that never collides."""

from __future__ import annotations

import os

# Headless before anything imports pygame (TESTING-GUI.md).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

import tabletop.games
from rules.royal_houses import ACTIONS, CARDS, COUNTERS, HOUSES, house_of, number_of
from tabletop import fonts
from tabletop.games.royal_houses.art import counter_token, house_colour, house_emblem, royal_layout
from tabletop.table import card_art
from tabletop.table.card_art import CARD_ASPECT, GameArt, card_back, card_face

GAME = "royal_houses"


@pytest.fixture(autouse=True)
def pygame_session() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()
    # Fonts die with pygame.quit(); the next test must load them afresh.
    fonts.clear_cache()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def alpha_at(surface: pygame.Surface, x: int, y: int) -> int:
    return surface.get_at((x, y)).a


# ---- faces -----------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [48, 120, 300])
def test_every_card_renders_at_the_exact_size_with_rounded_transparent_corners(width: int) -> None:
    expected = (width, round(width * CARD_ASPECT))
    for card in CARDS:
        face = card_face(GAME, card, width)
        assert face.get_size() == expected, card
        assert face.get_flags() & pygame.SRCALPHA, card
        w, h = expected
        # Rounded corners are see-through; the body of the card is opaque.
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert alpha_at(face, *corner) == 0, (card, corner)
        assert alpha_at(face, w // 2, 2) == 255
        assert alpha_at(face, w // 2, h // 2) == 255


def test_card_edges_are_anti_aliased() -> None:
    face = card_face(GAME, "A5", 120)
    edge_alphas = {alpha_at(face, x, y) for x in range(12) for y in range(12)}
    # Supersampled drawing leaves partial coverage on the rounded corner, not a hard step.
    assert any(0 < a < 255 for a in edge_alphas)


@pytest.mark.parametrize("width", [48, 120, 300])
def test_distinct_cards_have_distinct_pixels(width: int) -> None:
    faces = {pixels(card_face(GAME, card, width)) for card in CARDS}
    assert len(faces) == len(CARDS)


def test_colorblind_palette_differs_from_default() -> None:
    for card in CARDS:
        normal = card_face(GAME, card, 120)
        safe = card_face(GAME, card, 120, colorblind=True)
        assert normal.get_size() == safe.get_size()
        assert pixels(normal) != pixels(safe), card
    for palette in (False, True):
        colours = [house_colour(h, palette) for h in range(len(HOUSES))]
        assert len(set(colours)) == len(HOUSES)
    assert all(house_colour(h) != house_colour(h, True) for h in range(len(HOUSES)))


def test_face_shows_the_house_colour() -> None:
    for card in ("A1", "C4", "F8"):
        face = card_face(GAME, card, 120)
        # The frame, a few pixels in from the middle of the left edge, is the house colour.
        frame = tuple(face.get_at((1, face.get_height() // 2)))[:3]
        assert frame == house_colour(house_of(card))


# ---- backs -----------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [48, 120, 300])
def test_back_is_patterned_and_differs_from_every_face(width: int) -> None:
    back = card_back(GAME, width)
    assert back.get_size() == (width, round(width * CARD_ASPECT))
    assert back.get_flags() & pygame.SRCALPHA
    assert alpha_at(back, 0, 0) == 0
    faces = {pixels(card_face(GAME, card, width)) for card in CARDS}
    assert pixels(back) not in faces
    # Not a flat colour: a patterned field has many distinct colours.
    w, h = back.get_size()
    colours = {tuple(back.get_at((x, y))) for x in range(w // 4, w * 3 // 4) for y in range(h)}
    assert len(colours) > 8


# ---- counters --------------------------------------------------------------------------------


@pytest.mark.parametrize("diameter", [24, 48, 96])
def test_counter_tokens_render_round_and_all_differ(diameter: int) -> None:
    seen = set()
    for value in [*COUNTERS, None]:
        token = counter_token(value, diameter)
        assert token.get_size() == (diameter, diameter)
        assert token.get_flags() & pygame.SRCALPHA
        assert alpha_at(token, 0, 0) == 0  # round: the corners are empty
        assert alpha_at(token, diameter // 2, diameter // 2) == 255
        seen.add(pixels(token))
    assert len(seen) == len(COUNTERS) + 1


def test_counter_tokens_have_a_colorblind_palette() -> None:
    for value in COUNTERS:
        assert pixels(counter_token(value, 48)) != pixels(counter_token(value, 48, colorblind=True))


@pytest.mark.parametrize("value", [4, -1, 6, "5", True, 2.0])
def test_counter_token_rejects_values_that_are_not_counters(value: object) -> None:
    with pytest.raises(ValueError):
        counter_token(value, 48)  # type: ignore[arg-type]


# ---- emblems ---------------------------------------------------------------------------------


def test_emblem_silhouettes_are_distinct_without_colour() -> None:
    masks = []
    for house in range(len(HOUSES)):
        surface = pygame.Surface((64, 64), pygame.SRCALPHA)
        drawn = house_emblem(surface, house, (0, 0, 64, 64), (0, 0, 0))
        assert pygame.Rect(0, 0, 64, 64).contains(drawn)
        masks.append(pygame.mask.from_surface(surface, 127))
    for a in range(len(masks)):
        assert masks[a].count() > 64 * 64 * 0.2, HOUSES[a]  # a solid shape, not a wisp
        for b in range(a + 1, len(masks)):
            differing = (
                masks[a].count() + masks[b].count() - 2 * masks[a].overlap_area(masks[b], (0, 0))
            )
            # At least a tenth of the square differs between any two shapes.
            assert differing > 64 * 64 * 0.1, (HOUSES[a], HOUSES[b])


def test_emblem_stays_inside_its_rect() -> None:
    surface = pygame.Surface((100, 100), pygame.SRCALPHA)
    rect = pygame.Rect(30, 20, 40, 60)
    drawn = house_emblem(surface, 3, rect, (200, 0, 0))
    assert rect.contains(drawn)
    assert drawn.width == drawn.height == 40
    bounds = surface.get_bounding_rect()
    assert bounds.width > 0 and rect.contains(bounds)


def test_house_lookups_reject_bad_indexes() -> None:
    surface = pygame.Surface((10, 10), pygame.SRCALPHA)
    for bad in (-1, 6, True):
        with pytest.raises(ValueError):
            house_colour(bad)
        with pytest.raises(ValueError):
            house_emblem(surface, bad, (0, 0, 10, 10), (0, 0, 0))


# ---- caching and dispatch --------------------------------------------------------------------


def test_cache_returns_the_identical_object() -> None:
    assert card_face(GAME, "B3", 120) is card_face(GAME, "B3", 120)
    assert card_face(GAME, "B3", 120) is card_face(GAME, "B3", 120, colorblind=False)
    assert card_face(GAME, "B3", 120, colorblind=True) is card_face(
        GAME, "B3", 120, colorblind=True
    )
    assert card_face(GAME, "B3", 120) is not card_face(GAME, "B3", 121)
    assert card_back(GAME, 90) is card_back(GAME, 90)
    assert counter_token(5, 40) is counter_token(5, 40)
    assert counter_token(None, 40) is counter_token(None, 40, colorblind=False)


@pytest.mark.parametrize("card", ["G1", "A0", "A9", "a5", "", "A10", "5A"])
def test_unknown_card_raises_value_error(card: str) -> None:
    with pytest.raises(ValueError):
        card_face(GAME, card, 120)


def test_unknown_game_raises_value_error() -> None:
    with pytest.raises(ValueError):
        card_face("no_such_game", "A1", 120)
    with pytest.raises(ValueError):
        card_back("no_such_game", 120)


@pytest.mark.parametrize("width", [0, -5, 7, 2.5, True, "120"])
def test_bad_width_raises_value_error(width: object) -> None:
    with pytest.raises(ValueError):
        card_face(GAME, "A1", width)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        card_back(GAME, width)  # type: ignore[arg-type]


def test_dispatch_is_generic(monkeypatch: pytest.MonkeyPatch) -> None:
    declared: dict[str, GameArt] = {}
    art_for = tabletop.games.art_for
    monkeypatch.setattr(tabletop.games, "art_for", lambda gid: declared.get(gid) or art_for(gid))
    card_art.clear_cache()
    calls = []

    def paint(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
        if card != "X":
            raise ValueError(card)
        calls.append((card, w, h, colorblind))
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        surface.fill((1, 2, 3))
        return surface

    declared["other_game"] = GameArt(face=paint)
    face = card_face("other_game", "X", 50, colorblind=True)
    assert calls == [("X", 50, 70, True)]
    assert face.get_at((10, 10))[:3] == (1, 2, 3)
    assert card_face("other_game", "X", 50, colorblind=True) is face  # cached: painted once
    assert len(calls) == 1
    with pytest.raises(ValueError):
        card_face("other_game", "A1", 50)
    # A game with no back of its own still gets a proper back.
    assert card_back("other_game", 50).get_size() == (50, 70)

    def wrong_size(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
        return pygame.Surface((w + 1, h), pygame.SRCALPHA)

    declared["broken_game"] = GameArt(face=wrong_size)
    with pytest.raises(RuntimeError):
        card_face("broken_game", "X", 50)


# ---- layout: text never overflows or overlaps ------------------------------------------------


def _circle_hits(circle: pygame.Rect, other: pygame.Rect) -> bool:
    cx, cy, r = circle.centerx, circle.centery, circle.width / 2
    dx = max(other.left - cx, 0, cx - other.right)
    dy = max(other.top - cy, 0, cy - other.bottom)
    return dx * dx + dy * dy < r * r


# Every house (so every name) and every number (so every action text) appears here.
SAMPLE = ["A1", "B2", "C3", "D4", "E5", "F6", "A7", "D8", "D1", "D5", "D7", "B8"]


@pytest.mark.parametrize("card", SAMPLE)
def test_layout_elements_fit_and_never_overlap_at_any_width(card: str) -> None:
    for width in range(16, 481):
        layout = royal_layout(card, width)
        card_rect = pygame.Rect(0, 0, width, round(width * CARD_ASPECT))
        assert card_rect.contains(layout.inner)
        items = list(layout.elements.items())
        for name, rect in items:
            assert layout.inner.contains(rect), (width, name, rect, layout.inner)
        for i, (a, ra) in enumerate(items):
            for b, rb in items[i + 1 :]:
                if {a, b} & {"panel"} and (a.startswith("line") or b.startswith("line")):
                    continue  # the action text lies on its panel
                if "medallion" in (a, b):
                    circle, other = (ra, rb) if a == "medallion" else (rb, ra)
                    hit = _circle_hits(circle, other)
                else:
                    hit = ra.colliderect(rb)
                assert not hit, (width, a, ra, b, rb)
        if "panel" in layout.elements:
            panel = layout.elements["panel"]
            for name, rect in items:
                if name.startswith("line"):
                    assert panel.contains(rect), (width, name)


@pytest.mark.parametrize("card", SAMPLE)
def test_level_of_detail_grows_with_width(card: str) -> None:
    number = number_of(card)
    for width in (48, 70, 89):
        layout = royal_layout(card, width)
        assert {"number", "badge", "medallion"} <= set(layout.elements)
        assert "name" not in layout.elements and not layout.lines
    for width in (90, 110, 129):
        layout = royal_layout(card, width)
        assert "name" in layout.elements and not layout.lines
    for width in (130, 200, 300, 480):
        layout = royal_layout(card, width)
        assert "name" in layout.elements
        assert " ".join(layout.lines) == ACTIONS[number], width
        assert layout.text_size >= 9  # still readable at the smallest width that shows it


def test_number_is_large() -> None:
    for width in (48, 120, 300):
        layout = royal_layout("A8", width)
        number = layout.elements["number"]
        # The number is the biggest text on the card: at least a sixth of the card's width.
        assert number.height >= width / 6, width


def test_emblems_line_up_across_a_width() -> None:
    for width in (60, 100, 140, 300):
        spots = {tuple(royal_layout(card, width).medallion) for card in CARDS}
        assert len(spots) == 1, width
