"""ISMCTS: plays legal moves, is deterministic for a seed and iteration cap, and is honest:
it decides the same way whatever the cards it cannot see (issue "AI that plays honestly")."""

from __future__ import annotations

import random

import pytest
from game_helpers import SteppingClock, mid_game

import rules
import tabletop.games
from rules.royal_houses import RoyalHouses
from tabletop.ai import ismcts, policy
from tabletop.ai.base import GameBots, SeatView, decide
from tabletop.ai.bots import heuristic_for, make_bot
from tabletop.ai.ismcts import ISMCTSBot
from tabletop.ai.policy import final_rewards, game_ai, random_policy, score_rewards, teams_of
from tabletop.games.royal_houses.bots import RoyalHousesBot


@pytest.mark.parametrize(
    ("game_id", "players"), [("royal_houses", 2), ("allegiance", 4), ("medici", 2)]
)
def test_search_plays_legal_moves_and_repeats_itself(game_id: str, players: int) -> None:
    game = mid_game(game_id, players, seed=5, steps=20)
    seat = game.to_move
    choices = []
    for _ in range(2):
        bot = ISMCTSBot(seed=9, budget=None, iterations=40)
        choices.append(bot.choose(SeatView(game, seat, random.Random(1))))
        assert 0 < bot.last_iterations <= 40  # fewer when the choice settles early
    assert choices[0] == choices[1], "same seed and iteration cap, same decision"
    assert choices[0] in game.legal_moves()


def _swap_hidden_cards(game: RoyalHouses, seat: int) -> RoyalHouses:
    """The same game except for which unseen cards the rival holds and the deck order."""
    other = game.clone()
    assert isinstance(other, RoyalHouses)
    rival = 1 - seat
    known = game.known_hand[seat]
    unknown = [c for c in other.hands[rival] if c not in known]
    pool = unknown + other.deck
    random.Random(77).shuffle(pool)
    other.hands[rival] = [c for c in other.hands[rival] if c in known] + pool[: len(unknown)]
    other.deck = pool[len(unknown) :]
    return other


def test_decisions_do_not_depend_on_hidden_cards() -> None:
    """Honest by construction: two games that differ only in cards hidden from the bot's seat
    give the same decision for the same random seed."""
    checked = 0
    for seed in range(6):
        game = mid_game("royal_houses", 2, seed=seed, steps=30 + seed)
        seat = game.to_move
        assert isinstance(game, RoyalHouses) and seat is not None
        twin = _swap_hidden_cards(game, seat)
        assert twin.view(seat) == game.view(seat)
        if twin.snapshot() == game.snapshot():
            continue
        for kind in ("normal", "easy"):
            bot_a, bot_b = make_bot(kind, "royal_houses", 3), make_bot(kind, "royal_houses", 3)
            if isinstance(bot_a, ISMCTSBot):
                bot_a.budget = bot_b.budget = None
                bot_a.iterations = bot_b.iterations = 60
            a = bot_a.choose(SeatView(game, seat, random.Random(4)))
            b = bot_b.choose(SeatView(twin, seat, random.Random(4)))
            assert a == b, f"seed {seed}: {kind} decided differently on hidden cards"
        checked += 1
    assert checked >= 4


def test_search_beats_random_play() -> None:
    """A small match with few iterations: search must already beat random choices."""
    wins = 0
    games = 6
    for g in range(games):
        game = rules.new_game("royal_houses", 2, seed=100 + g)
        search_seat = g % 2
        bot = ISMCTSBot(seed=g, budget=None, iterations=12)
        rng = random.Random(g)
        while not game.over:
            if game.to_move == search_seat and len(game.legal_moves()) > 1:
                move = bot.choose(SeatView(game, search_seat, rng))
            else:
                move = rng.choice(game.legal_moves())
            game.play(move)
        wins += search_seat in game.outcome().winners
    assert wins >= 5, f"search won only {wins} of {games}"


# --------------------------------------------------------------------------- the search


@pytest.mark.parametrize(("game_id", "players"), [("medici", 4), ("allegiance", 7)])
def test_search_repeats_itself_in_team_and_crowded_games(game_id: str, players: int) -> None:
    game = mid_game(game_id, players, seed=8, steps=12)
    seat = game.to_move
    picks = [
        ISMCTSBot(seed=2, budget=None, iterations=25).choose(SeatView(game, seat, random.Random(1)))
        for _ in range(2)
    ]
    assert picks[0] == picks[1] and picks[0] in game.legal_moves()


