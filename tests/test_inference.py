"""Inference: the search weighs its guesses at the hidden cards by the play so far, from the
seat's view and the events it has seen only (tabletop.ai.inference)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from game_helpers import mid_game

import rules
from rules.allegiance import CARDS as ALLEGIANCE_CARDS
from rules.allegiance import MOON
from rules.alliances.cards import ALL_CARDS as ALLIANCES_CARDS
from rules.machiavelli import ALL_CARDS as MACHIAVELLI_CARDS
from rules.royal_houses import CARDS as ROYAL_CARDS
from tabletop.ai.base import SeatView
from tabletop.ai.bots import make_bot
from tabletop.ai.inference import seen_events, weighed_deal
from tabletop.ai.ismcts import ISMCTSBot
from tabletop.ai.policy import game_ai
from tabletop.games.allegiance import inference as allegiance_inference
from tabletop.games.alliances import inference as alliances_inference
from tabletop.games.machiavelli import inference as machiavelli_inference
from tabletop.games.royal_houses import inference as royal_inference


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("allegiance", 4), ("royal_houses", 2), ("medici", 2), ("alliances", 3), ("machiavelli", 2)],
)
def test_seen_events_are_the_events_the_seat_saw(game_id: str, players: int) -> None:
    game = rules.new_game(game_id, players, seed=4)
    log = {s: [e for e in game.opening_events if e.visible_to(s)] for s in range(players)}
    rng = random.Random(4)
    for _ in range(40):
        if game.over:
            break
        events = game.play(rng.choice(game.legal_moves()))
        for s in range(players):
            log[s] += [e for e in events if e.visible_to(s)]
    for s in range(players):
        assert list(seen_events(game, s)) == log[s]
        assert list(SeatView(game, s, random.Random(1)).seen) == log[s]
    assert seen_events(game.determinize(0, random.Random(2)), 0) == ()


def test_a_position_whose_moves_do_not_tell_its_story_has_no_events() -> None:
    game = mid_game("allegiance", 4, seed=3, steps=20)
    seat = game.to_move
    assert seat is not None
    altered = game.clone()
    altered.hands[seat] = list(reversed(altered.hands[seat]))[1:]  # not what the moves made
    assert seen_events(altered, seat) == ()


def test_weighed_deal_keeps_guesses_in_proportion_to_their_weight() -> None:
    values = iter(range(10**6))
    rng = random.Random(5)
    picks = [
        weighed_deal(lambda r: next(values), lambda g: 3.0 if g % 2 else 1.0, 2, rng) % 2
        for _ in range(4000)
    ]  # type: ignore[arg-type, return-value, operator]
    assert 0.72 < sum(picks) / len(picks) < 0.78  # odd weighs 3, even 1: 3/4 odd


# --------------------------------------------------------------------------- the models


def test_allegiance_reads_who_feeds_which_house() -> None:
    """A rival who feeds a Victory to the trick the Count of Hearts leads and lifts a Heart
    is more likely to back Hearts than Swords."""
    seen = [
        rules.Event("deal", "", {"deal": 1, "excluded": []}),
        rules.Event("play", "", {"seat": 0, "card": "H7", "tile": 1}),
        rules.Event("play", "", {"seat": 1, "card": "Glory"}),
        rules.Event("trait", "", {"seat": 1, "card": "Clever", "face": "H7"}),
        rules.Event("play", "", {"seat": 2, "card": "S2", "tile": 2}),
    ]
    scores = allegiance_inference.pledge_scores(seen, 3)
    hearts, swords = 0, 1
    assert scores[1][hearts] > scores[1][swords] == 0.0
    assert scores[2][swords] != 0.0 and scores[0][hearts] > 0.0


def test_royal_houses_reads_where_the_rival_builds_and_what_it_gives() -> None:
    seen = [
        rules.Event("influence", "", {"seat": 1, "house": "Artois", "amount": 6}),
        rules.Event("gift", "", {"seat": 1, "card": "C4"}),
        rules.Event("influence", "", {"seat": 0, "house": "Castellia", "amount": 4}),
    ]
    built, given = royal_inference.signals(seen, 1)
    assert built == [6, 0, 0, 0, 0, 0] and given == [0, 0, 1, 0, 0, 0]


def test_machiavelli_reads_what_an_opened_rival_did_not_lay() -> None:
    """Seat 1 opened, then drew with 7-8-9 of spades and a set of three kings on the table:
    the 6 and 10 of spades and the fourth king would have grown them."""
    table = [["7S.1", "8S.1", "9S.1"], ["KS.1", "KH.1", "KD.2"]]
    seen = [
        rules.Event("deal", "", {"hand": 1}),
        rules.Event("play", "", {"seat": 1, "added": [], "table": [["KS.1", "KH.1", "KD.2"]]}),
        rules.Event("play", "", {"seat": 0, "added": [], "table": table}),
        rules.Event("draw", "", {"seat": 1}),
    ]
    marks = machiavelli_inference.spurned(seen, 2, ace_low=False)
    assert marks[1] == {(4, 0), (8, 0), (11, 3)}
    assert marks[0] == set()  # it laid cards since it last drew
    ace_low = machiavelli_inference.growers([["AH.1", "2H.1", "3H.2"]], ace_low=True)
    assert ace_low == {(2, 1)}


def test_alliances_reads_the_suit_a_rival_named() -> None:
    seen = [
        rules.Event("deal", "", {"campaign": 1}),
        rules.Event("bid", "", {"seat": 1, "count": 11, "suit": "P"}),
        rules.Event("pass", "", {"seat": 2}),
        rules.Event("play", "", {"seat": 1, "card": "P12"}),
        rules.Event("play", "", {"seat": 2, "card": "M3"}),
    ]
    assert alliances_inference.named_suits(seen) == {1: ("P", ["P12"])}
    view = {"over": False, "players": 4}
    weigh = alliances_inference.infer(view, seen, 0)
    assert weigh is not None
    strong, weak = rules.new_game("alliances", 4, seed=1), rules.new_game("alliances", 4, seed=1)
    strong.hands[1] = ["P11", "P10", "P9", "M1", "E2"]  # type: ignore[attr-defined]
    weak.hands[1] = ["M11", "M10", "M9", "P1", "E2"]  # type: ignore[attr-defined]
    assert weigh(strong) > weigh(weak)


# --------------------------------------------------------------------------- honesty


def _allegiance_twins(seed: int) -> list[rules.Game]:
    """Two 4-player deals that differ only in one card each of seats 1 and 2 (swapped)."""
    deck = list(ALLEGIANCE_CARDS)
    rng = random.Random(seed)
    while True:
        rng.shuffle(deck)
        if MOON not in deck[:5]:
            break
    other = list(deck)
    other[3], other[4] = other[4], other[3]  # past the 2 set aside: seats 1 and 2's first
    return [rules.new_game("allegiance", 4, seed=seed, options={"deck": d}) for d in (deck, other)]


def _royal_twins(seed: int) -> list[rules.Game]:
    """Two deals that differ only in one card of the second hand and the deck's last."""
    deck = list(ROYAL_CARDS)
    random.Random(seed).shuffle(deck)
    other = list(deck)
    other[8], other[47] = other[47], other[8]
    games = [
        rules.new_game("royal_houses", 2, seed=seed, options={"deck": d, "garnets": [1, 0]})
        for d in (deck, other)
    ]
    for g in games:
        g.play(g.parse_move("go first"))
    return games


