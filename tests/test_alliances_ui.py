"""Alliances: world domination at the table, headless: every legal move of every phase is
reachable by a drag, a zone click or a button; hidden cards are never face up; the layout fits
at 1080p, on a TV and at 720p; the bidding grid and the special actions' questions work by
clicking; the results table."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

import rules
from rules import Move
from tabletop.app import App
from tabletop.display import TARGET, Display
from tabletop.games.alliances import art as alliances_art
from tabletop.games.alliances.layout import AlliancesLayout
from tabletop.layouts import get_layout
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings
from tabletop.table import render
from tabletop.table.model import Piece

NAMES = ["Ada", "Bartholomew", "Cy", "Dagny"]
# (players, options) of every phase the table has to offer.
CONFIGS: dict[str, tuple[int, dict[str, Any]]] = {
    "4p": (4, {}),
    "4p-draft-meeting": (4, {"drafting": True, "secret_meeting": True}),
    "3p": (3, {}),
    "3p-draft": (3, {"drafting": True}),
    "2p": (2, {}),
    "2p-exact": (2, {"exact_bid": True}),
}


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1600, 900), settings=Settings(animation_speed=0.0), persist_settings=False)
    yield application
    application.quit()


def table(app: App, players: int, options: dict[str, Any], seed: int = 3) -> TableScene:
    session = Session(
        "alliances", [SeatConfig(NAMES[i]) for i in range(players)], seed=seed, options=options
    )
    scene = TableScene(app, session)
    app.push(scene)
    while app.top is not scene:  # skip the hand-over cover; tests look at each seat directly
        app.pop()
    scene.handing_over = True
    scene._set_viewer(session.game.to_move)
    scene.refresh(animate=False)
    return scene


def look_as(scene: TableScene, viewer: int | None) -> None:
    scene._set_viewer(viewer)
    scene.refresh(animate=False)


def pick(rng: random.Random, legal: list[Move]) -> Move:
    """A random move, leaning towards special action cards so their questions come up."""
    specials = [m for m in legal if m.kind == "play" and not m.cards[0][1:].isdigit()]
    if specials and rng.random() < 0.5:
        return rng.choice(specials)
    passes = [m for m in legal if m.kind == "pass"]
    if passes and rng.random() < 0.5:  # end the bidding before it reaches 20
        return passes[0]
    return rng.choice(legal)


def play_until(game: rules.Game, rng: random.Random, done: Callable[[rules.Game], bool]) -> None:
    for _ in range(3000):
        if game.over or done(game):
            return
        game.play(pick(rng, game.legal_moves()))


def test_get_layout_gives_the_alliances_layout() -> None:
    assert isinstance(get_layout("alliances"), AlliancesLayout)


# ---- every legal move is offered --------------------------------------------------------------


@pytest.mark.parametrize("config", list(CONFIGS))
def test_every_legal_move_is_reachable(app: App, config: str) -> None:
    """At every decision of a whole match: what the rules allow, the table offers (by a drop,
    a zone click or a button), and it offers nothing else."""
    players, options = CONFIGS[config]
    scene = table(app, players, options, seed=11)
    game = scene.game
    rng = random.Random(4)
    phases: set[str] = set()
    while not game.over:
        look_as(scene, game.to_move)
        legal = game.legal_moves()
        offered = scene.offered_moves()
        missing = set(legal) - offered
        assert not missing, f"{game.phase}: not offered {sorted(map(str, missing))}"
        assert offered <= set(legal), "a gesture must never stand for an illegal move"
        phases.add(game.phase)
        scene.session.play(pick(rng, legal))
    for viewer in (None, 0):  # the finished table, every hand turned over
        look_as(scene, viewer)
        assert not scene.offered_moves() and scene.model.zone("tile:0,0") is not None
    expected = {
        "4p": {"bid", "target", "play", "choose"},
        "4p-draft-meeting": {"draft", "meeting", "bid", "target", "play"},
        "3p": {"rise-set", "rise-call", "rise-give", "rise-pick", "target", "play"},
        "3p-draft": {"draft", "rise-set", "rise-pick", "play"},
        "2p": {"duel", "declare", "target", "play"},
        "2p-exact": {"duel", "declare", "target", "play"},
    }[config]
    assert expected <= phases, f"never reached {expected - phases}"


def test_the_bidding_grid_offers_only_legal_bids_and_pass_is_a_button(app: App) -> None:
    scene = table(app, 4, {}, seed=5)
    game = scene.game
    game.play(rules.GAMES["alliances"].factory.move_type("bid", value=(14, "E")))
    look_as(scene, game.to_move)
    bids = {m for m in game.legal_moves() if m.kind == "bid"}
    lit = scene.input.targets()
    assert {f"bid:{m.value[0]}:{m.value[1]}" for m in bids} == lit
    assert "bid:14:E" not in lit and "bid:14:P" in lit and "bid:13:P" not in lit
    labels = {b.text for b, _ in scene.buttons}
    assert labels == {"Pass"}
    # Clicking a lit cell makes that bid.
    scene.input.mouse_up(scene.model.zone("bid:15:M").rect.center)  # type: ignore[union-attr]
    assert game.bid[:2] == (15, "M")  # type: ignore[attr-defined]


def test_clicking_a_lit_tile_targets_it(app: App) -> None:
    scene = table(app, 4, {}, seed=5)
    game = scene.game
    play_until(game, random.Random(1), lambda g: g.phase == "target")
    look_as(scene, game.to_move)
    targets = {m.target for m in game.legal_moves()}
    assert scene.input.targets() == targets
    zone = scene.model.zone(sorted(targets)[0])
    assert zone is not None
    scene.input.mouse_up(zone.rect.center)
    assert game.phase == "play" and game.view(None)["target"] == zone.id
    # The targeted tile carries the conflict marker.
    look_as(scene, game.to_move)
    tile = scene.model.piece(zone.id)
    assert tile is not None and tile.art[:3] == ("piece", "alliances", "tile")
    assert tile.art[7] is True  # (..., country, defence, height, lit, target, rim)


def _post_drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.mouse.set_pos(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * i // 5, start[1] + (end[1] - start[1]) * i // 5)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def test_dragging_a_hand_card_onto_the_conflict_plays_it(app: App) -> None:
    scene = table(app, 4, {}, seed=5)
    game = scene.game
    play_until(game, random.Random(2), lambda g: g.phase == "play" and bool(g.table))
    look_as(scene, game.to_move)
    for _ in range(3):
        app.step(1 / 60)
    seat = game.to_move
    move = next(m for m in game.legal_moves() if m.kind == "play")
    card = move.cards[0]
    piece, zone = scene.model.piece(card), scene.model.zone("conflict")
    assert piece is not None and piece.drag == card and zone is not None
    _post_drag(scene.draw_rect(piece).center, zone.rect.center)
    for _ in range(3):
        app.step(1 / 60)
    assert card not in game.hands[seat]  # type: ignore[attr-defined]
    assert any(e["card"] == card for e in game.view(None)["table"]) or game.phase == "target"


def test_a_card_that_does_not_follow_is_refused_with_the_rules_words(app: App) -> None:
    scene = table(app, 4, {}, seed=5)
    game = scene.game
    rng = random.Random(3)
    for _ in range(3000):
        assert not game.over
        if game.phase == "play" and game.table:  # type: ignore[attr-defined]
            hand = game.hands[game.to_move]  # type: ignore[attr-defined]
            refused = [c for c in hand if c not in {m.cards[0] for m in game.legal_moves()}]
            if refused:
                break
        game.play(pick(rng, game.legal_moves()))
    else:
        raise AssertionError("no hand ever held a card that could not follow")
    look_as(scene, game.to_move)
    before = game.snapshot()
    app.toasts.clear()
    scene.drop(refused[0], "conflict")
    assert game.snapshot() == before
    messages = " ".join(str(getattr(t, "text", t)) for t in app.toasts)
    assert "must follow" in messages or "must play a special" in messages


def test_special_action_choices_are_asked_by_clicking_cards_and_players(app: App) -> None:
    """Bribe, Monopoly, Reinforcement, Covert Operation ask for a card on the table (each
    choosable card lights up); Dual Allegiance then asks for a player (their rows light up)."""
    seen: set[str] = set()
    for seed in range(1, 40):
        scene = table(app, 4, {}, seed=seed)
        game = scene.game
        rng = random.Random(seed)
        for _ in range(400):
            if game.over:
                break
            if game.phase == "choose":
                look_as(scene, game.to_move)
                legal = game.legal_moves()
                lit = scene.input.targets()
                if legal[0].kind == "choose":
                    assert lit == {f"choice:{m.cards[0]}" for m in legal}
                    seen.add("card")
                else:
                    assert lit == {m.target for m in legal}
                    seen.add("player")
                assert not scene.buttons, "a choice made by clicking is not also a button"
                move = rng.choice(legal)
                zone_id = f"choice:{move.cards[0]}" if move.kind == "choose" else move.target
                before = len(game.history)
                scene.input.mouse_up(scene.model.zone(zone_id).rect.center)  # type: ignore[union-attr]
                assert len(game.history) == before + 1 and game.history[-1] == move
                continue
            game.play(pick(rng, game.legal_moves()))
        app.pop()
        if seen == {"card", "player"}:
            break
    assert seen == {"card", "player"}


def test_buttons_read_as_short_sentences(app: App) -> None:
    """The layout labels a button with the rules' sentence (tests/test_alliances.py checks
    every kind)."""
    layout = AlliancesLayout()
    game = rules.new_game("alliances", 4, seed=2)
    seat = game.to_move
    mv = type(game.legal_moves()[0])
    assert layout.describe(mv("bid", value=(14, "P")), game, seat, NAMES) == "Bid 14 Politics"
    assert layout.describe(mv("pass"), game, seat, NAMES) == "Pass"
    assert layout.describe(mv("boost", target="seat:1"), game, seat, NAMES) == "Add to Bartholomew"
    country = game.view(None)["grid"][7]["country"]
    target = mv("target", target="tile:1,2")
    assert layout.describe(target, game, seat, NAMES) == f"Target {country}"


# ---- hidden cards -------------------------------------------------------------------------------


@pytest.mark.parametrize("config", ["4p-draft-meeting", "3p", "2p"])
def test_hidden_cards_are_never_shown_face_up(app: App, config: str) -> None:
    players, options = CONFIGS[config]
    scene = table(app, players, options, seed=6)
    game = scene.game
    rng = random.Random(6)
    checked = 0
    while not game.over and checked < 400:
        for viewer in (game.to_move, (game.to_move + 1) % players, None):
            look_as(scene, viewer)
            shown = {p.art[2] for p in scene.model.pieces if p.art[0] == "card"}
            leaked = shown & game.hidden_cards(viewer)
            assert not leaked, f"{game.phase}: {leaked} face up for {viewer}"
            checked += 1
        game.play(pick(rng, game.legal_moves()))
    assert checked > 100


# ---- the layout fits ------------------------------------------------------------------------


def _positions() -> Iterator[tuple[str, rules.Game]]:
    """A position of every phase: the games of CONFIGS played on, snapshotted per phase."""
    for config, (players, options) in CONFIGS.items():
        game = rules.new_game("alliances", players, seed=9, options=options)
        rng = random.Random(9)
        seen: set[str] = set()
        for _ in range(600):
            if game.over:
                break
            key = game.phase + (":table" if getattr(game, "table", None) else "")
            if key not in seen:
                seen.add(key)
                yield f"{config}/{key}", game.clone()
            game.play(pick(rng, game.legal_moves()))


POSITIONS = list(_positions())


@pytest.mark.parametrize(
    "size,profile", [((1280, 720), "desktop"), ((1920, 1080), "desktop"), ((1920, 1080), "tv")]
)
def test_layout_fits_without_overlaps(size: tuple[int, int], profile: str) -> None:
    pygame.init()
    display = Display(*size, profile=profile)
    # The scene's status bar and log (their desktop size on a TV too).
    status_h, log_w = display.frame_px(64), display.frame_px(400)
    rect = pygame.Rect(0, status_h, size[0] - log_w, size[1] - status_h)
    layout = AlliancesLayout()
    names = ["Bartholomew Maxi", "Evangeline", "Cy", "Hildegard"]  # 16: the setup limit
    for where, game in POSITIONS:
        for viewer in (game.to_move, None):
            view = game.view(viewer)
            model = layout.build(view, viewer, rect, display, names[: game.players])
            for piece in model.pieces:
                assert rect.contains(piece.rect), (where, piece.id, piece.rect, rect)
            for zone in model.zones:
                assert rect.contains(zone.rect), (where, zone.id)
            cards = [tuple(p.rect) for p in model.pieces if p.art[0] in ("card", "back")]
            assert len(cards) == len(set(cards)), (where, "two cards drawn on the same spot")
            tiles = [z.rect for z in model.zones if z.id.startswith("tile:")]
            assert len(tiles) == 20
            for i, a in enumerate(tiles):
                assert a.collidelist(tiles[i + 1 :]) < 0, (where, "tiles overlap")
            # Every text is drawn inside the table and at a readable size.
            canvas = pygame.Surface(display.size)
            for text in model.texts:
                drawn = render.draw_text(canvas, text)
                assert rect.contains(drawn), (where, text.text, drawn, rect)
                if text.max_width:  # shrunk a little, then shortened with an ellipsis
                    fitted = render.shown_text(text)[1]
                    assert fitted >= 11, (where, text.text, fitted)
            # The map, the right column, the buttons' strip and the hand stay apart.
            tile_area = tiles[0].unionall(tiles)
            assert model.action_area is not None
            assert not model.action_area.colliderect(tile_area), where
            hand = [p.rect for p in model.pieces if p.z >= 40]
            assert all(not r.colliderect(tile_area) for r in hand), where
            assert all(not r.colliderect(model.action_area) for r in hand), where
            panels = [b.rect for b in model.boxes if b.rect.x > tile_area.right]
            assert all(not r.colliderect(tile_area) for r in panels), where
            # The players' rows (and each cell of the bidding grid) do not overlap.
            for prefix in ("bid:", "seat:", "choice:"):
                spots = [z.rect for z in model.zones if z.id.startswith(prefix)]
                for i, a in enumerate(spots):
                    assert a.collidelist(spots[i + 1 :]) < 0, (where, prefix)


# ---- sizes a player reads and presses at 1280×720 ------------------------------------------------

#: The window sizes on the desktop profile (1280×720 is where the grid and the hand were short).
DESKTOP_SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
LONG_NAMES = ["Bartholomew Maxi", "Evangeline", "Cy", "Hildegard"]  # 16: the setup limit


def _area(display: Display) -> pygame.Rect:
    """The play area the table scene gives the layout (status bar on top, the log right)."""
    status_h, log_w = display.frame_px(64), display.log_px()
    return pygame.Rect(0, status_h, display.width - log_w, display.height - status_h)


def _bidding_positions() -> Iterator[tuple[str, rules.Game]]:
    """Every bid of the first State of the Nations of 4 players (the standing bid and the
    players' rows grow as it goes), and the 2-player declarations, exact or not."""
    for config in ("4p", "2p-exact", "2p"):
        players, options = CONFIGS[config]
        game = rules.new_game("alliances", players, seed=9, options=options)
        rng = random.Random(9)
        while not game.over and getattr(game, "campaign", 1) == 1:
            if game.phase == "bid" or (game.phase == "declare" and options.get("exact_bid")):
                yield f"{config}/{game.phase}/{len(game.view(None)['bids'])}", game.clone()
            legal = game.legal_moves()
            bids = [m for m in legal if m.kind == "bid"]
            game.play(min(bids, key=str) if bids and rng.random() < 0.7 else pick(rng, legal))


@pytest.mark.parametrize("size", DESKTOP_SIZES)
def test_bid_cells_are_targets_with_their_numbers_whole(size: tuple[int, int]) -> None:
    """Every cell of the bidding grid is at least 32 px wide and tall at each desktop size
    (at 1280×720 eleven cells in a row were 23 px wide, and some 22 px tall), and shows its
    number whole inside it."""
    pygame.init()
    display = Display(*size)
    rect = _area(display)
    gap = display.frame_px(8)
    positions = list(_bidding_positions())
    assert len(positions) >= 4
    canvas = pygame.Surface(display.size)
    for where, game in positions:
        viewer = game.to_move
        model = AlliancesLayout().build(game.view(viewer), viewer, rect, display, LONG_NAMES)
        zones = [z for z in model.zones if z.id.startswith("bid:")]
        assert zones, where
        for zone in zones:
            cell = zone.rect.inflate(-gap, -gap)
            assert any(b.rect == cell for b in model.boxes), (where, zone.id)
            assert cell.w >= 32 and cell.h >= 32, (where, zone.id, cell)
            number = zone.id.split(":")[1]
            text = next(t for t in model.texts if t.text == number and cell.collidepoint(t.pos))
            assert render.shown_text(text)[0] == number, (where, zone.id)
            assert cell.contains(render.draw_text(canvas, text)), (where, zone.id)


def test_pass_is_a_button_a_pointer_can_press_at_720p() -> None:
    """The bidding's Pass button, at 1280×720, shows a face at least 32 px tall (it was 25,
    inside pygame-gui's shadow of 2 px a side) and stays in the buttons' strip."""
    application = App((1280, 720), settings=Settings(animation_speed=0.0), persist_settings=False)
    try:
        scene = table(application, 4, {}, seed=5)
        assert scene.game.phase == "bid"
        (button, move), *_ = scene.buttons
        assert button.text == "Pass" and move.kind == "pass"
        assert button.rect.h - 4 >= TARGET
        assert scene.model.action_area is not None and scene.button_panel is None
        assert scene.model.action_area.contains(button.rect)
    finally:
        application.quit()


@pytest.mark.parametrize("size", DESKTOP_SIZES)
def test_special_cards_in_the_hand_show_their_names_whole(size: tuple[int, int]) -> None:
    """A special action card in the viewer's hand (or in the drafting packet passed to it)
    shows its name whole, at a readable size, where no other card covers it (at 1280×720 the
    hand's cards are 76 px wide, and their names had been left off: only icons showed)."""
    pygame.init()
    display = Display(*size)
    rect = _area(display)
    checked = 0
    for where, game in POSITIONS:
        viewer = game.to_move
        if viewer is None:
            continue
        view = game.view(viewer)
        model = AlliancesLayout().build(view, viewer, rect, display, LONG_NAMES)
        for held in (view["hands"][viewer], view["packet"] or []):
            row = sorted((p for p in model.pieces if p.id in held), key=lambda p: p.z)
            assert len(row) == len(held), where
            checked += _names_shown(where, row)
    assert checked >= 10


def _names_shown(where: str, hand: list[Piece]) -> int:
    """Check each special card of ``hand`` (in drawing order) shows its name whole, at a
    readable size, uncovered by the cards after it; how many were checked."""
    checked = 0
    for i, piece in enumerate(hand):
        card = piece.art[2]
        if card not in alliances_art.SPECIAL_CARDS:
            continue
        layout = alliances_art.special_layout(card, piece.rect.w)
        lines = layout.lines.get("name", ())
        words = " ".join(lines).replace("- ", "")
        assert words == alliances_art.special_name(card), (where, card, piece.rect.w)
        assert layout.sizes["name"] >= alliances_art.NAME_FLOOR, (where, card)
        for n in range(len(lines)):
            spot = layout.elements[f"name{n}"].move(piece.rect.topleft)
            assert spot.collidelist([p.rect for p in hand[i + 1 :]]) < 0, (where, card)
        checked += 1
    return checked


#: Where a full hand is tightest (the TV profile at 720p: bigger cards), and the larger sizes,
#: where the Empire's 16 cards with 4 special actions had showed 41 px of each power card.
CROWDED_SIZES = [
    ((1280, 720), "tv"),
    ((1280, 720), "desktop"),
    ((1920, 1080), "tv"),
    ((1920, 1080), "desktop"),
    ((3840, 2160), "desktop"),
]


def _full_hands() -> Iterator[tuple[str, dict[str, Any], int]]:
    """Views of a viewer holding 12 to 16 cards with 0 to 6 special actions: the seeded deals
    of 2 to 4 players, then the same table with hands built to order (sorted, as views are)."""
    for players in (2, 3, 4):
        for seed in range(4):
            game = rules.new_game("alliances", players, seed=seed)
            viewer = game.to_move if game.to_move is not None else 0
            yield f"{players}p/seed {seed}", game.view(viewer), viewer
    game = rules.new_game("alliances", 4, seed=1)
    viewer = game.to_move if game.to_move is not None else 0
    rng = random.Random(7)
    for size in range(12, 17):  # 16: the Empire's hand of 3 players
        for count in range(7):
            power = rng.sample(alliances_art.POWER_CARDS, size - count)
            held = sorted(power + rng.sample(list(alliances_art.SPECIAL_CARDS), count))
            if count and size == 12:  # a hand of 10, 11 and 12s: the widest ranks
                held = sorted(
                    [f"{s}{n}" for s in "MEP" for n in (10, 11, 12)][: size - count]
                    + list(alliances_art.SPECIAL_CARDS[:count])
                )
            view = dict(game.view(viewer))
            view["hands"] = [held if s == viewer else None for s in range(4)]
            yield f"built {size} cards, {count} specials", view, viewer


@pytest.mark.parametrize("size,profile", CROWDED_SIZES)
def test_every_hand_card_shows_its_index_whole(size: tuple[int, int], profile: str) -> None:
    """In a full hand every power card shows its whole rank ("12", not "1") and its suit
    mark, uncovered by the cards after it, and every special action its suit mark (at 1280×720
    on a TV, 7 power cards beside 5 special cards whole showed 22 px of each: the "1" alone)."""
    pygame.init()
    display = Display(*size, profile=profile)
    rect = _area(display)
    layout = AlliancesLayout()
    checked = 0
    for where, view, viewer in _full_hands():
        held = view["hands"][viewer]
        model = layout.build(view, viewer, rect, display, LONG_NAMES)
        row = sorted((p for p in model.pieces if p.id in held), key=lambda p: p.z)
        assert len(row) == len(held) and all(rect.contains(p.rect) for p in row), where
        for i, piece in enumerate(row):
            card, later = piece.id, [p.rect for p in row[i + 1 :]]
            if card in alliances_art.POWER_CARDS:
                face = alliances_art.power_layout(card, piece.rect.w)
                parts = ["number", "symbol"]
            else:
                face = alliances_art.special_layout(card, piece.rect.w)
                parts = ["suit"]
            for part in parts:
                spot = face.elements[part].move(piece.rect.topleft)
                assert spot.collidelist(later) < 0, (where, card, part, piece.rect, later[:1])
            if card in alliances_art.POWER_CARDS and later:  # the rank drawn at its own size
                font = render.fonts.get_font(face.sizes["number"], "serif-bold")
                assert later[0].x - piece.rect.x >= font.size(card[1:])[0], (where, card)
                checked += 1
    assert checked >= 300


# ---- results -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_table_lists_each_campaign(players: int) -> None:
    game = rules.new_game("alliances", players, seed=8)
    rng = random.Random(8)
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
    out = game.outcome()
    header, rows = AlliancesLayout().score_table(out, NAMES[:players])
    assert all(len(r) == len(header) for r in rows)
    campaigns = out.breakdown["campaigns"]
    assert [r[0] for r in rows[: len(campaigns)]] == [str(c["campaign"]) for c in campaigns]
    if players == 3:
        assert rows[-2][3:] == [f"{t} ruled" for t in out.breakdown["empire_tiles"]]
    else:
        assert rows[-1][1:3] == [str(w) for w in out.breakdown["campaign_wins"]]
