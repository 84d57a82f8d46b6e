"""A partner that does not blunder: in the partnership games (Court of the Medici and Alliances
for 4), no AI level takes a stack or a conflict from its own side when the same move gains
nothing (``tabletop/games/<id>/partner.py`` says when; rules/medici.md and rules/alliances.md
are cited as "Medici, <section>" and "Alliances, <section>").

Positions come from real games (seeded 4-player games of the app's bots, the judge switched
off, keeping each decision where the mover had a wasteful move and another) and a few are
built by hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import rules
from rules import Game, Move
from rules.alliances import ALL_CARDS as ALLIANCES_CARDS
from rules.alliances import COUNTRIES, Alliances
from rules.medici import Medici, _house_cards
from tabletop.ai import partner
from tabletop.ai.base import decide
from tabletop.ai.bots import make_bot
from tabletop.games.alliances.partner import wasteful as alliances_wasteful
from tabletop.games.medici.bots import MediciRoundLookahead
from tabletop.games.medici.partner import wasteful as medici_wasteful

JUDGES = {"medici": medici_wasteful, "alliances": alliances_wasteful}
LEVELS = ("easy", "normal", "hard")
#: Search levels at a small fixed cap: what they would pick does not depend on the machine.
CAP = {"normal": 24, "hard": 48}
#: Easy plays a random move 15% of the time: ask it with several seeds.
EASY_SEEDS = 12


def judged(game: Game, seat: int) -> tuple[list[Move], list[Move]]:
    """(the wasteful legal moves, the others) for ``seat`` to move, from its own view."""
    judge = JUDGES[game.spec.id]
    legal = game.legal_moves()
    view = game.view(seat)
    bad = [m for m in legal if judge(view, m, legal) is not None]
    return bad, [m for m in legal if m not in bad]


def ask(game: Game, kind: str, seed: int) -> Move:
    seat = game.to_move
    assert seat is not None
    bot = make_bot(kind, game.spec.id, seed, iterations=CAP.get(kind))
    return decide(bot, game, seat, random.Random(seed))


def never_wasteful(game: Game, kind: str) -> None:
    """``kind`` picks no wasteful move in ``game`` (which has one, and another move)."""
    seat = game.to_move
    assert seat is not None
    bad, good = judged(game, seat)
    assert bad and good
    for seed in range(EASY_SEEDS if kind == "easy" else 1):
        move = ask(game, kind, seed)
        why = JUDGES[game.spec.id](game.view(seat), move, game.legal_moves())
        assert move not in bad, f"{kind} played {move}: {why}"


# --------------------------------------------------------------------------- real games


def real_positions(game_id: str, seeds: range, per_game: int = 3) -> Iterator[Game]:
    """Positions of seeded 4-player games (Easy at every seat, the judge off, so that the
    games go where they would have gone): a copy of the game at each decision where the
    mover had a wasteful move and another, at most ``per_game`` from each game."""
    was = partner.JUDGING
    partner.JUDGING = False
    try:
        for seed in seeds:
            game = rules.new_game(game_id, 4, seed=seed)
            bots = [make_bot("easy", game_id, seed * 4 + s) for s in range(4)]
            rng = random.Random(seed)
            found = 0
            while not game.over and found < per_game:
                seat = game.to_move
                assert seat is not None
                bad, good = judged(game, seat)
                if bad and good:
                    found += 1
                    yield game.clone()
                game.play(decide(bots[seat], game, seat, rng))
    finally:
        partner.JUDGING = was


@pytest.fixture(scope="module")
def medici_positions() -> list[Game]:
    return list(real_positions("medici", range(2411, 2423), per_game=4))


@pytest.fixture(scope="module")
def alliances_positions() -> list[Game]:
    return list(real_positions("alliances", range(2411, 2419), per_game=4))


@pytest.mark.parametrize("kind", LEVELS)
def test_medici_levels_never_strike_their_own_team_in_real_games(
    medici_positions: list[Game], kind: str
) -> None:
    """Medici, Alliances for 4 players, "Scoring. Partners add their influence points
    together", and Your turn, "Conspire … You may also decline": a strike of a stack all the
    team's own, or a Minister clearing one, loses points and gains nothing."""
    assert len(medici_positions) >= 12
    for game in medici_positions:
        never_wasteful(game, kind)


