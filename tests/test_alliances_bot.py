"""The Alliances heuristic bot: legal in every phase, deterministic, honest, and sensible.

Behaviour tests cite the clause of sources/004_f6b725bd12fb4163.txt ("source, <section>") or the
RULES-NOTES.md line ("notes: ...") that makes the expected move the right one. Positions are
dealt with the rules' advanced options (``deck``: seat s gets cards 12s..12s+11, 16 with three
players; ``tiles``: the map row by row; ``first``).
"""

from __future__ import annotations

import random

import pytest

import rules
from rules import Move
from rules.alliances import ALL_CARDS, COUNTRIES, Alliances
from rules.alliances.conflict import Played
from tabletop.ai.base import SeatView, decide
from tabletop.ai.bots import EASY_NOISE, make_bot
from tabletop.games.alliances.bots import EASY_NOISE as ALLIANCES_EASY_NOISE
from tabletop.games.alliances.bots import AlliancesBot, _Judge

NAMES = [c[0] for c in COUNTRIES]
CONFIGS = rules.GAMES["alliances"].test_configs


def layout(placed: dict[int, str] | None = None) -> list[str]:
    """The map in data order (tile 0 Aldoria … tile 19 Tyrrhel) with ``placed`` swapped in."""
    placed = placed or {}
    rest = [n for n in NAMES if n not in placed.values()]
    return [placed[t] if t in placed else rest.pop(0) for t in range(20)]


def deck(hands: list[list[str]], size: int = 12) -> list[str]:
    """A dealing order giving each seat its listed cards first, then filling from the rest."""
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
    hands: list[list[str]],
    players: int = 4,
    tiles: dict[int, str] | None = None,
    **options: object,
) -> Alliances:
    size = 16 if players == 3 else 12
    game = rules.new_game(
        "alliances",
        players,
        seed=1,
        options={"deck": deck(hands, size), "tiles": layout(tiles), "first": 0, **options},
    )
    assert isinstance(game, Alliances)
    return game


def play(game: Alliances, *texts: str) -> None:
    for text in texts:
        game.play_text(text)


def ask(game: Alliances, seed: int = 0) -> Move:
    """The bot's decision for the seat to move, checked legal."""
    seat = game.to_move
    assert seat is not None
    move = AlliancesBot(seed).choose(SeatView(game, seat, random.Random(seed)))
    assert move in game.legal_moves()
    return move


# A hand without Politics (the dominant suit of most tests below) and without specials.
NO_POLITICS = ["M2", "M5", "M9", "M10", "M11", "M12", "E3", "E7", "E9", "E10", "E11", "E12"]


def last_to_play(
    earlier: list[str], last_hand: list[str], bid: str = "10 P", target: str = "0,2"
) -> Alliances:
    """Seat 0 bids, targets ``target`` and leads; seats 0-2 play ``earlier``; seat 3 (allied
    with seat 1) is to play last from ``last_hand``."""
    hands = [[earlier[0]], [earlier[1]], [earlier[2]], last_hand]
    game = new(hands)
    play(game, f"bid {bid}", "pass", "pass", "pass", f"target {target}")
    play(game, *(f"play {c}" for c in earlier))
    assert game.to_move == 3
    return game


# --------------------------------------------------------------------------- legality


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_always_legal_in_every_phase(players: int, options: dict[str, bool]) -> None:
    """Random games of every player count and variant: at each decision the bot is asked too
    (whatever seat is to move) and must answer with a legal move; the phases it was asked in
    cover the whole game."""
    phases: set[str] = set()
    for seed in range(2):
        game = rules.new_game("alliances", players, seed=seed, options=dict(options))
        bot = AlliancesBot(seed)
        rng = random.Random(seed)
        while not game.over:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_moves()
            move = bot.choose(SeatView(game, seat, rng))
            assert move in legal, f"illegal {move} in phase {game.phase}"
            phases.add(game.phase)
            # Alternate the bot's move and a random one, so positions stay varied.
            game.play(move if rng.random() < 0.5 else rng.choice(legal))
    expected = {"target", "play"}
    expected |= {"bid"} if players == 4 else set()
    expected |= {"duel", "declare"} if players == 2 else set()
    expected |= {"rise-set", "rise-call", "rise-give", "rise-pick"} if players == 3 else set()
    expected |= {"draft"} if options.get("drafting") else set()
    expected |= {"meeting"} if options.get("secret_meeting") else set()
    assert expected <= phases


