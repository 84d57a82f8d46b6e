"""Search settings of Machiavelli, Alliances and Medici (issue "AI", step 2: per-game playouts,
cut-off and judgement): registered, deterministic for a seed and iteration cap, judging Alliances
campaigns by the board, a Machiavelli Hard decision keeping to its time budget, and the root's
first guess (Medici: a lookahead, two plies at Normal, three at Hard, a whole round at Hard with
4 players)."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest
from game_helpers import SteppingClock, mid_game

import rules
from rules.alliances import POWER_CARDS, rank_of
from rules.medici import Medici, _house_cards
from tabletop.ai import ismcts
from tabletop.ai.base import SeatView, decide
from tabletop.ai.bots import SEARCH_LEVELS
from tabletop.ai.ismcts import ISMCTSBot
from tabletop.ai.policy import GAME_AI, first_play_policy, game_ai, score_rewards, teams_of
from tabletop.games.alliances.search import _alliances_scores, _hand_scores
from tabletop.games.medici import bots as medici_bots
from tabletop.games.medici.bots import (
    MediciBot,
    MediciDeepLookahead,
    MediciLookahead,
    MediciRoundLookahead,
    _after_reply,
    _after_round,
    _replied,
)
from tabletop.games.medici.partner import wasteful


@pytest.mark.parametrize("game_id", ["machiavelli", "alliances"])
def test_settings_are_registered_not_the_fallback(game_id: str) -> None:
    ai = game_ai(game_id)
    assert GAME_AI[game_id] is ai
    assert ai.cutoff <= 6, "short playouts: the heuristics are too slow to play out a game"
    assert ai.scores is not None and ai.bias > 0


@pytest.mark.parametrize(
    ("game_id", "players", "steps"),
    [("machiavelli", 2, 6), ("machiavelli", 4, 8), ("alliances", 2, 30), ("alliances", 3, 20)],
)
def test_search_is_deterministic_for_a_seed_and_cap(game_id: str, players: int, steps: int) -> None:
    game = mid_game(game_id, players, seed=3, steps=steps)
    seat = game.to_move
    assert seat is not None
    choices = []
    for _ in range(2):
        bot = ISMCTSBot(seed=11, budget=None, iterations=30)
        choices.append(bot.choose(SeatView(game, seat, random.Random(2))))
        assert bot.last_iterations == 30
    assert choices[0] == choices[1]
    assert choices[0] in game.legal_moves() or game.is_legal(choices[0])


def test_machiavelli_playout_policy_lays_the_first_listed_play() -> None:
    game = mid_game("machiavelli", 2, seed=4, steps=0)
    moves = game.legal_moves()
    plays = [m for m in moves if m.kind == "play"]
    expected = plays[0] if plays else moves[0]
    assert first_play_policy(game, random.Random(0)) == expected


def test_alliances_partners_are_one_side_with_four_players() -> None:
    """Source: 4 players play as two alliances of partners sitting opposite (seats 0+2, 1+3)."""
    assert teams_of(rules.new_game("alliances", 4, seed=1)) == ((0, 2), (1, 3))
    assert teams_of(rules.new_game("alliances", 2, seed=1)) == ((0,), (1,))


def _campaign_under_way(players: int) -> rules.Game:
    game = rules.new_game("alliances", players, seed=8)
    rng = random.Random(8)
    while game.phase not in ("target", "play"):  # type: ignore[attr-defined]
        game.play(rng.choice(game.legal_moves()))
    return game


def test_alliances_judgement_rewards_holding_countries_against_the_bid() -> None:
    """The current campaign's chance moves with the countries the Aggressor holds."""
    game = _campaign_under_way(4)
    g: object = game
    agg = g.aggressor  # type: ignore[attr-defined]
    before = _alliances_scores(game)
    assert before[agg] + before[1 - agg] == pytest.approx(1.0)
    # Hand the Aggressor every neutral country: their side must look more likely to win.
    for stack in g.tokens:  # type: ignore[attr-defined]
        if not stack:
            stack.append(agg)
    after = _alliances_scores(game)
    assert after[agg] > before[agg]
    assert after[agg] == after[agg + 2], "partners share one judgement"


