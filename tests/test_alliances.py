"""Alliances: world domination rules tests (4-player base game). Each cites the clause of
sources/004_f6b725bd12fb4163.txt ("source, <section>"), a worked example ("Example 4") or the
RULES-NOTES.md line ("notes: ...") it checks; "house reading" marks a decision of ours stated
in rules/alliances.md.

Positions are dealt with the advanced options: ``deck`` (seat s gets cards 12s..12s+11),
``tiles`` (the map row by row) and ``first`` (the first bidder). A few end-of-campaign tests edit
the board directly (said so in the docstring): playing 12 conflicts to reach a position tests
nothing more.
"""

from __future__ import annotations

import random

import pytest
from game_helpers import until_legal

import rules
from rules.alliances import (
    ALL_CARDS,
    CORNERS,
    COUNTRIES,
    COUNTRY,
    POWER_CARDS,
    SPECIAL_ACTIONS,
    SPECIAL_SUIT,
    SUITS,
    Alliances,
    tile_zone,
)

NAMES = [c[0] for c in COUNTRIES]


def layout(placed: dict[int, str] | None = None) -> list[str]:
    """The map in data order (tile 0 Aldoria … tile 19 Tyrrhel) with ``placed`` swapped in."""
    placed = placed or {}
    rest = [n for n in NAMES if n not in placed.values()]
    return [placed[t] if t in placed else rest.pop(0) for t in range(20)]


def deck(hands: list[list[str]], size: int = 12) -> list[str]:
    """A dealing order giving each seat its listed cards first, then filling from the rest
    (power cards M, E, P in rank order, then the specials)."""
    listed = [c for h in hands for c in h]
    assert len(set(listed)) == len(listed)
    spare = [c for c in ALL_CARDS if c not in listed]
    out: list[str] = []
    for h in hands:
        fill = size - len(h)
        out += h + spare[:fill]
        del spare[:fill]
    return out + spare


def new(
    hands: list[list[str]] | None = None,
    first: int = 0,
    tiles: dict[int, str] | None = None,
    players: int = 4,
    **options: object,
) -> Alliances:
    size = 16 if players == 3 else 12
    game = rules.new_game(
        "alliances",
        players,
        seed=1,
        options={
            "deck": deck(hands or [[] for _ in range(players)], size),
            "tiles": layout(tiles),
            "first": first,
            **options,
        },
    )
    assert isinstance(game, Alliances)
    return game


def play(game: Alliances, *texts: str) -> None:
    for text in texts:
        game.play_text(text)


def refused(game: Alliances, text: str) -> rules.IllegalMove:
    before = game.snapshot()
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text(text)
    assert game.snapshot() == before, "a refused move changed the game"
    assert err.value.message.endswith((".", ")"))
    return err.value


def contract(game: Alliances, bid: str = "10 P") -> None:
    """The first bidder bids, everyone else passes."""
    play(game, f"bid {bid}", "pass", "pass", "pass")


# --------------------------------------------------------------------------- components


def test_components() -> None:
    """Source, Components: 36 power cards (12 per suit) and 12 special action cards, 4 per
    suit; notes: the specials grouped by suit as the source lists them."""
    assert len(POWER_CARDS) == 36 and len(SPECIAL_ACTIONS) == 12 and len(ALL_CARDS) == 48
    for suit in SUITS:
        assert [c for c in POWER_CARDS if c[0] == suit] == [f"{suit}{r}" for r in range(1, 13)]
        assert sum(1 for s in SPECIAL_SUIT.values() if s == suit) == 4
    assert {k for k, s in SPECIAL_SUIT.items() if s == "P"} == {
        "spin",
        "peace-treaty",
        "embargo",
        "dual-allegiance",
    }
    assert {k for k, s in SPECIAL_SUIT.items() if s == "M"} == {
        "reserve-forces",
        "reinforcement",
        "covert-operation",
        "defensive-pact",
    }


