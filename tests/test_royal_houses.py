"""Royal Houses rules tests. Each cites the clause of sources/003_fe70a3d6d016cd02.txt
("source, <section>") or the RULES-NOTES.md line ("notes: ...") it checks."""

from __future__ import annotations

import random

import pytest
from rh_setup import STANDARD_COUNTERS
from rules_texts import is_house_reading

import rules
from rules.royal_houses import (
    CARDS,
    COUNTERS,
    HOUSES,
    RoyalHouses,
    house_of,
    number_of,
    score_house,
)

A, B, C, D, E, F = range(6)
FILLERS = [c for c in CARDS if c[0] != "D" and c not in ("B5", "C5")]


def new(seed: int = 1, **options: object) -> RoyalHouses:
    game = rules.new_game("royal_houses", 2, seed=seed, options=options)
    assert isinstance(game, RoyalHouses)
    return game


def play(game: RoyalHouses, *texts: str) -> None:
    for text in texts:
        game.play_text(text)


def started(deck: list[str], first: str = "go first") -> RoyalHouses:
    """A game with a fixed deck, seat 0 choosing (more garnets), counters placed."""
    game = new(garnets=[2, 1], deck=deck)
    play(game, first, *STANDARD_COUNTERS, *STANDARD_COUNTERS)
    return game


def deck_with(first_hand: list[str], second_hand: list[str], draws: list[str]) -> list[str]:
    """A full 48-card order: the given cards where named, the rest filled in card order."""
    named = first_hand + second_hand + draws
    rest = iter(c for c in CARDS if c not in named)
    hand1 = first_hand + [next(rest) for _ in range(8 - len(first_hand))]
    hand2 = second_hand + [next(rest) for _ in range(7 - len(second_hand))]
    return hand1 + hand2 + draws + list(rest)


# --------------------------------------------------------------------------- set-up


def test_deck_has_48_cards_in_six_houses_numbered_1_to_8() -> None:
    """Source, "The Deck": 48 cards, six suits (houses), numbered 1 to 8."""
    assert len(CARDS) == len(set(CARDS)) == 48
    assert {house_of(c) for c in CARDS} == set(range(6))
    assert sorted({number_of(c) for c in CARDS}) == list(range(1, 9))
    assert HOUSES == ("Artois", "Bellerophon", "Castellia", "De Bourgogne", "Ellicta", "Febrois")


def test_more_garnets_chooses_and_hands_are_8_and_7() -> None:
    """Source, "The Deck"/"Set Up": the player with more garnets picks first or second; the first
    player gets 8 cards, the second 7."""
    game = new(garnets=[1, 4])
    assert game.to_move == 1
    game.play_text("go second")
    assert game.first == 0
    assert game.view(0)["hand_counts"] == [8, 7]
    assert game.view(0)["deck_count"] == 48 - 15


def test_garnet_tie_is_a_seeded_coin_toss() -> None:
    """Notes: the player with more garnets chooses (coin flip on a tie or when none are entered)."""
    choosers = {new(seed=s).to_move for s in range(40)}
    assert choosers == {0, 1}
    assert new(seed=5).to_move == new(seed=5).to_move


def test_counters_are_placed_privately_one_per_house() -> None:
    """Source, "Set Up": each player assigns the counters -2, +0, +1, +2, +3, +5, one per house.
    Notes: assigned privately; nobody sees the rival's counters until scoring."""
    game = new(garnets=[2, 1])
    game.play_text("go first")
    assert game.to_move == 0
    moves = game.legal_moves()
    assert len(moves) == 36  # six values on six houses
    game.play_text("counter +5 D")
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text("counter +5 A")
    assert err.value.code == "counter-used"
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text("counter +3 D")
    assert err.value.code == "house-has-counter"
    play(game, "counter -2 A", "counter +0 B", "counter +1 C", "counter +2 E", "counter +3 F")
    assert game.to_move == 1, "the second player places after the first"
    rival_view = game.view(1)
    assert rival_view["counters"][0] == {}
    assert rival_view["counters_placed"][0] == list(HOUSES)
    assert game.view(0)["counters"][0]["De Bourgogne"] == 5
    assert sorted(game.counters[0].values()) == sorted(COUNTERS)


