"""Game night on the TV: the setup form's phone seats, the table's join panel and
phones strip, phones' moves shown through ``poll()``, ``publish()`` after the table's own moves,
the server's life, and saves and statistics with phone seats.

The game night is real: a :class:`~tabletop.net.GameNight` on loopback (any free port), and
scripted phones (aiohttp's WebSocket client) on a helper thread's event loop. Every wait is
bounded; nothing measures time.
"""

from __future__ import annotations

import asyncio
import io
import json
import socket
import threading
import time
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

import aiohttp
import pygame
import pytest
from scene_helpers import click, click_at, make_app, pump, use_private_home, wait_for

from tabletop import autosave, saves, stats
from tabletop.app import App
from tabletop.autosave import shared as the_saver
from tabletop.net import protocol
from tabletop.net.png import Pixels
from tabletop.scenes import table_night
from tabletop.scenes.results import ResultsScene
from tabletop.scenes.setup import SetupScene
from tabletop.scenes.table import TableScene
from tabletop.scenes.title import TitleScene
from tabletop.session import HUMAN, PHONE, SeatConfig, Session
from tabletop.table.card_png import card_pixels

T = TypeVar("T")
LOOPBACK = "127.0.0.1"
STEP = 10.0


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    use_private_home(tmp_path, monkeypatch)
    monkeypatch.setattr(table_night, "BIND", [LOOPBACK])
    monkeypatch.setattr(table_night, "PORT", 0)
    application = make_app((1280, 720), animation_speed=4.0)
    yield application
    application.quit()


class Phones:
    """Scripted phones: WebSockets on an event loop of their own thread (the UI thread, the
    test's, keeps drawing frames and calling ``poll()`` meanwhile)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.open: list[tuple[aiohttp.ClientSession, aiohttp.ClientWebSocketResponse]] = []
        self.received: dict[int, list[dict[str, Any]]] = {}
        self.readers: list[asyncio.Future[None]] = []

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(STEP)

    def join(self, scene: TableScene, seat: int) -> aiohttp.ClientWebSocketResponse:
        night = scene.night.night
        assert night is not None
        return self.run(self._join(night.url, night.tokens[seat], seat))

    async def _join(self, url: str, token: str, seat: int) -> aiohttp.ClientWebSocketResponse:
        client = aiohttp.ClientSession()
        ws = await client.ws_connect(url + "/ws", timeout=aiohttp.ClientWSTimeout(STEP))
        self.open.append((client, ws))
        self.received[seat] = []
        await ws.send_json({"v": 1, "type": "hello", "token": token})

        async def read() -> None:
            async for frame in ws:
                if frame.type == aiohttp.WSMsgType.TEXT:
                    self.received[seat].append(json.loads(frame.data))

        self.readers.append(asyncio.ensure_future(read()))
        return ws

    def send(self, ws: aiohttp.ClientWebSocketResponse, msg: dict[str, Any]) -> None:
        self.run(ws.send_json({"v": 1, **msg}))

    def leave(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.run(ws.close())

    def close(self) -> None:
        async def shut() -> None:
            for client, ws in self.open:
                await ws.close()
                await client.close()

        self.run(shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(STEP)


@pytest.fixture
def phones() -> Iterator[Phones]:
    p = Phones()
    yield p
    p.close()


def night_table(app: App, game_id: str, kinds: list[str], seed: int = 3) -> TableScene:
    names = ["Ann", "Bob", "Cleo", "Dev", "Eve"]
    session = Session(game_id, [SeatConfig(names[i], k) for i, k in enumerate(kinds)], seed)
    app.push(TitleScene(app))
    scene = TableScene(app, session)
    app.push(scene)
    pump(app, 2)
    return scene


def public_only(scene: TableScene) -> None:
    """The TV shows only what the public table may see: no face-up hidden card."""
    assert scene.viewer is None
    hidden = scene.game.hidden_cards(None)
    assert hidden, "the test needs a game with hidden cards"
    for piece in scene.model.pieces:
        if piece.art and piece.art[0] == "card":
            assert piece.art[2] not in hidden, f"{piece.art[2]} is shown face up on the TV"


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the join panel and the phones strip draw from now on, as drawn (cut or not)."""
    shown: list[str] = []
    real = table_night.render.draw_text

    def draw_text(surface: pygame.Surface, item: Any) -> pygame.Rect:
        shown.append(table_night.render.shown_text(item)[0])
        return real(surface, item)

    monkeypatch.setattr(table_night.render, "draw_text", draw_text)
    return shown


