"""The abusive device of bench_night_abuse: one attack on a game night on loopback, in a
process of its own (as another device would be: its sockets, memory and CPU are not the
host's), that stops by itself.

    python tests/benchmarks/night_attacker.py ATTACK PORT SECONDS

ATTACK is one of:

- ``deaf-public``: a WebSocket that says hello as a public screen (no token), then sends junk
  moves as fast as the socket takes them and never reads (a 4 KB receive buffer);
- ``deaf-bogus``: the same with a made-up seat token (the host refuses it and closes);
- ``ping``: a public screen that sends pings as fast as it can and reads every answer;
- ``idle``: 500 TCP connections that send nothing, each opened again when the host closes it.

A socket the host closes is opened again until the time is up. It prints ``ready`` once its
imports are done, then one JSON line of what it did. Every loop is bounded in count and time.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import socket
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the raw WebSocket

from test_night_hostile import frame, upgrade

LOOPBACK = "127.0.0.1"
IDLE = 500
MAX_SOCKETS = 100_000  # sockets one attack may open at most, whatever its time
Stats = dict[str, Any]


def connect(port: int, rcvbuf: int | None = None) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(2.0)
    sock.connect((LOOPBACK, port))
    return sock


def websocket(port: int, token: str | None, rcvbuf: int | None = None) -> socket.socket | None:
    """A socket past its handshake and hello (None: the host would not open it)."""
    try:
        sock = connect(port, rcvbuf)
        night: Any = SimpleNamespace(server=SimpleNamespace(port=port))  # all upgrade() reads
        if upgrade(sock, night) != 101:
            sock.close()
            return None
        hello: dict[str, Any] = {"v": 1, "type": "hello"}
        if token is not None:
            hello["token"] = token
        sock.sendall(frame(json.dumps(hello)))
    except (OSError, ValueError, IndexError):
        return None
    return sock


def dial(
    port: int, token: str | None, deadline: float, stats: Stats, rcvbuf: int | None = None
) -> Iterator[socket.socket]:
    """Open sockets one after another (each when the last is done with), non-blocking,
    until the deadline or MAX_SOCKETS; a refused one is counted and tried again shortly."""
    while time.monotonic() < deadline and stats["sockets"] < MAX_SOCKETS:
        sock = websocket(port, token, rcvbuf=rcvbuf)
        if sock is None:
            stats["refused"] += 1
            time.sleep(0.05)
            continue
        stats["sockets"] += 1
        sock.setblocking(False)
        yield sock


def deaf(port: int, deadline: float, token: str | None) -> Stats:
    """Junk as fast as the host takes it, never a byte read; a closed socket is reopened."""
    move = {"v": 1, "type": "move", "id": "junk", "ply": 0, "move": "x" * 200}
    junk = b"".join(frame(json.dumps({**move, "id": f"j{i}"})) for i in range(64))
    stats: Stats = {"sockets": 0, "refused": 0, "closed by host": 0, "bytes sent": 0}
    for sock in dial(port, token, deadline, stats, rcvbuf=4096):
        pending = memoryview(b"")
        with sock:
            while time.monotonic() < deadline:
                _, writable, _ = select.select([], [sock], [], 0.2)
                if not writable:
                    continue
                try:
                    pending = pending or memoryview(junk)
                    sent = sock.send(pending)
                    pending = pending[sent:]
                    stats["bytes sent"] += sent
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    stats["closed by host"] += 1
                    break
    return stats


def pings(port: int, deadline: float) -> Stats:
    """Pings as fast as the host takes them; every answer is read (and counted)."""
    burst = frame(json.dumps({"v": 1, "type": "ping"})) * 64
    stats: Stats = {"sockets": 0, "refused": 0, "closed by host": 0, "pings sent": 0}
    stats |= {"pongs": 0, "slow-down": 0, "bytes read": 0}
    for sock in dial(port, None, deadline, stats):
        pending = memoryview(b"")
        with sock:
            while time.monotonic() < deadline:
                readable, writable, _ = select.select([sock], [sock], [], 0.2)
                try:
                    if readable:
                        data = sock.recv(1 << 16)
                        if not data:
                            raise ConnectionResetError
                        stats["bytes read"] += len(data)
                        stats["pongs"] += data.count(b'"pong"')  # a split one is not counted
                        stats["slow-down"] += data.count(b'"slow-down"')
                    if writable:
                        pending = pending or memoryview(burst)
                        sent = sock.send(pending)
                        pending = pending[sent:]
                        stats["pings sent"] += sent // (len(burst) // 64)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    stats["closed by host"] += 1
                    break
    return stats


def idle(port: int, deadline: float) -> Stats:
    """IDLE connections that say nothing; one the host closes is opened again."""
    stats: Stats = {"opened": 0, "refused": 0, "closed by host": 0, "most open": 0}
    socks: list[socket.socket] = []

    def fill() -> None:
        while len(socks) < IDLE and time.monotonic() < deadline:
            if stats["opened"] >= MAX_SOCKETS:
                return
            try:
                socks.append(connect(port))
                stats["opened"] += 1
            except OSError:
                stats["refused"] += 1
                return  # the host is busy: try again after the next look
        stats["most open"] = max(stats["most open"], len(socks))

    try:
        while time.monotonic() < deadline:
            fill()
            readable, _, _ = select.select(socks, [], [], 0.2) if socks else ([], [], [])
            for sock in readable:  # nothing is ever sent to them but their end
                with contextlib.suppress(OSError):
                    sock.recv(4096)
                stats["closed by host"] += 1
                socks.remove(sock)
                sock.close()
    finally:
        for sock in socks:
            sock.close()
    return stats


ATTACKS: dict[str, Callable[[int, float], Stats]] = {
    "deaf-public": lambda port, deadline: deaf(port, deadline, None),
    "deaf-bogus": lambda port, deadline: deaf(port, deadline, "bogus-" + os.urandom(16).hex()),
    "ping": pings,
    "idle": idle,
}


def main() -> None:
    attack, port, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    print("ready", flush=True)
    start = time.monotonic()
    stats = ATTACKS[attack](port, start + seconds)
    stats["seconds"] = round(time.monotonic() - start, 2)
    print(json.dumps(stats), flush=True)


if __name__ == "__main__":
    main()
