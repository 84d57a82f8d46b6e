"""Court of the Medici at the table, headless: card art, layout fit, gestures and refusals."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from rules.medici import ALL_CARDS, HOUSE_OF, HOUSES
from tabletop.app import App
from tabletop.display import Display
from tabletop.games.medici.layout import MediciLayout
from tabletop.layouts import get_layout
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings
from tabletop.table import card_art

NAMES = ["Ada", "Bo", "Cy", "Di"]


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1600, 900), settings=Settings(animation_speed=0.0), persist_settings=False)
    yield application
    application.quit()


def table(app: App, players: int, seed: int = 7) -> TableScene:
    session = Session("medici", [SeatConfig(n, "human") for n in NAMES[:players]], seed=seed)
    scene = TableScene(app, session)
    app.push(scene)
    while app.top is not scene:  # skip the first hand-over screen
        app.pop()
    scene.handing_over = True
    scene._set_viewer(scene.game.to_move)
    scene.refresh(animate=False)
    return scene


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def post_drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.mouse.set_pos(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * i // 5, start[1] + (end[1] - start[1]) * i // 5)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def advance(scene: TableScene, n: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    game = scene.game
    for _ in range(n):
        if game.over:
            break
        legal = game.legal_moves()
        builds = [m for m in legal if m.kind == "build"]
        scene.session.play(rng.choice(builds if builds and rng.random() < 0.6 else legal))
    scene._set_viewer(game.to_move if game.to_move is not None else 0)
    scene.refresh(animate=False)


def test_the_medici_layout_is_registered() -> None:
    assert isinstance(get_layout("medici"), MediciLayout)


@pytest.mark.parametrize("width", [60, 110, 260])
def test_every_card_renders(width: int) -> None:
    import tabletop.games.medici.layout  # noqa: F401  (registers the painter)

    pygame.init()
    faces = set()
    for card in ALL_CARDS:
        face = card_art.card_face("medici", card, width)
        assert face.get_size() == card_art.card_size(width)
        assert face.get_flags() & pygame.SRCALPHA
        faces.add(pygame.image.tobytes(face, "RGBA"))
    # The two copies of a card look alike; every other pair of cards differs.
    kinds = {c[:-1] if c[-1] in "ab" else c for c in ALL_CARDS}
    assert len(faces) == len(kinds) == 56
    chosen = card_art.card_face("medici", "GJa=7", width)
    assert pygame.image.tobytes(chosen, "RGBA") != pygame.image.tobytes(
        card_art.card_face("medici", "GJa", width), "RGBA"
    )
    assert card_art.card_back("medici", width).get_size() == card_art.card_size(width)
    with pytest.raises(ValueError):
        card_art.card_face("medici", "Z9a", width)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(
    "size,profile", [((1280, 720), "desktop"), ((1920, 1080), "desktop"), ((1920, 1080), "tv")]
)
def test_layout_fits_and_stacks_do_not_overlap(
    app: App, players: int, size: tuple[int, int], profile: str
) -> None:
    app.set_profile(profile)
    app.resize(size)
    scene = table(app, players)
    for moves in (0, 20, 40):
        advance(scene, 20 if moves else 0, seed=moves)
        window = scene.layout_rect
        for piece in scene.model.pieces:
            assert window.contains(piece.rect), (piece.id, piece.rect, window)
        stacks = [z.rect for z in scene.model.zones if z.id.startswith("stack:")]
        assert len(stacks) == len(scene.game.stacks)
        for i, a in enumerate(stacks):
            assert window.contains(a)
            assert not any(a.colliderect(b) for b in stacks[i + 1 :]), "stacks overlap"
        hand = [p.rect for p in scene.model.pieces if p.drag]
        for a in hand:
            assert not any(a.colliderect(b) for b in stacks), "hand overlaps the court"
        if scene.game.over:
            break


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_move_is_reachable_by_a_gesture(app: App, players: int) -> None:
    scene = table(app, players, seed=11)
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
        kinds.update(m.kind for m in legal)
        scene.session.play(rng.choice(legal))
    assert {"court", "build", "value"} <= kinds


def _stack_zone_of(scene: TableScene, legal_target: str) -> tuple[int, int]:
    zone = scene.model.zone(legal_target)
    assert zone is not None
    return zone.rect.midbottom[0], zone.rect.bottom - 4


def test_dragging_a_hand_card_onto_a_stack_builds_on_it(app: App) -> None:
    scene = table(app, 2)
    frames(app)
    game = scene.game
    build = next(m for m in game.legal_moves() if m.kind == "build")
    card, target = build.cards[0], build.target
    size = len(game.stacks[int(target[6:])])
    piece = scene.model.piece(card)
    assert piece is not None and piece.drag == card
    post_drag(scene.draw_rect(piece).center, _stack_zone_of(scene, target))
    frames(app)
    assert game.stacks[int(target[6:])][size] == card
    assert card not in game.hands[0] and card not in game.hands[1]


def test_dragging_onto_empty_court_and_onto_the_deck(app: App) -> None:
    scene = table(app, 2)
    frames(app)
    game = scene.game
    me = game.to_move
    court = next(m for m in game.legal_moves() if m.kind == "court" and not _variable(m))
    outer = scene.model.zone("outer")
    assert outer is not None
    # Empty court space: the bottom-right corner of the Outer Court, clear of every stack.
    spot = (outer.rect.right - 10, outer.rect.bottom - 10)
    assert scene.input.zone_at(spot).id == "outer"  # type: ignore[union-attr]
    before = len(game.stacks)
    post_drag(scene.draw_rect(scene.model.piece(court.cards[0])).center, spot)  # type: ignore[arg-type]
    frames(app)
    assert len(game.stacks) == before + 1 and court.cards[0] not in game.hands[me]
    # Next seat: plan for the future by dropping on the own deck.
    scene._set_viewer(game.to_move)
    scene.refresh(animate=False)
    frames(app)
    me = game.to_move
    plan = next(m for m in game.legal_moves() if m.kind == "plan")
    deck = scene.model.zone(plan.target)
    assert deck is not None
    depth = len(game.decks[me])
    post_drag(scene.draw_rect(scene.model.piece(plan.cards[0])).center, deck.rect.center)  # type: ignore[arg-type]
    frames(app)
    assert plan.cards[0] in game.decks[me] and plan.cards[0] not in game.hands[me]
    assert len(game.decks[me]) == depth  # one card under the deck, one drawn from its top


def _variable(move) -> bool:  # type: ignore[no-untyped-def]
    return move.cards[0][1:].rstrip("ab") in ("J", "X")


def test_illegal_drop_on_the_closed_inner_circle_is_refused(app: App) -> None:
    scene = table(app, 4)
    frames(app)
    game = scene.game
    before = game.snapshot()
    card = game.hands[game.to_move][0]
    inner = next(z for z in scene.model.zones if z.id == "stack:1")
    app.toasts.clear()
    post_drag(scene.draw_rect(scene.model.piece(card)).center, inner.rect.center)  # type: ignore[arg-type]
    frames(app)
    assert game.snapshot() == before
    messages = " ".join(str(getattr(t, "text", t)) for t in app.toasts)
    assert "Inner Circle" in messages
    assert scene.model.piece(card).rect == scene.draw_rect(scene.model.piece(card))  # type: ignore[union-attr]


def test_value_and_conspiracy_buttons_read_well(app: App) -> None:
    scene = table(app, 4, seed=5)
    game = scene.game
    rng = random.Random(9)
    seen: set[str] = set()
    for _ in range(400):
        if game.over:
            break
        scene._set_viewer(game.to_move)
        scene.refresh(animate=False)
        labels = [b.text for b, _ in scene.buttons]
        if game.phase == "value":
            assert all(label.startswith("Value ") for label in labels) and labels
            seen.add("value")
        if game.phase == "conspire":
            assert "Don't conspire" in labels
            lit = scene.input.targets()
            strikes = {m.target for m in game.legal_moves() if m.kind == "strike"}
            assert strikes and strikes <= lit  # the matching stacks light up to be clicked
            seen.add("conspire")
        scene.session.play(rng.choice(game.legal_moves()))
    assert "value" in seen


def test_score_table_shows_team_totals(app: App) -> None:
    scene = table(app, 4, seed=2)
    game = scene.game
    rng = random.Random(1)
    while not game.over:
        scene.session.play(rng.choice(game.legal_moves()))
    out = game.outcome()
    header, rows = scene.layout.score_table(out, NAMES)
    assert len(header) == len(rows[0])
    totals = [r for r in rows if r[2] == "total"]
    assert [int(r[3]) for r in totals] == out.breakdown["team_points"]


def test_a_layout_build_works_out_each_widths_stack_badges_once(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The badges' lines (font measuring for every stack) are worked out once
    for each card width a layout build tries; the width it keeps is not measured again to
    find the badges' height and then their lines."""
    from tabletop.games.medici import layout as medici_layout

    scene = table(app, 4)
    advance(scene, 30)  # stacks on the table
    assert scene.game.stacks
    widths: list[int] = []
    real = medici_layout.stack_badges

    def counting(stacks: list[tuple[str, int]], size: int, width: int) -> list[tuple[str, ...]]:
        widths.append(width)
        return real(stacks, size, width)

    monkeypatch.setattr(medici_layout, "stack_badges", counting)
    scene.layout._plans.clear()  # type: ignore[attr-defined]  # its court laid out anew
    scene.refresh(animate=False)
    assert widths, "the court's badges were laid out"
    assert len(widths) == len(set(widths)), f"a width measured twice: {widths}"


