"""The game-night server: aiohttp (HTTP + WebSocket) on its own thread and event loop.

It never touches the game. The host gives it, on the UI thread, each seat's latest state as
plain data (:meth:`NightServer.push`) and answers for moves (:meth:`NightServer.reply`); both
hand over with ``loop.call_soon_threadsafe``. Moves that phones send go into the host's queue
through the ``submit`` callback, which must be thread-safe and must not block.
The protocol is described in :mod:`tabletop.net.protocol`.

Card images: the server answers ``/card/<id>.png`` from its cache; a face it has not got yet is
queued in :attr:`NightServer.image_requests` for the host to render on the UI thread (pygame's
text rendering is not thread-safe) and handed back with :meth:`NightServer.image_done`. Without
a renderer the server draws a simple SVG card naming the id. Proposals (``propose``) run the
proposer the game's package declares (:mod:`tabletop.net.propose`) in the server's own worker
thread. Hints (``hint``) go to the host like moves (``submit``): it works them out in its AI
worker and answers with :meth:`NightServer.hint_answer`; the server keeps one in flight per
seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import html
import logging
import queue
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from typing import Any

from aiohttp import WSMsgType, web

try:
    import resource
except ImportError:  # not on Windows
    resource = None  # type: ignore[assignment]

from ..games import howto_for
from . import protocol
from .png import Pixels
from .propose import NotInHand, Proposal, offers_proposals, propose
from .protocol import Hello, HintAsk, MoveRequest, Ping, ProposeRequest, Refusal, Reload

log = logging.getLogger(__name__)

DEFAULT_PORT = 8642
LOOPBACK = "127.0.0.1"
MAX_PENDING = 16
"""Sockets that have not said hello yet; a new one past this closes the oldest of them."""
OUTBOX_MESSAGES = 256
OUTBOX_BYTES = 4 * 1024 * 1024
"""What may wait to be sent to one socket: a screen further behind is closed (it reconnects and
gets the whole state anew), so a deaf or slow reader never makes the host hold more."""
UPGRADE_RATE = 2.0
UPGRADE_BURST = 20
"""Sockets one address may open a second on average, and at once: a page reconnects a few
times a minute, while a device that redials as fast as it can is answered 429 before its
socket costs anything."""
CLOSE_GRACE = 2.0
"""Seconds a socket told to close has to be closed before its connection is cut."""
IDLE_TIMEOUT = 5.0
"""Seconds a connection may stay without a whole request (a new one, one between requests,
or one sending its request slowly); a WebSocket, once open, is kept by its own heartbeat."""
MAX_TCP = 512
FD_MARGIN = 128
"""Open connections at most, and file handles always left to the app (its saves, fonts and
pipes): past the cap, the oldest idle connection makes room, or the new one is closed."""
LOG_KEEP = 1000
IMAGE_TIMEOUT = 5.0
"""Seconds a card image request waits for the host to render it (then 503: ask again)."""
MAX_IMAGE_REQUESTS = 512
PROPOSE_TIMEOUT = 20.0
"""Seconds a proposal may search before the phone is told to try fewer cards."""
STATIC_FILES = {
    "phone.js": "text/javascript",
    "phone.css": "text/css",
}
"""The phone page's files (``tabletop/net/static/``), served at ``/static/<name>``."""


@dataclass(frozen=True)
class Submission:
    """A move a phone sent, on its way to the host (made on the server thread)."""

    seat: int
    msg_id: str
    ply: int
    text: str


@dataclass(frozen=True)
class HintSubmission:
    """A phone asks for a hint for its decision at ``ply`` (made on the server thread); the
    host answers with :meth:`NightServer.hint_answer`."""

    seat: int
    msg_id: str
    ply: int


#: What a phone sends the host: a move to judge, or a hint to work out.
ToHost = Submission | HintSubmission


@dataclass(frozen=True)
class SeatUpdate:
    """What one seat (``None``: the public table) sees after a change, as JSON-ready data the
    UI thread will not touch again: ``state`` (the ``state`` message's fields but ``events``),
    the new visible log entries, and whether they replace the log (``reset``)."""

    state: dict[str, Any]
    events: list[dict[str, Any]]
    reset: bool = False


@dataclass(frozen=True)
class _Close:
    code: int
    reason: str