# --------------------------------------------------------------------------- turns


def test_turn_is_draw_play_gift() -> None:
    """Source, "Turn Structure": draw one card, play one card, give one card to the rival."""
    game = started(deck_with(["A2"], [], ["F8"]))
    assert game.phase == "play" and game.to_move == 0
    assert "F8" in game.hands[0] and len(game.hands[0]) == 9, "the draw is automatic"
    game.play_text("play A2")
    assert game.influence[0][A] == 2
    assert game.phase == "gift" and game.to_move == 0
    game.play_text("gift F8")
    assert "F8" in game.hands[1] and len(game.hands[0]) == 7 and len(game.hands[1]) == 9


def test_gift_may_not_be_the_card_received_last_turn() -> None:
    """Source, "Turn Structure": the gift may not be the card given to you the previous turn."""
    game = started(deck_with(["A2"], ["B2"], ["F8", "F7"]))
    play(game, "play A2", "gift F8", "play B2")
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text("gift F8")
    assert err.value.code == "gift-back"
    assert "given to you" in err.value.message
    game.play_text("gift F7")
    assert game.phase == "play" and game.to_move == 0


@pytest.mark.parametrize("number", [2, 4, 6, 8])
def test_even_cards_place_their_number_of_influence(number: int) -> None:
    """Source, "Card Actions": 2/4/6/8 place 2/4/6/8 influence in this house."""
    card = f"C{number}"
    game = started(deck_with([card], [], []))
    game.play_text(f"play {card}")
    assert game.influence[0][C] == number and sum(game.influence[1]) == 0


def test_card_3_places_one_and_forces_the_rivals_next_gift() -> None:
    """Source, "Card Actions" 3; notes: the rival's NEXT gift must be of this house if they hold an
    eligible card."""
    game = started(deck_with(["E3"], ["E5", "E8"], ["A1", "A2"]))
    play(game, "play E3")
    assert game.influence[0][E] == 1
    game.play_text("gift A1")
    game.play_text("play A2")
    assert game.view(1)["gift_must"][1] == "Ellicta"
    gifts = {m.cards[0] for m in game.legal_moves()}
    assert gifts == {"E5", "E8"}
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text("gift A1")
    assert err.value.code in ("gift-must-match", "gift-back")
    game.play_text("gift E8")
    assert game.gift_house[1] is None, "the restriction lasts for one gift"


def test_card_3_restriction_is_waived_without_an_eligible_card() -> None:
    """Notes: card 3 binds the next gift 'if they hold an eligible one'; the card just given to
    them cannot be given back, so it is not eligible."""
    game = started(deck_with(["E3", "E4"], [], ["A1", "B1"]))
    play(game, "play E3", "gift E4")  # the rival's only Ellicta card is the one just given
    game.play_text("play B1")
    game.play_text("keep")
    gifts = {m.cards[0] for m in game.legal_moves()}
    assert "E4" not in gifts and len(gifts) == len(game.hands[1]) - 1


def test_card_3_on_the_first_players_final_turn_imposes_no_gift() -> None:
    """RULES-NOTES, Royal Houses: "A card 3 played when no gift follows (the first player's final
    turn, after the deck emptied) places its influence and imposes nothing: no gift obligation
    is announced or kept." The second player's last turn is a play only, with no gift."""
    game = started(deck_with(["E3"], [], []))
    rng = random.Random(5)
    while game.deck or game.to_move != game.first or game.phase != "play":
        choices = [m for m in game.legal_moves() if "E3" not in m.cards]
        game.play(rng.choice(choices))
    before = game.influence[game.first][E]
    events = game.play_text("play E3")
    assert game.influence[game.first][E] == before + 1
    assert [e.kind for e in events if e.kind == "gift-rule"] == []
    while not game.over:
        for seat in (None, 0, 1):
            assert game.view(seat)["gift_must"] == [None, None]
        game.play(game.legal_moves()[0])
    for seat in (None, 0, 1):
        assert game.view(seat)["gift_must"] == [None, None]


