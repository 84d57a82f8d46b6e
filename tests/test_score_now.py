"""The score so far ("if the game ended now"): per game, the numbers on constructed or seeded
positions; for every game and seat, that it depends only on what the seat may know (two
determinizations of its view give the same tally), that the true score lies in its ranges,
and that it names no hidden card."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from rh_setup import STANDARD_COUNTERS
from test_app_leaks import Secrets

import rules
from rules.royal_houses import CARDS as RH_CARDS
from rules.royal_houses import RoyalHouses
from tabletop.games import tally_for
from tabletop.games.tally import Cell, Tally, TallyTable, between, exact, total

NAMES = ["Ann", "Bruno", "Cleo", "Dev", "Eve"]
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("royal_houses", 2, {}),
    ("machiavelli", 2, {}),
    ("machiavelli", 3, {"match": True}),
    ("allegiance", 3, {}),
    ("allegiance", 5, {"deals": 2}),
    ("medici", 2, {}),
    ("medici", 4, {}),
    ("alliances", 2, {}),
    ("alliances", 3, {}),
    ("alliances", 4, {"drafting": True, "secret_meeting": True}),
]
IDS = [f"{g}-{n}{'-' + '-'.join(o) if o else ''}" for g, n, o in CONFIGS]


def tally(game: rules.Game, seat: int | None) -> Tally:
    found = tally_for(game, seat, NAMES[: game.players])
    assert found is not None, game.spec.id
    return found


def table_rows(table: TallyTable) -> dict[str, tuple[Cell, ...]]:
    return {row.label: row.cells for row in table.rows}


def positions(game_id: str, players: int, options: dict[str, Any], seed: int) -> Iterator[Any]:
    """A seeded random game, every few decisions, to its end."""
    game = rules.new_game(game_id, players, seed=seed, options=options)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 5 == 0 or game.over:
            yield game
        if game.over:
            return
        game.play(rng.choice(game.legal_moves()))
        step += 1


def seat_scores(game: rules.Game, found: Tally) -> list[Cell]:
    """Each seat's score as the tally has it, in the units of ``provisional_scores``."""
    gid, n = game.spec.id, game.players
    rows = found.tables[-1].rows
    if gid == "royal_houses":
        return list(rows[-1].cells[2:4])
    if gid == "machiavelli":  # penalty points: minus the score
        cells = [r.cells[-1] for r in rows]
        return [between(-(c.hi or 0), -(c.lo or 0)) if c.lo is not None else c for c in cells]
    if gid in ("allegiance", "medici"):
        return [r.cells[-1] for r in rows]
    # Alliances: the rules' scores hold the campaigns finished, the tally's first columns too
    # (its last ones add the campaign in play).
    if n == 3:
        return [r.cells[1] for r in rows]  # countries ruled as the Empire
    side = [game.side(s) for s in range(n)]  # type: ignore[attr-defined]
    return [rows[side[s]].cells[3] for s in range(n)]  # campaigns won


