"""A whole game night of every game, played with phones only, in a real browser:
Debian's chromium driven by Playwright against a game night on loopback.

Every seat is a phone page on its own link (one browser, one context per seat); the host's
``poll()`` runs as the desktop's UI loop would, beside Playwright (``Host`` of
tests/test_phone_browser.py). The test plays like the players: it finds the page whose turn it
is (``data-your-turn``), taps a playable card and one of its target buttons, or a decision
button, choosing with a seeded generator. Machiavelli's players use the page's play builder as
well: they pick the cards of one of the rules' suggested plays and ask the host to lay them
(confirming its table), or lay them as a new meld, or tap a suggested play, Draw or Pass.

At every step each page shows the game's current ply and never a card id that
``game.hidden_cards(its seat)`` holds (page text, image addresses and alt texts, data
attributes, and the card images it asked for). At the end the game is over, each page shows the
result, and the moves the host applied are exactly the taps and the game's history. Bounded:
a move cap and a time limit per game, Playwright's timeout on every wait, no fixed sleeps.

Every game is played whole at its smallest table. The partnership tables (Medici and Alliances
for 4) join their phones late in a seeded game and play it out to the end: four pages, the
partners' results and every step's checks, at a part of the cost; every step of whole
4-player games is checked for leaks through the socket (tests/test_night_server.py).
"""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

import pytest

import rules
from tabletop.net import AppliedMove, GameNight
from tabletop.net.propose import offers_proposals
from tabletop.net.room import NightRoom
from tests.test_night_server import make_session
from tests.test_phone_browser import (
    SHOWN_TEXT,
    Host,
    browser,  # noqa: F401 (the module's chromium, a fixture)
    data,
    open_phone,
    wait_data,
    wait_ply_after,
    words,
)

JOIN_MEDICI = 60
JOIN_ALLIANCES = 150
"""Plies played before the phones of a 4-player table join (whole games take about 100 and
200 plies there)."""
GAMES = [(gid, spec.counts[0], 0) for gid, spec in sorted(rules.GAMES.items())]
GAMES += [("medici", 4, JOIN_MEDICI), ("alliances", 4, JOIN_ALLIANCES)]
MOVE_CAP = 600
"""Moves a game may take at most (random games here take 50 to 210)."""
TIME_CAP = 150.0
"""Seconds a game may take at most."""


class CountingHost(Host):
    """The UI loop of the host when every seat is a phone: poll the night and keep the moves
    it applied (the desktop would animate them)."""

    def __init__(self, night: GameNight) -> None:
        self.applied: list[AppliedMove] = []
        super().__init__(night, {})

    def _run(self) -> None:
        while not self.done.wait(0.003):
            with self.lock:
                self.applied.extend(self.night.poll())


@pytest.fixture
def phones_only(browser: Any) -> Iterator[Any]:  # noqa: F811
    """Start a game night where every seat is a phone, its host loop, and a page per seat."""
    started: list[tuple[CountingHost, list[Any]]] = []

    def start(session: Any) -> tuple[CountingHost, list[Any]]:
        seats = list(range(len(session.seats)))
        night = GameNight(session, seats, bind=["127.0.0.1"], port=0)
        night.start()
        host = CountingHost(night)
        pages: list[Any] = []
        started.append((host, pages))
        for seat in seats:
            pages.append(open_phone(browser, night.link(seat)))
            pages[-1].seen_requests = 0  # card images checked so far
            pages[-1].cards_seen = set()  # card ids found on the page
            pages[-1].hidden_seen = set()  # card ids hidden from its seat
        return host, pages

    yield start
    for host, pages in started:
        host.stop()
        for page in pages:
            page.context.close()


def new_requests(page: Any) -> set[str]:
    """The card images the page asked for since the last call."""
    urls = page.card_requests[page.seen_requests :]
    page.seen_requests += len(urls)
    return {unquote(u.rsplit("/card/", 1)[1].split(".png")[0]) for u in urls}


