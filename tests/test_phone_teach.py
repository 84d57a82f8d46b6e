"""The phones learn too: each game's *How to play* sheet, the *Teach as we play* tips, and hints
asked from a phone. Protocol and host, over real sockets on loopback; the page itself is in
tests/test_phone_browser_teach.py.

The tips must tell a seat only what it may know: the tip for a seat is the same in two games
that differ only in cards the seat cannot see (``game.determinize``), and names no hidden card.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import aiohttp
import pytest

import rules
from rules import Game
from tabletop import saves
from tabletop.ai.worker import AIWorker
from tabletop.games import card_names_for, howto_for, tip_for
from tabletop.net import protocol
from tabletop.net.howto import MAX_TIP
from tabletop.net.night import GameNight
from tabletop.session import Session
from tests import test_night_server
from tests.test_night_server import Phone, hosting, make_session, message_words, run

nights = test_night_server.nights  # the fixture: game nights on loopback, stopped after the test
machine_speed = test_night_server.machine_speed  # scripted phones are not rate limited here

GAMES = ["royal_houses", "allegiance", "machiavelli", "medici", "alliances"]
#: Every game, and the variants a phone may play (players, options).
CONFIGS = [
    ("royal_houses", 2),
    ("allegiance", 3),
    ("allegiance", 5),
    ("machiavelli", 3),
    ("medici", 2),
    ("medici", 4),
    ("alliances", 4),
    ("alliances", 2),
    ("alliances", 3),
]


# ---- the protocol ------------------------------------------------------------------------------


def test_a_hint_request_is_parsed_and_a_bad_one_refused() -> None:
    ask = protocol.parse_client('{"v":1,"type":"hint","id":"h-1","ply":7}')
    assert ask == protocol.HintAsk("h-1", 7)
    for bad in (
        '{"v":1,"type":"hint","ply":7}',  # no id
        '{"v":1,"type":"hint","id":"h-1"}',  # no ply
        '{"v":1,"type":"hint","id":"h-1","ply":-1}',
        '{"v":1,"type":"hint","id":"h-1","ply":true}',
        '{"v":1,"type":"hint","id":"h-1","ply":"7"}',
        '{"v":1,"type":"hint","id":"' + "x" * 65 + '","ply":7}',
    ):
        refusal = protocol.parse_client(bad)
        assert isinstance(refusal, protocol.Refusal) and refusal.code == "bad-message", bad
    assert {"no-hints", "hint-failed"} <= set(protocol.REFUSAL_CODES)
    assert "``hint``" in (protocol.__doc__ or "") and "``tip``" in (protocol.__doc__ or "")


# ---- How to play -------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_short_how_to_play_sheet_showing_its_own_cards(game_id: str) -> None:
    sheet = howto_for(game_id)
    assert sheet is not None
    assert 150 <= sheet.words() <= 300, sheet.words()
    titles = [s.title for s in sheet.sections]
    assert 4 <= len(titles) <= 7 and len(set(titles)) == len(titles)
    assert all(s.title and len(s.text.split()) >= 10 for s in sheet.sections)
    players = rules.GAMES[game_id].min_players
    census = set(rules.new_game(game_id, players, 1, {}).census())
    assert sheet.cards() and set(sheet.cards()) <= census  # pictures the host can paint
    data = sheet.as_json()
    assert [s["title"] for s in data["sections"]] == titles
    pictures = [n for s in data["sections"] for n in s["pictures"]]
    assert pictures == list(range(len(sheet.cards())))
    # pictures by number, never by card id: the sheet names no card a seat cannot see
    game = rules.new_game(game_id, players, 1, {})
    words = message_words(json.dumps(data))
    assert all(not words & game.hidden_cards(seat) for seat in range(players))


async def fetch(url: str) -> tuple[int, str, bytes]:
    async with aiohttp.ClientSession() as client, client.get(url) as answer:
        return answer.status, answer.headers.get("Content-Type", ""), await answer.read()


def test_the_welcome_carries_the_sheet_and_whether_hints_are_offered(nights) -> None:
    session = make_session("medici", 2)
    with_hints = nights(session, hint_worker=FakeWorker())
    without = nights(make_session("royal_houses", 2))

    async def body() -> None:
        phone = await Phone.open(with_hints, with_hints.tokens[0])
        welcome = await phone.expect("welcome")
        sheet = howto_for("medici")
        assert sheet is not None and welcome["howto"] == sheet.as_json()
        assert welcome["hints"] is True
        public = await Phone.open(without, None)
        welcome = await public.expect("welcome")
        assert welcome["hints"] is False and welcome["howto"]["sections"]
        # its pictures are served by number; the page never learns their card ids
        cards = sheet.cards()
        status, kind, body = await fetch(f"{with_hints.url}/howto/0.png")
        assert status == 200 and body == (await fetch(f"{with_hints.url}/card/{cards[0]}.png"))[2]
        assert kind.startswith("image/")
        for bad in (str(len(cards)), "-1", "x", "00x"):
            assert (await fetch(f"{with_hints.url}/howto/{bad}.png"))[0] == 404
        await phone.close()
        await public.close()

    run(body)


# ---- tips --------------------------------------------------------------------------------------


def hidden_names(game: Game, seat: int) -> list[re.Pattern[str]]:
    """The ids of the cards ``seat`` cannot see, and the names and labels only they bear."""
    gid = game.spec.id
    hidden = game.hidden_cards(seat)
    parts = [c for c in game.census() if not c.startswith("counter:")]
    shown = set().union(*(set().union(*card_names_for(gid, c)) for c in parts if c not in hidden))
    secret = set().union(*(set().union(*card_names_for(gid, c)) for c in hidden)) - shown
    words = sorted(secret | {c for c in hidden if len(c) > 1})
    return [re.compile(rf"(?<![\w.]){re.escape(w)}(?![\w])") for w in words]


def tip_at(night: GameNight, seat: int) -> str:
    """The tip the host sends ``seat`` now (its state message's ``tip``)."""
    state = night._state(seat, len(night.session.game.history))
    return str(state["tip"])


def random_decisions(game_id: str, players: int, seed: int, plies: int) -> Any:
    """(session, seat) at each of the first ``plies`` decisions of a random game."""
    session = make_session(game_id, players, seed)
    session.teach = True
    rng = random.Random(seed)
    for _ in range(plies):
        game = session.game
        if game.over:
            return
        yield session, game.to_move
        moves = game.legal_moves()
        bidding = [m for m in moves if m.kind == "bid"]  # on to the conflicts, not a redeal
        session.play(rng.choice(bidding[:3] or moves))


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_a_tip_comes_only_from_what_its_seat_may_know(game_id: str, players: int) -> None:
    said: set[str] = set()
    redealt = 0  # decisions where the copies really differ from the game in hidden cards
    for seed in (1, 2):
        decisions = random_decisions(game_id, players, seed, 120 if players < 4 else 90)
        for session, seat in decisions:
            night = GameNight(session, [seat], bind=["127.0.0.1"], port=0)
            truth = session.game
            tip = tip_at(night, seat)
            assert len(tip) <= MAX_TIP and "\n" not in tip
            found = [p.pattern for p in hidden_names(truth, seat) if p.search(tip)]
            assert not found, (tip, found)
            for k in range(2):
                # the same seat's knowledge, every hidden card dealt again
                session.game = truth.determinize(seat, random.Random(seed * 100 + k))
                redealt += session.game.snapshot() != truth.snapshot()
                assert tip_at(night, seat) == tip, (len(truth.history), tip)
            session.game = truth
            said.add(tip)
    said.discard("")
    assert redealt and len(said) >= 4, said  # the tips say something, and more than one thing


def test_a_tip_goes_only_to_the_seat_deciding_and_only_with_teach_on() -> None:
    session = make_session("alliances", 4)
    night = GameNight(session, [0, 1, 2, 3], bind=["127.0.0.1"], port=0)
    mover = session.game.to_move
    assert mover is not None
    assert all(tip_at(night, s) == "" for s in range(4))  # teach off
    session.teach = True
    assert tip_at(night, mover).startswith("Bid ")
    assert all(tip_at(night, s) == "" for s in range(4) if s != mover)
    assert night._state(None, 0)["tip"] == ""


def test_a_tip_says_what_the_trick_needs() -> None:
    """The brief's example: the seat must follow the leading suit, and is told how many it
    holds; with none of that suit it is told anything goes."""
    tip = tip_for("alliances")
    assert tip is not None
    view = {"hands": [["M3", "M9", "P2", "bribe"]], "leading": "M", "dominant": "P"}
    view["table"] = [{"seat": 1, "card": "M5"}]
    moves = [{"kind": "play", "cards": [c]} for c in ("M3", "M9", "bribe")]
    said = tip(view, 0, moves)
    assert said.startswith("You must follow Military (or a special action card): you hold 2 cards")
    no_military = {**view, "hands": [["E4", "P2"]]}
    moves = [{"kind": "play", "cards": [c]} for c in ("E4", "P2")]
    said = tip(no_military, 0, moves)
    assert said.startswith("You hold no Military: any card may be played")


def test_teach_survives_a_save_and_a_rematch() -> None:
    session = make_session("royal_houses", 2)
    session.teach = True
    assert saves.session_from_save(saves.to_save(session)).teach is True
    assert session.rematch().teach is True
    session.teach = False
    assert saves.session_from_save(saves.to_save(session)).teach is False


# ---- hints -------------------------------------------------------------------------------------


class FakeWorker(AIWorker):
    """An AI worker whose answers the test gives, when it wants (``finish``)."""

    def __init__(self) -> None:
        super().__init__(use_process=False)
        self.jobs: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def run(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        answer: Future[Any] = Future()
        self.jobs.append((answer, fn, args))
        return answer

    def finish(self, index: int = -1) -> None:
        answer, fn, args = self.jobs[index]
        answer.set_result(fn(*args))


async def until(condition: Callable[[], bool], limit: float = 10.0) -> None:
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.005)

    await asyncio.wait_for(wait(), limit)


def hint_session() -> Session:
    session = make_session("medici", 2, seed=3)
    return session


def test_a_phone_asks_for_a_hint_and_only_it_hears_why(nights) -> None:
    session = hint_session()
    worker = AIWorker(use_process=False)
    night = nights(session, hint_worker=worker, hint_iterations=40)
    mover = session.game.to_move
    assert mover is not None
    other = 1 - mover

    async def body() -> None:
        host = asyncio.create_task(hosting(night))
        phone = await Phone.open(night, night.tokens[mover])
        rival = await Phone.open(night, night.tokens[other])
        state = await phone.expect("state")
        await rival.expect("state")
        await phone.send({"type": "hint", "id": "h-1", "ply": state["ply"]})
        hint = await phone.expect("hint")
        assert hint["id"] == "h-1" and hint["ply"] == state["ply"]
        legal = {m["text"]: m["description"] for m in state["moves"]}
        assert hint["move"] in legal
        assert hint["text"].startswith(legal[hint["move"]]) and hint["text"].endswith(".")
        found = [p.pattern for p in hidden_names(session.game, mover) if p.search(hint["text"])]
        assert not found
        await rival.send({"type": "ping"})
        await rival.expect("pong")
        assert not any('"hint"' in r for r in rival.received)
        # the seat may ask again once answered
        await phone.send({"type": "hint", "id": "h-2", "ply": state["ply"]})
        assert (await phone.expect("hint"))["move"] == hint["move"]  # same position, same hint
        host.cancel()
        await phone.close()
        await rival.close()

    try:
        run(body)
    finally:
        worker.shutdown()


def test_one_hint_at_a_time_per_seat_and_a_stale_hint_is_dropped(nights) -> None:
    session = hint_session()
    worker = FakeWorker()
    night = nights(session, hint_worker=worker, hint_iterations=20)
    mover = session.game.to_move
    assert mover is not None

    async def body() -> None:
        host = asyncio.create_task(hosting(night))
        phone = await Phone.open(night, night.tokens[mover])
        state = await phone.expect("state")
        ply = state["ply"]
        for n in range(12):  # a phone that spams Hint
            await phone.send({"type": "hint", "id": f"h-{n}", "ply": ply})
        refusals = [await phone.expect("refused") for _ in range(11)]
        assert {r["code"] for r in refusals} == {"busy"}
        await until(lambda: len(worker.jobs) == 1)
        assert len(worker.jobs) == 1  # one piece of work, whatever the phone sends
        # the table moves on before the hint is ready: the hint is dropped
        host.cancel()
        session.play(session.game.legal_moves()[0], mover)
        night.publish()
        worker.finish()
        host = asyncio.create_task(hosting(night))
        moved = await phone.expect("state")
        assert moved["ply"] == ply + 1
        await phone.send({"type": "ping"})
        await phone.expect("pong")
        await until(lambda: not night._hinting)
        await asyncio.sleep(0.05)
        assert not any('"type":"hint"' in r for r in phone.received)
        # and the seat may ask again (refused as its turn is over, not as busy)
        await phone.send({"type": "hint", "id": "h-after", "ply": moved["ply"]})
        if not moved["your_turn"]:
            refusal = await phone.expect("refused")
            assert refusal["id"] == "h-after" and refusal["code"] == "not-your-turn"
        else:
            await until(lambda: len(worker.jobs) == 2)
        host.cancel()
        await phone.close()

    run(body)


def test_a_hint_is_refused_to_the_table_to_a_seat_not_to_move_and_without_a_worker(
    nights,
) -> None:
    session = hint_session()
    night = nights(session, hint_worker=FakeWorker())
    plain = nights(make_session("medici", 2, seed=3))
    mover = session.game.to_move
    assert mover is not None

    async def body() -> None:
        host = asyncio.create_task(hosting(night))

        async def refusal(phone: Phone, ply: int) -> str:
            await phone.send({"type": "hint", "id": f"h-{ply}", "ply": ply})
            answer = await phone.expect("refused")
            assert answer["id"] == f"h-{ply}"
            return str(answer["code"])

        public = await Phone.open(night, None)
        await public.expect("state")
        assert await refusal(public, 0) == "no-seat"
        waiting = await Phone.open(night, night.tokens[1 - mover])
        state = await waiting.expect("state")
        assert await refusal(waiting, state["ply"]) == "not-your-turn"
        moving = await Phone.open(night, night.tokens[mover])
        state = await moving.expect("state")
        assert await refusal(moving, state["ply"] + 3) == "stale"
        lonely = await Phone.open(plain, plain.tokens[mover])
        state = await lonely.expect("state")
        assert await refusal(lonely, state["ply"]) == "no-hints"
        host.cancel()
        for phone in (public, waiting, moving, lonely):
            await phone.close()

    run(body)
