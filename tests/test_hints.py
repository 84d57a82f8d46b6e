"""Hints in the table scene, headless: "what would Hard play here" is worked out by the AI
worker while the table keeps running, shown as a preview (the move outlined on the table and
described in one line), and is played only when the player accepts it (issue "AI": Hints)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

import rules
import tabletop.games
from tabletop import fonts
from tabletop.ai import hint as hint_module
from tabletop.ai.hint import advise_now, hint_bot, hint_now
from tabletop.ai.ismcts import ISMCTSBot
from tabletop.app import App
from tabletop.scenes import hint_overlay, hint_spot
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings
from tabletop.table.fit_check import text_rect

CAP = 30  # hint search iterations in these tests: quick, and reproducible


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setattr(hint_overlay, "HINT_ITERATIONS", CAP)
    application = App((1600, 900), settings=Settings(animation_speed=0.0), persist_settings=False)
    yield application
    application.quit()


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60)


def wait_for(app: App, condition, seconds: float = 60) -> int:  # type: ignore[no-untyped-def]
    """Step frames until ``condition()``; return how many frames ran meanwhile."""
    deadline = time.monotonic() + seconds
    count = 0
    while not condition() and time.monotonic() < deadline:
        frames(app)
        count += 1
    assert condition(), "timed out"
    return count


def human_turn(app: App, game_id: str = "royal_houses", players: int = 2) -> TableScene:
    """A table with one human (seat 0) and Easy AIs, at the human's first real choice."""
    seats = [SeatConfig("Ada", "human")] + [
        SeatConfig(f"Bot {i}", "easy") for i in range(1, players)
    ]
    scene = TableScene(app, Session(game_id, seats, seed=11))
    app.push(scene)
    frames(app, 2)
    rng = random.Random(3)
    while len(scene.game.legal_moves()) < 2 or not scene.acting_human:
        if scene.acting_human:
            assert scene.play(rng.choice(scene.game.legal_moves()))
        wait_for(app, lambda: scene.acting_human or scene.game.over)
    frames(app, 2)
    return scene


def shown(scene: TableScene) -> bool:
    return scene.hint.move is not None


def test_hint_shows_what_hard_would_play_and_the_table_keeps_running(app: App) -> None:
    scene = human_turn(app)
    game, seat = scene.game, scene.game.to_move
    expected = hint_now(game, seat, iterations=CAP)
    before = len(game.history)
    assert scene.hint.button is not None and scene.hint.button.visible
    scene.hint.handle_button(scene.hint.button)
    assert scene.hint.pending and scene.hint.button.text == "Thinking…"
    ran = wait_for(app, lambda: shown(scene))
    assert ran >= 1, "frames kept running while the hint was worked out"
    assert scene.hint.move == expected, "the hint is Hard's own choice for this position"
    assert len(game.history) == before, "a hint alone plays nothing"
    # The move in words, then why (tests/test_advice.py checks the reasons themselves).
    advice = advise_now(game, seat, iterations=CAP)
    said = game.describe_move(expected, seat, scene.session.names)
    assert scene.hint.text.startswith(f"Hint: {said}: ")
    assert scene.hint.text == "Hint: " + advice.sentence(
        lambda m: game.describe_move(m, seat, scene.session.names)
    )
    assert scene.hint.highlights(), "the hinted card or target is outlined on the table"
    assert scene.hint.play_button is not None and scene.hint.dismiss_button is not None
    frames(app, 2)  # and it draws


def test_accepting_a_hint_plays_it(app: App) -> None:
    scene = human_turn(app)
    scene.hint.ask()
    wait_for(app, lambda: shown(scene))
    move, before = scene.hint.move, len(scene.game.history)
    scene.hint.handle_button(scene.hint.play_button)
    assert scene.game.history[before] == move
    assert not shown(scene) and scene.hint.play_button is None


