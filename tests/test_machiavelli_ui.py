"""Machiavelli at the table, headless: the working area (free rearrangement), End turn / Reset
turn / Hint, invalid melds explained, and a 96-card table that fits at 1080p, TV and 720p.

Rules cited: RULES-NOTES "Machiavelli" — "The software never lets an invalid table end a turn:
'end turn' is refused with the reason (which meld is invalid and why), and 'reset turn'
restores the table and hand"; the opening rule (until opened, only new melds from the hand).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pygame_gui
import pytest

from rules.machiavelli.melds import FACE
from tabletop.app import App
from tabletop.games.machiavelli.layout import MachiavelliLayout
from tabletop.games.machiavelli.working_area import (
    HAND_ZONE,
    NEW_ZONE,
    MachiavelliWorkingArea,
)
from tabletop.layouts import get_layout
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings
from tabletop.table import card_art, fit_check
from tabletop.table.render import shown_text

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1600, 900), settings=Settings(animation_speed=0.0), persist_settings=False)
    yield application
    application.quit()


def table(app: App, seed: int = 4) -> TableScene:
    """Sam (human, seat 0) against two AI seats; Sam is to move at the start."""
    session = Session(
        "machiavelli",
        [SeatConfig("Sam"), SeatConfig("Nadia", "easy"), SeatConfig("Omar", "easy")],
        seed=seed,
    )
    scene = TableScene(app, session)
    app.push(scene)
    assert scene.game.to_move == 0
    scene.refresh(animate=False)
    return scene


def set_position(
    scene: TableScene, table: list[tuple[str, ...]], hand: list[str], opened: bool = True
) -> None:
    """Put a chosen table and hand in front of Sam (the rest of the cards go to the rivals)."""
    g = scene.game
    used = {c for m in table for c in m} | set(hand)
    rest = [c for c in FACE if c not in used]
    g.table = list(table)
    g.hands = [list(hand), rest[:14], rest[14:28]]
    g.stock = rest[28:]
    g.opened = [opened, True, True]
    g._legal_cache = None
    scene.refresh(animate=False)


def layout(scene: TableScene) -> MachiavelliWorkingArea:
    """The working area the table scene stages the turn in (the layout draws it)."""
    assert isinstance(scene.layout, MachiavelliLayout)
    assert isinstance(scene.working_area, MachiavelliWorkingArea)
    assert scene.working_area is scene.layout.area
    return scene.working_area


def action(scene: TableScene, key: str):  # type: ignore[no-untyped-def]
    return next(a for a in layout(scene).actions(scene.judge) if a.key == key)


def test_the_game_has_its_own_layout_and_card_art() -> None:
    assert isinstance(get_layout("machiavelli"), MachiavelliLayout)

    def pixels(card: str, colorblind: bool = False) -> bytes:
        surface = card_art.card_face("machiavelli", card, 60, colorblind=colorblind)
        return pygame.image.tobytes(surface, "RGBA")

    assert pixels("2S.1") != pixels("2H.1") != pixels("3H.1")
    assert pixels("2S.1") == pixels("2S.2")  # the two decks look alike
    # ... and a card and its twin share one painting (each piece's art names its own card).
    assert card_art.card_face("machiavelli", "2S.1", 61) is card_art.card_face(
        "machiavelli", "2S.2", 61
    )
    assert pixels("2D.1") != pixels("2D.1", colorblind=True)  # four-colour deck: blue diamonds
    with pytest.raises(ValueError):
        card_art.card_face("machiavelli", "1Z.1", 60)


def test_building_a_meld_by_drops_then_end_turn_plays_it(app: App) -> None:
    scene = table(app)
    set_position(scene, [("5S.1", "6S.1", "7S.1")], ["9H.1", "9D.1", "9C.1", "2S.1"])
    lay = layout(scene)
    assert not action(scene, "end").enabled  # nothing placed yet: draw or place a card
    scene.drop("9H.1", NEW_ZONE)
    scene.drop("9D.1", "meld:1")
    assert lay.work is not None and lay.work.melds[1] == ["9H.1", "9D.1"]
    # Two cards are no meld: outlined, explained on hover, and End turn refuses with the reason.
    assert any("too short" in tip for _, tip in scene.model.tips)
    end = action(scene, "end")
    assert not end.enabled and "too short" in end.reason
    scene.drop("9C.1", "meld:1")
    assert not scene.model.tips
    assert action(scene, "end").enabled
    scene.press_local_action("end")
    g = scene.game
    assert sorted(map(sorted, g.table)) == sorted(
        map(sorted, [("5S.1", "6S.1", "7S.1"), ("9H.1", "9D.1", "9C.1")])
    )
    assert "2S.1" in g.hands[0] and len(g.hands[0]) == 1
    assert g.to_move == 1


def test_rearranging_table_melds_is_free_once_opened(app: App) -> None:
    # Source "Invariant": any rearrangement, as long as every meld is valid at the end.
    scene = table(app)
    set_position(
        scene, [("5S.1", "6S.1", "7S.1", "8S.1"), ("8H.1", "8D.1", "8C.1")], ["4S.1", "KD.1"]
    )
    scene.drop("8S.1", "meld:1")  # 8♠ joins the set of eights: 5-6-7♠ stays a run
    scene.drop("4S.1", "meld:0")
    lay = layout(scene)
    assert lay.work is not None
    assert ["4S.1", "5S.1", "6S.1", "7S.1"] in lay.work.melds
    assert action(scene, "end").enabled
    scene.press_local_action("end")
    assert scene.game.hands[0] == ["KD.1"]


def test_reset_turn_restores_table_and_hand(app: App) -> None:
    scene = table(app)
    start = [("5S.1", "6S.1", "7S.1")]
    set_position(scene, start, ["8S.1", "KD.1"])
    scene.drop("6S.1", NEW_ZONE)  # breaks the run: allowed while working
    assert action(scene, "reset").enabled
    scene.press_local_action("reset")
    lay = layout(scene)
    assert lay.work is not None
    assert lay.work.melds == [list(m) for m in start]
    assert lay.work.hand == ["8S.1", "KD.1"]
    assert not action(scene, "reset").enabled


def _draw_button(scene: TableScene):  # type: ignore[no-untyped-def]
    return next(b for b, m in scene.buttons if getattr(m, "kind", None) == "draw")


def test_draw_a_card_asks_first_when_the_table_was_changed(app: App) -> None:
    """*Draw a card* never silently throws away a half-built table. With changes
    in the working area it asks first; No keeps the work, Yes draws (and ends the turn)."""
    scene = table(app)
    set_position(scene, [("5S.1", "6S.1", "7S.1")], ["8S.1", "KD.1"])
    scene.drop("6S.1", NEW_ZONE)  # a half-built table
    lay = layout(scene)
    assert lay.work is not None and lay.work.changed
    scene.on_button(_draw_button(scene))
    assert scene.game.to_move == 0 and len(scene.game.history) == 0  # nothing drawn yet
    dialog = scene.confirm_dialog
    assert dialog is not None and dialog.alive()
    dialog.kill()  # No (closed): the work stays
    assert lay.work is not None and lay.work.changed and scene.game.to_move == 0
    scene.on_button(_draw_button(scene))
    assert scene.confirm_dialog is not None
    app.dispatch(
        pygame.event.Event(
            pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=scene.confirm_dialog
        )
    )
    assert scene.game.history and scene.game.history[-1].kind == "draw"
    assert len(scene.game.hands[0]) == 3


def test_draw_a_card_with_an_untouched_table_draws_at_once(app: App) -> None:
    """The question comes only when there is work to lose."""
    scene = table(app)
    set_position(scene, [("5S.1", "6S.1", "7S.1")], ["8S.1", "KD.1"])
    scene.on_button(_draw_button(scene))
    assert scene.confirm_dialog is None
    assert scene.game.history and scene.game.history[-1].kind == "draw"


def test_table_cards_cannot_go_to_the_hand(app: App) -> None:
    scene = table(app)
    set_position(scene, [("5S.1", "6S.1", "7S.1")], ["8S.1", "KD.1"])
    lay = layout(scene)
    refusal = lay.drop("5S.1", HAND_ZONE)
    assert isinstance(refusal, str) and "stay on the table" in refusal
    assert HAND_ZONE not in scene.gestures.targets_for("5S.1", [])
    # Your own card, put on the table this turn, may come back.
    scene.drop("8S.1", "meld:0")
    assert HAND_ZONE in scene.gestures.targets_for("8S.1", [])
    scene.drop("8S.1", HAND_ZONE)
    assert lay.work is not None and "8S.1" in lay.work.hand


def test_before_opening_the_table_melds_cannot_be_picked_up(app: App) -> None:
    # RULES-NOTES: until a player has opened, they may not touch the table that turn.
    scene = table(app)
    set_position(scene, [("5S.1", "6S.1", "7S.1")], ["8S.1", "9H.1"], opened=False)
    assert not scene.gestures.can_pick_up("5S.1", [])
    assert scene.gestures.can_pick_up("8S.1", [])
    piece = scene.model.piece("5S.1")
    assert piece is not None and piece.dim
    # Laying off on an existing meld is refused by the rules, with their reason.
    scene.drop("8S.1", "meld:0")
    end = action(scene, "end")
    assert not end.enabled and end.reason


def test_hint_loads_the_solvers_best_play_as_a_preview(app: App) -> None:
    scene = table(app)
    set_position(scene, [("5S.1", "6S.1", "7S.1")], ["8S.1", "9S.1", "4S.1", "KD.1", "KH.1"])
    scene.hint.ask()  # the table's Hint button: this layout answers it from the solver
    assert scene.hint.pending, "the solver runs in the AI worker, not on the UI thread"
    lay = layout(scene)
    assert lay.work is not None and len(lay.work.hand) == 5, "nothing loads before the answer"
    deadline = time.monotonic() + 60
    while scene.hint.pending and time.monotonic() < deadline:
        app.step(1 / 60)
    assert not scene.hint.pending
    assert sorted(lay.work.hand) == ["KD.1", "KH.1"]  # 3 of 5 placed: the most possible
    assert action(scene, "end").enabled
    # Its words in the Hint banner (with Dismiss only: End turn plays it), not a toast that
    # would cover the hand; the banner covers no card.
    assert scene.hint.note and scene.hint.text.startswith("Hint: this places 3 cards")
    banner = scene.hint.panel
    assert banner is not None and scene.hint.play_button is None
    assert banner.collidelist([p.rect for p in scene.model.pieces]) < 0
    for card in ("KD.1", "KH.1"):  # the player builds on: the banner keeps clear of it
        scene.drop(card, NEW_ZONE)
        banner = scene.hint.panel
        assert banner is not None and banner.collidelist([p.rect for p in scene.model.pieces]) < 0
    scene.press_local_action("reset")  # dismiss
    assert len(lay.work.hand) == 5
    assert not scene.hint.showing, "reset dismisses the hint and its banner"


def test_a_real_mouse_drag_builds_in_the_working_area(app: App) -> None:
    scene = table(app)
    set_position(scene, [("5S.1", "6S.1", "7S.1")], ["8S.1", "KD.1"])
    piece = scene.model.piece("8S.1")
    zone = scene.model.zone("meld:0")
    assert piece is not None and zone is not None
    start, end = piece.rect.center, zone.rect.center
    pygame.mouse.set_pos(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * i // 5, start[1] + (end[1] - start[1]) * i // 5)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    for _ in range(3):
        app.step(1 / 60)
    lay = layout(scene)
    assert lay.work is not None and "8S.1" in lay.work.melds[0]


def full_table() -> list[tuple[str, ...]]:
    """100 cards: 24 runs of four (every card but the aces) and a set of four aces."""
    runs = [
        tuple(f"{r}{s}.{d}" for r in RANKS[lo : lo + 4])
        for d in (1, 2)
        for s in "SHDC"
        for lo in (0, 4, 8)
    ]
    return [*runs, ("AS.1", "AH.1", "AD.1", "AC.1")]


@pytest.mark.parametrize(
    ("size", "profile"), [((1920, 1080), "desktop"), ((1920, 1080), "tv"), ((1280, 720), "desktop")]
)
def test_a_full_table_fits_without_overlap(size: tuple[int, int], profile: str) -> None:
    application = App(
        size, settings=Settings(animation_speed=0.0, profile=profile), persist_settings=False
    )
    try:
        scene = table(application)
        set_position(scene, full_table(), ["AS.2", "AH.2", "AD.2", "AC.2"])
        area = scene.layout_rect
        melds = [z for z in scene.model.zones if z.id.startswith("meld:")]
        assert sum(len(m) for m in full_table()) == 100
        assert len(melds) == 26  # 25 melds and the "new meld" slot
        for piece in scene.model.pieces:
            assert area.contains(piece.rect), piece.id
        for i, a in enumerate(melds):
            for b in melds[i + 1 :]:
                assert not a.rect.colliderect(b.rect), (a.id, b.id)
        hand = scene.model.zone(HAND_ZONE)
        assert hand is not None
        for zone in melds:
            assert not zone.rect.colliderect(hand.rect)
        # Cards stay big enough to read their corner index.
        widths = {p.rect.w for p in scene.model.pieces}
        assert min(widths) >= 32
        application.step(1 / 60)
    finally:
        application.quit()


def test_a_whole_hand_is_played_at_the_table_against_two_ai_seats(app: App) -> None:
    """The issue's "done when": a human plays a full hand against 2 AI seats through the
    table's own controls — Hint into the working area and End turn, or Draw / Pass."""
    scene = table(app, seed=11)
    game = scene.game
    human_turns = 0
    for _ in range(20_000):
        if game.over:
            break
        if game.to_move == 0 and scene.acting_human:
            human_turns += 1
            scene.hint.ask()
            end = action(scene, "end")
            if end.enabled:
                scene.press_local_action("end")
            else:
                fallback = next(b for b, m in scene.buttons if not isinstance(m, str))
                scene.on_button(fallback)  # "Draw a card" or "Pass": the only move button
        else:
            app.step(1 / 60)
    assert game.over, "the hand did not end"
    assert human_turns >= 3
    assert game.outcome().detail


