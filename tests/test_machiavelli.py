"""Machiavelli rules tests. Each cites the clause of sources/001_c717387ba60b2570.txt
("source, <section>") or the RULES-NOTES.md line ("notes: ...") it checks; "house reading"
marks our own decisions, written down in rules/machiavelli.md.

The advanced ``deck`` option deals every position: seat 0 gets the first 14 cards (the last
seat deals the first hand), seat 1 the next 14, and so on; then the stock, top card first.
A few end-of-hand and match tests edit the state directly (said so in the docstring).
"""

from __future__ import annotations

import random

import pytest

import rules
from rules.core import MAX_MOVE_TEXT
from rules.machiavelli import (
    ALL_CARDS,
    DRAW,
    PASS,
    Machiavelli,
    MachiavelliMove,
    meld_problem,
    penalty,
    play_move,
    table_problems,
)
from rules.machiavelli.melds import card_label
from rules.machiavelli.solver import RANKS


def deal(*hands: list[str], stock: list[str] | None = None, **options: object) -> Machiavelli:
    """A game whose seat ``i`` holds ``hands[i]`` (padded to 14 with cards nobody named) and
    whose stock starts with ``stock``."""
    named = [c for h in hands for c in h] + list(stock or [])
    assert len(set(named)) == len(named)
    spare = [c for c in ALL_CARDS if c not in set(named)]
    # Pad with cards that cannot meet: one suit per seat, ranks far apart, where possible.
    order: list[str] = []
    for hand in hands:
        need = 14 - len(hand)
        order += hand + spare[:need]
        spare = spare[need:]
    order += list(stock or []) + spare
    game = rules.new_game("machiavelli", len(hands), seed=1, options={"deck": order, **options})
    assert isinstance(game, Machiavelli)
    return game


def refused(game: Machiavelli, move: MachiavelliMove | str, code: str) -> str:
    """Play ``move``, expect IllegalMove ``code``, check nothing changed; return the message."""
    before = game.snapshot()
    with pytest.raises(rules.IllegalMove) as info:
        game.play(game.parse_move(move) if isinstance(move, str) else move)
    assert info.value.code == code, info.value.message
    assert game.snapshot() == before
    return info.value.message


RUN_H = ["5H.1", "6H.1", "7H.1"]
SET_9 = ["9S.1", "9H.1", "9D.1"]


# ---- dealing ---------------------------------------------------------------------------------


def test_two_decks_fourteen_each() -> None:
    """Source, "Deal": two decks shuffled into one pile, fourteen cards each; notes: no jokers,
    2-6 players."""
    for players in range(2, 7):
        game = rules.new_game("machiavelli", players, seed=players)
        assert sorted(game.census()) == sorted(ALL_CARDS) and len(set(ALL_CARDS)) == 104
        assert all(len(h) == 14 for h in game.hands)
        assert len(game.stock) == 104 - 14 * players
    with pytest.raises(rules.SetupError):
        rules.new_game("machiavelli", 7)


def test_dealer_and_turn_order() -> None:
    """Source, "Play": clockwise, starting left of the dealer. House reading: the last seat
    deals the first hand (ages unknown), so seat 0 starts."""
    game = rules.new_game("machiavelli", 4, seed=2)
    assert game.dealer == 3 and game.to_move == 0
    for expected in (1, 2, 3, 0):
        game.play(DRAW)
        assert game.to_move == expected


def test_views_hide_other_hands_and_the_stock() -> None:
    game = deal(RUN_H, SET_9)
    view = game.view(0)
    assert view["hands"][1] is None and sorted(view["hands"][0]) == sorted(game.hands[0])
    assert view["stock_count"] == 76 and "stock" not in view
    assert game.hidden_cards(0) == set(game.stock) | set(game.hands[1])
    assert game.view(None)["hands"] == [None, None]


# ---- melds ----------------------------------------------------------------------------------