def test_dismissing_a_hint_plays_nothing(app: App) -> None:
    scene = human_turn(app)
    scene.hint.ask()
    wait_for(app, lambda: shown(scene))
    before = len(scene.game.history)
    scene.hint.handle_button(scene.hint.dismiss_button)
    frames(app, 2)
    assert not shown(scene) and scene.hint.panel is None
    assert len(scene.game.history) == before and scene.acting_human


def test_a_hint_for_a_position_already_left_is_dropped(app: App) -> None:
    scene = human_turn(app)
    scene.hint.ask()
    other = scene.game.legal_moves()[-1]
    assert scene.play(other)  # the player moves on before the hint arrives
    assert not scene.hint.pending
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        frames(app)
        assert not shown(scene) or scene.hint.move in scene.game.legal_moves()
    assert not shown(scene)


def test_no_hint_button_when_it_is_not_a_humans_turn(app: App) -> None:
    scene = human_turn(app)
    scene.hint.ask()
    wait_for(app, lambda: shown(scene))
    assert scene.hint.accept()
    if not scene.acting_human:
        assert scene.hint.button is not None and not scene.hint.button.visible
        scene.hint.ask()  # ignored: no hints for a seat that is not the human's
        assert not scene.hint.pending


@pytest.mark.parametrize(("game_id", "players"), [("allegiance", 4), ("medici", 4)])
def test_hints_work_in_other_games(app: App, game_id: str, players: int) -> None:
    scene = human_turn(app, game_id, players)
    scene.hint.ask()
    wait_for(app, lambda: shown(scene))
    assert scene.hint.move in scene.game.legal_moves()
    assert scene.hint.text.startswith("Hint: ") and len(scene.hint.text) > 6


def test_hint_bot_is_hard_unless_the_game_registers_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bot = hint_bot("royal_houses", 1)
    assert isinstance(bot, ISMCTSBot) and bot.name == "ismcts-hard" and bot.budget
    capped = hint_bot("royal_houses", 1, iterations=10)
    assert isinstance(capped, ISMCTSBot) and capped.budget is None and capped.iterations == 10

    class Solver:
        name = "solver"

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, seat_view):  # type: ignore[no-untyped-def]
            return seat_view.legal_moves()[0]

    declared = tabletop.games.bots_for("royal_houses")
    assert declared is not None
    with_solver = replace(declared, hint=Solver)
    monkeypatch.setattr(tabletop.games, "bots_for", lambda game_id: with_solver)
    assert isinstance(hint_bot("royal_houses", 1), Solver)
    game = rules.new_game("royal_houses", 2, seed=2)
    assert hint_now(game, game.to_move) == game.legal_moves()[0]


def test_hint_request_refuses_a_seat_not_to_move() -> None:
    game = rules.new_game("royal_houses", 2, seed=2)
    with pytest.raises(ValueError, match="not to move"):
        hint_module.HintRequest(None, game, 1 - game.to_move)  # type: ignore[arg-type]


BANNER_SIZES = [
    ((1280, 720), "desktop"),
    ((1920, 1080), "desktop"),
    ((3840, 2160), "desktop"),
    ((1920, 1080), "tv"),
]
BANNER_GAMES = [
    ("royal_houses", 2),
    ("allegiance", 4),
    ("medici", 4),
    ("machiavelli", 3),
    ("alliances", 3),
]


def at_humans_turn(app: App, game_id: str, players: int) -> TableScene:
    """A table opened at the human seat's first real choice (the AI seats' moves before it
    made at once, through the session: no waiting for them)."""
    seats = [SeatConfig("Ada", "human")] + [
        SeatConfig(f"Bot {i}", "easy") for i in range(1, players)
    ]
    session = Session(game_id, seats, seed=11)
    rng = random.Random(3)
    game = session.game
    while game.to_move != 0 or len(game.legal_moves()) < 2:
        session.play(rng.choice(game.legal_moves()), game.to_move)
    scene = TableScene(app, session)
    app.push(scene)
    frames(app, 2)
    assert scene.acting_human
    return scene


