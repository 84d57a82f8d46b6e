"""The result in words, for the results screen and for each phone at a game night."""

from __future__ import annotations

import random

import rules
from rules import Outcome
from tabletop.outcome_words import detail, headline, join_names

NAMES = ["Nadia", "Sam", "Bo", "Cy"]


def test_the_table_hears_who_won() -> None:
    assert headline(Outcome((3, 5, 1), (1,), ""), NAMES) == "Sam wins!"
    assert headline(Outcome((5, 5, 1), (0, 1), ""), NAMES) == "Shared win: Nadia and Sam"
    assert headline(Outcome((1, 1), (), ""), NAMES) == "A draw"


def test_a_winner_hears_it_said_to_them() -> None:
    assert headline(Outcome((3, 5, 1), (1,), ""), NAMES, seat=1) == "You won!"
    assert headline(Outcome((3, 5, 1), (1,), ""), NAMES, seat=0) == "Sam wins!"
    tie = Outcome((5, 5, 1), (0, 1), "")
    assert headline(tie, NAMES, seat=0) == "You share the win with Sam"
    team = Outcome((9, 4, 9, 4), (0, 2), "", {"teams": [[0, 2], [1, 3]]})
    assert headline(team, NAMES, seat=2) == "Your team won!"
    assert headline(team, NAMES, seat=1) == "Nadia and Bo win!"


def test_the_sentence_names_the_players_and_never_breaks_on_a_strange_field() -> None:
    outcome = Outcome((50, 27), (1,), "{p1} wins on points, 50 to {p0s} {x}.")
    assert detail(outcome, NAMES) == "Sam wins on points, 50 to {p0s} {x}."
    assert join_names(["A", "B", "C"]) == "A, B and C"


def test_an_alliances_partnership_wins_as_a_team() -> None:
    """rules/alliances.md, "Setting up (4 players)": partners sit opposite, 1 and 3 against 2
    and 4; "The first alliance to win two campaigns wins the game": together, as a team, not
    as a tie between players."""
    game = rules.new_game("alliances", 4, seed=5)
    rng = random.Random(1)
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
    outcome = game.outcome()
    winners = [NAMES[s] for s in outcome.winners]
    assert headline(outcome, NAMES) == f"{join_names(winners)} win!"
    assert headline(outcome, NAMES, seat=outcome.winners[0]) == "Your team won!"
