"""Alliances: the 3-player Empire game, the 2-player game and the drafting and secret meeting
variants. Each test cites the clause of sources/004_f6b725bd12fb4163.txt ("source, <section>")
or the RULES-NOTES.md line ("notes: ...") it checks; "house reading" marks a decision of ours
stated in rules/alliances.md. Helpers come from tests/test_alliances.py."""

from __future__ import annotations

import random

import pytest

import rules
import rules.alliances
from rules.alliances import ALL_CARDS, CORNERS, SPECIAL_SUIT, Alliances
from tests.test_alliances import new, play, refused

SPECIALS = list(SPECIAL_SUIT)
EMPIRE_HAND = [f"M{r}" for r in range(1, 9)] + [f"E{r}" for r in range(1, 9)]
REBEL_1 = [f"P{r}" for r in range(1, 7)] + ["M9", "M10", "E9", "E10", *SPECIALS[:6]]
REBEL_2 = [f"P{r}" for r in range(7, 13)] + ["M11", "M12", "E11", "E12", *SPECIALS[6:]]


def empire_game(**options: object) -> Alliances:
    return new([EMPIRE_HAND, REBEL_1, REBEL_2], first=0, players=3, **options)


def finish(game: Alliances, seed: int = 3) -> None:
    rng = random.Random(seed)
    while not game.over:
        game.play(rng.choice(game.legal_moves()))


# --------------------------------------------------------------------------- 3 players


def test_three_player_setup() -> None:
    """Source, 3-player Game / Setup: all cards divided equally (16 each); the Empire holds the
    gold markers (notes: two diagonal corners), each Rebel one of the other corners."""
    game = empire_game()
    assert [len(h) for h in game.hands] == [16, 16, 16]
    assert game.empire == 0 and game.phase == "rise-set" and game.to_move == 0
    assert game.controlled(0) == sorted(CORNERS[0] + CORNERS[2])
    assert game.tokens[CORNERS[1][0]] == [1] and game.tokens[CORNERS[3][0]] == [2]
    assert game.side(1) == game.side(2) == 1


def rise(game: Alliances) -> None:
    play(game, "set M1", "set M2", "set M3", "set M4", "call P")


def test_rise_to_power() -> None:
    """Source, Rise to Power: the Empire sets 4 cards aside in 2 pairs and calls the dominant
    suit; each Rebel gives their highest dominant power card and highest of another suit; the
    Empire takes those 4, each Rebel one pair (house reading: the Rebel on the Empire's left
    chooses first)."""
    game = empire_game()
    rise(game)
    assert game.dominant == "P" and game.phase == "rise-give" and game.to_move == 1
    assert [str(m) for m in game.legal_moves()] == ["give P6"]
    assert refused(game, "give P1").message == (
        "A Rebel gives the Empire their highest power card of the dominant suit: you must give "
        "the 6 of Politics."
    )
    play(game, "give P6")
    assert {str(m) for m in game.legal_moves()} == {"give M10", "give E10"}, "a tie: choose"
    play(game, "give E10", "give P12", "give M12")
    assert game.phase == "rise-pick" and game.to_move == 1
    play(game, "pair 2")
    assert {"M3", "M4"} <= set(game.hands[1]) and {"M1", "M2"} <= set(game.hands[2])
    assert {"P6", "E10", "P12", "M12"} <= set(game.hands[0])
    assert [len(h) for h in game.hands] == [16, 16, 16]
    assert game.phase == "target" and game.to_move == 0


def test_rise_to_power_hidden_and_known() -> None:
    """DESIGN.md: the face-down cards are seen only by who may see them; afterwards the Empire
    knows each Rebel's pair and each Rebel knows the two cards it gave."""
    game = empire_game()
    play(game, "set M1", "set M2")
    assert game.view(0)["rise"]["my_pairs"] == [["M1", "M2"]]
    assert "my_pairs" not in game.view(1)["rise"]
    assert "M1" in game.hidden_cards(1) and "M1" not in game.hidden_cards(0)
    play(game, "set M3", "set M4", "call P", "give P6", "give E10", "give P12", "give M12")
    play(game, "pair 2")
    assert game.view(0)["known"] == {"1": ["M3", "M4"], "2": ["M1", "M2"]}
    assert game.view(1)["known"] == {"0": ["E10", "P6"]}
    assert game.view(2)["known"] == {"0": ["M12", "P12"]}
    assert "P6" in game.hidden_cards(2)
    guess = game.determinize(0, random.Random(1))
    assert {"M3", "M4"} <= set(guess.hands[1])  # type: ignore[attr-defined]


