"""Court of the Medici rules tests. Each cites the RULES-NOTES.md line ("notes: ...") or the
clause of sources/000_842a9ddcc649b389.txt ("source, <section>") it checks; "house reading"
marks our own decisions, written down in rules/medici.md.

Fixed decks (the advanced ``decks`` option) deal every position. A few end-game tests reach
their position by editing the state directly (said so in the docstring): walking 16 turns
per player to empty a deck would test nothing more.
"""

from __future__ import annotations

import random

import pytest
from game_helpers import until_legal
from rules_texts import is_house_reading, passages

import rules
from rules.medici import (
    ALL_CARDS,
    HOUSES,
    TITLES,
    Medici,
    _house_cards,
    card_name,
)


def order(initial: str, top: list[str], mistresses: bool = False) -> list[str]:
    """One house's deck from the top: ``top`` first, then the rest in printed order."""
    cards = _house_cards("GROP".index(initial), mistresses)
    assert all(c in cards for c in top)
    return top + [c for c in cards if c not in top]


def duel(
    inner0: list[str],
    hand0: list[str],
    inner1: list[str],
    hand1: list[str],
    draws0: list[str] | None = None,
    draws1: list[str] | None = None,
    **options: object,
) -> Medici:
    """A Gonzaga (seat 0) v Della Rovere (seat 1) duel: Inner Circle stacks 1-4 are seat 0's
    cards in order, 5-8 seat 1's; then the hands; then the draws."""
    mistresses = bool(options.get("mistresses"))
    decks = order("G", inner0 + hand0 + (draws0 or []), mistresses) + order(
        "R", inner1 + hand1 + (draws1 or []), mistresses
    )
    game = rules.new_game("medici", 2, seed=1, options={"decks": decks, **options})
    assert isinstance(game, Medici)
    return game


def alliances(hands: list[list[str]], inner: list[list[str]]) -> Medici:
    """A 4-player game: ``hands[s]`` is seat s's hand, ``inner[k]`` the cards of Inner Circle
    stack k+1 from seat 0 up to seat 3."""
    decks: list[str] = []
    for s, initial in enumerate("GROP"):
        top = hands[s] + [inner[k][s] for k in range(4)]
        decks += order(initial, top, mistresses=True)
    game = rules.new_game("medici", 4, seed=1, options={"decks": decks})
    assert isinstance(game, Medici)
    return game


def play(game: Medici, *texts: str) -> None:
    for text in texts:
        game.play_text(text)


def refused(game: Medici, text: str) -> str:
    before = game.snapshot()
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text(text)
    assert game.snapshot() == before, "a refused move changed the game"
    assert err.value.message.endswith(".")
    return err.value.code


def totals(game: Medici) -> dict[int, int]:
    return {sid: game.total(sid) for sid in game.stacks}


# A standard duel: seat 0 has the bigger Inner Circle (2+3+4+6 = 15 against 14) and starts.
INNER0 = ["G2a", "G3a", "G4a", "G6a"]
INNER1 = ["R2a", "R3a", "R4a", "R5a"]


# --------------------------------------------------------------------------- the cards


def test_each_house_has_25_cards_plus_two_mistresses() -> None:
    """Notes: nobles 2-10 twice, Minister x2, Lady-in-Waiting x2, Jester x2, Duke x1 (25); the
    Alliances variant adds 2 Mistresses per house (source, "Components": 27 cards)."""
    for h in range(4):
        assert len(_house_cards(h, False)) == 25
        assert len(_house_cards(h, True)) == 27
    assert len(set(ALL_CARDS)) == 4 * 27, "card ids are unique across every deck"
    assert card_name("G9a") == "the Gonzaga Cardinal (9)"
    assert card_name("R10b") == "the Della Rovere Count (10)"
    assert TITLES["Gonzaga"][0] == "Friar" and TITLES["Della Rovere"][-1] == "Count"
    assert HOUSES[2:] == ("Orsini", "Pazzi") and len(TITLES["Pazzi"]) == 9


