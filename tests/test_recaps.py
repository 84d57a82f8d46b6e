"""Recaps at the table: the end of an Alliances campaign, an Allegiance deal and a
Medici game pauses play with a panel saying what happened and why; the AI seats and the results
wait for it; a click, Enter, its timer or a phone's move ends it; it is built from public data
only. Also: the results say why the game ended, and Medici's stack numbers stay readable."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pygame
import pytest
from scene_helpers import click_at, key, pump

import rules
from rules import Event, Move
from tabletop.app import App
from tabletop.display import Display
from tabletop.games.medici.layout import MIN_STACK_LABEL_PX, MediciLayout
from tabletop.layouts import get_layout
from tabletop.net.night import AppliedMove
from tabletop.scenes.results import ResultsScene
from tabletop.scenes.table import TableScene
from tabletop.scenes.table_recap import RecapOverlay
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings
from tabletop.table import render
from tabletop.table.model import Piece, Recap
from tabletop.ui.text import fit_size

NAMES = ["Ada", "Bartholomew", "Cy", "Dagny"]


class Clock:
    """A clock the test moves by hand: timers end without sleeping or timing assertions."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1280, 720), settings=Settings(animation_speed=1.0), persist_settings=False)
    yield application
    application.quit()


def until_recap(
    game_id: str, players: int, seed: int, options: dict[str, Any] | None = None, nth: int = 1
) -> tuple[list[Move], Move]:
    """The seeded random moves before the ``nth`` move that makes a recap, and that move."""
    game = rules.new_game(game_id, players, seed=seed, options=options)
    rng = random.Random(seed)
    layout = get_layout(game_id)
    moves: list[Move] = []
    found = 0
    while not game.over:
        move = rng.choice(game.legal_moves())
        events = game.play(move)
        public = rules.visible_events(events, None)
        if layout.recap(public, game.view(None), NAMES[:players]) is not None:
            found += 1
            if found == nth:
                return moves, move
        moves.append(move)
    raise AssertionError(f"no recap in {game_id} seed {seed}")


def table_before(
    app: App,
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    kinds: Sequence[str] | None = None,
    nth: int = 1,
) -> tuple[TableScene, Move, Clock]:
    """A table one move before a recap (seats: one human, the rest AI unless ``kinds``)."""
    before, move = until_recap(game_id, players, seed, options, nth)
    kinds = kinds or ["human", *["easy"] * (players - 1)]
    seats = [SeatConfig(NAMES[i], kinds[i]) for i in range(players)]
    session = Session(game_id, seats, seed=seed, options=options or {})
    for m in before:
        session.play(m)
    scene = TableScene(app, session)
    clock = Clock()
    scene.recap.clock = clock
    app.push(scene)
    while app.top is not scene:  # no hand-over cover: the tests look at the table itself
        app.pop()
    pump(app, 2)
    scene.ai.forget()  # an AI seat to move may have started thinking: the test plays instead
    return scene, move, clock


def play(scene: TableScene, move: Move) -> None:
    """Play ``move`` at the table. A trick or conflict it completes is held first and then
    sweeps away (the table follows every move); the recap shows after it: skip the hold as a
    click would, and let the sweep run."""
    assert scene.play(move)
    for _ in range(600):
        if not scene.moments.busy:
            break
        scene.moments.skip()
        scene.app.step(1 / 60)
    assert not scene.moments.busy


def recap_of(scene: TableScene) -> Recap:
    assert scene.recap.recap is not None, "no recap is showing"
    return scene.recap.recap


# ---- each recap after the right event, with the right reason --------------------------------


def test_alliances_campaign_end_explains_the_bid(app: App) -> None:
    """The end of an Alliances campaign gets its own recap: what happened and why
    (e.g. "the Aggressor controls 9 countries, bid 19"), before play goes on."""
    scene, move, _ = table_before(app, "alliances", 4, seed=1, kinds=["human"] * 4)
    play(scene, move)
    end = next(e for e in scene.session.log[-5:] if e.event.kind == "campaign-end").event
    shown = recap_of(scene)
    assert shown.title == "Campaign 1 ends"
    text = " ".join(shown.lines)
    assert f"bid {end.data['bid']}" in text and "Aggressor" in text
    assert end.data["why"] in text  # the rules' reason, word for word
    assert "Campaigns won" in text
    assert 1 <= len(shown.lines) <= 4


