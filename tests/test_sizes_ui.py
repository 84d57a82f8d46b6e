"""No rough edge at any size: the TV profile's play area, Alliances' tiles and
defence numbers on a TV, the text-fit check itself, hover tips over cards, Allegiance's hand
order and Medici's team colours."""

from __future__ import annotations

import itertools
import math
import random

import pygame
import pytest
from colour_vision import VISIONS, delta_e
from scene_helpers import make_app, pump

import rules
from tabletop.app import App
from tabletop.display import Display
from tabletop.games.alliances import art as alliances_art
from tabletop.games.medici import art as medici_art
from tabletop.games.medici.layout import TEAM_COLOURS
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session
from tabletop.table import card_art, fit_check
from tabletop.table.model import Box, TableModel, Text

PLAYERS = {"royal_houses": 2, "allegiance": 4, "machiavelli": 3, "medici": 4, "alliances": 4}


def session(game_id: str, players: int, steps: int = 40, seed: int = 3) -> Session:
    """Everyone human; random legal moves until ``steps`` in and the first seat to move."""
    seats = [SeatConfig(n) for n in ("Sam", "Nadia", "Omar", "Pia", "Quinn")[:players]]
    s = Session(game_id, seats, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not s.game.over and (moves < steps or s.game.to_move != 0):
        s.play(rng.choice(s.game.legal_moves()))
        moves += 1
    return s


def table(app: App, s: Session, viewer: int | None = 0) -> TableScene:
    scene = TableScene(app, s)
    app.push(scene)
    while app.top is not scene:  # skip the hand-over cover
        app.pop()
    scene.handing_over = True
    scene._set_viewer(viewer)
    scene.refresh(animate=False)
    pump(app, 2)
    return scene


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_tv_play_area_is_at_least_the_desktops(game_id: str) -> None:
    """The TV profile must make the shared play area *larger*, not smaller."""
    areas = {}
    for profile in ("desktop", "tv"):
        app = make_app((1920, 1080), profile, animation_speed=0.0)
        try:
            areas[profile] = table(app, session(game_id, PLAYERS[game_id])).layout_rect.copy()
        finally:
            app.quit()
    assert areas["tv"].w >= areas["desktop"].w and areas["tv"].h >= areas["desktop"].h, areas


def test_alliances_tiles_and_defence_numbers_grow_on_a_tv() -> None:
    """Alliances tiles and defence numbers do not shrink on a TV: they are bigger than on the
    desktop, the numbers at least the body size."""
    tiles = {}
    for profile in ("desktop", "tv"):
        app = make_app((1920, 1080), profile, animation_speed=0.0)
        try:
            scene = table(app, session("alliances", 4))
            d = app.display
            tile = next(p for p in scene.model.pieces if p.art[2:3] == ("tile",))
            tiles[profile] = tile.rect.size
            numbers = tile.art[9]
            assert numbers == d.body_px
            layout = alliances_art.tile_layout(tile.art[3], *tile.rect.size, numbers)
            assert layout.value_size >= d.body_px, (profile, layout.value_size, d.body_px)
        finally:
            app.quit()
    assert tiles["tv"][0] > tiles["desktop"][0], tiles


def test_fit_check_finds_text_that_does_not_fit() -> None:
    """The text-fit test "fails on text that does not fit its box": the check
    reports a label cut to a stub, text leaving the area, overlapping texts and text across
    a panel's edge, and passes text that fits."""
    pygame.init()
    d = Display(1920, 1080)
    area = pygame.Rect(0, 0, 800, 600)
    fine = TableModel(texts=[Text("Hello", (10, 10), 22)])
    assert fit_check.model_problems(fine, area, d) == []
    bad = TableModel(
        texts=[
            Text("12345678", (100, 100), 22, max_width=20),  # cut to almost nothing
            Text("Off the table", (790, 300), 22),  # leaves the area
            Text("One", (300, 300), 22),
            Text("Two", (305, 302), 22),  # on top of "One"
            Text("Across the rim", (500, 495), 22),
        ],
        boxes=[Box(pygame.Rect(450, 400, 400, 100))],
    )
    found = " | ".join(fit_check.model_problems(bad, area, d))
    assert "cut to" in found and "leaves the play area" in found
    assert "overlaps" in found and "crosses the edge" in found
    font = pygame.font.Font(None, 40)

    class Label:  # what the check reads of a pygame-gui element
        text, visible, rect = "A long button label", True, pygame.Rect(0, 0, 50, 30)

        def __init__(self) -> None:
            self.font = font

    assert fit_check.gui_problems([Label()])


def test_hovering_a_hand_card_shows_its_full_text_never_a_hidden_one() -> None:
    """Hovering any card shows its full text as a tip, never for cards hidden
    from the viewer."""
    app = make_app((1920, 1080), animation_speed=0.0)
    try:
        s = session("alliances", 2, steps=0)
        scene = table(app, s)
        hand = s.game.view(0)["hands"][0]
        pieces = [p for p in scene.model.pieces if p.id in hand]
        assert pieces
        for piece in pieces:  # the visible part of each (overlapped) card
            left = piece.rect.x + 4
            tip = scene.tip_at((left, piece.rect.centery))
            assert tip == card_art.card_text("alliances", piece.id), (piece.id, tip)
        special = next(p for p in pieces if p.id in rules.alliances.SPECIAL_ACTIONS)
        tip = scene.tip_at((special.rect.x + 4, special.rect.centery))
        assert tip is not None and alliances_art.special_name(special.id) in tip
        assert alliances_art.special_effects(special.id)[0] in tip
        # Royal Houses shows the rival's unknown cards face down: their tip names no card.
        rh = session("royal_houses", 2, steps=6)
        scene = table(app, rh)
        shown = set(rh.game.view(0)["known_in_hand"][1])
        hidden = set(rh.game.hands[1]) - shown  # the rival's cards Sam may not see
        assert hidden
        backs = [p for p in scene.model.pieces if p.art[0] == "back"]
        assert backs
        for piece in backs:
            tip = scene.tip_at(piece.rect.center) or ""
            names = {card_art.card_text("royal_houses", c) for c in hidden}
            assert not any(n and n in tip for n in names), tip
    finally:
        app.quit()


def test_allegiance_hand_sorts_by_suit_then_rank_victories_and_moon_apart() -> None:
    """Allegiance hands sort by suit then rank, with Victories and the Moon
    apart; a crowded hand uses the free width of the table."""
    from rules.allegiance import FACE_SET, HOUSE_OF, MOON, RANK_OF, VICTORY_SET

    app = make_app((1920, 1080), animation_speed=0.0)
    try:
        s = session("allegiance", 3, steps=0)
        scene = table(app, s)
        hand = set(s.game.view(0)["hands"][0])
        pieces = sorted((p for p in scene.model.pieces if p.id in hand), key=lambda p: p.rect.x)
        order = [p.id for p in pieces]
        faces = [c for c in order if c in FACE_SET]
        assert faces == sorted(faces, key=lambda c: (HOUSE_OF[c], -RANK_OF[c]))
        apart = [i for i, c in enumerate(order) if c in VICTORY_SET or c == MOON]
        assert apart and apart == list(range(len(order) - len(apart), len(order)))
        first = apart[0]
        steps = [b.rect.x - a.rect.x for a, b in itertools.pairwise(pieces)]
        assert steps[first - 1] > max(steps[: first - 1]), steps  # a gap before them
        # 18 cards: the hand spreads over the table's width (its seat's panel moved up).
        area = scene.layout_rect
        assert pieces[-1].rect.right - pieces[0].rect.x > area.w * 0.8
    finally:
        app.quit()


def _distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The "redmean" colour difference: perceived distance from plain RGB."""
    r = (a[0] + b[0]) / 2
    dr, dg, db = (a[i] - b[i] for i in range(3))
    return math.sqrt((2 + r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - r) / 256) * db * db)


def test_medici_team_colours_do_not_clash_with_house_colours() -> None:
    """A Medici 4-player table does not use team colours that clash with house
    colours (colour-blind mode too)."""
    houses = [medici_art.house_colour(h, cb) for h in range(4) for cb in (False, True)]
    for team in TEAM_COLOURS:
        for house in houses:
            assert _distance(team, house) > 150, (team, house)
    assert _distance(*TEAM_COLOURS) > 150


#: How far (CIEDE2000, lightness at half weight) a team colour stays from every house colour,
#: as each vision sees both. Team names are light text on dark panels and most house colours
#: are darker, so lightness alone must not make a colour "far": a light pink still reads as a
#: red house. About 2 is the least difference an eye notices side by side; colours seen apart
#: on the table (a name here, a card there) need ten times that to read as different colours.
TEAM_FROM_HOUSE = 20
#: How far apart the two teams stay (plain CIEDE2000), for every vision: told apart at a glance.
TEAM_FROM_TEAM = 15


@pytest.mark.parametrize("vision", sorted(VISIONS))
def test_medici_team_colours_read_apart_from_every_house_for_every_eye(vision: str) -> None:
    """A team colour must not read as a house colour: as a typical, protan or deutan eye sees
    them, each team colour is far from every house colour of both palettes (the colour-blind
    setting's too), and the two teams are far from each other."""
    see = VISIONS[vision]
    houses = [medici_art.house_colour(h, cb) for h in range(4) for cb in (False, True)]
    near = [
        (team, house, round(delta_e(see(team), see(house), k_l=2), 1))
        for team in TEAM_COLOURS
        for house in houses
        if delta_e(see(team), see(house), k_l=2) < TEAM_FROM_HOUSE
    ]
    assert not near, near
    assert delta_e(see(TEAM_COLOURS[0]), see(TEAM_COLOURS[1])) >= TEAM_FROM_TEAM


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_every_game_names_a_hovered_hand_card_in_full(game_id: str) -> None:
    """Hovering any card shows its full text (every game declares the words)."""
    app = make_app((1920, 1080), animation_speed=0.0)
    try:
        s = session(game_id, PLAYERS[game_id])
        scene = table(app, s)
        hand = set(s.game.view(0)["hands"][0] or [])
        pieces = [p for p in scene.model.pieces if p.id in hand and p.art[0] == "card"]
        assert pieces, game_id
        top = max(pieces, key=lambda p: p.z)  # wholly in view
        tip = scene.tip_at(top.rect.center)
        assert tip is not None and tip == card_art.card_text(game_id, top.id), tip
    finally:
        app.quit()


SIZES = [
    ((1280, 720), "desktop"),
    ((1920, 1080), "desktop"),
    ((3840, 2160), "desktop"),
    ((1920, 1080), "tv"),
    ((1280, 720), "tv"),
]


@pytest.mark.parametrize(("size", "profile"), SIZES, ids=[f"{s[0]}x{s[1]}-{p}" for s, p in SIZES])
def test_undo_tool_tip_reads_in_lines_and_keeps_off_the_log(
    size: tuple[int, int], profile: str
) -> None:
    """The Undo button's tool tip is as wide as its text needs up to about 40 characters (two
    lines, never a word a line) and stands clear of the game log, its title included."""
    from scene_helpers import royal_houses_table

    from tabletop.ui.tooltips import MEASURE

    app = make_app(size, profile, animation_speed=0.0)
    try:
        scene = royal_houses_table(app, ("human", "easy"))
        pump(app, 3)
        while app.top is not scene:
            app.pop()
        button = scene.controls.undo_button
        assert button is not None and button.visible
        pygame.mouse.set_pos(button.rect.center)
        motion = pygame.event.Event(
            pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
        pygame.event.post(motion)
        pump(app, 90)  # the tip's delay is a second
        tip = button.tool_tip
        assert tip is not None and tip.text_block is not None
        font = app.ui.get_theme().get_font(["tool_tip.text_box", "text_box"])
        rows = tip.text_block.text_box_layout.layout_rows
        assert len(rows) == 2, f"{len(rows)} lines"
        assert tip.rect.width <= font.size(MEASURE)[0] * 1.25
        assert not tip.rect.colliderect(scene.log.rect)
        assert app.screen.get_rect().contains(tip.rect)
    finally:
        app.quit()


def test_a_short_tool_tip_is_as_wide_as_its_text() -> None:
    from tabletop.ui.tooltips import MEASURE

    app = make_app((3840, 2160))
    try:
        font = app.ui.get_theme().get_font(["tool_tip.text_box", "text_box"])
        assert app.ui.tool_tip_width("Set up a game of Allegiance") == -1  # pygame-gui: fit
        wide = app.ui.tool_tip_width("x " * 60)
        assert font.size(MEASURE)[0] <= wide <= font.size(MEASURE)[0] * 1.25
    finally:
        app.quit()


@pytest.mark.parametrize("profile", ["desktop", "tv"])
def test_the_game_night_tip_reads_in_lines_not_a_word_a_line(profile: str) -> None:
    """The setup's Game night check box explains itself in a tip a few lines long at both
    profiles (pygame-gui's fixed 170 px put one word on each line on a TV)."""
    from tabletop.scenes.setup import SetupScene
    from tabletop.ui.tooltips import MEASURE

    app = make_app((1920, 1080), profile=profile)
    try:
        scene = SetupScene(app, "allegiance")
        app.push(scene)
        pump(app, 2)
        check = scene.night_check
        assert check is not None
        centre = check.rect.center
        pygame.mouse.set_pos(centre)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
        )
        pump(app, 90)  # the tip's delay is a second
        tip = check.tool_tip
        assert tip is not None and tip.text_block is not None
        rows = tip.text_block.text_box_layout.layout_rows
        assert 1 <= len(rows) <= 3, f"{len(rows)} lines"
        font = app.ui.get_theme().get_font(["tool_tip.text_box", "text_box"])
        assert tip.rect.width >= font.size(MEASURE)[0] * 0.9
        assert app.screen.get_rect().contains(tip.rect)
    finally:
        app.quit()


@pytest.mark.parametrize("game", ["medici", "alliances", "machiavelli"])
def test_setup_buttons_end_clear_of_the_gold_frame_on_a_720p_tv(game: str) -> None:
    """At 1280×720 on the TV the setup form is taller than the window: the page scrolls far
    enough that Back and Start stand clear of the backdrop's gold frame (they had touched its
    bottom line, the form not scrolling)."""
    from tabletop.scenes.setup import SetupScene
    from tabletop.ui.menu import frame_inset

    app = make_app((1280, 720), profile="tv")
    try:
        scene = SetupScene(app, game)
        app.push(scene)
        pump(app, 2)
        scene.scroll_by(scene.max_scroll)
        pump(app, 1)
        bottom = app.display.height - frame_inset(app.display)
        for button in (scene.back_button, scene.start_button):
            assert button.rect.bottom < bottom, (button.rect, bottom)
    finally:
        app.quit()
