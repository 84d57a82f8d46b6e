"""The shared conformance suite (docs/adding-a-game.md, "The tests that hold it to the
contract"): every game in ``rules.GAMES`` must pass it, for every configuration its spec lists
in ``test_configs``.

- seeded random playouts reach the end, every legal move applies and round-trips its notation;
- illegal moves are refused with a code and a message and leave the state byte-identical;
- components are conserved; views and the events a seat sees leak no hidden card;
- ``determinize(seat)`` keeps ``view(seat)`` (and the mover's legal moves) identical;
- ``clone()`` is independent; ``to_json``/``load_game`` round-trips; same seed, same game;
- the spec's shape holds: no game ends sooner than ``shape.shortest``, and its decisions are
  the cards, the buttons or both that ``shape.decisions`` says.

Each parametrized test calls a ``check_*`` function that holds its checks, so that a game
registered only inside a test (the worked example in tests/test_example_game.py) is held to
the same contract.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import rules
from rules import Game, IllegalMove, Move

MAX_DECISIONS = 20_000  # no game of ours comes near this: reaching it means a loop
PLAYOUTS = 200
SOAK_PLAYOUTS = 10_000
FULL_CHECK_GAMES = 6


def configs() -> Iterator[tuple[str, int, dict[str, Any]]]:
    for game_id, spec in sorted(rules.GAMES.items()):
        for players, options in spec.test_configs or ((spec.min_players, {}),):
            yield game_id, players, dict(options)


CONFIGS = list(configs())
CONFIG_IDS = [f"{g}-{p}p-{json.dumps(o, sort_keys=True)}" for g, p, o in CONFIGS]
GAME_IDS = sorted(rules.GAMES)


def fingerprint(game: Game) -> str:
    return json.dumps(
        {"state": game.snapshot(), "history": [str(m) for m in game.history]}, sort_keys=True
    )


def seats_and_table(game: Game) -> list[int | None]:
    return [*range(game.players), None]


def json_strings(data: Any) -> set[str]:
    """Every string inside a JSON-ready value (keys included)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def random_playout(game: Game, rng: random.Random) -> int:
    steps = 0
    while not game.over:
        moves = game.legal_moves()
        assert moves, f"{game.spec.id}: to_move={game.to_move} has no legal move"
        game.play(rng.choice(moves))
        steps += 1
        assert steps < MAX_DECISIONS, "the game does not end"
    return steps


def check_outcome(game: Game) -> None:
    out = game.outcome()
    assert len(out.scores) == game.players
    assert out.winners, "somebody must win (or share the win)"
    assert set(out.winners) <= set(range(game.players))
    assert out.detail.strip()
    json.dumps(out.breakdown)  # JSON-ready
    provisional = game.provisional_scores()
    assert provisional is None or tuple(provisional) == tuple(out.scores), (
        "at the end, provisional scores (used by search cut-offs) must be the final scores"
    )
    assert game.to_move is None and game.legal_moves() == []
    # Partners share the outcome: the sides cover every seat once, and the winners are whole
    # sides (the rules, not the app, say who plays together).
    sides = game.sides()
    assert sorted(s for side in sides for s in side) == list(range(game.players))
    for side in sides:
        assert set(side) <= set(out.winners) or not set(side) & set(out.winners), side