def test_countries_are_balanced() -> None:
    """Notes: 20 invented countries, values 0-9, each tile sums 6-14, suit totals within 5,
    several zeros."""
    assert len(COUNTRIES) == 20 and len(set(NAMES)) == 20
    totals = [0, 0, 0]
    zeros = 0
    for _, *values in COUNTRIES:
        assert all(0 <= v <= 9 for v in values)
        assert 6 <= sum(values) <= 14
        zeros += 0 in values
        totals = [a + b for a, b in zip(totals, values, strict=True)]
    assert max(totals) - min(totals) <= 5
    assert zeros >= 3


def test_setup_four_players() -> None:
    """Source, Game Setup: 12 cards each, a 4x5 map; notes: each player holds a corner and its
    two orthogonal neighbours, partners on diagonally opposite corners."""
    game = new()
    assert [len(h) for h in game.hands] == [12] * 4
    assert len(game.grid) == 20
    for seat, group in enumerate(CORNERS):
        for t in group:
            assert game.tokens[t] == [seat]
    assert game.controlled(0) == sorted(CORNERS[0] + CORNERS[2])
    assert game.side(0) == game.side(2) != game.side(1) == game.side(3)


def test_map_is_shuffled_per_campaign() -> None:
    """Source, Game Setup / Example 6: the tiles are laid out at random each campaign."""
    layouts = {
        tuple(t["country"] for t in rules.new_game("alliances", 4, seed=s).view(None)["grid"])
        for s in range(5)
    }
    assert len(layouts) > 1


# --------------------------------------------------------------------------- bidding


def test_example_1a_bidding() -> None:
    """Example 1a: 10 M, pass, pass, 10 E, 10 P, pass: player 1 takes the Conflict token with
    "10 politics"; passed players are out of the bidding."""
    game = new(first=0)
    play(game, "bid 10 M", "pass", "pass", "bid 10 E")
    assert game.to_move == 0, "players 2 and 3 passed and are skipped"
    assert refused(game, "bid 10 M").code == "bid-too-low"
    play(game, "bid 10 P")
    assert game.to_move == 3
    play(game, "pass")
    assert game.bid == (10, "P", 0) and game.dominant == "P"
    assert game.phase == "target" and game.to_move == 0
    assert game.aggressor == game.side(0)


def test_bids_range_and_order() -> None:
    """Source, State of the Nations: a bid is 10-20 and must be a higher number, or the same
    number in a higher suit (Politics > Economics > Military)."""
    game = new()
    assert refused(game, "bid 9 P").code == "bad-bid"
    assert refused(game, "bid 21 M").code == "bad-bid"
    play(game, "bid 12 E")
    refused(game, "bid 12 M")
    refused(game, "bid 11 P")
    play(game, "bid 12 P")
    play(game, "bid 13 M")
    assert game.bid == (13, "M", 2)
    bids = {m.value for m in game.legal_moves() if m.kind == "bid"}
    assert (13, "M") not in bids and (13, "E") in bids and (20, "P") in bids


def test_all_pass_redeals() -> None:
    """Source, note: if all players pass without a bid, all cards are dealt again; house
    reading: the next player then opens the bidding."""
    game = new(first=1)
    before = [sorted(h) for h in game.hands]
    play(game, "pass", "pass", "pass", "pass")
    assert game.phase == "bid" and game.bid is None
    assert not any(game.passed)
    assert game.to_move == 2
    assert [sorted(h) for h in game.hands] != before
    assert sorted(c for h in game.hands for c in h) == sorted(ALL_CARDS)


# --------------------------------------------------------------------------- targeting


def test_example_1b_four_targets() -> None:
    """Example 1b: the first player has four target options: the neutral countries next to a
    country his alliance controls (tiles next to rival corners are not neutral)."""
    game = new()
    contract(game)
    targets = {m.target for m in game.legal_moves()}
    assert targets == {tile_zone(t) for t in (2, 6, 13, 17)}
    assert refused(game, "target 0,0").code == "own-country"
    assert refused(game, "target 2,0").code == "neutral-first"  # a rival tile (seat 3)
    assert refused(game, "target 2,2").code == "not-adjacent"
    play(game, "target 0,2")
    assert game.target == 2 and game.phase == "play" and game.to_move == 0