def test_time_budget_bounds_the_search_and_one_legal_move_is_not_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search stops once its budget is spent, however large its iteration cap (a clock
    stepping 0.01 s a reading: a 0.2 s budget buys at most 20 iterations), and a forced move
    is played without a search."""
    clock = SteppingClock(0.01)
    monkeypatch.setattr(ismcts, "time", clock)
    game = mid_game("allegiance", 4, seed=3, steps=10)
    bot = ISMCTSBot(seed=1, budget=0.2, iterations=10**9)
    bot.choose(SeatView(game, game.to_move, random.Random(1)))
    assert 0 < bot.last_iterations <= 20
    forced = rules.new_game("royal_houses", 2, seed=1)
    while len(forced.legal_moves()) != 1:
        forced.play(forced.legal_moves()[0])
    assert forced.forced_move() == forced.legal_moves()[0]
    read = clock.now
    assert bot.choose(SeatView(forced, forced.to_move, random.Random(1))) == forced.forced_move()
    assert bot.last_iterations == 0 and clock.now == read


def test_team_games_back_up_one_reward_per_team() -> None:
    """Medici Alliances (rules/medici.py: seats 0 and 2 against 1 and 3): partners always get
    the same reward, cut-off or finished, and the rewards share out 1."""
    game = mid_game("medici", 4, seed=4, steps=20)
    assert teams_of(game) == ((0, 2), (1, 3))
    bot = ISMCTSBot(seed=1, budget=None, iterations=1)
    for seed in range(6):
        result = bot._simulate(game.clone(), random.Random(seed), 4, game_ai("medici"))
        assert result[0] == pytest.approx(result[2]) and result[1] == pytest.approx(result[3])
        assert sum(result) == pytest.approx(1)
    finished = game.clone()
    rng = random.Random(9)
    while not finished.over:
        finished.play(rng.choice(finished.legal_moves()))
    out = final_rewards(finished)
    assert out[0] == out[2] and out[1] == out[3] and sum(out) == pytest.approx(1)


def test_crowded_games_back_up_a_reward_vector() -> None:
    game = mid_game("allegiance", 5, seed=6, steps=25)
    bot = ISMCTSBot(seed=1, budget=None, iterations=1)
    seen = set()
    for seed in range(8):
        result = bot._simulate(game.clone(), random.Random(seed), 5, game_ai("allegiance"))
        assert len(result) == 5 and sum(result) == pytest.approx(1)
        seen.add(tuple(round(r, 6) for r in result))
    assert any(len(set(r)) > 1 for r in seen), "seats are told apart, not all equal"


def test_score_rewards_favour_the_leader_and_respect_teams() -> None:
    solo = score_rewards([10, 4, 4], ((0,), (1,), (2,)), margin=3)
    assert solo[0] > solo[1] == pytest.approx(solo[2]) and sum(solo) == pytest.approx(1)
    teams = score_rewards([6, 2, 6, 2], ((0, 2), (1, 3)), margin=3)
    assert teams[0] == teams[2] > teams[1] == teams[3]
    assert sum(teams) == pytest.approx(1)
    huge = score_rewards([1e9, -1e9], ((0,), (1,)), margin=1)
    assert huge[0] == pytest.approx(1) and huge[1] == pytest.approx(0)


@pytest.mark.parametrize(("game_id", "players"), [("allegiance", 4), ("medici", 2), ("medici", 4)])
def test_provisional_scores_end_as_the_final_scores(game_id: str, players: int) -> None:
    """The cut-off judgement must agree with the real scoring once the game is over."""
    for seed in range(3):
        game = rules.new_game(game_id, players, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            assert len(game.provisional_scores()) == players
            game.play(rng.choice(game.legal_moves()))
        assert game.provisional_scores() == game.outcome().scores


def test_every_game_has_search_settings_and_new_games_plug_in_by_their_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for game_id in rules.GAMES:
        if heuristic_for(game_id):  # a game still without a bot is searched with random play
            assert game_ai(game_id).heuristic is not random_policy, game_id
    monkeypatch.setattr(policy, "GAME_AI", dict(policy.GAME_AI))
    assert game_ai("no-such-game").heuristic is random_policy
    declared = tabletop.games.bots_for
    newcomer = GameBots(heuristic=RoyalHousesBot)
    monkeypatch.setattr(
        tabletop.games, "bots_for", lambda gid: newcomer if gid == "newcomer" else declared(gid)
    )
    assert game_ai("newcomer").heuristic is not random_policy


class _Representative(RoyalHouses):
    """Royal Houses posing as a game whose legal_moves() lists only representative moves
    (as Machiavelli does, ``LEGAL_MOVES_COMPLETE = False``); the rules still judge all."""

    LEGAL_MOVES_COMPLETE = False

    def _legal_moves(self) -> list[rules.Move]:
        return RoyalHouses._legal_moves(self)[:2]

    def _judge(self, move: rules.Move) -> None:
        if move not in RoyalHouses._legal_moves(self):
            raise self.explain_illegal(move)


def test_games_with_representative_moves_are_searched_and_judged_by_the_rules() -> None:
    game = mid_game("royal_houses", 2, seed=2, steps=12)
    full = RoyalHouses._legal_moves(game)
    assert len(full) > 2
    game.__class__ = _Representative
    seat = game.to_move
    bot = ISMCTSBot(seed=1, budget=None, iterations=40)
    choices = {bot.choose(SeatView(game, seat, random.Random(i))) for i in range(4)}
    assert all(game.is_legal(m) for m in choices)
    # The heuristic's choice is searched too, even where the short list leaves it out.
    favoured = {RoyalHousesBot(0).choose(SeatView(game, seat, random.Random(i))) for i in range(4)}
    assert choices & (favoured | set(game.legal_moves()))

    class Solver:  # finds a move the representative list leaves out
        name = "solver"

        def choose(self, seat_view: SeatView) -> rules.Move:
            return full[-1]

    assert decide(Solver(), game, seat, random.Random(1)) == full[-1]


def _node(player: int, rewards: list[float]) -> ismcts.Node:
    node = ismcts.Node(None, player, 2)
    for r in rewards:
        node.visits += 1
        node.reward[player] += r
        node.square += r * r
    return node


def test_the_search_keeps_the_heuristic_choice_unless_clearly_beaten() -> None:
    """Final choice (ismcts.overrules): a most-visited move whose mean barely beats the
    heuristic's choice on noisy results does not overrule it; a clear margin on many
    results does."""
    anchor = _node(0, [1, 0] * 10)  # mean 0.5, 20 results
    noisy = _node(0, [1, 1, 1, 0, 0] * 4)  # mean 0.6, 20 results: within one standard error
    clear = _node(0, [1] * 36 + [0] * 4)  # mean 0.9, 40 results
    assert not ismcts.overrules(noisy, anchor)
    assert ismcts.overrules(clear, anchor)
    assert not ismcts.overrules(anchor, anchor)
    # With almost nothing to go on, visits decide as before.
    assert ismcts.overrules(_node(0, [1, 1, 1]), _node(0, [0]))
    # A game's settings set the bar: 0.1 above 0.5 is 0.64 standard errors here, 0.4 is 3.3.
    assert ismcts.overrules(noisy, anchor, confidence=0.5)
    assert not ismcts.overrules(clear, anchor, confidence=4.0)


@pytest.mark.parametrize(
    ("game_id", "players", "cap"),
    # Allegiance's playouts run to the deal's end: a smaller cap keeps the test short
    [("royal_houses", 2, 400), ("allegiance", 4, 200)],
)
def test_stopping_once_settled_changes_no_decision(
    game_id: str, players: int, cap: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ismcts.settled: the search stops when its choice can no longer be overtaken; with an
    iteration cap it decides exactly as the full search, and clear decisions end early."""
    early, full, saved = [], [], 0
    for seed in range(6):
        game = mid_game(game_id, players, seed=seed, steps=6 + 3 * seed)
        seat = game.to_move
        bot = ISMCTSBot(seed=seed, budget=None, iterations=cap)
        early.append(bot.choose(SeatView(game, seat, random.Random(seed))))
        saved += cap - bot.last_iterations
    monkeypatch.setattr(ismcts, "SETTLE_EVERY", 10**9)
    for seed in range(6):
        game = mid_game(game_id, players, seed=seed, steps=6 + 3 * seed)
        bot = ISMCTSBot(seed=seed, budget=None, iterations=cap)
        full.append(bot.choose(SeatView(game, game.to_move, random.Random(seed))))
        assert bot.last_iterations == cap
    assert early == full
    assert saved > 0, "no decision was settled early"
