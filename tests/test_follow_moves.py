"""Following every move at the table, headless: a completed trick or conflict is
held with its winner marked and then swept away, AI seats wait meanwhile, the last trick can be
peeked at, each seat's last move is marked, and a struck Medici stack leaves with an animation.
Nothing held or marked ever shows a card hidden from the viewer."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

import pygame
import pygame_gui
import pytest

import rules
from rules import Move
from tabletop.app import App
from tabletop.saves import save_text, session_from_save
from tabletop.scenes.table import TableScene
from tabletop.scenes.table_moments import HOLD, LEAVE
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings
from tabletop.table import render

NAMES = ["Anna", "Bruno", "Clara", "Dmitri"]
FRAME = 1 / 60


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1600, 900), settings=Settings(animation_speed=1.0), persist_settings=False)
    yield application
    application.quit()


def table(
    app: App, game_id: str, players: int, seed: int = 5, options: dict | None = None
) -> TableScene:
    """Anna (a person, the viewer) against AI seats whose moves the test plays itself."""
    seats = [SeatConfig(NAMES[0])] + [SeatConfig(NAMES[i], "easy") for i in range(1, players)]
    scene = TableScene(app, Session(game_id, seats, seed=seed, options=options or {}))
    app.push(scene)
    app.step(FRAME)
    scene.ai.bots = {}  # the test plays every seat's moves, at once
    return scene


def settle(app: App, scene: TableScene) -> None:
    """Let whatever is held or leaving run out."""
    for _ in range(400):
        if not scene.moments.busy:
            break
        app.step(0.1)


def rest(app: App, scene: TableScene) -> None:
    """Let everything on the table come to rest (held moments, leaving and gliding pieces)."""
    settle(app, scene)
    for _ in range(12):
        app.step(0.1)


def play_until(
    app: App, scene: TableScene, done: Callable[[list[rules.Event]], bool], seed: int = 1
) -> list[rules.Event]:
    """Random legal moves (one frame each, the held moments run out) until a move's events
    satisfy ``done``; returns those events."""
    rng = random.Random(seed)
    for _ in range(3000):
        assert not scene.game.over, "the game ended first"
        settle(app, scene)
        scene.play(rng.choice(scene.game.legal_moves()))
        if done(scene._last_events):
            return scene._last_events
        app.step(FRAME)
    raise AssertionError("never happened")


def awarded(events: list[rules.Event]) -> bool:
    return any(e.kind == "award" for e in events)


def kind(events: list[rules.Event], name: str) -> rules.Event:
    return next(e for e in events if e.kind == name)


def drawn(app: App, piece_art: tuple, rect: pygame.Rect) -> bool:
    """The screen shows the held ``piece_art`` at ``rect`` (its middle pixel matches the
    art's, as a held moment draws it: scaled from the table's painting)."""
    image = render._held_image(piece_art, rect.size, app.settings.colorblind)
    screen = pygame.display.get_surface()
    x, y = rect.w // 2, rect.h // 3
    shown, art = screen.get_at((rect.x + x, rect.y + y)), image.get_at((x, y))
    # Scaling may leave an inner pixel a shade short of opaque: allow the blend's few levels.
    return all(abs(a - b) <= 4 for a, b in zip(shown[:3], art[:3], strict=True))


def count_paintings(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """The arts painted from now on (each card face or piece drawn anew, not from a cache)."""
    painted: list[tuple] = []
    real = render._art

    def art(what: tuple, width: int, colorblind: bool) -> pygame.Surface:
        painted.append(what)
        return real(what, width, colorblind)

    monkeypatch.setattr(render, "_art", art)
    return painted


# ---- a completed trick is held ----------------------------------------------------------------


def test_allegiance_completing_card_is_drawn_and_winner_marked(app: App) -> None:
    """'A completed trick stays on the table with its winner marked' — the card
    that completes an Allegiance trick is drawn in a frame after the move, with the winner
    named."""
    scene = table(app, "allegiance", 4)
    events = play_until(app, scene, awarded)
    last_card = [e for e in events if e.kind in ("play", "trait")][-1].data["card"]
    award = kind(events, "award")
    app.step(FRAME)
    held = scene.moments.held
    assert held is not None
    pieces = {p.id: p for p in held.model.pieces}
    assert last_card in pieces
    assert drawn(app, pieces[last_card].art, pieces[last_card].rect)
    face = pieces[award.data["face"]]
    winner = NAMES[award.data["seat"]]
    assert held.winner == award.data["seat"] and winner in held.caption
    # The winner is marked: a gold box round its Face, and its name under it.
    assert any(b.rect.contains(face.rect) and b.fill for b in held.model.boxes[1:])
    assert any(t.text == f"{winner} wins" for t in held.model.texts)
    assert not scene.model.piece(last_card) or scene.model.piece(last_card) is not face


def test_a_held_trick_and_its_sweep_paint_no_card_again(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """To keep frames within their goals while animations run, the held trick
    and its sweep to the winner show cards the table has already painted, scaled, instead of
    painting each card's art again at every size it passes through (about 1 ms a card)."""
    scene = table(app, "allegiance", 4)
    play_until(app, scene, awarded)
    app.step(FRAME)  # the held trick's first frame (the completing card may be painted once)
    held = scene.moments.held
    assert held is not None
    arts = {p.art for p in held.model.pieces}
    painted = count_paintings(monkeypatch)
    # Quiet frames paint the next trick's cards ahead (TableModel.upcoming): not this test's.
    monkeypatch.setattr(scene.drawing, "paint_ahead", lambda: None)
    frames = 0
    while scene.moments.busy and frames < 200:  # the hold, then the sweep (scaled each frame)
        app.step(FRAME)
        frames += 1
    assert frames > 20, "the trick was held and swept over many frames"
    assert not [a for a in painted if a in arts]


