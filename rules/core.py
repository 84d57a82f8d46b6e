"""The rules-layer contract every game implements.

A game is a state object. Ask it who decides (``to_move``), what they may decide
(``legal_moves()``), and apply one decision with ``play(move)``; everything a seat may
know is ``view(seat)``. Nothing here draws, prints or touches files, and every random
choice comes from the game's own seeded ``random.Random``.

>>> import rules
>>> g = rules.new_game("royal_houses", players=2, seed=7)
>>> move = g.legal_moves()[0]
>>> events = g.play(move)
>>> g2 = rules.load_game(g.to_json())
>>> g2.snapshot() == g.snapshot()
True
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import secrets
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, TypeGuard

from .state import LIST, VALUE, Kind, copier, unsaved

SAVE_FORMAT = 1
"""Version of the dict written by :meth:`Game.to_json`."""

MAX_SAVED_MOVES = 100_000
MAX_MOVE_TEXT = 4_000


# --------------------------------------------------------------------------- errors


# The refusal codes the shared machinery raises for every game: code -> what it means. Each game
# lists its own codes beside its rules (``REFUSALS``); tests/test_refusals.py keeps both lists
# and the code in step.
GENERIC_REFUSALS: dict[str, str] = {
    "game-over": "the game is over: no move can be made",
    "not-your-turn": "another seat is to move",
    "not-a-move": "not a well-formed move of this game",
    "not-legal-now": "not legal now (when the game has no more precise reason)",
}


class IllegalMove(ValueError):
    """A decision the rules refuse.

    ``code`` is a stable machine string (``"must-follow-suit"``); ``message`` is one
    sentence a player understands. A refused move never changes the game.
    """

    def __init__(self, code: str, message: str, move: object = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.move = move

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.message!r})"


class BadSave(ValueError):
    """A save that cannot be loaded: malformed, hostile, edited or from a future version."""


class GameOverError(RuntimeError):
    """Asked who is to move in a game that is over (a bug in the caller, not bad input)."""


class SetupError(ValueError):
    """Options or a player count that the game does not accept."""


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Move:
    """One atomic decision.

    ``kind`` names the decision (``"play"``, ``"gift"``); ``cards`` are the cards it
    moves, ``target`` the zone it aims at (``"house:Artois"``, ``"hand:1"``) and
    ``value`` any further choice (amounts, a named value). Games subclass it only to
    give ``str(move)`` their own notation.
    """

    kind: str
    cards: tuple[str, ...] = ()
    target: str = ""
    value: tuple[Any, ...] = ()

    def __str__(self) -> str:
        parts = [self.kind, *self.cards]
        if self.target:
            parts.append("@" + self.target)
        parts.extend(str(v) for v in self.value)
        return " ".join(parts)


@dataclass(frozen=True)
class Event:
    """Something that happened, worded for the game log.

    ``text`` is a template whose ``{p0}``, ``{p1}``… name the seats (see
    :meth:`render`). An event with ``audience`` set is seen only by those seats; one
    with ``hidden_from`` set is seen by everyone else (the public version of a private
    event). The table display (seat ``None``) sees only events with no audience.

    ``reveals`` names the seats to which the event shows something hidden from them until
    now (a card drawn or received, a rival's counter seen): undo never goes back past it.
    A hidden card that a rival plays face up needs no flag: it leaves
    :meth:`Game.hidden_cards`.
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    hidden_from: frozenset[int] = frozenset()
    reveals: frozenset[int] = frozenset()

    def visible_to(self, seat: int | None) -> bool:
        if self.audience is not None:
            return seat is not None and seat in self.audience
        return seat not in self.hidden_from

    def render(self, names: Iterable[str]) -> str:
        return self.text.format_map({f"p{i}": name for i, name in enumerate(names)})

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": dict(self.data)}


def sentence_start(text: str) -> str:
    """``text`` made to start a sentence: its first letter upper-cased, the rest untouched, so
    the proper names in it keep their capitals ("the 7 of Artois" -> "The 7 of Artois"; the
    ``str.capitalize`` it replaces gave "The 7 of artois")."""
    return text[:1].upper() + text[1:]


def private_event(
    seats: int | Iterable[int],
    kind: str,
    text: str,
    data: Mapping[str, Any],
    public_text: str,
    public_data: Mapping[str, Any] | None = None,
    *,
    reveals: int | Iterable[int] | None = None,
) -> list[Event]:
    """Both faces of a private happening: in full for ``seats``, redacted for the rest.

    ``reveals``: the seats it tells something they could not know (default: all of
    ``seats``); ``()`` when it only repeats the seat's own secret decision back to it."""
    only = frozenset((seats,) if isinstance(seats, int) else seats)
    if reveals is None:
        learners = only
    else:
        learners = frozenset((reveals,) if isinstance(reveals, int) else reveals)
    return [
        Event(kind, text, data, audience=only, reveals=learners),
        Event(kind, public_text, public_data or {}, hidden_from=only),
    ]


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (``None``: the public table)."""
    return [e for e in events if e.visible_to(seat)]


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``scores`` per seat, ``winners`` (more than one on a shared win), ``detail`` a
    sentence explaining the decision (tie-breaks included) and ``breakdown`` a
    JSON-ready, game-specific table for the results screen.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    detail: str
    breakdown: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class OptionSpec:
    """One setup option.

    ``kind`` is ``"int"``, ``"bool"``, ``"choice"``, ``"int-list"`` (one number per player)
    or ``"card-list"`` (card ids, checked by the game). ``advanced`` options are for tests
    and replaying a real table's deal, not for the setup screen. ``players``: the player
    counts the option means something for (empty: every count); the setup screen offers it
    only for those.
    """

    key: str
    kind: str
    default: Any
    label: str
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    advanced: bool = False
    players: tuple[int, ...] = ()

    def offered_for(self, players: int) -> bool:
        """Whether the option means something with ``players`` players."""
        return not self.players or players in self.players

    def validate(self, value: Any, players: int) -> Any:
        """Return ``value`` checked (raises :class:`SetupError`)."""
        name = self.label or self.key
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise SetupError(f"{name} must be true or false.")
        elif self.kind == "int":
            if not _is_int(value):
                raise SetupError(f"{name} must be a whole number.")
            self._check_range(value, name)
        elif self.kind == "choice":
            if value not in self.choices:
                listed = ", ".join(map(str, self.choices))
                raise SetupError(f"{name} must be one of {listed}.")
        elif self.kind == "int-list":
            if not isinstance(value, list | tuple) or len(value) != players:
                raise SetupError(f"{name} needs one whole number per player.")
            for v in value:
                if not _is_int(v):
                    raise SetupError(f"{name} needs one whole number per player.")
                self._check_range(v, name)
            value = list(value)
        elif self.kind == "card-list":
            if value is None:
                return None
            if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
                raise SetupError(f"{name} must be a list of card names.")
            value = list(value)
        return value

    def _check_range(self, value: int, name: str) -> None:
        if self.minimum is not None and value < self.minimum:
            raise SetupError(f"{name} must be at least {self.minimum}.")
        if self.maximum is not None and value > self.maximum:
            raise SetupError(f"{name} must be at most {self.maximum}.")


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class GameShape:
    """What kind of game it is, in the few words the app and the shared tests need (a small
    cousin of OpenSpiel's ``GameType``).

    ``simultaneous``: ``"none"`` when every decision is taken in the open or in turn as the
    game means it; ``"in-turn"`` when the game has decisions meant to be taken at once and in
    secret (sealed bids, a secret allegiance, counters laid face down): the seats then take
    them one after another, each one's commitment hidden from the others (in views, events,
    legal moves and descriptions) until the game reveals them.
    ``decisions``: how decisions are taken at a table or on a phone: ``"cards"`` when each
    names a card of the mover's hand, ``"buttons"`` when none does, ``"both"``.
    ``shortest``: the fewest moves a game can last, in any configuration (a bound: no game
    ends sooner); a shared test that needs a game still going stops before it.
    """

    simultaneous: Literal["none", "in-turn"] = "none"
    decisions: Literal["cards", "buttons", "both"] = "both"
    shortest: int = 1


@dataclass(frozen=True)
class GameSpec:
    """What the app needs to list a game and set it up, and what kind of game it is."""

    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    factory: Callable[..., Game]
    rules_file: str = ""
    #: The player counts the game supports when not every count between min and max works.
    player_counts: tuple[int, ...] = ()
    # (players, options) pairs the shared conformance suite plays, covering every variant.
    test_configs: tuple[tuple[int, Mapping[str, Any]], ...] = ()
    shape: GameShape = GameShape()

    @property
    def counts(self) -> tuple[int, ...]:
        """Every supported player count, ascending."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    @property
    def players_text(self) -> str:
        """ "2 players", "3–9 players" or "2 or 4 players"."""
        counts = self.counts
        if len(counts) == 1:
            return f"{counts[0]} player" + ("" if counts[0] == 1 else "s")
        if counts == tuple(range(counts[0], counts[-1] + 1)):
            return f"{counts[0]}–{counts[-1]} players"
        return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]} players"

    def defaults(self, players: int) -> dict[str, Any]:
        out = {}
        for opt in self.options:
            if opt.kind == "int-list" and opt.default is None:
                out[opt.key] = [0] * players
            else:
                out[opt.key] = opt.default
        return out


