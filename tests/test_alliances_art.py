"""Alliances art: every card, tile and token stack paints, differs, and keeps its text inside."""

from __future__ import annotations

import os

# Headless before anything imports pygame (TESTING-GUI.md).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import math
from collections.abc import Iterator

import pygame
import pytest

from tabletop import fonts
from tabletop.fonts import get_font
from tabletop.games.alliances import art
from tabletop.table import card_art
from tabletop.table.card_art import CARD_ASPECT, card_back, card_face

GAME = "alliances"
# From a 1024×600 window (a hand card about 55 px) to a 4K table (about 240 px) and beyond.
WIDTHS = [16, 24, 40, 55, 59, 60, 79, 80, 90, 104, 118, 140, 160, 208, 240, 400]
# What the desktop and TV profiles give a hand card at 1080p (tabletop/display.py, px(104)).
HAND_WIDTHS = [104, 140]
SAMPLE_COUNTRIES = [
    ("Valdoria", (3, 5, 2)),
    ("Northern Tessaly Reach", (9, 0, 1)),
    ("Port Aurelle", (0, 0, 0)),
    ("Q", (27, 12, 99)),  # modified defences (Defensive Pact triples) print too
]


@pytest.fixture(autouse=True)
def pygame_session() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()
    # Fonts die with pygame.quit(); the next test must load them afresh.
    fonts.clear_cache()
    art.clear_cache()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def countries() -> list[tuple[str, tuple[int, int, int]]]:
    """The rules' 20 countries when that module is there, and our awkward samples."""
    found = list(SAMPLE_COUNTRIES)
    try:
        from rules.alliances import COUNTRIES
    except ImportError:
        return found
    return found + [(c[0], (c[1], c[2], c[3])) for c in COUNTRIES]


def circle_clear(circle: pygame.Rect, rect: pygame.Rect) -> bool:
    """Whether the circle inscribed in ``circle`` keeps off ``rect``."""
    cx, cy, r = circle.centerx, circle.centery, circle.w / 2
    dx = max(rect.left - cx, 0, cx - rect.right)
    dy = max(rect.top - cy, 0, cy - rect.bottom)
    return math.hypot(dx, dy) >= r - 1


# ---- cards -----------------------------------------------------------------------------------


def test_the_deck_is_36_power_cards_and_12_special_actions() -> None:
    assert len(art.POWER_CARDS) == 36 and len(set(art.POWER_CARDS)) == 36
    assert len(art.SPECIAL_CARDS) == 12
    # Four special actions per suit, as the source groups them.
    for suit in art.SUITS:
        assert sum(art.suit_of(c) == suit for c in art.SPECIAL_CARDS) == 4


def test_our_card_ids_are_the_rules_card_ids() -> None:
    rules = pytest.importorskip("rules.alliances")
    assert set(art.CARDS) == set(rules.ALL_CARDS)
    for card, (name, _effect) in rules.SPECIAL_ACTIONS.items():
        assert art.special_name(card) == name
        assert art.suit_of(card) == rules.SPECIAL_SUIT[card]