def test_duel_setup_four_inner_singles_and_five_cards() -> None:
    """Notes, 2-player setup: each player deals 4 cards face up as single cards into the Inner
    Circle and draws 5."""
    game = duel(INNER0, [], INNER1, [])
    view = game.view(None)
    inner = [s for s in view["stacks"] if s["area"] == "inner"]
    assert len(inner) == 8 and all(len(s["cards"]) == 1 for s in inner)
    assert [s["cards"][0]["card"] for s in inner] == INNER0 + INNER1
    assert view["hand_counts"] == [5, 5] and view["deck_counts"] == [16, 16]
    assert view["hands"] == [None, None], "the table sees no hand"


def test_duel_higher_inner_circle_total_starts() -> None:
    """Notes: higher Inner Circle total starts."""
    assert duel(INNER0, [], INNER1, []).to_move == 0
    assert duel(["G2a", "G3a", "G4a", "G5a"], [], ["R2a", "R3a", "R4a", "R6a"], []).to_move == 1


def test_duel_start_tie_goes_to_the_higher_single_card_and_jester_counts_1() -> None:
    """Notes: tie -> higher single card; Jesters count 1 (house reading: a Jester dealt at setup
    keeps the value 1 for the rest of the game)."""
    # 10+2+2+2 = 16 against 5+5+5+1 (Jester) = 16: seat 0 holds the 10.
    game = duel(["G10a", "G2a", "G2b", "GLa"], [], ["R5a", "R5b", "R6a", "RJa"], [])
    assert sum(game.total(s) for s in (1, 2, 3, 4)) == 15
    assert sum(game.total(s) for s in (5, 6, 7, 8)) == 17
    game = duel(["G10a", "G2a", "G2b", "G3a"], [], ["R5a", "R5b", "R6a", "RJa"], [])
    assert game.total(8) == 1 and game.values["RJa"] == 1
    assert game.to_move == 0 and "highest noble" in game.opening_events[-1].text


# --------------------------------------------------------------------------- actions


def test_send_a_noble_to_court_goes_alone_into_the_outer_court() -> None:
    """Notes: send a noble to court = a card alone into the Outer Court (never alone into the
    Inner Circle); then draw."""
    game = duel(INNER0, ["G7a"], INNER1, [], draws0=["G8a"])
    play(game, "court G7a")
    new = game.stacks[9]
    assert new == ["G7a"] and game.area[9] == "outer"
    assert "G8a" in game.hands[0] and len(game.hands[0]) == 5, "the draw follows the action"
    assert game.to_move == 1
    courts = {m.target for m in game.legal_moves() if m.kind == "court"}
    assert courts == {"outer"}


def test_build_in_the_duel_may_use_inner_or_outer_stacks() -> None:
    """Notes: Build = onto any stack (2-player: Inner or Outer)."""
    game = duel(INNER0, ["G7a"], INNER1, [])
    targets = {m.target for m in game.legal_moves() if m.kind == "build"}
    assert targets == {f"stack:{i}" for i in range(1, 9)}
    play(game, "build G7a on 5")
    assert game.stacks[5] == ["R2a", "G7a"] and game.area[5] == "inner"


def test_conspiracy_only_against_an_equal_total() -> None:
    """Notes: Conspire = build, then if the new total equals another stack's total anywhere the
    player MAY eliminate exactly one such stack; source, "Conspire": eliminated cards go to their
    owners' discard piles."""
    game = duel(INNER0, ["G2b"], INNER1, [])
    play(game, "build G2b on 2")  # G3a + G2b = 5, like R5a alone in stack 8
    assert game.phase == "conspire" and game.to_move == 0
    assert {str(m) for m in game.legal_moves()} == {"strike 8", "spare"}
    assert refused(game, "strike 7") == "not-equal"  # R4a is worth 4
    assert refused(game, "strike 2") == "own-stack"
    play(game, "strike 8")
    assert 8 not in game.stacks and game.discards[1] == ["R5a"]
    assert game.to_move == 1


def test_build_without_an_equal_total_is_a_plain_build() -> None:
    """Notes: conspiracy needs an equal total; otherwise the turn simply passes."""
    game = duel(INNER0, ["G7a"], INNER1, [])
    play(game, "build G7a on 1")  # 9: no stack is worth 9
    assert game.phase == "action" and game.to_move == 1


