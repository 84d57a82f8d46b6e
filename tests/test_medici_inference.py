"""Court of the Medici's inference: a player who left a rich conspiracy untaken probably held
no card that would have made it (tabletop.games.medici.inference), read from the seat's view
and the events it has seen only."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_inference import check_twins

import rules
from rules import Event
from rules.medici import HOUSES, _house_cards
from tabletop.ai.policy import game_ai
from tabletop.games.medici import inference


def _view(players: int, values: dict[str, int] | None = None) -> dict[str, Any]:
    """The parts of a view the model reads: Gonzaga against Della Rovere in the duel."""
    teams = [[0, 2], [1, 3]] if players == 4 else [[0], [1]]
    return {
        "players": players,
        "over": False,
        "teams": teams,
        "houses": list(HOUSES[:players]),
        "values": values or {},
    }


def _duel_story() -> list[Event]:
    """Inner Circle G9a, G2a, R3a, R5a (stacks 1-4); seat 1 sends R8a to court instead of
    levelling a stack with the Gonzaga 9: a 6 on its 3, a 4 on its 5 or a 7 on the 2."""
    return [
        Event("setup", "", {"inner": [["G9a"], ["G2a"], ["R3a"], ["R5a"]]}),
        Event("court", "", {"seat": 1, "card": "R8a", "stack": "stack:5"}),
    ]


@pytest.fixture
def no_keep(monkeypatch: pytest.MonkeyPatch) -> None:
    """The untaken-strike signal alone (what a rival keeps weighs nothing)."""
    monkeypatch.setattr(inference, "KEEP", 0.0)


def test_what_a_rival_keeps_weighs_its_high_cards_down_as_it_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A rival's hand holds what it chose not to play: after a few actions its high cards
    weigh less than its low ones, from nothing (a hand as dealt) to the full weight at
    ``RAMP`` actions; the seat's own hand is not weighed."""
    monkeypatch.setattr(inference, "MISSED", 0.0)  # what it keeps alone
    setup = Event("setup", "", {"inner": [["G2a"], ["G3a"], ["R2a"], ["R3a"]]})
    ramp = inference.RAMP
    plays = [(1, "R10a"), (0, "G10a"), (1, "R9a"), (0, "G9a"), (1, "R8a"), (0, "G8a")] * ramp
    courts = [
        Event("court", "", {"seat": s, "card": c, "stack": f"stack:{5 + i}"})
        for i, (s, c) in enumerate(plays[: 2 * ramp])
    ]
    fresh = inference.card_scores(_view(2), [setup])
    assert fresh == [{}, {}]
    half = inference.card_scores(_view(2), [setup, *courts[:ramp]])[1]
    full = inference.card_scores(_view(2), [setup, *courts])[1]
    assert full["10"] < full["5"] < full["2"] and full["D"] < full["10"]
    assert full["2"] - full["10"] == pytest.approx(-8 * inference.KEEP)
    assert half["2"] - half["10"] == pytest.approx(-8 * inference.KEEP / 2)
    weigh = inference.infer(_view(2), [setup, *courts], 0)
    assert weigh is not None
    high, low = (rules.new_game("medici", 2, seed=1) for _ in range(2))
    high.hands[1] = ["RD", "R8a", "R2a", "R2b", "RLa"]  # type: ignore[attr-defined]
    low.hands[1] = ["R4a", "R3b", "R2a", "R2b", "RLa"]  # type: ignore[attr-defined]
    assert weigh(high) < weigh(low)
    high.hands[0] = ["GD"]  # type: ignore[attr-defined]  # the seat's own: not a guess
    assert weigh(high) < weigh(low)


def test_the_court_is_rebuilt_from_the_events() -> None:
    """Courts, builds, a Minister's clearing, a Lady's break-up and a conspiracy leave the
    court the rules left; each action is kept with the court before it."""
    seen = [
        Event("setup", "", {"inner": [["G9a"], ["G2a"], ["R3a"], ["R5a"]]}),
        Event("court", "", {"seat": 0, "card": "G4a", "stack": "stack:5"}),
        Event("build", "", {"seat": 1, "card": "R6a", "stack": "stack:3"}),
        Event("conspire", "", {"seat": 1, "stack": "stack:1", "cards": ["G9a"], "area": "inner"}),
        Event("build", "", {"seat": 0, "card": "G3a", "stack": "stack:5"}),
        Event("build", "", {"seat": 1, "card": "RMa", "stack": "stack:5"}),
        Event("minister", "", {"seat": 1, "stack": "stack:5", "cards": ["G4a", "G3a"]}),
        Event("build", "", {"seat": 0, "card": "GLa", "stack": "stack:3"}),
        Event(
            "lady", "", {"seat": 0, "stack": "stack:3", "into": ["stack:6", "stack:7", "stack:8"]}
        ),
        Event("plan", "", {"seat": 1}),
    ]
    acts = inference.actions(seen, 2)
    assert [(a.seat, a.struck) for a in acts] == [
        (0, False),
        (1, True),
        (0, False),
        (1, False),
        (0, False),
        (1, False),
    ]
    assert acts[2].court == {2: ["G2a"], 3: ["R3a", "R6a"], 4: ["R5a"], 5: ["G4a"]}
    assert acts[-1].court == {
        2: ["G2a"],
        4: ["R5a"],
        5: ["RMa"],
        6: ["R3a"],
        7: ["R6a"],
        8: ["GLa"],
    }


