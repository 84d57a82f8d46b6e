"""The command line: --selftest, starting a game directly, and bad arguments."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=timeout,
    )


def test_selftest_plays_every_game_through_the_real_scenes(tmp_path: Path) -> None:
    shot = tmp_path / "selftest.png"
    result = run("--selftest", "--screenshot", str(shot))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "selftest passed" in result.stdout
    import rules

    for spec in rules.GAMES.values():
        assert f"{spec.title}:" in result.stdout
    assert f"game packages: {len(rules.GAMES)} " in result.stdout  # every game's app side
    assert shot.stat().st_size > 10_000


def test_start_a_game_from_the_command_line(tmp_path: Path) -> None:
    shot = tmp_path / "table.png"
    result = run(
        "--game",
        "royal_houses",
        "--seats",
        "ai,ai",
        "--speed",
        "0",
        "--frames",
        "40",
        "--size",
        "1280x720",
        "--screenshot",
        str(shot),
    )
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000


def test_bad_arguments_give_a_message_not_a_traceback() -> None:
    for args, words in (
        (("--game", "chess"), "no game 'chess'"),
        (("--game", "royal_houses", "--seats", "human,dragon"), "unknown seat kind 'dragon'"),
        (("--game", "royal_houses", "--seats", "human,ai,ai"), "played by 2 players"),
        (("--size", "big"), "--size must look like"),
    ):
        result = run(*args, timeout=60)
        assert result.returncode != 0, args
        assert words in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.stderr, result.stderr


def test_names_that_cannot_be_shown_are_refused_like_bad_arguments() -> None:
    """An empty, invisible, undecodable or too long name from --names is refused: it would
    start a game whose autosaves the app would later refuse (or crash drawing)."""
    base = [sys.executable, "-m", "tabletop", "--game", "royal_houses", "--speed", "0"]
    for names, words in (
        ("Ada,,Bo", "name 2 is empty"),
        ("Ada,\u200b", "name 2 has no letter"),
        ("x" * 41, "name 1 is longer than 40"),
        (b"Ada,B\xffo", None),  # undecodable bytes: a lone surrogate in Python
    ):
        arg = names if isinstance(names, bytes) else names.encode()
        result = subprocess.run(
            [*(a.encode() for a in base), b"--names", arg, b"--frames", b"5"],
            capture_output=True,
            env=ENV,
            timeout=120,
        )
        err = result.stderr.decode(errors="replace")
        if words is None:  # the surrogate is dropped: "Ada,Bo" starts
            assert result.returncode == 0, err
            continue
        assert result.returncode == 2, (names, err)
        assert words in err and "tabletop: error:" in err, err
        assert "Traceback" not in err, err


def _first_table(*args: str) -> tuple[int | None, bool]:
    """The first scene the command line opens, pushed on a headless app: its viewer (None:
    the public table, view(None)) and whether the session is a table display."""
    from tabletop.__main__ import _first_scene_factory, parse_args
    from tabletop.app import App
    from tabletop.scenes.table import TableScene
    from tabletop.storage import Settings

    factory = _first_scene_factory(parse_args(list(args)))
    app = App((1280, 720), settings=Settings(animation_speed=0.0), persist_settings=False)
    try:
        scene = factory(app)
        app.push(scene)
        for _ in range(3):
            app.step(1 / 60)
        assert isinstance(scene, TableScene)
        return scene.viewer, scene.session.table_display
    finally:
        app.quit()


def test_table_display_flag_shows_the_public_table(tmp_path: Path) -> None:
    """``--table-display`` is obeyed, so a TV never shows the
    only human's hand. With it the session is a table display (as the setup's checkbox makes
    it) and the table shows view(None); without it the human's own view."""
    base = ("--game", "royal_houses", "--seats", "human,ai", "--seed", "4")
    assert _first_table(*base) == (0, False)
    assert _first_table(*base, "--table-display") == (None, True)
    # A loaded game too.
    from tabletop.saves import write_save
    from tabletop.session import SeatConfig, Session

    session = Session("royal_houses", [SeatConfig("Ada"), SeatConfig("Bo", "easy")], seed=4)
    path = tmp_path / "game.json"
    write_save(session, path)
    assert _first_table("--load", str(path), "--table-display") == (None, True)


def test_too_many_seats_give_the_rules_player_count_sentence() -> None:
    """``--seats`` with ten entries for Allegiance must not crash with an
    IndexError (nine default names) instead of the player-count message."""
    import rules
    from tabletop.__main__ import _first_scene_factory, parse_args

    seats = ",".join(["human"] + ["ai"] * 9)
    with pytest.raises(rules.SetupError) as expected:
        rules.new_game("allegiance", 10, seed=1)
    with pytest.raises(SystemExit) as ended:
        _first_scene_factory(parse_args(["--game", "allegiance", "--seats", seats]))
    assert ended.value.code == f"tabletop: {expected.value}"
    result = run("--game", "allegiance", "--seats", seats, timeout=60)
    assert result.returncode != 0 and str(expected.value) in result.stderr
    assert "Traceback" not in result.stderr, result.stderr
