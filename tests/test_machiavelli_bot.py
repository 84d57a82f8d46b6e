"""Machiavelli bots: "max" (the solver's maximum every turn), "smart" (the heuristic level
and Hard's guide), "local" (Normal's guide: it reworks one table meld at a time) and
"beginner" (the Easy level, with noise). They only play legal tables, decide from their
seat's view alone, are deterministic for a seed, and hold cards back only when the rules make
it safe; the beginner never rebuilds the table.

Rules cited: ``shared/sources/001_c717387ba60b2570.txt`` ("source, <section>") and
RULES-NOTES.md "Machiavelli" ("notes"). Positions built by editing a new game's state
directly say so (``position``): reaching them by real turns would test nothing more.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

import rules
from rules import Move
from rules.machiavelli import ALL_CARDS, DRAW, PASS, Machiavelli
from tabletop.ai.base import SeatView, decide
from tabletop.ai.bots import EASY_NOISE, make_bot
from tabletop.games.machiavelli.bots import (
    RIVAL_CLOSE,
    BeginnerBot,
    LocalBot,
    MachiavelliBot,
    MaxBot,
    arena_main,
)

Bot = MaxBot | MachiavelliBot | BeginnerBot


def position(
    hand: Sequence[str],
    table: Sequence[Sequence[str]],
    rival: int = 10,
    opened: bool = True,
    players: int = 2,
    stock: int | None = None,
) -> Machiavelli:
    """Seat 0 to move holding ``hand`` over ``table`` (state edited directly): every rival
    holds ``rival`` cards, the stock the rest (or only ``stock`` cards, the others set
    aside as if already on the table elsewhere: only counts matter to the bots)."""
    game = rules.new_game("machiavelli", players, seed=1)
    assert isinstance(game, Machiavelli)
    used = set(hand) | {c for m in table for c in m}
    rest = [c for c in ALL_CARDS if c not in used]
    game.hands = [list(hand)] + [rest[i * rival : (i + 1) * rival] for i in range(players - 1)]
    pile = rest[(players - 1) * rival :]
    game.stock = pile if stock is None else pile[:stock]
    game.table = [tuple(m) for m in table]
    game.opened = [opened] + [True] * (players - 1)
    game.current = 0
    return game


def ask(bot: Bot, game: rules.Game, seed: int = 0) -> Move:
    move = bot.choose(SeatView(game, game.to_move, random.Random(seed)))
    assert game.why_illegal(move) is None, game.why_illegal(move)
    return move


def added(game: Machiavelli, move: Move) -> set[str]:
    old = {c for m in game.table for c in m}
    return {c for m in move.value for c in m} - old


# --------------------------------------------------------------------------- legality


def _bots(kinds: Sequence[str], seed: int) -> list[Bot]:
    out: list[Bot] = []
    for s, kind in enumerate(kinds):
        if kind == "max":
            out.append(MaxBot(seed + s))
        elif kind == "local":
            out.append(LocalBot(seed + s))
        elif kind in ("easy", "beginner"):
            out.append(BeginnerBot(seed + s, noise=EASY_NOISE if kind == "easy" else 0.0))
        else:
            out.append(MachiavelliBot(seed + s))
    return out


@pytest.mark.parametrize(
    ("players", "options", "kinds"),
    [
        (2, {}, ("smart", "max")),
        (3, {"ace_low_or_high": True}, ("smart", "easy", "max")),
        (4, {}, ("smart", "max", "easy", "local")),
        (6, {"ace_low_or_high": True}, ("smart", "max", "easy", "smart", "max", "easy")),
        (2, {"match": True}, ("easy", "smart")),
        (3, {"ace_low_or_high": True}, ("local", "local", "easy")),
    ],
)
def test_every_decision_is_legal_in_random_positions(
    players: int, options: dict[str, bool], kinds: tuple[str, ...]
) -> None:
    """Whatever the position (random moves mixed in), every answer is a table the rules
    accept (source, "Invariant"; notes: a play keeps every table card), or draw/pass."""
    for seed in range(2):
        game = rules.new_game("machiavelli", players, seed=seed, options=dict(options))
        bots = _bots(kinds, seed)
        rng = random.Random(seed)
        steps = 0
        while not game.over and steps < 400:
            seat = game.to_move
            if rng.random() < 0.2:
                move = rng.choice(game.legal_moves())
            else:
                move = ask(bots[seat], game, seed)
            game.play(move)
            steps += 1
        assert steps > 10


@pytest.mark.parametrize("kind", ["smart", "max", "local"])
def test_decide_asks_the_bot_even_when_only_draw_is_listed(kind: str) -> None:
    """legal_moves() lists only a few plays (LEGAL_MOVES_COMPLETE is false): here just
    "draw", yet 5♥ 5♣ can be placed by taking 5♠ off the run 5♠–9♠ into a set (source,
    "Play": "redistributing existing groups and adding cards"). The bot must be asked."""
    table = [["5S.2", "6S.1", "7S.2", "8S.2", "9S.2"], ["2S.1", "2H.2", "2C.1"]]
    game = position(["5H.2", "5C.1", "JS.1", "QD.2"], table)
    assert game.legal_moves() == [DRAW]
    bot = make_bot("heuristic", "machiavelli", 1) if kind == "smart" else _bots([kind], 1)[0]
    move = decide(bot, game, 0, random.Random(1))
    assert move.kind == "play" and added(game, move) == {"5H.2", "5C.1"}
    assert {"5S.2", "5H.2", "5C.1"} in [set(m) for m in move.value]


# --------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("kind", ["smart", "easy", "local"])
def test_deterministic_for_a_seed(kind: str) -> None:
    def run() -> list[Move]:
        game = rules.new_game("machiavelli", 3, seed=5)
        bots = _bots([kind, kind, "max"], 7)
        moves = []
        while not game.over:
            moves.append(decide(bots[game.to_move], game, game.to_move, random.Random(3)))
            game.play(moves[-1])
        return moves

    assert run() == run()


# --------------------------------------------------------------------------- honesty


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", ["smart", "max", "easy", "beginner", "local"])
def test_cards_hidden_from_the_seat_do_not_change_decisions(kind: str, seed: int) -> None:
    """Two deals differing only in a card of seat 1's hand swapped with the bottom card of
    the stock (nobody draws it): seat 0 decides alike at each of its turns while seat 1
    only draws."""
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    other = list(deck)
    other[14 + seed], other[-1] = other[-1], other[14 + seed]  # seat 1 holds deck[14:28]
    decisions = []
    for order in (deck, other):
        game = rules.new_game("machiavelli", 2, seed=seed, options={"deck": order})
        bot = _bots([kind], seed)[0]
        mine = []
        for _ in range(12):
            if game.over:
                break
            if game.to_move == 1:
                game.play(DRAW if game.stock else PASS)
                continue
            mine.append(decide(bot, game, 0, random.Random(seed)))
            game.play(mine[-1])
        decisions.append(mine)
    assert decisions[0] == decisions[1] and decisions[0]


# --------------------------------------------------------------------------- behaviour

TABLE = [["4H.1", "5H.1", "6H.1"], ["9S.1", "9D.1", "9C.1"]]


def test_goes_out_when_the_whole_hand_can_be_placed() -> None:
    """Source, "Goal": the first to play every card wins, so it never holds back then."""
    game = position(["7H.1", "8H.2", "9H.1", "9H.2", "3H.1"], TABLE)
    move = ask(MachiavelliBot(1), game)
    assert added(game, move) == set(game.hands[0])


def test_keeps_a_meld_of_its_own_while_the_stock_is_long() -> None:
    """The stock is long and the rival far from going out: it lays off 7♥ and keeps the
    meld J♣ Q♣ K♣, which can be laid on any later turn (source, "Play": any number of cards
    after opening), instead of leaving itself nothing to play but a draw."""
    game = position(["7H.1", "JC.1", "QC.1", "KC.1", "2D.1", "5S.2"], TABLE)
    smart, most = ask(MachiavelliBot(1), game), ask(MaxBot(1), game)
    assert added(game, most) == {"7H.1", "JC.1", "QC.1", "KC.1"}
    assert added(game, smart) == {"7H.1"}


def test_lays_one_kept_meld_rather_than_draw() -> None:
    """Source, "Play": a player who does not play must draw. With only its own melds to lay
    it lays one of them (the one with the most penalty points per card)."""
    game = position(["2C.1", "3C.1", "4C.1", "JD.1", "QD.1", "KD.1", "8S.2"], TABLE)
    move = ask(MachiavelliBot(1), game)
    assert added(game, move) == {"JD.1", "QD.1", "KD.1"}


def test_opens_with_one_meld_when_the_stock_is_long() -> None:
    """Notes: the opening is new melds of 3+ from the hand only. It opens with one meld and
    keeps the other; the max player lays both."""
    hand = ["2C.1", "3C.1", "4C.1", "JD.1", "QD.1", "KD.1", "8S.2", "5H.2"]
    game = position(hand, TABLE, opened=False)
    smart, most = ask(MachiavelliBot(1), game), ask(MaxBot(1), game)
    assert len(added(game, most)) == 6
    assert len(added(game, smart)) == 3
    assert [list(m) for m in smart.value[: len(TABLE)]] == TABLE  # the table is untouched


def test_lays_everything_when_a_rival_is_close_to_going_out() -> None:
    """A rival with few cards may play them all next turn and win (source, "Goal"): no
    reserve is worth our penalty points then."""
    hand = ["7H.1", "JC.1", "QC.1", "KC.1", "2D.1", "5S.2"]
    game = position(hand, TABLE, rival=RIVAL_CLOSE)
    assert added(game, ask(MachiavelliBot(1), game)) == {"7H.1", "JC.1", "QC.1", "KC.1"}


def test_lays_everything_when_the_stock_is_nearly_gone() -> None:
    """Notes: with the stock empty, passes end the hand on penalty points."""
    hand = ["7H.1", "JC.1", "QC.1", "KC.1", "2D.1", "5S.2"]
    game = position(hand, TABLE, stock=2)
    assert added(game, ask(MachiavelliBot(1), game)) == {"7H.1", "JC.1", "QC.1", "KC.1"}


def test_draws_or_passes_when_nothing_can_be_placed() -> None:
    """Source, "Play": no card played means drawing; notes: with the stock empty, passing."""
    hand = ["2D.1", "5S.2", "QH.2"]
    for stock, expected in ((30, DRAW), (0, PASS)):
        game = position(hand, TABLE, stock=stock)
        for bot in (MachiavelliBot(1), MaxBot(1)):
            assert ask(bot, game) == expected


def test_keeps_the_cards_that_fit_the_rest_of_the_hand() -> None:
    """The run 5♠ 6♠ 7♠ 8♠ can give up its 5♠ (a set 5♠ 5♥ 5♦) or its 8♠ (a set 8♠ 8♥ 8♦),
    not both: 6♠ 7♠ alone is no meld (source, "Invariant"). Both place two cards; the
    solver's tie-break (rank total) would lay the 8s, but keeping 8♥ 8♦ next to 10♥ leaves
    more near-melds in hand than keeping 5♥ 5♦, so the smart player lays the 5s."""
    table = [["5S.1", "6S.1", "7S.1", "8S.1"]]
    game = position(["5H.1", "5D.1", "8H.1", "8D.1", "10H.1"], table)
    assert added(game, ask(MaxBot(1), game)) == {"8H.1", "8D.1"}
    assert added(game, ask(MachiavelliBot(1), game)) == {"5H.1", "5D.1"}


def test_make_bot_gives_smart_for_heuristic_and_a_noisy_beginner_for_easy() -> None:
    heuristic = make_bot("heuristic", "machiavelli", 1)
    easy = make_bot("easy", "machiavelli", 1)
    assert isinstance(heuristic, MachiavelliBot) and heuristic.noise == 0
    assert isinstance(easy, BeginnerBot) and easy.noise == EASY_NOISE


def test_the_beginner_lays_its_melds_and_lays_off_but_never_rebuilds() -> None:
    """Easy plays as a newcomer: the hand's own meld 9♥ 10♥ J♥ goes down as it is, 10♠
    joins the end of the run 7♠–9♠ and then J♠ after it (source, "Play": adding cards to
    groups on the table); 5♥ 5♣ would need 5♠ taken off the run (the rearranging the
    solver finds) and stay in hand."""
    table = [["5S.1", "6S.1", "7S.1", "8S.1", "9S.1"]]
    game = position(["9H.1", "10H.1", "JH.1", "10S.1", "JS.2", "5H.1", "5C.1"], table)
    move = ask(BeginnerBot(1), game)
    assert added(game, move) == {"9H.1", "10H.1", "JH.1", "10S.1", "JS.2"}
    assert ("5S.1", "6S.1", "7S.1", "8S.1", "9S.1", "10S.1", "JS.2") in move.value
    smart = ask(MachiavelliBot(1, noise=0.0), game)
    assert {"5H.1", "5C.1"} <= added(game, smart), "the solver does rebuild: 5♠ into a set"


#: Two runs of four with 5♠ and 5♥ at their feet: 5♣ goes down only by taking both 5s off
#: their runs into a set, reworking two melds at once.
TWO_RUNS = [["5S.1", "6S.1", "7S.1", "8S.1"], ["5H.1", "6H.1", "7H.1", "8H.1"]]


def test_the_local_player_reworks_one_meld_at_a_time() -> None:
    """Normal's guide rebuilds as a club player does, one meld with hand cards at a time
    (source, "Play": redistributing groups), step after step: 5♥ 5♣ take 5♠ off its run into
    a set, then 10♠ 10♦ 10♣ go down as a meld of their own. 5♣ alone needs 5♠ and 5♥ both
    taken off their runs: only the whole-table solver finds it."""
    table = [["5S.1", "6S.1", "7S.1", "8S.1", "9S.1"]]
    game = position(["5H.1", "5C.1", "10S.2", "10D.1", "10C.1", "KD.1"], table, rival=3)
    move = ask(LocalBot(1), game)
    assert added(game, move) == {"5H.1", "5C.1", "10S.2", "10D.1", "10C.1"}
    assert {"5S.1", "5H.1", "5C.1"} in [set(m) for m in move.value]
    game = position(["5C.1", "KD.1"], TWO_RUNS)
    assert ask(LocalBot(1), game) == DRAW
    assert added(game, ask(MachiavelliBot(1), game)) == {"5C.1"}


def test_normal_searches_with_the_local_player_and_hard_with_the_solver() -> None:
    """The levels differ by the guide of their search: in the two-runs position Normal draws
    (its guide cannot move two melds at once and no listed play lays 5♣), Hard lays 5♣.
    Of the other games only Medici has Normal settings of its own (a shallower first guess)."""
    from tabletop.ai.policy import game_ai

    game = position(["5C.1", "KD.1"], TWO_RUNS)
    normal_bot, hard_bot = (make_bot(k, "machiavelli", 1, iterations=8) for k in ("normal", "hard"))
    assert decide(normal_bot, game, 0, random.Random(1)) == DRAW
    hard = decide(hard_bot, game, 0, random.Random(1))
    assert added(game, hard) == {"5C.1"}
    normal = game_ai("machiavelli").normal
    assert normal is not None and normal.root_bot is LocalBot
    others = (g for g in rules.GAMES if g not in ("machiavelli", "medici"))
    assert all(game_ai(g).normal is None for g in others)


def test_the_beginner_lays_nothing_on_the_table_before_opening() -> None:
    """Until a player has opened, only new melds from the hand (notes: the opening): 10♠
    fits the run but stays in hand; with no meld of its own the beginner draws."""
    table = [["7S.1", "8S.1", "9S.1"]]
    game = position(["10S.1", "2H.1", "KD.1"], table, opened=False)
    assert ask(BeginnerBot(1), game) == DRAW


def test_arena_entry_knows_max_and_smart(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m tabletop.games.machiavelli.bots`` is the arena with the two extra kinds."""
    from tabletop import arena

    monkeypatch.setattr(arena, "make_bot", arena.make_bot)  # restored after the test
    monkeypatch.setattr(arena, "KINDS", arena.KINDS)
    assert arena_main(["--players", "2", "--seats", "smart,max", "--games", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "machiavelli" and result["games"] == 2
    assert [e["bot"] for e in result["entrants"]] == ["smart", "max"]
    assert sum(e["wins"] for e in result["entrants"]) == pytest.approx(2)
