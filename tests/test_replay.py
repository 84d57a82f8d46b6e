"""Replays and the move list as text: step, back and play at speed from the
move list; export and import in the games' own notation, every imported move re-checked."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from scene_helpers import click, key, pump, use_private_home

import rules
from tabletop.app import App
from tabletop.replay import MoveListError, Replay, export_text, import_text
from tabletop.scenes.replay import ReplayScene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings

GAME_IDS = sorted(g for g in ("royal_houses", "allegiance", "medici") if g in rules.GAMES)


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


def played(game_id: str = "royal_houses", moves: int | None = None, seed: int = 6) -> Session:
    spec = rules.GAMES[game_id]
    seats = [SeatConfig("Nadia")] + [
        SeatConfig(f"Bot {i}", "normal") for i in range(1, spec.min_players)
    ]
    session = Session(game_id, seats, seed=seed)
    rng = random.Random(seed)
    while not session.game.over and (moves is None or len(session.game.history) < moves):
        session.play(rng.choice(session.game.legal_moves()))
    return session


# ---------------------------------------------------------------------------------------------
# the replay model
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_positions_are_the_games_own(game_id: str) -> None:
    session = played(game_id)
    replay = Replay(session)
    assert replay.length == len(session.game.history)
    assert replay.index == 0 and replay.game.history == []
    assert replay.step(3) and replay.index == 3
    check = rules.new_game(game_id, len(session.seats), session.seed, dict(session.game.options))
    for move in session.game.history[:3]:
        check.play(move)
    assert replay.game.snapshot() == check.snapshot()
    replay.seek(10**6)
    assert replay.game.snapshot() == session.game.snapshot() and replay.game.over
    assert not replay.step(1)  # at the end
    assert replay.step(-1) and replay.index == replay.length - 1
    replay.seek(-5)
    assert replay.index == 0 and replay.last_move_text() == "The deal."


def test_replay_log_follows_the_shown_move_and_the_viewer() -> None:
    session = played(moves=12)
    replay = Replay(session)
    replay.seek(12)
    assert replay.lines(0) == session.log_lines(0)
    assert replay.lines(None) == session.log_lines(None)
    replay.seek(2)
    assert len(replay.lines(0)) < len(session.log_lines(0))
    assert replay.last_move_text() == str(session.game.history[1])


# ---------------------------------------------------------------------------------------------
# export and import
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_export_then_import_is_the_same_game(game_id: str) -> None:
    # Finished: an unfinished game's export hides secret moves and cannot be played on
    # (tests/test_app_leaks.py).
    session = played(game_id)
    text = export_text(session)
    assert text.startswith("# tabletop move list\n")
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert lines[0] == f"1. {session.game.history[0]}"
    again = import_text(text)
    assert again.game.snapshot() == session.game.snapshot()
    assert [(s.name, s.kind) for s in again.seats] == [(s.name, s.kind) for s in session.seats]
    # Numbers are optional and blank lines are fine: a hand-written list reads too.
    bare = "\n".join(
        [line for line in text.splitlines() if line.startswith("#")]
        + [""]
        + [str(m) for m in session.game.history]
    )
    assert import_text(bare).game.snapshot() == session.game.snapshot()


def test_bad_move_lists_are_refused_with_a_sentence() -> None:
    good = export_text(played())  # finished: an unfinished list cannot be played on
    header = "\n".join(line for line in good.splitlines() if line.startswith("#"))
    moves = [line for line in good.splitlines() if not line.startswith("#")]
    cases = {
        "no game": ("1. go first\n", "known game"),
        "bad seed": (header.replace("# seed:", "# seed: x"), "damaged"),
        "bad options": (header.replace("# options: {", "# options: [{"), "damaged"),
        "options list": (
            "\n".join(
                "# options: [1]" if h.startswith("# options") else h for h in header.split("\n")
            ),
            "JSON object",
        ),
        "bad players": (header.replace("# players: 2", "# players: 7"), "cannot be set up"),
        "illegal move": (header + "\n" + moves[0] + "\n" + moves[0], "refused"),
        "garbage": (header + "\n1. fly to the moon", "refused"),
        "huge": ("#" * 2_000_001, "far longer"),
    }
    for name, (text, words) in cases.items():
        with pytest.raises(MoveListError) as err:
            import_text(text)
        assert words in str(err.value), (name, str(err.value))
        assert str(err.value).endswith("."), (name, str(err.value))


def test_damaged_seats_fall_back_to_plain_names() -> None:
    text = export_text(played()).replace("Bot 1=normal", "Bot 1=wizard")
    seats = import_text(text).seats
    assert [(s.name, s.kind) for s in seats] == [("Player 1", "human"), ("Player 2", "easy")]


# ---------------------------------------------------------------------------------------------
# the replay scene
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def app() -> Iterator[App]:
    a = App(size=(1280, 720), settings=Settings(), persist_settings=False)
    yield a
    a.quit()


def test_replay_scene_steps_back_plays_and_switches_the_view(app: App) -> None:
    session = played(moves=20)
    scene = ReplayScene(app, session)
    app.push(scene)
    pump(app)
    c = scene.controls
    assert scene.replay.index == 0 and not c["Back"].is_enabled
    click(app, c["Step"])
    click(app, c["Step"])
    assert scene.replay.index == 2
    click(app, c["Back"])
    assert scene.replay.index == 1
    key(app, pygame.K_END)
    assert scene.replay.index == 20 and not c["Step"].is_enabled
    key(app, pygame.K_HOME)
    assert scene.replay.index == 0
    # Play at speed: 4 moves a second, so one simulated second shows four moves.
    click(app, c["Speed 1×"])
    click(app, c["Speed 1×"])
    assert scene.speed == 4.0 and c["Speed 1×"].text == "Speed 4×"
    start = scene.replay.index
    key(app, pygame.K_SPACE)
    assert scene.playing and c["Play"].text == "Pause"
    pump(app, 10, dt=0.1)
    assert 3 <= scene.replay.index - start <= 5
    key(app, pygame.K_SPACE)
    assert not scene.playing
    # The view of an unfinished solo game: Nadia's hand, then the public table, never a bot's.
    assert scene.viewer == 0
    click(app, c["View: Public"])
    assert scene.viewer is None and c["View: Public"].text == "View: Public"
    click(app, c["View: Public"])
    assert scene.viewer == 0 and c["View: Public"].text == "View: Nadia"
    key(app, pygame.K_ESCAPE)
    assert app.top is None or app.top is not scene


def test_replay_playing_stops_at_the_end(app: App) -> None:
    session = played(moves=6)
    scene = ReplayScene(app, session)
    app.push(scene)
    pump(app)
    scene.seek(4)
    scene.toggle_play()
    pump(app, 40, dt=0.1)
    assert scene.replay.index == 6 and not scene.playing
    scene.toggle_play()  # Play at the end starts again from the deal
    assert scene.replay.index == 0 and scene.playing


def hot_seat(game_id: str, moves: int | None, seed: int = 4) -> Session:
    """Two humans and, where the game needs more seats, AI: a hot-seat table."""
    spec = rules.GAMES[game_id]
    count = max(2, spec.min_players)
    seats = [SeatConfig("Nadia"), SeatConfig("Kevin")] + [
        SeatConfig(f"Bot {i}", "easy") for i in range(2, count)
    ]
    session = Session(game_id, seats, seed=seed)
    rng = random.Random(seed)
    while not session.game.over and (moves is None or len(session.game.history) < moves):
        session.play(rng.choice(session.game.legal_moves()))
    return session


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_an_unfinished_games_replay_shows_no_hand_a_player_may_not_see(
    app: App, game_id: str
) -> None:
    """While a game is unfinished its replay offers only the public view and
    the seat of a lone human (solo play); every seat once the game is over. Hot seat: the
    public table only, so a replay cannot defeat the hand-over screen."""
    table = hot_seat(game_id, moves=12)
    scene = ReplayScene(app, table)
    app.push(scene)
    pump(app)
    assert scene.viewers == [None] and scene.viewer is None
    scene.seek(scene.replay.length)
    click(app, scene.controls["View: Public"])
    assert scene.viewer is None
    assert any("hidden until the game is over" in t.text for t in app.toasts)
    app.pop()
    solo = played(game_id, moves=12)
    assert not solo.game.over
    assert ReplayScene(app, solo).viewers == [None, 0]
    finished = played(game_id)
    assert finished.game.over
    assert ReplayScene(app, finished).viewers == [None, *range(len(finished.seats))]


def test_an_unfinished_games_export_keeps_its_seed_and_deal_secret() -> None:
    """With the seed (or a fixed deal) anyone can deal the same hands again, e.g.
    as the seed of a new game in Setup. An unfinished game's move list leaves both out, and
    reading it back says why it cannot be played on; a finished game's keeps them."""
    from rules.royal_houses import CARDS

    session = played(moves=10)
    session.game.options["deck"] = list(CARDS)  # as if dealt from a fixed deck
    text = export_text(session)
    assert f"# seed: {session.seed}\n" not in text and "# seed: secret until" in text
    assert '"deck": null' in text and "A1" not in text.split("# seats")[0]
    with pytest.raises(MoveListError) as err:
        import_text(text)
    assert "seed is secret" in str(err.value) and "Load resumes the game" in str(err.value)
    done = played()
    assert f"# seed: {done.seed}\n" in export_text(done)


#: Words that tell a player to act at a live table (a prompt), never shown by a replay.
PROMPT_WORDS = ("click", "drag", "your turn", "choose the country", "declare exactly")


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_a_replay_shows_no_live_prompt(app: App, game_id: str) -> None:
    """A replay shows no live prompts ("click a bid"), sentences meant for
    a player to act on. It shows a neutral description of the position and whose turn it was
    (in its title), at every position and from every seat's view."""
    finished = played(game_id)
    scene = ReplayScene(app, finished)
    app.push(scene)
    pump(app)
    length = scene.replay.length
    for index in sorted({*range(0, length + 1, max(1, length // 150)), length}):
        scene.seek(index)
        for viewer in scene.viewers:
            scene.viewer = viewer
            scene._refresh()
            assert scene.model is not None
            for text in scene.model.texts:
                low = text.text.lower()
                assert not any(w in low for w in PROMPT_WORDS), (index, viewer, text.text)
    # Whose turn it was is in the replay's title.
    scene.seek(0)
    mover = scene.replay.game.to_move
    assert mover is not None
    assert scene.title_text().endswith(f"move 0 of {length} · {finished.names[mover]} to move")
    scene.seek(length)
    assert scene.title_text().endswith("· game over")
