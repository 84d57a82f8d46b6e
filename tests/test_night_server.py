"""Game night's server and protocol, over real sockets on loopback.

Scripted phones (aiohttp's WebSocket client) join seats, move and misbehave; the host's
``GameNight.poll()`` runs on the test's thread, as the UI thread would call it each frame,
while the server runs on its own thread. Every test is bounded by a timeout; none measures time.
"""

from __future__ import annotations

import asyncio
import base64
import json
import random
import re
import socket
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest

import rules
from tabletop.net import GameNight, protocol, qr_matrix, qr_png, server
from tabletop.net.server import bind_sockets
from tabletop.outcome_words import detail, headline
from tabletop.second_person import said_to
from tabletop.session import SeatConfig, Session

LOOPBACK = "127.0.0.1"


def phone_log(session: Session, seat: int) -> list[str]:
    """The log as a seat's phone reads it: its player's own moves said to them ("You win the
    coin toss …"), the others' by name."""
    return [
        said_to(e.event.text, seat, session.names) for e in session.log if e.event.visible_to(seat)
    ]


NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo"]
STEP = 10.0  # seconds any single expected message may take before a test fails


def run(body: Callable[[], Awaitable[None]], limit: float = 60.0) -> None:
    asyncio.run(asyncio.wait_for(body(), limit))


def make_session(game_id: str, players: int, seed: int = 1, **options: Any) -> Session:
    seats = [SeatConfig(NAMES[i]) for i in range(players)]
    return Session(game_id, seats, seed, options)