@dataclass(eq=False)
class _Connection:
    """One WebSocket: what waits to be sent to it (bounded) and how fast it may send."""

    ws: web.WebSocketResponse
    transport: asyncio.BaseTransport | None = None
    seat: int | None = None
    joined: bool = False
    proposing: bool = False
    outbox: asyncio.Queue[str | _Close] = field(default_factory=asyncio.Queue)
    queued_bytes: int = 0
    closing: bool = False
    allowance: float = field(default_factory=lambda: float(protocol.BURST))
    refilled: float = field(default_factory=time.monotonic)
    warned: float = float("-inf")

    def send(self, msg: dict[str, Any]) -> None:
        self.send_text(protocol.dumps(msg))

    def send_text(self, text: str) -> None:
        if self.closing:
            return
        if self.outbox.qsize() >= OUTBOX_MESSAGES or self.queued_bytes + len(text) > OUTBOX_BYTES:
            self.drop(protocol.CLOSE_BEHIND, "This screen fell behind the table: reconnecting.")
            return
        self.queued_bytes += len(text)
        self.outbox.put_nowait(text)

    def drop(self, code: int, text: str) -> None:
        """Close this socket now, whatever still waits to be sent to it, saying why."""
        while not self.outbox.empty():
            self.outbox.get_nowait()
        self.queued_bytes = 0
        self.send(protocol.message("dropped", message=text, ply=0))
        self.close(code, "dropped", deaf=True)

    def close(self, code: int, reason: str, *, deaf: bool = False) -> None:
        """Close after what is already queued; a socket that does not close in time is cut.
        ``deaf``: nothing more is read from it (a refused or hostile device may send without
        end; waiting for its goodbye would read all of that)."""
        if self.closing:
            return
        if deaf and isinstance(self.transport, asyncio.ReadTransport):
            self.transport.pause_reading()
        self.closing = True
        self.outbox.put_nowait(_Close(code, reason))
        asyncio.get_running_loop().call_later(CLOSE_GRACE, self.cut)

    def cut(self) -> None:
        """End the connection without a goodbye (a deaf client never reads one)."""
        if self.transport is not None and not self.transport.is_closing():
            self.transport.abort()  # type: ignore[attr-defined]

    def pace(self) -> float:
        """Seconds to wait before handling one more message from this screen (0: now). A
        screen over its rate is read more slowly, so a flood costs the host no more than an
        honest screen does; it is told so once a second."""
        now = time.monotonic()
        self.allowance = min(protocol.BURST, self.allowance + (now - self.refilled) * protocol.RATE)
        self.refilled = now
        self.allowance -= 1.0
        if self.allowance >= 0.0:
            return 0.0
        if now - self.warned >= 1.0:
            self.warned = now
            text = "Too many messages at once: the host answers them more slowly."
            self.send(protocol.refused("slow-down", text))
        return -self.allowance / protocol.RATE


