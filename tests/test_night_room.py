"""One room for the evening (tabletop.net.room): a game night's server, port and links outlive
a game. The next game (a rematch, another game, a resumed save) is served on the same links;
the phones that are open are told and join it by themselves; a link whose player is not in
the next game gets the page that says to scan the TV's code."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import aiohttp
import pytest

from tabletop.net import GameNight, protocol
from tabletop.net.room import NightRoom
from tabletop.session import SeatConfig, Session
from tests.test_night_server import LOOPBACK, Phone, hosting, make_session, run


@pytest.fixture
def room() -> Iterator[NightRoom]:
    evening = NightRoom()
    yield evening
    evening.close()


def night_in(room: NightRoom, session: Session) -> GameNight:
    night = GameNight(session, range(len(session.seats)), bind=[LOOPBACK], port=0, room=room)
    night.start()
    return night


def test_the_next_game_keeps_each_players_link_and_port(room: NightRoom) -> None:
    first = night_in(room, make_session("royal_houses", 2))
    url, tokens = first.url, dict(first.tokens)
    first.stop()
    assert first.server.running  # the room keeps it for the next game
    rematch = night_in(room, make_session("royal_houses", 2, seed=2))
    assert rematch.url == url and rematch.tokens == tokens
    other = night_in(room, make_session("allegiance", 3))  # Ann and Bob, and Cleo is new
    assert [other.tokens[s] for s in (0, 1)] == [tokens[0], tokens[1]]
    assert other.tokens[2] not in tokens.values() and other.url == url


def test_an_open_phone_follows_to_the_next_game(room: NightRoom) -> None:
    first = night_in(room, make_session("royal_houses", 2))
    token = first.tokens[0]

    async def body() -> None:
        ann = await Phone.open(first, token)
        assert (await ann.expect("welcome"))["game"] == "royal_houses"
        await ann.expect("state")
        first.stop()
        second = night_in(room, make_session("allegiance", 3))
        told = await ann.expect("next-game")
        assert told["message"]
        assert await ann.closed() == protocol.CLOSE_NEXT_GAME
        await ann.close()
        again = await Phone.open(second, token)  # what the page does on 4007: hello again
        welcome = await again.expect("welcome")
        assert (welcome["game"], welcome["seat"], welcome["name"]) == ("allegiance", 0, "Ann")
        host = asyncio.create_task(hosting(second))
        try:
            state = await again.expect("state")
        finally:
            host.cancel()
        assert state["view"]["game"] == "allegiance"
        await again.close()

    run(body)


def test_a_link_whose_player_left_gets_the_page_that_says_to_scan_the_tv(
    room: NightRoom,
) -> None:
    first = night_in(room, make_session("royal_houses", 2))
    bobs = first.tokens[1]
    first.stop()
    seats = [SeatConfig("Ann"), SeatConfig("Dev")]  # Bob went home, Dev sits in
    second = night_in(room, Session("royal_houses", seats, 4))
    assert bobs not in second.tokens.values()

    async def body() -> None:
        async with aiohttp.ClientSession() as client, client.get(f"{second.url}/j/{bobs}") as page:
            text = await page.text()
            assert page.status == 404
        assert "/static/phone.css" in text and "Scan your seat's code on the TV" in text
        bob = await Phone.open(second, bobs)
        refused = await bob.expect("refused")
        assert refused["code"] == "bad-token"
        await bob.close()

    run(body)


def test_closing_the_room_tells_the_phones_and_frees_the_port(room: NightRoom) -> None:
    night = night_in(room, make_session("royal_houses", 2))

    async def body() -> None:
        ann = await Phone.open(night, night.tokens[0])
        await ann.expect("state")
        room.close()
        await ann.expect("closed")
        await ann.close()

    run(body)
    assert not night.server.running and not room.open


def test_two_players_of_the_same_name_have_links_of_their_own(room: NightRoom) -> None:
    seats = [SeatConfig("Sam"), SeatConfig("Sam"), SeatConfig("Ann")]
    night = night_in(room, Session("allegiance", seats, 2))
    assert len(set(night.tokens.values())) == 3
    night.stop()
