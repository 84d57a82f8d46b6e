"""A move a phone was told was accepted survives a crash: the host app, at Instant speed, is
killed (SIGKILL) the moment the phone reads "accepted"; the save file then holds that move.

The host is the real app, headless, in a child process: a table whose seat 0 is a phone and
seat 1 an Easy AI, its game night on loopback. The test is the phone (aiohttp, as in
test_night_server.py).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from test_night_server import Phone, run

from tabletop.saves import read_save

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

TESTS = Path(__file__).resolve().parent

HOST = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {tests!r})
    from scene_helpers import make_app, pump
    from tabletop.saves import save_path
    from tabletop.scenes import table_night
    from tabletop.scenes.table import TableScene
    from tabletop.scenes.title import TitleScene
    from tabletop.session import PHONE, SeatConfig, Session

    table_night.BIND, table_night.PORT = ["127.0.0.1"], 0
    table_night.PAINT_IN_PROCESS = False  # no painter process left behind by the kill
    app = make_app((1280, 720), animation_speed=0.0)  # Instant: a move every frame
    seats = [SeatConfig("Ann", PHONE), SeatConfig("Bob", "easy")]
    session = Session("royal_houses", seats, {seed})
    app.push(TitleScene(app))
    scene = TableScene(app, session)
    app.push(scene)
    pump(app, 2)
    print(scene.night.night.link(0), save_path(session), flush=True)
    while True:
        pump(app, 1, dt=1 / 60)
    """
)


def host(tmp_path: Path, seed: int) -> tuple[subprocess.Popen[str], str, Path]:
    env = dict(os.environ)
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        env[var] = str(tmp_path / var.lower())
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    child = subprocess.Popen(
        [sys.executable, "-c", HOST.format(tests=str(TESTS), seed=seed)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    link, save = child.stdout.readline().split()
    return child, link, Path(save)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_move_told_accepted_is_in_the_save_when_the_host_is_killed(
    tmp_path: Path, seed: int
) -> None:
    child, link, save = host(tmp_path, seed)
    base, token = link.split("/j/")
    accepted_ply = -1
    rng = random.Random(seed)
    wanted = rng.randint(1, 4)  # how many of the phone's moves before the kill

    class Night:  # what Phone.open needs of a GameNight
        url = base

    async def body() -> None:
        nonlocal accepted_ply
        phone = await Phone.open(Night, token)  # type: ignore[arg-type]
        count, answered = 0, -1
        try:
            while True:
                msg = await phone.recv()
                assert msg is not None, "the host closed the phone's socket"
                if msg["type"] == "accepted":
                    count += 1
                    if count >= wanted:
                        child.send_signal(signal.SIGKILL)  # at once: not a frame more
                        accepted_ply = msg["ply"]
                        return
                if msg["type"] == "state" and msg["your_turn"] and msg["ply"] > answered:
                    answered = msg["ply"]
                    await phone.move(rng.choice(msg["moves"])["text"], msg["ply"])
        finally:
            await phone.ws.close()
            await phone.client.close()

    try:
        run(body, limit=60)
    finally:
        child.kill()
        child.wait(10)
    assert accepted_ply > 0
    held = len(read_save(save).game.history) if save.exists() else 0
    assert held >= accepted_ply, (
        f"the phone was told ply {accepted_ply} was accepted; the save holds {held} moves"
    )
