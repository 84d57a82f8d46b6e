"""One home per game: a game's app side is one folder, and the example proves it.

High Card (``tests/example_game/``) is a tiny game with hidden cards, written the way a real
game is (docs/adding-a-game.md): a rules module and its rules text, and one app package
(``__init__.py`` declaring ``APP``, ``layout.py``, ``art.py``, ``bots.py``, ``search.py``).
The :func:`example_game` fixture makes the app find it exactly as it finds a real game: the
spec goes into ``rules.GAMES`` and the folder holding the package onto
``tabletop.games.__path__``, nothing of the app changed. Both only for the length of a test:
every other test goes through ``rules.GAMES`` and must never meet the example.

Then the example is held to what holds every game: the shared conformance checks, the
refusal lists, discovery of its parts, its layout over every position, its art, its bots and
search, and a whole game in the real table scene.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pygame
import pytest
from example_game import rules_highcard
from example_game.rules_highcard import CARDS, GAME_ID, PLAY
from scene_helpers import click_at, key, make_app, pump, use_private_home, wait_for
from test_conformance import (
    check_determinized_copy_cannot_be_saved,
    check_every_step,
    check_random_playouts,
    check_same_seed_same_game,
    check_spec_is_complete,
    seats_and_table,
)
from test_refusals import _sources, codes_in_play, codes_in_source, listed
from test_state import check_state_declared

import rules
import tabletop.games
from rules.core import GENERIC_REFUSALS
from tabletop.ai import policy
from tabletop.ai import worker as worker_module
from tabletop.ai.base import BotError, SeatView, decide
from tabletop.ai.bots import make_bot
from tabletop.ai.ismcts import ISMCTSBot
from tabletop.ai.worker import AIWorker
from tabletop.display import Display
from tabletop.layouts import get_gestures, get_layout
from tabletop.table import card_art, render

#: The folder that holds the example's app package (``highcard/``), as tabletop/games/ holds
#: the real games' packages.
APPS = Path(__file__).resolve().parent / "example_game" / "app"
PACKAGE = f"{tabletop.games.PACKAGE}.{GAME_ID}"


@contextmanager
def installed() -> Iterator[None]:
    """The example registered (rules side) and discoverable (app side), and forgotten after:
    its spec, the package folder, the cached lookups and the imported package itself."""
    with pytest.MonkeyPatch.context() as mp:
        tabletop.games.app_for.cache_clear()
        mp.setitem(rules.GAMES, GAME_ID, rules_highcard.SPEC)
        mp.setattr(tabletop.games, "__path__", [*tabletop.games.__path__, str(APPS)])
        policy.GAME_AI.pop(GAME_ID, None)
        try:
            yield
        finally:
            card_art.clear_cache()
            card_art._painted.discard(GAME_ID)
            policy.GAME_AI.pop(GAME_ID, None)
            for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
                del sys.modules[name]
            if hasattr(tabletop.games, GAME_ID):
                delattr(tabletop.games, GAME_ID)
            tabletop.games.app_for.cache_clear()


@pytest.fixture
def example_game() -> Iterator[str]:
    with installed():
        yield GAME_ID


def app_module(name: str = "") -> ModuleType:
    """A module of the example's app package (imported by the app's own lookup first)."""
    return sys.modules[PACKAGE + (f".{name}" if name else "")]


def test_the_example_is_seen_only_inside_its_fixture() -> None:
    assert GAME_ID not in rules.GAMES
    assert tabletop.games.app_for(GAME_ID) is None
    with installed():
        assert rules.GAMES[GAME_ID] is rules_highcard.SPEC
        assert tabletop.games.app_for(GAME_ID) is not None
        assert PACKAGE in sys.modules
    assert GAME_ID not in rules.GAMES
    assert tabletop.games.app_for(GAME_ID) is None
    assert PACKAGE not in sys.modules
    assert APPS.as_posix() not in [Path(p).as_posix() for p in tabletop.games.__path__]


# --------------------------------------------------------------------------- the rules side


def test_the_shared_conformance_checks_pass(example_game: str) -> None:
    check_spec_is_complete(example_game)
    for players, options in rules.GAMES[example_game].test_configs:
        check_random_playouts(example_game, players, dict(options), 200)
        check_every_step(example_game, players, dict(options))
        check_same_seed_same_game(example_game, players, dict(options))
        check_state_declared(example_game, players, dict(options))
    check_determinized_copy_cannot_be_saved(example_game)


def test_the_conformance_checks_catch_a_leaking_view(
    example_game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shared checks bite on the example: a view that shows the face-down card to the
    rival is caught."""
    honest = rules_highcard.HighCard.view

    def leaky(self: rules_highcard.HighCard, seat: int | None) -> dict:
        view = honest(self, seat)
        if self.down is not None:
            view["down"] = {"seat": self.leader, "card": self.down}
        return view

    monkeypatch.setattr(rules_highcard.HighCard, "view", leaky)
    with pytest.raises(AssertionError, match="shows hidden cards"):
        check_every_step(example_game, 2, {})