def test_runs_and_sets() -> None:
    """Source, "Invariant": three- or four-of-a-kind, each suit at most once; or a run of one
    suit."""
    assert meld_problem(RUN_H) is None
    assert meld_problem(["5H.1", "6H.2", "7H.1", "8H.1", "9H.2"]) is None
    assert meld_problem(SET_9) is None
    assert meld_problem([*SET_9, "9C.2"]) is None
    assert meld_problem(["7S.1", "8S.1", "10S.2"]) == "7♠ 8♠ 10♠ is not a run: 9♠ is missing."
    assert meld_problem(["9S.1", "9H.1", "9S.2"]) == "9♠ 9♥ 9♠ is not a set: ♠ appears twice."
    assert "at most 4" in (meld_problem([*SET_9, "9C.1", "9C.2"]) or "")
    assert "too short" in (meld_problem(["5H.1", "6H.1"]) or "")
    assert "neither a set" in (meld_problem(["5H.1", "6H.1", "7S.1"]) or "")
    assert "appears twice" in (meld_problem(["5H.1", "6H.1", "6H.2"]) or "")
    assert "not a card" in (meld_problem(["5H.1", "6H.1", "XX"]) or "")


def test_ace_follows_the_king() -> None:
    """Source: "The ace follows the king in a run, and cannot be placed before the two."
    Notes: option "ace low or high": at either end, never both, no wrap."""
    assert meld_problem(["QS.1", "KS.1", "AS.1"]) is None
    low = ["AS.1", "2S.1", "3S.1"]
    assert meld_problem(low) == (
        "A♠ 2♠ 3♠ is not a run: the ace follows the king and cannot come before the 2."
    )
    assert meld_problem(low, ace_low_or_high=True) is None
    assert meld_problem(["QS.1", "KS.1", "AS.1"], ace_low_or_high=True) is None
    wrap = ["KS.1", "AS.1", "2S.1"]
    assert "wrap" in (meld_problem(wrap, ace_low_or_high=True) or "")
    assert meld_problem(wrap) is not None


def test_table_problems_point_at_melds() -> None:
    problems = table_problems([RUN_H, ["7S.1", "8S.1", "10S.2"], ["5H.1", "8D.1", "8C.1"]])
    assert [i for i, _ in problems] == [1, 2]
    assert "9♠ is missing" in problems[0][1] and "already in another meld" in problems[1][1]


def test_penalty_points() -> None:
    """Notes: A 11, K/Q/J 10, others face value."""
    assert [penalty(c) for c in ("AS.1", "KH.2", "QD.1", "JC.1", "10S.1", "7H.2", "2C.1")] == [
        11,
        10,
        10,
        10,
        10,
        7,
        2,
    ]


# ---- opening ---------------------------------------------------------------------------------


def test_opening_needs_a_meld_of_three_from_hand() -> None:
    """Source, "Play": "Initially a player must play (at least) a self-contained group of three
    cards." Notes: only new melds of 3+ from the own hand, at least one."""
    game = deal([*RUN_H, *SET_9, "8H.1"], ["10S.1", "JS.1", "QS.1", "KS.1", "9C.1"])
    refused(game, play_move([["5H.1", "6H.1"]]), "bad-meld")
    game.play(play_move([RUN_H, SET_9]))  # two new melds at once
    assert game.opened == [True, False] and game.table == [tuple(RUN_H), tuple(SET_9)]
    # Seat 1 has not opened: it may not touch the table, even to add a fitting card …
    msg = refused(game, play_move([RUN_H, [*SET_9, "9C.1"]]), "not-opened")
    assert "may not touch" in msg
    refused(game, play_move([RUN_H, SET_9, ["KS.1"]]), "bad-meld")
    # … but it may lay its own run beside the old melds.
    game.play(play_move([RUN_H, SET_9, ["10S.1", "JS.1", "QS.1", "KS.1"]]))
    assert game.opened == [True, True]


def test_after_opening_the_table_is_everyone_s() -> None:
    """Source, "Play": after the opening, add cards to existing groups or redistribute them;
    "there is no notion of ownership"."""
    game = deal([*RUN_H, *SET_9, "8H.1", "4H.2", "9C.2"], ["10S.1", "JS.1", "QS.1"])
    game.play(play_move([RUN_H, SET_9]))
    game.play(DRAW)
    # Seat 0 extends its run at both ends and completes the set with another player's suit.
    game.play(play_move([["4H.2", *RUN_H, "8H.1"], [*SET_9, "9C.2"]]))
    assert game.table == [("4H.2", *RUN_H, "8H.1"), (*SET_9, "9C.2")]