def test_alliances_three_players_campaign_names_the_empire(app: App) -> None:
    """An Alliances campaign's recap says who was the Empire and how many countries
    it rules (the 3-player game has no bid)."""
    scene, move, _ = table_before(app, "alliances", 3, seed=2)
    play(scene, move)
    shown = recap_of(scene)
    assert shown.title == "Campaign 1 ends"
    assert "the Empire, rules" in shown.lines[0]
    assert any(line.startswith("Next campaign:") for line in shown.lines)


def test_allegiance_deal_end_says_who_won_the_deal(app: App) -> None:
    """The end of an Allegiance deal gets its own recap: the House that won it, the
    Victories per House, the points of the deal and who leads."""
    scene, move, _ = table_before(app, "allegiance", 4, seed=3, options={"deals": 3})
    play(scene, move)
    end = next(e for e in scene.session.log if e.event.kind == "deal-end").event
    shown = recap_of(scene)
    assert shown.title == "Deal 1 of 3 is over"
    assert shown.lines[0].startswith(end.render(scene.session.names))
    assert "Victories:" in shown.lines[0]
    assert any("points" in line or "scored" in line for line in shown.lines[1:])
    assert scene.status_text().startswith("Deal 1 of 3 is over")  # nobody "is thinking"


def test_medici_game_end_says_why_the_court_closed(app: App) -> None:
    """The end of a Medici game gets its own recap saying why it ended and the
    influence in play; the results come only after it."""
    scene, move, clock = table_before(app, "medici", 2, seed=1)
    play(scene, move)
    reason = scene.game.view(None)["end_reason"].format_map(
        {f"p{i}": n for i, n in enumerate(scene.session.names)}
    )
    shown = recap_of(scene)
    assert shown.title == "The game is over"
    assert shown.lines[0] == f"The court closes: {reason}"
    assert shown.lines[1].startswith("Influence in play:")
    scene.results_at = 0.0  # the results are due: they still wait for the recap
    pump(app, 3)
    assert app.top is scene and not scene.results_shown
    clock.now += 60
    pump(app, 3)
    assert isinstance(app.top, ResultsScene)


def test_machiavelli_match_hand_end_gives_points_and_totals(app: App) -> None:
    """Machiavelli's natural end of a round: the end of a hand in a match says how
    it ended, the hand's penalty points and the totals against the match's 100."""
    scene, move, _ = table_before(app, "machiavelli", 3, seed=2, options={"match": True})
    play(scene, move)
    end = next(e for e in scene.session.log if e.event.kind == "hand-end").event
    shown = recap_of(scene)
    assert shown.title == f"Hand {end.data['hand']} is over"
    points = end.data["points"]
    assert (
        shown.lines[1]
        == "Penalty points this hand: "
        + ", ".join(f"{scene.session.names[s]} {p}" for s, p in enumerate(points))
        + "."
    )
    assert shown.lines[2].startswith("Totals: ") and "100" in shown.lines[2]


def test_no_recap_on_an_ordinary_move(app: App) -> None:
    """A recap is for the end of a deal, a campaign or the game, not every move."""
    session = Session("allegiance", [SeatConfig(n) for n in NAMES], seed=3)
    scene = TableScene(app, session)
    app.push(scene)
    while app.top is not scene:
        app.pop()
    assert scene.play(scene.game.legal_moves()[0])
    assert not scene.recap.busy


# ---- the table under the recap ---------------------------------------------------------------


def ended_map(before: Mapping[str, Any], events: Sequence[Event]) -> list[dict[str, Any]]:
    """The map as the campaign's last move left it, worked out here from the map before the
    move and that move's last conflict (its winner's token added if it took the country)."""
    grid = [dict(tile, tokens=list(tile["tokens"])) for tile in before["grid"]]
    fight = [e for e in events if e.kind == "conflict"][-1].data
    if fight["captured"]:
        tile = next(t for t in grid if t["id"] == fight["tile"])
        tile["tokens"].append(fight["winner"])
        tile["controller"] = before["sides"][fight["winner"]]
    return grid