def test_its_refusals_are_listed_and_explained(example_game: str) -> None:
    own = listed(example_game)
    assert own == rules_highcard.REFUSALS
    assert set(own) == codes_in_source(_sources(example_game))
    met = codes_in_play(example_game)
    assert met <= set(own) | set(GENERIC_REFUSALS)
    assert {"not-in-hand", "bad-notation", "not-your-turn"} <= met
    game = rules.new_game(example_game, 2, seed=1)
    mine = game.legal_moves()[0].cards[0]
    theirs = next(c for c in CARDS if c not in game.view(game.to_move)["hands"][game.to_move])
    err = game.why_illegal(PLAY[theirs])
    assert err is not None and err.code == "not-in-hand"
    assert err.message == f"You do not hold the {theirs[1:]}."
    err = game.why_illegal(game.parse_move("play N12"))
    assert err is not None and err.code == "no-such-card"
    moved = rules_highcard.HighMove("play", cards=(mine,), target="hand:0")
    err = game.why_illegal(moved)
    assert err is not None and err.code == "wrong-target"


def test_a_face_down_card_stays_hidden_until_the_reply(example_game: str) -> None:
    deck = ["N2", "N8", "N9", "N1", "N5", "N7", "N3", "N4", "N6"]
    game = rules.new_game(example_game, 2, seed=0, options={"deck": deck})
    leader = game.to_move
    assert leader is not None
    rival = 1 - leader
    card = game.legal_moves()[-1].cards[0]
    events = game.play(PLAY[card])
    assert game.view(leader)["down"] == {"seat": leader, "card": card}
    assert game.view(rival)["down"] == {"seat": leader, "card": None}
    assert game.view(None)["down"] == {"seat": leader, "card": None}
    assert [e.render(["A", "B"]) for e in rules.visible_events(events, rival)] == [
        "AB"[leader] + " lays a card face down."
    ]
    reply = game.legal_moves()[0].cards[0]
    game.play(PLAY[reply])
    assert game.view(rival)["rounds"][0]["cards"][leader] == card
    assert game.view(rival)["down"] is None


# --------------------------------------------------------------------------- the app side


def positions(game_id: str, seed: int) -> Iterator[rules.Game]:
    """Every position of a seeded random game, its end included."""
    game = rules.new_game(game_id, 2, seed=seed)
    rng = random.Random(seed)
    yield game
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
        yield game


def test_the_app_finds_its_declaration_and_its_parts(example_game: str) -> None:
    app = tabletop.games.app_for(example_game)
    assert app is app_module().APP
    assert app.game_id == example_game
    layout = get_layout(example_game)
    assert isinstance(layout, app_module("layout").HighCardLayout)
    assert tabletop.games.art_for(example_game) is app_module("art").ART
    bots = tabletop.games.bots_for(example_game)
    assert bots is not None and bots.heuristic is app_module("bots").HighCardBot
    assert policy.game_ai(example_game) is app_module("search").SEARCH


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_layout_builds_every_position_for_every_viewer(
    example_game: str, size: tuple[int, int]
) -> None:
    pygame.init()
    layout = get_layout(example_game)
    gestures = get_gestures(example_game, layout)  # the usual ones: it declares none
    display = Display(*size)
    window = pygame.Rect(0, 0, *size)
    names = ["Ada", "Bo"]
    for seed in range(3):
        for game in positions(example_game, seed):
            legal = game.legal_moves()
            for viewer in seats_and_table(game):
                model = layout.build(game.view(viewer), viewer, window, display, names)
                hidden = game.hidden_cards(viewer)
                table = model.zone("table")
                assert table is not None and window.contains(table.rect)
                for piece in model.pieces:
                    assert window.contains(piece.rect), (piece.id, piece.rect)
                    shown = {piece.id, piece.label, *map(str, piece.art)}
                    assert not shown & hidden, f"{viewer} sees {shown & hidden}"
                    image = render.piece_image(piece, piece.rect.w, False)
                    assert image.get_width() == piece.rect.w
                hand = game.view(viewer)["hands"][viewer] if viewer is not None else []
                assert sorted(p.drag for p in model.pieces if p.drag) == sorted(hand)
                if viewer is not None and viewer == game.to_move:
                    # Every legal move is a drop of one of the viewer's cards on the table.
                    dropped = {
                        m
                        for p in model.pieces
                        if p.drag
                        for m in gestures.resolve_drop(p.drag, "table", legal)
                    }
                    assert dropped == set(legal)
                won = [p for p in model.pieces if p.art[:3] == ("piece", example_game, "token")]
                assert len(won) == len(game.view(viewer)["rounds"])