def test_rearranging_splits_and_rebuilds() -> None:
    """Source, "Play": redistributing existing groups and adding cards. 4♥…9♥ is split into
    4-5-6 and 7♥ 7♠ 7♦ (+ 8♥ 9♥ 10♥ with a hand 10♥)."""
    run = ["4H.1", "5H.1", "6H.1", "7H.1", "8H.1", "9H.1"]
    game = deal([*run, "7S.1", "7D.1", "10H.1"], ["2C.1", "3C.1", "4C.1"])
    game.play(play_move([run]))
    game.play(DRAW)
    new = [["4H.1", "5H.1", "6H.1"], ["7S.1", "7H.1", "7D.1"], ["8H.1", "9H.1", "10H.1"]]
    game.play(play_move(new))
    assert [sorted(m) for m in game.table] == [sorted(m) for m in new]
    assert "7S.1" not in game.hands[0] and "10H.1" not in game.hands[0]


# ---- the table invariant ---------------------------------------------------------------------


def opened_game() -> Machiavelli:
    """Seat 0 has opened with 5♥ 6♥ 7♥ and 9♠ 9♥ 9♦; seat 1 drew; seat 0 to play."""
    game = deal([*RUN_H, *SET_9, "8H.1", "8S.2", "8D.2"], ["10S.1", "JS.1", "QS.1"])
    game.play(play_move([RUN_H, SET_9]))
    game.play(DRAW)
    return game


def test_every_table_card_stays() -> None:
    """Source, "Invariant": each card played on the table must stay part of a meld; notes:
    the table keeps every card it had."""
    game = opened_game()
    msg = refused(game, play_move([[*RUN_H, "8H.1"]]), "table-card-missing")
    assert "9S.1" in msg and "must stay" in msg


def test_added_cards_come_from_the_hand() -> None:
    game = opened_game()
    refused(game, play_move([[*RUN_H, "8H.2"], SET_9]), "not-in-hand")
    refused(game, play_move([RUN_H, SET_9]), "nothing-added")
    refused(game, play_move([[*RUN_H, "8H.1"], [*SET_9, "8H.1"]]), "card-twice")
    refused(game, play_move([[*RUN_H, "8H.1"], [*SET_9, "??"]]), "no-such-card")


def test_illegal_tables_explain_the_first_bad_meld() -> None:
    """Notes: the software never lets an invalid table end a turn and says which meld is
    invalid and why; the refused move changes nothing."""
    game = opened_game()
    msg = refused(game, play_move([RUN_H, [*SET_9, "8S.2"]]), "bad-meld")
    assert msg == "9♠ 9♥ 9♦ 8♠ is neither a set (ranks differ) nor a run (suits differ)."
    msg = refused(game, play_move([["5H.1", "6H.1"], ["7H.1", "8S.2", "8D.2"], SET_9]), "bad-meld")
    assert msg == "5♥ 6♥ is too short: a meld needs at least 3 cards."


# ---- play or draw; the end of the stock -----------------------------------------------------


def test_play_or_draw() -> None:
    """Source, "Play": a player who does not play picks up the top card of the deck, and play
    continues with the next player."""
    game = deal(RUN_H, SET_9, stock=["KC.2"])
    refused(game, PASS, "must-draw")
    events = game.play(DRAW)
    assert "KC.2" in game.hands[0] and len(game.hands[0]) == 15 and game.to_move == 1
    public = rules.visible_events(events, 1)
    assert all("KC.2" not in str(e.to_dict()) for e in public)
    assert any("KC.2" in str(e.to_dict()) for e in rules.visible_events(events, 0))


def empty_the_stock(game: Machiavelli) -> None:
    while game.stock:
        game.play(DRAW)


def test_passing_once_the_stock_is_empty() -> None:
    """Notes: with the stock empty, a player who does not play passes; the hand ends when
    every player passes in a row."""
    game = deal(RUN_H, SET_9)
    empty_the_stock(game)
    refused(game, DRAW, "stock-empty")
    assert PASS in game.legal_moves()
    first = game.to_move
    game.play(PASS)
    assert not game.over and game.to_move != first
    game.play(PASS)
    assert game.over