def test_example_5_rival_target_only_without_neutral() -> None:
    """Example 5: with no neutral country left, the starter may target a rival country next
    to his alliance's. (Board edited: every tile already taken.)"""
    game = new(first=3)
    play(game, "bid 10 P", "pass", "pass", "pass")
    for t in range(20):
        game.tokens[t] = [0] if t % 5 < 3 else [3]  # columns 0-2 gold, 3-4 silver
    game._legal_cache = None
    targets = {m.target for m in game.legal_moves()}
    assert targets == {tile_zone(r * 5 + 2) for r in range(4)}


def test_no_legal_target_any_tile() -> None:
    """Notes: a starter with no neutral or rival tile next to their alliance may target any
    neutral or rival tile (an alliance with no country at all); house reading: an alliance
    that holds the whole map targets one of its own. (Board edited.)"""
    game = new()
    contract(game)
    game.tokens = [[] for _ in range(20)]
    game.tokens[7] = [1]
    game._legal_cache = None
    assert len(game.legal_moves()) == 20
    game.tokens = [[0] for _ in range(20)]
    game._legal_cache = None
    assert len(game.legal_moves()) == 20


# --------------------------------------------------------------------------- following


def test_example_2_must_play_the_leading_suit_special() -> None:
    """Example 2 (dominant Military): player 1 leads the 4 of Politics; player 2, whose only
    Politics card is a special action card, must play it."""
    p2 = ["embargo", *[f"M{r}" for r in range(1, 7)], *[f"E{r}" for r in range(1, 6)]]
    game = new([["P4"], p2, [], []])
    contract(game, "10 M")
    play(game, "target 0,2", "play P4")
    assert [str(m) for m in game.legal_moves()] == ["play embargo"]
    err = refused(game, "play M3")
    assert err.code == "must-follow-suit"
    assert err.message == (
        "You hold a Politics special action card, so you must play a special action card."
    )


def test_follow_power_card_or_any_special() -> None:
    """Source, Conflict phase: a follower plays a power card of the leading suit or any special
    action card; the refusal names the cards of that suit (DESIGN.md's example message)."""
    game = new([["M2"], ["M4", "M9", "spin", "E5"], [], []])
    contract(game)
    play(game, "target 0,2", "play M2")
    legal = {str(m) for m in game.legal_moves()}
    assert {"play M4", "play M9", "play spin"} <= legal
    assert "play E5" not in legal
    err = refused(game, "play E5")
    assert err.message == (
        "You must follow Military: you hold the 4 and 9 of Military (or play a special action "
        "card)."
    )


def test_example_3_no_leading_suit_plays_anything() -> None:
    """Example 3 (dominant Politics): player 1 leads the 8 of Military; player 2 has no Military
    card at all and plays the 4 of Politics, which wins as the dominant suit and takes the
    country (Norhaven: Political defence 0)."""
    p2 = [*[f"E{r}" for r in range(1, 9)], "P4", "P5", "P6", "P7"]
    game = new([["M8"], p2, ["M1"], ["M2"]])
    contract(game, "10 P")
    play(game, "target 2,3", "play M8")
    assert {str(m) for m in game.legal_moves()} == {f"play {c}" for c in p2}
    play(game, "play P4", "play M1", "play M2")
    assert game.tokens[13] == [1]
    assert game.starter == 1 and game.to_move == 1 and game.phase == "target"


# --------------------------------------------------------------------------- winning


def example_4_game() -> Alliances:
    """Example 4's table: seat 3's alliance (seats 1 and 3) holds six countries whose four best
    Military values add to 12; the target Norhaven has Political defence 0."""
    tiles = {
        4: "Aldoria",  # M4
        3: "Istrelle",  # M3
        9: "Ferrowind",  # M3
        15: "Caldessa",  # M2
        16: "Halcyra",  # M1
        10: "Dunmere",  # M0
        11: "Norhaven",  # P0
    }
    hands = [["M9"], ["reserve-forces"], ["P1", *[f"E{r}" for r in range(1, 12)]], ["M4"]]
    game = new(hands, first=3, tiles=tiles)
    play(game, "bid 10 P", "pass", "pass", "pass")
    return game