def test_declining_a_conspiracy_is_a_plain_build() -> None:
    """Notes: the player MAY eliminate (declining is a plain build)."""
    game = duel(INNER0, ["G2b"], INNER1, [])
    play(game, "build G2b on 2")
    before = totals(game)
    play(game, "spare")
    assert totals(game) == before and game.to_move == 1


def test_minister_on_a_single_card_is_a_plain_alliance() -> None:
    """Notes: Minister onto a single card simply forms an alliance."""
    game = duel(INNER0, ["GMa"], INNER1, [])
    play(game, "build GMa on 6")
    assert game.stacks[6] == ["R3a", "GMa"] and game.total(6) == 3
    assert game.discards == [[], []]


def test_minister_on_a_stack_dismisses_every_card_beneath() -> None:
    """Notes: Minister onto a stack of 2+ cards: every card beneath goes to its owner's discard
    pile and the Minister stays alone."""
    game = duel(INNER0, ["G7a", "GMa"], INNER1, ["R8a"])
    play(game, "build G7a on 5", "build R8a on 5")  # stack 5: R2a, G7a, R8a
    play(game, "build GMa on 5")
    assert game.stacks[5] == ["GMa"] and game.area[5] == "inner"
    assert game.discards[0] == ["G7a"] and sorted(game.discards[1]) == ["R2a", "R8a"]
    assert game.phase == "action", "no stack is worth 0, so there is nothing to conspire with"


def test_a_minister_that_clears_a_stack_may_conspire_against_another_stack_worth_0() -> None:
    """RULES-NOTES, Court of the Medici: "This holds for every build, a Minister's included: a
    Minister that clears a stack leaves a stack worth 0, which may conspire against another
    stack worth 0." """
    game = duel(INNER0, ["G7a", "GMa"], INNER1, ["RMa"])
    play(game, "build G7a on 5", "court RMa")  # stack 9 (outer): a lone Minister, worth 0
    events = game.play_text("build GMa on 5")  # clears R2a and G7a: stack 5 is worth 0
    assert [e.kind for e in events] == ["build", "minister"]
    assert game.stacks[5] == ["GMa"] and game.total(5) == 0
    assert game.phase == "conspire" and game.to_move == 0
    assert {str(m) for m in game.legal_moves()} == {"strike 9", "spare"}
    play(game, "strike 9")
    assert 9 not in game.stacks and game.discards[1] == ["R2a", "RMa"]
    assert game.to_move == 1


def test_lady_in_waiting_splits_a_stack_in_place() -> None:
    """Notes: Lady-in-Waiting onto a stack: every card of it (her included) becomes a single card
    in the same area."""
    game = duel(INNER0, ["G7a", "GLa", "G9a"], INNER1, ["R8a"])
    play(game, "build G7a on 5", "court R8a")  # stack 9 (outer): R8a
    play(game, "build GLa on 5")
    assert 5 not in game.stacks
    singles = {game.stacks[s][0]: game.area[s] for s in game.stacks if len(game.stacks[s]) == 1}
    assert singles["R2a"] == singles["G7a"] == singles["GLa"] == "inner"
    assert all(len(c) == 1 for c in game.stacks.values())
    outer = duel(INNER0, ["G7a", "GLa"], INNER1, ["R8a", "R9a"])
    play(outer, "court G7a", "build R8a on 9", "build GLa on 9")
    areas = {outer.stacks[s][0]: outer.area[s] for s in outer.stacks if len(outer.stacks[s]) == 1}
    assert 9 not in outer.stacks
    assert areas["G7a"] == areas["R8a"] == areas["GLa"] == "outer"


def test_plan_for_the_future_puts_a_card_under_your_deck() -> None:
    """Notes: Plan for the future = a card to the bottom of your own deck; then draw. Hidden from
    the rival, known to its owner (house reading)."""
    game = duel(INNER0, ["G7a"], INNER1, [], draws0=["G8a"])
    play(game, "plan G7a")
    assert game.decks[0][0] == "G7a" and "G8a" in game.hands[0]
    assert game.view(0)["my_deck_bottom"] == ["G7a"]
    assert "G7a" not in str(game.view(1)) and game.view(1)["my_deck_bottom"] == []