def test_alliances_duel_judgement_reads_the_hands() -> None:
    """2 players: while the drafting phase is played the board says nothing, so the judgement
    reads the hands: the seat holding the strong cards is the likelier to win the campaign,
    and a campaign under way moves with the cards kept for it."""
    game = rules.new_game("alliances", 2, seed=8)
    g: object = game
    assert g.phase == "duel"  # type: ignore[attr-defined]
    hands, reserve = g.hands, g.reserve  # type: ignore[attr-defined]
    power = sorted(
        (c for c in hands[0] + hands[1] + reserve if c in POWER_CARDS), key=rank_of, reverse=True
    )
    others = [c for c in hands[0] + hands[1] + reserve if c not in power]
    hands[0][:], hands[1][:] = power[:12], power[-12:]
    reserve[:] = power[12:-12] + others
    scores = _hand_scores(game)
    assert scores[0] + scores[1] == pytest.approx(1.0)
    assert scores[0] > 0.6
    hands[0], hands[1] = hands[1], hands[0]
    assert _hand_scores(game)[0] < 0.4
    played = _campaign_under_way(2)
    agg = played.aggressor  # type: ignore[attr-defined]
    before = _hand_scores(played)[agg]
    mine = played.hands[agg]  # type: ignore[attr-defined]
    dominant = played.dominant  # type: ignore[attr-defined]
    mine.sort(key=lambda c: c[0] == dominant)
    del mine[len(mine) // 2 :]  # the Aggressor loses its best half: its chance must drop
    assert _hand_scores(played)[agg] < before


def test_alliances_three_players_count_the_empire_countries() -> None:
    game = _campaign_under_way(3)
    empire = game.empire  # type: ignore[attr-defined]
    scores = _alliances_scores(game)
    held = len(game.controlled(0))  # type: ignore[attr-defined]
    assert scores[empire] == game.empire_tiles[empire] + held  # type: ignore[attr-defined]


def _strong_and_weak(hands: list[list[str]], strong: int) -> None:
    """Deal the power cards of ``hands`` again, highest first to seat ``strong``."""
    cards = [c for h in hands for c in h]
    power = sorted((c for c in cards if c in POWER_CARDS), key=rank_of, reverse=True)
    rest = [c for c in cards if c not in POWER_CARDS]
    pool = power + rest
    order = [strong] + [s for s in range(len(hands)) if s != strong]
    sizes = [len(h) for h in hands]
    for s in order:
        hands[s][:] = pool[: sizes[s]]
        del pool[: sizes[s]]


@pytest.mark.parametrize("phase", ["rise-set", "target"])
def test_alliances_three_players_judge_the_empire_by_its_hand(phase: str) -> None:
    """3 players: in the rise to power the board does not move and later it says little of
    the cards kept, so the judgement reads the hands: the Empire holding the strong cards
    should rule more countries than one holding the weak ones, and the Rebels' reward falls."""
    game = rules.new_game("alliances", 3, seed=8)
    g: object = game
    rng = random.Random(8)
    while g.phase != phase:  # type: ignore[attr-defined]
        game.play(rng.choice(game.legal_moves()))
    e = g.empire  # type: ignore[attr-defined]
    rebel = (e + 1) % 3
    hands = g.hands  # type: ignore[attr-defined]
    _strong_and_weak(hands, e)
    strong = score_rewards(_hand_scores(game), teams_of(game), game_ai("alliances").margin)
    _strong_and_weak(hands, rebel)
    weak = score_rewards(_hand_scores(game), teams_of(game), game_ai("alliances").margin)
    assert strong[e] > weak[e] + 0.1
    assert strong[rebel] < weak[rebel]


def test_alliances_four_players_judge_the_bid_by_the_sides_hands() -> None:
    """4 players: while the bidding goes on, the side whose bid stands is the likelier to win
    the campaign when the partners hold the strong cards, and the less likely when the
    rivals do."""
    game = rules.new_game("alliances", 4, seed=8)
    g: object = game
    bid = next(m for m in game.legal_moves() if m.kind == "bid" and m.value == (11, "M"))
    bidder = game.to_move
    assert bidder is not None
    game.play(bid)
    hands = g.hands  # type: ignore[attr-defined]
    _strong_and_weak(hands, bidder)
    partners = _hand_scores(game)[bidder]
    _strong_and_weak(hands, (bidder + 1) % 4)
    rivals = _hand_scores(game)[bidder]
    assert partners > rivals + 0.3
    assert _hand_scores(game)[(bidder + 2) % 4] == rivals, "partners share one judgement"


def test_alliances_tables_have_their_own_hard_settings() -> None:
    """3 players: Hard's settings are the table's own, Normal keeps the game's; 4 players:
    Hard keeps the game's bias and confidence with its own root guess, Normal the game's
    settings; the duel plays on the game's settings."""
    ai = game_ai("alliances")
    assert ai.for_players(2) is ai and ai.root_bot is None
    table = ai.for_players(3)
    assert table is not ai and table.normal is not None
    assert table.scores is ai.scores and table.normal.bias == ai.bias
    assert table.bias < ai.bias
    sides = ai.for_players(4)
    assert sides.bias == ai.bias and sides.confidence == ai.confidence
    assert sides.root_bot is not None and sides.normal is not None
    assert sides.normal.root_bot is None and sides.normal.bias == ai.bias


def test_machiavelli_hard_decision_stops_at_its_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's search reads the clock before every iteration and stops once its budget (1.5 s)
    is spent, even though its root's smart heuristic asks the solver. With a clock that steps
    0.1 s a reading, the budget buys at most 15 iterations; the real times are measured by
    tests/benchmarks/bench_decision_time.py, not here."""
    clock = SteppingClock(0.1)
    monkeypatch.setattr(ismcts, "time", clock)
    budget = SEARCH_LEVELS["hard"][0]
    for seed, steps in ((2, 10), (6, 24)):
        game = mid_game("machiavelli", 4, seed=seed, steps=steps)
        seat = game.to_move
        assert seat is not None
        bot = ISMCTSBot(seed=1, budget=budget)
        move = bot.choose(SeatView(game, seat, random.Random(0)))
        assert move in game.legal_moves() or game.is_legal(move)
        assert 0 < bot.last_iterations <= round(budget / clock.step)


def _only_draw_listed_but_a_play_exists() -> tuple[rules.Game, int]:
    """A Machiavelli position where ``legal_moves()`` lists only "draw" (no simple play) yet
    the smart player finds a play that rearranges the table."""
    from tabletop.games.machiavelli.bots import MachiavelliBot

    for seed in range(200):
        game = rules.new_game("machiavelli", 4, seed=seed)
        rng = random.Random(seed)
        bot = MachiavelliBot(seed)
        while not game.over:
            seat = game.to_move
            assert seat is not None
            view = SeatView(game, seat, random.Random(1))
            move = bot.choose(view)
            if [m.kind for m in game.legal_moves()] == ["draw"] and move.kind == "play":
                return game, seat
            game.play(move if rng.random() < 0.9 else rng.choice(game.legal_moves()))
    raise AssertionError("no such position in 200 games")


def test_search_plays_a_rearranging_play_when_only_draw_is_listed() -> None:
    """Machiavelli lists only simple plays (LEGAL_MOVES_COMPLETE is false): a lone "draw" in
    the list is not a forced move. The search used to draw there without asking its
    heuristic, which had a play; now it plays what the heuristic found (or better)."""
    game, seat = _only_draw_listed_but_a_play_exists()
    assert game.forced_move() is None  # the lone "draw" in the list is not forced
    bot = ISMCTSBot(seed=3, budget=None, iterations=60)
    move = bot.choose(SeatView(game, seat, random.Random(2)))
    assert move.kind == "play"
    assert game.is_legal(move)


# --------------------------------------------------------------------------- the root's guess


def test_the_root_bot_is_asked_once_from_the_seats_view_and_guides_the_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``GameAI.root_bot`` gives the search its first guess: asked once per decision, with
    the seat's own view (never the game), and its move is the root's favoured child."""
    game = mid_game("medici", 2, seed=3, steps=6)
    seat = game.to_move
    assert seat is not None
    pick = game.legal_moves()[-1]
    asked: list[object] = []

    class Guess:
        name = "guess"

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, seat_view: SeatView) -> rules.Move:
            asked.append(seat_view)
            return pick

    monkeypatch.setitem(GAME_AI, "medici", replace(game_ai("medici"), root_bot=Guess))
    bot = ISMCTSBot(seed=5, budget=None, iterations=1)
    assert bot.choose(SeatView(game, seat, random.Random(1))) == pick
    assert len(asked) == 1 and isinstance(asked[0], SeatView)


