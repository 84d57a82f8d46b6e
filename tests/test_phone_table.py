"""What a phone shows of the table (each game's ``phone`` module): built from its seat's view
only, so it never names a card hidden from that seat; every game has one; a Medici phone
lists the stacks its decisions name."""

from __future__ import annotations

import json
import random
import re

import pytest

import rules
from tabletop.games import app_for, phone_table_for

#: Every variant the conformance suite plays, of every game with an app side.
GAMES = [
    (game_id, players, dict(options))
    for game_id, spec in sorted(rules.GAMES.items())
    if app_for(game_id) is not None
    for players, options in spec.test_configs or [(spec.counts[0], {})]
]
NAMES = ["Ann", "Sam", "Bo", "Cy"]


def positions(game_id: str, players: int, options: dict) -> list[rules.Game]:
    rng = random.Random(f"{game_id}-{players}")
    found: list[rules.Game] = []
    for seed in range(2):
        game = rules.new_game(game_id, players, seed=seed, options=options)
        while not game.over:
            if rng.random() < 0.2:
                found.append(game.clone())
            game.play(rng.choice(game.legal_moves()))
        found.append(game)
    return found


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
def test_the_phone_table_shows_only_what_its_seat_may_see(
    game_id: str, players: int, options: dict
) -> None:
    table_for = phone_table_for(game_id)
    if table_for is None:
        pytest.skip(f"{game_id} has no phone table: its phones show the view's own fields")
    shown_any = False
    for game in positions(game_id, players, options):
        for seat in (*range(players), None):
            table = table_for(game.view(seat), NAMES[:players])
            json.dumps(table)  # plain JSON, as it is sent
            hidden = game.hidden_cards(seat)
            cards = {c for part in table["sections"] for row in part["items"] for c in row["cards"]}
            assert not cards & hidden, (seat, sorted(cards & hidden))
            shown_any = shown_any or bool(table["sections"] or table["score"])
            # no text names a hidden card either (the ids are written nowhere in words)
            words = set(re.findall(r"[\w.]+", json.dumps(table)))
            assert not {w for w in words & hidden if not w.isalpha()}
    assert shown_any


def test_a_medici_phone_lists_every_stack_its_decisions_name() -> None:
    game = rules.new_game("medici", 4, seed=2)
    rng = random.Random(2)
    table_for = phone_table_for("medici")
    assert table_for is not None
    checked = 0
    while not game.over:
        seat = game.to_move
        keys = {
            row["key"]
            for part in table_for(game.view(seat), NAMES)["sections"]
            for row in part["items"]
        }
        for move in game.legal_moves():
            said = game.describe_move(move, seat, NAMES)
            for number in re.findall(r"stack (\d+)", said, re.IGNORECASE):
                assert f"stack {number}" in keys, (said, sorted(keys))
                checked += 1
        game.play(rng.choice(game.legal_moves()))
    assert checked > 50
