"""A game night seen from the host: the seats' links, the phones' moves, what each seat sees.

The UI thread owns the :class:`~tabletop.session.Session`; the server thread never touches it.

.. code-block:: python

    night = GameNight(session, phone_seats=[0, 2])
    base = night.start()                 # listening; night.link(0) is seat 0's address
    ...                                  # every frame, on the UI thread:
    for applied in night.poll():         # phones' moves, judged by the rules and applied
        animate(applied.seat, applied.move, applied.events)
    ...                                  # after any other change (a local or AI move, undo):
    night.publish()
    night.stop()                         # the game ended or was left: sockets closed, port free

Every ``GameNight`` makes new tokens, so resuming a saved game night gives new links.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from rules import Event, Game, IllegalMove, Move, Outcome
from tabletop.ai.hint import ask_advice
from tabletop.ai.worker import AIWorker
from tabletop.games import howto_for, phone_table_for, tip_for
from tabletop.outcome_words import detail, headline, join_names, score_number
from tabletop.second_person import said_to
from tabletop.session import Session

from . import protocol
from .ahead import ChoicesAhead
from .howto import one_line
from .png import Pixels
from .propose import offers_proposals
from .room import NightRoom
from .server import DEFAULT_PORT, HintSubmission, SeatUpdate, Submission, ToHost

#: A game's score table for its results: a header row and rows of cells, all text.
ScoreTable = Callable[[Outcome, list[str]], tuple[list[str], list[list[str]]]]


MAX_WAITING = 256
"""Moves the phones may have waiting for the host at once; more are refused as ``busy``."""

ROUND_MEMORY = 64
"""Plies back a phone's choice made in the same secret round is still taken."""

MAX_PER_POLL = 32
"""Moves one ``poll()`` judges at most, so one frame never does much."""

REMEMBERED_IDS = 4096
"""Message ids remembered per seat to refuse replays."""

IMAGES_PER_POLL = 4
"""Card faces one ``poll()`` renders at most (each is cached by the server afterwards)."""

IMAGE_BUDGET = 0.004
"""Seconds of one ``poll()`` spent rendering card faces before the rest wait for the next
frame (one face at least): a face costs several milliseconds, and a frame painting many
while the phones fetch their hands would be dropped."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Hinting:
    """A phone's hint being worked out in the AI worker, for the position ``game`` was in
    at ``ply`` (it is dropped once the game moved on)."""

    future: Future[Any]
    msg_id: str
    ply: int
    game: Game


@dataclass(frozen=True)
class AppliedMove:
    """A phone's move that the host applied: ``ply`` is the history length before it."""

    seat: int
    move: Move
    events: list[Event]
    ply: int


@dataclass
class _Seen:
    ids: set[str] = field(default_factory=set)
    order: deque[str] = field(default_factory=deque)

    def add(self, msg_id: str) -> bool:
        """Remember ``msg_id``; False if it was already there."""
        if msg_id in self.ids:
            return False
        self.ids.add(msg_id)
        self.order.append(msg_id)
        if len(self.order) > REMEMBERED_IDS:
            self.ids.discard(self.order.popleft())
        return True


def _legal(game: Game, sub: Submission, refuse: Callable[[str, str], None]) -> Move | None:
    """The move ``sub`` names if the rules take it from its seat in ``game``; else None, the
    phone told why in the rules' words (or that the text is no move of this game)."""
    try:
        move = game.parse_move(sub.text)
    except IllegalMove as err:
        refuse(err.code, err.message)
        return None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        refuse("not-a-move", f"'{sub.text:.80}' is not a move of this game.")
        return None
    problem = game.why_illegal(move, sub.seat)
    if problem is not None:
        refuse(problem.code, problem.message)
        return None
    return move