def test_quiet_frames_paint_the_trick_cards_ahead_of_the_move(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """To keep frames quick while phones play and while animations run, frames with nothing
    else to do paint the cards a seat may play into the trick (TableModel.upcoming), so the
    frame of the move that plays one paints no card."""
    scene = table(app, "allegiance", 4)
    assert scene.model.upcoming, "the layout names the trick's possible cards"
    painted = count_paintings(monkeypatch)
    rng = random.Random(2)
    checked = 0
    for _ in range(12):
        settle(app, scene)
        for _ in range(90):  # quiet frames: nobody moves
            app.step(FRAME)
        painted.clear()
        assert scene.play(rng.choice(scene.game.legal_moves()))
        app.step(FRAME)  # the move's own frame
        played = {e.data.get("card") for e in scene._last_events if e.kind == "play"}
        if played and not awarded(scene._last_events):
            checked += 1
            assert not [a for a in painted if a[0] == "card" and a[2] in played]
    assert checked >= 3


def test_linger_ends_after_its_time_then_sweeps(app: App) -> None:
    """The trick stays 'about 1 s at normal animation speed', then sweeps to the
    winner and the new table shows."""
    scene = table(app, "allegiance", 4)
    play_until(app, scene, awarded)
    app.step(HOLD / 2)
    assert scene.moments.held is not None
    app.step(HOLD / 2 + FRAME)
    assert scene.moments.held is None
    assert scene.moments.departures, "the trick sweeps to its winner"
    settle(app, scene)
    assert not scene.moments.busy


@pytest.mark.parametrize("how", ["click", "key"])
def test_linger_skipped_by_click_or_key(app: App, how: str) -> None:
    """The held trick is 'skippable with a click or key'."""
    scene = table(app, "allegiance", 4)
    play_until(app, scene, awarded)
    app.step(FRAME)
    assert scene.moments.held is not None
    if how == "click":
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.layout_rect.center, button=1)
        )
    else:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
        )
    app.step(FRAME)
    assert scene.moments.held is None


