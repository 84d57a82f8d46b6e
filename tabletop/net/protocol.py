"""The game-night protocol: JSON messages over one WebSocket per phone.

Nothing here does I/O. The server thread (:mod:`tabletop.net.server`) reads and writes these
messages; the host (:mod:`tabletop.net.night`) builds what each seat may see.

Transport
---------
A browser opens ``GET /ws`` (a WebSocket) and sends ``hello`` first. A seat's link is
``/j/<token>``: the page there says hello with that token. Every message is one JSON object
with ``"v"`` (:data:`VERSION`) and ``"type"``. Text frames only.

Client → server
---------------
``{"v":1,"type":"hello","token":"…"}``
    Join the seat the token names; ``token`` absent or ``null``: the public table
    (``view(None)``), which can watch but never move. Must be the first message (within
    :data:`HELLO_TIMEOUT` seconds).
``{"v":1,"type":"move","id":"c-17","ply":42,"move":"play H7","seat":0}``
    A decision in the game's notation (``str(move)`` / ``parse_move``), made for ``ply``
    (the length of the game's history the client saw). ``id`` is the client's own message id
    (1–64 characters, new for every move it sends); ``seat`` is optional and, when given, must
    be the token's seat.
``{"v":1,"type":"propose","id":"p-3","ply":42,"cards":["5S.2","6S.1"]}``
    Ask the host to lay these hand cards (games whose package declares a proposer). The host's exact
    solver, run off the UI thread on the seat's own view (hand and table, both known to the
    seat), answers with a ``proposal``: a valid new table holding every one of ``cards``, or
    why none exists. Nothing is played: the phone sends the proposal's ``move`` to play it.
    ``cards``: 1 to :data:`MAX_PROPOSE` card ids, each in the seat's hand.
``{"v":1,"type":"hint","id":"h-2","ply":42}``
    Ask the host what it would play in the seat's decision at ``ply`` and why. The host works
    it out with the hint bot in its AI worker, from the seat's own view, and answers this
    seat only with ``hint``. One hint at a time per seat; a hint the table moved on from
    before it was ready is dropped (the new ``state`` says the position changed). Refused
    (``refused`` with its ``id``) as ``no-seat``, ``wrong-seat``, ``stale``,
    ``not-your-turn``, ``busy`` (this seat's previous hint is still being worked out),
    ``no-hints`` (this game night gives none) or ``hint-failed``.
``{"v":1,"type":"ping"}``
    Answered by ``pong`` (WebSocket pings keep the socket alive anyway).

Server → client
---------------
``welcome``  ``{seat, name, names, game, title, players, proposals, howto, hints}`` after a
    good hello (``seat``/``name`` ``null`` for the public table; ``proposals``: the game lays
    cards through the host's proposals, its page shows the meld builder; ``howto``: the game's
    *How to play* sheet, ``{sections: [{title, text, pictures}]}`` (``pictures``: the numbers
    of its card pictures, ``GET /howto/<n>.png``), or ``null``; ``hints``: the seat may ask for
    hints).
``state``    ``{ply, seat, names, to_move, your_turn, over, prompt, waiting, view, moves,
    moves_complete, events, log_reset, outcome, table, words, choosing, chosen, held}``: the
    seat's own ``view(seat)``, and while it is that seat's turn the prompt and its legal
    moves (``{text, kind, cards, target}`` and ``description`` when the host has one;
    ``moves_complete`` false when the game, like Machiavelli, lists only representative
    moves). In a round of secret choices everyone makes at once (``Game.secret_round``), a
    seat not yet asked has ``choosing`` true with its prompt and moves already: a move it
    sends is answered ``held`` ``{id, ply}`` and played when the rules ask its seat; then
    ``chosen`` is true, ``held`` says its choices in words and ``waiting`` names the seats
    still to choose. ``events`` are the log entries that seat
    may see (``{turn, kind, text, data}``): the new ones since the previous ``state``, or, with
    ``log_reset`` true, the whole recent log (sent on every join and after an undo). ``waiting``
    names whoever is to move when it is not this seat. ``outcome`` is ``{scores, winners,
    headline, detail, table}`` once the game is over: the result said to this seat ("You
    won!"), the sentence with the players' names, and the game's score table (``{head,
    rows}``, text). ``table`` is what the phone shows of the table, from this seat's view
    (``{sections: [{title, note, items: [{label, text, cards, mark, key}]}], score}``, see
    :mod:`tabletop.net.phone_table`), or ``null`` for a game without one; ``words`` the full
    words of each face-up card it shows (hand and table), for a card seen large. ``tip``: with
    *Teach as we play* on, one sentence about this seat's decision now (why those cards are
    lit, what the trick needs), built from the seat's own view and moves only; else ``""``.
``accepted`` ``{id, ply}``: the move with that id was applied (``ply``: history length after).
``held``     ``{id, ply}``: a secret choice made before the seat's turn, kept by the host.
``refused``  ``{code, message, id?, ply}``: nothing changed. Codes:

    - ``too-large``: over :data:`MAX_MESSAGE` bytes (over :data:`HARD_LIMIT` the socket is
      closed with 1009);
    - ``bad-message``: not JSON, not an object, an unknown type or a missing/ill-typed field;
    - ``bad-token``: the hello's token is not a seat of this game night (then closed, 4000);
    - ``no-seat``: the public table tried to move;
    - ``wrong-seat``: the move names another seat than the token's;
    - ``replayed``: a message id this seat already sent (a resend after a reconnect);
    - ``stale``: made for another ply than the game's current one;
    - ``busy``: the host has too many moves waiting;
    - ``slow-down``: the screen sends faster than :data:`RATE` messages a second: its
      messages are read more slowly from then on (sent once a second at most, without ``id``);
    - ``full``: the public table has :data:`MAX_PUBLIC` screens already (then closed, 4006);
    - the rules' own codes: ``game-over``, ``not-your-turn``, ``not-a-move`` (unparseable
      notation) and every game's specific codes (``must-follow-suit``…), with the rules'
      sentence.
``taken-over`` the seat's link was opened on another device; this socket then closes (4001).
``reload``   the client speaks another protocol version: reload the page (then closed, 4002).
``closed``   the game night is over (the host stopped the server); then closed (1001).
``next-game`` ``{message}``: the room's next game starts on the same links (a rematch,
    another game, a resumed save); the socket closes (4007) and the page says hello again
    with its token, joining its seat in the new game (or told ``bad-token``: not in it).
``dropped``  ``{message}``: the host closes this socket (4004): the screen fell too far behind
    reading the host's messages. The page may reconnect at once: the seat is still its own.
``pong``     the answer to ``ping``.
``hint``     ``{id, ply, move, text}``: the answer to ``hint``: ``move`` in the game's notation
    (one of the seat's legal moves: the page lights it and offers to play it) and ``text``,
    the move and why in one sentence ("Play the 7 of Swords: it wins the trick.").
``proposal`` ``{id, ply, cards, table, move, message}``: the answer to ``propose``. ``table`` is
    the proposed new table (melds of card ids) and ``move`` the play in the game's notation,
    both ``null`` when no valid table holds all the cards; ``message`` says which, in a sentence.
    A ``propose`` is refused (``refused`` with its ``id``) as ``no-seat``, ``wrong-seat``,
    ``stale``, ``not-your-turn``, ``busy`` (one proposal at a time per seat),
    ``no-proposals`` (the game has no proposer) or ``not-in-hand``.

Card images
-----------
``GET /howto/<n>.png``: the ``n``-th picture of the game's *How to play* sheet (numbered from
0 through its sections, as the sheet's ``pictures`` say), drawn as a card below is: the sheet
names no card id, so a phone is never sent the id of a card its seat cannot see.

``GET /card/<card>.png``: the face of any card of the game's components (``game.census()``;
another id: 404), rendered by the host with the desktop's art (a PNG), or a simple SVG showing
the card's id when the host has no renderer. Card art is public: no token is needed, and the
page only asks for ids present in its own state. ``503`` (with ``Retry-After``) when the host
did not render it in time: ask again.

Every server message also carries ``ply``: the history length of the latest state published.

Guarantees: a seat only ever receives its own view and the events it may see (the same
projection as the desktop log); nothing is applied twice (message ids are remembered per seat,
and a move made for an older ply is refused as stale); a refused move leaves the game as it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rules.core import MAX_MOVE_TEXT

VERSION = 1
"""The protocol version; a client that sends another one is told to reload."""

MAX_MESSAGE = 16 * 1024
"""Bytes: a longer client message is refused (``too-large``); the connection stays."""

HARD_LIMIT = 64 * 1024
"""Bytes: a client frame longer than this closes the connection (WebSocket 1009)."""

HELLO_TIMEOUT = 5.0
"""Seconds a new socket has to say hello."""

RATE = 20.0
"""Messages a second one screen may send on average (a player taps far fewer)."""
BURST = 40
"""Messages one screen may send at once above the rate before it is slowed down."""
MAX_PUBLIC = 16
"""Screens that may watch the public table at once (a seat's link always gets in)."""

MAX_ID = 64
MAX_PROPOSE = 60
"""Cards one ``propose`` may name at most."""
MAX_CARD_ID = 32
LOG_TAIL = 200
"""How many of a seat's latest log entries a (re)joining client receives."""

CLOSE_BAD_TOKEN = 4000
CLOSE_TAKEN_OVER = 4001
CLOSE_RELOAD = 4002
CLOSE_NO_HELLO = 4003
CLOSE_BEHIND = 4004
CLOSE_FULL = 4006
CLOSE_NEXT_GAME = 4007

REFUSAL_CODES: dict[str, str] = {
    "too-large": "the message is over the size limit",
    "bad-message": "not a message of this protocol",
    "bad-token": "the link's token is not a seat of this game night",
    "no-seat": "the public table cannot move",
    "wrong-seat": "the move names another seat than the link's",
    "replayed": "a message id this seat already sent",
    "stale": "the move was made for an earlier position",
    "busy": "too many moves are waiting for the host",
    "no-proposals": "this game has no proposer",
    "not-in-hand": "a card to lay is not in the seat's hand",
    "slow-down": "the screen sends more messages than the host answers",
    "full": "the public table has as many screens as it takes",
    "no-hints": "this game night gives no hints",
    "hint-failed": "the host could not work out a hint",
}
"""The refusals of the protocol itself (the rules' refusals come with their own codes)."""


def dumps(message: dict[str, Any]) -> str:
    """One message as compact JSON text, always encodable as UTF-8 (a lone surrogate in some
    text is written as its JSON escape: a socket's writer never meets text it cannot send)."""
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    if not is_unicode(text):
        text = json.dumps(message, separators=(",", ":"))
    return text


def is_unicode(text: str) -> bool:
    """Whether ``text`` is real Unicode text (no lone surrogate: it encodes as UTF-8)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _all_unicode(value: object, depth: int = 0) -> bool:
    """Every string (and key) in a parsed message is real Unicode text."""
    if isinstance(value, str):
        return is_unicode(value)
    if depth > 32:  # json.loads bounds the depth anyway; never recurse without end
        return False
    if isinstance(value, dict):
        pairs = value.items()
        return all(_all_unicode(k, depth + 1) and _all_unicode(v, depth + 1) for k, v in pairs)
    if isinstance(value, list):
        return all(_all_unicode(v, depth + 1) for v in value)
    return True


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """A server message: ``v``, ``type`` and the fields."""
    return {"v": VERSION, "type": kind, **fields}


def refused(code: str, text: str, *, msg_id: str | None = None, ply: int = 0) -> dict[str, Any]:
    out = message("refused", code=code, message=text, ply=ply)
    if msg_id is not None:
        out["id"] = msg_id
    return out


@dataclass(frozen=True)
class Hello:
    token: str | None


@dataclass(frozen=True)
class MoveRequest:
    msg_id: str
    ply: int
    text: str
    seat: int | None  # the seat the client says it is, if it says


@dataclass(frozen=True)
class ProposeRequest:
    msg_id: str
    ply: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class HintAsk:
    msg_id: str
    ply: int


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Refusal:
    code: str
    text: str
    msg_id: str | None = None


@dataclass(frozen=True)
class Reload:
    """The client speaks another protocol version."""

    version: object


ClientMessage = Hello | MoveRequest | ProposeRequest | HintAsk | Ping | Refusal | Reload


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_client(text: str | bytes) -> ClientMessage:
    """Read one client frame: the request, or why it is refused (never raises)."""
    if isinstance(text, bytes):
        return Refusal("bad-message", "Messages must be JSON text.")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        return Refusal("too-large", f"The message is over {MAX_MESSAGE // 1024} KiB.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return Refusal("bad-message", "The message is not JSON.")
    if not isinstance(data, dict):
        return Refusal("bad-message", "The message is not a JSON object.")
    if not _all_unicode(data):  # echoed back, a lone surrogate could not even be sent
        return Refusal("bad-message", "The message holds text that is not valid Unicode.")
    raw_id = data.get("id")
    msg_id = raw_id if isinstance(raw_id, str) and 0 < len(raw_id) <= MAX_ID else None
    if "v" not in data:
        return Refusal("bad-message", "The message has no protocol version.", msg_id)
    if data["v"] != VERSION or not _is_int(data["v"]):
        return Reload(data["v"])
    kind = data.get("type")
    if kind == "hello":
        token = data.get("token")
        if token is not None and not isinstance(token, str):
            return Refusal("bad-message", "The token must be text.")
        return Hello(token or None)
    if kind == "ping":
        return Ping()
    if kind == "move":
        if msg_id is None:
            return Refusal("bad-message", f"A move needs an id of 1 to {MAX_ID} characters.")
        ply, move, seat = data.get("ply"), data.get("move"), data.get("seat")
        if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
            return Refusal("bad-message", "A move needs the ply it was made for.", msg_id)
        if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE_TEXT:
            return Refusal("bad-message", "A move needs its text in the game's notation.", msg_id)
        if seat is not None and not _is_int(seat):
            return Refusal("bad-message", "The seat must be a whole number.", msg_id)
        return MoveRequest(msg_id, ply, move, seat)
    if kind == "propose":
        if msg_id is None:
            return Refusal("bad-message", f"A proposal needs an id of 1 to {MAX_ID} characters.")
        ply, cards = data.get("ply"), data.get("cards")
        if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
            return Refusal("bad-message", "A proposal needs the ply it was made for.", msg_id)
        if (
            not isinstance(cards, list)
            or not 0 < len(cards) <= MAX_PROPOSE
            or not all(isinstance(c, str) and 0 < len(c) <= MAX_CARD_ID for c in cards)
        ):
            text = f"A proposal needs the cards to lay: 1 to {MAX_PROPOSE} card ids."
            return Refusal("bad-message", text, msg_id)
        return ProposeRequest(msg_id, ply, tuple(cards))
    if kind == "hint":
        if msg_id is None:
            text = f"A hint request needs an id of 1 to {MAX_ID} characters."
            return Refusal("bad-message", text)
        ply = data.get("ply")
        if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
            return Refusal("bad-message", "A hint request needs the ply it was made for.", msg_id)
        return HintAsk(msg_id, ply)
    return Refusal("bad-message", f"Unknown message type {kind!r:.40}.", msg_id)