def map_pieces(scene: TableScene, grid: list[dict[str, Any]], sides: list[int]) -> list[Piece]:
    """The tiles and tokens of ``grid`` (their colours: each seat's side in ``sides``) as the
    table lays its map out now."""
    view = {**scene.game.view(None), "grid": grid, "sides": sides, "target": None}
    model = scene.layout.build(view, None, scene.layout_rect, scene.app.display, NAMES)
    return [p for p in model.pieces if p.id.startswith(("tile:", "tokens:"))]


def differs(screen: pygame.Surface, pieces: list[Piece]) -> float:
    """How much of the map on ``screen`` is not ``pieces``: the share of its pixels that
    change when they are drawn over it (only their soft edges do if they are what shows)."""
    area = pieces[0].rect.unionall([p.rect for p in pieces])
    shown = screen.subsurface(area).copy()
    drawn = shown.copy()
    for piece in sorted(pieces, key=lambda p: p.z):
        image = render.piece_image(piece, piece.rect.w, False)
        drawn.blit(image, piece.rect.move(-area.x, -area.y))
    a, b = pygame.image.tobytes(shown, "RGB"), pygame.image.tobytes(drawn, "RGB")
    changed = sum(
        1
        for i in range(0, len(a), 3)
        if max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2])) > 24
    )
    return changed / (area.w * area.h)


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (3, 2)])
def test_alliances_recap_shows_the_ended_campaigns_map(app: App, players: int, seed: int) -> None:
    """The move that ends a campaign lays out the next one's map at once: while the recap
    explains the campaign, the map drawn is the one it ended with (its last conflict's token
    on it, in its alliances' colours: with 3 players the next Empire is another seat), in
    full view beside the panel; the new map shows once the recap is dismissed."""
    scene, move, _ = table_before(app, "alliances", players, seed, kinds=["human"] * players)
    before = scene.game.view(None)
    play(scene, move)
    events = [entry.event for entry in scene.session.log[-8:]]
    assert any(e.kind == "campaign-end" for e in events) and scene.recap.busy
    final = map_pieces(scene, ended_map(before, events), before["sides"])
    after = scene.game.view(None)
    new = map_pieces(scene, after["grid"], after["sides"])
    assert {tuple(p.art) for p in final} != {tuple(p.art) for p in new}
    pump(app, 3)
    assert differs(app.screen, final) < 0.02
    assert differs(app.screen, new) > 0.1
    key(app, pygame.K_RETURN)
    assert not scene.recap.busy
    pump(app, 3)
    assert differs(app.screen, new) < 0.02


