"""Results always say why the game ended: every game's ``outcome().detail`` opens
with (or is) the reason the sources give for the end. Seeded random games, rules only."""

from __future__ import annotations

import random

import pytest

import rules


def finished(game_id: str, players: int, seed: int, options: dict | None = None) -> rules.Game:
    game = rules.new_game(game_id, players, seed=seed, options=options)
    rng = random.Random(seed)
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", range(1, 6))
def test_royal_houses_says_the_deck_ran_out(seed: int) -> None:
    """Results say why the game ended. Source (Royal Houses, "Game End"): play goes
    on "until the draw deck is empty" and the last cards are played."""
    detail = finished("royal_houses", 2, seed).outcome().detail
    assert detail.startswith("The deck ran out. ")


@pytest.mark.parametrize(("players", "seed", "deals"), [(3, 1, 1), (4, 2, 1), (5, 3, 2), (6, 4, 3)])
def test_allegiance_says_the_deal_or_the_match_is_over(players: int, seed: int, deals: int) -> None:
    """Results say why the game ended. Source (Allegiance): "The game is over when
    all 12 Victories have been awarded"; RULES-NOTES: a match is N deals, scores summed (and a
    deal also ends when the cards run out)."""
    game = finished("allegiance", players, seed, {"deals": deals})
    detail = game.outcome().detail
    if deals > 1:
        assert detail.startswith(f"All {deals} deals are played. ")
    else:
        assert detail.startswith(("All ", "The cards ran out with ")) and "Victor" in detail


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (3, 5)])
def test_machiavelli_says_how_the_hand_ended(players: int, seed: int) -> None:
    """Results say why the game ended. Source (Machiavelli): a hand ends when a
    player plays every card, or (RULES-NOTES) when the stock is empty and everyone passes."""
    game = finished("machiavelli", players, seed)
    detail = game.outcome().detail
    assert "plays every card" in detail or detail.startswith(
        "The stock is empty and everyone passed in a row. "
    )


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (4, 3), (4, 4)])
def test_medici_says_why_the_court_closed(players: int, seed: int) -> None:
    """Results say why the game ended. Source (Court of the Medici): "The game ends
    whenever either there are no cards in the Inner Circle or a player cannot play a card"."""
    game = finished("medici", players, seed)
    detail = game.outcome().detail
    reason = game.view(None)["end_reason"]
    assert reason and detail.startswith(f"The court closes: {reason} ")


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 1), (4, 5)])
def test_alliances_says_two_campaign_wins_end_the_game(players: int, seed: int) -> None:
    """Results say why the game ended. Source (Alliances): "The game ends as soon as
    one of the alliances wins 2 campaigns"."""
    detail = finished("alliances", players, seed).outcome().detail
    assert "2 campaigns to" in detail and detail.endswith("two campaign wins end the game.")


@pytest.mark.parametrize("seed", [2, 6])
def test_alliances_three_players_says_campaign_three_was_the_last(seed: int) -> None:
    """Results say why the game ended. Source (Alliances, 3 players): "A 3-player
    game lasts exactly 3 campaigns", each player the Empire once."""
    detail = finished("alliances", 3, seed).outcome().detail
    assert detail.startswith("Campaign 3 was the last: each player has been the Empire once. ")