def test_medici_hards_first_guess_never_strikes_its_own_team_in_real_games(
    medici_positions: list[Game],
) -> None:
    """Hard's first guess with 4 players (the search filters its root, the guess must too)."""
    for game in medici_positions[::2]:
        seat = game.to_move
        assert seat is not None
        bad, _ = judged(game, seat)
        assert decide(MediciRoundLookahead(1), game, seat, random.Random(1)) not in bad


@pytest.mark.parametrize("kind", LEVELS)
def test_alliances_levels_never_take_the_partners_conflict_in_real_games(
    alliances_positions: list[Game], kind: str
) -> None:
    """Alliances, Conflicts, "Capture": a partner's capture is the alliance's; overtaking it
    with a card that changes nothing for the side only spends the card."""
    assert len(alliances_positions) >= 20
    for game in alliances_positions:
        never_wasteful(game, kind)


def test_without_the_judge_easy_does_blunder_in_those_positions(
    alliances_positions: list[Game],
) -> None:
    """The test above can fail: with the judge off, Easy plays a wasteful move in some of
    the same positions."""
    was = partner.JUDGING
    partner.JUDGING = False
    try:
        blunders = 0
        for game in alliances_positions:
            seat = game.to_move
            assert seat is not None
            bad, _good = judged(game, seat)
            blunders += sum(ask(game, "easy", seed) in bad for seed in range(EASY_SEEDS))
    finally:
        partner.JUDGING = was
    assert blunders > 0


# --------------------------------------------------------------------------- Medici by hand

HANDS = [
    ["G2a", "G3a", "G4a", "G5a", "GMa"],
    ["R2a", "R3a", "R4a", "R5a", "R6a"],
    ["O2a", "O3a", "O4a", "O5a", "O6a"],
    ["P2a", "P3a", "P4a", "P5a", "P6a"],
]
INNER = [
    ["G7a", "R7a", "O7a", "P7a"],
    ["G8a", "R8a", "O8a", "P8a"],
    ["G9a", "R9a", "O9a", "P9a"],
    ["G10a", "R10a", "O10a", "PD"],  # Pazzi's Duke: seat 3 starts
]


def medici(outer: list[list[str]]) -> Medici:
    """A 4-player court (seat 3, Pazzi, to move) with ``outer`` as Outer Court stacks 5, 6…
    (cards taken from their owners' decks: the state is edited, as a position in play)."""
    decks: list[str] = []
    for s in range(4):
        top = HANDS[s] + [INNER[k][s] for k in range(4)]
        cards = _house_cards(s, True)
        decks += top + [c for c in cards if c not in top]
    game = rules.new_game("medici", 4, seed=1, options={"decks": decks})
    assert isinstance(game, Medici) and game.to_move == 3
    for cards in outer:
        for c in cards:
            game.decks[game.owner(c)].remove(c)
        sid = game.next_stack
        game.next_stack += 1
        game.stacks[sid], game.area[sid] = list(cards), "outer"
    return game


def test_medici_striking_a_stack_of_ones_own_team_is_wasteful() -> None:
    """Medici, Your turn, "Conspire … you may eliminate one such stack. Its cards go to their
    owners' discard piles. You may also decline": Pazzi (seat 3, with Della Rovere) builds 6
    onto stack 6 (4) to 10, level with stack 5 (Della Rovere 6 + Pazzi 4, all the team's)."""
    game = medici([["R6b", "P4b"], ["G4b"], ["O3b", "O7b"]])
    game.play_text("build P6a on 6")
    assert game.phase == "conspire"
    bad, good = judged(game, 3)
    assert [str(m) for m in bad] == ["strike 5"]
    assert {str(m) for m in good} == {"strike 7", "spare"}  # the rivals' stack may fall
    reason = medici_wasteful(game.view(3), bad[0], game.legal_moves())
    assert reason is not None and "10 points" in reason
    for kind in LEVELS:
        never_wasteful(game, kind)


