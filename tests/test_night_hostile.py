"""A game night against a careless or hostile device on the same network, over real sockets on
loopback: a deaf client, a flood, lone surrogates in every echoed field, crowds of public and
silent sockets, idle and half-sent requests, a page from another origin or host name. Every
loop here is bounded in count and time; nothing leaves the loopback address.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import aiohttp
import pytest
from test_night_server import LOOPBACK, STEP, Phone, make_session, run

from tabletop.net import GameNight, protocol, server

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


@pytest.fixture
def nights() -> Iterator[Callable[..., GameNight]]:
    """Game nights on loopback; ``setup`` may change the server before it starts."""
    started: list[GameNight] = []

    def start(seats: int = 2, setup: Callable[[GameNight], None] | None = None) -> GameNight:
        night = GameNight(
            make_session("royal_houses", seats), range(seats), bind=[LOOPBACK], port=0
        )
        if setup is not None:
            setup(night)
        night.start()
        started.append(night)
        return night

    yield start
    for night in started:
        night.stop()


def conns(night: GameNight) -> list[Any]:
    """The server's sockets now (read from the test's thread: retried if it changes)."""
    for _ in range(100):
        with contextlib.suppress(RuntimeError):
            return list(night.server._conns)
    raise AssertionError("the server's sockets kept changing")


def until(condition: Callable[[], bool], seconds: float = STEP) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def raw_socket(night: GameNight, rcvbuf: int | None = None) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(STEP)
    sock.connect((LOOPBACK, night.server.port))
    return sock


def upgrade(sock: socket.socket, night: GameNight, origin: str | None = None) -> int:
    """A WebSocket handshake by hand; returns the HTTP status."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [
        "GET /ws HTTP/1.1",
        f"Host: {LOOPBACK}:{night.server.port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
    ]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)
        if not chunk:
            break
        head += chunk
    return int(head.split(b" ")[1])


def frame(text: str) -> bytes:
    """One masked WebSocket text frame, as a browser sends it."""
    payload, mask = text.encode(), os.urandom(4)
    size = len(payload)
    if size < 126:
        head = bytes([0x81, 0x80 | size])
    else:
        head = bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def closed_by_server(sock: socket.socket, seconds: float = STEP) -> bool:
    """Whether the server closes ``sock`` within ``seconds`` (whatever it sends first)."""
    sock.settimeout(seconds)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            if not sock.recv(65536):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    return False


# ---- bounded memory ----------------------------------------------------------------------