def test_card_5_moves_up_to_3_from_one_other_house_any_mix() -> None:
    """Source, "Card Actions" 5; notes: ONE other house, move 0–3 influence of either player."""
    game = started(deck_with(["A4", "B5"], ["A6"], ["F1", "F2"]))
    play(game, "play A4", "gift F1", "play A6", "gift F2")
    game.play_text("play B5")
    assert game.phase == "source"
    assert [str(m) for m in game.legal_moves()] == ["from A"], "only houses with influence"
    game.play_text("from A")
    shifts = {m.value for m in game.legal_moves()}
    assert (3, 0) in shifts and (1, 2) in shifts and (0, 3) in shifts and (0, 0) in shifts
    assert all(a + b <= 3 for a, b in shifts)
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text("shift 2 2")
    assert err.value.code == "too-much"
    game.play_text("shift 1 2")
    assert game.influence[0][A] == 3 and game.influence[1][A] == 4
    assert game.influence[0][B] == 1 and game.influence[1][B] == 2, "influence keeps its owner"


def test_card_7_moves_up_to_4_from_this_house_to_one_other() -> None:
    """Source, "Card Actions" 7; notes: pick ONE other house as destination, move 0–4."""
    game = started(deck_with(["C8", "C7"], ["C6"], ["F1", "F2"]))
    play(game, "play C8", "gift F1", "play C6", "gift F2", "play C7")
    assert game.phase == "dest"
    assert len(game.legal_moves()) == 5
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text("to C")
    assert err.value.code == "same-house"
    game.play_text("to E")
    assert max(a + b for a, b in (m.value for m in game.legal_moves())) == 4
    game.play_text("shift 3 1")
    assert (game.influence[0][C], game.influence[1][C]) == (5, 5)
    assert (game.influence[0][E], game.influence[1][E]) == (3, 1)


def test_card_7_on_an_empty_house_does_nothing() -> None:
    """Source, "Card Actions" 7: there is nothing to move from an empty house."""
    game = started(deck_with(["C7"], [], []))
    events = game.play_text("play C7")
    assert game.phase == "gift"
    assert any(e.kind == "no-effect" for e in events)


def test_card_1_reveals_the_rival_counter_privately_and_allows_a_swap() -> None:
    """Source, "Card Actions" 1; notes: the player privately learns the rival's counter in this
    house, then MAY swap two of their own counters."""
    game = started(deck_with(["F1"], [], []))
    events = game.play_text("play F1")
    assert game.view(0)["counters"][1] == {"Febrois": 5}
    assert game.view(None)["counters"][1] == {}
    looks = [e for e in events if e.kind == "look"]
    assert [e.audience for e in looks if e.audience] == [frozenset({0})]
    assert all("+5" not in e.text for e in rules.visible_events(looks, 1))
    assert game.phase == "swap" and len(game.legal_moves()) == 16  # keep + 15 pairs
    game.play_text("swap A F")
    assert game.counters[0][A] == 5 and game.counters[0][F] == -2


def test_knowledge_of_a_counter_follows_a_swap() -> None:
    """Notes (house reading): which two houses a player swaps is seen by both; what the rival had
    seen of those counters moves with them."""
    game = started(deck_with(["F1"], ["A1"], ["B2", "C2"]))
    play(game, "play F1", "keep", "gift B2")
    assert game.view(0)["counters"][1] == {"Febrois": 5}
    play(game, "play A1", "swap A F")
    assert game.view(0)["counters"][1] == {"Artois": 5}
    assert game.view(1)["counters"][0] == {"Artois": -2}


def test_the_game_ends_with_a_play_only_turn_and_seven_cards_each() -> None:
    """Source, "Turn Structure": the deck empties on the first player's draw; the second player
    ends with a turn that is only a play; both keep 7 cards."""
    game = new(seed=3)
    rng = random.Random(3)
    while not game.final_turn:
        game.play(rng.choice(game.legal_moves()))
    assert game.final_turn and game.to_move == 1 - game.first
    assert len(game.hands[game.to_move]) == 8
    game.play(game.legal_moves()[0])
    while not game.over:  # the card's own follow-up choices, if any
        game.play(game.legal_moves()[0])
    assert [len(h) for h in game.hands] == [7, 7]
    assert game.turn == 17


