"""Simultaneous secret decisions (``Game.secret_round``): within one round a seat's options
never depend on another seat's choice, so a game night may take every phone's choice at once
and play them in turn. Checked over random games of every game that has such rounds."""

from __future__ import annotations

import random

import pytest

import rules

#: Every variant the conformance suite plays of every game with secret decisions taken in
#: turn (rules/royal_houses.md: the counters laid face down; rules/allegiance.md: each deal's
#: Allegiance cards; rules/alliances.md: the drafting and the secret meeting).
CONFIGS = [
    (game_id, players, dict(options))
    for game_id, spec in sorted(rules.GAMES.items())
    if spec.shape.simultaneous == "in-turn"
    for players, options in spec.test_configs or [(spec.counts[0], {})]
]


#: The games whose every variant takes a round (Alliances' rounds are variants' only).
ROUNDS_SEEN = {"royal_houses", "allegiance"}


def options(game: rules.Game) -> list[str]:
    return sorted(str(m) for m in game.legal_moves())


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS)
def test_a_seats_options_in_a_round_do_not_depend_on_the_others_choices(
    game_id: str, players: int, variant: dict
) -> None:
    rounds = 0
    for seed in range(3):
        game = rules.new_game(game_id, players, seed=seed, options=variant)
        rng = random.Random(seed)
        while not game.over:
            round_id = game.secret_round()
            if round_id is not None:
                rounds += 1
                mover = game.to_move
                seen: dict[int, set[tuple[str, ...]]] = {}
                for move in game.legal_moves():
                    after = game.clone()
                    after.play(move)
                    nxt = after.to_move
                    if after.secret_round() == round_id and nxt is not None and nxt != mover:
                        seen.setdefault(nxt, set()).add(tuple(options(after)))
                for seat, sets in seen.items():
                    assert len(sets) == 1, f"{game_id}: seat {seat}'s options depend on {mover}"
            game.play(rng.choice(game.legal_moves()))
    if game_id in ROUNDS_SEEN:
        assert rounds, f"{game_id} never took a secret round"


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_only_a_game_shaped_for_it_has_secret_rounds(game_id: str) -> None:
    spec = rules.GAMES[game_id]
    players, variant = (spec.test_configs or [(spec.counts[0], {})])[0]
    game = rules.new_game(game_id, players, seed=1, options=variant)
    rng = random.Random(1)
    seen = False
    while not game.over:
        seen = seen or game.secret_round() is not None
        game.play(rng.choice(game.legal_moves()))
    if spec.shape.simultaneous == "none":
        assert not seen