def test_plan_for_the_future_is_refused_with_an_empty_deck() -> None:
    """Notes: plan for the future is not allowed once your deck is empty. (State edited: seat 0's
    deck holds one card, drawn after this turn's action.)"""
    game = duel(INNER0, ["G7a", "G8a"], INNER1, [])
    game.decks[0] = ["G10a"]
    play(game, "court G7a")  # draws the last card
    play(game, f"court {sorted(game.hands[1])[0]}")
    assert game.decks[0] == [] and not any(m.kind == "plan" for m in game.legal_moves())
    assert refused(game, "plan G8a") == "deck-empty"


# --------------------------------------------------------------------------- values


def test_jester_value_is_chosen_when_played_and_stays_fixed() -> None:
    """Notes: Jester value 1..10 is chosen when the card is played and stays fixed."""
    game = duel(INNER0, ["GJa", "G2b"], INNER1, ["R7a"])
    play(game, "court GJa")
    assert game.phase == "value" and len(game.legal_moves()) == 10
    assert refused(game, "value 11") == "bad-value"
    play(game, "value 7")
    assert game.total(9) == 7 and game.values["GJa"] == 7
    play(game, "build R7a on 9")
    assert game.total(9) == 14, "the Jester keeps its 7"
    assert refused(game, "value 3") == "wrong-step"


def test_mistress_value_is_negative_and_scores_minus_one() -> None:
    """Notes: Mistress value -1..-10 chosen when played; influence points: Jester scores 1 and
    Mistress scores -1."""
    game = duel(INNER0, ["GXa", "GJa"], INNER1, ["R7a"], mistresses=True)
    play(game, "build GXa on 1", "value -10")
    assert game.total(1) == -8
    assert game.points()[0] == 15 - 1, "the Mistress worth -10 scores only -1"
    play(game, "court R7a", "court GJa", "value 10")
    assert game.points()[0] == 15 - 1 + 1, "the Jester worth 10 scores only 1"


def test_mistresses_only_with_the_option_in_the_duel() -> None:
    """Notes: the Alliances variant adds the Mistresses; in the duel they are an option."""
    plain = rules.new_game("medici", 2, seed=3)
    assert len(plain.census()) == 50
    game = rules.new_game("medici", 2, seed=3, options={"mistresses": True})
    assert len(game.census()) == 54


# --------------------------------------------------------------------------- last card


def test_last_card_is_revealed_and_limits_later_plays() -> None:
    """Notes: whoever draws the last card of their deck reveals it and from then on may not play
    a card of higher value. (State edited: seat 0's deck holds one card.)"""
    game = duel(INNER0, ["G7a", "G9a", "GMa", "GJa", "G2b"], INNER1, [])
    game.decks[0] = ["G5a"]
    play(game, "court G7a")
    assert game.revealed[0] == "G5a" and game.limit[0] == 5
    assert game.view(1)["revealed"][0] == "G5a", "the revealed card is public"
    play(game, f"court {sorted(game.hands[1])[0]}")
    assert refused(game, "court G9a") == "over-limit"
    playable = {m.cards[0] for m in game.legal_moves()}
    assert playable == {"G5a", "GMa", "GJa", "G2b"}
    play(game, "court GJa")
    assert [m.value[0] for m in game.legal_moves()] == [1, 2, 3, 4, 5], "Jester at most 5"


def test_a_jester_drawn_last_is_named_at_once() -> None:
    """Notes: a Jester last card is named when revealed; house reading: it keeps that value when
    played. (State edited: seat 0's deck holds one card.)"""
    game = duel(INNER0, ["G7a", "G9a", "G3b"], INNER1, [])
    game.decks[0] = ["GJb"]
    play(game, "court G7a")
    assert game.phase == "name" and game.to_move == 0
    play(game, "name GJb 4")
    assert game.limit[0] == 4 and game.values["GJb"] == 4 and game.to_move == 1
    play(game, f"court {sorted(game.hands[1])[0]}")
    assert refused(game, "court G9a") == "over-limit"
    play(game, "court GJb")
    assert game.phase == "action" and game.total(max(game.stacks)) == 4, "no second choice"


