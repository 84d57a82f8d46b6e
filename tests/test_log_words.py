"""The game log speaks in words a player reads: a card is named ("the Knight of Hearts"),
never written as its code ("H5"), in every event any seat may see (the TV's log and each
phone's)."""

from __future__ import annotations

import random
import re

import pytest

import rules

GAMES = [("royal_houses", 2), ("allegiance", 4), ("medici", 2), ("medici", 4)]
GAMES += [("machiavelli", 3), ("alliances", 2), ("alliances", 4)]


def codes_in(text: str, codes: set[str]) -> set[str]:
    """The card codes written in ``text`` as words of their own."""
    words = set(re.findall(r"[A-Za-z0-9.♠♥♦♣]+", text))
    return words & codes


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_no_event_writes_a_card_as_its_code(game_id: str, players: int) -> None:
    for seed in range(2):
        game = rules.new_game(game_id, players, seed=seed)
        # Codes that are words anyway (Allegiance's "Honor", "Clever") read as names.
        codes = {c for c in game.census() if not c.isalpha()}
        rng = random.Random(seed)
        texts = [e.text for e in game.opening_events]
        while not game.over:
            texts += [e.text for e in game.play(rng.choice(game.legal_moves()))]
        written = {t: codes_in(t, codes) for t in texts}
        assert not {t: c for t, c in written.items() if c}