def test_medici_strikes_that_cost_the_team_nothing_or_cost_the_rivals_are_not_judged() -> None:
    """Medici, Influence: a Jester scores 1 and a Mistress −1 whatever their value, so a stack of
    the team's Jester set at 10 and Mistress at −1 (worth 9) scores it nothing; a stack holding
    a rival's card costs the rivals too, and is left to the bots' judgement."""
    game = medici([["RJa", "PXa"], ["O4b"], ["R4b", "G5b"]])
    game.values.update({"RJa": 10, "PXa": -1})
    game.play_text("build P5a on 6")  # 9: level with stacks 5 and 7
    assert game.phase == "conspire"
    assert {str(m) for m in game.legal_moves()} == {"strike 5", "strike 7", "spare"}
    assert judged(game, 3)[0] == []


def test_medici_a_minister_clearing_ones_own_team_is_wasteful() -> None:
    """Medici, Special cards, "Minister built onto a stack of two or more cards: every card
    beneath the Minister goes to its owner's discard pile"; House reading: the lone Minister,
    worth 0, may strike a stack worth 0. Gonzaga's Minister on Gonzaga's and Orsini's stack
    clears the team's own cards; with no stack worth 0 it can strike nothing."""
    game = medici([["G6b", "O5b"], ["R3b"]])
    game.play_text("court P2a")  # seat 3; seat 0 (Gonzaga) to move
    assert game.to_move == 0
    bad, _ = judged(game, 0)
    assert [str(m) for m in bad] == ["build GMa on 5"]
    for kind in LEVELS:
        never_wasteful(game, kind)
    zero = medici([["G6b", "O5b"], ["R3b"], ["RMb"]])  # a stack worth 0: the Minister may gain
    zero.play_text("court P2a")
    assert judged(zero, 0)[0] == []


def test_medici_the_duel_is_not_judged() -> None:
    """Medici, Alliances for 4 players: only the 4-player game plays in teams."""
    game = rules.new_game("medici", 2, seed=3)
    view = game.view(game.to_move)
    assert all(medici_wasteful(view, m, game.legal_moves()) is None for m in game.legal_moves())


# --------------------------------------------------------------------------- Alliances by hand

NAMES = [c[0] for c in COUNTRIES]


def _deck(hands: list[list[str]]) -> list[str]:
    """A 4-player deck dealing each seat its listed cards, filled to 12 with the rest."""
    listed = [c for h in hands for c in h]
    spare = [c for c in ALLIANCES_CARDS if c not in listed]
    out: list[str] = []
    for h in hands:
        fill = 12 - len(h)
        out += h + spare[:fill]
        del spare[:fill]
    return out


def alliances(earlier: list[str], last_hand: list[str], bid: str = "10 P") -> Alliances:
    """Seat 0 bids, targets Caldessa (tile 0,2: defence M2 E5 P4) and leads; seats 0-2 play
    ``earlier``; seat 3 (partner of seat 1) is to play last from ``last_hand``."""
    deck = _deck([[earlier[0]], [earlier[1]], [earlier[2]], last_hand])
    game = rules.new_game(
        "alliances", 4, seed=1, options={"deck": deck, "tiles": NAMES, "first": 0}
    )
    assert isinstance(game, Alliances)
    for text in (f"bid {bid}", "pass", "pass", "pass", "target 0,2"):
        game.play_text(text)
    for card in earlier:
        game.play_text(f"play {card}")
    assert game.to_move == 3
    return game


NO_POLITICS = ["M2", "M5", "M9", "M10", "M11", "M12", "E3", "E7", "E9", "E10", "E11", "E12"]


def test_alliances_overtaking_the_partners_capture_is_wasteful() -> None:
    """Alliances, Conflicts, "Winner" and "Capture": the partner's 10 of Politics (dominant)
    wins and takes Caldessa (Political defence 4); the 11 or 12 would take it just the same."""
    game = alliances(["P5", "P10", "P2"], ["P6", "P11", "P12", *NO_POLITICS[:9]])
    bad, good = judged(game, 3)
    assert {str(m) for m in bad} == {"play P11", "play P12"}
    assert [str(m) for m in good] == ["play P6"]
    for kind in LEVELS:
        assert ask(game, kind, 0) == game.parse_move("play P6")