def test_special_action_choices_are_legal() -> None:
    """Special actions that ask for a choice (source, Special action symbols): the bot's
    choice and Dual Allegiance's boosted player are legal."""
    game = last_to_play(["P9", "P3", "P2"], ["dual-allegiance", *NO_POLITICS[:11]])
    play(game, "play dual-allegiance")
    assert game.phase == "choose"
    move = ask(game)
    game.play(move)
    if game.phase == "choose":
        ask(game)


# --------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("kind", ["heuristic", "easy"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_deterministic_for_a_seed(kind: str, players: int) -> None:
    def moves(seed: int) -> list[Move]:
        game = rules.new_game("alliances", players, seed=5)
        bots = [make_bot(kind, "alliances", seed + s) for s in range(players)]
        rng = random.Random(0)
        out = []
        while not game.over:
            seat = game.to_move
            assert seat is not None
            move = decide(bots[seat], game, seat, rng)
            game.play(move)
            out.append(move)
        return out

    assert moves(1) == moves(1)


def test_easy_level_has_noise() -> None:
    """Alliances' Easy errs more often than the other games' (its own noise, see bots.py)."""
    assert make_bot("easy", "alliances", 1).noise == ALLIANCES_EASY_NOISE  # type: ignore[attr-defined]
    assert ALLIANCES_EASY_NOISE > EASY_NOISE
    assert make_bot("heuristic", "alliances", 1).noise == 0  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- honesty


def _lockstep(games: list[Alliances], seat: int, seed: int) -> int:
    """Play two games that differ only in cards hidden from ``seat``: the bot decides for
    ``seat`` in both (it must decide alike while its view is alike), the others play random
    moves legal in both. Returns how many decisions were compared."""
    bots = [AlliancesBot(seed) for _ in games]
    rngs = [random.Random(seed) for _ in games]
    rival_rng = random.Random(seed + 100)
    asked = 0
    a, b = games
    for _ in range(400):
        if a.over or a.view(seat) != b.view(seat):
            break
        if a.to_move == seat:
            moves = [decide(bot, g, seat, r) for bot, g, r in zip(bots, games, rngs, strict=True)]
            assert moves[0] == moves[1]
            move = moves[0]
            asked += 1
        else:
            common = [m for m in a.legal_moves() if m in b.legal_moves()]
            if not common:
                break
            move = rival_rng.choice(common)
        for g in games:
            g.play(move)
    return asked


@pytest.mark.parametrize("seed", range(3))
def test_rivals_hidden_cards_do_not_change_decisions_four_players(seed: int) -> None:
    """Two deals differing only in a card swapped between the two rivals' hands (seats 1 and
    3): seat 0 sees the same and must decide the same."""
    cards = list(ALL_CARDS)
    random.Random(seed).shuffle(cards)
    other = list(cards)
    other[12], other[36] = other[36], other[12]
    games = [
        rules.new_game("alliances", 4, seed=seed, options={"deck": d, "first": 0})
        for d in (cards, other)
    ]
    assert _lockstep(games, 0, seed) >= 10  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(3))
def test_rival_hand_and_reserve_do_not_change_decisions_two_players(seed: int) -> None:
    """2 players: one card of the rival's hand swapped with the bottom of the reserve."""
    cards = list(ALL_CARDS)
    random.Random(seed).shuffle(cards)
    other = list(cards)
    other[13], other[47] = other[47], other[13]  # seat 1's second card and the last drawn
    games = [
        rules.new_game("alliances", 2, seed=seed, options={"deck": d, "first": 0})
        for d in (cards, other)
    ]
    assert _lockstep(games, 0, seed) >= 10  # type: ignore[arg-type]