def test_a_play_breaks_the_run_of_passes() -> None:
    game = deal(RUN_H, [*SET_9, "9C.1"])
    empty_the_stock(game)
    mover = game.to_move
    game.play(PASS)
    other = game.to_move
    assert other != mover
    mine = RUN_H if other == 0 else SET_9
    game.play(play_move([mine]))
    assert game.passes == 0
    game.play(PASS)
    assert not game.over  # only one pass since the play


# ---- end of the hand and scoring ---------------------------------------------------------------


def test_going_out_wins_the_hand() -> None:
    """Source, "Goal": the first to play all the cards in their hand wins. Penalties: notes."""
    game = deal([*RUN_H, *SET_9], ["2C.1", "3C.1", "4C.1"])
    # Edit the state directly: seat 0 holds exactly its two melds.
    game.hands[0] = [*RUN_H, *SET_9]
    game.play(play_move([RUN_H, SET_9]))
    assert game.over
    out = game.outcome()
    assert out.winners == (0,)
    left = sum(penalty(c) for c in game.hands[1])
    assert out.scores == (0.0, -float(left))
    assert game.provisional_scores() == out.scores
    assert game.view(1)["hands"][0] == []  # hands are shown at the end


def test_the_outcome_lists_every_players_cards_left() -> None:
    """The results show every player's remaining cards. Notes: penalty points are
    counted on the cards left in hand, and the view shows every hand once the game is over;
    the outcome carries the same cards (and only then: a game still on has no outcome)."""
    game = deal(RUN_H, SET_9)
    empty_the_stock(game)
    game.hands[0] = ["KS.1", "2C.1"]  # edited directly: 12 points
    game.hands[1] = ["5D.1"]  # 5 points
    with pytest.raises(ValueError):
        game.outcome()
    game.play(PASS)
    game.play(PASS)
    out = game.outcome()
    assert [sorted(h) for h in out.breakdown["left"]] == [["2C.1", "KS.1"], ["5D.1"]]
    assert out.breakdown["left"] == game.view(None)["hands"]  # public now, for everyone
    assert out.breakdown["penalties"] == [12, 5]


def test_blocked_hand_fewest_points_then_fewest_cards() -> None:
    """Notes: stock empty and everyone passed: fewest penalty points wins; fewer cards breaks
    a tie. (Edits the hands directly.)"""
    game = deal(RUN_H, SET_9)
    empty_the_stock(game)
    game.hands[0] = ["10S.1", "2C.1"]  # 12 points, 2 cards
    game.hands[1] = ["5D.1", "7C.2"]  # 12 points, 2 cards
    game.play(PASS)
    game.play(PASS)
    out = game.outcome()
    assert out.winners == (0, 1) and out.scores == (-12.0, -12.0)
    game = deal(RUN_H, SET_9)
    empty_the_stock(game)
    game.hands[0] = ["10S.1", "2C.1"]  # 12 points, 2 cards
    game.hands[1] = ["5D.1", "4C.2", "3C.1"]  # 12 points, 3 cards
    game.play(PASS)
    game.play(PASS)
    assert game.outcome().winners == (0,)
    game = deal(RUN_H, SET_9)
    empty_the_stock(game)
    game.hands[0] = ["AS.1"]  # 11
    game.hands[1] = ["2S.1", "3D.1"]  # 5
    game.play(PASS)
    game.play(PASS)
    out = game.outcome()
    assert out.winners == (1,) and "fewest penalty points" in out.detail