SNAPSHOT = f"""p => {{
  const d = document.querySelector('#state').dataset;
  return d.ply === p && [d.yourTurn, ({SHOWN_TEXT})()];
}}"""
"""Once the page shows ply ``p``: whether it is its turn, and everything it shows."""


def settle(host: CountingHost, pages: list[Any], before: list[set[str]]) -> dict[str, Any]:
    """Wait until every page shows the game's current ply and check what each one shows
    against what its seat may know; return the game's state and the seats whose page says
    it is their turn (``before``: each seat's hidden cards at the previous step, replaced by
    the current ones)."""
    with host.lock:
        game = host.session.game
        state = {
            "ply": len(game.history),
            "over": game.over,
            "to_move": game.to_move,
            "hidden": [game.hidden_cards(seat) for seat in range(len(pages))],
            "census": set(game.census()),
            "turns": [],
        }
    census = state["census"]
    for seat, page in enumerate(pages):
        mine, text = page.wait_for_function(SNAPSHOT, arg=str(state["ply"])).json_value()
        if mine == "1":
            state["turns"].append(seat)
        hidden = state["hidden"][seat]
        seen = words(text)
        page.cards_seen |= seen & census  # the check does find this game's card ids
        page.hidden_seen |= hidden
        shown = seen & hidden
        assert not shown, f"seat {seat} shows hidden cards {sorted(shown)} at ply {state['ply']}"
        # an image asked for since the last step came from a render of that step or this one
        asked = new_requests(page) & hidden & before[seat]
        assert not asked, f"seat {seat} asked for hidden card images {sorted(asked)}"
        before[seat] = hidden
    return state


AIM = """([sel, i]) => {
  const e = document.querySelectorAll(sel)[i];
  if (!e) return null;
  e.scrollIntoView({block: 'nearest'});
  const r = e.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return [x, y, Math.min(r.width, r.height), !!hit && e.contains(hit)];
}"""


def tap(page: Any, selector: str, index: int = 0) -> None:
    """Tap the ``index``-th element of ``selector`` with a finger, as a player would: scrolled
    into view, at its centre, where nothing covers it, and at least 44 px in both directions."""
    aim = page.evaluate(AIM, [selector, index])
    assert aim is not None, f"nothing to tap at {selector} [{index}]"
    x, y, size, reachable = aim
    assert reachable, f"{selector} [{index}] is covered"
    assert size >= 44, f"{selector} [{index}] is {size} px: too small to tap"
    page.touchscreen.tap(x, y)


OFFERED = """() => [
  [...document.querySelectorAll('#hand .card.playable')].map(e => e.dataset.card),
  [...document.querySelectorAll('#decisions button.move')].map(e => e.dataset.move)]"""
"""What the page offers: its playable cards and its decision buttons."""


def tap_generic(page: Any, rng: random.Random) -> str:
    """Tap a playable card then one of its targets, or a decision button; say which."""
    cards, buttons = page.evaluate(OFFERED)
    assert cards or buttons, f"the page offers nothing to do: {page.inner_text('#state')}"
    pick = rng.randrange(len(cards) + len(buttons))
    if pick >= len(cards):
        tap(page, "#decisions button.move", pick - len(cards))
        return "decision"
    tap(page, f"#hand .card[data-card={json.dumps(cards[pick])}]")
    targets = page.wait_for_function(
        """c => document.querySelector('#state').dataset.selected === c &&
          !document.querySelector('#sheet').hidden &&
          document.querySelectorAll('#targets button.target').length""",
        arg=cards[pick],
    ).json_value()
    tap(page, "#targets button.target", rng.randrange(targets))
    return "card"