# --------------------------------------------------------------------------- behaviour


def test_dumps_the_lowest_card_when_the_conflict_is_lost() -> None:
    """Source, Conflict phase: a dominant-suit card "breaks" the round and the highest dominant
    power wins; with no Politics, seat 3 cannot beat 12P, so it keeps its good cards."""
    game = last_to_play(["P12", "P1", "P2"], NO_POLITICS)
    assert ask(game) == game.parse_move("play M2")


def test_wins_cheaply() -> None:
    """Source, Conflict phase: the highest dominant power wins and captures when strictly above
    the target's defence (Caldessa, Political defence 4): 6P is enough against 5P."""
    hand = ["P6", "P11", "P12", *NO_POLITICS[:9]]
    game = last_to_play(["P5", "P1", "P2"], hand)
    assert ask(game) == game.parse_move("play P6")


def test_does_not_overtake_the_ally() -> None:
    """Source, Game Goal: allies win together; the ally's 12P already takes the country, so
    seat 3 follows Politics with its lowest card."""
    hand = ["P6", "P10", "P11", *NO_POLITICS[:9]]
    game = last_to_play(["P5", "P12", "P2"], hand)
    assert ask(game) == game.parse_move("play P6")


def test_reinforcement_swings_the_conflict_to_the_ally() -> None:
    """Source, Reinforcement: double any Military power card on the table. Military dominant,
    rivals lead with 12M; doubling the ally's 7M to 14M wins (and beats Caldessa's 2M)."""
    hand = ["reinforcement", "M1", "E3", "E7", "E9", "E10", "E11", "E12", "P2", "P3", "P4", "P5"]
    game = last_to_play(["M12", "M7", "M3"], hand, bid="10 M")
    assert ask(game) == game.parse_move("play reinforcement")
    play(game, "play reinforcement")
    assert game.phase == "choose"
    assert ask(game) == game.parse_move("choose M7")


def test_spin_played_last_passes_the_winning_power_to_the_ally() -> None:
    """Notes: Spin resolves at the end and only if played last: every power passes to the
    left, so the rival's 12P (seat 0) becomes the ally's (seat 1)."""
    hand = ["spin", "P1", *NO_POLITICS[:10]]
    game = last_to_play(["P12", "P3", "P2"], hand)
    assert ask(game) == game.parse_move("play spin")


def test_targets_a_country_it_can_take() -> None:
    """Source, Conflict phase: a capture needs power strictly above the defence. With
    Politics dominant and Politics cards up to 6, Norhaven (0P) can be taken and Halcyra (7P),
    Rosthal and Lunagard (6P) cannot."""
    hand = ["P4", "P5", "P6", "M1", "M2", "M3", "M4", "E1", "E2", "E3", "E4", "E5"]
    tiles = {2: "Halcyra", 6: "Norhaven", 13: "Rosthal", 17: "Lunagard"}
    game = new([hand, [], [], []], tiles=tiles)
    play(game, "bid 10 P", "pass", "pass", "pass")
    targets = {"target 0,2", "target 1,1", "target 2,3", "target 3,2"}
    assert {str(m) for m in game.legal_moves()} == targets  # next to seat 0's or seat 2's
    assert ask(game) == game.parse_move("target 1,1")


def test_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    """Source, State of the Nations: the bid promises countries. Long high Politics bids in
    Politics; a hand of low cards passes (and lets the Defender's role do the work)."""
    strong = ["P12", "P11", "P10", "P9", "P8", "P7", "P6", "M12", "E12", "E11", "M11", "spin"]
    move = ask(new([strong, [], [], []]))
    assert move.kind == "bid" and move.value[1] == "P"
    weak = ["M1", "M2", "M3", "M4", "E1", "E2", "E3", "E4", "P1", "P2", "P3", "P4"]
    assert ask(new([weak, [], [], []])).kind == "pass"