def test_match_to_100() -> None:
    """Notes: optional match to 100 points. Source, "Choose the dealer": winners deal the next
    hands. (Edits hands and totals directly to reach the ends quickly.)"""
    game = deal([*RUN_H, *SET_9], ["2C.1", "3C.1", "4C.1"], match=True)
    game.hands[0] = list(RUN_H)
    game.hands[1] = ["AS.1", "KS.1"]  # 21 points
    events = game.play(play_move([RUN_H]))
    assert not game.over and game.hand_no == 2 and game.totals == [0, 21]
    assert game.dealer == 0 and game.to_move == 1  # the winner deals; the next seat starts
    assert (
        all(len(h) == 14 for h in game.hands) and game.table == [] and game.opened == [False, False]
    )
    # The play that ended hand 1 names no card id: those cards were dealt again at once.
    hidden = game.hidden_cards(1)
    for event in rules.visible_events(events, 1):
        assert not hidden & {str(v) for v in event.data.values()}
    game.totals = [60, 95]
    game.hands[1] = ["2S.1", "3S.1", "4S.1"]
    game.hands[0] = ["AD.1"]  # 11 points: seat 0 reaches 71, seat 1 goes out at 95
    game.play(play_move([["2S.1", "3S.1", "4S.1"]]))
    assert not game.over and game.totals == [71, 95]
    game.totals = [90, 95]
    game.hands[game.to_move] = ["5S.1", "6S.1", "7S.1"]
    winner = game.to_move
    loser = 1 - winner
    game.hands[loser] = ["QD.1"]  # 10 points
    game.play(play_move([["5S.1", "6S.1", "7S.1"]]))
    assert game.over
    out = game.outcome()
    assert max(game.totals) >= 100
    assert out.winners == (game.totals.index(min(game.totals)),)
    assert "100" in out.detail


# ---- moves and notation ------------------------------------------------------------------------


def test_notation_round_trips_and_rejects_garbage() -> None:
    game = opened_game()
    move = play_move([["4H.2", *RUN_H], SET_9])
    assert str(move) == "play 4H.2-5H.1-6H.1-7H.1 9S.1-9H.1-9D.1"
    assert game.parse_move(str(move)) == move
    assert game.parse_move("PLAY 4h.2-5h.1-6h.1-7h.1 9s.1-9h.1-9d.1") == move
    assert game.parse_move("draw") == DRAW and game.parse_move(" pass ") == PASS
    for bad in ("", "play", "draw 3", "fold", "play 5H-6H-7H", "play 5H.1--6H.1", "play 1H.1"):
        refused(game, bad, "bad-notation")
    with pytest.raises(rules.IllegalMove):
        game.parse_move(None)  # type: ignore[arg-type]


def test_odd_moves_are_refused() -> None:
    game = opened_game()
    refused(game, MachiavelliMove("draw", value=(1,)), "not-a-move")
    refused(game, MachiavelliMove("play", value=(99,)), "bad-table")
    refused(game, MachiavelliMove("play"), "bad-table")
    refused(game, MachiavelliMove("play", cards=("5H.1",), value=((*RUN_H,),)), "not-a-move")
    refused(game, MachiavelliMove("discard"), "not-a-move")


def test_a_full_table_fits_in_a_move() -> None:
    """Every card on the table in one play: the notation stays within MAX_MOVE_TEXT."""
    runs = [[f"{r}{s}.{d}" for r in RANKS] for d in (1, 2) for s in "SHDC"]
    text = str(play_move(runs))
    assert len(text) < MAX_MOVE_TEXT
    game = opened_game()
    assert game.parse_move(text) == play_move(runs)


def test_listed_moves_are_legal_and_the_best_play_too() -> None:
    """legal_moves() lists draw (or pass) and a few plays, every one legal; best_play() is the
    exact solver's choice and legal as well."""
    for seed in range(4):
        game = rules.new_game("machiavelli", 3, seed=seed, options={"ace_low_or_high": seed == 3})
        rng = random.Random(seed)
        while not game.over:
            moves = game.legal_moves()
            assert moves[0] in (DRAW, PASS)
            assert len(set(moves)) == len(moves)
            for move in moves:
                assert game.why_illegal(move) is None
                assert game.parse_move(str(move)) == move
            best = game.best_play()
            if best is not None:
                assert game.why_illegal(best) is None, best
                placed = sum(len(m) for m in best.value) - sum(len(m) for m in game.table)
                for move in moves[1:]:
                    assert placed >= sum(len(m) for m in move.value) - sum(
                        len(m) for m in game.table
                    )
            game.play(rng.choice(moves))