# --------------------------------------------------------------------------- end, duel


def test_duel_ends_at_once_when_a_house_leaves_the_inner_circle() -> None:
    """Notes: end, 2 players: at once when a player has no card of their house left in the Inner
    Circle. (State edited: three of seat 1's Inner Circle cards are already gone.)"""
    game = duel(INNER0, ["G2b"], INNER1, [])
    for sid in (5, 6, 7):
        game.discards[1].append(game.stacks.pop(sid)[0])
        del game.area[sid]
    play(game, "build G2b on 2", "strike 8")
    assert game.over and "no noble left in the Inner Circle" in game.end_reason
    assert len(game.hands[0]) == 4, "the game ends at once: no draw"
    out = game.outcome()
    assert out.winners == (0,) and out.scores == (2 + 3 + 2 + 4 + 6, 0)


def test_duel_ends_when_the_player_to_act_cannot_play() -> None:
    """Notes: the game ends when the player to act cannot play. (State edited: seat 1 holds only
    a 9 and its deck is spent with a 3 revealed.)"""
    game = duel(INNER0, ["G7a"], INNER1, [])
    game.decks[1], game.revealed[1], game.limit[1] = [], "R3b", 3
    game.hands[1] = ["R9a"]
    play(game, "court G7a")
    assert game.over and "cannot play" in game.end_reason


def test_duel_tie_goes_to_the_highest_value_card_in_play() -> None:
    """Notes: each player scores the influence points of all their house's cards in play; tie:
    the player with the highest-value card in play wins. (State edited: the final table.)"""
    game = duel(INNER0, [], INNER1, [])
    game.stacks = {1: ["G10a", "G2a"], 2: ["R7a", "R5a"]}
    game.area = {1: "inner", 2: "inner"}
    game.phase = "over"
    out = game.outcome()
    assert out.scores == (12, 12) and out.winners == (0,) and "highest-value" in out.detail
    game.stacks = {1: ["GJa", "R2b"]}
    game.values["GJa"] = 9
    game.stacks[2] = ["R10a", "G2b"]
    out = game.outcome()
    assert out.scores == (3, 12) and out.winners == (1,)


# --------------------------------------------------------------------------- Alliances

HANDS = [
    ["G2a", "G3a", "G4a", "G5a", "G6a"],
    ["R2a", "R3a", "R4a", "R5a", "R6a"],
    ["O2a", "O3a", "O4a", "O5a", "O6a"],
    ["P2a", "P3a", "P4a", "P5a", "P6a"],
]
INNER = [
    ["G7a", "R7a", "O7a", "P7a"],  # 28
    ["G8a", "R8a", "O8a", "P8a"],  # 32
    ["G9a", "R9a", "O9a", "P9a"],  # 36
    ["G10a", "R10a", "O10a", "P2b"],  # 32
]


def test_alliances_setup_builds_four_inner_stacks_of_four() -> None:
    """Source, "Setting Up": hands of 5, then four times each player's top card onto a stack, one
    card from each player per stack; partners sit with an opponent between them."""
    game = alliances(HANDS, INNER)
    view = game.view(None)
    inner = [s for s in view["stacks"] if s["area"] == "inner"]
    assert [[c["card"] for c in s["cards"]] for s in inner] == INNER
    assert [[c["owner"] for c in s["cards"]] for s in inner] == [[0, 1, 2, 3]] * 4
    assert view["hand_counts"] == [5] * 4 and view["deck_counts"] == [27 - 9] * 4
    assert view["teams"] == [[0, 2], [1, 3]]
    assert view["houses"] == list(HOUSES)