def test_example_4_dominant_suit_breaks_the_conflict() -> None:
    """Example 4: 4M, 9M, Reserve Forces for 12M, then 1P from a player with no Military: the
    dominant Politics wins, 1 beats the defence 0P, the winner places a token and starts."""
    game = example_4_game()
    play(game, "target 2,1", "play M4", "play M9", "play reserve-forces")
    assert game.powers()[1] == ("M", 12)
    assert game.leader()[0] == 1, "player 2 takes the lead with 12M"
    play(game, "play P1")
    assert game.tokens[11] == [2]
    assert game.starter == 2 and game.to_move == 2
    assert game.conflicts_won[2] == 1


def test_defence_must_be_beaten_strictly() -> None:
    """Source, Conflict phase: the winner takes the country only if its power is higher than
    the defence of that suit; notes: "strictly above". A failed take passes the start to the
    next player from the previous starter."""
    game = new([["P4"], ["P1"], ["P2"], ["P3"]])
    contract(game, "10 M")
    play(game, "target 0,2", "play P4", "play P1", "play P2", "play P3")  # Caldessa P4
    assert game.tokens[2] == []
    assert game.to_move == 1 and game.starter == 1


def test_draw_passes_the_start() -> None:
    """Source, Starting a new conflict: a draw (no single highest power) passes the start to
    the next player clockwise from the previous starter."""
    game = new([["spin"], ["embargo"], ["peace-treaty"], ["dual-allegiance"]])
    contract(game, "10 M")
    play(game, "target 0,2", "play spin", "play embargo", "play peace-treaty")
    play(game, "play dual-allegiance")  # no Politics power card to take: four powers of 0P
    assert game.last_conflict["winner"] is None
    assert game.starter == 1


def test_capture_stacks_tokens() -> None:
    """Source, note: taking a rival country puts a token over the rival's; winning one's own
    country adds a token on top. (Board edited: the target is seat 1's.)"""
    game = new([["P12"], ["P1"], ["P2"], ["P3"]])
    contract(game)
    game.tokens[2] = [1]
    game.tokens[6] = [1]
    game.tokens[13] = [1]
    game.tokens[17] = [1]
    game._legal_cache = None
    play(game, "target 0,2", "play P12", "play P1", "play P2", "play P3")
    assert game.tokens[2] == [1, 0] and game.controller(2) == 0


# --------------------------------------------------------------------------- special actions


def conflict(hands: list[list[str]], bid: str = "10 P", target: str = "0,2") -> Alliances:
    game = new(hands)
    contract(game, bid)
    play(game, f"target {target}")
    return game


def test_peace_treaty_discards_military_power_cards() -> None:
    """Special actions, Peace Treaty: discard all Military power cards from the table (not the
    special action cards)."""
    game = conflict([["M9"], ["reinforcement"], ["peace-treaty"], []])
    play(game, "play M9", "play reinforcement", "play peace-treaty")
    gone = {e["card"] for e in game.table if e["discarded"]}
    assert gone == {"M9"}
    assert game.powers()[0] is None


def test_embargo_discards_economics_power_cards() -> None:
    """Special actions, Embargo: discard all Economics power cards from the table."""
    game = conflict([["E9"], ["E3"], ["embargo"], []])
    play(game, "play E9", "play E3", "play embargo")
    assert [e["discarded"] for e in game.table] == [True, True, False]
    assert game.powers()[2] == ("P", 0)


def test_dual_allegiance_moves_a_politics_card() -> None:
    """Special actions, Dual Allegiance: take any Politics power card from the table and add it
    to any player's conflict power (house reading: its player loses it). Notes, decided after
    an independent read: "Dual Allegiance adds the Politics card to the conflict power of a
    player who has already played to this conflict (a player who has not played has no
    conflict power yet)": seat 3 has not played, so it is not offered."""
    game = conflict([["P7"], ["P9"], ["dual-allegiance"], []])
    play(game, "play P7", "play P9", "play dual-allegiance")
    assert game.phase == "choose"
    assert {str(m) for m in game.legal_moves()} == {"choose P7", "choose P9"}
    play(game, "choose P9")
    assert {str(m) for m in game.legal_moves()} == {"boost 0", "boost 1", "boost 2"}
    err = refused(game, "boost 3")
    assert err.code == "bad-choice" and "has not played" in err.message
    play(game, "boost 0")
    powers = game.powers()
    assert powers[0] == ("P", 16) and powers[1] is None and powers[2] == ("P", 0)


