"""Allegiance at the table, headless: card art for all 54 cards, a layout that fits 3–9 players
at every supported size, every legal move reachable by a gesture, a real drag of a Trait onto
a Face, and no secret Allegiance card on the table before the end."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

import rules
from rules.allegiance import CARDS, FACE_SET, TRAITS
from tabletop.app import App
from tabletop.display import Display
from tabletop.games.allegiance.layout import AllegianceLayout
from tabletop.layouts import get_layout
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings
from tabletop.table import card_art

NAMES = ["Ada", "Bartholomew", "Cy", "Dagny", "Evangeline", "Fo", "Gus", "Hildegard", "Ivo"]


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1600, 900), settings=Settings(animation_speed=0.0), persist_settings=False)
    yield application
    application.quit()


def table(app: App, players: int = 4, seed: int = 3) -> TableScene:
    session = Session("allegiance", [SeatConfig(NAMES[i]) for i in range(players)], seed=seed)
    scene = TableScene(app, session)
    app.push(scene)
    while app.top is not scene:  # skip the hand-over cover; tests look at each seat directly
        app.pop()
    scene.handing_over = True
    return scene


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def mid_game(players: int, seed: int, moves: int = 40) -> rules.Game:
    """A game some way into its first deal, with traits played where possible."""
    game = rules.new_game("allegiance", players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.over or (game.phase != "ally" and not game.hands[game.to_move]):
            break
        legal = game.legal_moves()
        traits = [m for m in legal if m.kind == "trait"]
        move = rng.choice(traits) if traits and rng.random() < 0.5 else rng.choice(legal)
        game.play(move)
        if game.phase in ("next", "over"):
            break
    return game


# ---- card art ---------------------------------------------------------------------------------


def test_every_card_renders_at_three_widths() -> None:
    pygame.init()
    assert len(CARDS) == 54
    for width in (60, 130, 300):
        h = card_art.card_size(width)[1]
        backs = card_art.card_back("allegiance", width)
        assert backs.get_size() == (width, h)
        seen = set()
        for card in CARDS:
            face = card_art.card_face("allegiance", card, width)
            assert face.get_size() == (width, h)
            # Opaque in the middle, and actually painted (not one flat colour).
            assert face.get_at((width // 2, h // 2)).a == 255
            colours = {
                tuple(face.get_at((x, y))) for x in range(0, width, 3) for y in range(0, h, 3)
            }
            assert len(colours) > 12, card
            seen.add(pygame.image.tobytes(face, "RGBA"))
        assert len(seen) == 54, "two cards look exactly alike"
    with pytest.raises(ValueError):
        card_art.card_face("allegiance", "Z9", 80)


def test_colourblind_palette_differs_and_houses_have_distinct_emblems() -> None:
    pygame.init()
    a = card_art.card_face("allegiance", "H5", 120)
    b = card_art.card_face("allegiance", "H5", 120, colorblind=True)
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    from tabletop.games.allegiance.art import emblem_surface

    masks = [pygame.mask.from_surface(emblem_surface(h, 64, (0, 0, 0))) for h in range(5)]
    for i in range(5):
        for j in range(i + 1, 5):
            overlap = masks[i].overlap_area(masks[j], (0, 0))
            union = masks[i].count() + masks[j].count() - overlap
            assert overlap / union < 0.8, f"emblems {i} and {j} are nearly the same shape"


# ---- the layout fits ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 5, 7, 9])
@pytest.mark.parametrize(
    "size,profile", [((1280, 720), "desktop"), ((1920, 1080), "desktop"), ((1920, 1080), "tv")]
)
def test_layout_fits_without_overlaps(players: int, size: tuple[int, int], profile: str) -> None:
    display = Display(*size, profile=profile)
    # The scene's table area: below the status bar, left of the log.
    status_h, log_w = display.px(64), display.px(400)
    rect = pygame.Rect(0, status_h, size[0] - log_w, size[1] - status_h)
    layout = AllegianceLayout()
    for seed in (1, 2):
        game = mid_game(players, seed)
        for viewer in (game.to_move, None):
            model = layout.build(game.view(viewer), viewer, rect, display, NAMES[:players])
            for piece in model.pieces:
                assert rect.contains(piece.rect), (piece.id, piece.rect, rect)
                assert piece.rect.w >= card_art.MIN_WIDTH
            spots = [z.rect for z in model.zones if z.id.startswith("front:")]
            assert len(spots) == players
            for i, a in enumerate(spots):
                assert rect.contains(a)
                for b in spots[i + 1 :]:
                    assert not a.colliderect(b), (a, b)
            trick = model.zone("trick")
            assert trick is not None
            assert trick.rect.collidelist(spots) < 0, "a seat spot covers the trick"
            assert model.action_area is not None
            assert model.action_area.collidelist(spots) < 0
            # Every card of the trick is on the table, inside the trick area.
            for item in game.view(viewer)["trick"]:
                piece = model.piece(item["card"])
                assert piece is not None and trick.rect.contains(piece.rect)
            # Pieces of the hand do not overlap any seat spot but the viewer's own.
            hand = [p for p in model.pieces if p.z >= 40]
            others = [
                z.rect
                for z in model.zones
                if z.id.startswith("front:") and z.id != f"front:{viewer or 0}"
            ]
            for p in hand:
                assert p.rect.collidelist(others) < 0


def test_get_layout_gives_the_allegiance_layout() -> None:
    assert isinstance(get_layout("allegiance"), AllegianceLayout)


# ---- gestures --------------------------------------------------------------------------------


def test_every_legal_move_is_reachable_by_a_gesture(app: App) -> None:
    """Whatever the rules allow, the table offers: by dragging a piece onto a zone, clicking a
    zone, or a button. Checked at every decision of a whole 4-player game."""
    scene = table(app, 4, seed=5)
    rng = random.Random(4)
    game = scene.game
    kinds = set()
    while not game.over:
        scene._set_viewer(game.to_move)
        scene.refresh(animate=False)
        legal = game.legal_moves()
        offered = scene.offered_moves()
        assert set(legal) <= offered, f"not offered: {sorted(map(str, set(legal) - offered))}"
        assert offered <= set(legal), "a gesture must never stand for an illegal move"
        traits = [m for m in legal if m.kind == "trait"]
        kills = [m for m in legal if m.kind == "kill"]
        move = rng.choice(kills or traits) if (kills or traits) and rng.random() < 0.6 else None
        move = move or rng.choice(legal)
        kinds.add(move.kind)
        scene.session.play(move)
    assert {"ally", "play", "trait"} <= kinds


def test_assassin_strikes_the_face_clicked_in_the_trick(app: App) -> None:
    """Issue: "the Assassin's target chosen by click" — each target Face lights up and a click
    on it kills it; sparing them all stays a button."""
    scene = table(app, 4, seed=5)
    game = scene.game
    rng = random.Random(9)
    for _ in range(3000):
        if game.over or game.phase == "kill":
            break
        legal = game.legal_moves()
        face_plays = [m for m in legal if m.kind == "play" and m.cards[0] in FACE_SET]
        assassins = [m for m in face_plays if m.cards[0][1] == "4"]
        scene.session.play(rng.choice(assassins or legal))
        if game.phase == "next":
            scene.session.play(game.legal_moves()[0])
    if game.phase != "kill":
        pytest.skip("no Assassin with a target came up")
    scene._set_viewer(game.to_move)
    scene.refresh(animate=False)
    labels = {b.text: m for b, m in scene.buttons}
    assert list(labels) == ["Spare them all"]
    kills = [m for m in game.legal_moves() if m.kind == "kill"]
    assert {f"face:{m.cards[0]}" for m in kills} == scene.input.targets()
    victim = kills[0].cards[0]
    scene.input.mouse_up(scene.model.zone(f"face:{victim}").rect.center)
    assert all(e[1] != victim for e in game.trick)


def _advance_to_trait_on_face(scene: TableScene, seed: int) -> rules.Move:
    game = scene.game
    rng = random.Random(seed)
    for _ in range(500):
        legal = game.legal_moves()
        ups = [m for m in legal if m.kind == "trait" and m.target.startswith("face:")]
        if ups:
            return ups[0]
        others = [m for m in legal if m.kind != "trait"] or legal
        scene.session.play(rng.choice(others))
        assert not game.over
    raise AssertionError("no chance to lay a Trait on a Face")


def post_drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.mouse.set_pos(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * i // 5, start[1] + (end[1] - start[1]) * i // 5)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def test_dragging_a_trait_onto_a_face_plays_it(app: App) -> None:
    scene = table(app, 4, seed=11)
    move = _advance_to_trait_on_face(scene, 11)
    game = scene.game
    trait, face = move.cards[0], move.target.removeprefix("face:")
    seat = game.to_move
    scene._set_viewer(seat)
    scene.refresh(animate=False)
    frames(app)
    piece = scene.model.piece(trait)
    zone = scene.model.zone(f"face:{face}")
    assert piece is not None and piece.drag == trait and zone is not None
    # The Face's zone is where its card is drawn, and it lies on the trick.
    assert zone.rect == scene.model.piece(face).rect
    assert scene.input.zone_at(zone.rect.center).id == zone.id
    before = len(game.history)
    post_drag(piece.rect.center, zone.rect.center)
    frames(app)
    assert len(game.history) == before + 1
    entry = next(e for e in game.trick if e[1] == face)
    assert (seat, trait) in entry[3]
    # On the new table the trait lies on the Face it modifies.
    scene.refresh(animate=False)
    laid = scene.model.piece(trait)
    assert laid is not None and laid.rect.colliderect(scene.model.piece(face).rect)
    assert laid.z > scene.model.piece(face).z


def test_dropping_a_trait_on_a_player_lays_it_face_down(app: App) -> None:
    scene = table(app, 4, seed=11)
    _advance_to_trait_on_face(scene, 11)
    game = scene.game
    seat = game.to_move
    trait = next(c for c in game.hands[seat] if c in TRAITS)
    target = (seat + 2) % 4
    scene._set_viewer(seat)
    scene.refresh(animate=False)
    frames(app)
    piece = scene.model.piece(trait)
    zone = scene.model.zone(f"front:{target}")
    assert piece is not None and zone is not None
    post_drag(piece.rect.center, zone.rect.center)
    frames(app)
    assert (seat, trait) in game.waiting[target]
    # Another player sees a back there, not the trait.
    scene._set_viewer((seat + 1) % 4)
    arts = [p.art for p in scene.model.pieces]
    assert ("card", "allegiance", trait) not in arts or (seat + 1) % 4 == seat


# ---- secrecy ---------------------------------------------------------------------------------


def test_no_other_allegiance_card_is_shown_before_the_end(app: App) -> None:
    scene = table(app, 5, seed=2)
    game = scene.game
    rng = random.Random(2)
    checked = 0
    while not game.over:
        for viewer in (game.to_move, None):
            scene._set_viewer(viewer)
            scene.refresh(animate=False)
            shown = {p.art[2] for p in scene.model.pieces if p.art[0] == "card"}
            secret = {c for s, c in enumerate(game.allegiance) if c and s != viewer}
            if game.phase not in ("next", "over"):
                assert not shown & secret, f"{shown & secret} visible to {viewer}"
                hidden = game.hidden_cards(viewer)
                assert not shown & hidden
                checked += 1
        scene.session.play(rng.choice(game.legal_moves()))
    assert checked > 20
    # At the end every Allegiance card is turned over.
    scene._set_viewer(None)
    scene.refresh(animate=False)
    shown = {p.art[2] for p in scene.model.pieces if p.art[0] == "card"}
    assert set(game.allegiance) <= shown


def test_score_table_names_allegiances_and_scores() -> None:
    game = rules.new_game("allegiance", 4, seed=8)
    rng = random.Random(8)
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
    header, rows = AllegianceLayout().score_table(game.outcome(), NAMES[:4])
    assert header[0] == "Player" and header[-1] == "Score"
    for s in range(4):
        row = rows[s]
        card = game.allegiance[s]
        assert row[0] == NAMES[s]
        assert rules.allegiance.HOUSES[rules.allegiance.HOUSE_OF[card]] in row[1]
        assert row[-1] == str(game.totals[s])
    assert rows[-1][0] == "Victories"


# ---- refusals --------------------------------------------------------------------------------


def test_a_card_dropped_on_an_opponents_panel_is_refused_not_played(app: App) -> None:
    """Allegiance refuses a card dropped on an opponent's panel instead of playing
    it. A drop onto a zone no legal move targets is refused with the rules' sentence
    (rule: cards are played into the trick) and the game does not move."""
    scene = table(app, 4, seed=11)
    _advance_to_trait_on_face(scene, 11)
    game = scene.game
    seat = game.to_move
    plays = [m for m in game.legal_moves() if m.kind == "play"]
    assert plays and plays[0].target == "trick"
    card = plays[0].cards[0]
    scene._set_viewer(seat)
    scene.refresh(animate=False)
    frames(app)
    app.toasts.clear()
    before = len(game.history)
    scene.drop(card, f"front:{(seat + 1) % 4}")
    frames(app)
    assert len(game.history) == before
    assert card in game.hands[seat]
    errors = [t.text for t in app.toasts if t.kind == "error"]
    assert errors == ["Cards are played into the trick."]
    # Onto the trick (or a Face lying in it) the same card is played.
    scene.drop(card, "trick")
    assert len(game.history) == before + 1


# ---- choosing the Allegiance card ------------------------------------------------------------


def _choosing(app: App) -> tuple[TableScene, pygame.Rect, tuple[int, int]]:
    """A 4-player table at its first decision (the Allegiance card), seen by the seat to
    move: that seat's panel and a point on its "drag a Face here" words, clear of the slot."""
    scene = table(app, 4, seed=3)
    seat = scene.game.to_move
    assert scene.game.phase == "ally" and seat is not None
    scene._set_viewer(seat)
    scene.refresh(animate=False)
    frames(app)
    words = next(t for t in scene.model.texts if t.text == "drag a Face here")
    point = (words.pos[0] + 12, words.pos[1] + words.size // 2)
    panel = next(z.rect for z in scene.model.zones if z.id == f"front:{seat}")
    assert panel.collidepoint(point)
    mark = next(t for t in scene.model.texts if t.text == "?")
    slot = next(b.rect for b in scene.model.boxes if b.rect.center == mark.pos)
    assert not slot.inflate(16, 16).collidepoint(point)  # the small "?" slot is elsewhere
    return scene, panel, point


def test_a_face_dragged_onto_the_panels_words_becomes_the_allegiance_card(app: App) -> None:
    """Issue: a Face dropped on the words "drag a Face here" inside the lit panel was refused
    ("Now you must choose your Allegiance card ('ally H5')"): the whole lit panel takes the
    drop, and it lights up whole while a Face is held."""
    scene, panel, point = _choosing(app)
    game = scene.game
    seat = game.to_move
    face = next(c for c in game.hands[seat] if c in FACE_SET)
    lit = scene.model.zone(f"allegiance:{seat}").rect  # where a held Face may go lights up
    app.toasts.clear()
    post_drag(scene.model.piece(face).rect.center, point)
    frames(app)
    assert [t.text for t in app.toasts if t.kind == "error"] == []
    assert game.allegiance[seat] == face and game.history[-1].kind == "ally"
    assert lit == panel


def test_a_face_clicked_then_the_panels_words_clicked_becomes_the_allegiance_card(
    app: App,
) -> None:
    """The same by click-then-click: a click on the Face, then on the panel's words."""
    scene, _panel, point = _choosing(app)
    game = scene.game
    seat = game.to_move
    face = next(c for c in game.hands[seat] if c in FACE_SET)
    centre = scene.model.piece(face).rect.center
    for pos in (centre, point):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        frames(app, 1)
    frames(app)
    assert game.allegiance[seat] == face


def test_a_face_dropped_elsewhere_while_choosing_is_refused_in_words(app: App) -> None:
    """A Face dropped on the trick while the Allegiance card is chosen is refused with the
    rule (the card goes face down in front of its player), in words with no notation."""
    scene, _panel, _point = _choosing(app)
    game = scene.game
    seat = game.to_move
    face = next(c for c in game.hands[seat] if c in FACE_SET)
    app.toasts.clear()
    post_drag(scene.model.piece(face).rect.center, scene.model.zone("trick").rect.center)
    frames(app)
    assert game.allegiance[seat] is None and face in game.hands[seat]
    errors = [t.text for t in app.toasts if t.kind == "error"]
    assert errors == ["Your Allegiance card goes face down in front of you."]
