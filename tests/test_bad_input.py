"""Bad input never crashes and never corrupts (rules/core.py, "IllegalMove(code, message)"):
malformed notation, arbitrary move objects, wrong options and broken or hostile saves get
IllegalMove / SetupError / BadSave with a clear sentence, and leave everything as it was."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules import BadSave, Game, IllegalMove, SetupError

GAME_IDS = sorted(rules.GAMES)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def mid_game(game_id: str, seed: int = 11, steps: int = 40) -> Game:
    """A game ``steps`` random moves in and still going (a copy of its own: every fuzzed
    example plays on it)."""
    return _mid_game(game_id, seed, steps).clone()


@cache
def _mid_game(game_id: str, seed: int, steps: int) -> Game:
    """The position itself, found once. Before the shortest game the shape allows no move can
    end it; from there on, a move that would end it is not chosen."""
    spec = rules.GAMES[game_id]
    game = rules.new_game(game_id, spec.min_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = game.legal_moves()
        if len(game.history) + 1 >= spec.shape.shortest:
            legal = [m for m in legal if not _ends(game, m)]
        if not legal:
            break
        game.play(rng.choice(legal))
    assert not game.over
    return game


def _ends(game: Game, move: rules.Move) -> bool:
    ahead = game.clone()
    ahead.play(move)
    return ahead.over


def fingerprint(game: Game) -> str:
    return json.dumps([game.snapshot(), [str(m) for m in game.history]], sort_keys=True)


def a_save(game_id: str) -> dict[str, Any]:
    return mid_game(game_id).to_json()


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.text(max_size=12),
    st.floats(allow_nan=False),
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(text=st.text(max_size=60))
def test_any_text_parses_or_is_refused_clearly(game_id: str, text: str) -> None:
    game = mid_game(game_id)
    before = fingerprint(game)
    try:
        move = game.parse_move(text)
    except IllegalMove as err:
        assert err.code == "bad-notation" and err.message
    else:
        assert isinstance(move, rules.Move)
    assert fingerprint(game) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(
    kind=st.sampled_from(
        [
            "play",
            "gift",
            "counter",
            "swap",
            "keep",
            "shift",
            "from",
            "source",
            "dest",
            "order",
            "draw",
            "pass",
            "bid",
        ]
    )
    | st.text(max_size=8),
    cards=st.lists(
        st.text(max_size=4) | st.sampled_from(["A1", "F8", "D5", "10H"]), max_size=3
    ).map(tuple),
    target=st.text(max_size=16) | st.sampled_from(["house:Artois", "hand:0", "hand:1", ""]),
    value=st.lists(scalars | st.lists(st.integers(), max_size=2), max_size=3).map(tuple),
)
def test_any_move_object_is_played_or_refused_without_change(
    game_id: str, kind: str, cards: tuple, target: str, value: tuple
) -> None:
    game = mid_game(game_id)
    move = game.move_type(kind, cards=cards, target=target, value=value)
    legal = move in game.legal_moves()
    before = fingerprint(game)
    try:
        game.play(move)
    except IllegalMove as err:
        assert not legal
        assert err.code and err.message
        assert fingerprint(game) == before
    else:
        assert legal


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_malformed_move_fields_are_refused(game_id: str) -> None:
    game = mid_game(game_id)
    before = fingerprint(game)
    for bad in (
        game.move_type("play", cards="A1"),  # type: ignore[arg-type]
        game.move_type("play", cards=(1, 2)),  # type: ignore[arg-type]
        game.move_type(7),  # type: ignore[arg-type]
        game.move_type("gift", target=None),  # type: ignore[arg-type]
        game.move_type("shift", value=[1, 2]),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalMove) as err:
            game.play(bad)
        assert err.value.code == "not-a-move"
    assert fingerprint(game) == before


# --------------------------------------------------------------------------- set-up


@pytest.mark.parametrize(
    ("game_id", "players", "options", "words"),
    [
        ("chess", 2, {}, "no game"),
        ("royal_houses", 3, {}, "2 players"),
        ("royal_houses", "2", {}, "2 players"),
        ("royal_houses", 2, {"colour": "red"}, "no option"),
        ("royal_houses", 2, {"garnets": [1]}, "one whole number per player"),
        ("royal_houses", 2, {"garnets": [1, -4]}, "at least 0"),
        ("royal_houses", 2, {"deck": ["A1"] * 48}, "each of the 48 cards"),
        ("royal_houses", 2, {"deck": "A1 A2"}, "list of card names"),
    ],
)
def test_bad_setup_is_refused_with_a_sentence(
    game_id: str, players: Any, options: dict, words: str
) -> None:
    with pytest.raises(SetupError) as err:
        rules.new_game(game_id, players, seed=1, options=options)
    assert words in str(err.value)


# --------------------------------------------------------------------------- saves


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_save_round_trips_through_text(game_id: str) -> None:
    game = mid_game(game_id)
    loaded = rules.load_game(json.dumps(game.to_json()))
    assert loaded.snapshot() == game.snapshot()


def _with_an_illegal_repeat(save: dict[str, Any]) -> list[str]:
    """The save's moves cut after the first move that may not be made twice in a row, then
    that move again (in Machiavelli two players may both draw, so the first may not do)."""
    game = rules.new_game(save["game"], save["players"], save["seed"], save["options"])
    for number, text in enumerate(save["moves"]):
        move = game.parse_move(text)
        game.play(move)
        if number >= 2 and game.why_illegal(move) is not None:
            return [*save["moves"][: number + 1], text]
    raise AssertionError("every move of the save may be repeated")


def _broken_saves(game_id: str) -> list[tuple[str, Any, str]]:
    good = a_save(game_id)
    text = json.dumps(good)

    def edit(**changes: Any) -> dict[str, Any]:
        return {**good, **changes}

    moves = good["moves"]
    return [
        ("empty", "", "not valid JSON"),
        ("truncated", text[: len(text) // 2], "not valid JSON"),
        ("not an object", [1, 2, 3], "not a JSON object"),
        ("binary", b"\x00\xff\xfe", "not valid JSON"),
        ("no format", {k: v for k, v in good.items() if k != "format"}, "no format number"),
        ("future format", edit(format=99), "newer version"),
        ("future rules", edit(rules_version=99), "rules version"),
        ("unknown game", edit(game="poker"), "unknown game"),
        ("bad players", edit(players=40), "cannot be used"),
        ("bad seed", edit(seed="abc"), "seed"),
        ("bad options", edit(options={"nope": 1}), "cannot be used"),
        ("options not object", edit(options=[1]), "options"),
        ("moves missing", edit(moves=None), "no move list"),
        ("move not text", edit(moves=[*moves[:3], 17]), "is not a move"),
        ("garbage move", edit(moves=[*moves[:3], "fly to the moon"]), "refused"),
        ("illegal move", edit(moves=_with_an_illegal_repeat(good)), "refused"),
        ("huge move list", edit(moves=["x"] * 200_000), "far longer"),
        ("long move", edit(moves=["play " + "A" * 10_000]), "is not a move"),
        ("edited position", edit(moves=moves[:-1]), "edited"),
        ("deep nesting", "[" * 100_000 + "]" * 100_000, ""),
    ]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_broken_and_hostile_saves_are_refused_clearly(game_id: str) -> None:
    for name, data, words in _broken_saves(game_id):
        with pytest.raises(BadSave) as err:
            rules.load_game(data)
        assert words in str(err.value), f"{name}: {err.value}"
        assert str(err.value).endswith("."), f"{name}: {err.value}"


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_mutated_saves_load_faithfully_or_are_refused(game_id: str, data: st.DataObject) -> None:
    """A hypothesis fuzz of the loader: mutate a real save anywhere; it either loads to a game
    that replays its own moves, or raises BadSave. Nothing else ever escapes."""
    save = a_save(game_id)
    key = data.draw(st.sampled_from(sorted(save)))
    mutation = data.draw(st.sampled_from(["replace", "drop", "move-edit", "text-flip"]))
    if mutation == "replace":
        save[key] = data.draw(json_values)
        blob: Any = save
    elif mutation == "drop":
        del save[key]
        blob = save
    elif mutation == "move-edit" and save["moves"]:
        i = data.draw(st.integers(0, len(save["moves"]) - 1))
        save["moves"][i] = data.draw(st.text(max_size=12))
        blob = save
    else:
        text = json.dumps(save)
        i = data.draw(st.integers(0, len(text) - 1))
        blob = text[:i] + data.draw(st.characters()) + text[i + 1 :]
    try:
        game = rules.load_game(blob)
    except BadSave as err:
        assert str(err)
    else:
        again = rules.load_game(game.to_json())
        assert again.snapshot() == game.snapshot()


@FUZZ
@given(blob=json_values)
def test_arbitrary_json_is_refused(blob: Any) -> None:
    with pytest.raises(BadSave):
        rules.load_game(blob if not isinstance(blob, str) else json.dumps(blob))