def test_bribe_takes_a_politics_card_as_economics() -> None:
    """Special actions, Bribe: take any Politics power card from the table as your new
    Economics conflict power (a single candidate is taken without asking)."""
    game = conflict([["P9"], ["bribe"], [], []], bid="10 E")
    play(game, "play P9", "play bribe")
    powers = game.powers()
    assert powers[1] == ("E", 9) and powers[0] is None
    assert game.phase == "play" and game.to_move == 2
    choice = conflict([["P2"], ["P9"], ["bribe"], []], bid="10 E")
    play(choice, "play P2", "play P9", "play bribe")
    assert {str(m) for m in choice.legal_moves()} == {"choose P2", "choose P9"}
    play(choice, "choose P2")
    assert choice.powers()[:3] == [None, ("P", 9), ("E", 2)]


def test_free_market_adds_military_to_economic_defence() -> None:
    """Special actions, Free Market: the targeted country's Military power is added to its
    Economics defence (notes: for this conflict only)."""
    game = conflict([["E9"], ["free-market"], [], []])
    base = COUNTRY["Caldessa"]
    play(game, "play E9", "play free-market")
    assert game.defence()["E"] == base["E"] + base["M"]


def test_global_trading_sums_neighbours_economics() -> None:
    """Special actions, Global Trading: the Economics values of the target's (up to 4)
    neighbours become your Economics power."""
    game = conflict([["E1"], ["global-trading"], [], []], target="1,1")
    play(game, "play E1", "play global-trading")
    expected = sum(COUNTRY[game.grid[t]]["E"] for t in (1, 5, 7, 11))
    assert game.powers()[1] == ("E", expected)


def test_monopoly_keeps_one_economics_card() -> None:
    """Special actions, Monopoly: "Discard all Economics cards on the table but one of your
    choice" (notes, decided after an independent read: every Economics card, special cards
    included, except the one its player chooses; see tests/test_alliances_fidelity.py)."""
    game = conflict([["E9"], ["E4"], ["monopoly"], []], bid="10 E")
    play(game, "play E9", "play E4", "play monopoly")
    assert {str(m) for m in game.legal_moves()} == {"choose E9", "choose E4"}
    play(game, "choose E4")
    assert [e["card"] for e in game.table if e["discarded"]] == ["E9"]


def test_reserve_forces_sums_four_countries() -> None:
    """Special actions, Reserve Forces / Example 4: the Military of four of your alliance's
    countries (house reading: always the four strongest)."""
    game = example_4_game()
    play(game, "target 2,1", "play M4", "play M9", "play reserve-forces")
    assert game.powers()[1] == ("M", 4 + 3 + 3 + 2)


def test_reinforcement_doubles_a_military_card() -> None:
    """Special actions, Reinforcement: double any Military power card on the table."""
    game = conflict([["M5"], ["M7"], ["reinforcement"], []], bid="10 M")
    play(game, "play M5", "play M7", "play reinforcement", "choose M5")
    assert game.powers()[0] == ("M", 10)
    assert game.leader()[0] == 0


def test_defensive_pact_triples_military_defence() -> None:
    """Special actions, Defensive Pact: triple the targeted country's Military defence."""
    game = conflict([["M12"], ["defensive-pact"], [], []], bid="10 M", target="2,3")
    play(game, "play M12", "play defensive-pact")
    assert game.defence()["M"] == 3 * COUNTRY["Norhaven"]["M"]


def test_covert_operation_cancels_a_modifier() -> None:
    """Special actions, Covert Operation: discard a special action card on the table; notes:
    the power and modifiers it granted are cancelled."""
    game = conflict([["M12"], ["defensive-pact"], ["covert-operation"], []], target="2,3")
    play(game, "play M12", "play defensive-pact", "play covert-operation")
    assert game.defence()["M"] == COUNTRY["Norhaven"]["M"]
    assert [e["card"] for e in game.table if e["discarded"]] == ["defensive-pact"]