def test_a_deaf_client_never_makes_the_host_hold_more_than_a_bounded_outbox(
    nights, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A device that sends moves as fast as it can and never reads: what waits for it stays
    under the outbox's bound, it is closed, and its seat rejoins from another socket."""
    monkeypatch.setattr(protocol, "RATE", 1e6)  # the flood at full speed: the bound is tested
    monkeypatch.setattr(protocol, "BURST", 1e6)
    night = nights()
    sock = raw_socket(night, rcvbuf=4096)
    assert upgrade(sock, night) == 101
    sock.sendall(frame(json.dumps({"v": 1, "type": "hello", "token": night.tokens[1]})))
    junk = frame(json.dumps({"v": 1, "type": "move", "id": "x", "ply": 0, "move": "go first"}))
    most = 0
    sent = 0
    sock.settimeout(0.5)
    with contextlib.suppress(OSError):
        for _ in range(40_000):  # ~3.8 MB of moves, ~7 MB of refusals it never reads
            sock.sendall(junk * 10)
            sent += 10
            for conn in conns(night):
                most = max(most, conn.outbox.qsize())
                assert conn.queued_bytes <= server.OUTBOX_BYTES
            if not conns(night):
                break
    assert most <= server.OUTBOX_MESSAGES + 2  # the closing notice and the close itself
    assert until(lambda: not conns(night)), "the deaf socket was never closed"
    sock.close()

    async def rejoin() -> None:
        phone = await Phone.open(night, night.tokens[1])
        assert (await phone.expect("welcome"))["seat"] == 1
        await phone.expect("state")
        await phone.close()

    run(rejoin)


def test_a_flood_is_read_at_the_screens_rate_and_the_screen_is_told(nights) -> None:
    """Far more pings than RATE a second: the host answers at about RATE (after BURST), says
    'slow-down' once, and never closes an honest socket for it."""
    night = nights()

    async def body() -> None:
        phone = await Phone.open(night, night.tokens[0])
        await phone.expect("state")
        start = time.monotonic()
        for _ in range(300):
            await phone.send({"type": "ping"})
        pongs, slow = 0, 0
        while time.monotonic() - start < 1.0:
            try:
                frame = await phone.ws.receive(timeout=0.2)
            except TimeoutError:
                continue
            data = json.loads(frame.data)
            pongs += data["type"] == "pong"
            slow += data.get("code") == "slow-down"
        elapsed = time.monotonic() - start
        assert pongs <= protocol.BURST + protocol.RATE * elapsed + 2
        assert slow == 1
        assert not phone.ws.closed
        await phone.close()

    run(body)


# ---- bad strings -------------------------------------------------------------------------

SURROGATE = "\\ud800"  # as a JSON escape: valid JSON, but no Unicode text


@pytest.mark.parametrize(
    "message",
    [
        '{"v":1,"type":"move","id":"%s","ply":0,"move":"go first"}' % SURROGATE,
        '{"v":1,"type":"move","id":"m1","ply":0,"move":"go %s"}' % SURROGATE,
        '{"v":1,"type":"propose","id":"p1","ply":0,"cards":["%s"]}' % SURROGATE,
        '{"v":1,"type":"mo%sve","id":"m2"}' % SURROGATE,
        '{"v":1,"type":"ping","%s":1}' % SURROGATE,
    ],
)
def test_a_lone_surrogate_in_any_field_is_refused_and_the_socket_works_on(
    nights, caplog: pytest.LogCaptureFixture, message: str
) -> None:
    night = nights()

    async def body() -> None:
        phone = await Phone.open(night, night.tokens[0])
        await phone.expect("state")
        await phone.ws.send_str(message)
        refusal = await phone.expect("refused")
        assert refusal["code"] == "bad-message" and "id" not in refusal
        await phone.send({"type": "ping"})
        await phone.expect("pong")  # the writer is alive
        await phone.close()

    with caplog.at_level(logging.WARNING):
        run(body)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_a_lone_surrogate_token_is_refused_with_a_sentence(
    nights, caplog: pytest.LogCaptureFixture
) -> None:
    night = nights()

    async def body() -> None:
        phone = await Phone.open(night, hello=False)
        await phone.ws.send_str('{"v":1,"type":"hello","token":"%s"}' % SURROGATE)
        refusal = await phone.expect("refused")
        assert refusal["code"] == "bad-message" and refusal["message"]
        assert await phone.closed() == protocol.CLOSE_NO_HELLO
        await phone.close()

    with caplog.at_level(logging.WARNING):
        run(body)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_a_seat_page_with_a_surrogate_in_its_address_is_a_plain_404(nights) -> None:
    night = nights()
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(f"{night.url}/j/%ED%A0%80", timeout=STEP)
    assert err.value.code == 404


def test_text_a_server_sends_is_always_utf8() -> None:
    text = protocol.dumps(protocol.refused("bad-message", "x\ud800y", msg_id="\udfff"))
    assert text.encode("utf-8") and json.loads(text)["message"] == "x\ud800y"


# ---- caps --------------------------------------------------------------------------------


def test_crowds_of_public_and_silent_sockets_never_keep_a_seat_out(nights) -> None:
    """200 public screens and 40 that never say hello, then a seat's link: it joins. Only
    MAX_PUBLIC public screens are let in; the rest are told the table is full."""
    night = nights()

    async def body() -> None:
        public: list[Phone] = []
        full = 0
        for _ in range(200):
            phone = await Phone.open(night, None)
            msg = await phone.recv()
            assert msg is not None
            if msg["type"] == "refused":
                assert msg["code"] == "full"
                full += 1
                await phone.close()
            else:
                public.append(phone)
        assert len(public) == protocol.MAX_PUBLIC and full == 200 - protocol.MAX_PUBLIC
        silent = [await Phone.open(night, hello=False) for _ in range(40)]
        seat = await Phone.open(night, night.tokens[1])
        assert (await seat.expect("welcome"))["seat"] == 1
        await seat.expect("state")
        assert sum(1 for c in conns(night) if not c.joined and not c.closing) <= server.MAX_PENDING
        for phone in public + silent + [seat]:
            await phone.close()

    run(body, limit=120)


def quick(night: GameNight) -> None:
    night.server.idle_timeout = 0.5


def test_a_connection_that_sends_nothing_or_half_a_request_is_closed(nights) -> None:
    night = nights(setup=quick)
    silent = raw_socket(night)
    half = raw_socket(night)
    half.sendall(f"GET / HTTP/1.1\r\nHost: {LOOPBACK}:{night.server.port}\r\nX-Slow: ".encode())
    assert closed_by_server(silent, 5.0)
    assert closed_by_server(half, 5.0)


def test_an_idle_keep_alive_connection_is_closed_and_a_socket_is_not(nights) -> None:
    night = nights(setup=quick)
    sock = raw_socket(night)
    sock.sendall(f"GET / HTTP/1.1\r\nHost: {LOOPBACK}:{night.server.port}\r\n\r\n".encode())
    assert sock.recv(12).startswith(b"HTTP/1.1 200")
    assert closed_by_server(sock, 5.0)

    async def body() -> None:
        phone = await Phone.open(night, night.tokens[0])
        await phone.expect("state")
        await asyncio.sleep(1.5)  # three idle timeouts: a socket lives by its heartbeat
        await phone.send({"type": "ping"})
        await phone.expect("pong")
        await phone.close()

    run(body)


def open_connections(night: GameNight) -> list[Any]:
    runner = night.server._runner
    assert runner is not None and runner.server is not None
    return [h for h in runner.server.connections if h.transport is not None]


def test_past_the_connection_cap_the_oldest_idle_one_makes_room(nights) -> None:
    """A crowd of idle connections at the cap: a seat's page still loads, and the server
    never holds more connections than its cap."""

    def small(night: GameNight) -> None:
        night.server.tcp_limit = 8

    night = nights(setup=small)
    idle = [raw_socket(night) for _ in range(30)]
    assert until(lambda: len(open_connections(night)) <= 8)
    with urllib.request.urlopen(night.link(0), timeout=STEP) as page:
        assert page.status == 200
    assert len(open_connections(night)) <= 8
    for sock in idle:
        sock.close()


def test_out_of_file_handles_is_logged_once() -> None:
    """asyncio says 'out of system resources' on every accept it cannot make: once is told."""
    told: list[dict[str, Any]] = []

    class Loop:
        def default_exception_handler(self, context: dict[str, Any]) -> None:
            told.append(context)

    handler = server._QuietResources()
    for _ in range(5):
        handler(Loop(), {"message": "socket.accept() out of system resources"})  # type: ignore[arg-type]
    handler(Loop(), {"message": "something else"})  # type: ignore[arg-type]
    assert [c["message"] for c in told] == [
        "socket.accept() out of system resources",
        "something else",
    ]
    assert handler.repeats == 5


def test_the_server_keeps_file_handles_for_the_app() -> None:
    resource = pytest.importorskip("resource")
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    limit = server.connection_limit()
    assert limit <= server.MAX_TCP
    if soft != resource.RLIM_INFINITY:
        assert limit <= max(16, soft - server.FD_MARGIN)


# ---- only our own page -------------------------------------------------------------------


def test_a_page_from_another_origin_cannot_open_the_socket(nights) -> None:
    night = nights()
    sock = raw_socket(night)
    assert upgrade(sock, night, origin="http://evil.example") == 403
    sock.close()
    sock = raw_socket(night)
    assert upgrade(sock, night, origin="null") == 403
    sock.close()
    ours = raw_socket(night)
    assert upgrade(ours, night, origin=f"http://{LOOPBACK}:{night.server.port}") == 101
    ours.close()


def test_a_dns_rebinding_host_name_is_refused(nights) -> None:
    night = nights()

    async def body() -> None:
        async with aiohttp.ClientSession() as client:
            headers = {"Host": f"evil.example:{night.server.port}"}
            async with client.get(night.url + "/", headers=headers) as response:
                assert response.status == 421
            async with client.get(night.url + "/") as response:
                assert response.status == 200

    run(body)


# ---- fair use ----------------------------------------------------------------------------


def test_a_flooding_screen_does_not_hold_up_another_seats_move(nights) -> None:
    """One seat floods pings; the other seat's move is still judged and accepted."""
    night = nights()
    stop = threading.Event()

    def host() -> None:
        while not stop.is_set():
            night.poll()
            time.sleep(0.005)

    worker = threading.Thread(target=host, daemon=True)
    worker.start()

    async def body() -> None:
        flood = await Phone.open(night, night.tokens[1])
        honest = await Phone.open(night, night.tokens[0])
        state = await honest.expect("state")
        for _ in range(2000):
            await flood.send({"type": "ping"})
        move = state["moves"][0]["text"] if state["moves"] else None
        assert move is not None and state["your_turn"]
        await honest.move(move, state["ply"])
        await honest.expect("accepted")
        await flood.close()
        await honest.close()

    try:
        run(body)
    finally:
        stop.set()
        worker.join(5)
