"""The game night's phone page in a real browser: Debian's chromium, driven by
Playwright (shared TESTING-WEB.md), against a game night on loopback.

A phone joins its seat, plays legal moves by tapping cards and their target buttons, sees the
rules' refusal, reloads and rejoins the same seat; a second phone on another seat never shows
the first seat's cards (its page text and every card image it asks for are checked against
``game.hidden_cards``); a third device takes the seat over. Machiavelli: cards are picked, the
host proposes a table, the phone confirms it. Without chromium the tests FAIL (``.ci/run``
installs it). Every wait is bounded; nothing sleeps for a fixed time.
"""

from __future__ import annotations

import os
import random
import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rules import IllegalMove
from tabletop.net import GameNight, qr_png
from tabletop.session import Session
from tests.test_night_phone import HEARTS, machiavelli_session
from tests.test_night_server import make_session

CHROMIUM = "/usr/bin/chromium"
WAIT = 15_000  # ms any single expected change on the page may take
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"Debian's chromium is not installed ({CHROMIUM}): `apt-get install -y chromium` "
            "(.ci/run installs it); the phone page is tested in a real browser."
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as play:
        chromium = play.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox"], timeout=WAIT * 2
        )
        try:
            yield chromium
        finally:
            chromium.close()


class Host:
    """The UI thread's part, on a thread of its own: poll the night, and play the seats in
    ``plays`` (seat -> choose a move) as the desktop would, then publish. Tests read the game
    under ``lock``."""

    def __init__(self, night: GameNight, plays: dict[int, Callable[[Any], Any]]) -> None:
        self.night, self.plays = night, plays
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, name="test-host", daemon=True)
        self.thread.start()

    @property
    def session(self) -> Session:
        return self.night.session

    def _run(self) -> None:
        while not self.done.wait(0.003):
            with self.lock:
                self.night.poll()
                game = self.session.game
                seat = game.to_move
                if not game.over and seat in self.plays:
                    self.session.play(self.plays[seat](game), seat)
                    self.night.publish()

    def stop(self) -> None:
        self.done.set()
        self.thread.join(10)
        self.night.stop()


@pytest.fixture
def hosts() -> Iterator[Callable[..., Host]]:
    started: list[Host] = []

    def start(session: Session, phones: list[int], plays: dict[int, Any], **kw: Any) -> Host:
        night = GameNight(session, phones, bind=["127.0.0.1"], port=0, **kw)
        night.start()
        started.append(Host(night, plays))
        return started[-1]

    yield start
    for host in started:
        host.stop()


def open_phone(browser: Any, link: str, viewport: dict[str, int] = PHONE) -> Any:
    """A new device (its own browser context) on ``link``, once its first state is shown."""
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.card_requests = []  # type: ignore[attr-defined]
    page.on(
        "request",
        lambda r: "/card/" in r.url and page.card_requests.append(r.url),  # type: ignore[attr-defined]
    )
    page.goto(link)
    wait_ready(page)
    return page


def wait_ready(page: Any) -> None:
    page.wait_for_selector('#state[data-ready="1"][data-status="open"]', state="attached")


def data(page: Any, name: str) -> str:
    return str(page.eval_on_selector("#state", f"e => e.dataset.{name} || ''"))


def wait_data(page: Any, name: str, value: str) -> None:
    page.wait_for_function(
        "([n, v]) => document.querySelector('#state').dataset[n] === v", arg=[name, value]
    )


def wait_ply_after(page: Any, ply: int) -> None:
    page.wait_for_function("p => Number(document.querySelector('#state').dataset.ply) > p", arg=ply)


def tap_a_legal_move(page: Any) -> None:
    """Tap a playable card and its first target, or else a decision button; wait until the
    table moved on. Every tapped thing is at least 44 px high."""
    wait_data(page, "yourTurn", "1")
    ply = int(data(page, "ply"))
    card = page.query_selector("#hand .card.playable")
    if card is not None:
        assert min(card.bounding_box()["width"], card.bounding_box()["height"]) >= 44
        card.tap()
        target = page.wait_for_selector("#sheet:not([hidden]) button.target")
        assert target.bounding_box()["height"] >= 44
        assert page.eval_on_selector("#state", "e => e.dataset.selected") == card.get_attribute(
            "data-card"
        )
    else:
        target = page.wait_for_selector("#decisions button.move")
        assert target.bounding_box()["height"] >= 44
    target.tap()
    wait_ply_after(page, ply)


SHOWN_TEXT = """() => [document.body.innerText,
   ...[...document.querySelectorAll('img')].map(i => i.src + ' ' + i.alt),
   ...[...document.querySelectorAll('[data-card],[data-move]')]
      .map(e => (e.dataset.card || '') + ' ' + (e.dataset.move || ''))].join(' ')"""
"""A page's text, image addresses and alt texts, and card and move data attributes."""


def words(text: str) -> set[str]:
    """Every word of ``text`` (split at punctuation, or at spaces with end dots dropped)."""
    return {w for w in re.split(r"[\s,;:!?()\[\]{}\"'/=<>|*+@-]+", text) if w} | {
        w.strip(".") for w in re.split(r"[\s/]+", text)
    }


def shown_words(page: Any) -> set[str]:
    """Every word the page shows or names: its text, image addresses and alt texts, data
    attributes."""
    return words(page.evaluate(SHOWN_TEXT))


