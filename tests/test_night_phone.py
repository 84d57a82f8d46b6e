"""Game night, the phone's side of the protocol: the phone page and its files, the
card images (rendered by the host on its UI thread, inside ``poll()``), and Machiavelli's
proposals (the exact solver lays the cards a phone picked). Real sockets on loopback; the
browser itself is in tests/test_phone_browser.py.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import aiohttp
import pytest

from rules.machiavelli.melds import ALL_CARDS, meld_problem
from tabletop.net import night as night_module
from tabletop.net import protocol, qr_png
from tabletop.net import server as night_server
from tabletop.net.png import Pixels
from tabletop.net.propose import NotInHand, propose
from tabletop.session import SeatConfig, Session
from tests import test_night_server
from tests.test_night_server import Phone, host_until, hosting, make_session, run

nights = test_night_server.nights  # the fixture: game nights on loopback, stopped after the test


async def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    async with aiohttp.ClientSession() as client, client.get(url) as answer:
        return answer.status, dict(answer.headers), await answer.read()


# ---- the page --------------------------------------------------------------------------------


def test_the_phone_page_and_its_files_are_served(nights) -> None:
    night = nights(make_session("royal_houses", 2))

    async def body() -> None:
        status, headers, page = await fetch(night.link(0))
        assert status == 200 and b'src="/static/phone.js"' in page
        assert headers["Referrer-Policy"] == "no-referrer"
        assert "default-src 'self'" in headers["Content-Security-Policy"]
        assert (await fetch(night.url + "/"))[2] == page  # one page: the token is in the address
        for name, kind in night_server.STATIC_FILES.items():
            status, headers, text = await fetch(f"{night.url}/static/{name}")
            assert status == 200 and headers["Content-Type"].startswith(kind) and text
        assert (await fetch(night.url + "/static/secret.py"))[0] == 404
        assert (await fetch(night.url + "/static/..%2Fserver.py"))[0] == 404

    run(body)


# ---- card images -------------------------------------------------------------------------------


def test_without_a_renderer_a_card_is_an_svg_naming_it_and_only_census_ids_exist(nights) -> None:
    session = make_session("allegiance", 3)
    night = nights(session)
    census = session.game.census()

    async def body() -> None:
        status, headers, svg = await fetch(f"{night.url}/card/{census[0]}.png")
        assert status == 200 and headers["Content-Type"].startswith("image/svg+xml")
        assert f">{census[0]}<".encode() in svg
        for bad in ("nope", "..", "H1x", "%3Cscript%3E"):
            assert (await fetch(f"{night.url}/card/{bad}.png"))[0] == 404

    run(body)


def test_the_host_renders_card_faces_on_its_own_thread_a_few_per_poll_and_caches_them(
    nights, monkeypatch
) -> None:
    monkeypatch.setattr(night_module, "IMAGE_BUDGET", 60.0)  # the count alone limits here
    session = make_session("machiavelli", 2)
    calls: list[tuple[str, int]] = []

    def card_image(card: str) -> bytes | None:
        calls.append((card, threading.get_ident()))
        return None if card == "AS.1" else qr_png(card, scale=1)

    night = nights(session, card_image=card_image)
    cards = ["2S.1", "3S.1", "4S.1", "5S.1", "6S.1", "7S.1"]
    polls: list[int] = []

    async def body() -> None:
        wanted = [fetch(f"{night.url}/card/{c}.png") for c in [*cards, cards[0], "AS.1"]]
        fetching = asyncio.gather(*wanted)
        while night.server.image_requests.qsize() < len(cards) + 1:  # nobody polls yet
            await asyncio.sleep(0.01)
        before = len(calls)
        night.poll()
        polls.append(len(calls) - before)
        host = asyncio.create_task(hosting(night))
        try:
            answers = await fetching
        finally:
            host.cancel()
        for (status, headers, data), card in zip(answers, [*cards, cards[0]], strict=False):
            assert status == 200 and headers["Content-Type"] == "image/png"
            assert data == qr_png(card, scale=1)
        assert answers[-1][1]["Content-Type"].startswith("image/svg+xml")  # no image: placeholder
        again = await fetch(f"{night.url}/card/{cards[1]}.png")  # cached: no second rendering
        assert again[0] == 200

    run(body)
    assert polls == [4]  # at most four faces per poll()
    assert sorted(c for c, _ in calls) == sorted([*cards, "AS.1"])  # each face once
    assert {thread for _, thread in calls} == {threading.get_ident()}  # on the polling thread


def test_slow_faces_are_rendered_one_per_poll(nights, monkeypatch) -> None:
    """Past IMAGE_BUDGET seconds a poll() renders no more faces: one slow face a frame."""
    monkeypatch.setattr(night_module, "IMAGE_BUDGET", 0.0)
    session = make_session("royal_houses", 2)
    rendered: list[str] = []
    night = nights(session, card_image=lambda card: rendered.append(card) or b"png")
    cards = session.game.census()[:3]

    async def body() -> None:
        fetching = asyncio.gather(*[fetch(f"{night.url}/card/{c}.png") for c in cards])
        while night.server.image_requests.qsize() < len(cards):
            await asyncio.sleep(0.01)
        for count in (1, 2, 3):
            night.poll()
            assert len(rendered) == count
        assert [a[0] for a in await fetching] == [200, 200, 200]

    run(body)


def test_a_face_the_host_does_not_render_in_time_is_a_503(nights, monkeypatch) -> None:
    monkeypatch.setattr(night_server, "IMAGE_TIMEOUT", 0.2)
    session = make_session("royal_houses", 2)
    night = nights(session, card_image=lambda card: b"png")
    card = session.game.census()[0]

    async def body() -> None:
        status, headers, _ = await fetch(f"{night.url}/card/{card}.png")
        assert status == 503 and headers["Retry-After"] == "1"
        night.poll()
        await asyncio.sleep(0.05)
        status, _, data = await fetch(f"{night.url}/card/{card}.png")
        assert (status, data) == (200, b"png")

    run(body)


# ---- Machiavelli's proposals ---------------------------------------------------------------------

HEARTS = ["4H.1", "5H.1", "6H.1", "7H.1", "8H.1", "9H.1", "10H.1"]
JUNK = ["2C.1", "KD.1", "4S.1", "JC.1", "9S.1"]  # no meld among them or with the rest


def machiavelli_session() -> Session:
    """Ann holds a run of hearts 4..10, the 7 of spades and of diamonds, and junk."""
    ann = [*HEARTS, "7S.1", "7D.1", *JUNK]
    rest = [c for c in ALL_CARDS if c not in ann]
    deck = ann + rest  # Ann (seat 0) is dealt first, Bob the next 14, then the stock
    return Session("machiavelli", [SeatConfig("Ann"), SeatConfig("Bob")], 1, {"deck": deck})


def test_propose_is_pure_and_reads_only_the_seats_view() -> None:
    session = machiavelli_session()
    view = session.game.view(0)
    found = propose("machiavelli", view, HEARTS)
    assert found.table is not None and found.move is not None
    assert sorted(c for m in found.table for c in m) == sorted(HEARTS)
    assert session.game.why_illegal(session.game.parse_move(found.move), 0) is None
    none = propose("machiavelli", view, ["7S.1", "2C.1"])
    assert none.table is None and none.move is None and "cannot all go" in none.message
    with pytest.raises(NotInHand):
        propose("machiavelli", view, ["AH.2"])
    with pytest.raises(NotInHand):
        propose("machiavelli", view, ["7S.1", "7S.1"])


def test_a_phone_asks_for_a_table_confirms_it_and_the_solver_rearranges_the_table(nights) -> None:
    session = machiavelli_session()
    night = nights(session)
    game = session.game

    async def ask(phone: Phone, cards: list[str], ply: int, msg_id: str) -> dict[str, Any]:
        await phone.send({"type": "propose", "id": msg_id, "ply": ply, "cards": cards})
        answer = await phone.expect("proposal")
        assert (answer["id"], answer["ply"], answer["cards"]) == (msg_id, ply, cards)
        return answer

    async def body() -> None:
        ann = await Phone.open(night, night.tokens[0])
        bob = await Phone.open(night, night.tokens[1])
        await ann.expect("state")
        await bob.expect("state")
        # before opening: new melds of the hand's own
        first = await ask(ann, HEARTS, 0, "p1")
        assert first["table"] and sorted(c for m in first["table"] for c in m) == sorted(HEARTS)
        await ann.move(first["move"], 0)
        await host_until(night, lambda: len(game.history) == 1)
        assert (await ann.expect("accepted"))["ply"] == 1
        await bob.move("draw", 1)
        await host_until(night, lambda: len(game.history) == 2)
        # opened: the 7s of spades and diamonds need a 7 of hearts taken out of the run
        second = await ask(ann, ["7S.1", "7D.1"], 2, "p2")
        table = second["table"]
        assert table is not None and all(meld_problem(m) is None for m in table)
        assert any(set(m) == {"7S.1", "7D.1", "7H.1"} for m in table)  # taken from the run
        assert "confirm" in second["message"]
        nothing = await ask(ann, ["2C.1", "KD.1"], 2, "p3")  # nothing to do with those
        assert nothing["table"] is None and nothing["move"] is None and nothing["message"]
        await ann.move(second["move"], 2)
        await host_until(night, lambda: len(game.history) == 3)
        assert sorted(map(sorted, game.view(None)["table"])) == sorted(map(sorted, table))
        await ann.close()
        await bob.close()

    run(body)


def test_every_refusal_of_a_proposal(nights) -> None:
    session = machiavelli_session()
    night = nights(session)
    royal = nights(make_session("royal_houses", 2))

    async def body() -> None:
        ann = await Phone.open(night, night.tokens[0])
        bob = await Phone.open(night, night.tokens[1])
        table = await Phone.open(night, None)
        rh = await Phone.open(royal, royal.tokens[0])
        for phone in (ann, bob, table, rh):
            await phone.expect("state")
        cases: list[tuple[str, Phone, dict[str, Any]]] = [
            ("not-your-turn", bob, {"ply": 0, "cards": ["2H.1"]}),
            ("no-seat", table, {"ply": 0, "cards": HEARTS}),
            ("stale", ann, {"ply": 3, "cards": HEARTS}),
            ("not-in-hand", ann, {"ply": 0, "cards": ["AH.2"]}),
            ("no-proposals", rh, {"ply": 0, "cards": ["A1"]}),
            ("bad-message", ann, {"ply": 0, "cards": []}),
            ("bad-message", ann, {"ply": 0, "cards": "7S.1"}),
            ("bad-message", ann, {"ply": 0, "cards": ["x" * 40]}),
            ("bad-message", ann, {"cards": HEARTS}),
        ]
        for n, (code, phone, fields) in enumerate(cases):
            await phone.send({"type": "propose", "id": f"r{n}", **fields})
            refused = await phone.expect("refused")
            assert (refused["code"], refused["id"]) == (code, f"r{n}"), fields
            assert refused["message"]
        await ann.send({"type": "propose", "ply": 0, "cards": HEARTS})  # no id
        assert (await ann.expect("refused"))["code"] == "bad-message"
        for phone in (ann, bob, table, rh):
            await phone.close()

    run(body)
    assert session.game.history == []


def test_a_proposal_request_parses_and_limits() -> None:
    ok = protocol.parse_client('{"v":1,"type":"propose","id":"a","ply":2,"cards":["5S.1"]}')
    assert ok == protocol.ProposeRequest("a", 2, ("5S.1",))
    many = ["5S.1"] * (protocol.MAX_PROPOSE + 1)
    text = protocol.dumps({"v": 1, "type": "propose", "id": "a", "ply": 2, "cards": many})
    assert isinstance(protocol.parse_client(text), protocol.Refusal)


def test_a_proposal_runs_off_the_event_loop_and_the_ui_thread(nights, monkeypatch) -> None:
    threads: list[str] = []
    real = night_server.propose

    def spy(game: str, view: Any, cards: Any) -> Any:
        threads.append(threading.current_thread().name)
        return real(game, view, cards)

    monkeypatch.setattr(night_server, "propose", spy)
    session = machiavelli_session()
    night = nights(session)

    async def body() -> None:
        ann = await Phone.open(night, night.tokens[0])
        await ann.expect("state")
        await ann.send({"type": "propose", "id": "x", "ply": 0, "cards": HEARTS})
        assert (await ann.expect("proposal"))["table"]
        await ann.close()

    run(body)
    assert len(threads) == 1 and threads[0].startswith("game-night-solver")


def test_pixels_from_the_host_are_encoded_as_png_off_the_ui_thread(nights) -> None:
    """For the TV's frames, the host hands a face's pixels; the server encodes the PNG on its
    own worker thread, so the UI thread's poll() only paints."""
    session = make_session("royal_houses", 2)
    card = session.game.census()[0]
    red = bytes([200, 30, 40, 255]) * (3 * 2)
    night = nights(session, card_image=lambda c: Pixels(3, 2, red) if c == card else None)
    encoded_on: list[str] = []
    png = Pixels.png

    def spy(self: Pixels, level: int = 6) -> bytes:
        encoded_on.append(threading.current_thread().name)
        return png(self, level)

    async def body() -> None:
        fetching = asyncio.ensure_future(fetch(f"{night.url}/card/{card}.png"))
        while night.server.image_requests.qsize() < 1:
            await asyncio.sleep(0.01)
        night.poll()
        status, headers, data = await fetching
        assert status == 200 and headers["Content-Type"] == "image/png"
        assert data == png(Pixels(3, 2, red))

    Pixels.png = spy  # type: ignore[method-assign]
    try:
        run(body)
    finally:
        Pixels.png = png  # type: ignore[method-assign]
    assert encoded_on and all(name.startswith("game-night-images") for name in encoded_on)