def test_covert_operation_cancels_a_bribe_and_keeps_discards() -> None:
    """Notes: cancelling a special undoes what it granted (the bribed card counts for its
    player again) but cards it already discarded stay discarded."""
    game = conflict([["P8"], ["bribe"], ["covert-operation"], []])
    play(game, "play P8", "play bribe")
    assert game.powers()[:2] == [None, ("E", 8)]
    play(game, "play covert-operation")
    assert game.powers()[:3] == [("P", 8), None, ("M", 0)]
    treaty = conflict([["M9"], ["peace-treaty"], ["covert-operation"], []], bid="10 M")
    play(treaty, "play M9", "play peace-treaty", "play covert-operation")
    assert [e["card"] for e in treaty.table if e["discarded"]] == ["M9", "peace-treaty"]
    assert treaty.powers()[0] is None


def test_spin_acts_only_when_played_last() -> None:
    """Special actions, Spin: only if played last, every player's conflict power passes to the
    player on the left; notes: Spin resolves at the end and only if played last."""
    game = conflict([["P3"], ["P12"], ["P5"], ["spin"]])
    play(game, "play P3", "play P12", "play P5")
    assert game.leader()[0] == 1
    play(game, "play spin")
    # P12 passes from seat 1 to seat 2, who takes Caldessa (P defence 4).
    assert game.last_conflict["winner"] == 2
    assert game.tokens[2] == [2]

    early = conflict([["P3"], ["spin"], ["P12"], ["P5"]])
    play(early, "play P3", "play spin", "play P12", "play P5")
    assert early.last_conflict["winner"] == 2 and early.tokens[2] == [2]


def test_special_gives_power_zero_in_its_suit() -> None:
    """Notes: a special card gives its player power 0 in its own suit unless its text grants
    power; a dominant 0 still breaks the conflict but takes nothing."""
    game = conflict([["E9"], ["spin"], [], []], bid="10 P")
    play(game, "play E9", "play spin")
    assert game.powers()[1] == ("P", 0)
    assert game.leader()[0] == 1


# --------------------------------------------------------------------------- campaign


def test_example_6_aggressor_controls_enough() -> None:
    """Example 6: the Aggressor bid 10 Politics and controls 11 countries: it wins the campaign.
    (Board edited.)"""
    game = new()
    contract(game)
    game.tokens = [[0] if t < 11 else [1] for t in range(20)]
    side, why = game.campaign_result()
    assert side == game.side(0) and "11" in why


def test_exact_ten_needs_more_tokens() -> None:
    """Source, Concluding the campaign: bid 10 and exactly 10 countries wins only with more
    Alliance tokens on the tiles; notes: covered tokens count. (Board edited.)"""
    game = new()
    contract(game)
    game.tokens = [[0] if t < 10 else [1] for t in range(20)]
    assert game.campaign_result()[0] == 1, "10 tokens each: the Defender wins"
    game.tokens[0] = [1, 0]
    assert game.campaign_result()[0] == 1, "covered tokens count: 10 to 11"
    game.tokens[1] = [0, 2]
    game.tokens[2] = [0, 0]
    assert game.campaign_result()[0] == 0, "12 to 11"


def test_short_bid_loses() -> None:
    """Source, Concluding the campaign: fewer countries than the bid loses. (Board edited.)"""
    game = new()
    contract(game, "12 P")
    game.tokens = [[0] if t < 11 else [1] for t in range(20)]
    assert game.campaign_result()[0] == 1