def test_the_map_under_the_recap_is_built_from_public_data_only(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Secrets: what the table holds under a recap sees only the move's public events and the
    public view, even with a human seat looking; it holds the map's tiles and tokens, no
    card."""
    scene, move, _ = table_before(app, "alliances", 4, seed=1)
    seen: list[tuple[list[Event], Mapping[str, Any]]] = []
    real = scene.layout.recap_hold

    def spy(events: Sequence[Event], view: Mapping[str, Any], *args: Any, **kw: Any) -> Any:
        seen.append((list(events), view))
        return real(events, view, *args, **kw)

    monkeypatch.setattr(scene.layout, "recap_hold", spy)
    play(scene, move)
    assert seen and scene.viewer == 0
    events, view = seen[-1]
    assert all(e.visible_to(None) for e in events)
    assert view == scene.game.view(None)
    hold = scene.recap_hold
    assert hold is not None and hold.model.pieces
    assert all(p.id.startswith(("tile:", "tokens:")) for p in hold.model.pieces)


# ---- it blocks the AI, and ends on a click, a key, its timer or a phone ----------------------


def test_recap_holds_the_ai_until_its_timer_ends(app: App) -> None:
    """AI seats wait while the recap shows; when its time is up, play goes on."""
    scene, move, clock = table_before(app, "alliances", 4, seed=1, kinds=["easy"] * 4)
    play(scene, move)
    plies = len(scene.game.history)
    assert scene.recap.busy
    for _ in range(40):
        pump(app, 1)
    assert scene.ai.thinking is None and len(scene.game.history) == plies
    assert scene.recap.busy  # the hand clock has not moved: it still shows
    clock.now += 10
    pump(app, 1)
    assert not scene.recap.busy
    assert scene.game.to_move in scene.ai.bots
    pump(app, 2)
    assert scene.ai.thinking is not None or len(scene.game.history) > plies


def test_hot_seat_hands_over_only_after_the_recap(app: App) -> None:
    """The recap is for the whole table: in a hot-seat game it shows over the
    public table (no one's hand), and the hand-over to the next player comes after it."""
    from tabletop.scenes.handover import HandOverScene

    scene, move, _ = table_before(
        app, "allegiance", 4, seed=3, options={"deals": 3}, kinds=["human"] * 4
    )
    scene.handing_over = False
    play(scene, move)
    assert scene.recap.busy and scene.viewer is None
    assert not isinstance(app.top, HandOverScene)
    key(app, pygame.K_RETURN)
    assert not scene.recap.busy
    assert scene.game.to_move is not None  # the next deal waits for a player
    assert isinstance(app.top, HandOverScene)


@pytest.mark.parametrize("how", ["click", "enter", "space"])
def test_recap_ends_on_click_enter_or_space(app: App, how: str) -> None:
    """A recap shows until click/Enter/Space (or its timer)."""
    scene, move, _ = table_before(app, "medici", 2, seed=1)
    play(scene, move)
    assert scene.recap.busy
    if how == "click":
        click_at(app, scene.layout_rect.center)
    else:
        key(app, pygame.K_RETURN if how == "enter" else pygame.K_SPACE)
    assert not scene.recap.busy


def test_instant_speed_still_shows_the_recap_and_any_key_ends_it() -> None:
    """At Instant speed the recap still shows (it is information), shorter, and any
    input ends it."""
    clock = Clock()
    overlay = RecapOverlay(clock)
    overlay.show(Recap("Deal 1 is over", ("Why.",)), speed=0.0)
    assert overlay.busy
    used = overlay.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    assert used and not overlay.busy
    overlay.show(Recap("Deal 1 is over", ("Why.",)), speed=0.0)
    clock.now += 1.0
    overlay.update()
    assert overlay.busy  # 1 s of 1.5 s
    clock.now += 1.0
    overlay.update()
    assert not overlay.busy


def test_a_letter_key_does_not_end_a_recap_at_normal_speed() -> None:
    """At normal speed only a click, Enter, Space (or Esc) ends the recap early."""
    overlay = RecapOverlay(Clock())
    overlay.show(Recap("Campaign 2 ends", ("Why.",)), speed=1.0)
    assert not overlay.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0))
    assert overlay.busy