def test_ai_waits_during_linger(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a linger runs, AI seats wait."""
    scene = table(app, "allegiance", 4)
    play_until(app, scene, awarded)
    asked: list[int] = []

    def poll(game: rules.Game, speed: float, toast: Callable[[str], None]) -> Move | None:
        asked.append(len(game.history))
        return None

    monkeypatch.setattr(scene.ai, "poll", poll)
    for _ in range(20):
        app.step(HOLD / 40)
    assert scene.moments.held is not None and not asked
    settle(app, scene)
    app.step(FRAME)
    assert asked, "the AI is asked again once the trick is gone"


def test_instant_speed_holds_nothing() -> None:
    """'Instant speed: no hold' — the trick clears at once (the peek still has it)."""
    app = App((1280, 720), settings=Settings(animation_speed=0.0), persist_settings=False)
    try:
        scene = table(app, "allegiance", 4)
        play_until(app, scene, awarded)
        assert scene.moments.held is None and not scene.moments.busy
        assert scene.moments.can_peek
    finally:
        app.quit()


def test_phone_move_ends_a_linger(app: App) -> None:
    """A phone move arriving during a linger ends it early."""
    scene = table(app, "allegiance", 4)
    play_until(app, scene, awarded)
    held = scene.moments.held
    assert held is not None
    seat = scene.game.to_move
    move = scene.game.legal_moves()[0]
    events = scene.session.play(move, seat)
    scene._after_move(events, seat)  # as NightHost.poll hands a phone's move over
    assert scene.moments.held is not held


# ---- the last trick peek ----------------------------------------------------------------------


def test_last_trick_peek_shows_the_same_cards(app: App) -> None:
    """'a last trick peek shows it again' — L shows the last completed trick's
    cards again, and a key closes it."""
    scene = table(app, "allegiance", 4)
    play_until(app, scene, awarded)
    app.step(FRAME)
    first = scene.moments.held
    assert first is not None
    ids = [p.id for p in first.model.pieces]
    settle(app, scene)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0)
    )
    app.step(FRAME)
    again = scene.moments.held
    assert again is not None and scene.moments.peeking
    assert [p.id for p in again.model.pieces] == ids
    assert all(drawn(app, p.art, p.rect) for p in again.model.pieces)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    )
    app.step(FRAME)
    assert scene.moments.held is None and not scene.moments.departures


# ---- last moves marked ------------------------------------------------------------------------


def test_last_move_marked_until_that_seat_moves_again(app: App) -> None:
    """The last move of every seat stays marked until that seat moves again."""
    scene = table(app, "allegiance", 4)

    def face_played_by_other(events: list[rules.Event]) -> bool:
        return not awarded(events) and any(
            e.kind == "play" and e.data.get("seat") != 0 for e in events
        )

    events = play_until(app, scene, face_played_by_other)
    play = kind(events, "play")
    seat, card = play.data["seat"], play.data["card"]
    rest(app, scene)
    piece = scene.model.piece(card)
    assert piece is not None
    marks = scene.last_moves.marks()
    assert (seat, scene.draw_rect(piece)) in marks
    # Others move: the mark stays. The seat moves again: it moves with it.
    rng = random.Random(3)
    while scene.game.to_move != seat:
        assert scene.game.to_move is not None
        scene.play(rng.choice(scene.game.legal_moves()))
        rest(app, scene)
        if scene.model.piece(card) is not None:
            assert (seat, scene.draw_rect(scene.model.piece(card))) in scene.last_moves.marks()
    scene.play(rng.choice(scene.game.legal_moves()))
    rest(app, scene)
    piece = scene.model.piece(card)
    assert piece is None or (seat, scene.draw_rect(piece)) not in scene.last_moves.marks()


def tags(scene: TableScene) -> set[tuple[str, tuple[int, int, int, int]]]:
    """Every last-move mark on the table as the viewer sees it: (the tag's text, the rect)."""
    return {(scene.last_moves.tag(s), tuple(r)) for s, r in scene.last_moves.marks()}


def dealt(events: list[rules.Event]) -> bool:
    return any(e.kind in ("deal", "hand") and e.data.get("seat") is not None for e in events)


#: The moment each game deals: Royal Houses once the order is chosen (Anna chooses: more
#: garnets), Allegiance's second deal, an Alliances campaign's cards; Machiavelli and Medici
#: deal once, before the first move.
DEALS = [
    ("royal_houses", 2, {"garnets": [3, 1]}, lambda ev: any(e.kind == "deal" for e in ev)),
    ("allegiance", 4, {"deals": 2}, lambda ev: any(e.kind == "hand" for e in ev)),
    ("alliances", 3, {}, lambda ev: any(e.kind == "deal" for e in ev)),
    ("machiavelli", 3, {}, None),
    ("medici", 2, {}, None),
]


@pytest.mark.parametrize(("game_id", "players", "options", "deal"), DEALS)
def test_a_deal_leaves_no_tag(
    app: App,
    game_id: str,
    players: int,
    options: dict,
    deal: Callable[[list[rules.Event]], bool] | None,
) -> None:
    """Found playing: "Every dealt card carries an 'S' tag": the tags mark who moved a card last,
    never the deal; nor does a card moved last deal keep its tag once dealt again. Every viewer
    sees no tag, at the live table and at the table resumed from the autosave."""
    scene = table(app, game_id, players, options=options)
    if deal is not None:
        play_until(app, scene, deal)
    rest(app, scene)
    again = resumed(app, scene)
    for viewer in [None, *range(players)]:
        for shown in (scene, again):
            shown.viewer = viewer
            shown.refresh(animate=False)
            assert tags(shown) == set(), (viewer, shown is again)


def test_a_gift_played_by_its_receiver_carries_the_receivers_tag(app: App) -> None:
    """Found playing: "in Royal Houses the card Nadia played (Sam's gift to her) carries 'S'": a
    piece carries one tag, the seat that moved it last."""
    scene = table(app, "royal_houses", 2, options={"garnets": [3, 1]})
    events = play_until(
        app, scene, lambda ev: any(e.kind == "gift" and e.data.get("seat") == 0 for e in ev)
    )
    gift = next(e.data["card"] for e in events if e.kind == "gift" and "card" in e.data)
    rng = random.Random(2)
    while scene.game.phase != "play":  # Bruno's draw came with the gift; nothing else waits
        scene.play(rng.choice(scene.game.legal_moves()))
    assert scene.game.to_move == 1
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "play" and gift in m.cards))
    rest(app, scene)
    piece = scene.model.piece(gift)
    assert piece is not None
    on_it = [seat for seat, rect in scene.last_moves.marks() if rect == scene.draw_rect(piece)]
    assert on_it == [1]
    assert tags(scene) >= {("B", tuple(scene.draw_rect(piece)))}
    # Bruno ends his turn (the card's effect, his gift): his play is no longer his last move,
    # and Anna's gift, older than it, marks the card no more either.
    while scene.game.to_move == 1:
        scene.play(rng.choice(scene.game.legal_moves()))
    rest(app, scene)
    piece = scene.model.piece(gift)
    assert piece is not None
    assert not [s for s, rect in scene.last_moves.marks() if rect == scene.draw_rect(piece)]