def test_medici_lookahead_judges_a_move_after_the_rivals_conspiracy() -> None:
    """Source, "Conspire": a build that makes a stack worth exactly as much as another may
    eliminate it. Della Rovere can build R8 on their 2 (stack 5) to match Gonzaga's 10
    (stack 1) and strike it; the lookahead's judgement after that reply is worse for
    Gonzaga than the position as it stands."""
    decks = []
    for house, top in enumerate(
        (
            ["G10a", "G9a", "G8a", "G2a", "G7a", "G3a", "G4a", "G5a", "G6a"],
            ["R2a", "R3a", "R4a", "R5a", "R8a", "R6a", "R7a", "RMa", "RLa"],
        )
    ):  # each deck from the top: 4 Inner Circle cards, a hand of 5, then the rest
        decks += top + [c for c in _house_cards(house, False) if c not in top]
    game = rules.new_game("medici", 2, seed=1, options={"decks": decks})
    assert isinstance(game, Medici) and game.to_move == 0  # 29 against 14 in the Inner Circle
    game.play_text("court G7a")
    assert game.to_move == 1
    standing = MediciBot.evaluate(game, 0)
    assert _after_reply(game, 0) < standing - 5
    game.play_text("build R8a on 5")
    assert game.phase == "conspire" and 1 in game._equal_stacks(5)