def test_a_phone_move_ends_the_recap(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A phone move arriving while the recap shows ends it."""
    scene, move, _ = table_before(app, "allegiance", 4, seed=3, options={"deals": 3})
    play(scene, move)
    assert scene.recap.busy
    scene.ai.bots.clear()  # the phone, not an AI, plays next
    seat = scene.game.to_move
    assert seat is not None
    phone_move = scene.game.legal_moves()[0]
    ply = len(scene.game.history)
    events = scene.session.play(phone_move, seat)
    applied = [AppliedMove(seat, phone_move, events, ply)]
    monkeypatch.setattr(scene.night, "poll", lambda: applied.copy() if applied else [])
    pump(app, 1)
    applied.clear()
    assert not any(e.kind == "deal-end" for e in events)  # the next deal starts: no new recap
    assert not scene.recap.busy
    assert len(scene.game.history) == ply + 1


# ---- only public data ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "players", "seed", "options"),
    [("alliances", 4, 1, None), ("allegiance", 4, 3, {"deals": 3}), ("medici", 2, 1, None)],
)
def test_a_recap_is_built_from_public_data_only(
    app: App,
    monkeypatch: pytest.MonkeyPatch,
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None,
) -> None:
    """The secrets rule: the recap sees only the public events and the public
    view (seat None), even when a human seat is looking at the table."""
    scene, move, _ = table_before(app, game_id, players, seed, options)
    seen: list[tuple[list[Event], Mapping[str, Any]]] = []
    real = scene.layout.recap

    def spy(events: Sequence[Event], view: Mapping[str, Any], names: Sequence[str]) -> Any:
        seen.append((list(events), view))
        return real(events, view, names)

    monkeypatch.setattr(scene.layout, "recap", spy)
    play(scene, move)
    assert seen
    events, view = seen[-1]
    assert all(e.visible_to(None) for e in events)
    assert view == scene.game.view(None)
    hidden = scene.game.hidden_cards(None)
    shown = recap_of(scene)
    words = " ".join((shown.title, *shown.lines))
    assert not any(card in words.split() for card in hidden)


# ---- drawing: fits at every size ------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "profile"),
    [((1280, 720), "desktop"), ((1920, 1080), "tv"), ((3840, 2160), "desktop")],
)
def test_the_recap_panel_fits_the_play_area(size: tuple[int, int], profile: str) -> None:
    """The recap's text fits at 720p, 1080p, 4K and the TV profile."""
    from tabletop.scenes.table_recap import panel_image

    pygame.init()
    display = Display(*size, profile)
    area = pygame.Rect(0, display.px(64), size[0] - display.px(400), size[1] - display.px(64))
    long = Recap(
        "Campaign 2 ends: the game is over",
        (
            "Aggressor: Bartholomew and Dagny, bid 20. Defender: Ada and Cy.",
            "Ada and Cy take the campaign: the Aggressor controls only 10 countries, bid 20.",
            "Countries controlled: Bartholomew and Dagny 10, Ada and Cy 10.",
            "Campaigns won: Bartholomew and Dagny 0, Ada and Cy 2: two wins take the game.",
        ),
    )
    image = panel_image(long, display, area)
    assert image.get_width() <= area.w and image.get_height() <= area.h


# ---- results say why; Medici stacks ---------------------------------------------------------


def finished(game_id: str, players: int, seed: int) -> Session:
    session = Session(game_id, [SeatConfig(NAMES[i]) for i in range(players)], seed=seed)
    rng = random.Random(seed)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves()))
    return session


def test_results_screen_says_why_the_game_ended(app: App) -> None:
    """Results always say why the game ended (here: Medici's court closing)."""
    session = finished("medici", 2, 4)
    scene = ResultsScene(app, session)
    app.push(scene)
    pump(app, 2)
    assert scene.detail.startswith("The court closes: ")
    assert "{p" not in scene.detail


def medici_mid_game(players: int, seed: int, moves: int) -> rules.Game:
    game = rules.new_game("medici", players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize(
    ("size", "profile"),
    [((1280, 720), "desktop"), ((1920, 1080), "tv"), ((3840, 2160), "desktop")],
)
@pytest.mark.parametrize(("players", "seed", "moves"), [(2, 5, 40), (4, 5, 60), (4, 8, 90)])
def test_medici_stack_numbers_stay_readable(
    size: tuple[int, int], profile: str, players: int, seed: int, moves: int
) -> None:
    """Medici stack numbers stay readable at every size (the log names them): each
    stack's badge shows its number at the table's label size, at least 14 px, unshrunk."""
    pygame.init()
    game = medici_mid_game(players, seed, moves)
    display = Display(*size, profile)
    rect = pygame.Rect(0, display.px(64), size[0] - display.px(400), size[1] - display.px(64))
    model = MediciLayout().build(game.view(0), 0, rect, display, NAMES[:players])
    least = max(MIN_STACK_LABEL_PX, display.font_px(18))
    for stack in game.view(0)["stacks"]:
        number = stack["id"][6:]
        zone = model.zone(stack["id"])
        assert zone is not None
        labels = [
            t
            for t in model.texts
            if zone.rect.collidepoint(t.pos) and t.text.lstrip("#").split(":")[0] == number
        ]
        assert labels, f"stack {number} shows no number"
        for t in labels:
            assert t.size >= least
            assert t.max_width is None or fit_size(t.text, t.face, t.max_width, t.size) == t.size


def test_medici_log_names_the_stack_in_every_stack_line() -> None:
    """The Medici log names the stack in each line about one ("stack 3")."""
    about_a_stack = {"court", "build", "minister", "lady", "conspire", "spare"}
    seen: set[str] = set()
    for seed in range(1, 8):
        game = rules.new_game("medici", 2, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            for event in game.play(rng.choice(game.legal_moves())):
                if event.kind in about_a_stack:
                    seen.add(event.kind)
                    assert "stack " in event.text, event.text
    assert {"court", "build", "conspire"} <= seen
