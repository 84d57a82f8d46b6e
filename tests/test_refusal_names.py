"""Refusal sentences keep proper names' capitals (never "The 7 of artois…"): a refusal that
starts with a card's name upper-cases only its first letter (``sentence_start``), not
``str.capitalize()`` on the whole name, in the five places in four games that build one."""

from __future__ import annotations

import random

import rules
from rules.allegiance import FACE_SET, TRAITS, AllegianceMove
from rules.alliances.cards import card_name as alliances_card_name
from rules.alliances.notation import AlliancesMove
from rules.core import Game, Move, sentence_start
from rules.medici import MediciMove
from rules.royal_houses import HOUSES, RoyalMove, house_of


def _advance(game: Game, seed: int, until: str) -> None:
    """Random legal moves until the game reaches phase ``until``."""
    rng = random.Random(seed)
    for _ in range(2000):
        if game.phase == until:  # type: ignore[attr-defined]
            return
        assert not game.over
        game.play(rng.choice(game.legal_moves()))
    raise AssertionError(f"never reached {until!r}")


def _why(game: Game, move: Move) -> str:
    err = game.why_illegal(move, game.to_move)
    assert err is not None
    return err.message


def test_sentence_start_keeps_proper_names() -> None:
    assert sentence_start("the 7 of Artois is here") == "The 7 of Artois is here"
    assert sentence_start("") == ""


def test_allegiance_kill_of_a_face_not_in_the_trick_names_it_with_capitals() -> None:
    game = rules.new_game("allegiance", 4, seed=5)
    _advance(game, 5, "kill")
    in_trick = {e[1] for e in game.trick}  # type: ignore[attr-defined]
    face = next(c for c in sorted(FACE_SET) if c not in in_trick)
    message = _why(game, AllegianceMove("kill", cards=(face,)))
    name = rules.allegiance.card_name(face)
    assert message == f"{sentence_start(name)} is not in the trick."
    assert name.split()[-1] in message  # the house keeps its capital ("of Swords")


def test_allegiance_a_face_played_as_a_trait_names_it_with_capitals() -> None:
    game = rules.new_game("allegiance", 4, seed=5)
    _advance(game, 5, "play")
    face = sorted(FACE_SET)[0]
    assert face not in TRAITS
    message = _why(game, AllegianceMove("trait", cards=(face,), target="front:1"))
    name = rules.allegiance.card_name(face)
    assert message.startswith(f"{sentence_start(name)} is not a Trait")
    assert name.split()[-1] in message


def test_medici_value_range_names_the_house_with_its_capital() -> None:
    game = rules.new_game("medici", 2, seed=0)
    _advance(game, 0, "value")
    card = game.pending["card"]  # type: ignore[attr-defined]
    message = _why(game, MediciMove("value", value=(99,)))
    name = rules.medici.card_name(card)
    assert message.startswith(sentence_start(name) + " may be worth")
    house = rules.medici.HOUSES[rules.medici.HOUSE_OF[card]]
    assert house in message  # "A Gonzaga Jester", not "A gonzaga jester"


def test_royal_houses_wrong_house_names_the_house_with_its_capital() -> None:
    game = rules.new_game("royal_houses", 2, seed=3)
    _advance(game, 3, "play")
    seat = game.to_move
    assert seat is not None
    card = next(iter(game.hands[seat]))  # type: ignore[attr-defined]
    other = HOUSES[(house_of(card) + 1) % len(HOUSES)]
    message = _why(game, RoyalMove("play", cards=(card,), target=f"house:{other}"))
    name = rules.royal_houses.card_name(card)
    assert message.startswith(f"{sentence_start(name)} can only be played on")
    assert HOUSES[house_of(card)] in message.split(" can only")[0]


def test_alliances_keep_names_the_suit_with_its_capital() -> None:
    game = rules.new_game("alliances", 4, seed=2, options={"drafting": True})
    _advance(game, 2, "draft")
    packet = {c for m in game.legal_moves() for c in m.cards}
    card = next(c for c in sorted(rules.alliances.cards.ALL_CARDS) if c not in packet)
    message = _why(game, AlliancesMove("keep", cards=(card,)))
    name = alliances_card_name(card)
    assert message == f"{sentence_start(name)} is not in the hand passed to you."
    assert name.split()[-1] in message