@pytest.mark.parametrize(("bot", "turns"), [(MediciLookahead, 6), (MediciDeepLookahead, 2)])
def test_medici_lookahead_plays_legal_moves_and_repeats_itself_for_a_seed(
    bot: type[MediciLookahead], turns: int
) -> None:
    game = mid_game("medici", 2, seed=4, steps=4)
    for _ in range(turns):
        seat = game.to_move
        assert seat is not None
        first = decide(bot(7), game, seat, random.Random(2))
        assert decide(bot(7), game, seat, random.Random(2)) == first
        game.play(first)
        if game.over:
            break


def test_medici_hard_guesses_a_ply_deeper_than_normal_and_differs_in_nothing_else() -> None:
    """Both levels anchor on their first guess, so the guess is what sets them apart in the
    duel: Normal's answers each move with the rival's reply, Hard's with its own answer too."""
    hard = game_ai("medici")
    assert hard.root_bot is MediciDeepLookahead and hard.normal is not None
    assert hard.normal.root_bot is MediciLookahead
    assert (
        replace(hard.normal, root_bot=MediciDeepLookahead, normal=hard.normal, players=hard.players)
        == hard
    )
    normal = ISMCTSBot(seed=1, budget=None, iterations=1, level="normal")
    game = mid_game("medici", 2, seed=3, steps=6)
    seat = game.to_move
    assert seat is not None
    assert normal.choose(SeatView(game, seat, random.Random(1))) == decide(
        MediciLookahead(_root_seed(1)), game, seat, random.Random(1)
    )


def _root_seed(seed: int) -> int:
    """The seed a search bot made with ``seed`` gives its root bot (its first draw)."""
    return random.Random(seed).getrandbits(32)