def test_alliances_most_influence_starts() -> None:
    """Source, "Setting Up": the player with the highest influence goes first."""
    game = alliances(HANDS, INNER)
    # Pazzi has 7+8+9+2 = 26, everyone else 34: a tie, broken by the highest noble (the 10s
    # tie too), then by a seeded coin among Gonzaga, Della Rovere and Orsini.
    assert game.to_move in (0, 1, 2)
    inner = [list(s) for s in INNER]
    inner[3] = ["G10a", "R10a", "O10a", "PD"]  # Pazzi's Duke: 7+8+9+15 = 39
    assert alliances(HANDS, inner).to_move == 3


def test_alliances_no_card_is_ever_played_onto_the_inner_circle() -> None:
    """Source, "Inner Circle": no player may play a card to the Inner Circle."""
    game = alliances(HANDS, INNER)
    me = game.to_move
    assert not any(m.kind == "build" for m in game.legal_moves()), "only the Inner Circle exists"
    card = sorted(game.hands[me])[0]
    assert refused(game, f"build {card} on 1") == "inner-circle-closed"
    play(game, f"court {card}")
    builds = {m.target for m in game.legal_moves() if m.kind == "build"}
    assert builds == {"stack:5"}


def test_alliances_conspiracy_from_the_outer_court_strikes_the_inner_circle() -> None:
    """Source, "Conspire": eliminate a stack of equal value either inside or outside the inner
    circle; assessment: Inner Circle stacks can only be struck by a conspiracy from the Outer
    Court."""
    inner = [list(s) for s in INNER]
    inner[0] = ["G2b", "R2b", "O2b", "PD"]  # 21, and Pazzi starts with the Duke
    game = alliances(HANDS, inner)
    assert game.to_move == 3
    play(game, "court P5a")  # stack 5 (outer): 5
    play(game, "court G6a")  # seat 0: stack 6: 6
    play(game, "build R6a on 6")  # seat 1: 12
    play(game, "build O4a on 6")  # seat 2: 16 — no equal stack
    assert game.to_move == 3
    play(game, "build P6a on 5")  # seat 3: 11 — nothing
    play(game, "build G5a on 6")  # seat 0: 21 = stack 1
    assert game.phase == "conspire"
    play(game, "strike 1")
    assert 1 not in game.stacks
    assert game.discards == [["G2b"], ["R2b"], ["O2b"], ["PD"]]


def test_alliances_ends_when_the_inner_circle_is_empty() -> None:
    """Source, "Inner Circle": if the Inner Circle is ever empty, the game ends. (State edited:
    three Inner Circle stacks are gone and the Outer Court holds a stack worth 22.)"""
    game = alliances(HANDS, INNER)
    for sid in (2, 3, 4):
        for c in game.stacks.pop(sid):
            game.discards[game.owner(c)].append(c)
        del game.area[sid]
    outer = ["G9b", "R9b", "O4b"]
    for c in outer:
        game.decks[game.owner(c)].remove(c)
    game.stacks[5], game.area[5] = outer, "outer"
    me = game.to_move
    play(game, f"build {'GROP'[me]}6a on 5")  # 22 + 6 = 28, the last Inner stack's value
    assert game.phase == "conspire" and not game.over
    play(game, "strike 1")
    assert game.over and game.end_reason == "The Inner Circle is empty."


def test_alliances_team_scores_and_ties() -> None:
    """Source, "Ending the Game" and "Adjudicating Ties": each player's influence is added to
    the partner's; a tie goes to the team with the highest value noble. (State edited: the final
    table.)"""
    game = alliances(HANDS, INNER)
    game.phase = "over"
    game.stacks = {1: ["G10a", "R8a"], 2: ["O3a", "P5a"]}
    game.area = {1: "inner", 2: "outer"}
    out = game.outcome()
    assert out.scores == (13, 13, 13, 13)
    assert out.winners == (0, 2), "the team holding the 10 wins the tie"
    assert "highest-value" in out.detail
    game.stacks = {1: ["G8a", "R8a"], 2: ["O3a", "P3a"]}
    out = game.outcome()
    assert out.winners == (0, 1, 2, 3) and "shared" in out.detail
    game.stacks = {1: ["G8a", "R8a"], 2: ["O3a", "P2a"]}
    out = game.outcome()
    assert out.scores == (11, 10, 11, 10) and out.winners == (0, 2)