# --------------------------------------------------------------------------- the game


def _copy_rng(rng: random.Random) -> random.Random:
    # Random.__new__ + setstate: a fresh Random() would first seed itself from the OS,
    # a third of a search copy's cost in the cheaper games.
    twin = random.Random.__new__(random.Random)
    twin.setstate(rng.getstate())
    return twin


def _rng_mark(rng: random.Random) -> str:
    return hashlib.sha256(repr(rng.getstate()).encode()).hexdigest()[:16]


#: The game's random generator: a copy draws the same numbers from then on, independently.
RNG = Kind(_copy_rng, _rng_mark)


def _copy_options(options: dict[str, Any]) -> dict[str, Any]:
    # Options are JSON-like; only their containers (card lists) need copying.
    return {k: copy.deepcopy(v) if isinstance(v, list | dict) else v for k, v in options.items()}


def _no_cache(cache: list[Move] | None) -> None:
    # A copy may be re-dealt (determinize): it never shares the cache.
    return None


class Game:
    """Base class of every game. Subclasses implement the methods marked *game*.

    The base class owns the shared machinery: seat checks before a move, the
    all-or-nothing ``play``, the move history, copies, save and load.

    A game declares every attribute of its state in ``STATE`` (see :mod:`rules.state`);
    ``clone`` and ``snapshot`` follow from the declarations of the class and its bases.
    """

    spec: ClassVar[GameSpec]
    #: This class's own state attributes and their kinds (the base class declares its own).
    STATE: ClassVar[Mapping[str, Kind]] = {
        "players": unsaved(VALUE),
        "seed": unsaved(VALUE),
        "options": Kind(_copy_options, None),
        "rng": RNG,
        "history": unsaved(LIST),
        "opening_events": unsaved(LIST),
        "determinized": unsaved(VALUE),
        "_legal_cache": Kind(_no_cache, None),
    }
    #: Every state attribute of the class, its bases' included (worked out from ``STATE``).
    state_fields: ClassVar[Mapping[str, Kind]] = STATE
    _writers: ClassVar[tuple[tuple[str, Callable[[Any], Any]], ...]] = ()
    RULES_VERSION: ClassVar[int] = 1
    move_type: ClassVar[type[Move]] = Move
    #: False for a game whose decisions cannot all be listed (Machiavelli: a play is a whole
    #: new table). Its ``legal_moves()`` then lists representative moves only (always at least
    #: one, so random playouts and bots can go on) and ``_judge`` decides any other move.
    LEGAL_MOVES_COMPLETE: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_copy_into" in cls.__dict__:
            # A game written to the older contract: clone() would never call it, and its
            # copies would share their containers with the game.
            raise TypeError(f"{cls.__name__} declares its state in STATE, not in _copy_into.")
        fields: dict[str, Kind] = {}
        for klass in reversed(cls.__mro__):
            fields.update(klass.__dict__.get("STATE", {}))
        cls.state_fields = fields
        cls._copy_state = copier(fields)  # type: ignore[method-assign, assignment]
        cls._writers = tuple((n, k.plain) for n, k in fields.items() if k.plain is not None)

    def __init__(self, players: int, seed: int | None, options: Mapping[str, Any]) -> None:
        self.players = players
        self.seed = secrets.randbits(48) if seed is None else seed
        self.options = dict(options)
        self.rng = random.Random(self.seed)
        self.history: list[Move] = []
        self.opening_events: list[Event] = []
        self.determinized = False
        self._legal_cache: list[Move] | None = None

    # ---- game: state questions -------------------------------------------------
    @property
    def to_move(self) -> int | None:  # game
        raise NotImplementedError

    @property
    def mover(self) -> int:
        """The seat to move, for code that runs only while the game is on (legal moves,
        refusals, applying a move); raises :class:`GameOverError` once it is over."""
        seat = self.to_move
        if seat is None:
            raise GameOverError("The game is over: nobody is to move.")
        return seat

    @property
    def over(self) -> bool:
        return self.to_move is None

    def sides(self) -> tuple[tuple[int, ...], ...]:  # game, where partners play
        """Seats that win or lose together, one tuple a side (partners), covering every seat
        once; every seat on its own unless the game has partnerships."""
        return tuple((s,) for s in range(self.players))

    def _legal_moves(self) -> list[Move]:  # game
        raise NotImplementedError

    def legal_moves(self) -> list[Move]:
        """Every legal decision for ``to_move`` (empty once the game is over); only a
        representative few when ``LEGAL_MOVES_COMPLETE`` is false."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.over else self._legal_moves()
        return list(self._legal_cache)

    def forced_move(self) -> Move | None:
        """The decision when there is no choice, else ``None``. A lone listed move is forced
        only where ``LEGAL_MOVES_COMPLETE``: Machiavelli lists just "draw" when no simple
        play exists, yet a play that rearranges the table may still be legal."""
        moves = self.legal_moves()
        return moves[0] if len(moves) == 1 and self.LEGAL_MOVES_COMPLETE else None

    def prompt(self) -> str:  # game
        """What the player to move must decide now, in one sentence addressed to them."""
        return "" if self.over else "Make your move."

    def explain_illegal(self, move: Move) -> IllegalMove:
        """Why ``move`` (known not to be legal now) is refused: the game's precise reason from
        ``_explain``, or a generic sentence (also when the move is too malformed to reason
        about)."""
        try:
            found = self._explain(move)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            found = None
        return found or IllegalMove("not-legal-now", f"'{move}' is not a legal move now.", move)

    def _explain(self, move: Move) -> IllegalMove | None:  # game
        """The precise reason ``move`` is refused, or None for the generic sentence."""
        return None

    def _judge(self, move: Move) -> None:  # game (only when LEGAL_MOVES_COMPLETE is false)
        """Raise :class:`IllegalMove` unless the well-formed ``move`` of ``to_move`` is legal.

        The default asks ``legal_moves()``; a game whose moves cannot all be listed overrides it.
        """
        if self._legal_cache is None:
            self.legal_moves()
        assert self._legal_cache is not None
        if move not in self._legal_cache:
            raise self.explain_illegal(move)

    def _apply(self, move: Move) -> list[Event]:  # game
        raise NotImplementedError

    def outcome(self) -> Outcome:  # game
        raise NotImplementedError

    def view(self, seat: int | None) -> Mapping[str, Any]:  # game
        """Everything ``seat`` may know (``None``: the public table), as JSON-ready data. Each
        game declares its shape as a ``TypedDict`` beside its rules (``RoyalHousesView``…)."""
        raise NotImplementedError

    def describe_move(self, move: Move, seat: int | None, names: Sequence[str]) -> str:  # game
        """The sentence a player reads for ``move`` (a button, a hint): "Play the 5 of Artois".

        ``seat`` is who reads it (``None``: the public table) and ``names`` the seats' names.
        Pure, and it tells ``seat`` nothing its ``view(seat)`` hides: it reads only the move,
        that view and public state. The game's sentence (``_describe``), else the move's
        notation (also for a move too malformed to describe)."""
        try:
            found = self._describe(move, seat, names)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            found = None
        return found or str(move)

    def _describe(self, move: Move, seat: int | None, names: Sequence[str]) -> str | None:  # game
        """The game's sentence for ``move`` (see :meth:`describe_move`); None: its notation."""
        return None

    def snapshot(self) -> dict[str, Any]:
        """The complete true state as plain data (hidden parts included), for checks and saves:
        each attribute ``STATE`` declares with a ``plain`` form, under its own name."""
        mine = self.__dict__
        return {name: plain(mine[name]) for name, plain in self._writers}

    def determinize(self, seat: int, rng: random.Random) -> Game:  # game
        raise NotImplementedError

    def secret_round(self) -> Hashable | None:  # game
        """The simultaneous secret decision being taken now (a game whose shape is
        ``"in-turn"``), as an id the same for every decision of one round (``("ally", 2)``: the
        second deal's Allegiance cards), or ``None`` when the decision to take is not part of
        one. Within a round a seat's options never depend on another seat's choice, so a host
        may collect every seat's choice at once and play them in turn (game night's phones)."""
        return None

    def hidden_cards(self, seat: int | None) -> set[str]:  # game
        """Card ids whose place ``seat`` cannot know (checked against views by the tests)."""
        return set()

    def provisional_scores(self) -> tuple[float, ...] | None:  # game
        """What each seat would score if the game ended now (for search cut-offs), or ``None``
        when the game has no meaningful answer before its end."""
        return None

    def census(self) -> list[str]:  # game
        """Every physical component in play (cards, tokens), wherever it is: it never changes."""
        raise NotImplementedError

    def parse_move(self, text: str) -> Move:  # game
        raise NotImplementedError

    # ---- shared machinery ------------------------------------------------------
    def is_legal(self, move: object) -> bool:
        if self.LEGAL_MOVES_COMPLETE:
            return not self.over and isinstance(move, Move) and move in self.legal_moves()
        return self.why_illegal(move) is None

    def why_illegal(self, move: object, seat: int | None = None) -> IllegalMove | None:
        """The refusal ``play(move, seat)`` would raise, or ``None`` if it is legal."""
        try:
            self.check(move, seat)
        except IllegalMove as err:
            return err
        return None

    def check(self, move: object, seat: int | None = None) -> None:
        """Raise :class:`IllegalMove` unless ``move`` (by ``seat``, if given) is legal now."""
        if self.over:
            raise IllegalMove("game-over", "The game is over: no more moves can be made.", move)
        if seat is not None and seat != self.mover:
            raise IllegalMove(
                "not-your-turn",
                f"It is not your turn: Player {self.mover + 1} is to move.",
                move,
            )
        if not isinstance(move, self.move_type) or not _well_formed(move):
            raise IllegalMove("not-a-move", f"{move!r:.80} is not a move of this game.", move)
        self._judge(move)

    def play(self, move: Move, seat: int | None = None) -> list[Event]:
        """Apply one decision and return what happened; raise :class:`IllegalMove` and change
        nothing if it is not legal (or, with ``seat``, not that seat's turn)."""
        self.check(move, seat)
        self._legal_cache = None
        events = self._apply(move)
        self.history.append(move)
        return events

    def play_text(self, text: str, seat: int | None = None) -> list[Event]:
        return self.play(self.parse_move(text), seat)

    def _copy_state(self, other: Game) -> None:
        """Give ``other``, a shallow copy, its own containers (each class's own, see copier)."""

    def clone(self) -> Game:
        """An independent copy: every attribute ``STATE`` declares with a ``copy`` gets its own
        value, the others (never changed in place) are shared."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        self._copy_state(other)
        return other

    def _determinized_copy(self, seat: int, rng: random.Random) -> Game:
        """A clone stripped of everything that could rebuild the true hidden state: the seed,
        the move history (it holds rivals' secret choices), private opening events and any
        fixed deal. Games re-deal the hidden parts of the result in ``determinize``."""
        guess = self.clone()
        guess.determinized = True
        guess.seed = rng.getrandbits(48)
        guess.rng = random.Random(rng.getrandbits(64))
        guess.history = []
        guess.opening_events = [e for e in self.opening_events if e.visible_to(seat)]
        for opt in self.spec.options:
            if opt.kind == "card-list" and guess.options.get(opt.key) is not None:
                guess.options[opt.key] = None
        return guess

    def state_hash(self) -> str:
        blob = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def to_json(self) -> dict[str, Any]:
        """A complete save: replaying ``moves`` from ``seed`` and ``options`` rebuilds the game."""
        if self.determinized:
            raise ValueError("A determinized copy is a guess at hidden cards and cannot be saved.")
        return {
            "format": SAVE_FORMAT,
            "game": self.spec.id,
            "rules_version": self.RULES_VERSION,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "moves": [str(m) for m in self.history],
            "state_hash": self.state_hash(),
        }


def _well_formed(move: Move) -> bool:
    """Field types as declared: games may then read a move's fields without more checks."""
    return (
        isinstance(move.kind, str)
        and isinstance(move.cards, tuple)
        and all(isinstance(c, str) for c in move.cards)
        and isinstance(move.target, str)
        and isinstance(move.value, tuple)
    )


# --------------------------------------------------------------------------- registry

GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    GAMES[spec.id] = spec
    return spec


def new_game(
    game_id: str, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None
) -> Game:
    """Start a game. Raises :class:`SetupError` for an unknown game, player count or option."""
    spec = GAMES.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        raise SetupError(f"There is no game called {game_id!r}.")
    if not _is_int(players) or players not in spec.counts:
        raise SetupError(f"{spec.title} is played by {spec.players_text}, not {players!r}.")
    if seed is not None and not _is_int(seed):
        raise SetupError("The seed must be a whole number.")
    given = dict(options or {})
    known = {opt.key: opt for opt in spec.options}
    for key in given:
        if key not in known:
            raise SetupError(f"{spec.title} has no option {key!r}.")
    checked = spec.defaults(players)
    for key, value in given.items():
        checked[key] = known[key].validate(value, players)
    return spec.factory(players, seed, checked)


def load_game(data: Mapping[str, Any] | str | bytes) -> Game:
    """Rebuild a game from :meth:`Game.to_json` output, re-checking every move.

    Raises :class:`BadSave` with a sentence saying what is wrong; never anything else.
    """
    try:
        return _load_game(data)
    except BadSave:
        raise
    except (SetupError, IllegalMove) as err:
        raise BadSave(f"The save cannot be used: {err}") from err
    except RecursionError as err:
        raise BadSave("The save is nested too deeply to be a real save.") from err
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as err:
        raise BadSave(f"The save is damaged ({type(err).__name__}).") from err


def _load_game(data: Mapping[str, Any] | str | bytes) -> Game:
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as err:
            raise BadSave("The save is not valid JSON.") from err
    if not isinstance(data, Mapping):
        raise BadSave("The save is not a JSON object.")
    fmt = data.get("format")
    if not _is_int(fmt):
        raise BadSave("The save has no format number.")
    if fmt > SAVE_FORMAT:
        raise BadSave(
            f"The save was written by a newer version of tabletop (format {fmt}); "
            "update the app to open it."
        )
    if fmt < 1:
        raise BadSave(f"The save's format number {fmt} is not one tabletop ever wrote.")
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise BadSave(f"The save is for an unknown game ({game_id!r}).")
    spec = GAMES[game_id]
    version = data.get("rules_version")
    cls_version = getattr(spec.factory, "RULES_VERSION", 1)
    if not _is_int(version) or version > cls_version:
        raise BadSave(
            f"The save uses rules version {version!r} of {spec.title}; this app knows "
            f"version {cls_version}."
        )
    players, seed, options = data.get("players"), data.get("seed"), data.get("options", {})
    if not _is_int(players):
        raise BadSave("The save cannot be used: its player count is not a whole number.")
    if not _is_int(seed):
        raise BadSave("The save's seed is missing or not a whole number.")
    if not isinstance(options, Mapping):
        raise BadSave("The save's options are not a JSON object.")
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise BadSave("The save has no move list.")
    if len(moves) > MAX_SAVED_MOVES:
        raise BadSave("The save's move list is far longer than any real game.")
    game = new_game(game_id, players, seed, dict(options))
    # A save from an older version of a game's rules replays under today's rules: its moves
    # are judged again, but the position it records may differ where the rules changed.
    older = version < cls_version
    for number, text in enumerate(moves, 1):
        if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
            raise BadSave(f"Move {number} of the save is not a move.")
        try:
            game.play(game.parse_move(text))
        except IllegalMove as err:
            why = f"Move {number} of the save ({text!r}) is refused: {err.message}"
            if older:
                why = (
                    f"The save was played under an older version of the {spec.title} rules, "
                    f"and its move {number} ({text!r}) is no longer allowed: {err.message}"
                )
            raise BadSave(why) from err
    expected = data.get("state_hash")
    if expected is not None and not older and expected != game.state_hash():
        raise BadSave("The save's moves do not lead to the position it records: it was edited.")
    return game