@pytest.mark.parametrize("bot", [MediciLookahead, MediciDeepLookahead])
def test_medici_lookaheads_play_the_heuristics_move_with_four_players(
    bot: type[MediciLookahead],
) -> None:
    game = mid_game("medici", 4, seed=2, steps=5)
    seat = game.to_move
    assert seat is not None
    heuristic = decide(MediciBot(0), game, seat, random.Random(3))
    assert decide(bot(0), game, seat, random.Random(3)) == heuristic


def test_medici_hard_guesses_a_whole_round_with_four_players_and_normal_does_not() -> None:
    """With 4 players the duel's lookaheads play the heuristic's move, so Hard's first guess
    there plays out the three others' replies; Normal keeps its settings, the duel its own."""
    ai = game_ai("medici")
    four = ai.for_players(4)
    assert four.root_bot is MediciRoundLookahead
    assert four.normal == ai.normal
    assert replace(four, root_bot=MediciDeepLookahead, normal=ai.normal) == replace(ai, players=())
    assert ai.for_players(2) is ai


def test_medici_round_lookahead_plays_sound_legal_moves_and_repeats_itself_for_a_seed() -> None:
    game = mid_game("medici", 4, seed=4, steps=6)
    for _ in range(3):
        seat = game.to_move
        assert seat is not None
        first = decide(MediciRoundLookahead(7), game, seat, random.Random(2))
        assert decide(MediciRoundLookahead(7), game, seat, random.Random(2)) == first
        assert first in game.legal_moves()
        assert wasteful(game.view(seat), first, game.legal_moves()) is None
        game.play(first)
        if game.over:
            break


def test_medici_round_lookahead_plays_the_heuristics_move_on_a_crowded_court(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A round's replies cost about the square of the court's stacks: from 14 stacks on, one
    round would take seconds (2-5 s here), so the guess is the heuristic's move, unplayed."""
    game = mid_game("medici", 4, seed=5, steps=60)
    seat = game.to_move
    assert seat is not None and isinstance(game, Medici) and len(game.stacks) >= 14
    heuristic = decide(MediciBot(0), game, seat, random.Random(3))

    def no_round(game: Medici, seat: int) -> float:
        raise AssertionError("a round played out on a crowded court")

    monkeypatch.setattr(medici_bots, "_after_round", no_round)
    assert decide(MediciRoundLookahead(0), game, seat, random.Random(3)) == heuristic


def test_medici_round_lookahead_counts_the_partners_reply() -> None:
    """The round is judged once the seat is to move again: after the rival, the partner and
    the other rival have each replied (a duel's round is the rival's reply alone)."""
    game = mid_game("medici", 4, seed=2, steps=5)
    while game.phase != "action":
        game.play(game.legal_moves()[0])
    seat = game.to_move
    assert seat is not None
    after = game.clone()
    after.play(next(m for m in game.legal_moves() if m.kind == "court"))
    while after.to_move == seat and not after.over:
        after.play(after.legal_moves()[0])
    replies = after
    for _ in range(3):
        replies = _replied(replies)
    assert replies.to_move == seat
    assert _after_round(after, seat) == MediciBot.evaluate(replies, seat)


def test_a_search_with_no_time_left_after_the_first_guess_plays_the_guess(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A first guess that uses the whole budget leaves no iteration: the search plays the
    guess, not a random move."""
    game = mid_game("medici", 2, seed=3, steps=6)
    seat = game.to_move
    assert seat is not None
    pick = game.legal_moves()[-1]

    class SlowGuess:
        name = "slow guess"

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, seat_view: SeatView) -> rules.Move:
            time.sleep(0.05)
            return pick

    monkeypatch.setitem(GAME_AI, "medici", replace(game_ai("medici"), root_bot=SlowGuess))
    for seed in range(5):
        bot = ISMCTSBot(seed=seed, budget=0.01)
        assert bot.choose(SeatView(game, seat, random.Random(seed))) == pick
        assert bot.last_iterations == 0