def test_campaign_and_match_flow() -> None:
    """Source, Game End: best of three campaigns; notes: the next campaign opens with the next
    player; every campaign lays out a fresh map and deal."""
    import random

    game = rules.new_game("alliances", 4, seed=5, options={"first": 0})
    rng = random.Random(5)
    seen_bidders = []
    while not game.over:
        if game.phase == "bid" and game.bid is None and not any(game.passed):
            seen_bidders.append((game.campaign, game.to_move))
        game.play(rng.choice(game.legal_moves()))
    assert isinstance(game, Alliances)
    assert max(game.campaign_wins) == 2 and len(game.results) in (2, 3)
    out = game.outcome()
    side = 0 if game.campaign_wins[0] == 2 else 1
    assert set(out.winners) == set(game.side_seats(side))
    assert seen_bidders[0] == (1, 0)


# --------------------------------------------------------------------------- notation & views


def test_notation_round_trips() -> None:
    game = example_4_game()
    for text in ("target 2,1", "play M4", "play M9", "play reserve-forces", "play P1"):
        move = game.parse_move(text)
        assert str(move) == text
        game.play(move)
    for text in ("bid 12 P", "pass", "choose covert-operation", "boost 3", "pair 2", "call E"):
        assert str(game.parse_move(text)) == text
    with pytest.raises(rules.IllegalMove) as err:
        game.parse_move("target 9,9")
    assert err.value.code == "bad-notation"


def test_hands_only_in_own_view() -> None:
    """DESIGN.md: hands only behind view(seat)."""
    game = new()
    for seat in range(4):
        hands = game.view(seat)["hands"]
        assert hands[seat] == sorted(game.hands[seat])
        assert all(h is None for s, h in enumerate(hands) if s != seat)
    assert all(h is None for h in game.view(None)["hands"])


def test_prompt_says_what_to_decide() -> None:
    game = example_4_game()
    assert "target" in game.prompt()
    play(game, "target 2,1")
    assert "Lead" in game.prompt()
    play(game, "play M4")
    assert "follow Military" in game.prompt()


# ---- move descriptions (the rules word a move for buttons, hints and the phone client) ----------

SEATS = ["Ada", "Bartholomew", "Cy", "Dee"]


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("bid 14 P", "Bid 14 Politics"),  # bid, in the bidding
        ("pass", "Pass"),  # pass
        ("call M", "Call Military"),  # call
        ("play E9", "Play 9 Economics"),  # play
        ("play spin", "Play Spin"),
        ("pair 2", "Take pair 2"),  # pair
        ("boost 1", "Add to Bartholomew"),  # boost
        ("keep E3", "Keep 3 Economics"),  # keep (drafting)
        ("show P12", "Show 12 Politics"),  # show (secret meeting)
        ("set E1", "Set aside 1 Economics"),  # set
        ("give covert-operation", "Give Covert Operation"),  # give
    ],
)
def test_describe_move_words_each_kind(text: str, sentence: str) -> None:
    game = rules.new_game("alliances", 4, seed=2)
    assert game.describe_move(game.parse_move(text), game.to_move, SEATS) == sentence


def test_describe_target_names_the_country() -> None:
    """target: the country on that tile of the public map."""
    game = rules.new_game("alliances", 4, seed=2)
    country = game.view(None)["grid"][7]["country"]
    assert game.describe_move(game.parse_move("target 1,2"), 0, SEATS) == f"Target {country}"


def test_describe_bid_in_the_exact_bid_declaration() -> None:
    """bid in the declare phase (2 players, exact bid): the bid is declared."""
    game = rules.new_game("alliances", 2, seed=0, options={"exact_bid": True})
    rng = random.Random(0)
    while game.view(None)["phase"] != "declare":
        game.play(rng.choice(game.legal_moves()))
    move = next(m for m in game.legal_moves() if m.kind == "bid")
    assert game.describe_move(move, game.to_move, SEATS) == "Declare 10 Military"


@pytest.mark.parametrize(
    ("seed", "sentence"),
    [
        (2, "Take 12 Politics"),  # choose under Bribe or Dual Allegiance
        (9, "Keep 3 Economics"),  # choose under Monopoly
        (3, "Discard Bribe"),  # choose under Covert Operation
    ],
)
def test_describe_choose_takes_the_verb_of_the_pending_special(seed: int, sentence: str) -> None:
    game, move = until_legal("alliances", 4, seed, "choose")
    assert game.describe_move(move, game.to_move, SEATS) == sentence