@pytest.mark.parametrize("width", WIDTHS)
def test_every_card_paints_at_the_exact_size(width: int) -> None:
    expected = (width, round(width * CARD_ASPECT))
    for card in art.CARDS:
        for colorblind in (False, True):
            face = card_face(GAME, card, width, colorblind=colorblind)
            assert face.get_size() == expected, (card, width)
            assert face.get_flags() & pygame.SRCALPHA
            # Rounded corners: the very corner is see-through, the middle is opaque.
            assert face.get_at((0, 0)).a < 128
            assert face.get_at((width // 2, expected[1] // 2)).a == 255


@pytest.mark.parametrize("width", [24, 40, 60, 104, 208])
def test_every_card_looks_different(width: int) -> None:
    faces = {pixels(card_face(GAME, card, width)) for card in art.CARDS}
    assert len(faces) == len(art.CARDS)


def test_colorblind_mode_differs_for_every_card() -> None:
    for card in art.CARDS:
        plain = card_face(GAME, card, 104)
        safe = card_face(GAME, card, 104, colorblind=True)
        assert pixels(plain) != pixels(safe), card


# Machado et al. (2009) colour-vision-deficiency matrices (severity 1), on linear RGB.
CVD = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def lab_as_seen(colour: tuple[int, int, int], matrix: tuple) -> tuple[float, float, float]:
    """CIELAB of ``colour`` as a viewer with that deficiency sees it."""

    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    rgb = [lin(v) for v in colour]
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
    )
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def test_colorblind_suit_colours_stay_apart_for_every_deficiency() -> None:
    colours = [art.suit_colour(s, colorblind=True) for s in art.SUITS]
    for name, matrix in CVD.items():
        for i, a in enumerate(colours):
            for b in colours[i + 1 :]:
                distance = math.dist(lab_as_seen(a, matrix), lab_as_seen(b, matrix))
                assert distance >= 50, (name, a, b, round(distance))


def test_suit_symbols_have_distinct_silhouettes() -> None:
    masks = {}
    for suit in art.SUITS:
        symbol = art.symbol_surface(suit, 48, (0, 0, 0))
        masks[suit] = [symbol.get_at((x, y)).a > 128 for y in range(48) for x in range(48)]
    for a in art.SUITS:
        for b in art.SUITS:
            if a < b:
                differ = sum(x != y for x, y in zip(masks[a], masks[b], strict=True))
                assert differ > 48 * 48 * 0.1, (a, b)


def test_every_special_has_its_own_symbol() -> None:
    drawn = {pixels(art.symbol_surface(name, 40, (10, 10, 10))) for name in art.SYMBOLS}
    assert len(drawn) == len(art.SYMBOLS) == 15


@pytest.mark.parametrize("width", [16, 40, 104, 300])
def test_back_is_the_same_for_all_and_unlike_any_face(width: int) -> None:
    back = card_back(GAME, width)
    assert back.get_size() == (width, round(width * CARD_ASPECT))
    faces = {pixels(card_face(GAME, card, width)) for card in art.CARDS}
    assert pixels(back) not in faces


@pytest.mark.parametrize("card", ["", "M0", "M13", "X1", "m1", "spin ", "Spin", None, 7])
def test_unknown_card_raises_value_error(card: object) -> None:
    with pytest.raises(ValueError):
        card_face(GAME, card, 104)  # type: ignore[arg-type]


# ---- layouts: inside the card, no overlap, text that fits ------------------------------------


def layout_widths() -> list[int]:
    return [*range(16, 200), *range(200, 481, 7)]


def test_power_layouts_fit_and_never_overlap() -> None:
    for width in layout_widths():
        height = round(width * CARD_ASPECT)
        card_rect = pygame.Rect(0, 0, width, height)
        for card in art.POWER_CARDS:
            layout = art.power_layout(card, width)
            el = layout.elements
            inner = card_rect.inflate(-2 * layout.frame, -2 * layout.frame)
            boxes = {k: r for k, r in el.items() if k != "medallion"}
            for name, rect in boxes.items():
                assert inner.contains(rect), (card, width, name, rect)
            names = list(boxes)
            for i, a in enumerate(names):
                for b in names[i + 1 :]:
                    assert not boxes[a].colliderect(boxes[b]), (card, width, a, b)
            if "medallion" in el:
                med = el["medallion"]
                assert inner.contains(med), (card, width)
                for name, rect in boxes.items():
                    assert circle_clear(med, rect), (card, width, name)


def test_power_numbers_are_big() -> None:
    for width in (40, 60, 104, 140, 300):
        for card in ("M1", "E10", "P12"):
            number = art.power_layout(card, width).elements["number"]
            # The number is the biggest text on the card: at least a sixth of its width tall.
            assert number.height >= width / 6, (card, width, number)


def test_special_layouts_fit_and_never_overlap() -> None:
    for width in layout_widths():
        height = round(width * CARD_ASPECT)
        card_rect = pygame.Rect(0, 0, width, height)
        for card in art.SPECIAL_CARDS:
            layout = art.special_layout(card, width)
            el = layout.elements
            inner = card_rect.inflate(-2 * layout.frame, -2 * layout.frame)
            boxes = {k: r for k, r in el.items() if k != "medallion"}
            for name, rect in boxes.items():
                assert inner.contains(rect), (card, width, name, rect)
            names = list(boxes)
            for i, a in enumerate(names):
                for b in names[i + 1 :]:
                    assert not boxes[a].colliderect(boxes[b]), (card, width, a, b)
            for key in ("medallion", "symbol"):
                if key in el:
                    assert inner.contains(el[key]), (card, width, key)
            if "medallion" in el:
                for name, rect in boxes.items():
                    assert circle_clear(el["medallion"], rect), (card, width, name)
            if "name" in layout.lines:
                band = pygame.Rect(0, 0, width, art.band_height(width))
                font = get_font(layout.sizes["name"], "sans-bold")
                for i, line in enumerate(layout.lines["name"]):
                    assert band.contains(el[f"name{i}"]), (card, width)
                    assert font.size(line)[0] <= el[f"name{i}"].w
            if "effect" in layout.lines:
                panel = el["panel"]
                size = layout.sizes["effect"]
                assert size >= art.MIN_TEXT
                font = get_font(size, "sans")
                for line, rect in zip(
                    layout.lines["effect"],
                    art._text_block(layout.lines["effect"], size, "sans", panel.center),
                    strict=True,
                ):
                    assert font.size(line)[0] == rect.w
                    assert panel.inflate(-2, -2).contains(rect), (card, width, line)


@pytest.mark.parametrize("width", HAND_WIDTHS)
def test_special_cards_print_their_whole_name_and_effect_at_hand_size(width: int) -> None:
    for card in art.SPECIAL_CARDS:
        layout = art.special_layout(card, width)
        assert " ".join(layout.lines["name"]) == art.special_name(card)
        assert " ".join(layout.lines["effect"]) in art.special_effects(card)
        assert layout.sizes["effect"] >= art.MIN_TEXT
        assert layout.sizes["name"] >= 10, "the name must be readable in a hand"


def test_cards_of_one_width_share_their_grid() -> None:
    # Medallions and panels line up across a hand of special cards.
    for width in (90, 104, 140, 208):
        spots = {
            tuple(art.special_layout(c, width).elements["medallion"]) for c in art.SPECIAL_CARDS
        }
        assert len(spots) == 1, width
        spots = {tuple(art.power_layout(c, width).elements["medallion"]) for c in art.POWER_CARDS}
        assert len(spots) == 1, width


# ---- tiles -----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(16, 16), (60, 46), (84, 64), (150, 112), (200, 150), (400, 300)])
def test_every_country_tile_paints_at_any_size(size: tuple[int, int]) -> None:
    for name, defence in countries():
        for colorblind in (False, True):
            tile = art.country_tile(name, defence, *size, colorblind=colorblind)
            assert tile.get_size() == size
            assert tile.get_at((size[0] // 2, size[1] // 2)).a == 255


def test_tile_layouts_fit_and_never_overlap() -> None:
    sizes = [(w, round(w * 0.75)) for w in range(16, 320, 3)] + [(120, 60), (60, 120)]
    for name, _defence in countries():
        for w, h in sizes:
            layout = art.tile_layout(name, w, h)
            tile_rect = pygame.Rect(0, 0, w, h).inflate(-2 * layout.border, -2 * layout.border)
            boxes = layout.elements
            for key, rect in boxes.items():
                assert tile_rect.contains(rect), (name, w, h, key, rect)
            keys = list(boxes)
            for i, a in enumerate(keys):
                for b in keys[i + 1 :]:
                    assert not boxes[a].colliderect(boxes[b]), (name, w, h, a, b)
            font = get_font(layout.name_size, "serif-bold") if layout.name_size else None
            for i, line in enumerate(layout.name_lines):
                assert font is not None and font.size(line)[0] <= boxes[f"name{i}"].w


def test_tile_names_show_whole_at_table_size() -> None:
    for name, _defence in countries():
        layout = art.tile_layout(name, 150, 112)
        assert " ".join(layout.name_lines) == name
        assert layout.name_size >= 11 and layout.chip_symbols


def test_tile_states_and_values_all_show() -> None:
    plain = pixels(art.country_tile("Valdoria", (3, 5, 2), 150, 112))
    variants = [
        art.country_tile("Valdoria", (3, 5, 2), 150, 112, lit=True),
        art.country_tile("Valdoria", (3, 5, 2), 150, 112, target=True),
        art.country_tile("Valdoria", (3, 5, 2), 150, 112, highlight=(200, 40, 40)),
        art.country_tile("Valdoria", (3, 5, 2), 150, 112, colorblind=True),
        art.country_tile("Valdoria", (3, 6, 2), 150, 112),
        art.country_tile("Valdorio", (3, 5, 2), 150, 112),
    ]
    seen = {plain, *(pixels(v) for v in variants)}
    assert len(seen) == len(variants) + 1


@pytest.mark.parametrize(
    "name, defence, size",
    [
        ("", (1, 2, 3), (100, 80)),
        (None, (1, 2, 3), (100, 80)),
        ("X", (1, 2), (100, 80)),
        ("X", (1, 2, -1), (100, 80)),
        ("X", (1, 2, 100), (100, 80)),
        ("X", (1, 2, 3.0), (100, 80)),
        ("X", (1, 2, True), (100, 80)),
        ("X", "123", (100, 80)),
        ("X", (1, 2, 3), (15, 80)),
        ("X", (1, 2, 3), (100, 0)),
    ],
)
def test_bad_tile_input_raises_value_error(
    name: object, defence: object, size: tuple[int, int]
) -> None:
    with pytest.raises(ValueError):
        art.country_tile(name, defence, *size)  # type: ignore[arg-type]


# ---- tokens ----------------------------------------------------------------------------------


@pytest.mark.parametrize("diameter", [16, 24, 40, 80, 160])
def test_token_stacks_paint_and_differ(diameter: int) -> None:
    seen = set()
    for player in range(4):
        for count in (1, 2, 3, 5, 12):
            stack = art.token_stack(player, count, diameter)
            assert stack.get_size() == (diameter, diameter)
            seen.add(pixels(stack))
    assert len(seen) == 4 * 5  # every player and every count shows differently
    covered = art.token_stack(0, 1, diameter, under=(1, 2))
    assert pixels(covered) not in seen


def test_token_stack_of_counts_the_top_run() -> None:
    a = art.token_stack_of([1, 0, 0], 40)
    b = art.token_stack(0, 2, 40, under=(1,))
    assert pixels(a) == pixels(b)


def test_tokens_have_a_colorblind_palette_and_marks() -> None:
    for player in range(4):
        plain = art.token_stack(player, 1, 40)
        safe = art.token_stack(player, 1, 40, colorblind=True)
        assert pixels(plain) != pixels(safe)
    assert len(set(art.TOKEN_MARKS)) == 4  # shapes tell players apart without colour


@pytest.mark.parametrize(
    "player, count, diameter, under",
    [
        (4, 1, 40, ()),
        (-1, 1, 40, ()),
        (True, 1, 40, ()),
        (0, 0, 40, ()),
        (0, 100, 40, ()),
        (0, 1, 8, ()),
        (0, 1, 40, (7,)),
        (0, 1.5, 40, ()),
    ],
)
def test_bad_token_input_raises_value_error(
    player: object, count: object, diameter: object, under: tuple[int, ...]
) -> None:
    with pytest.raises(ValueError):
        art.token_stack(player, count, diameter, under=under)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        art.token_stack_of([], 40)


def test_suit_names_and_letters_are_accepted() -> None:
    for suit, name in art.SUIT_NAMES.items():
        assert art.suit_key(suit) == art.suit_key(name) == art.suit_key(name.upper()) == suit
    assert art.suit_key("Economic") == "E" and art.suit_key("political") == "P"
    for bad in ("", "X", "Militar", None, 3):
        with pytest.raises(ValueError):
            art.suit_key(bad)  # type: ignore[arg-type]


def test_surfaces_are_cached() -> None:
    assert card_face(GAME, "M7", 104) is card_face(GAME, "M7", 104)
    tile = art.country_tile("Valdoria", (3, 5, 2), 150, 112)
    assert tile is art.country_tile("Valdoria", [3, 5, 2], 150, 112)
    assert art.token_stack(1, 3, 40) is art.token_stack(1, 3, 40)


def test_every_face_paints_at_200px() -> None:
    # A resize repaints a whole hand and table at once; how long that takes is measured by
    # tests/benchmarks/bench_card_art.py, not asserted here.
    card_art.clear_cache()
    art.clear_cache()
    sizes = {card_face(GAME, card, 200).get_width() for card in art.CARDS}
    assert sizes == {200}
