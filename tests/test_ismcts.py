"""ISMCTS: plays legal moves, is deterministic for a seed and iteration cap, and is honest:
it decides the same way whatever the cards it cannot see (issue "AI that plays honestly")."""

from __future__ import annotations

import random

import pytest

import rules
from rules.royal_houses import RoyalHouses
from tabletop.ai.base import SeatView
from tabletop.ai.bots import make_bot
from tabletop.ai.ismcts import ISMCTSBot


def mid_game(game_id: str, players: int, seed: int, steps: int) -> rules.Game:
    """A game ``steps`` random moves in, at a decision with a real choice."""
    game = rules.new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.play(rng.choice(game.legal_moves()))
    while len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    return game


@pytest.mark.parametrize(
    ("game_id", "players"), [("royal_houses", 2), ("allegiance", 4), ("medici", 2)]
)
def test_search_plays_legal_moves_and_repeats_itself(game_id: str, players: int) -> None:
    game = mid_game(game_id, players, seed=5, steps=20)
    seat = game.to_move
    choices = []
    for _ in range(2):
        bot = ISMCTSBot(seed=9, budget=None, iterations=40)
        choices.append(bot.choose(SeatView(game, seat, random.Random(1))))
        assert bot.last_iterations == 40
    assert choices[0] == choices[1], "same seed and iteration cap, same decision"
    assert choices[0] in game.legal_moves()


def _swap_hidden_cards(game: RoyalHouses, seat: int) -> RoyalHouses:
    """The same game except for which unseen cards the rival holds and the deck order."""
    other = game.clone()
    assert isinstance(other, RoyalHouses)
    rival = 1 - seat
    known = game.known_hand[seat]
    unknown = [c for c in other.hands[rival] if c not in known]
    pool = unknown + other.deck
    random.Random(77).shuffle(pool)
    other.hands[rival] = [c for c in other.hands[rival] if c in known] + pool[: len(unknown)]
    other.deck = pool[len(unknown) :]
    return other


def test_decisions_do_not_depend_on_hidden_cards() -> None:
    """Honest by construction: two games that differ only in cards hidden from the bot's seat
    give the same decision for the same random seed."""
    checked = 0
    for seed in range(6):
        game = mid_game("royal_houses", 2, seed=seed, steps=30 + seed)
        seat = game.to_move
        assert isinstance(game, RoyalHouses) and seat is not None
        twin = _swap_hidden_cards(game, seat)
        assert twin.view(seat) == game.view(seat)
        if twin.snapshot() == game.snapshot():
            continue
        for kind in ("normal", "easy"):
            bot_a, bot_b = make_bot(kind, "royal_houses", 3), make_bot(kind, "royal_houses", 3)
            if isinstance(bot_a, ISMCTSBot):
                bot_a.budget = bot_b.budget = None
                bot_a.iterations = bot_b.iterations = 60
            a = bot_a.choose(SeatView(game, seat, random.Random(4)))
            b = bot_b.choose(SeatView(twin, seat, random.Random(4)))
            assert a == b, f"seed {seed}: {kind} decided differently on hidden cards"
        checked += 1
    assert checked >= 4


def test_search_beats_random_play() -> None:
    """A small match with few iterations: search must already beat random choices."""
    wins = 0
    games = 6
    for g in range(games):
        game = rules.new_game("royal_houses", 2, seed=100 + g)
        search_seat = g % 2
        bot = ISMCTSBot(seed=g, budget=None, iterations=80)
        rng = random.Random(g)
        while not game.over:
            if game.to_move == search_seat and len(game.legal_moves()) > 1:
                move = bot.choose(SeatView(game, search_seat, rng))
            else:
                move = rng.choice(game.legal_moves())
            game.play(move)
        wins += search_seat in game.outcome().winners
    assert wins >= 5, f"search won only {wins} of {games}"