def test_three_campaigns_each_empire_once() -> None:
    """Source, 3-player Game: exactly 3 campaigns, the Empire passing clockwise; a campaign has
    as many conflicts as cards in hand (notes)."""
    game = empire_game()
    finish(game)
    assert [r["empire"] for r in game.results] == [0, 1, 2]
    assert game.outcome().scores == tuple(float(t) for t in game.empire_tiles)
    assert sum(game.results[0]["tricks"]) <= 16


def test_three_player_scoring_tie_breaks() -> None:
    """Source, 3-player Game end: most countries as Empire wins; tie: conflicts won as a Rebel;
    still tied: the honours are split. (Totals edited at the end.)"""
    game = empire_game()
    finish(game)
    game.empire_tiles = [12, 12, 9]
    game.rebel_tricks = [5, 7, 9]
    out = game.outcome()
    assert out.winners == (1,) and "Rebel" in out.detail
    game.rebel_tricks = [7, 7, 9]
    assert game.outcome().winners == (0, 1)


# --------------------------------------------------------------------------- 2 players


def test_two_player_setup_and_reserve() -> None:
    """Source, 2-player Game / Setup: 12 cards each, 24 in the reserve; notes: each player holds
    two diagonal corners."""
    game = new(players=2, first=0)
    assert [len(h) for h in game.hands] == [12, 12] and len(game.reserve) == 24
    assert game.controlled(0) == sorted(CORNERS[0] + CORNERS[2])
    assert game.controlled(1) == sorted(CORNERS[1] + CORNERS[3])
    assert game.phase == "duel" and game.to_move == 0
    assert game.view(0)["reserve_count"] == 24 and set(game.reserve) <= game.hidden_cards(0)


def test_drafting_phase_trick_and_draw() -> None:
    """Source, 2-player Drafting phase: follow as in a conflict; no dominant suit; the higher
    power of the leading suit wins; both draw so they always hold 12; the winner starts.
    Notes, decided after an independent read: "2-player drafting phase: every special card is
    worth 0 and has no effect" (house reading): Reinforcement doubles nothing here."""
    game = new([["M5", "M3", "M12"], ["M9", "reinforcement", "M1"]], players=2, first=0)
    top = game.reserve[-1]
    play(game, "play M5", "play M9")
    assert game.duel_tricks == [0, 1] and game.to_move == 1
    assert [len(h) for h in game.hands] == [12, 12] and top in game.hands[1]
    play(game, "play M1", "play M3")
    assert game.duel_tricks == [1, 1] and game.to_move == 0
    play(game, "play M12", "play reinforcement")
    assert game.duel_tricks == [2, 1], "Reinforcement doubles nothing in the drafting phase"


def drafted(exact: bool = False) -> Alliances:
    game = new(players=2, first=0, exact_bid=exact)
    rng = random.Random(4)
    while game.phase == "duel":
        game.play(rng.choice(game.legal_moves()))
    return game


def test_drafting_phase_winner_declares() -> None:
    """Source, 2-player Drafting phase: it lasts until the reserve is empty (12 cards each);
    the player with more tricks calls the dominant suit, starts as the Aggressor; notes: a tie
    goes to the winner of the last trick."""
    game = drafted()
    assert game.phase == "declare" and not game.reserve
    assert [len(h) for h in game.hands] == [12, 12]
    a, b = game.duel_tricks
    champ = game.to_move
    assert champ == (0 if a > b else 1 if b > a else game.last_trick_winner)
    play(game, "call E")
    assert game.dominant == "E" and game.aggressor == champ
    assert game.phase == "target" and game.to_move == champ


def test_two_player_momentum() -> None:
    """Source, 2-player Campaign: a winner who cannot take the country loses the momentum and
    the opponent starts; a player who takes a country starts again. (Hands edited: the leader
    holds M1 or M12, the other Covert Operation, worth 0 Military.)"""
    for lead, wanted_capture in (("M1", False), ("M12", True)):
        game = drafted()
        play(game, "call M")
        me = game.to_move
        assert me is not None
        other = 1 - me
        rest = [c for c in ALL_CARDS if c not in (lead, "covert-operation")]
        game.hands[me] = [lead, *rest[:11]]
        game.hands[other] = ["covert-operation", *rest[11:22]]
        game.discard = rest[22:]
        game._legal_cache = None
        tiles = [rules.alliances.tile_index(m.target) for m in game.legal_moves()]
        # Every country's Military defence is below 12; M1 needs a defence of at least 1.
        target = next(t for t in tiles if wanted_capture or game.defence_of(t)["M"] >= 1)
        play(game, f"target {rules.alliances.tile_zone(target)[5:]}", f"play {lead}")
        play(game, "play covert-operation")
        assert game.last_conflict["winner"] == me
        assert game.last_conflict["captured"] == wanted_capture
        assert game.starter == (me if wanted_capture else other)