def test_a_strike_left_untaken_marks_the_cards_that_would_have_made_it(no_keep: None) -> None:
    """Seat 1 could have struck the Gonzaga 9 with a 4, 6 or 7 (or a Jester) and did not:
    those cards weigh against a guess; its other cards and seat 0 (which did not act) do not."""
    scores = inference.card_scores(_view(2), _duel_story())
    nine = inference.MISSED * 9
    assert scores[1]["6"] == scores[1]["4"] == scores[1]["7"] == scores[1]["J"] == nine
    assert "8" not in scores[1] and "L" not in scores[1] and "D" not in scores[1]
    assert scores[0] == {}
    weigh = inference.infer(_view(2), _duel_story(), 0)
    assert weigh is not None
    holds_six, holds_eight = (rules.new_game("medici", 2, seed=1) for _ in range(2))
    holds_six.hands[1] = ["R6b", "R2a", "R2b", "R3b", "RLa"]  # type: ignore[attr-defined]
    holds_eight.hands[1] = ["R8b", "R2a", "R2b", "R3b", "RLa"]  # type: ignore[attr-defined]
    assert weigh(holds_six) < weigh(holds_eight)


def test_a_conspiracy_and_the_last_card_limit_mark_no_card_they_exclude(no_keep: None) -> None:
    """An action that struck tells nothing of the cards left unused; a card above the actor's
    last-card limit could not have struck; a Minister on a single card that already matches
    could have."""
    struck = [
        *_duel_story()[:1],
        Event("build", "", {"seat": 1, "card": "R6a", "stack": "stack:3"}),
        Event("conspire", "", {"seat": 1, "stack": "stack:1", "cards": ["G9a"], "area": "inner"}),
    ]
    assert inference.infer(_view(2), struck, 0) is None
    limited = [
        Event("setup", "", {"inner": [["G9a"], ["G2a"], ["R9a"], ["R5a"]]}),
        Event("reveal", "", {"seat": 1, "card": "R4a"}),
        Event("court", "", {"seat": 1, "card": "R2a", "stack": "stack:5"}),
    ]
    scores = inference.card_scores(_view(2), limited)[1]
    assert scores["4"] == scores["M"] == inference.MISSED * 9  # 5 + 4 = 9; the Minister on R9a
    assert "7" not in scores  # 2 + 7 = 9, but over the limit of 4
    assert scores["J"] == inference.MISSED * 9  # a Jester valued 4


def test_with_four_players_the_inner_circle_is_closed_and_partners_spared(no_keep: None) -> None:
    """Alliances: builds go on the Outer Court only, and a stack of one's own side is no prize.
    Seat 1 could only level the Outer Court's Gonzaga 9 with the Inner Circle's 13 (worth 5 to
    its side) by a 4 or a Jester, not a Mistress on the 13 itself; seat 2 could strike the
    Della Rovere 3 with a Mistress on the 9, and a 6 on the 3 would only strike its partner."""
    seen = [
        Event("setup", "", {"inner": [["G5a", "R2a", "O4a", "P2a"]]}),
        Event("court", "", {"seat": 0, "card": "G9b", "stack": "stack:2"}),
        Event("court", "", {"seat": 1, "card": "R3a", "stack": "stack:3"}),
        Event("court", "", {"seat": 2, "card": "O4b", "stack": "stack:4"}),
    ]
    scores = inference.card_scores(_view(4), seen)
    five, three = inference.MISSED * 5, inference.MISSED * 3
    assert scores[1] == {"4": five, "J": five}
    assert scores[2] == {"X": three}


# --------------------------------------------------------------------------- honesty


def _twins(players: int, mistresses: bool, seed: int) -> list[rules.Game]:
    """Two games that differ only in one card of seat 1's hand and one deep in its deck."""
    rng = random.Random(seed)
    houses = [0, 1] if players == 2 else [0, 1, 2, 3]
    decks = []
    for h in houses:
        cards = _house_cards(h, mistresses or players == 4)
        rng.shuffle(cards)
        decks.append(cards)
    other = [list(d) for d in decks]
    hand = 4 if players == 2 else 0  # the duel deals 4 into the Inner Circle first
    other[1][hand], other[1][20] = other[1][20], other[1][hand]
    opts: dict[str, Any] = {"mistresses": mistresses} if players == 2 else {}
    return [
        rules.new_game(
            "medici", players, seed=seed, options=opts | {"decks": [c for d in ds for c in d]}
        )
        for ds in (decks, other)
    ]


@pytest.mark.parametrize(("players", "mistresses"), [(2, False), (2, True), (4, True)])
def test_weights_and_decisions_do_not_depend_on_cards_the_seat_cannot_see(
    players: int, mistresses: bool
) -> None:
    """Twin games that differ only in cards seat 0 cannot see (test_inference.check_twins)."""
    check_twins("medici", _twins(players, mistresses, seed=3), 3, plies=60, searches=2)


def test_the_search_settings_weigh_the_guesses() -> None:
    """The search of every level reads the play through this model."""
    assert game_ai("medici").inference is inference.infer