# --------------------------------------------------------------------------- scoring


def test_scoring_example_without_veto() -> None:
    """Source, "Game End": Aaron 7 influence in De Bourgogne with bonus +6, Kevin 3: 13 and 3."""
    row = score_house("De Bourgogne", (7, 3), (5, 1), (0, 0))
    assert row.points == (13, 3) and row.majority == 0 and row.bonus == 6


def test_scoring_example_hand_veto() -> None:
    """Source, "Game End": Kevin holds the 7, Aaron the 2 and 4: Aaron 0, Kevin 3; reversed hands:
    Aaron 13, Kevin 0."""
    assert score_house("De Bourgogne", (7, 3), (5, 1), (6, 7)).points == (0, 3)
    assert score_house("De Bourgogne", (7, 3), (5, 1), (7, 6)).points == (13, 0)


def test_influence_tie_gives_nobody_the_bonus_and_bonus_may_be_negative() -> None:
    """Notes: only STRICTLY more influence takes the bonus (sum of both counters, may be
    negative); on a tie nobody gets it."""
    assert score_house("Artois", (4, 4), (5, 3), (0, 0)).points == (4, 4)
    assert score_house("Artois", (2, 1), (-2, 0), (0, 0)).points == (0, 1)
    assert score_house("Artois", (2, 1), (-2, -2), (1, 1)).points == (-2, 1)


def _scripted_scoring_game(aaron_keeps: list[str], kevin_keeps: list[str]) -> RoyalHouses:
    """The source's Aaron/Kevin example played as a whole game with a fixed deck.

    Aaron (seat 0, more garnets) goes first. In De Bourgogne: Aaron plays D3 and D8 and moves 2
    of his own out with C5 (1 + 8 - 2 = 7); Kevin plays D6, D1 (and looks) and D5, then moves 3
    of his own out with B5 (6 - 3 = 3). Counters +5 (Aaron) and +1 (Kevin) make the bonus +6.
    The D cards each player must end with are drawn late and never played or given."""
    draws = {15: "F8", 16: "D6", 18: "D1", 20: "D5", 22: "B5"}
    late = {0: [23, 25, 27], 1: [24, 26, 28]}  # Aaron draws the odd positions, Kevin the even
    for seat, cards in ((0, aaron_keeps), (1, kevin_keeps)):
        for position, card in zip(late[seat], cards, strict=False):
            draws[position] = card
    first_hand = ["D3", "D8", "C5"]
    placed = set(first_hand) | set(draws.values())
    fillers = iter(c for c in CARDS if c not in placed and c[0] != "D")
    deck = first_hand + [next(fillers) for _ in range(5)] + [next(fillers) for _ in range(7)]
    for position in range(15, 48):
        deck.append(draws.get(position) or next(fillers))
    assert sorted(deck) == sorted(CARDS)

    wishes = {
        0: [
            "go first",
            "counter +5 D",
            "counter -2 A",
            "counter +0 B",
            "counter +1 C",
            "counter +2 E",
            "counter +3 F",
            "play D3",
            "play D8",
            "play C5",
            "from D",
            "shift 2 0",
        ],
        1: [
            "counter +1 D",
            "counter -2 A",
            "counter +0 B",
            "counter +2 C",
            "counter +3 E",
            "counter +5 F",
            "play D6",
            "play D1",
            "keep",
            "play D5",
            "play B5",
            "from D",
            "shift 3 0",
        ],
    }
    keep = {0: set(aaron_keeps), 1: set(kevin_keeps)}
    game = new(garnets=[5, 2], deck=deck)
    while not game.over:
        seat = game.to_move
        legal = game.legal_moves()
        queue = wishes[seat]
        if queue and game.parse_move(queue[0]) in legal:
            game.play_text(queue.pop(0))
            continue
        saved = keep[seat] | {w.split()[1] for w in queue if w.startswith("play")}

        def cost(move: rules.Move, saved: set[str] = saved) -> tuple[int, str]:
            card = move.cards[0] if move.cards else ""
            if card in saved or card.startswith("D") or move.kind == "swap":
                return (3, str(move))
            if move.kind == "shift" and move.value != (0, 0):
                return (3, str(move))
            if move.kind == "play" and number_of(card) == 3:
                return (1, str(move))  # keep the filler from forcing gifts
            return (0, str(move))

        game.play(min(legal, key=cost))
    assert wishes == {0: [], 1: []}, "every scripted move was played"
    return game


