"""Each game's ``STATE`` (rules/state.py) is true to what the game holds and does.

``clone()`` and ``snapshot()`` follow from that one declaration, so it must be complete and
deep enough. Along seeded random playouts of every configuration:

- the attributes of the game are exactly the declared ones, at every step (one set in
  ``_apply`` and not declared would be shared by every search copy and missing from saves);
- an attribute declared as never changed in place (its kind copies nothing) holds no list,
  dict or set;
- a copy (``clone()`` or ``determinize()``) and the game share nothing that either changes:
  playing on the copy leaves every attribute of the game as it was, unsaved ones included,
  and playing on the game leaves the copy as it was.

The last tests show the checks bite: an undeclared attribute, and one declared too shallow.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import pytest
from test_conformance import CONFIG_IDS, CONFIGS

import rules
from rules import Game
from rules.royal_houses import RoyalHouses
from rules.state import LIST, Kind

GAMES = 3  # seeded playouts per configuration
EVERY = 3  # a copy is checked at every third decision
ON_THE_COPY = 3  # decisions played on the copy


def frozen(game: Game) -> dict[str, Any]:
    """Every declared attribute of ``game``, copied deep enough to compare with later."""
    out = {}
    for name in game.state_fields:
        value = getattr(game, name)
        out[name] = value.getstate() if isinstance(value, random.Random) else copy.deepcopy(value)
    return out


def changed(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    return [name for name in before if before[name] != after[name]]


def holds_only_values(value: object) -> bool:
    """No list, dict or set anywhere inside ``value`` (tuples and frozensets are looked in)."""
    if isinstance(value, list | dict | set | bytearray):
        return False
    if isinstance(value, tuple | frozenset):
        return all(holds_only_values(v) for v in value)
    return True


def check_declaration(game: Game, where: str) -> None:
    declared = set(game.state_fields)
    held = set(vars(game))
    assert held == declared, (
        f"{where}: not in STATE: {sorted(held - declared)}; "
        f"declared but missing: {sorted(declared - held)}"
    )
    for name, kind in game.state_fields.items():
        if kind.copy is None:
            assert holds_only_values(getattr(game, name)), (
                f"{where}: {name!r} holds a container, but its kind copies nothing"
            )


def play_some(game: Game, count: int, rng: random.Random) -> None:
    for _ in range(count):
        if game.over:
            return
        game.play(rng.choice(game.legal_moves()))


def check_state_declared(game_id: str, players: int, options: dict) -> None:
    """The checks of the module docstring along ``GAMES`` playouts of the configuration."""
    check_state(lambda seed: rules.new_game(game_id, players, seed, options))


def check_state(new_game: Callable[[int], Game]) -> None:
    """The checks of the module docstring along ``GAMES`` playouts of ``new_game(seed)``."""
    for seed in range(GAMES):
        game = new_game(seed)
        rng = random.Random(seed)
        step = 0
        while True:
            where = f"seed {seed}, decision {step}"
            check_declaration(game, where)
            if game.over:
                break
            move = rng.choice(game.legal_moves())
            if step % EVERY:
                game.play(move)
            else:
                if step % (2 * EVERY):
                    twin = game.determinize(game.mover, random.Random(step))
                else:
                    twin = game.clone()
                check_declaration(twin, where + " (copy)")
                before = frozen(game)
                play_some(twin, ON_THE_COPY, random.Random(step))
                hit = changed(before, frozen(game))
                assert not hit, f"{where}: playing on a copy changed the game's {hit}"
                before = frozen(twin)
                game.play(move)
                hit = changed(before, frozen(twin))
                assert not hit, f"{where}: playing on the game changed its copy's {hit}"
            step += 1


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_the_state_is_declared_whole_and_deep_enough(
    game_id: str, players: int, options: dict
) -> None:
    check_state_declared(game_id, players, options)


# --------------------------------------------------------------------------- the checks bite


class _Undeclared(RoyalHouses):
    """Royal Houses keeping a note of the moves played, in an attribute it does not declare."""

    def __init__(self, players: int, seed: int | None, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.notes: list[str] = []

    def _apply(self, move: rules.Move) -> list[rules.Event]:
        self.notes.append(str(move))
        return super()._apply(move)


class _Shallow(RoyalHouses):
    """Royal Houses declaring the hands as one list, so that copies share each hand."""

    STATE: ClassVar[Mapping[str, Kind]] = {"hands": LIST}


def _royal(cls: type[RoyalHouses]) -> Callable[[int], Game]:
    return lambda seed: cls(2, seed, RoyalHouses.spec.defaults(2))


def test_an_undeclared_attribute_is_caught() -> None:
    with pytest.raises(AssertionError, match="not in STATE: \\['notes'\\]"):
        check_state(_royal(_Undeclared))


def test_an_attribute_declared_too_shallow_is_caught() -> None:
    with pytest.raises(AssertionError, match="changed the game's \\['hands'\\]"):
        check_state(_royal(_Shallow))


def test_a_game_written_with_copy_into_is_refused() -> None:
    """A game written to the older contract (its own ``_copy_into``) would have that method
    never called, and its copies sharing its containers: the class is refused."""
    with pytest.raises(TypeError, match="STATE"):

        class _Old(RoyalHouses):
            def _copy_into(self, other: Game) -> None:
                pass