def test_alliances_trumping_the_partners_winner_is_wasteful() -> None:
    """Alliances, Conflicts, "Play": with no Military at all any card will do; a Politics
    (dominant) 3 would take the conflict from the partner's 10 of Military and could not even
    beat Caldessa's Political defence 4, where any Economics card leaves it to the partner."""
    hand = ["P3", "P7", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9", "E10", "E11"]
    game = alliances(["M5", "M10", "M3"], hand)
    bad, good = judged(game, 3)
    assert {str(m) for m in bad} == {"play P3", "play P7"}
    assert all(m.cards[0].startswith("E") for m in good)
    reason = alliances_wasteful(game.view(3), game.parse_move("play P3"), game.legal_moves())
    assert reason is not None and "worse off" in reason  # the capture is lost
    for kind in LEVELS:
        never_wasteful(game, kind)


def test_alliances_a_special_that_only_hurts_the_partner_is_wasteful() -> None:
    """Alliances, Special actions, Peace Treaty, "Discard all Military power cards from the
    table": it would throw away the partner's winning 10 of Military (Military dominant)."""
    hand = ["peace-treaty", "M1", "E3", "E7", "E9", "E10", "E11", "E12", "P2", "P3", "P4", "P5"]
    game = alliances(["M5", "M10", "M3"], hand, bid="10 M")
    bad, good = judged(game, 3)
    assert [str(m) for m in bad] == ["play peace-treaty"]
    assert [str(m) for m in good] == ["play M1"]
    for kind in LEVELS:
        assert ask(game, kind, 0) == game.parse_move("play M1")


def test_alliances_taking_the_lead_that_gains_the_country_is_sound() -> None:
    """Alliances, Conflicts, "Capture": the partner's 4 of Economics leads but cannot beat
    Caldessa's Economic defence 5; the 6 takes the country: not a blunder."""
    hand = ["E3", "E6", "M2", "M5", "M9", "M10", "M11", "M12", "P5", "P6", "P7", "P8"]
    game = alliances(["E1", "E4", "E2"], hand)
    assert {str(m) for m in game.legal_moves()} == {"play E3", "play E6"}
    assert judged(game, 3)[0] == []


def test_alliances_the_third_seat_is_judged_against_every_reply() -> None:
    """Alliances, Setting up: partners sit opposite, so the player after the third is a rival.
    The partner leads the 10 of Politics (dominant); the 11 guards the capture against a
    rival's Bribe ("Take a Politics power card from the table as your Economics power") taking
    the 10, after which the 3 would win without beating Caldessa's defence 4: not wasteful,
    however unlikely the reply."""
    third = ["P11", "P3", "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "M10"]
    deck = _deck([["P10"], ["P2"], third, ["bribe"]])
    options = {"deck": deck, "tiles": NAMES, "first": 0}
    game = rules.new_game("alliances", 4, seed=1, options=options)
    for text in ("bid 10 P", "pass", "pass", "pass", "target 0,2", "play P10", "play P2"):
        game.play_text(text)
    assert game.to_move == 2
    legal = game.legal_moves()
    assert {str(m) for m in legal} == {"play P11", "play P3"}
    assert alliances_wasteful(game.view(2), game.parse_move("play P11"), legal) is None
    # Were the Bribe in the viewer's own hand, no reply could make the 11 count.
    mine = ["P11", "P3", "bribe", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "M10"]
    game = rules.new_game(
        "alliances",
        4,
        seed=1,
        options={"deck": _deck([["P10"], ["P2"], mine, ["M1"]]), "tiles": NAMES, "first": 0},
    )
    for text in ("bid 10 P", "pass", "pass", "pass", "target 0,2", "play P10", "play P2"):
        game.play_text(text)
    legal = game.legal_moves()
    assert alliances_wasteful(game.view(2), game.parse_move("play P11"), legal) is not None