def test_a_card_dropped_on_the_outer_courts_words_goes_to_court(app: App) -> None:
    """The Outer Court's heading tells the player to drop a card there: its words are part of
    the court that takes the drop, not a place that refuses it."""
    scene = table(app, 2)
    frames(app)
    game = scene.game
    me = game.to_move
    court = next(m for m in game.legal_moves() if m.kind == "court" and not _variable(m))
    words = next(t for t in scene.model.texts if t.text.startswith("Outer Court"))
    point = (words.pos[0] + 20, words.pos[1] + words.size // 2)
    before = len(game.stacks)
    post_drag(scene.draw_rect(scene.model.piece(court.cards[0])).center, point)  # type: ignore[arg-type]
    frames(app)
    assert len(game.stacks) == before + 1 and court.cards[0] not in game.hands[me]


@pytest.mark.parametrize("players", [2, 4])
def test_face_down_cards_show_their_houses_back_and_nothing_hidden(players: int) -> None:
    """A face-down card (a seat's deck, a hand not the viewer's) shows the back of its seat's
    house, each house's back its own; it tells nothing hidden, since every card a seat holds
    or draws is of its house and which house a seat plays is public."""
    session = Session("medici", [SeatConfig(n, "human") for n in NAMES[:players]], seed=7)
    rng = random.Random(5)
    for _ in range(12):
        session.play(rng.choice(session.game.legal_moves()))
    game = session.game
    pygame.font.init()
    for viewer in (None, 0):
        view = dict(game.view(viewer))
        model = MediciLayout().build(
            view, viewer, pygame.Rect(0, 0, 1600, 840), Display(1600, 900), NAMES[:players]
        )
        backs = [p for p in model.pieces if p.art[:3] == ("piece", "medici", "back")]
        assert {p.id.split(":")[1] for p in backs} == {str(s) for s in range(players)}
        assert not [p for p in model.pieces if p.art[0] == "back"], "a back of no house"
        for piece in backs:
            seat, house = int(piece.id.split(":")[1]), piece.art[3]
            assert HOUSES[house] == view["houses"][seat]  # the seat's house: public
            hidden = game.decks[seat] + game.hands[seat]
            assert hidden and all(HOUSE_OF[card] == house for card in hidden)
    for colorblind in (False, True):
        looks = {
            pygame.image.tobytes(card_art.piece("medici", "back", (h,), 90, colorblind), "RGBA")
            for h in range(len(HOUSES))
        }
        assert len(looks) == len(HOUSES)


@pytest.mark.parametrize("args", [(), (4,), (-1,), (True,), ("0",), (0, 1), (None,)])
def test_a_houses_back_refuses_what_is_not_a_house(args: tuple) -> None:
    with pytest.raises(ValueError):
        card_art.piece("medici", "back", args, 90, False)