def offered(menu: Any) -> list[str]:
    return [o[0] if isinstance(o, tuple) else o for o in menu.options_list]


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind((LOOPBACK, port))
        except OSError:
            return False
    return True


# ---- setup -----------------------------------------------------------------------------------


def test_setup_offers_phones_only_at_a_game_night(app: App) -> None:
    app.push(TitleScene(app))
    scene = SetupScene(app, "royal_houses")
    app.push(scene)
    pump(app)
    assert scene.night_check is not None
    assert "Phone" not in offered(scene.kind_menus[0])
    click(app, scene.night_check)
    pump(app, 3)
    assert scene.game_night
    menu = scene.kind_menus[0]
    assert "Phone" in offered(menu)
    # Every human seat now plays from a phone; AI seats stay AI.
    assert [m.selected_option[0] for m in scene.kind_menus] == ["Phone", "AI · Easy"]
    session = scene.make_session()
    assert [s.kind for s in session.seats] == [PHONE, "easy"]
    assert session.phone_seats == [0] and session.humans == [0]
    # Off again: the phone seat is a local human, and Phone is no longer offered.
    click(app, scene.night_check)
    pump(app, 3)
    assert "Phone" not in offered(scene.kind_menus[0])
    assert [s.kind for s in scene.make_session().seats] == [HUMAN, "easy"]


def test_the_setup_starts_a_game_night(app: App, phones: Phones) -> None:
    app.push(TitleScene(app))
    scene = SetupScene(app, "royal_houses")
    app.push(scene)
    pump(app)
    scene.set_game_night(True)
    pump(app)
    scene.start()
    pump(app, 2)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.night.active and table.night.seats == (0,)


# ---- the TV ------------------------------------------------------------------------------