# --------------------------------------------------------------------------- playouts


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_random_playouts_reach_the_end(
    game_id: str, players: int, options: dict, soak: bool
) -> None:
    """At least 200 seeded random games per game (10,000 with --soak), spread over configs."""
    per_game = SOAK_PLAYOUTS if soak else PLAYOUTS
    share = sum(1 for g, _, _ in CONFIGS if g == game_id)
    check_random_playouts(game_id, players, options, -(-per_game // share))


def decision_kind(game: Game, move: Move) -> str:
    """ "card" for a decision that lays, gives or picks a card of the mover's hand (named in
    its cards or its value: a Machiavelli play is a whole new table), "button" for any
    other."""
    hands = game.view(game.mover).get("hands")
    hand = hands[game.mover] if isinstance(hands, list) else None
    held = set(hand) if isinstance(hand, list) else set()
    return "card" if held & (set(move.cards) | json_strings(move.value)) else "button"


def check_random_playouts(game_id: str, players: int, options: dict, count: int) -> set[str]:
    """``count`` seeded random games to the end: notation round-trips, components are
    conserved, the outcome is well-formed, no game is shorter than the shape says and every
    decision is of a kind it declares. Returns the kinds of decision met."""
    shape = rules.GAMES[game_id].shape
    allowed = {"cards": {"card"}, "buttons": {"button"}, "both": {"card", "button"}}
    kinds: set[str] = set()
    for seed in range(count):
        game = rules.new_game(game_id, players, seed=seed, options=options)
        census = Counter(game.census())
        rng = random.Random(seed)
        steps = 0
        while not game.over:
            moves = game.legal_moves()
            assert moves, f"seed {seed}: no legal move for seat {game.to_move}"
            move = rng.choice(moves)
            assert game.parse_move(str(move)) == move, f"notation does not round-trip: {move}"
            kinds.add(decision_kind(game, move))
            game.play(move)
            steps += 1
            assert steps < MAX_DECISIONS
        assert Counter(game.census()) == census, f"seed {seed}: components not conserved"
        shortest = f"seed {seed}: over after {steps} moves, sooner than the shape's shortest"
        assert steps >= shape.shortest, shortest
        assert kinds <= allowed[shape.decisions], f"{kinds} decisions: not {shape.decisions}"
        check_outcome(game)
    return kinds


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_that_takes_both_kinds_of_decision_is_seen_taking_both(game_id: str) -> None:
    """``shape.decisions`` "both": random games of its configurations meet a card and a
    button (a shape that says more than the game does would excuse a shared test)."""
    spec = rules.GAMES[game_id]
    kinds: set[str] = set()
    for players, options in spec.test_configs or ((spec.min_players, {}),):
        kinds |= check_random_playouts(game_id, players, dict(options), 2)
    expected = {"cards": {"card"}, "buttons": {"button"}, "both": {"card", "button"}}
    assert kinds == expected[spec.shape.decisions], kinds


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_every_step_full_checks(game_id: str, players: int, options: dict) -> None:
    """Heavy checks at every decision of a few games (see the module docstring)."""
    check_every_step(game_id, players, options)


def check_every_step(game_id: str, players: int, options: dict) -> None:
    """Heavy checks at every decision of a few games (see the module docstring)."""
    foreign: list[Move] = _moves_from_other_games(game_id, players, options)
    for seed in range(FULL_CHECK_GAMES):
        game = rules.new_game(game_id, players, seed=1000 + seed, options=options)
        census = Counter(game.census())
        rng = random.Random(seed)
        step = 0
        _check_views(game, [])
        while not game.over:
            legal = game.legal_moves()
            _check_legal_moves_apply(game, legal)
            _check_refusals(game, legal, foreign, rng)
            _check_determinize(game, rng, deep=step % 25 == 0)
            if step % 10 == 0:
                _check_round_trip(game)
            move = rng.choice(legal)
            events = game.play(move)
            assert isinstance(events, list)
            assert Counter(game.census()) == census
            _check_views(game, events)
            step += 1
        _check_round_trip(game)
        _check_views(game, [])
        check_outcome(game)


def _moves_from_other_games(game_id: str, players: int, options: dict) -> list[Move]:
    """Moves that were legal at some point of other seeds: plausible but usually wrong now."""
    pool: list[Move] = []
    for seed in range(3):
        game = rules.new_game(game_id, players, seed=50_000 + seed, options=options)
        rng = random.Random(seed)
        while not game.over:
            moves = game.legal_moves()
            pool.extend(rng.sample(moves, min(3, len(moves))))
            game.play(rng.choice(moves))
    return pool


def _check_legal_moves_apply(game: Game, legal: list[Move]) -> None:
    assert len(set(legal)) == len(legal), "legal_moves() lists a move twice"
    before = fingerprint(game)
    for move in legal:
        assert game.why_illegal(move) is None
        copy = game.clone()
        copy.play(move)
    assert fingerprint(game) == before, "playing on a clone changed the original"


def _check_refusals(game: Game, legal: list[Move], foreign: list[Move], rng: random.Random) -> None:
    before = fingerprint(game)
    legal_set = set(legal)
    candidates = rng.sample(foreign, min(8, len(foreign)))
    move_type = type(legal[0])
    candidates += [
        move_type("no-such-move"),
        move_type(legal[0].kind, cards=("??",), target="nowhere:9", value=(99,)),
        move_type(legal[0].kind, cards=legal[0].cards, target=legal[0].target, value=(-1, "x")),
        Move("play", cards=("A1",)),  # the base class, not this game's move type
        "play A1",  # not a Move at all
        None,
    ]
    for bad in candidates:
        if bad in legal_set:
            continue
        with pytest.raises(IllegalMove) as info:
            game.play(bad)  # type: ignore[arg-type]
        assert info.value.code and isinstance(info.value.code, str)
        assert info.value.message and info.value.message.strip().endswith((".", "!", ")"))
        assert fingerprint(game) == before, f"refusing {bad!r} changed the game"
    if game.players > 1:
        wrong = (game.to_move + 1) % game.players
        with pytest.raises(IllegalMove) as info:
            game.play(legal[0], seat=wrong)
        assert info.value.code == "not-your-turn"
        assert fingerprint(game) == before


def _check_views(game: Game, events: list) -> None:
    for seat in seats_and_table(game):
        view = game.view(seat)
        json.dumps(view)  # JSON-ready
        hidden = game.hidden_cards(seat)
        leaked = json_strings(view) & hidden
        assert not leaked, f"view({seat}) shows hidden cards {sorted(leaked)}"
        seen = rules.visible_events(events, seat)
        leaked = json_strings([e.to_dict() for e in seen]) & hidden
        assert not leaked, f"events seen by {seat} show hidden cards {sorted(leaked)}"
        for card in hidden:
            for event in seen:
                assert card not in event.text.split(), f"event text leaks {card} to {seat}"


def _check_determinize(game: Game, rng: random.Random, deep: bool) -> None:
    before = fingerprint(game)
    for seat in range(game.players):
        guess = game.determinize(seat, random.Random(rng.random()))
        assert guess.view(seat) == game.view(seat), f"determinize({seat}) changed what it sees"
        assert guess.history == [] and guess.seed != game.seed, "the copy could be replayed"
        assert Counter(guess.census()) == Counter(game.census())
        if seat == game.to_move:
            assert guess.legal_moves() == game.legal_moves()
        if deep:
            random_playout(guess, random.Random(seat))
    assert fingerprint(game) == before, "determinize changed the original"


def _check_round_trip(game: Game) -> None:
    data = json.loads(json.dumps(game.to_json()))
    loaded = rules.load_game(data)
    assert loaded.snapshot() == game.snapshot()
    assert [str(m) for m in loaded.history] == [str(m) for m in game.history]
    for seat in seats_and_table(game):
        assert loaded.view(seat) == game.view(seat)


# --------------------------------------------------------------------------- move descriptions

DESCRIBE_PLAYOUTS = 2
SEAT_NAMES = ["Ada", "Bartholomew", "Cy", "Dee", "Eve", "Flo"]


def _card_namer(game_id: str) -> Callable[[str], set[str]]:
    """How the game's sentences may name a component (besides its id): ``card_name`` and
    ``card_label`` where the rules have them (none for a token, e.g. a counter)."""
    module = importlib.import_module(f"rules.{game_id}")
    namers = [getattr(module, n) for n in ("card_name", "card_label") if hasattr(module, n)]

    def written(card: str) -> set[str]:
        out = set()
        for name in namers:
            with contextlib.suppress(KeyError, ValueError, IndexError):
                out.add(name(card))
        return out

    return written


def _names_card(text: str, written: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(written) + r"(?!\w)", text) is not None


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_move_descriptions_are_pure_and_name_no_hidden_card(
    game_id: str, players: int, options: dict
) -> None:
    """describe_move(move, seat, names) words every legal move for the seat to move without
    changing the game and without naming a card that seat's view hides: not by its id, not by
    its name (where the move moves a card and no card the seat may see has the same name), and
    the sentence stays the same when the hidden cards are dealt again (determinize)."""
    written = _card_namer(game_id)
    for seed in range(DESCRIBE_PLAYOUTS):
        game = rules.new_game(game_id, players, seed=2000 + seed, options=options)
        rng = random.Random(seed)
        names = SEAT_NAMES[: game.players]
        while not game.over:
            seat, legal = game.mover, game.legal_moves()
            hidden = game.hidden_cards(seat)
            seen = {w for c in set(game.census()) - hidden for w in written(c)}
            by_name = {w: c for c in hidden for w in written(c) if w not in seen}
            guess = game.determinize(seat, random.Random(seed))
            before = fingerprint(game)
            for move in legal:
                text = game.describe_move(move, seat, names)
                assert isinstance(text, str) and text.strip(), move
                named = {c for c in hidden if _names_card(text, c)}
                if move.cards:
                    named |= {c for w, c in by_name.items() if _names_card(text, w)}
                assert not named, f"{text!r} ({move}) names {sorted(named)}, hidden from {seat}"
                assert guess.describe_move(move, seat, names) == text, f"{move}: not from the view"
            assert fingerprint(game) == before, "describe_move changed the game"
            game.play(rng.choice(legal))


# --------------------------------------------------------------------------- determinism


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_same_seed_same_game(game_id: str, players: int, options: dict) -> None:
    """Same seed + same moves = same game, always."""
    check_same_seed_same_game(game_id, players, options)


def check_same_seed_same_game(game_id: str, players: int, options: dict) -> None:
    """Same seed and same moves give the same game; different seeds deal differently."""
    runs = []
    for _ in range(2):
        game = rules.new_game(game_id, players, seed=42, options=options)
        random_playout(game, random.Random(7))
        runs.append((fingerprint(game), game.outcome()))
    assert runs[0] == runs[1]
    starts = {
        fingerprint(rules.new_game(game_id, players, seed=s, options=options)) for s in range(5)
    }
    assert len(starts) > 1, "different seeds should deal differently"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_spec_is_complete(game_id: str) -> None:
    check_spec_is_complete(game_id)


def check_spec_is_complete(game_id: str) -> None:
    """The spec names the game, its player counts and its in-app rules text."""
    spec = rules.GAMES[game_id]
    assert spec.title and spec.pitch and spec.min_players <= spec.max_players
    assert rules.rules_text(game_id).strip().startswith("#"), "in-app rules text missing"
    assert spec.counts and all(spec.min_players <= c <= spec.max_players for c in spec.counts)
    for players in spec.counts:
        game = rules.new_game(game_id, players, seed=1)
        assert game.to_move is not None and game.legal_moves()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_determinized_copy_cannot_be_saved(game_id: str) -> None:
    check_determinized_copy_cannot_be_saved(game_id)


def check_determinized_copy_cannot_be_saved(game_id: str) -> None:
    spec = rules.GAMES[game_id]
    game = rules.new_game(game_id, spec.min_players, seed=3)
    with pytest.raises(ValueError):
        game.determinize(0, random.Random(1)).to_json()