# --------------------------------------------------------------------------- plumbing


def test_notation_round_trips_and_options_are_checked() -> None:
    """The move notation of rules/medici.md, "Playing in tabletop"."""
    game = duel(INNER0, ["GJa", "G2b"], INNER1, [])
    for text in ("court GJa", "build G2b on 2", "plan G2b", "value -3", "strike 8", "spare"):
        assert str(game.parse_move(text)) == text
    assert str(game.parse_move("name gja 7")) == "name GJa 7"
    with pytest.raises(rules.IllegalMove):
        game.parse_move("build G2b 2")
    with pytest.raises(rules.SetupError):
        rules.new_game("medici", 2, options={"decks": ["G2a"]})
    with pytest.raises(rules.SetupError):
        rules.new_game("medici", 2, options={"houses": "Medici / Sforza"})


def test_hidden_cards_stay_hidden_and_determinize_keeps_the_view() -> None:
    """DESIGN.md: hands and deck orders are hidden; determinize re-deals only what the seat
    cannot see."""
    game = rules.new_game("medici", 4, seed=9)
    rng = random.Random(2)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    for seat in range(4):
        guess = game.determinize(seat, random.Random(seat))
        assert guess.view(seat) == game.view(seat)
        assert guess.hands[seat] == game.hands[seat]


def test_heuristic_bot_plays_legal_moves_to_the_end() -> None:
    """The arena bot (tabletop/games/medici/bots.py) only ever answers with legal moves."""
    from tabletop.ai.base import decide
    from tabletop.games.medici.bots import MediciBot

    for players in (2, 4):
        game = rules.new_game("medici", players, seed=5)
        bot, rng = MediciBot(seed=1), random.Random(3)
        while not game.over:
            game.play(decide(bot, game, game.to_move, rng))
        assert game.outcome().winners


def test_a_card_the_decks_lack_is_refused_with_what_a_deck_holds() -> None:
    """Typed notation that names a card no deck has says which cards a deck holds
    (notes: nobles 2-10 twice, Minister x2, Lady-in-Waiting x2, Jester x2, Duke x1; the
    Alliances variant adds 2 Mistresses), and changes nothing."""
    game = duel(INNER0, ["G7a"], INNER1, [])
    for text in ("court G11a", "court G7c", "build GQa on 1", "plan G1a"):
        assert refused(game, text) == "no-such-card"
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text("court G7c")
    assert err.value.message.startswith("There is no card G7c: each house holds nobles 2 to 10")
    assert refused(game, "court G") == "bad-notation"


def test_striking_the_stack_just_built_says_so() -> None:
    """Source, "Conspire": eliminate one OTHER card or stack of equal influence value."""
    game = duel(INNER0, ["G2b"], INNER1, [])
    play(game, "build G2b on 2")
    with pytest.raises(rules.IllegalMove) as err:
        game.play_text("strike 2")
    assert err.value.code == "own-stack" and "the one you have just built" in err.value.message


def test_three_players_are_refused_and_no_text_offers_them() -> None:
    """Source, Evertide assessment: the Alliances variant "does not accommodate 3 players"; the
    duel is for 2. Court of the Medici is played by 2 or 4: a 3-player game is refused, and
    neither the rules text nor an option's help says otherwise."""
    with pytest.raises(rules.SetupError) as err:
        rules.new_game("medici", 3, seed=1)
    assert "2 or 4 players" in str(err.value)
    spec = rules.GAMES["medici"]
    assert spec.player_counts == (2, 4)
    helps = " ".join(option.help for option in spec.options)
    assert "3 or 4" not in helps and "With 4 players" in helps
    assert "Inner Circle totals decide who starts" in helps
    text = " ".join(passages("medici"))
    assert "3 players" not in text and "played by 2 or 4" in text