@pytest.fixture(autouse=True)
def machine_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scripted phones play as fast as the machine goes, many times a person's pace: the
    per-screen rate limit, tested in test_night_hostile.py, is lifted here."""
    monkeypatch.setattr(protocol, "RATE", 1e6)
    monkeypatch.setattr(protocol, "BURST", 1e6)
    monkeypatch.setattr(server, "UPGRADE_BURST", 10_000)  # many phones, all on loopback


@pytest.fixture
def nights() -> Iterator[Callable[..., GameNight]]:
    """Start game nights on loopback (any free port); every one is stopped after the test."""
    started: list[GameNight] = []

    def start(session: Session, seats: list[int] | None = None, **kwargs: Any) -> GameNight:
        kwargs.setdefault("bind", [LOOPBACK])
        kwargs.setdefault("port", 0)
        seats = list(range(len(session.seats))) if seats is None else seats
        night = GameNight(session, seats, **kwargs)
        night.start()
        started.append(night)
        return night

    yield start
    for night in started:
        night.stop()
        assert not night.server.running


@dataclass
class Phone:
    """One scripted browser: a WebSocket and every message it received (raw text)."""

    ws: aiohttp.ClientWebSocketResponse
    client: aiohttp.ClientSession
    seat: int | None = None
    received: list[str] = field(default_factory=list)
    counter: int = 0
    close_code: int | None = None

    @classmethod
    async def open(cls, night: GameNight, token: str | None = None, hello: bool = True) -> Phone:
        client = aiohttp.ClientSession()
        ws = await client.ws_connect(night.url + "/ws", timeout=aiohttp.ClientWSTimeout(STEP))
        phone = cls(ws, client)
        if hello:
            await phone.send({"type": "hello", "token": token})
        return phone

    async def send(self, msg: dict[str, Any]) -> None:
        await self.ws.send_str(json.dumps({"v": protocol.VERSION, **msg}))

    async def move(self, text: str, ply: int, msg_id: str | None = None, **extra: Any) -> str:
        self.counter += 1
        msg_id = msg_id or f"m{self.counter}"
        await self.send({"type": "move", "id": msg_id, "ply": ply, "move": text, **extra})
        return msg_id

    async def recv(self) -> dict[str, Any] | None:
        """The next message, or None once the socket closed."""
        frame = await self.ws.receive(timeout=STEP)
        if frame.type == aiohttp.WSMsgType.CLOSE:
            self.close_code = frame.data  # the server's close frame, as a browser reports it
        if frame.type != aiohttp.WSMsgType.TEXT:
            return None
        self.received.append(frame.data)
        data: dict[str, Any] = json.loads(frame.data)
        assert data["v"] == protocol.VERSION and "ply" in data, data
        return data

    async def expect(self, kind: str) -> dict[str, Any]:
        """Skip other messages until one of type ``kind`` arrives."""
        while True:
            msg = await self.recv()
            assert msg is not None, f"closed while waiting for {kind!r}"
            if msg["type"] == kind:
                return msg

    async def closed(self) -> int | None:
        """Read until the server closes the socket; return the code its close frame gave
        (``ws.close_code`` may turn into 1006 when the server drops the connection before
        the client's answering close frame is written)."""
        while await self.recv() is not None:
            pass
        return self.close_code if self.close_code is not None else self.ws.close_code

    async def close(self) -> None:
        await self.ws.close()
        await self.client.close()


async def hosting(night: GameNight, until: Callable[[], bool] = lambda: False) -> None:
    """The UI thread's part: poll every few milliseconds (cancelled when the test is done)."""
    while not until():
        night.poll()
        await asyncio.sleep(0.002)


async def host_until(night: GameNight, condition: Callable[[], bool]) -> None:
    await asyncio.wait_for(hosting(night, condition), STEP)
    night.poll()  # the next frame: a move applied by poll() is published at the next poll()


def normal(data: Any) -> Any:
    return json.loads(json.dumps(data))


# ---- join --------------------------------------------------------------------------------


def test_a_token_joins_its_seat_and_sees_only_its_own_view(nights) -> None:
    session = make_session("allegiance", 3)
    while session.game.secret_round() is not None:  # past the Allegiance cards, all at once
        session.play(session.game.legal_moves()[0])
    mover = session.game.to_move
    watcher = (mover + 1) % 3
    night = nights(session)

    async def body() -> None:
        phone = await Phone.open(night, night.tokens[watcher])
        welcome = await phone.expect("welcome")
        name = NAMES[watcher]
        assert (welcome["seat"], welcome["name"], welcome["game"]) == (watcher, name, "allegiance")
        state = await phone.expect("state")
        game = session.game
        assert state["view"] == normal(game.view(watcher)) != normal(game.view(mover))
        assert state["seat"] == watcher and state["to_move"] == mover and not state["your_turn"]
        assert state["moves"] == [] and state["prompt"] == "" and state["waiting"] == NAMES[mover]
        assert not state["choosing"] and not state["chosen"]
        assert state["log_reset"] is True
        moving = await Phone.open(night, night.tokens[mover])
        state = await moving.expect("state")
        assert state["your_turn"] and state["prompt"] == game.prompt()
        assert [m["text"] for m in state["moves"]] == [str(m) for m in game.legal_moves()]
        first = game.legal_moves()[0]
        assert state["moves"][0]["cards"] == list(first.cards)
        assert state["moves"][0]["target"] == first.target
        # The rules' words for it, as the table's button says them to this seat.
        said = game.describe_move(first, mover, session.names)
        assert state["moves"][0]["description"] == said
        await host_until(night, lambda: night.connected() == {mover, watcher})
        await phone.close()
        await moving.close()

    run(body)


def test_without_a_token_a_browser_sees_the_public_table_and_cannot_move(nights) -> None:
    session = make_session("allegiance", 3)
    night = nights(session)

    async def body() -> None:
        phone = await Phone.open(night, None)
        welcome = await phone.expect("welcome")
        assert welcome["seat"] is None
        state = await phone.expect("state")
        assert state["view"] == normal(session.game.view(None))
        assert state["moves"] == [] and not state["your_turn"]
        await phone.move(str(session.game.legal_moves()[0]), 0)
        refused = await phone.expect("refused")
        assert refused["code"] == "no-seat"
        assert night.connected() == frozenset()
        await phone.close()

    run(body)
    assert session.game.history == []


def test_a_bad_token_is_refused_and_closed(nights) -> None:
    session = make_session("royal_houses", 2)
    night = nights(session)

    async def body() -> None:
        phone = await Phone.open(night, "x" + night.tokens[0][1:])
        refused = await phone.expect("refused")
        assert refused["code"] == "bad-token"
        assert await phone.closed() == protocol.CLOSE_BAD_TOKEN
        await phone.close()
        async with aiohttp.ClientSession() as client:
            async with client.get(night.link(0)) as good:
                assert good.status == 200
                assert good.headers["Referrer-Policy"] == "no-referrer"
            async with client.get(night.url + "/j/not-a-token") as bad:
                assert bad.status == 404
            async with client.get(night.url + "/") as public:
                assert public.status == 200

    run(body)


def test_the_first_message_must_be_a_hello(nights) -> None:
    night = nights(make_session("royal_houses", 2))

    async def body() -> None:
        phone = await Phone.open(night, hello=False)
        await phone.move("go first", 0)
        assert (await phone.expect("refused"))["code"] == "bad-message"
        assert await phone.closed() == protocol.CLOSE_NO_HELLO
        await phone.close()

    run(body)


def test_tokens_are_unguessable_and_new_for_every_game_night(nights) -> None:
    session = make_session("allegiance", 4)
    first = nights(session)
    second = nights(session)  # a resumed game night: the same game, new links
    for night in (first, second):
        assert len(set(night.tokens.values())) == 4
        for token in night.tokens.values():
            assert len(base64.urlsafe_b64decode(token + "==")) * 8 >= 128
    assert not set(first.tokens.values()) & set(second.tokens.values())
    assert first.link(2).startswith(first.url + "/j/")

    async def body() -> None:
        stale_link = await Phone.open(second, first.tokens[0])
        assert (await stale_link.expect("refused"))["code"] == "bad-token"
        await stale_link.close()

    run(body)


# ---- refusals ------------------------------------------------------------------------------


@dataclass
class Fingerprint:
    ply: int
    state_hash: str
    log: int

    @classmethod
    def of(cls, session: Session) -> Fingerprint:
        return cls(len(session.game.history), session.game.state_hash(), len(session.log))


def test_every_refusal_leaves_the_game_as_it_was(nights) -> None:
    session = make_session("allegiance", 3)
    night = nights(session)
    game = session.game
    before = Fingerprint.of(session)
    legal = str(game.legal_moves()[0])
    with pytest.raises(rules.IllegalMove) as info:
        game.parse_move("xyzzy")
    expected_parse = info.value.code
    illegal = game.why_illegal(game.parse_move("ally Time"), 0)
    assert illegal is not None

    async def refusal(phone: Phone, send: Callable[[], Awaitable[object]]) -> dict[str, Any]:
        await send()
        # the host polls while we wait: a refusal by the host arrives through poll()
        task = asyncio.create_task(hosting(night))
        try:
            msg = await phone.recv()
        finally:
            task.cancel()
        assert msg is not None and msg["type"] == "refused", msg
        assert msg["message"].strip(), msg
        assert Fingerprint.of(session) == before, msg
        return msg

    async def body() -> None:
        ann = await Phone.open(night, night.tokens[0])
        bob = await Phone.open(night, night.tokens[1])
        await ann.expect("state")
        await bob.expect("state")
        cases: list[tuple[str, Phone, Callable[[], Awaitable[object]]]] = [
            # the Allegiance cards are chosen at once: Bob may choose before his turn, but
            # only from his own hand (not-your-turn: test_too_many_waiting_moves…)
            ("not-in-hand", bob, lambda: bob.move(legal, 0)),
            ("wrong-seat", ann, lambda: ann.move(legal, 0, seat=1)),
            ("stale", ann, lambda: ann.move(legal, 5)),
            (expected_parse, ann, lambda: ann.move("xyzzy", 0)),
            (illegal.code, ann, lambda: ann.move("ally Time", 0)),
            ("bad-message", ann, lambda: ann.ws.send_str("{not json")),
            ("bad-message", ann, lambda: ann.ws.send_str("[1, 2]")),
            ("bad-message", ann, lambda: ann.send({"type": "move", "ply": 0, "move": legal})),
            ("bad-message", ann, lambda: ann.send({"type": "move", "id": "q", "move": legal})),
            ("bad-message", ann, lambda: ann.send({"type": "dance"})),
            ("bad-message", ann, lambda: ann.ws.send_str(json.dumps({"type": "ping"}))),
            ("bad-message", ann, lambda: ann.ws.send_bytes(b"\x00\x01")),
            ("too-large", ann, lambda: ann.move("ally " + "G" * (20 * 1024), 0)),
        ]
        for code, phone, send in cases:
            msg = await refusal(phone, send)
            assert msg["code"] == code, (code, msg)
        assert (await refusal(ann, lambda: ann.move("ally Time", 0)))["message"] == illegal.message
        # the socket survived all of that: the seat still plays
        await ann.send({"type": "ping"})
        await ann.expect("pong")
        msg_id = await ann.move(legal, 0)
        task = asyncio.create_task(hosting(night))
        try:
            accepted = await ann.expect("accepted")
        finally:
            task.cancel()
        assert accepted == {"v": 1, "type": "accepted", "id": msg_id, "ply": 1}
        await ann.close()
        await bob.close()

    run(body)
    assert [str(m) for m in session.game.history] == [legal]


def test_a_stale_and_a_replayed_move_are_refused(nights) -> None:
    session = make_session("royal_houses", 2)
    night = nights(session)

    async def body() -> None:
        ann = await Phone.open(night, night.tokens[0])
        state = await ann.expect("state")
        first = state["moves"][0]["text"]
        await ann.move(first, 0, msg_id="once")
        await host_until(night, lambda: len(session.game.history) == 1)
        await ann.expect("accepted")
        state = await ann.expect("state")
        assert state["ply"] == 1 and state["your_turn"]
        before = Fingerprint.of(session)
        # the same message again (a phone resending after a reconnect), then a stale one
        await ann.move(state["moves"][0]["text"], 1, msg_id="once")
        await ann.move(state["moves"][0]["text"], 0, msg_id="late")
        task = asyncio.create_task(hosting(night))
        try:
            replayed = await ann.expect("refused")
            stale = await ann.expect("refused")
        finally:
            task.cancel()
        assert (replayed["code"], replayed["id"]) == ("replayed", "once")
        assert (stale["code"], stale["id"]) == ("stale", "late")
        assert Fingerprint.of(session) == before
        await ann.close()

    run(body)


def test_another_protocol_version_is_told_to_reload(nights) -> None:
    night = nights(make_session("royal_houses", 2))

    async def body() -> None:
        old = await Phone.open(night, hello=False)
        await old.ws.send_str(json.dumps({"v": 0, "type": "hello", "token": night.tokens[0]}))
        assert (await old.expect("reload"))["version"] == protocol.VERSION
        assert await old.closed() == protocol.CLOSE_RELOAD
        await old.close()
        joined = await Phone.open(night, night.tokens[0])
        await joined.expect("state")
        await joined.ws.send_str(json.dumps({"v": 2, "type": "ping"}))
        await joined.expect("reload")
        assert await joined.closed() == protocol.CLOSE_RELOAD
        await joined.close()

    run(body)


def test_a_frame_over_the_hard_limit_closes_the_socket(nights) -> None:
    session = make_session("royal_houses", 2)
    night = nights(session)

    async def body() -> None:
        phone = await Phone.open(night, night.tokens[0])
        await phone.expect("state")
        await phone.ws.send_str("x" * (protocol.HARD_LIMIT + 1))
        assert await phone.closed() == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
        await phone.close()

    run(body)
    assert session.game.history == []


def test_too_many_waiting_moves_are_refused_as_busy(nights) -> None:
    from tabletop.net.night import MAX_WAITING

    session = make_session("royal_houses", 2)
    night = nights(session)

    async def body() -> None:
        phone = await Phone.open(night, night.tokens[1])  # not its turn: all will be refused
        await phone.expect("state")
        for _ in range(MAX_WAITING + 1):  # nobody polls meanwhile
            await phone.move("go first", 0)
        busy = await phone.expect("refused")
        assert busy["code"] == "busy" and busy["id"] == f"m{MAX_WAITING + 1}"
        task = asyncio.create_task(hosting(night))
        try:
            for _ in range(MAX_WAITING):
                assert (await phone.expect("refused"))["code"] == "not-your-turn"
        finally:
            task.cancel()
        await phone.close()

    run(body)
    assert session.game.history == []


# ---- reconnecting and moving devices -----------------------------------------------------


def test_a_phone_that_reconnects_mid_turn_gets_the_state_and_nothing_is_applied_twice(
    nights,
) -> None:
    session = make_session("royal_houses", 2)
    night = nights(session)

    async def body() -> None:
        ann = await Phone.open(night, night.tokens[0])
        state = await ann.expect("state")
        await ann.move(state["moves"][0]["text"], 0, msg_id="a1")
        await host_until(night, lambda: len(session.game.history) == 1)
        await ann.close()  # asleep, wifi lost, page reloaded...
        await host_until(night, lambda: night.connected() == frozenset())
        ann = await Phone.open(night, night.tokens[0])
        await ann.expect("welcome")
        state = await ann.expect("state")
        game = session.game
        assert state["ply"] == 1 and state["your_turn"]
        assert state["view"] == normal(game.view(0))
        assert [m["text"] for m in state["moves"]] == [str(m) for m in game.legal_moves()]
        assert state["log_reset"] and [e["text"] for e in state["events"]] == phone_log(session, 0)
        # unsure whether its move arrived, the phone sends it again: refused, not replayed
        await ann.move(str(game.history[0]), 0, msg_id="a1")
        task = asyncio.create_task(hosting(night))
        try:
            assert (await ann.expect("refused"))["code"] == "replayed"
        finally:
            task.cancel()
        assert len(session.game.history) == 1
        await ann.move(state["moves"][0]["text"], 1, msg_id="a2")
        await host_until(night, lambda: len(session.game.history) == 2)
        await ann.close()

    run(body)


def test_opening_a_seat_on_a_second_device_moves_it_there(nights) -> None:
    session = make_session("royal_houses", 2)
    night = nights(session)

    async def body() -> None:
        old = await Phone.open(night, night.tokens[0])
        await old.expect("state")
        new = await Phone.open(night, night.tokens[0])
        state = await new.expect("state")
        told = await old.expect("taken-over")
        assert "another device" in told["message"]
        assert await old.closed() == protocol.CLOSE_TAKEN_OVER
        await host_until(night, lambda: night.connected() == {0})
        await new.move(state["moves"][0]["text"], 0)
        await host_until(night, lambda: len(session.game.history) == 1)
        assert (await new.expect("accepted"))["ply"] == 1
        await new.close()
        await old.close()
        await host_until(night, lambda: night.connected() == frozenset())

    run(body)


def test_stop_tells_the_phones_closes_them_and_frees_the_port(nights) -> None:
    session = make_session("royal_houses", 2)
    night = nights(session)
    port = night.server.port

    async def body() -> None:
        phone = await Phone.open(night, night.tokens[0])
        await phone.expect("state")
        await asyncio.get_running_loop().run_in_executor(None, night.stop)
        assert (await phone.expect("closed"))["message"]
        assert await phone.closed() == aiohttp.WSCloseCode.GOING_AWAY
        await phone.close()

    run(body)
    assert not night.server.running
    night.publish()  # a late publish after stop is harmless
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((LOOPBACK, port))
        sock.listen()
    with pytest.raises(OSError):
        socket.create_connection((LOOPBACK, port), timeout=STEP).close()


def test_a_busy_port_falls_back_to_a_free_one(nights) -> None:
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        busy = taken.getsockname()[1]
        night = nights(make_session("royal_houses", 2), port=busy)
        assert night.server.port not in (0, busy)
        assert night.url == f"http://{LOOPBACK}:{night.server.port}"
    free = bind_sockets([LOOPBACK], 0)
    wanted = free[0].getsockname()[1]
    free[0].close()
    night = nights(make_session("royal_houses", 2), port=wanted, advertise="192.0.2.7")
    assert night.server.port == wanted
    assert night.link(0) == f"http://192.0.2.7:{wanted}/j/{night.tokens[0]}"


# ---- whole games through the socket, and the leak check -----------------------------------

WHOLE_GAMES = [(gid, spec.counts[0]) for gid, spec in sorted(rules.GAMES.items())]
WHOLE_GAMES += [("medici", 4), ("alliances", 4)]
CARD_WORDS = re.compile(r"[^\s,;:!?()\[\]{}\"'@/+=<>|*-]+")


def message_words(text: str) -> set[str]:
    """Every string in a message, and every word of those strings (trailing dots dropped)."""
    found: set[str] = set()
    stack: list[Any] = [json.loads(text)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
            found.update(w.strip(".") for w in CARD_WORDS.findall(item))
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


@dataclass
class Replayed:
    """What each seat was entitled to at every ply of a finished game, rebuilt from its moves."""

    hidden: list[dict[int | None, set[str]]]
    views: list[dict[int | None, Any]]
    moves: list[list[str]]
    rounds: list[object]  # the secret round each ply was in (None: not in one)

    @classmethod
    def of(cls, session: Session) -> Replayed:
        game = rules.new_game(session.game_id, len(session.seats), session.seed, session.options)
        seats: list[int | None] = [None, *range(game.players)]
        out = cls([], [], [], [])
        for move in [*session.game.history, None]:
            out.hidden.append({s: game.hidden_cards(s) for s in seats})
            out.views.append({s: normal(game.view(s)) for s in seats})
            out.moves.append([str(m) for m in game.legal_moves()])
            out.rounds.append(game.secret_round())
            if move is not None:
                game.play(move)
        assert game.state_hash() == session.game.state_hash()
        return out


def check_received(phone: Phone, truth: Replayed) -> int:
    """The leak check, and that every state was the seat's true view: return states seen."""
    states = 0
    for text in phone.received:
        msg = json.loads(text)
        ply = msg["ply"]
        hidden = truth.hidden[ply][phone.seat]
        leaked = message_words(text) & hidden
        assert not leaked, f"seat {phone.seat} was sent hidden cards {sorted(leaked)}: {text:.300}"
        if msg["type"] == "state":
            states += 1
            assert msg["view"] == truth.views[ply][phone.seat]
            if msg["your_turn"]:
                assert [m["text"] for m in msg["moves"]] == truth.moves[ply]
            elif msg["choosing"]:  # a secret choice ahead of its turn: only inside a round
                assert truth.rounds[ply] is not None and msg["moves"]
            else:
                assert msg["moves"] == []
    return states


async def play_seat(phone: Phone, rng: random.Random, refusals: list[dict[str, Any]]) -> None:
    """A scripted player: answer every state in which it is to move with a legal move."""
    answered = -1
    while True:
        msg = await phone.recv()
        assert msg is not None, f"seat {phone.seat} was closed mid-game"
        if msg["type"] == "refused":
            refusals.append(msg)
        if msg["type"] != "state":
            continue
        if msg["over"]:
            return
        if msg["your_turn"] and msg["ply"] > answered:
            answered = msg["ply"]
            await phone.move(rng.choice(msg["moves"])["text"], msg["ply"])


@pytest.mark.parametrize(("game_id", "players"), WHOLE_GAMES)
def test_a_whole_game_through_the_socket_leaks_nothing(nights, game_id: str, players: int) -> None:
    session = make_session(game_id, players, seed=11)
    night = nights(session)
    refusals: list[dict[str, Any]] = []
    phones: list[Phone] = []

    async def body() -> None:
        for seat in range(players):
            phones.append(await Phone.open(night, night.tokens[seat]))
            phones[-1].seat = seat
        table = await Phone.open(night, None)  # the TV's public table, in a browser
        host = asyncio.create_task(hosting(night))
        try:
            await asyncio.gather(
                *(play_seat(p, random.Random(p.seat), refusals) for p in phones),
                table.expect("welcome"),
            )
            while not (await table.expect("state"))["over"]:
                pass
            # one more move after the end: the rules refuse it, nothing changes
            await phones[0].move("anything", len(session.game.history))
            assert (await phones[0].expect("refused"))["code"] == "game-over"
        finally:
            host.cancel()
        phones.append(table)
        for phone in phones:
            await phone.close()

    run(body, limit=120)
    assert session.game.over and refusals == []
    truth = Replayed.of(session)
    accepted = 0
    for phone in phones:
        assert check_received(phone, truth) > 0
        accepted += sum(json.loads(t)["type"] == "accepted" for t in phone.received)
    assert accepted == len(session.game.history)  # every move applied once, and only once
    outcome = session.game.outcome()
    for phone in phones[:players]:
        last = [m for m in map(json.loads, phone.received) if m["type"] == "state"][-1]
        said = last["outcome"]
        assert said["winners"] == list(outcome.winners)
        # the result in words, with names (the TV's sentence), and said to its own player
        assert "{p" not in said["detail"] and said["detail"] == detail(outcome, session.names)
        if phone.seat in outcome.winners:
            assert said["headline"] in ("You won!", "Your team won!") or said[
                "headline"
            ].startswith("You share the win")
        else:
            assert said["headline"] == headline(outcome, session.names)
        assert said["table"]["rows"], said["table"]


def test_every_phone_chooses_its_allegiance_card_at_once(nights) -> None:
    """rules/allegiance.md: each deal opens with every player choosing an Allegiance card in
    secret. On phones they all choose at once: the seats not yet asked are offered their
    choice, told "held", and the host plays every choice in seat order once the rules ask."""
    session = make_session("allegiance", 4, seed=3)
    night = nights(session)
    game = session.game
    assert game.secret_round() is not None and game.to_move == 0
    chosen: dict[int, str] = {}

    async def body() -> None:
        phones = [await Phone.open(night, night.tokens[s]) for s in range(4)]
        firsts = [await p.expect("state") for p in phones]
        assert firsts[0]["your_turn"] and not firsts[0]["choosing"]
        for state in firsts[1:]:
            assert state["choosing"] and not state["your_turn"] and state["moves"]
        host = asyncio.create_task(hosting(night))
        try:
            # the last seats choose first: held, and nothing is played before seat 0 chooses
            for seat in (3, 2, 1):
                chosen[seat] = firsts[seat]["moves"][-1]["text"]
                await phones[seat].move(chosen[seat], 0)
                assert (await phones[seat].expect("held"))["ply"] == 0
            waiting = await phones[3].expect("state")
            # "Chosen: waiting for Ann, Bob and Cleo", then for Ann alone
            while waiting["choosing"] or waiting["waiting"] != NAMES[0]:
                waiting = await phones[3].expect("state")
            assert len(game.history) == 0
            assert waiting["chosen"] and waiting["moves"] == [] and waiting["waiting"] == NAMES[0]
            chosen[0] = firsts[0]["moves"][-1]["text"]
            await phones[0].move(chosen[0], 0)
            while len(game.history) < 4:
                await asyncio.sleep(0.005)
        finally:
            host.cancel()
        for p in phones:
            await p.close()

    run(body)
    assert [str(m) for m in game.history] == [chosen[s] for s in range(4)]
    assert game.secret_round() is None  # the round is over: every choice was played


def test_phones_beside_a_seat_the_host_plays(nights) -> None:
    """Seat 1 stays on the desktop (the host plays it and publishes); seat 0 is a phone."""
    session = make_session("royal_houses", 2, seed=5)
    night = nights(session, [0])
    rng = random.Random(3)
    refusals: list[dict[str, Any]] = []

    async def body() -> None:
        phone = await Phone.open(night, night.tokens[0])
        phone.seat = 0
        player = asyncio.create_task(play_seat(phone, random.Random(0), refusals))
        while not player.done():
            night.poll()
            game = session.game
            if not game.over and game.to_move == 1:
                session.play(rng.choice(game.legal_moves()), 1)
                night.publish()
            await asyncio.sleep(0.002)
        await player
        phone_bob = await Phone.open(night, night.tokens.get(1, "no-such-token"))
        assert (await phone_bob.expect("refused"))["code"] == "bad-token"
        await phone_bob.close()
        await phone.close()
        check_received(phone, Replayed.of(session))

    run(body)
    assert session.game.over and refusals == []


def test_after_an_undo_the_phone_log_is_replaced(nights) -> None:
    session = Session("royal_houses", [SeatConfig("Ann"), SeatConfig("Bot", "easy")], seed=2)
    night = nights(session, [0])

    async def body() -> None:
        phone = await Phone.open(night, night.tokens[0])
        state = await phone.expect("state")
        for ply in (0, 1):  # choose the order (which deals), then place a counter
            assert state["your_turn"] and state["ply"] == ply
            await phone.move(state["moves"][0]["text"], ply)
            await host_until(night, lambda n=ply + 1: len(session.game.history) == n)
            state = await phone.expect("state")
            assert not state["log_reset"] and state["events"]
        assert session.undo(0) >= 1
        night.publish()
        state = await phone.expect("state")
        assert state["ply"] == 1 and state["log_reset"]
        assert [e["text"] for e in state["events"]] == phone_log(session, 0)
        await phone.close()

    run(body)


# ---- QR codes ------------------------------------------------------------------------------


def test_a_seat_link_makes_a_qr_code_with_its_quiet_zone() -> None:
    link = "http://192.168.1.20:8642/j/" + "A" * 32
    matrix = qr_matrix(link)
    size = len(matrix)
    assert all(len(row) == size for row in matrix)
    symbol = size - 2 * 4
    assert (symbol - 17) % 4 == 0 and symbol >= 21  # a real QR version: 17 + 4·version
    quiet = [*matrix[:4], *matrix[-4:], *(row[:4] + row[-4:] for row in matrix)]
    assert not any(any(row) for row in quiet)
    # the finder pattern in the top-left corner: a dark 7×7 ring around a dark 3×3 core
    finder = [row[4:11] for row in matrix[4:11]]
    assert all(finder[0]) and all(finder[6]) and all(r[0] and r[6] for r in finder)
    assert not any(finder[1][1:6]) and all(finder[3][2:5])
    other = qr_matrix(link[:-1] + "B")
    assert other != matrix and len(qr_matrix(link, border=0)) == symbol
    png = qr_png(link, scale=5)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert width == height == size * 5
