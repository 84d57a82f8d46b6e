"""Allegiance rules tests. Each cites the clause of sources/002_2087373f59983d5d.txt
("source, <section>") or the RULES-NOTES.md line ("notes: ...") it checks; "house reading"
marks a decision of ours stated in rules/allegiance.md."""

from __future__ import annotations

import json
import random

import pytest

import rules
from rules import IllegalMove, SetupError
from rules.allegiance import (
    CARDS,
    EXCLUDED,
    FACES,
    MOON,
    RANK_OF,
    TRAITS,
    VICTORIES,
    Allegiance,
    AllegianceMove,
)


def new(players: int = 4, seed: int = 1, **options: object) -> Allegiance:
    game = rules.new_game("allegiance", players, seed=seed, options=options)
    assert isinstance(game, Allegiance)
    return game


def play(game: Allegiance, *texts: str) -> None:
    for text in texts:
        game.play_text(text)


def deck_for(players: int, hands: list[list[str]], excluded: list[str] = ()) -> list[str]:
    """A full 54-card order dealing exactly ``hands`` (filled up with unnamed cards) after
    ``excluded`` (filled up too), by the documented rule: exclusions first, then round-robin
    from seat 0."""
    named = [c for h in hands for c in h] + list(excluded)
    assert MOON in named, "scripted decks place the Moon themselves"
    rest = iter(c for c in CARDS if c not in named)
    k = EXCLUDED[players]
    size = (54 - k) // players
    out_excluded = list(excluded) + [next(rest) for _ in range(k - len(excluded))]
    full = [list(h) + [next(rest) for _ in range(size - len(h))] for h in hands]
    full += [[next(rest) for _ in range(size)] for _ in range(players - len(hands))]
    return out_excluded + [full[i % players][i // players] for i in range(size * players)]


def random_game(players: int, seed: int, **options: object) -> Allegiance:
    game = new(players, seed, **options)
    rng = random.Random(seed)
    while not game.over:
        game.play(rng.choice(game.legal_moves()))
    return game


# --------------------------------------------------------------------------- the deck


def test_deck_has_54_cards_of_five_kinds() -> None:
    """Source, "Deck": 35 Faces (five houses, ranks 1-7), 6 Traits, 12 Victories, 1 Moon;
    notes: the six traits are Clever, Beloved, Valiant +2 and Foolish, Craven, Despised -2, and
    the twelve Victories are named."""
    assert len(CARDS) == len(set(CARDS)) == 54
    assert len(FACES) == 35 and sorted({RANK_OF[f] for f in FACES}) == list(range(1, 8))
    assert TRAITS == {
        "Clever": 2,
        "Beloved": 2,
        "Valiant": 2,
        "Foolish": -2,
        "Craven": -2,
        "Despised": -2,
    }
    assert set(VICTORIES) >= {"Courage", "Honor", "Love", "Time"} and len(VICTORIES) == 12


# --------------------------------------------------------------------------- set-up


@pytest.mark.parametrize(
    ("players", "out"), [(3, 0), (4, 2), (5, 4), (6, 0), (7, 5), (8, 6), (9, 0)]
)
def test_exclusions_by_player_count(players: int, out: int) -> None:
    """Source, "Setup": 3, 6, 9 players deal everything; 4 exclude 2, 5 exclude 4, 7 exclude
    5, 8 exclude 6; notes: excluded cards are public and never the Moon."""
    for seed in range(20):
        game = new(players, seed)
        view = game.view(None)
        assert len(view["excluded"]) == out
        assert MOON not in view["excluded"]
        assert set(view["hand_counts"]) == {(54 - out) // players}


def test_fixed_deck_skips_the_moon_when_excluding() -> None:
    """Source, "Setup": the Moon should never be excluded (house reading: the next card is set
    aside instead, and the Moon is dealt)."""
    hands = [["Moon", "G1"], ["G2"], ["G3"], ["G4"]]
    deck = deck_for(4, hands, excluded=["Honor", "Time"])
    deck.remove(MOON)
    deck.insert(0, MOON)  # the Moon first: it must be dealt, Honor and Time still set aside
    game = new(4, deck=deck)
    assert game.view(None)["excluded"] == ["Honor", "Time"]
    assert game.view(None)["moon_holder"] == 0


def test_no_face_means_redeal() -> None:
    """Notes: if a player holds no Face card after the deal, redeal (a fixed deal that does so
    is refused)."""
    redealt = None
    for seed in range(3000):
        game = new(9, seed)
        if any(e.kind == "redeal" for e in game.opening_events):
            redealt = game
            break
    assert redealt is not None, "no seed needed a redeal"
    for hand in redealt.hands:
        assert any(c in FACES for c in hand)
    non_faces = [c for c in CARDS if c not in FACES and c != MOON]
    faceless = deck_for(3, [[MOON, *non_faces[:17]], ["H7"], ["H6"]])
    with pytest.raises(SetupError) as err:
        new(3, deck=faceless)
    assert "Player 1 without a Face card" in str(err.value)


def test_allegiance_is_chosen_in_seat_order_from_faces_only() -> None:
    """Source, "Setup": each player chooses one of their Face cards face down; DESIGN: secret
    choices are taken in seat order."""
    game = new(5, seed=3)
    for seat in range(5):
        assert game.to_move == seat and game.phase == "ally"
        moves = game.legal_moves()
        assert moves and all(m.kind == "ally" and m.cards[0] in FACES for m in moves)
        game.play(moves[0])
    assert game.phase == "play"
    with pytest.raises(IllegalMove):
        new(5, seed=3).play_text("ally Honor")


def test_allegiance_is_secret_until_the_end() -> None:
    """Source, "Setup": keep the Allegiance card secret until the end; issue: view() never
    reveals another player's allegiance before the end (view(None) included)."""
    game = new(4, seed=8)
    chosen = {}
    rng = random.Random(8)
    while not game.over:
        for seat in range(4):
            card = game.allegiance[seat]
            if card is not None:
                chosen[seat] = card
        for viewer in [None, 0, 1, 2, 3]:
            view = game.view(viewer)
            for seat, card in chosen.items():
                if seat != viewer:
                    assert view["allegiance"][seat] is None
                    assert card not in json.dumps(view["allegiance"])
                else:
                    assert view["allegiance"][seat] == card
        events = game.play(rng.choice(game.legal_moves()))
        for event in rules.visible_events(events, None):
            if event.kind == "ally":
                assert "card" not in event.data and "face down" in event.text
    assert game.view(None)["allegiance"] == [chosen[s] for s in range(4)]


# --------------------------------------------------------------------------- the example


def example_game() -> Allegiance:
    """The source's four players; each hand holds the cards of the example rounds."""
    hands = [
        ["Moon", "Honor", "G1"],
        ["H5", "S7", "G2"],
        ["T7", "Time", "G3"],
        ["Clever", "Beloved", "P1"],
    ]
    game = new(4, deck=deck_for(4, hands))
    play(game, "ally G1", "ally G2", "ally G3", "ally P1")
    return game


def test_source_example_round_1() -> None:
    """Source, "Example Rounds", Round 1: Player 1 plays the Moon; Player 2 the Knight of Hearts
    (tile 1); Player 3 the Count of Stars (tile 2), which trumps it; Player 4 plays Clever on
    the Knight, raising it from 5 to 7, and the Knight, played first, has precedence and now
    trumps the Count. No Victory: the trick continues (Player 1 leads Round 2)."""
    game = example_game()
    assert game.to_move == 0 and [str(m) for m in game.legal_moves()] == ["play Moon"]
    play(game, "play Moon", "play H5", "play T7")
    tiles = {t["card"]: t["tile"] for t in game.view(None)["trick"] if "tile" in t}
    assert tiles == {"H5": 1, "T7": 2}
    assert game.best_face()[1] == "T7"  # the Count of Stars trumps the Knight
    play(game, "trait Clever H5")
    # Round 1 over: no Victory, so nothing is awarded and the trick carries on.
    assert game.won == [[], [], [], [], []] and [e[1] for e in game.trick] == ["Moon", "H5", "T7"]
    best = game.best_face()
    assert best[1] == "H5" and game.effective_rank(best) == 7  # precedence over the Count
    assert game.to_move == 0  # Round 2 begins with Player 1, as in the example


def test_source_example_round_2() -> None:
    """Source, "Example Rounds", Round 2 (after Round 1): Player 1 plays Honor; Player 2 the
    Count of Swords with tile 3, which does not trump the raised Knight of Hearts (precedence);
    Player 3 plays Time; Player 4 plays Beloved on the Count of Swords (7 to 9). A Face and a
    Victory are present: both Victories go to Swords, and Player 2 begins the next round."""
    game = example_game()
    play(game, "play Moon", "play H5", "play T7", "trait Clever H5")
    play(game, "play Honor", "play S7")
    tiles = {t["card"]: t["tile"] for t in game.view(None)["trick"] if "tile" in t}
    assert tiles["S7"] == 3
    assert game.best_face()[1] == "H5"  # the Count of Swords does not trump: precedence
    play(game, "play Time")
    assert game.awarded_cards() == []  # the round is not complete yet
    events = game.play_text("trait Beloved S7")
    assert game.view(None)["won"] == {
        "Hearts": [],
        "Swords": ["Honor", "Time"],
        "Spells": [],
        "Gems": [],
        "Stars": [],
    }
    award = next(e for e in events if e.kind == "award")
    assert award.data["face"] == "S7" and "rank 9" in award.text
    assert game.trick == [] and game.to_move == 1  # Player 2 leads the next round


def test_source_example_countess_wins_two_victories() -> None:
    """Source, "Play": a House may win several Victories in one round; if the Countess of
    Hearts is the best Face in a round holding Honor and Love, Hearts receives both."""
    game = three_player([["Moon", "Honor", "G1"], ["H6", "Love", "G2"], ["S3", "P2", "G3"]])
    play(game, "play H6", "play S3")  # no Victory yet: the trick carries on
    assert game.awarded_cards() == [] and game.to_move == 0
    play(game, "play Honor", "play Love", "play P2")
    assert game.won[0] == ["Honor", "Love"] and len(game.awarded_cards()) == 2


def test_must_lead_the_moon() -> None:
    """Source, "Play": the first round begins with the Moon; notes: its holder must play it
    first."""
    game = example_game()
    with pytest.raises(IllegalMove) as err:
        game.play_text("play Honor")
    assert err.value.code == "must-lead-moon"


def test_round_with_victory_but_no_face_carries_on() -> None:
    """Source, "Play": Victories are awarded only if at least one Face AND one Victory were
    played; otherwise play continues for another round (notes: the trick grows)."""
    hands = [["Moon", "H1", "G1"], ["Honor", "G2"], ["Time", "G3"]]
    game = new(3, deck=deck_for(3, hands))
    play(game, "ally G1", "ally G2", "ally G3", "play Moon", "play Honor", "play Time")
    assert game.to_move == 0 and len(game.trick) == 3 and not game.awarded_cards()
    play(game, "play H1")
    assert game.to_move == 1 and game.awarded_cards() == []  # round not finished yet


# --------------------------------------------------------------------------- traits


def three_player(hands: list[list[str]]) -> Allegiance:
    """3 players with allies G1, G2, G3 (named in ``hands``); seat 0 has led the Moon."""
    game = new(3, deck=deck_for(3, hands))
    play(game, "ally G1", "ally G2", "ally G3", "play Moon")
    return game


def test_face_down_traits_flip_onto_the_next_face() -> None:
    """Source, "Play": a Trait face down in front of a player (yourself included) flips onto
    that player's next Face; notes: ALL traits waiting in front of a player flip."""
    game = three_player(
        [["Moon", "Honor", "H7", "G1"], ["Foolish", "Clever", "S1", "G2"], ["Craven", "S2", "G3"]]
    )
    play(game, "trait Foolish @p1", "trait Craven @p1")
    # Who placed them is public; what they are is known only to the placer.
    assert game.view(0)["waiting"][0] == [{"by": 1, "card": None}, {"by": 2, "card": None}]
    assert game.view(1)["waiting"][0][0] == {"by": 1, "card": "Foolish"}
    assert game.view(1)["waiting"][0][1] == {"by": 2, "card": None}
    assert game.view(None)["waiting"][0][0]["card"] is None
    assert "Craven" in game.hidden_cards(0) and "Craven" not in game.hidden_cards(2)
    assert game.to_move == 0  # round over, no Victory: seat 0 leads again
    play(game, "play H7")
    entry = game.best_face()
    assert entry[1] == "H7" and game.effective_rank(entry) == 7 - 2 - 2
    assert game.waiting[0] == []
    play(game, "trait Clever @p2")  # Player 2 (seat 1) in front of themselves
    play(game, "play S2", "play Honor")
    assert game.waiting[1] == [(1, "Clever")]
    play(game, "play S1")
    flipped = next(e for e in game.trick if e[1] == "S1")
    assert game.effective_rank(flipped) == 3 and game.waiting[1] == []


def test_face_up_trait_and_precedence() -> None:
    """Source, "Play": a face-up Trait changes a Face's rank by 2; among equal effective ranks
    the Face played first has Precedence; the winning Face's player leads next."""
    game = three_player([["Moon", "Honor", "G1"], ["H5", "Love", "G2"], ["S7", "Craven", "G3"]])
    play(game, "play H5", "play S7")
    assert game.best_face()[1] == "S7"
    play(game, "play Honor", "play Love", "trait Craven S7")  # the Count falls to 5
    assert game.won[0] == ["Honor", "Love"]  # Hearts: the Knight was played first
    assert game.leader == 1 and game.to_move == 1


# --------------------------------------------------------------------------- the Assassin


def assassin_game() -> Allegiance:
    """The Count of Hearts made Clever (rank 9), two Victories, then an Assassin of Swords."""
    game = three_player([["Moon", "Honor", "G1"], ["H7", "Time", "G2"], ["Clever", "S4", "G3"]])
    play(game, "play H7", "trait Clever H7", "play Honor", "play Time", "play S4")
    return game


def test_assassin_may_kill_another_face() -> None:
    """Notes: the Assassin's player MAY remove one other Face from the current trick, with its
    traits (source: it may even kill a member of its own house)."""
    game = assassin_game()
    assert game.phase == "kill" and game.to_move == 2
    assert {str(m) for m in game.legal_moves()} == {"kill H7", "spare"}
    assert game.view(None)["kill_pending"] is True
    play(game, "kill H7")
    assert {"H7", "Clever"} <= set(game.discard)
    assert game.won[1] == ["Honor", "Time"]  # Swords: the Assassin is the only Face left
    assert game.to_move == 2


def test_assassin_may_spare() -> None:
    """Notes: the kill is optional; declining keeps every Face."""
    game = assassin_game()
    play(game, "spare")
    assert game.won[0] == ["Honor", "Time"]  # Hearts' Count (9) still wins
    assert game.to_move == 1


def test_assassin_with_no_other_face_asks_nothing() -> None:
    """Notes: the Assassin removes ANOTHER Face: with none in the trick there is no choice."""
    game = three_player([["Moon", "Honor", "G1"], ["H4", "G2"], ["Time", "G3"]])
    play(game, "play H4")
    assert game.phase == "play" and game.to_move == 2
    with pytest.raises(IllegalMove) as err:
        game.play_text("kill H4")
    assert err.value.code == "wrong-step"


def test_killed_face_leaves_and_precedence_stays() -> None:
    """Notes: after a kill the precedence of the remaining Faces is unchanged."""
    game = three_player([["Moon", "P4", "G1"], ["H6", "T6", "G2"], ["S6", "Honor", "G3"]])
    play(game, "play H6", "play S6", "play P4", "kill H6", "play T6")
    assert [(e[1], e[2]) for e in game.trick if e[2]] == [("S6", 2), ("P4", 3), ("T6", 4)]
    play(game, "play Honor")
    assert game.won[1] == ["Honor"]  # Swords' 6 came before Stars' 6


# --------------------------------------------------------------------------- the end


def test_victories_go_to_no_house_when_hands_run_out() -> None:
    """Notes: if all hands are empty with Victories unawarded, those go to no house."""
    found = 0
    for seed in range(400):
        game = random_game(3, seed)
        record = game.records[-1]
        awarded = sum(record["victories"].values())
        assert awarded + record["unawarded"] == game.in_play
        if record["unawarded"]:
            found += 1
            assert not any(game.hands)
    assert found, "no random deal ended with unawarded Victories"


def test_deal_ends_when_every_victory_is_awarded() -> None:
    """Source, "Play": the game is over when all Victories have been awarded (house reading:
    all Victories dealt; excluded ones are out of the game)."""
    for seed in range(50):
        game = random_game(5, seed)
        assert game.view(None)["victories_left"] == 0 or not any(game.hands)


def scored(allies: list[str], won: list[int]) -> Allegiance:
    """A 5-player game whose Allegiance cards are ``allies`` and whose houses won ``won``
    Victories, scored as the deal ends."""
    hands = [["Moon", allies[0]]] + [[a] for a in allies[1:]]
    game = new(5, deck=deck_for(5, hands))
    play(game, *(f"ally {a}" for a in allies))
    pool = iter(VICTORIES)
    game.won = [[next(pool) for _ in range(n)] for n in won]
    game._end_deal()
    return game


def test_scoring_one_winning_house() -> None:
    """Source, "Winning": players allied with the winning House gain a point per rank of their
    Allegiance card."""
    game = scored(["H7", "H2", "S5", "P3", "T1"], [4, 3, 1, 0, 0])
    assert game.over and game.totals == [7, 2, 0, 0, 0]
    out = game.outcome()
    assert out.winners == (0,) and out.scores == (7.0, 2.0, 0.0, 0.0, 0.0)


def test_shared_house_win() -> None:
    """Source, "Winning": the House(s) with the most Victories win; notes: each player allied
    with a winning house scores its card's rank."""
    game = scored(["H3", "S3", "P6", "G1", "T7"], [3, 3, 2, 0, 0])
    assert game.records[0]["winning_houses"] == ["Hearts", "Swords"]
    assert game.totals == [3, 3, 0, 0, 0]
    assert game.outcome().winners == (0, 1)  # equal points: a shared win


def test_no_victory_awarded_means_no_winning_house() -> None:
    """House reading: a deal in which no house won any Victory has no winning house, so
    nobody scores (and the match is shared if that stays so)."""
    game = scored(["H3", "S3", "P6", "G1", "T7"], [0, 0, 0, 0, 0])
    assert game.records[0]["winning_houses"] == [] and game.totals == [0] * 5
    assert game.outcome().winners == (0, 1, 2, 3, 4)


def test_allegiance_revealed_at_the_end() -> None:
    """Source, "Winning": the Allegiance cards are revealed once all Victories are awarded."""
    game = scored(["H3", "S3", "P6", "G1", "T7"], [3, 3, 2, 0, 0])
    assert game.view(None)["allegiance"] == ["H3", "S3", "P6", "G1", "T7"]


def test_match_of_several_deals_sums_scores() -> None:
    """Notes: a match is N deals (default 1), scores summed."""
    game = new(4, seed=5, deals=3)
    rng = random.Random(5)
    seen_next = 0
    while not game.over:
        if game.phase == "next":
            seen_next += 1
            assert [str(m) for m in game.legal_moves()] == ["deal"]
        game.play(rng.choice(game.legal_moves()))
    assert seen_next == 2 and len(game.records) == 3
    sums = [sum(r["points"][s] for r in game.records) for s in range(4)]
    assert game.totals == sums and list(game.outcome().scores) == sums
    assert new(4, seed=5).deals == 1


# --------------------------------------------------------------------------- notation


def test_notation_round_trips_and_bad_moves_have_codes() -> None:
    """DESIGN: a short, readable, round-tripping notation; precise IllegalMove codes."""
    game = example_game()
    play(game, "play Moon", "play H5", "play T7")
    assert game.parse_move("trait Foolish @p2").target == "front:1"
    assert str(game.parse_move("trait clever h5")) == "trait Clever H5"
    for text, code in [
        ("play Clever", "trait-needs-target"),
        ("trait Clever S7", "face-not-in-trick"),
        ("trait Clever @p9", "no-such-player"),
        ("play Honor", "not-in-hand"),
        ("kill H5", "wrong-step"),
    ]:
        with pytest.raises(IllegalMove) as err:
            game.play_text(text)
        assert err.value.code == code, text


def test_precedence_numbers_go_on_past_seven() -> None:
    """Source, "Tiles"/"Play": one tile per Face as it is played, from "1", and the tiles run
    only to 7; house reading (rules/allegiance.md): past 7 the numbering goes on (8, 9, ...) and
    precedence still decides between equal ranks."""
    game = three_player(
        [
            ["Moon", "H1", "H2", "Honor", "G1"],
            ["S1", "S2", "S3", "S5", "G2"],
            ["P1", "P2", "P3", "P5", "G3"],
        ]
    )
    play(game, "play S1", "play P1")  # round 1: no Victory
    play(game, "play H1", "play S2", "play P2")  # round 2
    play(game, "play H2", "play S3", "play P3")  # round 3: the eighth Face
    tiles = [t["tile"] for t in game.view(None)["trick"] if "tile" in t]
    assert tiles == [1, 2, 3, 4, 5, 6, 7, 8] and game.awarded_cards() == []
    play(game, "play Honor", "play S5")
    assert game.trick[-1][1:3] == ["S5", 9]
    events = game.play_text("play P5")  # tile 10, as high as the Knight of Swords but later
    assert any(e.kind == "award" for e in events)
    assert game.won[1] == ["Honor"]  # Swords: tile 9 came before tile 10


# ------------------------------------------------------------------ refusals state the rule


def refusal(game: Allegiance, text: str) -> IllegalMove:
    """The IllegalMove for ``text`` (parsed, then played); the game must not change."""
    before = game.snapshot()
    with pytest.raises(IllegalMove) as err:
        game.play_text(text)
    assert game.snapshot() == before
    return err.value


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("ally Honor", "Honor is a Victory"),
        ("ally Clever", "Clever is a Trait"),
        ("ally Moon", "the Moon is not a Face"),
    ],
)
def test_allegiance_card_must_be_a_face(text: str, kind: str) -> None:
    """Source, "Setup": each player chooses one of their Face cards as the Allegiance card; a
    typed non-Face is refused with that rule, not the notation hint (issue: "an Allegiance card
    must be a Face")."""
    game = new(4, seed=3)
    err = refusal(game, text)
    assert err.code == "not-a-face"
    assert err.message == f"An Allegiance card must be a Face; {kind}."


def test_trait_refusals_state_the_rule() -> None:
    """Source, "Play": a Trait is played face up on a Face card in play or face down in front
    of a player; other cards are not Traits. Each misuse is refused with that rule."""
    game = example_game()
    play(game, "play Moon", "play H5", "play T7")  # Player 4 holds Clever and Beloved
    err = refusal(game, "trait Honor H5")
    assert err.code == "not-a-trait" and "Honor is not a Trait" in err.message
    err = refusal(game, "trait P1 @p2")
    assert err.code == "not-a-trait" and "is not a Trait: play it into the trick." in err.message
    err = refusal(game, "trait Clever Honor")
    assert err.code == "not-a-face"
    assert err.message == "A face-up Trait goes on a Face in the trick; Honor is a Victory."
    err = refusal(game, "trait Clever Moon")
    assert err.code == "not-a-face" and "the Moon is not a Face" in err.message
    for text in ("trait Clever @p0", "trait Clever @p5", "trait Clever @p10"):
        err = refusal(game, text)
        assert err.code == "no-such-player", text
        assert "the players are Player 1 to Player 4" in err.message
    game.play_text("trait Clever @p4")  # the same Trait in front of a real player is fine
    assert game.waiting[3] == [(3, "Clever")]


def test_assassin_removes_only_a_face() -> None:
    """Source, "Play": an Assassin may remove a Face card already in play; naming a card that is
    not a Face is refused with that rule."""
    game = assassin_game()
    err = refusal(game, "kill Honor")
    assert err.code == "not-a-face"
    assert err.message == "An Assassin removes a Face from the trick; Honor is a Victory."
    assert refusal(game, "kill Moon").code == "not-a-face"
    assert refusal(game, "kill S4").code == "self-kill"


def test_malformed_notation_still_gets_the_hint() -> None:
    """DESIGN: unreadable text is refused as 'bad-notation'; a Face written with a rank the deck
    lacks (source, "Deck": ranks 1 to 7) is told how Faces are written."""
    game = new(4, seed=3)
    for text in ("ally", "ally H5 H4", "trait Clever @px", "trait Clever @p02", "fold"):
        with pytest.raises(IllegalMove) as err:
            game.parse_move(text)
        assert err.value.code == "bad-notation" and "is not an Allegiance move" in err.value.message
    with pytest.raises(IllegalMove) as err:
        game.parse_move("ally H9")
    assert err.value.code == "bad-notation"
    assert (
        "'H9' is not a card" in err.value.message and "1 (Maiden) to 7 (Count)" in err.value.message
    )


# ---- move descriptions (the rules word a move for buttons, hints and the phone client) ----------


@pytest.mark.parametrize(
    ("move", "sentence"),
    [
        (AllegianceMove("ally", ("G4",)), "Back Gems with the Assassin of Gems"),  # ally
        (AllegianceMove("play", ("Moon",)), "Play the Moon"),  # play
        (AllegianceMove("play", ("P5",)), "Play the Knight of Spells"),
        (AllegianceMove("trait", ("Valiant",), "front:0"), "Valiant face down before Ada"),
        (AllegianceMove("trait", ("Valiant",), "front:8"), "Valiant face down before Player 9"),
        (AllegianceMove("trait", ("Clever",), "face:P5"), "Clever on the Knight of Spells"),
        (AllegianceMove("kill", ("P5",), "trick"), "Assassinate the Knight of Spells"),  # kill
        (AllegianceMove("spare"), "Spare them all"),  # spare
        (AllegianceMove("deal"), "Start the next deal"),  # deal
    ],
)
def test_describe_move_words_each_kind(move: AllegianceMove, sentence: str) -> None:
    """trait: before a seat (by its name, or its number past the names given) or on a Face."""
    game = new()
    assert game.describe_move(move, 0, ["Ada", "Bart", "Cy", "Dee"]) == sentence


def test_a_wrong_step_says_what_to_do_now_with_what() -> None:
    """Notes, refusals: a move made at the wrong step names the step and what it takes, in
    words (never a move in notation, nor a card the player may not hold); the holder of the
    Moon is told to lead it."""
    game = example_game()
    assert game.phase == "play" and game.moon_holder == game.to_move
    err = refusal(game, "kill H5")
    assert err.code == "wrong-step"
    assert err.message == "Now you must lead the Moon to begin the deal."
    play(game, "play Moon")
    err = refusal(game, "kill H5")
    assert err.message.startswith("Now you must play a card: a Face or a Victory into the trick")
    fresh = new(4, deck=deck_for(4, [["Moon", "H5"], ["S7"], ["T7"], ["P1"]]))
    assert fresh.phase == "ally"
    err = refusal(fresh, "play S7")
    assert err.message == (
        "Now you must choose your Allegiance card: one Face from your hand, played face down."
    )
