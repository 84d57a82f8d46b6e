"""A phone's log says a player's own moves to them ("You play …"), the others' by name."""

from __future__ import annotations

import random
import re

import pytest

import rules
from tabletop.second_person import said_to, second_person

NAMES = ["Ann", "Sam", "Bo", "Cy"]
GAMES = [("royal_houses", 2, {}), ("allegiance", 4, {}), ("medici", 4, {}), ("machiavelli", 3, {})]
GAMES += [("alliances", 4, {"drafting": True, "secret_meeting": True}), ("alliances", 3, {})]


def test_verbs_lose_their_third_person_ending() -> None:
    pairs = {"plays": "play", "passes": "pass", "is": "are", "has": "have", "finishes": "finish"}
    pairs |= {"carries": "carry", "will": "will", "cannot": "cannot", "backed": "backed"}
    assert {third: second_person(third) for third in pairs} == pairs


def test_only_the_subject_makes_the_verb_agree() -> None:
    assert said_to("{p0} plays the 6.", 0, NAMES) == "You play the 6."
    assert said_to("{p1} gives {p0} cards.", 0, NAMES) == "Sam gives you cards."
    assert said_to("{p0}'s counter goes up.", 0, NAMES) == "Your counter goes up."
    assert said_to("Artois wins at rank 3; {p0} leads next.", 0, NAMES).endswith("you lead next.")
    last = "That was the last card: {p1} finishes this turn, then {p0} plays one last card."
    assert said_to(last, 0, NAMES).endswith("then you play one last card.")
    assert said_to("{p1} plays. {p9} too.", 0, NAMES) == "Sam plays. {p9} too."


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
def test_every_event_said_to_its_player_reads_in_the_second_person(
    game_id: str, players: int, options: dict
) -> None:
    """Over whole random games: no "{p" left, and "You" is never followed by a verb in the
    third person ("You plays", "You is"); the other seats' names stay."""
    game = rules.new_game(game_id, players, seed=1, options=options)
    rng = random.Random(1)
    texts = [e.text for e in game.opening_events]
    while not game.over:
        texts += [e.text for e in game.play(rng.choice(game.legal_moves()))]
    mine = [t for t in texts if "{p0}" in t]
    assert mine
    for text in mine:
        said = said_to(text, 0, NAMES)
        assert "{p" not in said and "Ann" not in said, said
        verbs = re.findall(r"\b[Yy]ou (\w+)", said)
        # a verb joined to the subject's own: "You win the toss and choose …"
        for sentence in re.findall(r"\bYou [^.;:!?]*", said):
            verbs += [v for v in re.findall(r"\band (\w+)", sentence) if v not in ("its",)]
        for verb in verbs:
            assert verb in ("pass", "press") or not re.fullmatch(r"[a-z]+[^s]s", verb), said
            assert verb not in ("is", "has", "was", "does"), said