def in_sight(scene: TableScene) -> list[tuple[pygame.Rect, str]]:
    """What a banner must never cover: every piece (hands, counters, cards, a rival's card
    backs), every label (scores, counts such as Allegiance's victories, names), the move
    buttons and the hinted move's outlines."""
    model = scene.model
    kept = [(p.rect, f"piece {p.id}") for p in model.pieces]
    kept += [(text_rect(t)[0], f"label {t.text!r}") for t in model.texts if t.text.strip()]
    kept += [(b.rect, f"button {b.text!r}") for b, _ in scene.buttons if b.visible]
    kept += [(r, "the hinted move") for r in scene.hint.highlights()]
    return kept


@pytest.mark.parametrize(("size", "profile"), BANNER_SIZES)
@pytest.mark.parametrize(("game_id", "players"), BANNER_GAMES)
def test_hint_banner_covers_no_score_hand_or_hinted_piece(
    monkeypatch: pytest.MonkeyPatch,
    game_id: str,
    players: int,
    size: tuple[int, int],
    profile: str,
) -> None:
    """The Hint banner stands where it covers nothing a player reads or plays with (in
    Allegiance the victories count, in Royal Houses the rival's hand, in every game the
    hinted cards and target), on the table or, if the table has no room, over the log; its
    words are shown whole and its buttons stand inside it, beside or under its words."""
    monkeypatch.setattr(hint_overlay, "HINT_ITERATIONS", CAP)
    app = App(size, settings=Settings(animation_speed=0.0, profile=profile), persist_settings=False)
    try:
        scene = at_humans_turn(app, game_id, players)
        scene.hint.ask()
        wait_for(app, lambda: scene.hint.panel is not None)
        frames(app, 2)
        banner = scene.hint.panel
        assert banner is not None
        covered = [what for rect, what in in_sight(scene) if banner.colliderect(rect)]
        assert not covered, (banner, covered)
        assert scene.layout_rect.contains(banner) or scene.log.rect.contains(banner)
        shown = scene.hint.banner
        assert shown is not None and " ".join(shown.lines) == scene.hint.text
        d = app.display
        font = fonts.get_font(d.font_px(22))
        buttons = [b.rect for b in (scene.hint.play_button, scene.hint.dismiss_button) if b]
        assert buttons and all(banner.contains(b) for b in buttons)
        step = font.get_linesize()
        for i, line in enumerate(shown.lines):
            words = pygame.Rect((banner.x + d.px(14), shown.text_top + i * step), font.size(line))
            assert banner.contains(words), (line, words, banner)
            assert words.collidelist(buttons) < 0, (line, words, buttons)
    finally:
        app.quit()


def test_a_full_table_lends_the_banner_the_log_and_a_narrow_one_stacks_its_buttons() -> None:
    """A table with no free spot: the banner goes to the log (here narrower than its buttons
    side by side, so they stand one under the other), clear of the log's own button."""
    pygame.font.init()
    font = fonts.get_font(22)
    parts = hint_spot.Parts(font, (120, 40), 2, 14, 10)
    felt, log = pygame.Rect(0, 64, 1500, 1016), pygame.Rect(1500, 64, 220, 1016)
    full = [pygame.Rect(x, y, 90, 90) for x in range(0, 1500, 100) for y in range(64, 1080, 100)]
    peek = pygame.Rect(1600, 80, 110, 40)
    room = hint_spot.Room(felt, log, [*full, peek], [], 8)
    banner = hint_spot.place("Hint: play the Count of Swords", parts, room)
    assert log.contains(banner.rect) and not banner.rect.colliderect(peek)
    assert len(banner.buttons) == 2 and banner.buttons[0].bottom < banner.buttons[1].top
    assert all(banner.rect.contains(b) for b in banner.buttons)
    # Room nowhere (no log to lend): still a banner, on the table, whole.
    no_log = hint_spot.Room(felt, None, full, [], 8)
    last = hint_spot.place("Hint: play the Count of Swords", parts, no_log)
    assert felt.contains(last.rect) and all(last.rect.contains(b) for b in last.buttons)