def crowded_table(players: int) -> list[tuple[str, ...]]:
    """Runs of three, as many as leave each rival a hand: 20 melds with two players, 12 with
    six."""
    runs = [
        tuple(f"{r}{s}.{d}" for r in RANKS[lo : lo + 3])
        for d in (1, 2)
        for s in "SHDC"
        for lo in (0, 3, 6, 9)
    ]
    return runs[: 22 - 2 * players]


@pytest.mark.parametrize(
    ("size", "profile"),
    [
        ((1280, 720), "desktop"),
        ((1920, 1080), "desktop"),
        ((3840, 2160), "desktop"),
        ((1920, 1080), "tv"),
        ((1280, 720), "tv"),
    ],
)
def test_a_long_hand_and_the_new_meld_places_keep_their_words_whole(
    size: tuple[int, int], profile: str
) -> None:
    """At 1280×720 a hand of 15 or more read "Your hand (…" and the "new meld" place
    "+ new…": every word the table shows stands whole at its size, with a long hand, many
    melds, an emptied place and the "new meld" place, for two to six players."""
    application = App(
        size, settings=Settings(animation_speed=0.0, profile=profile), persist_settings=False
    )
    names = ["Sam", "Bartholomew", "Cy", "Dagny", "Eustace", "Fern"]
    try:
        for players in (2, 4, 6):
            seats = [SeatConfig(names[0])] + [SeatConfig(n, "easy") for n in names[1:players]]
            scene = TableScene(application, Session("machiavelli", seats, seed=4))
            application.push(scene)
            g = scene.game
            assert g.to_move == 0
            melds = crowded_table(players)
            rest = [c for c in FACE if c not in {c for m in melds for c in m}]
            g.table, g.opened = list(melds), [True] * players
            g.hands = [rest[:18]] + [rest[18 + 9 * i : 27 + 9 * i] for i in range(players - 1)]
            g.stock = rest[18 + 9 * (players - 1) :]
            g._legal_cache = None
            scene.refresh(animate=False)
            for card in melds[0]:  # an emptied place, a free one for a new meld
                scene.drop(card, "meld:1")
            texts = [t.text for t in scene.model.texts]
            assert any("18" in t for t in texts), texts  # the hand's count
            assert any("new meld" in t for t in texts), texts
            assert scene.model.zone(NEW_ZONE) is not None
            assert scene.model.zone("meld:0") is not None  # the free place
            d = application.display
            for item in scene.model.texts:
                words, px = shown_text(item)
                assert words == item.text, (players, item.text, words)
                assert px >= min(item.size, d.least_label_px or d.readable_px), (item.text, px)
            problems = fit_check.model_problems(scene.model, scene.layout_rect, d)
            assert not problems, (players, problems)
            application.pop()
    finally:
        application.quit()