def resumed(app: App, scene: TableScene) -> TableScene:
    """The table Continue or Load opens on the game: rebuilt from its autosave's text."""
    session = session_from_save(json.loads(save_text(scene.session)))
    again = TableScene(app, session)
    app.push(again)
    app.step(FRAME)
    again.ai.bots = {}
    assert again.viewer == scene.viewer
    return again


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("royal_houses", 2), ("allegiance", 4), ("alliances", 3), ("medici", 2), ("machiavelli", 3)],
)
def test_a_resumed_table_shows_the_same_marks(app: App, game_id: str, players: int) -> None:
    """Found playing: "The tags and 'new' marks vanish after Continue or Load": the table rebuilt
    from the autosave shows each seat's last move as the live table did, to every viewer, and
    never a card hidden from that viewer."""
    scene = table(app, game_id, players, seed=11)
    rng = random.Random(4)
    for n in range(80):  # some way into the game, with something marked on the table
        assert not scene.game.over
        settle(app, scene)
        scene.play(rng.choice(scene.game.legal_moves()))
        app.step(FRAME)
        if n >= 20 and not scene.moments.busy and tags(scene):
            break
    rest(app, scene)
    again = resumed(app, scene)
    seen = set()
    for viewer in [None, *range(players)]:
        for shown in (scene, again):
            shown.viewer = viewer
            shown.refresh(animate=False)
            hidden = shown.game.hidden_cards(viewer)
            for seat in shown.last_moves.by_seat:
                assert not shown.last_moves.ids(seat) & hidden
        assert tags(again) == tags(scene), viewer
        seen |= tags(scene)
    assert seen, "nothing was marked"