class _Refused(asyncio.Protocol):
    """A connection over the cap: closed as soon as it is made."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.abort()  # type: ignore[attr-defined]


def connection_limit() -> int:
    """How many connections the server keeps open at most: :data:`MAX_TCP`, or fewer when
    the process may open few files (a margin is always left for the app's own)."""
    if resource is None:  # Windows: no such limit to mind
        return MAX_TCP
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_TCP
    return max(16, min(MAX_TCP, soft - FD_MARGIN))


class _Doorman:
    """The server's protocol factory: aiohttp's, behind a cap on open connections. At the
    cap the oldest connection that is not in a request (idle, or still sending its first
    one) is closed to make room; if every one is in a request, the new one is refused."""

    def __init__(self, server: web.Server, limit: int, busy: Callable[[object], bool]) -> None:
        self._server, self._limit, self._busy = server, limit, busy
        # Made but not yet connected: a burst of accepts makes many before any connects.
        self._young: list[tuple[Any, float]] = []

    def __call__(self) -> asyncio.BaseProtocol:
        registered = self._server.connections  # oldest first
        known, now = set(registered), time.monotonic()
        self._young = [
            (h, t) for h, t in self._young if h not in known and h.transport is None and now - t < 5
        ]
        # One already told to close is on its way out.
        connected = [h for h in registered if h.transport is not None]
        if len(connected) + len(self._young) >= self._limit:
            idle = next((h for h in connected if not self._busy(h)), None)
            if idle is None:
                return _Refused()
            idle.force_close()
        handler = self._server()
        self._young.append((handler, now))
        return handler


class _QuietResources:
    """The event loop's error handler: 'out of system resources' (no file handle left to
    accept a connection) is logged once, not once per try; the rest as asyncio would."""

    def __init__(self) -> None:
        self.repeats = 0

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if "out of system resources" in str(context.get("message", "")):
            self.repeats += 1
            if self.repeats > 1:
                return
        loop.default_exception_handler(context)


def lan_address() -> str:
    """This computer's address on the local network (the interface of its default route), or
    loopback when it has none. Sends nothing: connecting a UDP socket only picks a route."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        address = LOOPBACK
    finally:
        probe.close()
    return address if not address.startswith("0.") else LOOPBACK


def bind_sockets(hosts: Iterable[str], port: int) -> list[socket.socket]:
    """Listening sockets on every host, all on one port: ``port`` if it is free everywhere,
    else one the system picks (0 asks for that straight away). Raises OSError if none."""
    hosts = list(dict.fromkeys(hosts))
    if not hosts:
        raise ValueError("no address to listen on")
    candidates = ([port] if port else []) + [0] * 5
    last: OSError | None = None
    for candidate in candidates:
        socks: list[socket.socket] = []
        try:
            chosen = candidate
            for host in hosts:
                family = socket.AF_INET6 if ":" in host else socket.AF_INET
                sock = socket.socket(family, socket.SOCK_STREAM)
                socks.append(sock)
                if sys.platform != "win32":  # on Windows it would let another program share it
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                sock.bind((host, chosen))
                sock.listen(64)
                sock.setblocking(False)
                chosen = sock.getsockname()[1]
            return socks
        except OSError as err:
            last = err
            for sock in socks:
                sock.close()
    assert last is not None
    raise last


class NightServer:
    """The server of one game night; ``start()`` it, ``stop()`` it once (not restartable)."""

    def __init__(
        self,
        tokens: Mapping[str, int],
        submit: Callable[[ToHost], bool],
        welcome: Mapping[str, Any],
        *,
        bind: Iterable[str] | None = None,
        port: int = DEFAULT_PORT,
        advertise: str | None = None,
        page: Callable[[int | None], str] | None = None,
        census: Iterable[str] = (),
        images: bool = False,
        painter: Callable[[str], Future[bytes | None]] | None = None,
    ) -> None:
        self._tokens = dict(tokens)
        self._submit = submit
        self._welcome = dict(welcome)
        self._bind = list(bind) if bind is not None else [lan_address(), LOOPBACK]
        self._wanted_port = port
        self._advertise = advertise or self._bind[0]
        self._page = page or _phone_page
        self._census = frozenset(census)
        self._renders = images
        # A card's PNG painted in another process (the UI thread's queue is the fallback).
        self._painter = painter
        self.image_requests: queue.Queue[str] = queue.Queue(MAX_IMAGE_REQUESTS)
        """Card ids for the host to render (``images``: on the UI thread), then
        :meth:`image_done`."""
        self._executor: ThreadPoolExecutor | None = None
        self._encoder: ThreadPoolExecutor | None = None  # card pictures to PNG
        self._tasks: set[asyncio.Task[None]] = set()
        self._images: dict[str, bytes | None] = {}
        self._image_waiters: dict[str, asyncio.Future[bytes | None]] = {}
        self.port = 0
        self._hosts: frozenset[str] = frozenset()  # the Host values our pages use, once listening
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._error: BaseException | None = None
        self._started = threading.Event()
        # server-thread state
        self._conns: set[_Connection] = set()
        self._seats: dict[int, _Connection] = {}
        self._states: dict[int | None, dict[str, Any]] = {}
        self._logs: dict[int | None, deque[dict[str, Any]]] = {}
        self._ply = 0
        self._connected: frozenset[int] = frozenset()
        self._hinting: set[int] = set()  # seats whose hint the host is working out
        self._servers: list[asyncio.Server] = []
        self._in_request: dict[object, int] = {}  # connection → requests it is in now
        self._openings: dict[str, tuple[float, float]] = {}  # address → (allowance, when)
        self.idle_timeout = IDLE_TIMEOUT
        self.tcp_limit = connection_limit()
        self.resource_errors = _QuietResources()

    # ---- host side (any thread) ---------------------------------------------------------
    @property
    def url(self) -> str:
        """The address phones use, e.g. ``http://192.168.1.20:8642``."""
        host = f"[{self._advertise}]" if ":" in self._advertise else self._advertise
        return f"http://{host}:{self.port}"

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, timeout: float = 10.0) -> str:
        """Listen (on the server's own thread); return the URL base. Raises OSError when no
        port could be opened."""
        if self._thread is not None:
            raise RuntimeError("a game-night server starts once")
        self._thread = threading.Thread(target=self._run, name="game-night-server", daemon=True)
        self._thread.start()
        if not self._started.wait(timeout):
            raise TimeoutError("the game-night server did not start")
        if self._error is not None:
            self._thread.join(timeout)
            raise self._error
        return self.url

    def stop(self, timeout: float = 10.0) -> None:
        """Tell every client the night is over, close every socket and free the port."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None or not thread.is_alive():
            return
        with contextlib.suppress(RuntimeError):  # the loop already closed
            loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
        if thread.is_alive():
            raise TimeoutError("the game-night server did not stop")

    def next_game(
        self,
        tokens: Mapping[str, int],
        submit: Callable[[ToHost], bool],
        welcome: Mapping[str, Any],
        census: Iterable[str],
        images: bool,
        painter: Callable[[str], Future[bytes | None]] | None,
    ) -> None:
        """Serve another game on the same port and links (a room's next game): every open
        screen is told ``next-game`` and closed, and says hello again (thread-safe)."""
        self._call(
            self._next_game, dict(tokens), submit, dict(welcome), frozenset(census), images, painter
        )

    def push(self, updates: Mapping[int | None, SeatUpdate], ply: int) -> None:
        """Hand the seats' new states to the server thread (thread-safe)."""
        self._call(self._apply_updates, dict(updates), ply)

    def reply(self, seat: int, msg: dict[str, Any]) -> None:
        """Send ``msg`` to whichever device holds ``seat`` now (thread-safe)."""
        self._call(self._send_to_seat, seat, msg)

    def hint_answer(self, seat: int, msg: dict[str, Any] | None) -> None:
        """The host is done with ``seat``'s hint: send ``msg`` (a ``hint``, or a refusal) to
        whichever device holds the seat now, or nothing (``None``: the hint was stale); the seat
        may ask again (thread-safe)."""
        self._call(self._hint_done, seat, msg)

    def connected(self) -> frozenset[int]:
        """The seats whose device is connected now (thread-safe)."""
        return self._connected

    def image_done(self, card: str, data: bytes | Pixels | None) -> None:
        """The host rendered ``card``: PNG bytes, or pixels this thread encodes as PNG
        (``None``: it has no image: a placeholder is served)."""
        if isinstance(data, Pixels):
            self._call(self._encode_image, card, data)
        else:
            self._call(self._image_ready, card, data)

    def _call(self, fn: Callable[..., None], *args: Any) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # closing at this very moment
            loop.call_soon_threadsafe(fn, *args)

    # ---- the server thread ----------------------------------------------------------------
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        loop.set_exception_handler(self.resource_errors)
        self._loop = loop
        try:
            try:
                loop.run_until_complete(self._open())
            except BaseException as err:
                self._error = err
                self._started.set()
                return
            self._started.set()
            loop.run_forever()
            loop.run_until_complete(self._close())
        finally:
            tasks = asyncio.all_tasks(loop)
            for task in tasks:
                task.cancel()
            if tasks:
                loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _open(self) -> None:
        app = web.Application(client_max_size=protocol.HARD_LIMIT, middlewares=[self._guard])
        app.router.add_get("/", self._public_page)
        app.router.add_get("/j/{token}", self._seat_page)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/card/{card}.png", self._card)
        app.router.add_get("/howto/{picture}.png", self._howto_picture)
        app.router.add_get("/static/{name}", self._static)
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="game-night-solver")
        self._encoder = ThreadPoolExecutor(1, thread_name_prefix="game-night-images")
        runner = web.AppRunner(
            app,
            access_log=None,
            handle_signals=False,
            shutdown_timeout=1.0,
            keepalive_timeout=self.idle_timeout,
        )
        await runner.setup()
        self._runner = runner
        socks = bind_sockets(self._bind, self._wanted_port)
        self.port = socks[0].getsockname()[1]
        self._hosts = self._served_hosts()  # once: a wildcard bind asks the network
        assert runner.server is not None
        doorman = _Doorman(runner.server, self.tcp_limit, self._in_request.__contains__)
        loop = asyncio.get_running_loop()
        for sock in socks:
            self._servers.append(await loop.create_server(doorman, sock=sock, backlog=128))

    async def _close(self) -> None:
        bye = protocol.message("closed", message="The game night is over.", ply=self._ply)
        for conn in list(self._conns):
            conn.send(bye)
            conn.close(1001, "game night over")
        if self._conns:
            await asyncio.wait([asyncio.create_task(_drained(c)) for c in self._conns], timeout=2.0)
        for server in self._servers:
            server.close()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        if self._encoder is not None:
            self._encoder.shutdown(wait=False, cancel_futures=True)
        self._connected = frozenset()

    def _seat_of(self, token: str) -> int | None:
        found = None
        given = token.encode("utf-8", "surrogatepass")  # never raises, matches no token
        for known, seat in self._tokens.items():  # compare every token in constant time
            if hmac.compare_digest(known.encode(), given):
                found = seat
        return found

    # ---- every request ---------------------------------------------------------------------
    def _served_hosts(self) -> frozenset[str]:
        """The ``Host`` values our own pages use: every address served and ``localhost``, with
        the port (a browser always sends it for a port other than 80)."""
        names = {self._advertise, *self._bind, LOOPBACK, "localhost", "::1"}
        if any(h in ("0.0.0.0", "::", "") for h in self._bind):
            names.add(lan_address())
        return frozenset(
            f"[{name}]:{self.port}" if ":" in name else f"{name}:{self.port}" for name in names
        )

    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Only our own pages: a request for another host name (a DNS-rebinding page) or a
        socket opened by a page from elsewhere is refused. Counts the requests each connection
        is in, so the doorman closes only idle ones."""
        hosts = self._hosts
        if request.host not in hosts:
            return web.Response(status=421, text="This is not a page of this game night.")
        origin = request.headers.get("Origin")
        foreign = origin is not None and not (
            origin.startswith("http://") and origin.removeprefix("http://") in hosts
        )
        if request.path == "/ws" and foreign:
            return web.Response(status=403, text="Only the game night's own page may join.")
        key = request.protocol
        self._in_request[key] = self._in_request.get(key, 0) + 1
        try:
            response: web.StreamResponse = await handler(request)
            return response
        finally:
            left = self._in_request.pop(key) - 1
            if left:
                self._in_request[key] = left

    async def _public_page(self, request: web.Request) -> web.StreamResponse:
        return _html(self._page(None))

    async def _seat_page(self, request: web.Request) -> web.StreamResponse:
        seat = self._seat_of(request.match_info["token"])
        if seat is None:
            return _html(_invalid_link_page(), status=404)
        return _html(self._page(seat))

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        kind = STATIC_FILES.get(name)
        if kind is None:
            raise web.HTTPNotFound()
        return web.Response(
            text=_static_text(name),
            content_type=kind,
            headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"},
        )

    async def _howto_picture(self, request: web.Request) -> web.StreamResponse:
        """A picture of the *How to play* sheet, by its place in the sheet: the page never
        learns which card it is, so no card id reaches a phone that its state does not hold."""
        number = request.match_info["picture"]
        sheet = howto_for(str(self._welcome.get("game", "")))
        cards = sheet.cards() if sheet is not None else []
        if not number.isdigit() or int(number) >= len(cards):
            raise web.HTTPNotFound()
        return await self._card_image(cards[int(number)])

    async def _card(self, request: web.Request) -> web.StreamResponse:
        return await self._card_image(request.match_info["card"])

    async def _card_image(self, card: str) -> web.StreamResponse:
        if card not in self._census:
            raise web.HTTPNotFound()
        if card not in self._images and (self._renders or self._painter is not None):
            waiter = self._image_waiters.get(card)
            if waiter is None:
                waiter = asyncio.get_running_loop().create_future()
                if self._painter is not None:
                    self._paint_elsewhere(card)
                else:
                    try:
                        self.image_requests.put_nowait(card)
                    except queue.Full:
                        return _busy_image()
                self._image_waiters[card] = waiter
            try:
                await asyncio.wait_for(asyncio.shield(waiter), IMAGE_TIMEOUT)
            except TimeoutError:
                return _busy_image()
        data = self._images.get(card)
        headers = {"Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff"}
        if data:
            return web.Response(body=data, content_type="image/png", headers=headers)
        svg = _placeholder_card(card)
        return web.Response(text=svg, content_type="image/svg+xml", headers=headers)

    def _paint_elsewhere(self, card: str) -> None:
        """Have the painter process paint ``card``; if it cannot, the host's UI thread paints
        it between moves (``image_requests``), or the phone gets the placeholder."""
        painter = self._painter
        assert painter is not None

        async def paint() -> None:
            try:
                data = await asyncio.wrap_future(painter(card))
            except Exception:  # no worker here (or it died): the UI thread's way
                log.warning("the card painter failed; painting on the UI thread", exc_info=True)
                self._painter = None
                if self._renders:
                    with contextlib.suppress(queue.Full):
                        self.image_requests.put_nowait(card)
                        return
                data = None
            self._image_ready(card, data)

        task = asyncio.get_running_loop().create_task(paint())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _encode_image(self, card: str, pixels: Pixels) -> None:
        """Encode off the event loop too (zlib releases the GIL: neither the UI thread nor the
        phones' messages wait for it)."""

        async def encode() -> None:
            try:
                data: bytes | None = await asyncio.get_running_loop().run_in_executor(
                    self._encoder, pixels.png
                )
            except Exception:  # never leave a phone waiting: it gets the placeholder
                data = None
            self._image_ready(card, data)

        task = asyncio.get_running_loop().create_task(encode())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _image_ready(self, card: str, data: bytes | None) -> None:
        self._images[card] = data
        waiter = self._image_waiters.pop(card, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(data)

    def _may_open(self, address: str | None) -> bool:
        """Whether ``address`` may open one more socket now (a token bucket per address)."""
        now = time.monotonic()
        key = address or "?"
        allowance, when = self._openings.get(key, (float(UPGRADE_BURST), now))
        allowance = min(UPGRADE_BURST, allowance + (now - when) * UPGRADE_RATE)
        if len(self._openings) > 4096:  # a full bucket is the same as none: forget those
            full = [
                k
                for k, (a, w) in self._openings.items()
                if a + (now - w) * UPGRADE_RATE >= UPGRADE_BURST
            ]
            for gone in full:
                del self._openings[gone]
        if allowance < 1.0:
            self._openings[key] = (allowance, now)
            return False
        self._openings[key] = (allowance - 1.0, now)
        return True

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not self._may_open(request.remote):
            raise web.HTTPTooManyRequests(
                text="Too many connections from this device: wait a moment.",
                headers={"Retry-After": "1"},
            )
        waiting = [c for c in self._conns if not c.joined and not c.closing]
        if len(waiting) >= MAX_PENDING:  # a screen says hello at once: the oldest is stuck
            waiting[0].close(protocol.CLOSE_NO_HELLO, "too many screens joining", deaf=True)
        ws = web.WebSocketResponse(max_msg_size=protocol.HARD_LIMIT, heartbeat=20.0)
        await ws.prepare(request)
        conn = _Connection(ws, request.transport)
        self._conns.add(conn)
        writer = asyncio.create_task(self._write(conn))
        try:
            await self._serve(conn)
        finally:
            self._conns.discard(conn)
            if conn.seat is not None and self._seats.get(conn.seat) is conn:
                del self._seats[conn.seat]
                self._connected = frozenset(self._seats)
            conn.close(1000, "", deaf=not conn.joined)
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(writer, 2.0)
            if not writer.done():
                writer.cancel()
        return ws

    async def _write(self, conn: _Connection) -> None:
        """Send the connection's messages in order; a close ends it."""
        try:
            while True:
                item = await conn.outbox.get()
                if isinstance(item, _Close):
                    await conn.ws.close(code=item.code, message=item.reason.encode())
                    return
                conn.queued_bytes -= len(item)
                await conn.ws.send_str(item)
        except (ConnectionError, RuntimeError):
            return  # the client went away: the reader sees it too
        except Exception:  # never a socket left open with nobody writing to it
            log.exception("a game-night socket's writer failed; closing it")
            conn.cut()

    async def _serve(self, conn: _Connection) -> None:
        try:
            first = await asyncio.wait_for(conn.ws.receive(), protocol.HELLO_TIMEOUT)
        except TimeoutError:
            conn.close(protocol.CLOSE_NO_HELLO, "no hello", deaf=True)
            return
        if not self._hello(conn, first):
            return
        async for frame in conn.ws:
            if frame.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                wait = conn.pace()
                if wait > 0.0:  # meanwhile nothing is read: the flood waits in its own sender
                    await asyncio.sleep(wait)
                if conn.closing:
                    break
                self._handle(conn, frame.data)
            else:
                break  # an error (a frame over HARD_LIMIT: aiohttp closes it with 1009)

    def _hello(self, conn: _Connection, frame: Any) -> bool:
        if frame.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
            return False
        request = protocol.parse_client(frame.data)
        if isinstance(request, Reload):
            self._reload(conn)
            return False
        if not isinstance(request, Hello):
            text = request.text if isinstance(request, Refusal) else "Say hello first."
            code = request.code if isinstance(request, Refusal) else "bad-message"
            conn.send(protocol.refused(code, text, ply=self._ply))
            conn.close(protocol.CLOSE_NO_HELLO, "hello first", deaf=True)
            return False
        seat: int | None = None
        if request.token is None:
            watching = sum(1 for c in self._conns if c.joined and c.seat is None and not c.closing)
            if watching >= protocol.MAX_PUBLIC:
                text = "The public table has as many screens as it takes: close one and reload."
                conn.send(protocol.refused("full", text, ply=self._ply))
                conn.close(protocol.CLOSE_FULL, "public table full", deaf=True)
                return False
        else:
            seat = self._seat_of(request.token)
            if seat is None:
                text = "This link is not a seat of this game night: ask the host for a new code."
                conn.send(protocol.refused("bad-token", text, ply=self._ply))
                conn.close(protocol.CLOSE_BAD_TOKEN, "bad token", deaf=True)
                return False
            old = self._seats.get(seat)
            if old is not None:
                text = "Your seat was opened on another device; this screen no longer plays."
                old.send(protocol.message("taken-over", message=text, ply=self._ply))
                old.close(protocol.CLOSE_TAKEN_OVER, "seat taken over")
            self._seats[seat] = conn
            self._connected = frozenset(self._seats)
        conn.seat, conn.joined = seat, True
        names = self._welcome.get("names", [])
        name = names[seat] if seat is not None and seat < len(names) else None
        conn.send(protocol.message("welcome", seat=seat, name=name, ply=self._ply, **self._welcome))
        state = self._states.get(seat)
        if state is not None:
            log = list(self._logs.get(seat, ()))[-protocol.LOG_TAIL :]
            conn.send(_state_message(state, log, reset=True))
        return True

    def _reload(self, conn: _Connection) -> None:
        text = "The game night was updated: reload this page."
        conn.send(protocol.message("reload", message=text, version=protocol.VERSION, ply=self._ply))
        conn.close(protocol.CLOSE_RELOAD, "reload")

    def _handle(self, conn: _Connection, data: str | bytes) -> None:
        request = protocol.parse_client(data)
        if isinstance(request, Reload):
            self._reload(conn)
        elif isinstance(request, Refusal):
            conn.send(
                protocol.refused(request.code, request.text, msg_id=request.msg_id, ply=self._ply)
            )
        elif isinstance(request, Ping):
            conn.send(protocol.message("pong", ply=self._ply))
        elif isinstance(request, Hello):
            text = "This screen has already joined."
            conn.send(protocol.refused("bad-message", text, ply=self._ply))
        elif isinstance(request, MoveRequest):
            self._move(conn, request)
        elif isinstance(request, ProposeRequest):
            self._propose(conn, request)
        elif isinstance(request, HintAsk):
            self._hint(conn, request)

    def _hint(self, conn: _Connection, request: HintAsk) -> None:
        """Pass a phone's hint request to the host, at most one per seat at a time."""

        def refuse(code: str, text: str) -> None:
            conn.send(protocol.refused(code, text, msg_id=request.msg_id, ply=self._ply))

        seat = conn.seat
        state = self._states.get(seat)
        if seat is None:
            refuse("no-seat", "This screen shows the public table: open your seat's link to play.")
        elif self._seats.get(seat) is not conn:
            refuse("wrong-seat", "This seat is now played from another device.")
        elif not self._welcome.get("hints"):
            refuse("no-hints", "This game night gives no hints.")
        elif state is None or request.ply != state.get("ply"):
            refuse("stale", "The table changed before this request arrived: ask again.")
        elif not state.get("your_turn"):
            refuse("not-your-turn", "A hint is for your own turn.")
        elif seat in self._hinting:
            refuse("busy", "The host is still working out your previous hint.")
        elif not self._submit(HintSubmission(seat, request.msg_id, request.ply)):
            refuse("busy", "The table is busy: ask again in a moment.")
        else:
            self._hinting.add(seat)

    def _hint_done(self, seat: int, msg: dict[str, Any] | None) -> None:
        self._hinting.discard(seat)
        if msg is not None:
            self._send_to_seat(seat, msg)

    def _propose(self, conn: _Connection, request: ProposeRequest) -> None:
        def refuse(code: str, text: str) -> None:
            conn.send(protocol.refused(code, text, msg_id=request.msg_id, ply=self._ply))

        seat = conn.seat
        state = self._states.get(seat)
        game = str(self._welcome.get("game", ""))
        if seat is None:
            refuse("no-seat", "This screen shows the public table: open your seat's link to play.")
        elif self._seats.get(seat) is not conn:
            refuse("wrong-seat", "This seat is now played from another device.")
        elif not offers_proposals(game):
            refuse("no-proposals", "This game offers no proposals: choose one of your moves.")
        elif state is None or request.ply != state.get("ply"):
            refuse("stale", "The table changed before this request arrived: choose again.")
        elif not state.get("your_turn"):
            refuse("not-your-turn", "It is not your turn.")
        elif conn.proposing:
            refuse("busy", "The host is still looking for your previous proposal.")
        else:
            conn.proposing = True
            task = asyncio.create_task(self._run_proposal(conn, request, game, state["view"]))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run_proposal(
        self, conn: _Connection, request: ProposeRequest, game: str, view: dict[str, Any]
    ) -> None:
        loop = asyncio.get_running_loop()
        try:
            work = loop.run_in_executor(self._executor, propose, game, view, request.cards)
            try:
                found = await asyncio.wait_for(work, PROPOSE_TIMEOUT)
            except NotInHand as err:
                conn.send(
                    protocol.refused("not-in-hand", str(err), msg_id=request.msg_id, ply=self._ply)
                )
                return
            except TimeoutError:
                text = "The search took too long: choose fewer cards, or lay a meld of your own."
                found = Proposal(None, None, text)
            conn.send(
                protocol.message(
                    "proposal",
                    id=request.msg_id,
                    ply=request.ply,
                    cards=list(request.cards),
                    table=found.table,
                    move=found.move,
                    message=found.message,
                )
            )
        finally:
            conn.proposing = False

    def _move(self, conn: _Connection, request: MoveRequest) -> None:
        def refuse(code: str, text: str) -> None:
            conn.send(protocol.refused(code, text, msg_id=request.msg_id, ply=self._ply))

        seat = conn.seat
        if seat is None:
            refuse("no-seat", "This screen shows the public table: open your seat's link to play.")
        elif self._seats.get(seat) is not conn:
            refuse("wrong-seat", "This seat is now played from another device.")
        elif request.seat is not None and request.seat != seat:
            refuse("wrong-seat", "This link plays another seat than the one the move names.")
        elif not self._submit(Submission(seat, request.msg_id, request.ply, request.text)):
            refuse("busy", "The table is busy: try again in a moment.")

    def _next_game(
        self,
        tokens: dict[str, int],
        submit: Callable[[ToHost], bool],
        welcome: dict[str, Any],
        census: frozenset[str],
        images: bool,
        painter: Callable[[str], Future[bytes | None]] | None,
    ) -> None:
        self._tokens, self._submit, self._welcome = tokens, submit, welcome
        self._hinting.clear()  # the last game's hints are answered to nobody
        self._census, self._renders, self._painter = census, images, painter
        self._images.clear()  # another game's faces (the ids may be the same)
        for waiter in self._image_waiters.values():
            if not waiter.done():
                waiter.set_result(None)
        self._image_waiters.clear()
        self._states, self._logs, self._ply = {}, {}, 0
        self._seats = {}
        self._connected = frozenset()
        text = "The next game starts: joining it…"
        for conn in list(self._conns):
            if conn.joined and not conn.closing:
                conn.send(protocol.message("next-game", message=text, ply=0))
                conn.close(protocol.CLOSE_NEXT_GAME, "next game")

    def _apply_updates(self, updates: dict[int | None, SeatUpdate], ply: int) -> None:
        self._ply = ply
        for seat, update in updates.items():
            self._states[seat] = update.state
            log = self._logs.setdefault(seat, deque(maxlen=LOG_KEEP))
            if update.reset:
                log.clear()
            log.extend(update.events)
            text = protocol.dumps(_state_message(update.state, update.events, update.reset))
            for conn in list(self._conns):
                if conn.joined and conn.seat == seat:
                    conn.send_text(text)

    def _send_to_seat(self, seat: int, msg: dict[str, Any]) -> None:
        conn = self._seats.get(seat)
        if conn is not None:
            conn.send(msg)


def _state_message(
    state: Mapping[str, Any], events: Iterable[dict[str, Any]], reset: bool
) -> dict[str, Any]:
    return protocol.message("state", **state, events=list(events), log_reset=reset)


async def _drained(conn: _Connection) -> None:
    while not conn.ws.closed:
        await asyncio.sleep(0.01)


def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(
        text=text,
        status=status,
        content_type="text/html",
        headers={
            "Cache-Control": "no-store",
            "Referrer-Policy": "no-referrer",  # the seat's token is in the address
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": (
                "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:"
            ),
        },
    )


@cache
def _static_text(name: str) -> str:
    """A file of the phone page, shipped as package data (``tabletop/net/static/``)."""
    return (files("tabletop.net") / "static" / name).read_text(encoding="utf-8")


def _phone_page(seat: int | None) -> str:
    """The one phone page, for every game and seat: its script reads the token from the
    address (``/j/<token>``; none: the public table)."""
    return _static_text("phone.html")


def _busy_image() -> web.Response:
    return web.Response(
        status=503,
        text="The host is busy: ask again.",
        headers={"Retry-After": "1", "Cache-Control": "no-store"},
    )


def _placeholder_card(card: str) -> str:
    """An SVG card showing ``card``'s id (when the host renders no images)."""
    name = html.escape(card)
    size = 28 if len(card) <= 4 else max(10, 110 // len(card))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="140" viewBox="0 0 100 140">'
        '<rect x="2" y="2" width="96" height="136" rx="9" fill="#fffdf6" stroke="#333" '
        'stroke-width="3"/>'
        f'<text x="50" y="78" font-family="sans-serif" font-size="{size}" font-weight="bold" '
        f'text-anchor="middle" fill="#222">{name}</text></svg>'
    )


def _invalid_link_page() -> str:
    """The page of a link that is no seat here (an old game's, or mistyped): what to do."""
    return (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width,initial-scale=1">'
        '<link rel=stylesheet href="/static/phone.css"><title>Game night</title>'
        '<main id="lost"><header id="top"><div id="who">Game night</div></header>'
        '<div id="turn">This link is not a seat in tonight\'s game.</div>'
        "<p>Scan your seat's code on the TV with your phone's camera. If the codes are "
        "folded away, the host clicks <b>Show codes</b> under the game log.</p>"
        '<p><a href="/">Watch the table</a> meanwhile.</p></main></html>'
    )