def _machiavelli_twins(seed: int) -> list[rules.Game]:
    """Two duels that differ only in one card of seat 1's hand and the stock's last card."""
    deck = list(MACHIAVELLI_CARDS)
    random.Random(seed).shuffle(deck)
    other = list(deck)
    other[14], other[-1] = other[-1], other[14]
    return [rules.new_game("machiavelli", 2, seed=seed, options={"deck": d}) for d in (deck, other)]


def _alliances_twins(seed: int) -> list[rules.Game]:
    """Two 4-player deals that differ only in one card each of seats 1 and 2 (swapped)."""
    deck = sorted(ALLIANCES_CARDS)
    random.Random(seed).shuffle(deck)
    other = list(deck)
    other[12], other[24] = other[24], other[12]
    return [rules.new_game("alliances", 4, seed=seed, options={"deck": d}) for d in (deck, other)]


def check_twins(
    game_id: str, games: list[Any], seed: int, plies: int = 80, searches: int = 4
) -> None:
    """Two games that differ only in cards seat 0 cannot see: at each of its decisions, the
    same events seen and the same weight for every guess; at its first ``searches``
    decisions the play is weighed at, the same search decision."""
    assert games[0].snapshot() != games[1].snapshot()
    infer = game_ai(game_id).inference
    assert infer is not None
    bot = make_bot("heuristic", game_id, seed)
    rng = random.Random(seed)
    searched = varied = 0
    for _ in range(plies):
        a, b = games
        if a.over or b.over:
            break
        if a.to_move == 0 and len(a.legal_moves()) > 1:
            views = [SeatView(g, 0, random.Random(7)) for g in games]
            assert views[0].view == views[1].view and views[0].seen == views[1].seen
            weighers = [infer(v.view, v.seen, 0) for v in views]
            if weighers[0] is not None:
                deals = [views[0].determinize(random.Random(i)) for i in range(12)]
                weights = [[w(d) for d in deals] for w in weighers]  # type: ignore[misc]
                assert weights[0] == weights[1]
                varied += len(set(weights[0])) > 1
                if searched < searches:
                    picks = [ISMCTSBot(3, budget=None, iterations=24).choose(v) for v in views]
                    assert picks[0] == picks[1]
                    searched += 1
            else:
                assert weighers[1] is None
            move = bot.choose(views[0])
        else:
            common = sorted(set(a.legal_moves()) & set(b.legal_moves()), key=str)
            if not common:
                break
            move = rng.choice(common)
        for g in games:
            g.play(move)
    assert searched == searches and varied >= 1


@pytest.mark.parametrize(
    ("game_id", "twins"),
    [
        ("allegiance", _allegiance_twins),
        ("alliances", _alliances_twins),
        ("royal_houses", _royal_twins),
        ("machiavelli", _machiavelli_twins),
    ],
)
@pytest.mark.parametrize("seed", range(2))
def test_weights_do_not_depend_on_cards_the_seat_cannot_see(
    game_id: str, twins: object, seed: int
) -> None:
    check_twins(game_id, twins(seed), seed)  # type: ignore[operator]


def test_inference_can_be_switched_off_and_then_changes_nothing() -> None:
    """Without inference the search deals as it always did: the same decision as a search
    of a game that has no inference at all (the same random stream)."""
    game = mid_game("allegiance", 4, seed=11, steps=24)
    seat = game.to_move
    assert seat is not None
    plain = ISMCTSBot(5, budget=None, iterations=40, inference=False)
    again = ISMCTSBot(5, budget=None, iterations=40, inference=False)
    view = SeatView(game, seat, random.Random(2))
    bare = SeatView(game, seat, random.Random(2), record=False)
    assert plain.choose(view) == again.choose(bare)
    assert plain.last_stats == again.last_stats