def test_an_undo_shows_the_marks_of_the_position_gone_back_to(app: App) -> None:
    """The marks are part of what a table at a position shows: after Undo, the
    table shows the marks it showed before Anna's taken-back move, as a table resumed there."""
    scene = table(app, "allegiance", 4)
    rng = random.Random(4)
    for _ in range(200):
        rest(app, scene)
        if scene.game.to_move == 0 and scene.session.undo_refusal(0) is None and tags(scene):
            break
        scene.play(rng.choice(scene.game.legal_moves()))
    before = tags(scene)
    scene.play(rng.choice(scene.game.legal_moves()))
    scene.undo()
    rest(app, scene)
    assert before and tags(scene) == before
    assert tags(resumed(app, scene)) == before


def test_other_seats_cards_travel_in_a_timed_tween(app: App) -> None:
    """'AI moves travel from the seat's panel to where they land, at a pace a
    person can follow' — another seat's card starts at its spot and is still on its way after
    a few frames; a local player's card glides as before."""
    scene = table(app, "allegiance", 4)
    events = play_until(
        app,
        scene,
        lambda ev: (
            not awarded(ev) and any(e.kind == "play" and e.data.get("seat") != 0 for e in ev)
        ),
    )
    card = kind(events, "play").data["card"]
    sprite = scene.sprites[card]
    assert sprite.tween > 0
    piece = scene.model.piece(card)
    assert piece is not None
    app.step(FRAME * 4)
    assert (round(sprite.x), round(sprite.y)) != piece.rect.topleft
    for _ in range(60):
        app.step(FRAME)
    assert (round(sprite.x), round(sprite.y)) == piece.rect.topleft


# ---- Alliances and Medici -----------------------------------------------------------------------


def test_alliances_conflict_end_held_on_the_map(app: App) -> None:
    """'the end of every Alliances conflict: who won, with what, and the capture,
    shown on the map'."""
    scene = table(app, "alliances", 3)
    events = play_until(app, scene, lambda ev: any(e.kind == "conflict" for e in ev))
    conflict = kind(events, "conflict")
    app.step(FRAME)
    held = scene.moments.held
    assert held is not None
    assert held.caption == conflict.render(scene.session.names)
    ids = {p.id for p in held.model.pieces}
    assert conflict.data["tile"] in ids  # the country fought over, on the map
    assert set(conflict.data["cards"]) <= ids  # every card played
    winner = conflict.data["winner"]
    if winner is not None:
        assert any(t.text == f"{NAMES[winner]} wins" for t in held.model.texts)
    if conflict.data["captured"]:
        assert f"tokens:{conflict.data['tile'][5:]}" in ids and held.over


def test_alliances_drafting_trick_held(app: App) -> None:
    """'A completed trick ... stays on the table with its winner marked' — a
    two-player Alliances drafting trick too."""
    scene = table(app, "alliances", 2)
    events = play_until(app, scene, lambda ev: any(e.kind == "trick" for e in ev))
    trick = kind(events, "trick")
    held = scene.moments.held
    assert held is not None and held.caption == trick.render(scene.session.names)
    assert set(trick.data["cards"]) <= {p.id for p in held.model.pieces}
    if trick.data["winner"] is not None:
        assert any(t.text == f"{NAMES[trick.data['winner']]} wins" for t in held.model.texts)