def test_two_player_campaign_result() -> None:
    """Source, 2-player Campaign End: more countries wins, a tie goes to the Defender; State of
    Nations variant: the declarer wins only with exactly the number declared. (Board edited.)"""
    game = drafted()
    play(game, "call P")
    agg = game.aggressor
    game.tokens = [[agg] if t < 11 else [1 - agg] for t in range(20)]
    assert game.campaign_result()[0] == agg
    game.tokens = [[agg] if t < 10 else [1 - agg] for t in range(20)]
    assert game.campaign_result()[0] == 1 - agg
    exact = drafted(exact=True)
    assert {m.kind for m in exact.legal_moves()} == {"bid"}
    play(exact, "bid 12 E")
    agg = exact.aggressor
    exact.tokens = [[agg] if t < 12 else [1 - agg] for t in range(20)]
    assert exact.campaign_result()[0] == agg
    exact.tokens = [[agg] if t < 13 else [1 - agg] for t in range(20)]
    assert exact.campaign_result()[0] == 1 - agg


def test_two_player_match_ends_at_two_wins() -> None:
    """Source, 2-player Game End: the first to win 2 campaigns wins."""
    game = new(players=2, first=1)
    finish(game, 8)
    out = game.outcome()
    assert max(game.campaign_wins) == 2 and out.winners == (game.campaign_wins.index(2),)


# --------------------------------------------------------------------------- variants


def test_drafting_variant() -> None:
    """Source, Variants, Drafting: keep 2 cards of your hand and pass the rest to the left
    until all cards are chosen; house reading: in seat order, each hidden from the others."""
    game = new(drafting=True)
    assert game.phase == "draft" and game.to_move == 0 and not any(game.hands)
    first_packet = sorted(game.packets[0])
    keep = first_packet[:2]
    play(game, f"keep {keep[0]}")
    assert game.to_move == 0
    assert game.view(1)["packet"] == sorted(game.packets[1])
    assert set(game.packets[0]).isdisjoint(json_cards(game.view(1)))
    play(game, f"keep {keep[1]}")
    assert game.to_move == 1
    for seat in (1, 2, 3):
        packet = sorted(game.packets[seat])
        play(game, f"keep {packet[0]}", f"keep {packet[1]}")
    assert game.to_move == 0
    assert sorted(game.packets[1]) == [c for c in first_packet if c not in keep]
    rng = random.Random(2)
    while game.phase == "draft":
        game.play(rng.choice(game.legal_moves()))
    assert [len(h) for h in game.hands] == [12] * 4 and game.phase == "bid"
    assert sorted(c for h in game.hands for c in h) == sorted(ALL_CARDS)


def json_cards(view: dict) -> set[str]:
    out: set[str] = set()
    stack: list = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, dict):
            stack += list(item.values())
        elif isinstance(item, list):
            stack += item
    return out


def test_secret_meeting() -> None:
    """Source, Variants, Secret meeting: allies show each other 2 cards just before the bidding;
    only the ally learns them (DESIGN.md: hidden behind view(seat))."""
    game = new([["M1", "M2"], ["E1", "E2"], ["P1", "P2"], ["P3", "P4"]], secret_meeting=True)
    assert game.phase == "meeting" and game.to_move == 0
    play(game, "show M1")
    assert refused(game, "show M1").code == "already-shown"
    play(game, "show M2")
    assert "M1" not in json_cards(game.view(2)), "shown only once everyone has chosen"
    play(game, "show E1", "show E2", "show P1", "show P2", "show P3", "show P4")
    assert game.phase == "bid"
    assert game.view(2)["known"] == {"0": ["M1", "M2"]}
    assert game.view(0)["known"] == {"2": ["P1", "P2"]}
    assert game.view(1)["known"] == {"3": ["P3", "P4"]}
    assert "M1" in game.hidden_cards(1) and "M1" not in game.hidden_cards(2)
    guess = game.determinize(2, random.Random(5))
    assert {"M1", "M2"} <= set(guess.hands[0])  # type: ignore[attr-defined]
    play(game, "bid 10 M", "pass", "pass", "pass", "target 0,2", "play M1")
    assert game.view(2)["known"] == {"0": ["M2"]}, "a played card is no longer secret"


def test_variant_options_and_bad_setup() -> None:
    """Options that do not apply to a player count are ignored; bad fixed decks are refused."""
    assert new(players=2, drafting=True).phase == "duel"
    with pytest.raises(rules.SetupError):
        rules.new_game("alliances", 4, seed=1, options={"deck": ["M1"]})
    with pytest.raises(rules.SetupError):
        rules.new_game("alliances", 3, seed=1, options={"first": 3})