@pytest.mark.parametrize(
    ("aaron_keeps", "kevin_keeps", "points", "vetoed"),
    [
        (["D2", "D4"], ["D7"], (0, 3), (True, False)),
        (["D7"], ["D2", "D4"], (13, 0), (False, True)),
    ],
)
def test_scoring_example_as_a_scripted_game(
    aaron_keeps: list[str],
    kevin_keeps: list[str],
    points: tuple[int, int],
    vetoed: tuple[bool, bool],
) -> None:
    """Source, "Game End", the Aaron and Kevin example, reached by real play from a fixed deck."""
    game = _scripted_scoring_game(aaron_keeps, kevin_keeps)
    row = next(r for r in game.outcome().breakdown["houses"] if r["house"] == "De Bourgogne")
    assert row["influence"] == [7, 3]
    assert row["counters"] == [5, 1] and row["bonus"] == 6 and row["majority"] == 0
    assert sorted(c for c in game.hands[0] if c[0] == "D") == sorted(aaron_keeps)
    assert sorted(c for c in game.hands[1] if c[0] == "D") == sorted(kevin_keeps)
    assert tuple(row["points"]) == points
    assert tuple(row["vetoed"]) == vetoed


def _finished(seed: int = 9) -> RoyalHouses:
    game = new(seed=seed)
    rng = random.Random(seed)
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
    return game


def _set_end(
    game: RoyalHouses, influence: list[list[int]], counters: list[list[int]], hands: list[list[str]]
) -> rules.Outcome:
    """Put a finished game into a chosen end position and score it."""
    game.influence = influence
    game.counters = [dict(enumerate(counters[0])), dict(enumerate(counters[1]))]
    game.hands = hands
    return game.outcome()


NO_BONUS = [[0] * 6, [0] * 6]


def test_tiebreak_majorities_then_influence_then_hand_then_shared() -> None:
    """Source, "Winning": on a tied score, more house majorities wins; then more influence on the
    board; then the higher sum of cards in hand; notes: if all tie, the win is shared."""
    game = _finished()
    # Equal scores (2-2); seat 1 holds the majority in two houses, seat 0 in one.
    out = _set_end(
        game,
        [[3, 0, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0]],
        [[-1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]],
        [["F1"], ["E1"]],
    )
    assert out.scores == (2, 2)
    assert out.winners == (1,) and out.breakdown["decided_by"] == "houses"
    # Equal scores (1-1), one majority each: more influence on the board (3 to 1) wins.
    out = _set_end(
        game,
        [[3, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]],
        [[-2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]],
        [["F1"], ["E1"]],
    )
    assert out.scores == (1, 1)
    assert out.winners == (0,) and out.breakdown["decided_by"] == "influence"
    # Scores, majorities and influence equal: the higher hand total (E2+F1 = 3 vs 2) wins.
    out = _set_end(
        game, [[1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]], NO_BONUS, [["E2", "F1"], ["C1", "D1"]]
    )
    assert out.scores == (1, 1)
    assert out.winners == (0,) and out.breakdown["decided_by"] == "hand"
    assert "{p0}" in out.detail and "higher total in hand" in out.detail
    # Everything equal: a shared win.
    out = _set_end(
        game, [[1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]], NO_BONUS, [["E1", "F1"], ["C1", "D1"]]
    )
    assert out.winners == (0, 1) and out.breakdown["decided_by"] == "shared"