def test_determinize_keeps_what_the_seat_knows() -> None:
    game = opened_game()
    guess = game.determinize(1, random.Random(5))
    assert guess.view(1) == game.view(1)
    assert guess.table == game.table and guess.hands[1] == game.hands[1]
    assert sorted(guess.hands[0] + guess.stock) == sorted(game.hands[0] + game.stock)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # Source, "Deal": two decks shuffled together; each card is .1 or .2.
        ("play 5H.3-6H.1-7H.1", "'5H.3' is not a card: there are only two decks: 5H.1 and 5H.2"),
        ("play 5H-6H-7H", "'5H' is not a card: with two decks every card exists twice"),
        # Source, "Invariant": the ace follows the king; there is no rank 1.
        ("play 1H.1-2H.1-3H.1", "'1H.1' is not a card: there is no 1, the ace is written A"),
        ("play 11H.1", "'11H.1' is not a card: the ranks are 2 to 10, J, Q, K and A"),
        ("play 5X.1-6X.1-7X.1", "'5X.1' is not a card: the suits are S (spades), H (hearts)"),
        # Notes: no jokers (house reading).
        ("play joker-5H.1-6H.1", "'joker' is not a card: the game is played without jokers"),
    ],
)
def test_card_words_that_name_no_card_say_why(text: str, words: str) -> None:
    """A card written in the notation's shape that the deck does not have is refused with the
    deck's rule (still 'bad-notation': it is not a move), and nothing changes."""
    game = opened_game()
    assert words in refused(game, text, "bad-notation")


def test_unreadable_plays_keep_the_notation_hint() -> None:
    """Text that is not notation at all still gets the whole hint."""
    game = opened_game()
    for text in ("play 5H.1--6H.1", "play hello", "fold"):
        assert "(try 'draw', 'pass' or 'play 10H.1-JH.1-QH.2" in refused(game, text, "bad-notation")


def test_a_card_twice_on_the_table_states_the_invariant() -> None:
    """Source, "Invariant": at the end of a turn each card on the table is part of exactly one
    group; a card written twice is refused with that rule."""
    game = opened_game()
    hand_card = game.hands[game.current][0]
    table = [list(m) for m in game.table]
    table[0].append(hand_card)
    table[-1].append(hand_card)
    msg = refused(game, play_move(table), "card-twice")
    assert msg.endswith(
        "appears twice on the new table: each card on the table belongs to exactly one meld."
    )


def test_a_two_card_run_is_refused_with_the_minimum() -> None:
    """Notes: runs are 3+ consecutive cards of one suit (house reading: the source gives no
    minimum); a two-card run is refused with the minimum, nothing changes."""
    game = opened_game()
    # 5♥ 6♥ 7♥ and 8♥ from the hand, split into two runs of two.
    msg = refused(game, play_move([["5H.1", "6H.1"], ["7H.1", "8H.1"], SET_9]), "bad-meld")
    assert msg == "5♥ 6♥ is too short: a meld needs at least 3 cards."


# ---- move descriptions (the rules word a move for buttons, hints and the phone client) ----------


def test_describe_move_words_each_kind() -> None:
    """draw, pass, and play (the number of melds the new table holds)."""
    game = deal(["5H.1", "6H.1", "7H.1"], ["2C.1", "3C.1", "4C.1"])
    names = ["Ada", "Bart"]
    assert game.describe_move(DRAW, 0, names) == "Draw a card"
    assert game.describe_move(PASS, 0, names) == "Pass"
    play = play_move([["5H.1", "6H.1", "7H.1"], SET_9])
    # A phone's buttons must not say "Play 5 melds" whatever they lay: the mover reads
    # which hand cards the play lays; anyone else only how many melds (the cards are a hand).
    on_table = {c for meld in game.table for c in meld}
    laid = [c for c in ("5H.1", "6H.1", "7H.1", *SET_9) if c not in on_table]
    described = game.describe_move(play, 0, names)
    assert described.startswith("Lay ") and described.endswith("(2 melds on the table)")
    for card in laid:
        assert card_label(card) in described
    assert game.describe_move(play, 1, names) == "Play (2 melds on the table)"
    assert game.describe_move(play, None, names) == "Play (2 melds on the table)"