def tap_machiavelli(page: Any, rng: random.Random) -> str:
    """A Machiavelli turn: lay the cards of a suggested play through the host's proposal or as
    a new meld, or else tap a decision (a suggested play, Draw or Pass). Returns what it did."""
    _, buttons = page.evaluate(OFFERED)
    assert buttons, f"the page offers nothing to do: {page.inner_text('#state')}"
    table = page.evaluate("() => phone.state().view.table")
    on_table = {c for meld in table for c in meld}
    plays = [m for m in buttons if m.startswith("play ")]
    roll = rng.random()
    if plays and roll < 0.5:
        melds = [m.split("-") for m in rng.choice(plays).split()[1:]]
        added = [c for meld in melds for c in meld if c not in on_table]
        new = [meld for meld in melds if meld not in table]
        for card in added:
            tap(page, f"#hand .card[data-card={json.dumps(card)}]")
        wait_data(page, "picks", str(len(added)))
        if roll >= 0.3 and len(new) == 1 and new[0] == added:
            tap(page, "#new-meld")  # the table stays; the picked cards are a meld of their own
            return "new meld"
        tap(page, "#propose")
        page.wait_for_function("() => document.querySelector('#state').dataset.proposal")
        # a suggested play's cards always fit: the host's solver finds a table for them
        assert data(page, "proposal") == "ok", page.inner_text("#notice")
        shown = page.eval_on_selector_all("#melds .card", "cs => cs.map(c => c.dataset.card)")
        assert set(added) <= set(shown)
        tap(page, "#confirm")
        return "proposal"
    pick = rng.randrange(len(buttons))
    tap(page, "#decisions button.move", pick)
    return buttons[pick].split()[0]


def result_shown(page: Any, seat: int, names: list[str], winners: list[int]) -> None:
    """The page shows that the game is over, who won in words (to a winner: "You won!"), the
    players' names in the sentence, the score table, and offers nothing."""
    assert data(page, "yourTurn") == "0"
    assert page.inner_text("#turn") == "The game is over."
    assert page.is_visible("#outcome-sec")
    said = page.inner_text("#headline")
    if seat in winners:
        assert said in ("You won!", "Your team won!") or said.startswith("You share"), said
    else:
        for winner in winners:
            assert re.search(rf"\b{names[winner]}\b", said), said
    assert "{p" not in page.inner_text("#outcome")
    assert page.eval_on_selector_all("#scores tbody tr, #scores-stacked .row", "r => r.length") > 0
    assert not page.is_visible("#decisions-sec") and not page.query_selector(".card.playable")


@pytest.mark.parametrize(("game_id", "players", "join_at"), GAMES)
def test_a_whole_game_night_played_by_tapping_phones_only(
    phones_only: Any, game_id: str, players: int, join_at: int
) -> None:
    session = make_session(game_id, players, seed=11)
    pre = random.Random(f"{game_id}-{players}-before")
    while len(session.game.history) < join_at:  # the moves before the phones join
        session.play(pre.choice(session.game.legal_moves()))
    assert not session.game.over
    host, pages = phones_only(session)
    rng = random.Random(f"{game_id}-{players}")
    # A game whose plays a phone builds (its package declares a proposer) is played through
    # the page's play builder.
    proposals = offers_proposals(game_id)
    turn = tap_machiavelli if proposals else tap_generic
    with host.lock:
        before = [session.game.hidden_cards(seat) for seat in range(players)]
    taps: list[int] = []
    kinds: Counter[str] = Counter()
    start = time.monotonic()
    for _ in range(MOVE_CAP):
        state = settle(host, pages, before)
        if state["over"]:
            break
        assert time.monotonic() - start < TIME_CAP, f"{game_id}: over {TIME_CAP} s"
        assert state["turns"] == [state["to_move"]], (state["turns"], state["to_move"])
        seat = state["to_move"]
        kinds[turn(pages[seat], rng)] += 1
        wait_ply_after(pages[seat], state["ply"])
        taps.append(seat)
    else:
        pytest.fail(f"{game_id} with {players}: not over after {MOVE_CAP} moves")

    with host.lock:
        game = host.session.game
        history = list(game.history)
        winners = list(game.outcome().winners)
        applied = list(host.applied)
    assert game.over
    # the players used every way the page offers (the runs are seeded: always the same): the
    # cards, the decision buttons or both, as the game's shape says
    ways = {"cards": {"card"}, "buttons": {"decision"}, "both": {"card", "decision"}}
    used = (
        {"proposal", "new meld", "draw"}
        if proposals
        else ways[rules.GAMES[game_id].shape.decisions]
    )
    assert used <= set(kinds), kinds
    assert len(applied) == len(taps) == len(history) - join_at
    assert [a.move for a in applied] == history[join_at:]
    assert [a.seat for a in applied] == taps
    assert [a.ply for a in applied] == list(range(join_at, len(history)))
    for seat, page in enumerate(pages):
        result_shown(page, seat, list(session.names), winners)
        assert data(page, "seat") == str(seat) and data(page, "status") == "open"
        assert page.card_requests, f"seat {seat} showed no card"
        # the leak check was not empty: the page showed card ids, its seat had hidden cards
        assert page.cards_seen and page.hidden_seen, seat