class GameNight:
    """One game night over ``session``: a token and a link for each phone seat, and a server
    that runs between :meth:`start` and :meth:`stop`.

    ``bind``: the addresses to listen on (default: the LAN address and loopback);
    ``advertise``: the host name the links use (default: the first bound address); ``port``:
    the port wanted (another free one is taken if it is busy; 0: any). Each legal move goes
    with the rules' words for it (``Game.describe_move``), the ones the table's buttons show.

    ``hold_accepted``: a phone is told its move was accepted (and sees the new state through
    :attr:`publish_due`) only once the host says the save file holds it (:meth:`saved`), so
    a crash never takes back a move a phone was told of.

    ``card_image``: renders one card id of the game's census with the desktop's art, as PNG
    bytes or as :class:`~.png.Pixels` that the server thread encodes (``None``: no image). It
    is called ONLY on the UI thread, inside :meth:`poll` (a few cards per call), when a phone
    asks for a face the server has not cached yet; without it the phones get a simple card
    naming the id. ``card_painter``: paints one card id as PNG in another process (a future);
    the faces are then painted there, ``card_image`` only if it fails.

    ``score_table``: the game's score table for its results (the TV's, from its layout),
    sent to the phones once the game is over; without it, one row of scores. ``card_text``:
    a face-up card's full name and words (the TV's hover tip), shown when a phone's player
    taps a card to see it large; without it, the card's picture alone.

    ``hint_worker``: the AI worker that works out a phone's hints (the hint bot, from the
    seat's own view; ``hint_iterations`` caps its search, for tests); without it the phones
    are offered no hints. With the session's ``teach`` on (*Teach as we play*), each phone's
    state carries a one-line tip for its decision (the game's ``tip``, from the seat's view
    and moves only).
    """

    def __init__(
        self,
        session: Session,
        phone_seats: Iterable[int],
        *,
        bind: Iterable[str] | None = None,
        port: int = DEFAULT_PORT,
        advertise: str | None = None,
        card_image: Callable[[str], bytes | Pixels | None] | None = None,
        card_painter: Callable[[str], Future[bytes | None]] | None = None,
        hold_accepted: bool = False,
        score_table: ScoreTable | None = None,
        card_text: Callable[[str], str | None] | None = None,
        room: NightRoom | None = None,
        hint_worker: AIWorker | None = None,
        hint_iterations: int | None = None,
    ) -> None:
        seats = sorted(set(phone_seats))
        players = len(session.seats)
        if not seats or any(not 0 <= s < players for s in seats):
            raise ValueError(f"phone seats must be some of 0..{players - 1}, not {seats}")
        self.session = session
        self.seats: tuple[int, ...] = tuple(seats)
        # The evening's room: links the same for a player as last game; alone, a room of
        # its own, closed with this game night.
        self._own_room = room is None
        self._room = room if room is not None else NightRoom()
        self._stopped = False
        self.tokens = self._room.tokens_for({s: session.names[s] for s in seats})
        self._inbox: queue.Queue[Submission] = queue.Queue(MAX_WAITING)
        self._seen: dict[int, _Seen] = {s: _Seen() for s in seats}
        self._log_ref: object = None
        self._log_count = 0
        self._publish_due = False  # poll() applied a move: publish at the next poll()
        self._card_image = card_image
        self._score_table = score_table
        self._phone_table = phone_table_for(session.game_id)
        self._card_text = card_text
        self._words: dict[str, str] = {}  # card id -> its full words, once asked
        self._tip = tip_for(session.game_id)
        self._worker, self._iterations = hint_worker, hint_iterations
        self._hint_inbox: queue.Queue[HintSubmission] = queue.Queue(MAX_WAITING)
        self._hinting: dict[int, _Hinting] = {}
        howto = howto_for(session.game_id)
        # Secret choices phones made before their turn, played when the rules ask them.
        self._ahead = ChoicesAhead()
        self._ahead_game: object = session.game
        # The secret round each recent ply was in: a choice made on a phone that saw an
        # earlier ply of the same round still stands (the others' choices change nothing).
        self._round_at: dict[int, object] = {}
        # Accepted moves not yet told, while they wait for the save that holds them.
        self._hold = hold_accepted
        self._held: list[tuple[int, str, int]] = []  # (seat, message id, ply after)
        self._held_lock = threading.Lock()
        welcome = {
            "names": list(session.names),
            "game": session.game_id,
            "title": session.title,
            "players": players,
            # the page's meld builder: a play is a whole new table, laid by the host's solver
            "proposals": offers_proposals(session.game_id),
            "howto": howto.as_json() if howto is not None else None,
            "hints": hint_worker is not None,
        }
        self.server = self._room.serve(
            self.tokens,
            self._submit,
            welcome,
            bind=bind,
            port=port,
            advertise=advertise,
            census=session.game.census(),
            images=card_image is not None,
            painter=card_painter,
        )

    # ---- the server's life ---------------------------------------------------------------
    def start(self) -> str:
        """Start listening (in a room already open: serve there); return the URL base
        (``http://192.168.1.20:8642``)."""
        url = self.server.url if self.server.running else self.server.start()
        self.publish()
        return url

    def stop(self) -> None:
        """The game ended or was left: its moves are taken no more. Alone, the server stops
        and every phone is told; in a room the server stays, showing this game's last state
        until the room's next game."""
        self._stopped = True
        for job in self._hinting.values():
            job.future.cancel()
        self._hinting.clear()
        if self._own_room:
            self._room.close()

    @property
    def url(self) -> str:
        return self.server.url

    def link(self, seat: int) -> str:
        """The address that seat's phone opens (its QR code's contents)."""
        return f"{self.server.url}/j/{self.tokens[seat]}"

    def links(self) -> dict[int, str]:
        return {seat: self.link(seat) for seat in self.seats}

    def connected(self) -> frozenset[int]:
        """The phone seats whose device is connected now."""
        return self.server.connected()

    # ---- the UI thread ---------------------------------------------------------------------
    @property
    def teach(self) -> bool:
        """*Teach as we play*: each phone gets a tip for its decision."""
        return bool(getattr(self.session, "teach", False))

    def _submit(self, submission: ToHost) -> bool:  # the server thread
        if self._stopped:
            return False  # the table is closed: "busy" until the next game
        try:
            if isinstance(submission, HintSubmission):
                self._hint_inbox.put_nowait(submission)
            else:
                self._inbox.put_nowait(submission)
        except queue.Full:
            return False
        return True

    def poll(self, *, follow_up: bool = True) -> list[AppliedMove]:
        """Judge and apply the phones' waiting moves (call it on the UI thread, every frame);
        answer each phone and return the applied moves for the table to animate. The new
        state goes to the phones at the next poll: the frame that applies a move also lays out
        and draws the table, the next one publishes (bench_game_night: frame time p99).

        ``follow_up=False``: only judge and apply; the caller spreads the rest over its own
        frames (:meth:`publish` when :attr:`publish_due`, :meth:`paint_card_images`)."""
        published = follow_up and self._publish_due
        if published:
            self.publish()
        applied: list[AppliedMove] = []
        for _ in range(MAX_PER_POLL):
            try:
                submission = self._inbox.get_nowait()
            except queue.Empty:
                break
            done = self._judge(submission)
            if done is not None:
                applied.append(done)
        applied += self._play_ahead()
        self._work_hints()
        if applied:
            self._publish_due = True
        elif follow_up and not published:  # a frame that applies or publishes paints no face
            self.paint_card_images()
        return applied

    @property
    def publish_due(self) -> bool:
        """A move was made that the phones have not been sent yet (with ``hold_accepted``:
        and the save file holds every phone's move in it, so no phone sees its move on the
        table before it is safe; AI and local moves in between never hold the phones back)."""
        if not self._publish_due or not self._hold:
            return self._publish_due
        with self._held_lock:
            return not self._held

    def publish_later(self) -> None:
        """Send the new state at the next :meth:`poll` (or when the caller publishes): a
        move's own frame only draws it."""
        self._publish_due = True

    def paint_card_images(self) -> int:
        """Paint a few of the card faces the phones asked for (on the UI thread; the server
        thread encodes them); returns how many."""
        render = self._card_image
        if render is None:
            return 0
        end = time.perf_counter() + IMAGE_BUDGET
        for rendered in range(IMAGES_PER_POLL):
            if rendered and time.perf_counter() > end:
                return rendered
            try:
                card = self.server.image_requests.get_nowait()
            except queue.Empty:
                return rendered
            try:
                data = render(card)
            except Exception:  # a broken face must not stop the game night: serve the id
                log.exception("rendering the card image %r failed", card)
                data = None
            self.server.image_done(card, data)
        return IMAGES_PER_POLL

    def _judge(self, sub: Submission) -> AppliedMove | None:
        game = self.session.game
        ply = len(game.history)

        def refuse(code: str, text: str) -> None:
            self.server.reply(sub.seat, protocol.refused(code, text, msg_id=sub.msg_id, ply=ply))

        if not self._seen[sub.seat].add(sub.msg_id):
            refuse("replayed", "This move was already received.")
            return None
        round_id = game.secret_round()
        same_round = round_id is not None and self._round_at.get(sub.ply) == round_id
        if sub.ply != ply and not same_round:
            refuse("stale", "The table changed before this move arrived: choose again.")
            return None
        over = game.why_illegal(None, sub.seat) if game.over else None
        if over is not None:
            refuse(over.code, over.message)
            return None
        if game.to_move is not None and game.to_move != sub.seat and round_id is not None:
            self._choose_ahead(sub, refuse)
            return None
        if game.to_move is not None and game.to_move != sub.seat:
            refuse(
                "not-your-turn",
                f"It is not your turn: {self.session.names[game.mover]} is to move.",
            )
            return None
        move = _legal(game, sub, refuse)
        if move is None:
            return None
        events = self.session.play(move, sub.seat)
        self._accepted(sub.seat, sub.msg_id, len(game.history))
        return AppliedMove(sub.seat, move, events, ply)

    def _choose_ahead(self, sub: Submission, refuse: Callable[[str, str], None]) -> None:
        """A phone's secret choice made before its turn in the round: kept to be played when
        the rules ask its seat (:meth:`_play_ahead`), or refused as the rules would."""
        game = self._current_game()
        ahead = self._ahead.ahead(game, sub.seat)
        if ahead.game is None:
            refuse("not-your-turn", "You have chosen: the others are still choosing.")
            return
        move = _legal(ahead.game, sub, refuse)
        if move is None:
            return
        self._ahead.add(sub.seat, move, sub.msg_id, game.secret_round())
        ply = len(game.history)
        self.server.reply(sub.seat, protocol.message("held", id=sub.msg_id, ply=ply))
        self._publish_due = True  # the phone shows it has chosen, and whom it waits for

    def _current_game(self) -> Game:
        """The session's game; choices kept for another (an undo replaced it) are dropped."""
        game = self.session.game
        if game is not self._ahead_game:
            self._ahead_game = game
            for seat, msg_id in self._ahead.clear():
                self.server.reply(
                    seat,
                    protocol.refused(
                        "stale", "The game went back: choose again.", msg_id=msg_id, ply=0
                    ),
                )
        return game

    def _play_ahead(self) -> list[AppliedMove]:
        """Play the choices kept for the seats the rules now ask, in the rules' own order."""
        applied: list[AppliedMove] = []
        game = self._current_game()
        while (due := self._ahead.next_for(game)) is not None:
            seat, move, msg_id = due
            ply = len(game.history)
            problem = game.why_illegal(move, seat)
            if problem is not None:  # never, if the round's choices are independent
                self.server.reply(seat, protocol.refused(problem.code, problem.message, ply=ply))
                self._ahead.queued.pop(seat, None)
                break
            events = self.session.play(move, seat)
            self._accepted(seat, msg_id, len(game.history))
            applied.append(AppliedMove(seat, move, events, ply))
        return applied

    def _accepted(self, seat: int, msg_id: str, after: int) -> None:
        """Tell ``seat``'s phone its move is in, once the save holds it (``hold_accepted``)."""
        if self._hold:
            with self._held_lock:
                self._held.append((seat, msg_id, after))
        else:
            self.server.reply(seat, protocol.message("accepted", id=msg_id, ply=after))

    def saved(self, ply: int) -> None:
        """The game up to ``ply`` moves is in the save file (or its write failed, which the
        host is told): the phones whose moves it holds are told they were accepted. Any
        thread (the autosave's writer calls it)."""
        with self._held_lock:
            told = [h for h in self._held if h[2] <= ply]
            self._held = [h for h in self._held if h[2] > ply]
        for seat, msg_id, after in told:
            self.server.reply(seat, protocol.message("accepted", id=msg_id, ply=after))

    # ---- hints ------------------------------------------------------------------------------
    def _work_hints(self) -> None:
        """Start the hints phones asked for, and answer the ones the worker has finished."""
        for _ in range(MAX_PER_POLL):
            try:
                ask = self._hint_inbox.get_nowait()
            except queue.Empty:
                break
            self._start_hint(ask)
        for seat, job in list(self._hinting.items()):
            if job.future.done():
                del self._hinting[seat]
                self.server.hint_answer(seat, self._hint_message(seat, job))

    def _start_hint(self, ask: HintSubmission) -> None:
        game = self.session.game
        ply = len(game.history)

        def refuse(code: str, text: str) -> None:
            msg = protocol.refused(code, text, msg_id=ask.msg_id, ply=ply)
            self.server.hint_answer(ask.seat, msg)

        if self._worker is None:
            refuse("no-hints", "This game night gives no hints.")
        elif ask.seat in self._hinting:  # the server holds one per seat: never, but never two
            refuse("busy", "The host is still working out your previous hint.")
        elif ask.ply != ply:
            refuse("stale", "The table changed before this request arrived: ask again.")
        elif game.over or game.to_move != ask.seat:
            refuse("not-your-turn", "A hint is for your own turn.")
        else:
            future = ask_advice(self._worker, game, ask.seat, self._iterations)
            self._hinting[ask.seat] = _Hinting(future, ask.msg_id, ply, game)

    def _hint_message(self, seat: int, job: _Hinting) -> dict[str, Any] | None:
        """The finished hint as the phone gets it; None if the position moved on (dropped)."""
        game = self.session.game
        if game is not job.game or len(game.history) != job.ply or job.future.cancelled():
            return None
        error = job.future.exception()
        if error is not None:
            log.warning("a phone's hint failed", exc_info=error)
            text = "No hint this time: the host could not work one out."
            return protocol.refused("hint-failed", text, msg_id=job.msg_id, ply=job.ply)
        advice = job.future.result()
        names = self.session.names
        text = advice.sentence(lambda m: game.describe_move(m, seat, names))
        move = str(advice.move)
        return protocol.message("hint", id=job.msg_id, ply=job.ply, move=move, text=text)

    def publish(self) -> None:
        """Send every phone seat (and the public table) what it sees now. Call it on the UI
        thread after any change that ``poll()`` did not make."""
        self._publish_due = False
        session, game = self.session, self.session.game
        log = session.log
        reset = log is not self._log_ref or len(log) < self._log_count
        fresh = log if reset else log[self._log_count :]
        self._log_ref, self._log_count = log, len(log)
        names = session.names
        ply = len(game.history)
        self._round_at[ply] = game.secret_round()
        for old in [p for p in self._round_at if p < ply - ROUND_MEMORY or p > ply]:
            del self._round_at[old]
        updates: dict[int | None, SeatUpdate] = {}
        for seat in (None, *self.seats):
            events = [
                {
                    "turn": e.turn,
                    "kind": e.event.kind,
                    # a player's own moves said to them: "You play …" beside "Sam plays …"
                    "text": e.event.render(names)
                    if seat is None
                    else said_to(e.event.text, seat, names),
                    "data": dict(e.event.data),
                }
                for e in fresh
                if e.event.visible_to(seat)
            ]
            state = self._state(seat, ply)
            # A deep copy as plain JSON: the server thread never shares an object with the game.
            state, events = json.loads(json.dumps([state, events]))
            updates[seat] = SeatUpdate(state, events, reset)
        self.server.push(updates, ply)

    def _outcome(self, result: Outcome, seat: int | None) -> dict[str, Any]:
        """The finished game as ``seat``'s phone says it: in words, with the players' names,
        and the score table the TV's results show (the game's own, when the host has it)."""
        names = self.session.names
        if self._score_table is not None:
            head, rows = self._score_table(result, names)
        else:
            head, rows = ["", *names], [["Score", *map(score_number, result.scores)]]
        return {
            "scores": list(result.scores),
            "winners": list(result.winners),
            "headline": headline(result, names, seat),
            "detail": detail(result, names),
            "table": {"head": list(head), "rows": [list(r) for r in rows]},
        }

    def _state(self, seat: int | None, ply: int) -> dict[str, Any]:
        session, game = self.session, self._current_game()
        names = session.names
        mover = game.to_move
        view = game.view(seat)
        mine = mover is not None and mover == seat
        asking: Game | None = game if mine else None
        options = game.legal_moves() if mine else []
        waiting = names[mover] if mover is not None and not mine else ""
        chosen = False
        held: list[str] = []  # this seat's own choices held for its turn, in words
        if not mine and seat is not None and game.secret_round() is not None:
            # everyone chooses at once: this seat's options before its turn comes
            ahead = self._ahead.ahead(game, seat)
            asking, options = ahead.game, ahead.moves
            chosen = ahead.game is None and self._ahead.has(seat)
            held = [game.describe_move(m, seat, names) for m in self._ahead.moves(seat)]
            if ahead.waiting:
                waiting = join_names([names[s] for s in ahead.waiting])
        moves = [
            {
                "text": str(move),
                "kind": move.kind,
                "cards": list(move.cards),
                "target": move.target,
                "description": asking.describe_move(move, seat, names),
            }
            for move in options
            if asking is not None
        ]
        table = self._phone_table(view, names) if self._phone_table is not None else None
        outcome = None
        if game.over:
            outcome = self._outcome(game.outcome(), seat)
        return {
            "ply": ply,
            "seat": seat,
            "names": names,
            "to_move": mover,
            "your_turn": mine,
            # a secret choice this seat may make now, before its turn (``moves``), or made
            "choosing": bool(moves) and not mine,
            "chosen": chosen,
            "held": held,
            "over": game.over,
            "prompt": asking.prompt() if asking is not None else "",
            "waiting": waiting,
            "view": view,
            "moves": moves,
            "moves_complete": game.LEGAL_MOVES_COMPLETE,
            "outcome": outcome,
            # what the phone shows of the table, from the seat's own view only
            "table": table,
            "tip": self._tip_for(view, seat, moves),
            "words": self._words_for(view, seat, table),
        }

    def _tip_for(
        self, view: Mapping[str, Any], seat: int | None, moves: list[dict[str, Any]]
    ) -> str:
        """With *Teach as we play* on, the game's tip for ``seat``'s decision: from its view and
        its moves only (never the game), so it cannot tell what the seat does not know."""
        if not self.teach or self._tip is None or seat is None or not moves:
            return ""
        try:
            return one_line(self._tip(view, seat, moves))
        except Exception:  # a tip is a help: a broken one must not stop the game night
            log.exception("the tip for seat %s failed", seat)
            return ""

    def _words_for(
        self, view: Mapping[str, Any], seat: int | None, table: dict[str, Any] | None
    ) -> dict[str, str]:
        """The full words of every card this phone shows face up: its hand and the table."""
        if self._card_text is None:
            return {}
        hands = view.get("hands")
        cards: list[str] = []
        if seat is not None and isinstance(hands, list) and isinstance(hands[seat], list):
            cards += hands[seat]
        for part in (table or {}).get("sections", []):
            for row in part["items"]:
                cards += row["cards"]
        words = {}
        for card in cards:
            if card not in self._words:
                self._words[card] = self._card_text(card) or ""
            if self._words[card]:
                words[card] = self._words[card]
        return words
