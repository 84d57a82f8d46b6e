"""Undo: with no other human at the table, take back your own last decision
and the AI replies after it, never past a move that showed you hidden cards; the game then
counts as assisted."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from rh_setup import STANDARD_COUNTERS, fixed_deck

import rules
from tabletop.session import SeatConfig, Session, UndoRefused


def rh(kinds: tuple[str, str] = ("human", "easy")) -> Session:
    return Session(
        "royal_houses",
        [SeatConfig("Ada", kinds[0]), SeatConfig("Bo", kinds[1])],
        seed=1,
        options={"deck": fixed_deck()},
    )


def fingerprint(session: Session) -> tuple[object, ...]:
    return (
        session.game.snapshot(),
        [str(m) for m in session.game.history],
        session.log_lines(0),
        session.assisted,
    )


def test_undo_takes_back_a_counter_and_the_ai_reply() -> None:
    """Counters are placed face down (Royal Houses rules, set-up): Bo's placement shows Ada
    only *where* he put one, which she would see in any deal, so her own choice may go back."""
    s = rh()
    for text in ["go first", *STANDARD_COUNTERS[:5]]:
        s.play(s.game.parse_move(text))
    before_ada = [str(m) for m in s.game.history]
    s.play(s.game.parse_move(STANDARD_COUNTERS[5]))  # Ada's last counter
    assert s.game.to_move == 1
    s.play(s.game.legal_moves()[0])  # Bo (AI) places a counter face down
    assert s.undo_refusal(0) is None
    assert s.undo(0) == 2
    assert [str(m) for m in s.game.history] == before_ada
    assert s.game.to_move == 0 and s.assisted
    # The rebuilt session is the one a fresh replay of those moves gives (log included).
    fresh = rh()
    for text in before_ada:
        fresh.play(fresh.game.parse_move(text))
    assert s.game.snapshot() == fresh.game.snapshot()
    assert s.log_lines(0) == fresh.log_lines(0) and s.movers == fresh.movers


def _play_until(
    session: Session, seed: int, done: Callable[[Session, list[rules.Event]], bool]
) -> bool:
    """Random legal moves until ``done(session, last events)``; False if the game ended first."""
    rng = random.Random(seed)
    while not session.game.over:
        events = session.play(rng.choice(session.game.legal_moves()))
        if done(session, events):
            return True
    return False


def _refused_unchanged(session: Session, words: str) -> None:
    before = fingerprint(session)
    reason = session.undo_refusal(0)
    assert reason is not None and words in reason, reason
    with pytest.raises(UndoRefused) as err:
        session.undo(0)
    assert str(err.value) == reason and reason.endswith(".")
    assert fingerprint(session) == before  # a refused undo changes nothing


def test_undo_stops_at_a_card_you_drew() -> None:
    """In Court of the Medici you draw at the end of your own action (rules: "then draw a
    card"): the drawn card is hidden information, so that action cannot be taken back."""
    for seed in range(40):
        s = Session("medici", [SeatConfig("Ada"), SeatConfig("Bo", "easy")], seed=seed)
        if _play_until(
            s,
            seed,
            lambda s, ev: (
                s.movers[-1] == 0
                and any(e.kind == "draw" and e.audience == frozenset({0}) for e in ev)
            ),
        ):
            _refused_unchanged(s, "You draw")
            return
    pytest.fail("no game reached a draw by Ada")


def test_undo_stops_at_a_rival_counter_you_looked_at() -> None:
    """Card 1 (Royal Houses card effects: "look at the rival's counter") shows Ada a hidden
    counter; she cannot take back the card 1 after seeing it."""
    for seed in range(200):
        s = rh()
        if _play_until(
            s,
            seed,
            lambda s, ev: any(e.kind == "look" and e.audience == frozenset({0}) for e in ev),
        ):
            if s.game.over or s.movers[-1] != 0:
                continue
            _refused_unchanged(s, "You see Bo's counter")
            return
    pytest.fail("no game had Ada look at a counter")


def test_undo_stops_at_a_rival_card_played_openly() -> None:
    """Bo's hand is hidden from Ada; once he plays a card from it she has seen it."""
    for seed in range(40):
        s = rh()
        if _play_until(
            s, seed, lambda s, ev: s.movers[-1] == 1 and any(e.kind == "play" for e in ev)
        ):
            if s.game.over or 0 not in s.movers:
                continue
            reason = s.undo_refusal(0)
            assert reason is not None and "Bo" in reason, reason
            return
    pytest.fail("Bo never played a card")


def test_undo_is_only_for_one_human_and_a_game_on() -> None:
    two = rh(("human", "human"))
    two.play(two.game.parse_move("go first"))
    assert "one human" in (two.undo_refusal(0) or "")
    fresh = rh()
    assert "nothing to undo" in (fresh.undo_refusal(0) or "")
    assert "Only the human" in (fresh.undo_refusal(1) or "")
    over = rh()
    _play_until(over, 3, lambda s, ev: False)
    assert "over" in (over.undo_refusal(0) or "")


@pytest.mark.parametrize("game_id", ["allegiance", "medici"])
def test_undo_in_other_games_keeps_or_refuses_cleanly(game_id: str) -> None:
    """Whatever the game, an allowed undo lands on a position where the human is to move and
    which a fresh replay reproduces; a refused one changes nothing."""
    spec = rules.GAMES[game_id]
    seats = [SeatConfig("Me")] + [SeatConfig(f"AI {i}", "easy") for i in range(1, spec.min_players)]
    rng = random.Random(4)
    allowed = refused = 0
    s = Session(game_id, seats, seed=4)
    while not s.game.over:
        s.play(rng.choice(s.game.legal_moves()))
        if s.game.to_move != 0 or 0 not in s.movers:
            continue
        before = fingerprint(s)
        if s.undo_refusal(0) is None:
            allowed += 1
            if allowed % 4 == 1:  # take some back, then play on
                s.undo(0)
                assert s.game.to_move == 0
                again = rules.load_game(s.game.to_json())
                assert again.snapshot() == s.game.snapshot()
        else:
            refused += 1
            with pytest.raises(UndoRefused):
                s.undo(0)
            assert fingerprint(s) == before
    assert refused > 0 and allowed > 0


@pytest.mark.parametrize(
    ("game_id", "players", "options", "deal_of"),
    [
        ("allegiance", 3, {"deals": 2}, "deal_no"),
        ("alliances", 2, {}, "campaign"),
        ("alliances", 3, {}, "campaign"),
        ("alliances", 4, {}, "campaign"),
    ],
)
def test_undo_stops_at_a_card_a_rival_plays_that_you_played_in_an_earlier_deal(
    game_id: str, players: int, options: dict[str, object], deal_of: str
) -> None:
    """With more than one deal (Allegiance's deals, Alliances' campaigns) a
    card comes back in a new hand. Once a rival plays it face up, Ada has seen a card hidden
    from her, even though she played the same card in an earlier deal: undo is decided from
    what the rules say was revealed (events' ``reveals`` and the hidden cards), not guessed
    from the cards she once played."""
    seats = [SeatConfig("Ada")] + [SeatConfig(f"AI {i}", "easy") for i in range(1, players)]
    checked = 0
    for seed in range(4):
        s = Session(game_id, seats, seed=seed, options=options)
        rng = random.Random(seed)
        mine_before: set[str] = set()  # cards Ada played in earlier deals
        mine_now: set[str] = set()
        deal, deal_starts = getattr(s.game, deal_of), 0
        while not s.game.over:
            if getattr(s.game, deal_of) != deal:
                deal, deal_starts = getattr(s.game, deal_of), len(s.game.history)
                mine_before |= mine_now
                mine_now = set()
            move = rng.choice(s.game.legal_moves())
            mover, hidden = s.game.to_move, s.game.hidden_cards(0)
            s.play(move)
            if mover == 0:
                mine_now.update(move.cards)
                continue
            last = max((n for n, who in enumerate(s.movers) if who == 0), default=-1)
            replayed = set(move.cards) & mine_before & hidden
            if move.kind == "play" and replayed and last >= deal_starts and not s.game.over:
                checked += 1
                assert s.undo_refusal(0) is not None, (seed, str(move))
    assert checked > 0