def test_every_phone_chooses_its_allegiance_card_before_any_is_played(phones_only: Any) -> None:
    """rules/allegiance.md: every player chooses an Allegiance card in secret. All four phones
    choose at once: the three not yet asked choose first and say so ("Chosen: waiting for
    Ann…"); nothing is played until the first seat chooses, then all four in seat order."""
    session = make_session("allegiance", 4, seed=5)
    host, pages = phones_only(session)
    rng = random.Random(5)
    for page in pages[1:]:
        page.wait_for_selector('#state[data-choosing="1"]', state="attached")
        assert "everyone chooses at once" in page.inner_text("#turn")
    for seat in (3, 2, 1):
        assert tap_generic(pages[seat], rng) == "card"
        pages[seat].wait_for_selector('#state[data-choosing="0"]', state="attached")
    pages[3].wait_for_function(
        "() => document.querySelector('#turn').textContent === 'Chosen: waiting for Ann…'"
    )
    with host.lock:
        assert session.game.history == []  # held by the host, not played
    assert tap_generic(pages[0], rng) == "card"
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        with host.lock:
            if len(session.game.history) == 4:
                break
        time.sleep(0.02)
    with host.lock:
        assert len(session.game.history) == 4 and session.game.secret_round() is None
        assert [a.seat for a in host.applied] == [0, 1, 2, 3]


def test_every_phone_follows_to_a_rematch_without_a_new_scan(browser: Any) -> None:  # noqa: F811
    """One room for the evening: the pages open on the first game's links show the rematch
    by themselves (no reload, no new code), each in its own seat."""
    room = NightRoom()
    pages: list[Any] = []
    hosts: list[CountingHost] = []
    try:
        played = make_session("royal_houses", 2)
        played.play(played.game.legal_moves()[0])  # so its pages show ply 1, the rematch 0
        first = GameNight(played, [0, 1], bind=["127.0.0.1"], port=0, room=room)
        first.start()
        hosts.append(CountingHost(first))
        pages = [open_phone(browser, first.link(seat)) for seat in (0, 1)]
        for page in pages:
            assert page.evaluate("() => phone.state().ply") == 1
        first.stop()
        hosts[0].stop()
        second = GameNight(
            make_session("royal_houses", 2, seed=9), [0, 1], bind=["127.0.0.1"], port=0, room=room
        )
        second.start()
        hosts.append(CountingHost(second))
        with hosts[1].lock:
            mover = second.session.game.to_move
        for seat, page in enumerate(pages):
            page.wait_for_function(
                "s => document.querySelector('#state').dataset.status === 'open' && "
                "phone.state() && phone.state().seat === s && phone.state().ply === 0",
                arg=seat,
            )
            assert data(page, "yourTurn") == ("1" if seat == mover else "0")
    finally:
        for host in hosts:
            host.stop()
        room.close()
        for page in pages:
            page.context.close()