def test_the_tv_shows_the_public_table_and_a_code_for_each_phone(app: App) -> None:
    scene = night_table(app, "allegiance", [PHONE, PHONE, "easy", PHONE])
    public_only(scene)
    host = scene.night
    assert host.show_codes
    assert [c.seat for c in host.cells] == [0, 1, 3]
    surface = pygame.display.get_surface()
    d = app.display
    for cell in host.cells:
        assert cell.qr.w == cell.qr.h >= d.px(180)
        assert host.panel_rect.contains(cell.rect) and cell.rect.contains(cell.qr)
        # Crisp: whole pixels a module, a light quiet zone, a dark finder pattern inside it.
        modules = len(host._matrices[cell.seat])
        assert cell.qr.w % modules == 0
        module = cell.qr.w // modules
        assert surface.get_at(cell.qr.topleft)[:3] == table_night.QR_LIGHT
        finder = (cell.qr.x + 4 * module + module // 2, cell.qr.y + 4 * module + module // 2)
        assert surface.get_at(finder)[:3] == table_night.QR_DARK
    assert host.short_link(0).startswith(host.night.url + "/j/")  # type: ignore[union-attr]
    assert host.short_link(0).endswith("…")
    # The phones' links differ, and each code holds its seat's whole link.
    assert len({host.night.link(s) for s in host.seats}) == 3  # type: ignore[union-attr]
    assert "Waiting for Ann's phone" in scene.status_text()


def test_the_tv_speaks_of_phones_only_when_every_player_holds_one(app: App) -> None:
    """Played on phones only, the TV's table says what to do on a phone, not with a mouse
    (tests/test_night_words.py checks the words); beside a player at the desktop, the mouse
    prompts stay for that player."""
    scene = night_table(app, "alliances", [PHONE, PHONE, PHONE, PHONE])
    assert scene.layout.on_phones
    app.pop()
    mixed = night_table(app, "alliances", [HUMAN, PHONE, PHONE, PHONE])
    assert not mixed.layout.on_phones


def test_the_panel_folds_once_every_phone_has_joined(app: App, phones: Phones) -> None:
    scene = night_table(app, "royal_houses", [PHONE, PHONE])
    host = scene.night
    first = phones.join(scene, 0)
    wait_for(app, lambda: 0 in host.connected())
    assert host.show_codes  # one phone is still to join
    phones.join(scene, 1)
    wait_for(app, lambda: not host.show_codes)
    pump(app, 2)
    assert host.panel_rect.w == 0
    assert host.strip_rect.h > 0 and scene.log.rect.bottom <= host.strip_rect.top
    # A phone goes away: the strip (and the status bar, on its turn) say so.
    phones.leave(first)
    wait_for(app, lambda: 0 not in host.connected())
    assert scene.game.to_move == 0
    assert "went away" in scene.status_text()
    # A click on the strip opens the codes again, a click on the panel folds them.
    click_at(app, host.strip_rect.center)
    assert host.show_codes and host.panel_rect.w > 0
    click_at(app, host.panel_rect.center)
    assert not host.show_codes


def test_a_phones_move_is_applied_through_poll_and_shown(app: App, phones: Phones) -> None:
    scene = night_table(app, "royal_houses", [PHONE, "easy"])
    assert scene.game.to_move == 0
    ws = phones.join(scene, 0)
    wait_for(app, lambda: 0 in scene.night.connected())
    before = scene.model
    move = scene.game.legal_moves()[0]
    phones.send(ws, {"type": "move", "id": "m1", "ply": 0, "move": str(move)})
    wait_for(app, lambda: len(scene.game.history) >= 1)
    assert scene.game.history[0] == move
    assert scene.session.movers[0] == 0
    assert scene.model is not before  # laid out again, as after a local move
    assert scene._last_events  # the move's events drive its animation
    public_only(scene)
    wait_for(app, lambda: any(m["type"] == "accepted" for m in phones.received[0]))


def test_the_phones_hear_of_every_ai_move(
    app: App, phones: Phones, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = night_table(app, "royal_houses", ["easy", PHONE])
    published: list[int] = []
    assert scene.night.night is not None
    real = scene.night.night.publish

    def spy() -> None:
        published.append(len(scene.game.history))
        real()

    monkeypatch.setattr(scene.night.night, "publish", spy)
    phones.join(scene, 1)
    wait_for(app, lambda: len(scene.game.history) >= 1)
    # Published on a frame after the AI's move (its own frame only draws it); the AI may have
    # moved again meanwhile (the phones then get both at once).
    wait_for(app, lambda: bool(published))
    assert published[0] >= 1
    wait_for(
        app,
        lambda: any(m["type"] == "state" and m["ply"] >= 1 for m in phones.received[1]),
    )


def test_a_moves_follow_up_work_comes_one_job_a_frame_after_it(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The TV's frame time while phones play and while the table's animations run: a move's
    own frame only lays out and draws it; the autosave, the phones' new state, the felt and
    labels and the log's new line follow on the frames after it, one job a frame, so no frame
    pays for two. At a game night the save and the phones come first (a player's own phone
    waits for both: bench_phone_latency), and the phones hear of the move only once the save
    file holds it."""
    scene = night_table(app, "royal_houses", [HUMAN, PHONE])
    assert scene.night.night is not None
    jobs: list[tuple[int, str]] = []
    real_publish, real_save = scene.night.night.publish, scene.saving.autosave

    def publish() -> None:
        jobs.append((scene._frame, "publish"))
        real_publish()

    def autosave() -> None:
        jobs.append((scene._frame, "save"))
        real_save()

    monkeypatch.setattr(scene.night.night, "publish", publish)
    monkeypatch.setattr(scene.saving, "autosave", autosave)
    scene.night.show_codes = False  # the table, not the join codes, is on the TV
    while app.top is not scene:
        app.pop()  # Ann has taken her seat at the TV (the hand-over)
    pump(app, 2)
    layer = scene.static
    assert layer.current(app.display.size) is not None
    redraws = layer.whole_redraws + layer.partial_redraws
    assert scene.game.to_move == 0
    moved = scene._frame
    log_picture = scene.log._cache
    assert log_picture is not None
    assert scene.play(scene.game.legal_moves()[0])
    pump(app, 1)  # the move's own frame
    assert jobs == [] and layer.whole_redraws + layer.partial_redraws == redraws  # the move only
    assert scene.log._cache is log_picture
    pump(app, 1)
    assert jobs == [(moved + 1, "save")]
    assert layer.whole_redraws + layer.partial_redraws == redraws  # the labels come later
    the_saver().flush()  # the file is written (on the autosave's thread)
    pump(app, 1)
    assert jobs == [(moved + 1, "save"), (moved + 2, "publish")]
    assert layer.whole_redraws + layer.partial_redraws == redraws
    pump(app, 1)
    assert layer.whole_redraws + layer.partial_redraws == redraws + 1  # the felt and labels
    assert scene.log._cache is log_picture
    pump(app, 1)
    assert scene.log._cache is not log_picture  # the log's new line
    assert len(jobs) == 2


@pytest.mark.parametrize("profile", ["desktop", "tv"])
def test_the_phones_strip_shows_every_phone_whole_at_both_profiles(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, profile: str
) -> None:
    """The join panel "folds into a small phones status strip: who is connected", and no
    text is clipped at any size: with nine phones, every line of the strip is drawn
    whole, also under the TV's narrower game log."""
    use_private_home(tmp_path, monkeypatch)
    monkeypatch.setattr(table_night, "BIND", [LOOPBACK])
    monkeypatch.setattr(table_night, "PORT", 0)
    application = make_app((1920, 1080), profile=profile)
    try:
        names = ["Anna", "Bruno", "Clara", "Dmitri", "Eve", "Felix", "Gus", "Hal", "Ivy"]
        session = Session("allegiance", [SeatConfig(n, PHONE) for n in names], 3)
        application.push(TitleScene(application))
        scene = TableScene(application, session)
        application.push(scene)
        scene.night.show_codes = False
        shown = drawn_texts(monkeypatch)
        pump(application, 2)
        for name in names:
            assert f"{name} · not joined" in shown
        assert not [text for text in shown if text.endswith("…")]
    finally:
        application.quit()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("profile", ["desktop", "tv"])
@pytest.mark.parametrize(
    ("game_id", "phones"),
    [("royal_houses", 2), ("medici", 4), ("allegiance", 6), ("allegiance", 9)],
)
def test_the_join_panel_keeps_its_heading_whole_and_the_log_in_sight(
    tmp_path: Any,
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    profile: str,
    game_id: str,
    phones: int,
) -> None:
    """A first-time guest reads the panel's heading first: it is never cut (it wraps), and
    the panel covers neither the game log nor the phones strip under it, with 2 to 9
    phones, at both profiles."""
    use_private_home(tmp_path, monkeypatch)
    monkeypatch.setattr(table_night, "BIND", [LOOPBACK])
    monkeypatch.setattr(table_night, "PORT", 0)
    application = make_app(size, profile=profile)
    try:
        names = ["Anna", "Bruno", "Clara", "Dmitri", "Eve", "Felix", "Gus", "Hal", "Ivy"]
        seats = [SeatConfig(n, PHONE) for n in names[:phones]]
        application.push(TitleScene(application))
        scene = TableScene(application, Session(game_id, seats, 3))
        application.push(scene)
        shown = drawn_texts(monkeypatch)
        pump(application, 2)
        host = scene.night
        panel = host.panel_rect
        assert host.show_codes and panel.w > 0
        assert not panel.colliderect(scene.log.rect) and not panel.colliderect(host.strip_rect)
        title, note = host.heading
        assert " ".join(title) == table_night.TITLE and " ".join(note) == table_night.NOTE
        for line in title + note:
            assert line in shown  # drawn as it is: not cut with "…"
        assert all(panel.contains(cell.rect) for cell in host.cells)
        assert len(host.cells) == phones
    finally:
        application.quit()


def test_the_room_stays_open_when_the_table_is_left_and_closes_with_the_app(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One room for the evening: leaving the table keeps the server and its links for the
    next game (its moves are taken no more); quitting the app closes it and frees the port."""
    use_private_home(tmp_path, monkeypatch)
    monkeypatch.setattr(table_night, "BIND", [LOOPBACK])
    monkeypatch.setattr(table_night, "PORT", 0)
    application = make_app((1280, 720))
    try:
        scene = night_table(application, "royal_houses", [PHONE, PHONE])
        night = scene.night.night
        assert night is not None and night.server.running
        port = night.server.port
        scene._leave()
        pump(application)
        assert not scene.night.active and night.server.running
        assert application.night_room is not None and application.night_room.open
    finally:
        application.quit()
    assert not night.server.running and port_is_free(port)


def test_the_room_stays_open_when_the_results_show(app: App) -> None:
    """The phones keep the finished game's result on screen, and follow to a rematch."""
    scene = night_table(app, "royal_houses", [PHONE, "easy"])
    night = scene.night.night
    assert night is not None
    scene._show_results()
    pump(app)
    assert isinstance(app.top, ResultsScene)
    assert night.server.running and not scene.night.active


def test_a_night_that_cannot_start_offers_to_play_here(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_night, "BIND", ["203.0.113.7"])  # not this computer's address
    scene = night_table(app, "royal_houses", [PHONE, "easy"])
    assert not scene.night.active
    dialog = scene.night_dialog
    assert dialog is not None and dialog.alive()
    assert "could not start" in dialog.confirmation_text.html_text
    click(app, dialog.confirm_button)
    pump(app, 3)
    assert [s.kind for s in scene.session.seats] == [HUMAN, "easy"]
    assert scene.viewer == 0  # the player is at this computer now: a solo table


def test_resuming_a_game_night_keeps_the_evenings_links(app: App, phones: Phones) -> None:
    """A resumed save in the same evening is served on the same links: a phone that was open
    is told of the next game and joins it by itself, without a new scan."""
    scene = night_table(app, "royal_houses", [PHONE, PHONE])
    night = scene.night.night
    assert night is not None
    old = dict(night.tokens)
    ws = phones.join(scene, 0)
    wait_for(app, lambda: 0 in night.connected())
    data = json.loads(json.dumps(saves.to_save(scene.session)))
    scene._leave()
    pump(app)
    again = TableScene(app, saves.session_from_save(data))
    app.push(again)
    pump(app)
    assert again.night.active
    assert again.night.night.tokens == old  # type: ignore[union-attr]
    assert again.night.night.server is night.server  # type: ignore[union-attr]
    wait_for(app, lambda: any(m["type"] == "next-game" for m in phones.received[0]))
    wait_for(app, lambda: ws.closed)
    assert ws.close_code == protocol.CLOSE_NEXT_GAME  # the page then says hello again


# ---- saves, statistics, card pictures ----------------------------------------------------


def test_saves_and_statistics_accept_phone_seats() -> None:
    seats = [SeatConfig("Ann", PHONE), SeatConfig("Bob", HUMAN), SeatConfig("Cleo", "hard")]
    session = Session("allegiance", seats, 5)
    data = json.loads(json.dumps(saves.to_save(session)))
    # Written as a human with a phone flag: an older tabletop resumes it with Ann local.
    assert data["seats"][0] == {"name": "Ann", "kind": HUMAN, "phone": True}
    back = saves.session_from_save(data)
    assert [s.kind for s in back.seats] == [PHONE, HUMAN, "hard"]
    assert back.humans == [0, 1] and back.phone_seats == [0]
    # An older save (no phone flag) and one naming the kind outright both load.
    data["seats"][0] = {"name": "Ann", "kind": HUMAN}
    assert saves.session_from_save(data).seats[0].kind == HUMAN
    data["seats"][0] = {"name": "Ann", "kind": "phone"}
    assert saves.session_from_save(data).seats[0].kind == PHONE
    data["seats"][0] = {"name": "Ann", "kind": "tablet"}
    with pytest.raises(saves.SaveError):
        saves.session_from_save(data)
    # Statistics count a phone player as a human player.
    game = session.game
    while not game.over:
        session.play(game.legal_moves()[0])
    record = stats.record_of(session)
    assert [s["kind"] for s in record["seats"]] == [HUMAN, HUMAN, "hard"]
    assert {f.name for f in stats.figures([record])} == {"Ann", "Bob"}


def test_undo_rules_count_a_phone_player_as_the_human() -> None:
    session = Session("royal_houses", [SeatConfig("Ann", PHONE), SeatConfig("Bob", "easy")], 2)
    session.play(session.game.legal_moves()[0])
    assert session.undo_refusal(0) is None or "hidden" in (session.undo_refusal(0) or "")
    two = Session("royal_houses", [SeatConfig("Ann", PHONE), SeatConfig("Bob", HUMAN)], 2)
    assert two.undo_refusal(0) == "Undo is only for games with one human player."


def test_the_phones_card_pictures_are_painted_in_a_process_of_their_own(app: App) -> None:
    """The phones' card art "runs off the UI thread (its own thread or process) and never costs
    frames", and "card faces are the same art as the desktop": a phone's card picture is painted
    and encoded by the painter process, the TV's UI thread paints none, and the phone gets the
    desktop's art."""
    scene = night_table(app, "allegiance", [PHONE, PHONE, PHONE])
    night = scene.night.night
    assert night is not None
    painted_here: list[int] = []
    real = night.paint_card_images

    def count() -> int:
        painted_here.append(real())
        return painted_here[-1]

    night.paint_card_images = count  # type: ignore[method-assign]
    card = sorted(scene.game.census())[0]
    got: list[bytes] = []

    async def fetch() -> None:
        url = f"{night.url}/card/{card}.png"
        async with aiohttp.ClientSession() as client, client.get(url) as response:
            assert response.status == 200
            assert response.content_type == "image/png"
            got.append(await response.read())

    thread = threading.Thread(target=lambda: asyncio.run(fetch()))
    thread.start()
    deadline = time.monotonic() + 30
    while thread.is_alive() and time.monotonic() < deadline:
        pump(app, 1)  # the TV keeps drawing frames meanwhile
        time.sleep(0.01)
    thread.join(1)
    assert got, "the phone got its picture"
    assert got[0] == card_png("allegiance", card)  # the desktop's art, as the table paints it
    assert sum(painted_here) == 0  # none on the UI thread


def card_png(game_id: str, card: str, width: int = 240) -> bytes | None:
    """A card's picture for the phones as the server sends it: painted, then encoded."""
    pixels = card_pixels(game_id, card, width)
    return pixels.png() if pixels is not None else None


@pytest.mark.parametrize("game_id", ["royal_houses", "machiavelli", "allegiance"])
def test_card_png_paints_the_desktop_art(game_id: str) -> None:
    pygame.init()
    players = 3 if game_id == "allegiance" else 2
    session = Session(game_id, [SeatConfig(n) for n in ("Ann", "Bob", "Cleo")[:players]], 1)
    card = sorted(session.game.hidden_cards(None))[0]
    data = card_png(game_id, card)
    assert data is not None and data.startswith(b"\x89PNG\r\n\x1a\n")
    image = pygame.image.load(io.BytesIO(data), "card.png")
    assert image.get_width() == 240
    wide = card_png(game_id, card, 120)
    assert wide is not None and pygame.image.load(io.BytesIO(wide), "c.png").get_width() == 120
    back = card_png(game_id, "back")
    assert back is not None and back != data
    assert card_png(game_id, "no-such-card") is None
    assert card_png(game_id, "x" * 500) is None
    assert card_png(game_id, card, 0) is None
    assert card_png("no_such_game", card) is None


def test_pixels_encode_as_a_png_that_decodes_to_the_same_pixels() -> None:
    """The phones' card pictures are encoded by tabletop.net.png (not pygame); a
    PNG reader gets back exactly the painted pixels, alpha included."""
    pygame.init()
    session = Session("allegiance", [SeatConfig(n) for n in ("Ann", "Bob", "Cleo")], 1)
    card = session.game.census()[0]
    pixels = card_pixels("allegiance", card, 120)
    assert pixels is not None and pixels.width == 120
    decoded = pygame.image.load(io.BytesIO(pixels.png()), "card.png")
    assert decoded.get_size() == (pixels.width, pixels.height)
    assert pygame.image.tobytes(decoded, "RGBA") == pixels.rgba
    assert card_pixels("allegiance", "no-such-card") is None
    with pytest.raises(ValueError):
        Pixels(2, 2, b"\x00" * 15)  # not 2x2 RGBA


def test_ai_seats_wait_while_the_join_codes_cover_the_table(app: App, phones: Phones) -> None:
    """The TV shows the table: while the join panel covers the table nobody could
    follow an AI's move, so the AI seats wait and the status bar says so; once every phone
    has joined (the panel folds), they play."""
    scene = night_table(app, "royal_houses", ["easy", PHONE])
    assert scene.game.to_move == 0 and scene.night.covers_table
    deadline = time.monotonic() + 2.0  # far longer than an Easy AI's pause before its move
    while time.monotonic() < deadline:
        pump(app, 1)
    assert scene.game.history == []
    assert "join" in scene.status_text()
    phones.join(scene, 1)
    wait_for(app, lambda: not scene.night.covers_table)
    wait_for(app, lambda: len(scene.game.history) >= 1)
    assert scene.session.movers[0] == 0


def covered_night_table(app: App, phones: Phones) -> tuple[TableScene, Any]:
    """A Royal Houses game night whose two phones have joined, under the rules screen; the
    table and seat 0's socket."""
    from tabletop.scenes.rules_screen import RulesScene

    scene = night_table(app, "royal_houses", [PHONE, PHONE])
    ws = phones.join(scene, 0)
    phones.join(scene, 1)
    wait_for(app, lambda: scene.night.connected() == {0, 1})
    app.push(RulesScene(app, scene.session.game_id))
    pump(app, 2)
    return scene, ws


def test_phones_play_on_while_another_scene_covers_the_table(app: App, phones: Phones) -> None:
    """The host opens the rules (or any scene) on the TV; a phone's move is still
    applied, answered and saved at once, and the table shows it when it is on top again."""
    scene, ws = covered_night_table(app, phones)
    assert app.top is not scene
    move = scene.game.legal_moves()[0]
    phones.send(ws, {"type": "move", "id": "m1", "ply": 0, "move": str(move)})
    wait_for(app, lambda: len(scene.game.history) >= 1)
    assert app.top is not scene  # applied under the rules screen
    wait_for(app, lambda: any(m["type"] == "accepted" for m in phones.received[0]))
    wait_for(app, lambda: any(m.get("ply") == 1 for m in phones.received[1]))
    scene.flush_save()
    assert len(saves.read_save(saves.save_path(scene.session)).game.history) == 1
    before = scene.model
    app.pop()
    pump(app, 2)
    assert scene.model is not before and scene._last_events  # shown like any move
    public_only(scene)


def test_a_phone_move_made_under_another_scene_is_saved_once(
    app: App, phones: Phones, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A phone's move applied while another scene covers the table is saved
    at once (``update_covered``), and not saved again when the table, on top again, shows it:
    one autosave submission for one move."""
    scene, ws = covered_night_table(app, phones)
    path = saves.save_path(scene.session)
    saver = autosave.shared()
    real_submit = saver.submit
    submitted: list[int] = []  # the game's length in each save of this game submitted

    def submit(to: Any, data: Any, written: Any = None) -> None:
        if to == path:
            submitted.append(len(scene.session.game.history))
        real_submit(to, data, written)

    monkeypatch.setattr(saver, "submit", submit)
    move = scene.game.legal_moves()[0]
    phones.send(ws, {"type": "move", "id": "m1", "ply": 0, "move": str(move)})
    wait_for(app, lambda: len(scene.game.history) >= 1)
    wait_for(app, lambda: any(m.get("ply") == 1 for m in phones.received[1]))
    assert app.top is not scene and submitted == [1]  # saved at once, under the rules
    app.pop()
    pump(app, 2 + 2 * TableScene.FOLLOW_UP_PATIENCE)  # shown, and its follow-up work done
    assert scene._last_events  # the table showed the move
    scene.flush_save()
    assert submitted == [1]