def test_its_cards_and_pieces_render_through_the_card_art(example_game: str) -> None:
    pygame.init()
    for width in (40, 110, 260):
        size = card_art.card_size(width)
        faces = set()
        for card in CARDS:
            face = card_art.card_face(example_game, card, width)
            assert face.get_size() == size and face.get_flags() & pygame.SRCALPHA
            faces.add(pygame.image.tobytes(face, "RGBA"))
            plain = card_art.card_face(example_game, card, width, colorblind=True)
            assert plain.get_size() == size
        assert len(faces) == len(CARDS), "two cards look alike"
        back = card_art.card_back(example_game, width)
        assert back.get_size() == size
        assert pygame.image.tobytes(back, "RGBA") not in faces
        tokens = [card_art.piece(example_game, "token", (s,), width, False) for s in (0, 1)]
        assert all(t.get_size() == (width, width) for t in tokens)
        assert pygame.image.tobytes(tokens[0], "RGBA") != pygame.image.tobytes(tokens[1], "RGBA")
    with pytest.raises(ValueError):
        card_art.card_face(example_game, "N10", 60)
    with pytest.raises(ValueError):
        card_art.piece(example_game, "crown", (), 60, False)


def test_its_bots_play_only_legal_moves_through_whole_games(example_game: str) -> None:
    bots = {kind: make_bot(kind, example_game, 3, iterations=40) for kind in ("easy", "heuristic")}
    heuristic = app_module("bots").HighCardBot
    assert all(isinstance(bot, heuristic) for bot in bots.values())
    assert bots["easy"].name != bots["heuristic"].name  # Easy plays with noise
    hard = make_bot("hard", example_game, 3, iterations=40)
    assert isinstance(hard, ISMCTSBot)
    for seed, (a, b) in enumerate([("easy", "hard"), ("hard", "heuristic"), ("heuristic", "hard")]):
        players = [bots.get(a, hard), bots.get(b, hard)]
        game = rules.new_game(example_game, 2, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_moves()
            try:
                move = decide(players[seat], game, seat, rng)
            except BotError as err:  # decide() refuses a move the rules refuse
                pytest.fail(str(err))
            assert move in legal
            game.play(move)
        assert game.outcome().winners


def test_the_heuristic_plays_the_cheapest_card_likely_to_win(example_game: str) -> None:
    """Holding 2, 8 and 9 with nothing shown yet: the 8 beats every card it has not seen, and
    keeps the 9."""
    deck = ["N2", "N8", "N9", "N1", "N3", "N4", "N5", "N6", "N7"]
    seed = next(
        s
        for s in range(20)
        if rules.new_game(example_game, 2, seed=s, options={"deck": deck}).to_move == 0
    )
    game = rules.new_game(example_game, 2, seed=seed, options={"deck": deck})
    bot = make_bot("heuristic", example_game, 1)
    assert bot.choose(SeatView(game, 0, random.Random(1))) == PLAY["N8"]


# --------------------------------------------------------------------------- the table scene


@pytest.mark.parametrize("start", ["solo", "hot seat"])
def test_a_whole_game_is_played_at_the_table(
    example_game: str, start: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real table scene, headless: the human lays each card by clicking it and then the
    table (an AI seat answers through the worker), until the results come up."""
    from tabletop.scenes.handover import HandOverScene
    from tabletop.scenes.results import ResultsScene
    from tabletop.scenes.rules_screen import RulesScene
    from tabletop.scenes.table import TableScene
    from tabletop.session import SeatConfig, Session

    use_private_home(tmp_path, monkeypatch)
    # A thread, not the worker process: a spawned process would not have the example
    # registered (the fixture registers it in this process only).
    monkeypatch.setattr(worker_module, "_shared", AIWorker(use_process=False))
    monkeypatch.setattr(HandOverScene, "arm_delay", 0.0)
    seats = [SeatConfig("Ada"), SeatConfig("Bo", "human" if start == "hot seat" else "easy")]
    app = make_app(animation_speed=0.0)
    try:
        session = Session(example_game, seats, seed=9)
        scene = TableScene(app, session)
        app.push(scene)
        pump(app)
        assert isinstance(scene.layout, app_module("layout").HighCardLayout)
        app.push(RulesScene(app, example_game))  # the Rules button's screen reads its text
        pump(app)
        app.pop()
        game = session.game
        rng = random.Random(9)
        guard = 0
        while not game.over:
            guard += 1
            assert guard < 2000, "the table stopped moving"
            if isinstance(app.top, HandOverScene):
                key(app, pygame.K_SPACE)
                continue
            if scene.reveal is not None:  # a drawn card seen: pass on
                scene.end_reveal()
                continue
            if not scene.acting_human:
                pump(app, 1)
                continue
            seat = scene.viewer
            assert seat is not None
            hidden = game.hidden_cards(seat)
            for piece in scene.model.pieces:
                assert not {piece.id, *map(str, piece.art)} & hidden, piece
            legal = game.legal_moves()
            assert scene.offered_moves() == set(legal)
            move = rng.choice(legal)
            card = scene.model.piece(move.cards[0])
            assert card is not None and card.drag == move.cards[0]
            before = len(game.history)
            click_at(app, card.rect.center)  # pick the card up…
            table = scene.model.zone("table")
            assert table is not None
            click_at(app, table.rect.center)  # …and lay it on the table
            assert game.history[before:][:1] == [move], "the clicks did not play the card"
        assert len(game.history) == 6
        wait_for(app, lambda: isinstance(app.top, ResultsScene))
        assert app.top.outcome == game.outcome()  # type: ignore[union-attr]
    finally:
        app.quit()