def within(value: float, cell: Cell) -> bool:
    assert cell.lo is not None and cell.hi is not None, cell
    return cell.lo <= value <= cell.hi


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=IDS)
def test_the_tally_depends_only_on_what_the_seat_may_know(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """For every seat and the public table: the tally of the game equals the tally of two
    different determinizations of that seat's view (the public table: of two seats' views,
    which both hold all of it); the true score lies within its ranges; and no text of it
    names a hidden card."""
    checked = 0
    for seed in (1, 2):
        for game in positions(game_id, players, options, seed):
            truth = game.provisional_scores()
            assert truth is not None
            for seat in [*range(players), None]:
                found = tally(game, seat)
                if seat is None:
                    copies = [game.determinize(s, random.Random(seed)) for s in (0, 1)]
                else:
                    copies = [game.determinize(seat, random.Random(k)) for k in (seed, seed + 50)]
                for copy in copies:
                    assert tally(copy, seat) == found, (seat, game.history[-1:])
                scores = seat_scores(game, found)
                for s in range(players):
                    assert within(truth[s], scores[s]), (seat, s, truth, scores[s])
                secrets = Secrets.of(game, seat)
                leaks = [(t, secrets.found_in(t)) for t in found.texts() if secrets.found_in(t)]
                assert not leaks, leaks
                checked += 1
    assert checked > 20


# ---- Royal Houses --------------------------------------------------------------------------


def _rh_deck(first_hand: list[str]) -> list[str]:
    rest = [c for c in RH_CARDS if c not in first_hand]
    return first_hand + rest[: 8 - len(first_hand)] + rest[8 - len(first_hand) :]


def rh_veto_coming() -> RoyalHouses:
    """Ann (first) holds the 5 to 8 of De Bourgogne, where Bruno has 5 influence: the 1 to 4
    are all Bruno might hold there, so his influence there is vetoed. Ann has 4 influence in
    Artois with only the 2 of Artois in hand: Bruno may veto it."""
    game = rules.new_game(
        "royal_houses",
        2,
        seed=1,
        options={"garnets": [2, 1], "deck": _rh_deck(["D8", "D7", "D6", "D5", "A2"])},
    )
    assert isinstance(game, RoyalHouses)
    for text in ["go first", *STANDARD_COUNTERS, *STANDARD_COUNTERS]:
        game.play_text(text)
    game.influence[1][3] = 5  # De Bourgogne
    game.influence[0][0] = 4  # Artois
    return game


def test_royal_houses_shows_a_sure_veto_applied_and_a_possible_one_as_a_range() -> None:
    """Source, "Game End": a player is vetoed in a house when the rival's hand holds a higher
    sum of its numbers. Ann's 26 in De Bourgogne beats anything Bruno may hold (at most 10)."""
    game = rh_veto_coming()
    found = tally(game, 0)
    rows = table_rows(found.tables[0])
    bourgogne = rows["De Bourgogne"]
    assert bourgogne[0].text() == "0 – 5"
    assert bourgogne[3] == Cell(0, 0, mark="vetoed")  # Bruno: his 5 influence and bonus gone
    assert bourgogne[1].mark == "for Bruno"  # the bonus would have been his
    artois = rows["Artois"]
    # Ann's counter on Artois is -2; Bruno's is one of his six, unseen: -2 to 5.
    assert artois[1] == between(-4, 3, "for Ann")
    assert artois[2].mark == "veto?" and artois[2].lo == 0 and artois[2].hi == 4 - 2 + 5
    assert any("Bruno's hand" in note for note in found.notes)
    assert game.provisional_scores()[1] < 5  # the rules agree: De Bourgogne gives him nothing


def test_royal_houses_hands_shown_at_the_end_give_exact_numbers() -> None:
    """Once the game is over every hand and counter is shown: no ranges, and the totals are
    the outcome's."""
    game = rules.new_game("royal_houses", 2, seed=4)
    rng = random.Random(4)
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
    for seat in (0, 1, None):
        found = tally(game, seat)
        totals = found.tables[0].rows[-1].cells[2:4]
        assert [c.lo for c in totals] == [c.hi for c in totals]
        assert tuple(float(c.lo or 0) for c in totals) == game.outcome().scores


# ---- the other games ----------------------------------------------------------------------


def test_machiavelli_counts_the_viewers_hand_and_ranges_the_others() -> None:
    """Source, "Scoring": the cards left in hand are penalty points (A 11, K/Q/J 10, others
    their number). The viewer's own is exact; a hidden hand of k cards lies between the k
    cheapest and the k dearest unseen cards."""
    game = rules.new_game("machiavelli", 2, seed=3)
    found = tally(game, 0)
    me, rival = (row.cells for row in found.tables[0].rows)
    assert me[1] == exact(int(-game.provisional_scores()[0]))
    assert rival[1].lo is not None and rival[1].hi is not None
    assert rival[1].lo < -game.provisional_scores()[1] < rival[1].hi


def test_allegiance_shows_victories_per_house_and_ranges_hidden_allegiances() -> None:
    """Source, "Scoring": the house with the most Victories wins the deal; each player
    backing it scores their card's rank. The viewer's card is named, the others' are '?'."""
    game = rules.new_game("allegiance", 3, seed=2)
    rng = random.Random(2)
    while not any(game.won) and not game.over:  # type: ignore[attr-defined]
        game.play(rng.choice(game.legal_moves()))
    found = tally(game, 1)
    victories, players = found.tables
    counts = [c.lo for c in victories.rows[0].cells]
    assert counts == [len(p) for p in game.won]  # type: ignore[attr-defined]
    assert any(c.mark == "leads" for c in victories.rows[0].cells)
    rows = table_rows(players)
    assert rows["Ann"][0].text() == "?" and rows["Bruno (you)"][0].text() != "?"
    assert rows["Bruno (you)"][2].known


def test_medici_adds_up_influence_per_house_and_team() -> None:
    """Medici (RULES-NOTES, Scoring): each card in play scores for its house (a noble its
    value, a Jester 1, a Mistress -1); partners add theirs. All public: no ranges."""
    game = rules.new_game("medici", 4, seed=6)
    rng = random.Random(6)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    found = tally(game, None)
    points = game.points()  # type: ignore[attr-defined]
    for s, row in enumerate(found.tables[0].rows):
        nobles, jesters, mistresses, influence = row.cells[2:6]
        assert total([nobles, jesters, mistresses]) == influence == exact(points[s])
        assert row.cells[6] == exact(int(game.provisional_scores()[s]))


def test_alliances_says_who_would_win_the_campaign() -> None:
    """Source, "Winning a campaign": the rules' campaign_result decides it as the board
    stands; its reason is the tally's first note."""
    game = rules.new_game("alliances", 2, seed=2)
    rng = random.Random(2)
    while game.view(None)["phase"] not in ("play",):
        game.play(rng.choice(game.legal_moves()))
    side, why = game.campaign_result()  # type: ignore[attr-defined]
    found = tally(game, 0)
    rows = found.tables[0].rows
    assert rows[side].cells[2].text() == "wins" and rows[1 - side].cells[2].text() == "loses"
    assert why in found.notes[0]
    assert rows[side].cells[4] == total([rows[side].cells[3], exact(1)])