def crowded_machiavelli() -> Any:
    """A 6-player Machiavelli game played by the heuristic bots until 20 melds lie on the
    table and the first seat is to move (the first seed that gets there)."""
    from tabletop.ai.base import SeatView
    from tabletop.ai.bots import make_bot

    for seed in range(60):
        session = make_session("machiavelli", 6, seed=seed)
        bots = [make_bot("heuristic", "machiavelli", seed + s) for s in range(6)]
        rng = random.Random(seed)
        game = session.game
        while not game.over:
            if len(game.view(None)["table"]) >= 20 and game.to_move == 0:
                return session
            seat = game.to_move
            session.play(bots[seat].choose(SeatView(game, seat, rng)), seat)
    raise AssertionError("no seed reached 20 melds")


def test_a_crowded_machiavelli_table_keeps_the_hand_and_its_actions_on_a_small_screen(
    browser: Any,  # noqa: F811
) -> None:
    """At 360×640 with 20 melds on the table, the hand, Lay and Draw are on screen without
    scrolling: the melds scroll above, the hand and the actions stay docked at the bottom."""
    session = crowded_machiavelli()
    night = GameNight(session, range(6), bind=["127.0.0.1"], port=0)
    night.start()
    host = CountingHost(night)
    try:
        page = open_phone(browser, night.link(0), {"width": 360, "height": 640})
        page.wait_for_selector('#state[data-your-turn="1"]', state="attached")
        assert page.eval_on_selector_all("#melds .meld", "m => m.length") >= 20
        assert page.evaluate("() => window.scrollY") == 0
        draw = [
            b for b in page.query_selector_all("#decisions button.move") if "Draw" in b.inner_text()
        ]
        assert draw, "no Draw button"
        for element in (
            page.query_selector("#hand .card"),
            page.query_selector("#propose"),
            draw[0],
        ):
            assert element is not None
            box = element.bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 640, box
    finally:
        host.stop()
        page.context.close()


def test_a_medici_phone_shows_the_stacks_its_choices_name(phones_only: Any) -> None:
    """A Medici player's buttons say "Build … on stack 5": the phone's table lists that
    stack, with its number and total, and lights it while the card's choices are open."""
    session = make_session("medici", 2, seed=4)
    rng = random.Random(4)
    with_stacks = False
    while not with_stacks:  # play on until the court has stacks to build on
        game = session.game
        session.play(rng.choice(game.legal_moves()))
        view = game.view(None)
        with_stacks = len(view["stacks"]) >= 3 and game.to_move is not None
    _host, pages = phones_only(session)
    seat = session.game.to_move
    page = pages[seat]
    page.wait_for_selector('#state[data-your-turn="1"]', state="attached")
    listed = page.eval_on_selector_all(
        "#table-view .row[data-key]", "r => r.map(e => e.dataset.key)"
    )
    for stack in session.game.view(None)["stacks"]:
        assert f"stack {stack['id'].split(':')[1]}" in listed
    lit: set[str] = set()
    for card in page.evaluate(OFFERED)[0]:
        tap(page, f"#hand .card[data-card={json.dumps(card)}]")
        page.wait_for_selector("#sheet:not([hidden])")
        words = " ".join(
            page.eval_on_selector_all("#targets button", "b => b.map(e => e.textContent)")
        )
        named = {f"stack {n}" for n in re.findall(r"stack (\d+)", words, re.IGNORECASE)}
        shown = set(page.eval_on_selector_all(".row.named", "r => r.map(e => e.dataset.key)"))
        assert named == shown, (words, shown)
        lit |= shown
        tap(page, "#sheet-cancel")
    assert lit, "no choice named a stack"
