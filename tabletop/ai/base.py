"""The honest seat interface: what a bot may know, and how it is asked to decide.

A bot never touches the real game. :class:`SeatView` holds a *determinized copy*: the real
state with everything the seat cannot see dealt again at random, so ``view`` and the legal
moves are exactly the seat's, while the hidden parts reachable from it are guesses. Even a
buggy (or curious) bot cannot read the rival's cards through it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from copy import deepcopy
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from rules import Event, Game, Move

from .inference import seen_events


class BotError(RuntimeError):
    """A bot answered with something that is not a legal move now."""


class SeatView:
    """What one seat may know about a game, and nothing more.

    Built as ``SeatView(game, seat, rng)``; keeps no reference to ``game``. ``seen`` holds
    the events the seat has seen since the game began (its log, for a search that reads the
    play so far: :mod:`tabletop.ai.inference`); ``record=False`` leaves it empty.
    """

    __slots__ = ("_copy", "game_id", "players", "seat", "seen", "view")

    def __init__(self, game: Game, seat: int, rng: random.Random, record: bool = True) -> None:
        self.seen: tuple[Event, ...] = seen_events(game, seat) if record else ()
        copy = game.determinize(seat, rng)
        _scrub(copy, game, seat, rng)
        self._copy = copy
        self.seat: int = seat
        self.game_id: str = copy.spec.id
        self.players: int = copy.players
        # Taken from the copy: determinize keeps view(seat) identical to the real game's.
        self.view: Mapping[str, Any] = copy.view(seat)

    def legal_moves(self) -> list[Move]:
        """Every legal decision now (the seat's own: legality never depends on hidden cards)."""
        return self._copy.legal_moves()

    def forced_move(self) -> Move | None:
        """The decision when there is no choice, else ``None`` (see ``Game.forced_move``)."""
        return self._copy.forced_move()

    @property
    def complete(self) -> bool:
        """False for a game whose ``legal_moves()`` lists representative moves only."""
        return self._copy.LEGAL_MOVES_COMPLETE

    def is_legal(self, move: object) -> bool:
        """Whether the rules accept ``move`` now (a seat's own decisions never depend on
        cards it cannot see, so the guessed copy judges them as the real game would)."""
        return self._copy.is_legal(move)

    def determinize(self, rng: random.Random) -> Game:
        """A fresh, playable guess at the full state, consistent with ``view`` (for search)."""
        return self._copy.determinize(self.seat, rng)

    def parse_move(self, text: str) -> Move:
        """Read the game's move notation (raises ``rules.IllegalMove`` if unreadable)."""
        return self._copy.parse_move(text)

    def __repr__(self) -> str:
        return f"SeatView({self.game_id!r}, seat={self.seat})"


def _scrub(copy: Game, game: Game, seat: int, rng: random.Random) -> None:
    """Cut what a determinized copy still shares with, or carries of, the real game.

    The real seed with the move history (which holds the rivals' secret choices), or a fixed
    deal in the options, would rebuild the true state. ``Game._determinized_copy`` strips them
    now; doing it again here means a game whose ``determinize`` forgets still cannot leak.
    Containers the copy shares with the real game (``clone`` copies shallowly, e.g. option
    lists) are copied, so nothing a bot does to its copy can change the real game either.
    """
    real = vars(game)
    for key, value in vars(copy).items():
        if isinstance(value, _MUTABLE) and real.get(key) is value:
            setattr(copy, key, deepcopy(value))
    copy.options = deepcopy(copy.options)
    copy.seed = rng.getrandbits(48)
    copy.history = []
    copy.opening_events = [e for e in copy.opening_events if e.visible_to(seat)]
    for opt in copy.spec.options:
        if opt.kind == "card-list" and copy.options.get(opt.key) is not None:
            copy.options[opt.key] = None


_MUTABLE = (list, dict, set, bytearray)


@runtime_checkable
class Bot(Protocol):
    """A player that decides from a :class:`SeatView` alone."""

    name: str

    def choose(self, seat_view: SeatView) -> Move:
        """Return one of ``seat_view.legal_moves()``."""
        ...


class HeuristicFactory(Protocol):
    """Builds a game's heuristic bot: ``factory(seed, noise=0.15)`` for Easy."""

    def __call__(self, seed: int, noise: float = 0.0) -> Bot: ...


@dataclass(frozen=True)
class GameBots:
    """A game's own bots, declared in its package (:mod:`tabletop.games`).

    ``heuristic``: the quick player (Easy with noise, and the search's playouts unless the
    game's search settings say otherwise). ``easy``: the Easy level where it is not the
    heuristic with noise. ``hint``: a factory(seed) of the bot whose choice a hint shows,
    where that is not Hard.
    """

    heuristic: HeuristicFactory
    easy: HeuristicFactory | None = None
    hint: Callable[[int], Bot] | None = None


def decide(bot: Bot, game: Game, seat: int, rng: random.Random) -> Move:
    """Ask ``bot`` for ``seat``'s decision in ``game`` (which is not changed).

    A forced move (exactly one legal) is returned without asking the bot. Raises
    ``ValueError`` if ``seat`` is not to move and :class:`BotError` if the bot answers
    with an illegal move.
    """
    if game.over or game.to_move != seat:
        raise ValueError(f"Seat {seat} is not to move (to move: {game.to_move}).")
    forced = game.forced_move()
    if forced is not None:
        return forced
    move = decide_from_view(bot, SeatView(game, seat, rng))
    # The seat's copy judged it; the real game has the last word.
    moves = game.legal_moves()
    listed = move in moves or (not game.LEGAL_MOVES_COMPLETE and game.is_legal(move))
    if not listed:
        raise BotError(f"Bot {bot.name!r} chose {move!s}, which is not legal now.")
    return move


def decide_from_view(bot: Bot, seat_view: SeatView) -> Move:
    """Ask ``bot`` for a decision from ``seat_view`` alone (what the AI worker is sent).

    Legality never depends on cards the seat cannot see, so the view's copy judges the answer
    as the real game would; raises :class:`BotError` for an illegal one."""
    forced = seat_view.forced_move()
    if forced is not None:
        return forced
    move = bot.choose(seat_view)
    # Where legal_moves() lists only representative moves, a bot (a solver) may find others.
    listed = move in seat_view.legal_moves() or (
        not seat_view.complete and seat_view.is_legal(move)
    )
    if not listed:
        raise BotError(f"Bot {bot.name!r} chose {move!s}, which is not legal now.")
    return move