def requested_cards(page: Any) -> set[str]:
    from urllib.parse import unquote

    return {unquote(u.rsplit("/card/", 1)[1].split(".png")[0]) for u in page.card_requests}


def test_a_phone_plays_by_tapping_is_refused_reloads_and_never_sees_another_hand(
    browser: Any, hosts: Callable[..., Host]
) -> None:
    session = make_session("allegiance", 3, seed=4)
    rng = random.Random(2)
    host = hosts(
        session,
        [0, 1],
        {1: lambda g: rng.choice(g.legal_moves()), 2: lambda g: rng.choice(g.legal_moves())},
        card_image=lambda card: qr_png(card, scale=2),
    )
    night = host.night
    ann = open_phone(browser, night.link(0))
    assert data(ann, "seat") == "0" and data(ann, "game") == "allegiance"
    assert ann.inner_text("#who") == "Ann"
    for _ in range(4):
        tap_a_legal_move(ann)
    # the host's card faces reached the page as PNG images
    ann.wait_for_function(
        "() => [...document.querySelectorAll('#hand img')]"
        ".every(i => i.complete && i.naturalWidth > 0)"
    )

    # a refusal: a move the rules do not know, then a stale one; the rules' sentence is shown
    wait_data(ann, "yourTurn", "1")
    with host.lock:
        try:
            session.game.parse_move("xyzzy")
            raise AssertionError("xyzzy parsed")
        except IllegalMove as err:
            expected = err
        ply = len(session.game.history)
        legal = str(session.game.legal_moves()[0])
    ann.evaluate("() => phone.sendMove('xyzzy')")
    wait_data(ann, "refusal", expected.code)
    assert ann.inner_text("#notice") == expected.message
    ann.evaluate(f"() => phone.sendMove({legal!r}, {ply - 1})")
    wait_data(ann, "refusal", "stale")
    assert "choose again" in ann.inner_text("#notice")
    with host.lock:
        assert len(session.game.history) == ply  # nothing applied

    # reload: the same seat, the current state, and it still plays
    ann.reload()
    wait_ready(ann)
    assert data(ann, "seat") == "0"
    with host.lock:
        assert int(data(ann, "ply")) == len(session.game.history)
    tap_a_legal_move(ann)

    # another seat's phone never shows Ann's cards
    bob = open_phone(browser, night.link(1))
    wait_data(ann, "yourTurn", "1")  # the host waits for Ann: the table is still
    bob.wait_for_function(
        "p => document.querySelector('#state').dataset.ply === String(p)",
        arg=int(data(ann, "ply")),
    )
    with host.lock:
        hidden = session.game.hidden_cards(1)
        anns = set(session.game.view(0)["hands"][0])
    assert anns & hidden, "Ann's hand should be hidden from Bob"
    assert not shown_words(bob) & hidden, sorted(shown_words(bob) & hidden)
    assert requested_cards(bob) and not requested_cards(bob) & hidden
    assert requested_cards(ann) & anns  # Ann's own page did show her cards

    # a second device on Ann's link takes the seat over; the first one stops
    ann2 = open_phone(browser, night.link(0))
    wait_data(ann, "status", "taken-over")
    assert "another device" in ann.inner_text("#turn")
    assert not ann.is_visible("#notice")  # said once, not twice
    tap_a_legal_move(ann2)
    night.stop()
    wait_data(ann2, "status", "closed")
    assert "over" in ann2.inner_text("#turn") and not ann2.is_visible("#notice")
    for page in (ann, ann2, bob):
        page.context.close()


def test_machiavelli_on_a_phone_picks_cards_and_confirms_the_hosts_proposed_table(
    browser: Any, hosts: Callable[..., Host]
) -> None:
    session = machiavelli_session()
    host = hosts(session, [0, 1], {1: lambda g: g.parse_move("draw")})
    ann = open_phone(browser, host.night.link(0))
    wait_data(ann, "yourTurn", "1")

    def pick_and_confirm(cards: list[str]) -> None:
        ply = int(data(ann, "ply"))
        for card in cards:
            ann.tap(f'#hand .card[data-card="{card}"]')
        wait_data(ann, "picks", str(len(cards)))
        ann.tap("#propose")
        wait_data(ann, "proposal", "ok")
        shown = ann.eval_on_selector_all("#melds .card", "cs => cs.map(c => c.dataset.card)")
        assert set(cards) <= set(shown)
        assert ann.query_selector("#confirm").bounding_box()["height"] >= 44
        ann.tap("#confirm")
        wait_ply_after(ann, ply)

    pick_and_confirm(HEARTS)  # opening: a meld of the hand's own
    wait_data(ann, "yourTurn", "1")  # Bob (the host) drew
    # no table holds these two: the page says why and nothing is sent
    ann.tap('#hand .card[data-card="2C.1"]')
    ann.tap('#hand .card[data-card="KD.1"]')
    ann.tap("#propose")
    wait_data(ann, "proposal", "none")
    assert "no valid table" in ann.inner_text("#notice").lower()
    ann.tap("#clear")
    pick_and_confirm(["7S.1", "7D.1"])  # the 7 of hearts leaves the run for a set
    with host.lock:
        table = session.game.view(None)["table"]
    assert any(set(m) == {"7S.1", "7D.1", "7H.1"} for m in table)
    wait_data(ann, "yourTurn", "1")
    ply = int(data(ann, "ply"))
    ann.tap('#decisions button.move[data-move="draw"]')
    wait_ply_after(ann, ply)
    ann.context.close()