@pytest.mark.parametrize(
    "phrase",
    [
        # RULES-NOTES, Court of the Medici: "This holds for every build, a Minister's included".
        "every build may conspire, a Minister's included",
        "a Lady breaking a stack up is the whole action",
        # Our decisions where the sources are silent.
        "a Jester dealt at setup keeps the value 1 for the whole game",
        "a Jester dealt into the Inner Circle counts and keeps the value 1",
        '"cannot play" is checked for the player whose turn it is',
        "if the cards tie all the way down, a coin decides",
        "discard piles are open",
    ],
)
def test_rules_text_marks_our_decisions_as_house_readings(phrase: str) -> None:
    """RULES-NOTES: every decision the in-app text states is marked as a house reading."""
    assert is_house_reading("medici", phrase)


@pytest.mark.parametrize(
    "phrase",
    [
        # Source, "Inner Circle", "Ending the Game", "Running Out of Cards", "Adjudicating Ties".
        "Nobody may ever play a card onto it",
        "The game ends when the Inner Circle is empty or a player cannot play",
        "you show it to everyone. From then on you may not play any card worth more",
        "the highest starts, a tie going to the player with the highest noble",
    ],
)
def test_rules_text_leaves_what_the_source_says_unmarked(phrase: str) -> None:
    """RULES-NOTES: nothing the source itself says may be marked as a house reading."""
    assert not is_house_reading("medici", phrase)


def test_rules_text_names_cards_with_their_copy_letter_and_the_minister_is_no_she() -> None:
    """The notation paragraph names cards as the game reads them, the Minister is not
    "her", and the conspiracy button is called what the table calls it."""
    game = duel(INNER0, [], INNER1, [])
    text = rules.rules_text("medici")
    for card in ("G7a", "G7b", "RMa", "RMb", "RLa", "OJb", "PXa", "GD"):
        assert f"**{card}**" in text
        assert game.parse_move(f"court {card}").cards == (card,)
    minister = next(p for p in passages("medici") if p.startswith("Minister built onto"))
    assert " her" not in minister and " she " not in minister
    assert "**Don't conspire**" in text and "choose **spare**" not in text


def test_a_save_from_before_the_minister_could_conspire_says_so() -> None:
    """A version-1 save (no conspiracy after a Minister cleared a stack) whose next move was the
    rival's no longer replays under RULES-NOTES' "every build may conspire": it is refused with
    a sentence naming the older rules, never called "edited"; a version-1 save that still
    replays loads although its recorded position hash is of the older rules."""
    game = duel(INNER0, ["G7a", "GMa"], INNER1, ["RMa", "R8a"])
    play(game, "build G7a on 5", "court RMa")
    old = game.to_json()
    old["rules_version"] = 1
    old["state_hash"] = "0" * 64  # the older rules recorded another position
    assert rules.load_game(old).snapshot() == game.snapshot()
    old["moves"] = [*old["moves"], "build GMa on 5", "court R8a"]
    with pytest.raises(rules.BadSave) as err:
        rules.load_game(old)
    assert "older version of the Court of the Medici rules" in str(err.value)
    assert "edited" not in str(err.value)


# ---- move descriptions (the rules word a move for buttons, hints and the phone client) ----------


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("court G10a", "Send the Gonzaga Countess (10) to court"),  # court
        ("build G10a on 1", "Build the Gonzaga Countess (10) on stack 1"),  # build
        ("plan G10a", "Plan the Gonzaga Countess (10)"),  # plan
        ("value -1", "Value −1"),  # value (a true minus sign)
        ("name GJb 1", "Name it 1"),  # name
        ("spare", "Don't conspire"),  # spare
    ],
)
def test_describe_move_words_each_kind(text: str, sentence: str) -> None:
    game = rules.new_game("medici", 2, seed=1)
    assert game.describe_move(game.parse_move(text), 0, ["Ada", "Bart"]) == sentence


def test_describe_strike_gives_the_stack_total_the_seat_sees() -> None:
    """strike: the stack's number and its total, as view(seat) shows it."""
    game, move = until_legal("medici", 2, 0, "strike")
    seat = game.to_move
    assert game.describe_move(move, seat, ["Ada", "Bart"]) == "Strike stack 5 (total 8)"
    total = next(s["total"] for s in game.view(seat)["stacks"] if s["id"] == move.target)
    assert total == 8
