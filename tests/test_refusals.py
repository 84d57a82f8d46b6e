"""Each game lists its refusal codes in one place, and the list is complete.

Every rules module declares ``REFUSALS`` (code -> what it means) beside its rules; the shared
machinery's codes are ``rules.core.GENERIC_REFUSALS``. The codes a game raises are found two
ways: every ``IllegalMove("<code>", …)`` literal in its source (the reverse holds too: no listed
code is stale), and the codes of random illegal moves tried during a few seeded playouts.
"""

from __future__ import annotations

import ast
import importlib
import random
import re
from pathlib import Path
from types import ModuleType

import pytest

import rules
from rules.core import GENERIC_REFUSALS, Game, IllegalMove

CORE = Path(rules.__file__).with_name("core.py")

# A game whose rules do not list their refusals yet may stand in here (none today).
STAND_INS: dict[str, dict[str, str]] = {}


def listed(game_id: str) -> dict[str, str]:
    """The game's own refusal codes: its rules module's ``REFUSALS`` (or the stand-in)."""
    factory = rules.GAMES[game_id].factory
    for name in (factory.__module__, _package(game_id).__name__):
        found = getattr(importlib.import_module(name), "REFUSALS", None)
        if found is not None:
            assert game_id not in STAND_INS, f"{name} lists its refusals: drop the stand-in"
            return dict(found)
    return STAND_INS[game_id]


def _package(game_id: str) -> ModuleType:
    """The game's top rules module or package, ``rules.<package>``."""
    module = rules.GAMES[game_id].factory.__module__
    return importlib.import_module(".".join(module.split(".")[:2]))


def _sources(game_id: str) -> list[Path]:
    top = _package(game_id)
    if hasattr(top, "__path__"):
        return sorted(Path(next(iter(top.__path__))).rglob("*.py"))
    return [Path(top.__file__)]


def codes_in_source(paths: list[Path]) -> set[str]:
    """The literal first argument of every ``IllegalMove(…)`` call; a code that is not a
    literal fails (it could not be checked)."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name != "IllegalMove":
                continue
            code = node.args[0] if node.args else None
            assert isinstance(code, ast.Constant) and isinstance(code.value, str), (
                f"{path.name}:{node.lineno}: IllegalMove's code must be a string literal"
            )
            found.add(code.value)
    return found


def codes_in_play(game_id: str, seeds: range = range(3), cap: int = 150) -> set[str]:
    """Codes of random illegal moves tried along seeded random playouts: moves legal earlier,
    moves mixed from the fields of those, a malformed move, another seat's turn, unreadable
    notation and moves after the end."""
    spec = rules.GAMES[game_id]
    found: set[str] = set()
    for seed in seeds:
        players, options = spec.test_configs[seed % len(spec.test_configs)]
        game: Game = rules.new_game(game_id, players, seed=seed, options=options)
        rng = random.Random(seed)
        seen: list[rules.Move] = []
        for _ in range(cap):
            if game.over:
                break
            legal = game.legal_moves()
            seen.extend(rng.sample(legal, min(4, len(legal))))
            tries = rng.sample(seen, min(6, len(seen)))
            for _ in range(6):
                a, b, c, d = (rng.choice(seen) for _ in range(4))
                tries.append(game.move_type(a.kind, b.cards, c.target, d.value))
            tries.append(game.move_type(7))  # type: ignore[arg-type]  # malformed
            if game.players > 1:
                tries.append(legal[0])
            for i, move in enumerate(tries):
                seat = (game.mover + 1) % game.players if i == len(tries) - 1 else None
                err = game.why_illegal(move, seat) if seat is not None else game.why_illegal(move)
                if err is not None:
                    found.add(err.code)
            for text in ("", "zz", rng.choice(("play", "bid", "gift")) + " ?!"):
                try:
                    game.parse_move(text)
                except IllegalMove as err:
                    found.add(err.code)
            game.play(rng.choice(legal))
        if game.over and seen:
            err = game.why_illegal(seen[-1])
            assert err is not None
            found.add(err.code)
    return found


def test_the_generic_codes_are_the_cores() -> None:
    assert codes_in_source([CORE]) == set(GENERIC_REFUSALS)


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_the_listed_codes_are_the_codes_in_the_source(game_id: str) -> None:
    own = listed(game_id)
    assert own and all(isinstance(v, str) and v for v in own.values())
    assert set(own) == codes_in_source(_sources(game_id))


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_every_code_met_in_play_is_listed(game_id: str) -> None:
    met = codes_in_play(game_id)
    assert met, "no illegal move was tried"
    assert met <= set(listed(game_id)) | set(GENERIC_REFUSALS)


# A move written in the game's notation inside a sentence: a quoted token ('ally H5', "deal"),
# a seat written @p2, or a place id such as face:H5 or front:0.
NOTATION = re.compile(
    r"""(?<![A-Za-z])(['"])[^'"\s][^'"]*\1(?![A-Za-z])|@p\d|\b[a-z]+:[A-Za-z0-9]"""
)


def wrong_step_sentences(game_id: str, cap: int = 250) -> set[str]:
    """Every "wrong step" sentence met along seeded random playouts of each of the game's test
    set-ups: at each decision, one move of every kind the game has (found by a first pass
    over the same playouts) is asked about."""
    spec = rules.GAMES[game_id]
    kinds: dict[str, rules.Move] = {}
    found: set[str] = set()
    for asking in (False, True):
        for seed, (players, options) in enumerate(spec.test_configs):
            game: Game = rules.new_game(game_id, players, seed=seed, options=options)
            rng = random.Random(seed)
            for _ in range(cap):
                if game.over:
                    break
                legal = game.legal_moves()
                for move in legal:
                    kinds.setdefault(move.kind, move)
                for move in kinds.values() if asking else ():
                    err = game.why_illegal(move)
                    if err is not None and err.code == "wrong-step":
                        found.add(err.message)
                game.play(rng.choice(legal))
    return found


def test_the_notation_pattern_finds_moves_written_in_notation() -> None:
    for text in ("choose ('ally H5')", "'deal'", 'try "play S7"', "@p2 lays it", "on face:H5"):
        assert NOTATION.search(text), text
    for text in ("the Empire's two pairs", "the players' hands", "Now: choose a card."):
        assert not NOTATION.search(text), text


def games_with_wrong_steps() -> list[str]:
    """Machiavelli has one step a turn (lay melds or draw): it has no wrong step to refuse."""
    return [g for g in sorted(rules.GAMES) if "wrong-step" in listed(g)]


def test_every_game_but_machiavelli_has_a_wrong_step_refusal() -> None:
    assert games_with_wrong_steps() == sorted(set(rules.GAMES) - {"machiavelli"})


@pytest.mark.parametrize("game_id", games_with_wrong_steps())
def test_a_wrong_step_is_said_in_words_not_notation(game_id: str) -> None:
    """A player never reads notation: a move made at the wrong step (a Face dropped on the
    panel while the Allegiance card is chosen was refused with "Now you must choose your
    Allegiance card ('ally H5')") is refused by saying what to do now, and with what, in
    words, without a move written in notation or a card the player may not hold."""
    met = wrong_step_sentences(game_id)
    assert met, "no wrong step was tried"
    assert [m for m in met if NOTATION.search(m)] == []