def test_score_uses_every_house_and_reveals_everything_at_the_end() -> None:
    """Source, "Game End": each house is scored; notes: counters are seen at scoring."""
    game = _finished(seed=4)
    out = game.outcome()
    rows = out.breakdown["houses"]
    assert [r["house"] for r in rows] == list(HOUSES)
    assert list(out.scores) == [sum(r["points"][s] for r in rows) for s in (0, 1)]
    table = game.view(None)
    assert table["hands"][0] is not None and len(table["counters"][1]) == 6


# --------------------------------------------------------------------------- what each seat sees


def test_hands_and_draws_are_private() -> None:
    """DESIGN.md: hidden information lives only behind view(seat)."""
    game = started(deck_with([], [], ["F8"]))
    assert game.view(1)["hands"][0] is None and game.view(None)["hands"] == [None, None]
    assert "F8" in game.view(0)["hands"][0]


def test_a_gift_is_known_to_the_giver() -> None:
    """The giver saw the card: it stays in their view of the rival's hand until played."""
    game = started(deck_with(["A2"], [], ["F8"]))
    play(game, "play A2", "gift F8")
    assert game.view(0)["known_in_hand"][1] == ["F8"]
    assert game.view(None)["known_in_hand"] == [[], []]
    game.play_text("play F8")
    assert game.view(0)["known_in_hand"][1] == []


def test_known_cards_are_really_in_the_rivals_hand() -> None:
    """A seat's knowledge of the rival's hand (cards it gave) is always true, including when a
    gift comes back later (found by review: the stale entry used to stay)."""
    for seed in range(60):
        game = new(seed=seed)
        rng = random.Random(seed)
        while not game.over:
            for seat in (0, 1):
                known = game.view(seat)["known_in_hand"][1 - seat]
                assert set(known) <= set(game.hands[1 - seat]), (seed, seat, known)
            game.play(rng.choice(game.legal_moves()))


def test_determinize_keeps_known_cards_and_reshuffles_the_rest() -> None:
    """DESIGN.md: determinize(seat) re-deals hidden cards consistently with view(seat)."""
    game = started(deck_with(["A2"], [], ["F8"]))
    play(game, "play A2", "gift F8")
    rival_hands = set()
    for s in range(20):
        guess = game.determinize(0, random.Random(s))
        assert "F8" in guess.hands[1]
        assert guess.view(0) == game.view(0)
        rival_hands.add(tuple(sorted(guess.hands[1])))
    assert len(rival_hands) > 10


def test_wrong_seat_and_after_the_end_are_refused() -> None:
    """DESIGN.md: wrong-seat moves and moves after the end get IllegalMove and change nothing."""
    game = new(garnets=[0, 3])
    with pytest.raises(rules.IllegalMove) as err:
        game.play(game.legal_moves()[0], seat=0)
    assert err.value.code == "not-your-turn"
    done = _finished()
    with pytest.raises(rules.IllegalMove) as err:
        done.play_text("play A1")
    assert err.value.code == "game-over"


def test_wrong_step_explains_what_is_expected() -> None:
    game = started(deck_with(["A2"], [], []))
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text("gift A2")
    assert err.value.code == "wrong-step" and "play a card" in err.value.message
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text("play B7")
    assert err.value.code == "not-in-hand" and "7 of Bellerophon" in err.value.message


def _refused(game: RoyalHouses, text: str) -> rules.IllegalMove:
    """Play ``text``, expect a refusal, and check it changed nothing."""
    before = game.to_json()
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text(text)
    assert game.to_json() == before
    return err.value