def test_does_not_outbid_the_ally() -> None:
    """Source, State of the Nations: the contract is the alliance's; seat 2 lets its ally's
    bid stand."""
    strong = ["P12", "P11", "P10", "P9", "P8", "P7", "P6", "M12", "E12", "E11", "M11", "spin"]
    game = new([[], [], strong, []])
    play(game, "bid 10 E", "pass")
    assert ask(game).kind == "pass"


def test_empire_sets_aside_its_weakest_cards_and_calls_its_suit() -> None:
    """Source, 3-player game, Rise to Power: the Empire sets aside 4 cards ("generally cards
    with a low value") and declares the dominant suit."""
    empire = [f"P{r}" for r in range(5, 13)] + ["M1", "M2", "E1", "E2", "M8", "E8", "M9", "E9"]
    game = new([empire, [], []], players=3)
    assert game.phase == "rise-set" and game.to_move == 0
    set_aside = []
    for _ in range(4):
        move = ask(game)
        set_aside.append(move.cards[0])
        game.play(move)
    assert sorted(set_aside) == ["E1", "E2", "M1", "M2"]
    assert ask(game) == game.parse_move("call P")


def test_two_player_drafting_phase_sheds_the_weakest_card() -> None:
    """Source, 2-player game, Drafting phase: its goal is "increasing the arsenal of powerful
    cards and getting rid of the weaker cards" (each card played is replaced from the
    reserve), so the bot leads its weakest card rather than spend a strong one on a trick."""
    hand = ["P12", "P11", "P10", "E12", "E11", "M12", "M11", "reserve-forces", "E9", "P9"]
    game = new([[*hand, "global-trading", "M1"], []], players=2)
    assert game.phase == "duel" and game.to_move == 0
    assert ask(game) == game.parse_move("play M1")


def test_two_player_declares_the_strongest_suit() -> None:
    """Source, 2-player game: the drafting phase winner calls the dominant suit."""
    hand = ["E12", "E11", "E10", "E9", "E8", "E7", "M1", "M2", "P1", "P2", "M3", "P3"]
    game = new([hand, []], players=2)
    game.phase, game.current = "declare", 0  # edited: the drafting phase is not the point
    assert ask(game) == game.parse_move("call E")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bots_picture_of_the_conflict_matches_the_rules(players: int) -> None:
    """The bot prices plays on its own copy of the conflict (special actions mirrored from
    the rules): in random games, its powers are the rules' powers, and each card it could
    play leads to the powers the rules give (for some choice of a special's options)."""
    checked = 0
    for seed in range(3):
        game = rules.new_game("alliances", players, seed=seed)
        assert isinstance(game, Alliances)
        rng = random.Random(seed)
        while not game.over:
            seat = game.to_move
            assert seat is not None
            if game.phase == "play":
                judge = _Judge(game.view(seat), seat)
                assert judge.powers(judge.entries) == game.powers()
                for move in game.legal_moves():
                    entry = Played(seat, move.cards[0])
                    options = judge._resolved(judge.entries, entry, judge.target)
                    mirrored = [judge.powers(t) for t in options]
                    for powers in _resolutions(game, move):
                        assert powers in mirrored
                        checked += 1
            game.play(rng.choice(game.legal_moves()))
    assert checked > 50


def _resolutions(game: Alliances, move: Move) -> list[list[tuple[str, int] | None]]:
    """The rules' powers after ``move`` and each way of answering its special's questions
    (none once the conflict is over: the table is cleared)."""
    after = game.clone()
    assert isinstance(after, Alliances)
    after.play(move)
    if after.phase == "choose":
        return [p for choice in after.legal_moves() for p in _resolutions(after, choice)]
    return [after.powers()] if after.phase == "play" and after.table else []