def test_medici_struck_stack_leaves_before_columns_close(app: App) -> None:
    """'Medici: a struck or dismissed stack leaves with an animation before the
    columns close up'."""
    scene = table(app, "medici", 2)
    events = play_until(app, scene, lambda ev: any(e.kind == "conspire" for e in ev))
    struck = kind(events, "conspire").data["cards"]
    before = {pid: (s.x, s.y) for pid, s in scene.sprites.items()}
    for _ in range(3):
        app.step(FRAME)
        leaving = {d.piece.art[2] for d in scene.moments.departures if not d.done}
        assert set(struck) <= leaving
        assert all(drawn_leaving(scene, d.rect()) for d in scene.moments.departures)
        assert {pid: (s.x, s.y) for pid, s in scene.sprites.items()} == before
    app.step(LEAVE)
    app.step(FRAME)
    assert not scene.moments.departures


def test_medici_dismissed_cards_leave(app: App) -> None:
    """'a struck or dismissed stack leaves with an animation' — the cards a
    Minister dismisses are still drawn, leaving, for some frames after the move."""
    scene = table(app, "medici", 2)
    events = play_until(app, scene, lambda ev: any(e.kind == "minister" for e in ev))
    gone = kind(events, "minister").data["cards"]
    app.step(FRAME)
    leaving = [d for d in scene.moments.departures if d.piece.art[2] in gone]
    assert {d.piece.art[2] for d in leaving} == set(gone)
    for d in leaving:
        assert drawn_leaving(scene, d.rect())
    app.step(LEAVE)
    app.step(FRAME)
    assert not scene.moments.departures


def drawn_leaving(scene: TableScene, rect: pygame.Rect) -> bool:
    """The table drawn with its leaving pieces differs at ``rect``'s middle from the table
    drawn without them: a leaving piece is drawn there."""
    size = pygame.display.get_surface().get_size()
    with_them, without = pygame.Surface(size), pygame.Surface(size)
    scene.draw(with_them)
    saved, scene.moments.departures = scene.moments.departures, []
    scene.draw(without)
    scene.moments.departures = saved
    return with_them.get_at(rect.center) != without.get_at(rect.center)


# ---- secrets ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players"), [("allegiance", 4), ("alliances", 3)])
def test_held_and_marked_pieces_never_show_hidden_cards(
    app: App, game_id: str, players: int
) -> None:
    """Secrets: what is held, leaving or marked never names a card the viewer's
    view hides."""
    scene = table(app, game_id, players, seed=11)
    rng = random.Random(4)
    checked = 0
    for _ in range(160):
        if scene.game.over:
            break
        scene.play(rng.choice(scene.game.legal_moves()))
        app.step(FRAME)
        hidden = scene.game.hidden_cards(scene.viewer)
        held = scene.moments.held
        shown = [p for p in held.model.pieces] if held else []
        shown += [d.piece for d in scene.moments.departures]
        cards = {p.art[2] for p in shown if p.art[0] == "card"} | {p.id for p in shown}
        assert not cards & hidden
        for seat in scene.last_moves.by_seat:
            assert not scene.last_moves.ids(seat) & hidden
        marked = {rect.topleft for _, rect in scene.last_moves.marks()}
        for piece in scene.model.pieces:
            if scene.draw_rect(piece).topleft in marked and piece.art[0] == "card":
                assert piece.art[2] not in hidden
        checked += bool(held)
        settle(app, scene)
    assert checked, "no trick or conflict was completed"


def test_last_trick_button_on_the_log(app: App) -> None:
    """'A Last trick peek: a status/action button or key' — the button shows only
    once a trick has been completed, and a click on it shows that trick again."""
    scene = table(app, "allegiance", 4)
    button = scene.moments.button
    assert button is not None and not button.visible
    play_until(app, scene, awarded)
    settle(app, scene)
    assert button.visible and button.text == "Last trick (L)"
    assert scene.log.rect.contains(button.rect)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    app.step(FRAME)
    assert scene.moments.held is scene.moments.last and scene.moments.peeking