def test_typed_moves_the_rules_forbid_are_refused_with_the_rule() -> None:
    """Well-formed notation that names something the rules forbid says the rule,
    not only the notation hint. Source, "Set Up": the counters are -2, +0, +1, +2, +3, +5;
    "The Deck": numbered 1 to 8; "Card Actions" 7: move up to 4 influence; 1: switch two of
    your counters."""
    game = new(garnets=[2, 1], deck=deck_with(["A8", "A7", "A1"], [], []))
    play(game, "go first")
    err = _refused(game, "counter +4 A")
    assert err.code == "no-such-counter" and "-2, +0, +1, +2, +3 and +5" in err.message
    play(game, *STANDARD_COUNTERS, *STANDARD_COUNTERS)
    err = _refused(game, "play A9")
    assert err.code == "no-such-card" and "every number 1-8" in err.message
    play(game, "play A8")
    gift = next(m for m in game.legal_moves() if m.cards[0] not in ("A7", "A1"))
    game.play(gift)
    while game.to_move != game.first or game.phase != "play":
        game.play(game.legal_moves()[0])
    play(game, "play A7", "to B")
    err = _refused(game, "shift 5 0")
    assert (err.code, err.message) == ("too-much", "This card moves at most 4 influence.")
    play(game, "shift 0 0")
    gift = next(m for m in game.legal_moves() if m.cards[0] != "A1")
    game.play(gift)
    while game.to_move != game.first or game.phase != "play":
        game.play(game.legal_moves()[0])
    play(game, "play A1")
    err = _refused(game, "swap C C")
    assert err.code == "same-house" and "two different houses" in err.message


def test_unreadable_notation_still_gets_the_notation_hint() -> None:
    """DESIGN.md: malformed notation is refused with a clear sentence and changes nothing."""
    game = started(deck_with([], [], []))
    for text in ("play", "play Q3", "counter +5 Q", "shift two 1", "", "swap A"):
        err = _refused(game, text)
        assert err.code == "bad-notation" and "try 'play A5'" in err.message


# --------------------------------------------------------------------------- rules text


@pytest.mark.parametrize(
    "phrase",
    [
        # RULES-NOTES, Royal Houses: each line below is a decision of ours, so it is marked.
        "nobody sees the rival's counters until scoring",
        "a card 3 played then (on the first player's final turn) only places its influence",
        "this applies to your rival's next gift",
        "you pick exactly one other house as the source",
        "you pick exactly one other house as the destination",
        "if the influence is tied, nobody receives the bonus",
        "If both players have the same number, or nobody enters any",
        "the action of that last card still happens",
    ],
)
def test_rules_text_marks_our_decisions_as_house_readings(phrase: str) -> None:
    """RULES-NOTES: every decision the in-app text states is marked as a house reading."""
    assert is_house_reading("royal_houses", phrase)


@pytest.mark.parametrize(
    "phrase",
    [
        # Source, "The Deck", "Set Up", "Turn Structure", "Game End": said by the source itself.
        "The first player receives 8 cards and the second player 7 cards",
        "The majority bonus of a house is the sum of the two counters on it",
        "Any card will do except the one your rival gave you on their previous turn",
        "The deck always runs out on one of the first player's draws",
        "If your rival's total is higher than yours, your whole score for this house is 0",
    ],
)
def test_rules_text_leaves_what_the_source_says_unmarked(phrase: str) -> None:
    """RULES-NOTES: nothing the source itself says may be marked as a house reading."""
    assert not is_house_reading("royal_houses", phrase)


# ---- move descriptions (the rules word a move for buttons, hints and the phone client) ----------


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("go first", "Go first"),  # order
        ("counter +5 A", "+5 on Artois"),  # counter
        ("counter 0 D", "+0 on De Bourgogne"),
        ("counter -2 F", "-2 on Febrois"),
        ("play A3", "Play the 3 of Artois"),  # play
        ("gift C8", "Gift the 8 of Castellia"),  # gift
        ("keep", "Keep my counters"),  # keep
        ("swap A B", "Swap Artois ↔ Bellerophon"),  # swap
        ("from E", "From Ellicta"),  # source
        ("to B", "To Bellerophon"),  # dest
        ("shift 0 0", "Move nothing"),  # shift
        ("shift 2 1", "Move 2 of mine + 1 of theirs"),
        ("shift 0 3", "Move 3 of theirs"),
    ],
)
def test_describe_move_words_each_kind(text: str, sentence: str) -> None:
    game = new()
    assert game.describe_move(game.parse_move(text), 0, ["Ada", "Bart"]) == sentence
