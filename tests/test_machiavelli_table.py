"""Machiavelli at the table: melds stay put, others' changes outlined, a drawn card
marked, several cards moved at once, click-then-click onto a meld, End turn says why, and the
results. Driven through the real table scene, headless, with real clicks where it matters.

Rules cited: RULES-NOTES "Machiavelli" — "'end turn' is refused with the reason (which meld is
invalid and why)"; penalty points are counted on the cards left in hand.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pygame
import pytest
from game_helpers import draw_beside_twin
from scene_helpers import click_at, key, make_app, pump

from rules.machiavelli import play_move
from rules.machiavelli.melds import FACE
from tabletop import saves
from tabletop.app import App
from tabletop.games.machiavelli.layout import GESTURES_HELP, MARK
from tabletop.games.machiavelli.working_area import NEW_ZONE, MachiavelliWorkingArea
from tabletop.layouts import get_gestures, get_layout
from tabletop.layouts.base import score_number
from tabletop.saves import save_text, session_from_save
from tabletop.scenes.results import ResultsScene
from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session

RUN = ("5S.1", "6S.1", "7S.1", "8S.1")
EIGHTS = ("8H.1", "8D.1", "8C.1")
DIAMONDS = ("JD.1", "QD.1", "KD.1")
NADIA = ["4S.1", "10D.1", "2C.1", "3C.1", "4C.1"]  # what Nadia (seat 1) lays in the AI tests


@pytest.fixture
def app() -> Iterator[App]:
    application = make_app((1600, 900), animation_speed=0.0)
    yield application
    application.quit()


def table(app: App, melds: list[tuple[str, ...]], hand: list[str]) -> TableScene:
    """Sam (human, seat 0) to move against two AI seats, with a chosen table and hand. The app
    is not stepped before Sam acts, so the AI seats move only when a test makes them."""
    session = Session(
        "machiavelli",
        [SeatConfig("Sam"), SeatConfig("Nadia", "easy"), SeatConfig("Omar", "easy")],
        seed=4,
    )
    scene = TableScene(app, session)
    app.push(scene)
    g = scene.game
    used = {c for m in melds for c in m} | set(hand) | set(NADIA)
    rest = [c for c in FACE if c not in used]
    g.table = list(melds)
    g.hands = [list(hand), NADIA + rest[:9], rest[9:23]]
    g.stock = rest[23:]
    g.opened = [True, True, True]
    g._legal_cache = None
    scene.refresh(animate=False)
    return scene


def area(scene: TableScene) -> MachiavelliWorkingArea:
    assert isinstance(scene.working_area, MachiavelliWorkingArea)
    return scene.working_area


def melds(scene: TableScene) -> list[list[str]]:
    work = area(scene).work
    assert work is not None
    return work.melds


def spot(scene: TableScene, card: str) -> tuple[int, int]:
    """A point on ``card``'s visible corner (melds overlap: the left strip shows)."""
    piece = scene.model.piece(card)
    assert piece is not None, card
    return scene.draw_rect(piece).move(4, 12).topleft


def shift_click(app: App, pos: tuple[int, int]) -> None:
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        click_at(app, pos)
    finally:
        pygame.key.set_mods(0)


def rows_of(scene: TableScene) -> dict[str, int]:
    """Each meld zone's top (its row)."""
    return {z.id: z.rect.y for z in scene.model.zones if z.id.startswith("meld:")}


# ---- 1. melds keep their place ---------------------------------------------------------------


def test_melds_keep_their_places_while_the_table_is_rearranged(app: App) -> None:
    """Melds stay where they are while you rearrange (a new meld appears where it
    was dropped or at the end; nothing re-sorts under your hand)."""
    scene = table(app, [RUN, EIGHTS, DIAMONDS], ["9S.1", "KH.1", "KS.1"])
    rows = rows_of(scene)
    diamonds_at = scene.model.zone("meld:2")
    assert diamonds_at is not None
    start = diamonds_at.rect.topleft
    # Empty the eights (the middle meld) onto a new meld: its place stays, as a free place.
    for card in EIGHTS:
        scene.drop(card, NEW_ZONE if card == EIGHTS[0] else "meld:3")
    assert melds(scene)[:3] == [list(RUN), [], list(DIAMONDS)]
    assert sorted(melds(scene)[3]) == sorted(EIGHTS)
    assert rows_of(scene)["meld:0"] == rows["meld:0"] and rows_of(scene)["meld:2"] == rows["meld:2"]
    moved = scene.model.zone("meld:2")
    assert moved is not None and moved.rect.y == start[1]
    assert moved.rect.x <= start[0]  # only the emptied meld before it got narrower
    free = scene.model.zone("meld:1")
    assert free is not None, "an emptied meld leaves a free place one can drop on"
    # A new meld dropped on the free place appears there, not at the end.
    scene.drop("KH.1", "meld:1")
    assert melds(scene)[1] == ["KH.1"] and len(melds(scene)) == 4
    # Adding a card to the first meld moves no meld to another row or index.
    scene.drop("9S.1", "meld:0")
    assert melds(scene)[0] == [*RUN, "9S.1"]
    assert [sorted(m) for m in melds(scene)[2:]] == [sorted(DIAMONDS), sorted(EIGHTS)]
    assert rows_of(scene)["meld:2"] == rows["meld:2"]
    # Reset turn puts every meld back in its place.
    scene.press_local_action("reset")
    assert melds(scene) == [list(RUN), list(EIGHTS), list(DIAMONDS)]


def test_end_turn_plays_the_table_without_its_free_places(app: App) -> None:
    """Free places are the app's; the rules get the melds only."""
    scene = table(app, [RUN, ("9H.1", "9D.1", "9C.1")], ["9S.1", "KH.1"])
    for card in ("9H.1", "9D.1", "9C.1"):
        scene.drop(card, NEW_ZONE if card == "9H.1" else "meld:2")
    scene.drop("9S.1", "meld:2")
    assert melds(scene)[1] == []
    scene.press_local_action("end")
    assert scene.game.to_move == 1
    assert sorted(map(sorted, scene.game.table)) == sorted(
        [sorted(RUN), sorted(["9H.1", "9D.1", "9C.1", "9S.1"])]
    )


# ---- 2 and 3. others' changes and a drawn card are marked ------------------------------------


def _sam_draws_then_nadia_lays_then_omar_draws(scene: TableScene) -> None:
    scene.on_button(next(b for b, m in scene.buttons if getattr(m, "kind", None) == "draw"))
    assert scene.game.to_move == 1
    # Nadia's new table, handed over in a scrambled order: 8♠ moves from the run to the
    # eights, 4♠ and 10♦ join melds, 2-3-4♣ is a new meld.
    scene.play(
        play_move(
            [
                ["2C.1", "3C.1", "4C.1"],
                ["10D.1", *DIAMONDS],
                [*EIGHTS, "8S.1"],
                ["4S.1", "5S.1", "6S.1", "7S.1"],
            ]
        )
    )
    assert scene.game.to_move == 2
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "draw"))
    assert scene.game.to_move == 0 and scene.acting_human


def test_an_ai_play_keeps_the_melds_in_place_and_outlines_what_changed(app: App) -> None:
    """AI and Hint changes are marked (new and moved cards outlined) instead of
    re-sorting the whole table; the old melds keep their places (matched by shared cards)
    and the outlines last until the viewer's next action."""
    scene = table(app, [RUN, EIGHTS, DIAMONDS], ["9S.1", "KH.1"])
    rows = rows_of(scene)
    _sam_draws_then_nadia_lays_then_omar_draws(scene)
    assert [sorted(m) for m in melds(scene)] == [
        sorted(["4S.1", "5S.1", "6S.1", "7S.1"]),
        sorted([*EIGHTS, "8S.1"]),
        sorted(["10D.1", *DIAMONDS]),
        sorted(["2C.1", "3C.1", "4C.1"]),
    ]
    for zone_id in ("meld:0", "meld:1", "meld:2"):
        assert rows_of(scene)[zone_id] == rows[zone_id]
    changed = {"4S.1", "8S.1", "10D.1", "2C.1", "3C.1", "4C.1"}
    outlined = {p.id for p in scene.model.pieces if p.outline == MARK}
    drawn = area(scene).drawn
    assert len(drawn) == 1 and drawn <= set(scene.game.hands[0])
    assert outlined == changed | drawn
    # Sam's next action (any drop) clears the outlines.
    scene.drop("9S.1", NEW_ZONE)
    assert not [p for p in scene.model.pieces if p.outline is not None]


def test_an_undo_outlines_nothing(app: App) -> None:
    """Outlines show what others did; taking back one's own play is not that."""
    scene = TableScene(app, _sam_can_open_at_once())
    app.push(scene)
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "play"))
    while scene.game.to_move != 0:  # the AI seats draw
        scene.play(next(m for m in scene.game.legal_moves() if m.kind == "draw"))
    scene.undo()
    assert scene.game.to_move == 0 and not scene.game.table
    assert not area(scene).marks
    assert not [p for p in scene.model.pieces if p.outline is not None]


def new_meld_places(scene: TableScene) -> int:
    """The "+ new meld" places the table offers (free places and the one at the end)."""
    return sum(1 for z in scene.model.zones if z.label == "New meld")


def test_after_an_undo_the_table_is_the_one_load_shows(app: App) -> None:
    """A play that made new melds, End turn, the AI seats' replies, then Undo left
    the undone melds' places behind as extra "+ new meld" places that took cards. The table
    after Undo is the one a Load of that position shows."""
    session = _sam_can_open_at_once()
    scene = TableScene(app, session)
    app.push(scene)
    scene.refresh(animate=False)
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "play"))
    assert scene.game.table
    # The AI seats draw (a card an AI lays is one Sam has seen: no undo past it).
    while scene.game.to_move != 0:
        scene.play(next(m for m in scene.game.legal_moves() if m.kind == "draw"))
    scene.undo()
    assert scene.game.to_move == 0 and not scene.game.table
    loaded = TableScene(app, saves.session_from_save(saves.to_save(scene.session)))
    app.push(loaded)
    loaded.refresh(animate=False)
    assert loaded.game.table == scene.game.table
    assert new_meld_places(scene) == new_meld_places(loaded) == 1
    assert melds(scene) == melds(loaded)


def _sam_can_open_at_once() -> Session:
    for seed in range(1, 60):  # a real deal (undo replays the game) where Sam can open
        session = Session(
            "machiavelli",
            [SeatConfig("Sam"), SeatConfig("Nadia", "easy"), SeatConfig("Omar", "easy")],
            seed=seed,
        )
        if session.game.to_move == 0 and any(m.kind == "play" for m in session.game.legal_moves()):
            return session
    pytest.fail("no deal lets Sam open at once")


def test_a_drawn_card_is_marked_in_the_hand_until_the_next_move(app: App) -> None:
    """A newly drawn card is marked in the hand (outline and a "new" tag) until
    the player's next move."""
    scene = table(app, [RUN, EIGHTS], ["KH.1", "KS.1"])
    top = scene.game.stock[-1]  # the stock's top card
    scene.on_button(next(b for b, m in scene.buttons if getattr(m, "kind", None) == "draw"))
    piece = scene.model.piece(top)
    assert piece is not None and piece.outline == MARK
    assert any(
        t.text == "new" and piece.rect.left <= t.pos[0] < piece.rect.right
        for t in scene.model.texts
    )
    others = [p for p in scene.model.pieces if p.id in ("KH.1", "KS.1")]
    assert others and all(p.outline is None for p in others)
    # The AI seats play on; the mark stays until Sam's own next move.
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "draw"))
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "draw"))
    piece = scene.model.piece(top)
    assert piece is not None and piece.outline == MARK
    scene.drop(top, NEW_ZONE)
    piece = scene.model.piece(top)
    assert piece is not None and piece.outline is None
    assert not [t for t in scene.model.texts if t.text == "new"]


@pytest.mark.parametrize("drawn", ["3C.1", "9H.2"])
def test_a_drawn_card_is_marked_and_not_its_twin_on_the_table(app: App, drawn: str) -> None:
    """The game uses two decks, and drawing a card whose twin lay on the table gave
    the table's copy the drawer's last-move tag and outline too. Only the card drawn is
    marked: the last-move mark and the hand's own outline."""
    scene = table(app, [DIAMONDS], ["KH.1", "KS.1"])
    twin = draw_beside_twin(scene.game, drawn)
    scene.refresh(animate=False)
    scene.on_button(next(b for b, m in scene.buttons if getattr(m, "kind", None) == "draw"))
    assert drawn in scene.game.hands[0] and scene.game.to_move == 1
    mine, theirs = scene.model.piece(drawn), scene.model.piece(twin)
    assert mine is not None and theirs is not None
    assert scene.last_moves.marks() == [(0, scene.draw_rect(mine))]
    assert mine.outline == MARK and theirs.outline is None


def marks_shown(scene: TableScene) -> tuple[set, set, set]:
    """What the viewer sees marked: outlined cards, "new" tags and last-move tags (at where)."""
    outlined = {(p.id, tuple(p.rect)) for p in scene.model.pieces if p.outline == MARK}
    new = {tuple(t.pos) for t in scene.model.texts if t.text == "new"}
    tags = {(scene.last_moves.tag(s), tuple(r)) for s, r in scene.last_moves.marks()}
    return outlined, new, tags


def test_a_resumed_table_shows_the_outlines_and_the_new_tag_again(app: App) -> None:
    """Found playing: "The tags and 'new' marks vanish after Continue or Load": Sam draws, Nadia
    lays melds, Omar draws; the table rebuilt from the autosave shows Nadia's cards outlined,
    Sam's drawn card tagged "new" and the last-move tags, all as before."""
    seats = [SeatConfig("Sam"), SeatConfig("Nadia", "easy"), SeatConfig("Omar", "easy")]
    scene = TableScene(app, Session("machiavelli", seats, seed=1))  # Nadia can lay at once
    app.push(scene)
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "draw"))
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "play"))
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "draw"))
    assert scene.game.to_move == 0 and scene.viewer == 0
    outlined, new, tags = marks_shown(scene)
    assert outlined and new and tags
    again = TableScene(app, session_from_save(json.loads(save_text(scene.session))))
    app.push(again)
    assert again.viewer == 0
    assert marks_shown(again) == (outlined, new, tags)


def test_after_an_undo_the_marks_are_the_ones_load_shows(app: App) -> None:
    """Undo goes back to a position: the table shows it as Load does, with the same outlines
    of what the others laid, the same "new" card and the same last-move tags."""
    seats = [SeatConfig("Sam"), SeatConfig("Nadia", "easy"), SeatConfig("Omar", "easy")]
    scene = TableScene(app, Session("machiavelli", seats, seed=1))  # Nadia can lay at once
    app.push(scene)
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "draw"))
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "play"))
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "draw"))
    shown = marks_shown(scene)
    scene.play(next(m for m in scene.game.legal_moves() if m.kind == "play"))  # Sam lays
    scene.undo()
    assert scene.game.to_move == 0 and len(scene.game.history) == 3
    scene.refresh(animate=False)
    loaded = TableScene(app, session_from_save(json.loads(save_text(scene.session))))
    app.push(loaded)
    assert marks_shown(scene) == marks_shown(loaded) == shown


def test_the_hint_preview_keeps_melds_in_place_and_outlines_its_changes(app: App) -> None:
    """The Hint's preview, like an AI play, is matched onto the melds in place and
    its new and moved cards are outlined."""
    scene = table(app, [RUN, EIGHTS, DIAMONDS], ["4S.1", "10D.1", "KH.1"])
    answer = (("8S.1", "8H.1", "8D.1", "8C.1"), ("10D.1", *DIAMONDS), ("4S.1", *RUN[:3]))
    area(scene).show_hint(answer)
    scene.area_changed()
    assert [sorted(m) for m in melds(scene)] == [
        sorted(["4S.1", *RUN[:3]]),
        sorted([*EIGHTS, "8S.1"]),
        sorted(["10D.1", *DIAMONDS]),
    ]
    outlined = {p.id for p in scene.model.pieces if p.outline == MARK}
    assert outlined == {"4S.1", "8S.1", "10D.1"}


# ---- 4 and 5. several cards at once; click-then-click onto a meld ----------------------------


def test_shift_click_picks_several_cards_and_a_click_moves_them_together(app: App) -> None:
    """Several cards can be picked and moved at once (a run split or a group):
    Shift+click adds cards (hand and table), a click on a meld's card or a new-meld place
    moves them all; the gesture is written on the table."""
    scene = table(app, [("2C.1", "3C.1", "4C.1", "5C.1", "6C.1", "7C.1"), EIGHTS], ["KH.1", "KS.1"])
    assert any(t.text == GESTURES_HELP for t in scene.model.texts)
    # A set from the hand: K♥ and K♠ onto a new meld, in one gesture.
    click_at(app, spot(scene, "KH.1"))
    shift_click(app, spot(scene, "KS.1"))
    assert scene.input.picked == ["KH.1", "KS.1"]
    new = scene.model.zone(NEW_ZONE)
    assert new is not None
    click_at(app, new.rect.center)
    assert sorted(melds(scene)[2]) == ["KH.1", "KS.1"] and not area(scene).work.hand  # type: ignore[union-attr]
    assert scene.input.picked == []
    # A run split: 5-6-7♣ off the run, onto a new meld.
    click_at(app, spot(scene, "5C.1"))
    shift_click(app, spot(scene, "6C.1"))
    shift_click(app, spot(scene, "7C.1"))
    new = scene.model.zone(NEW_ZONE)
    assert new is not None
    click_at(app, new.rect.center)
    assert melds(scene)[0] == ["2C.1", "3C.1", "4C.1"]
    assert melds(scene)[3] == ["5C.1", "6C.1", "7C.1"]
    # Shift+click on a picked card takes it out again.
    click_at(app, spot(scene, "8H.1"))
    shift_click(app, spot(scene, "8D.1"))
    shift_click(app, spot(scene, "8H.1"))
    assert scene.input.picked == ["8D.1"]


def test_dragging_one_of_several_picked_cards_carries_them_all(app: App) -> None:
    """The picked cards move together when one of them is dragged."""
    scene = table(app, [("2C.1", "3C.1", "4C.1", "5C.1", "6C.1", "7C.1"), EIGHTS], ["KH.1"])
    click_at(app, spot(scene, "6C.1"))
    shift_click(app, spot(scene, "7C.1"))
    start = spot(scene, "7C.1")
    target = scene.model.zone(NEW_ZONE)
    assert target is not None
    end = target.rect.center
    pygame.mouse.set_pos(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pump(app, 1)
    for i in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * i // 5, start[1] + (end[1] - start[1]) * i // 5)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        pump(app, 1)
    assert {p.id for p in scene.input.carried()} == {"6C.1", "7C.1"}
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pump(app, 2)
    assert melds(scene)[0] == ["2C.1", "3C.1", "4C.1", "5C.1"]
    assert melds(scene)[2] == ["6C.1", "7C.1"]


def test_a_rectangle_dragged_from_an_empty_spot_picks_the_cards_it_crosses(app: App) -> None:
    """Drag-select several pieces: a rectangle from an empty spot of the table
    picks the cards whose visible strip it crosses (a run split in one gesture)."""
    scene = table(app, [("2C.1", "3C.1", "4C.1", "5C.1", "6C.1", "7C.1"), EIGHTS], ["KH.1"])
    five, seven = scene.model.piece("5C.1"), scene.model.piece("7C.1")
    assert five is not None and seven is not None
    start = (five.rect.x + 3, five.rect.bottom + 30)
    end = (seven.rect.x + seven.rect.w // 8 + 3, seven.rect.centery)
    assert scene.input.piece_at(start) is None
    pygame.mouse.set_pos(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pump(app, 1)
    for i in range(1, 5):
        pos = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        pump(app, 1)
    assert scene.input.band is not None  # drawn while it is dragged
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pump(app, 2)
    assert scene.input.band is None
    assert sorted(scene.input.picked) == ["5C.1", "6C.1", "7C.1"]
    new = scene.model.zone(NEW_ZONE)
    assert new is not None
    click_at(app, new.rect.center)
    assert melds(scene)[0] == ["2C.1", "3C.1", "4C.1"]
    assert melds(scene)[2] == ["5C.1", "6C.1", "7C.1"]


def test_space_picks_several_cards_with_the_keyboard(app: App) -> None:
    """Multi-select from the keyboard: Space adds the focused card, Enter on a
    focused meld puts the picked cards there."""
    scene = table(app, [RUN], ["9H.1", "9D.1", "9C.1"])

    def focus_on(target: object) -> None:
        for _ in range(len(scene.input.focusables()) + 1):
            now = scene.input.focusables()
            if scene.input.focus is not None and now[scene.input.focus % len(now)][1] is target:
                return
            key(app, pygame.K_TAB)
        raise AssertionError("focus never reached the target")

    for card in ("9H.1", "9D.1", "9C.1"):
        piece = scene.model.piece(card)
        focus_on(piece)
        key(app, pygame.K_SPACE)
    assert sorted(scene.input.picked) == ["9C.1", "9D.1", "9H.1"]
    focus_on(scene.model.zone(NEW_ZONE))
    key(app, pygame.K_RETURN)
    assert sorted(melds(scene)[1]) == ["9C.1", "9D.1", "9H.1"]


def test_click_then_click_on_a_melds_card_drops_onto_that_meld(app: App) -> None:
    """With a card selected, clicking a card of a meld drops onto that meld (not
    re-select), unless it is the selected card itself."""
    scene = table(app, [RUN, EIGHTS], ["9S.1", "8S.2"])
    click_at(app, spot(scene, "9S.1"))
    assert scene.input.selected == "9S.1"
    click_at(app, spot(scene, "6S.1"))  # a card in the middle of the run
    assert melds(scene)[0] == [*RUN, "9S.1"]
    assert scene.input.selected is None
    click_at(app, spot(scene, "8S.2"))
    click_at(app, spot(scene, "8S.2"))  # the selected card itself: unselect
    assert scene.input.selected is None and "8S.2" in area(scene).work.hand  # type: ignore[union-attr]


def test_other_games_keep_single_selection() -> None:
    """Multi-select and click-onto-a-target are hooks only Machiavelli opts into."""
    for game_id in ("royal_houses", "allegiance", "medici", "alliances"):
        gestures = get_gestures(game_id, get_layout(game_id))
        assert not gestures.select_many and not gestures.click_drops_on_targets
    machiavelli = get_gestures("machiavelli", get_layout("machiavelli"))
    assert machiavelli.select_many and machiavelli.click_drops_on_targets


# ---- 6. End turn says why -----------------------------------------------------------------


def test_clicking_the_greyed_end_turn_says_which_meld_is_wrong(app: App) -> None:
    """When the table is invalid, End turn says why — its tooltip and a toast on
    click carry the rules' sentence (RULES-NOTES: refused with the reason)."""
    scene = table(app, [RUN], ["9H.1", "9D.1", "KS.1"])
    scene.drop("9H.1", NEW_ZONE)
    scene.drop("9D.1", "meld:1")
    end = next(b for b, key_ in scene.buttons if key_ == "end")
    assert not end.is_enabled
    expected = scene.game.why_illegal(play_move([RUN, ["9H.1", "9D.1"]]), 0)
    assert expected is not None and "too short" in expected.message
    assert end.tool_tip_text == expected.message
    app.toasts.clear()
    click_at(app, end.rect.center)
    assert [t.text for t in app.toasts] == [expected.message]
    assert scene.game.to_move == 0


# ---- 7. results --------------------------------------------------------------------------------


def test_results_show_everyones_cards_left_and_penalty_points_as_the_table_counts(
    app: App,
) -> None:
    """The results show every player's remaining cards, and penalty points as the
    table shows them ("44", never "-0"; 0 shows "0")."""
    scene = table(app, [RUN], ["9S.1", "KH.1"])
    g = scene.game
    g.stock = []
    g.hands[0] = ["9S.1"]  # Sam goes out: the others keep their cards (edited directly)
    g.hands[1] = ["KD.1", "2C.1"]
    g.hands[2] = ["AS.2"]
    g._legal_cache = None
    scene.refresh(animate=False)
    scene.drop("9S.1", "meld:0")
    scene.press_local_action("end")
    assert g.over
    results = ResultsScene(app, scene.session)
    app.push(results)
    pump(app, 2)
    assert results.labels == ["0", "12", "11"]
    _, rows = results.table
    left = next(r for r in rows if r[0] == "Cards left")
    assert left[1:] == ["none", "K♦ 2♣", "A♠"]
    assert all("-" not in cell for row in rows for cell in row)


def test_score_numbers_use_a_real_minus_and_never_show_minus_zero() -> None:
    """Scores read "−44" with a real minus sign, never "-0"."""
    assert score_number(-0.0) == "0"
    assert score_number(-44.0) == "\u221244"
    assert score_number(2.5) == "2.5"
    assert score_number(12) == "12"


@pytest.mark.parametrize(
    ("size", "profile"),
    [
        ((1280, 720), "desktop"),
        ((1920, 1080), "desktop"),
        ((3840, 2160), "desktop"),
        ((1920, 1080), "tv"),
    ],
)
def test_the_new_tag_stays_inside_the_hand_panel(size: tuple[int, int], profile: str) -> None:
    """No rough edge at any size: the "new" tag over a card just drawn lies inside
    the hand panel (it crossed the panel's border) at 1280×720, 1080p, 4K and the TV profile."""
    from tabletop.table.render import shown_text, text_surface

    sized = make_app(size, profile, animation_speed=0.0)
    try:
        scene = table(sized, [RUN, EIGHTS], ["KH.1", "KS.1", "2H.1", "3H.1"])
        top = scene.game.stock[-1]
        scene.on_button(next(b for b, m in scene.buttons if getattr(m, "kind", None) == "draw"))
        model = scene.model
        piece = model.piece(top)
        assert piece is not None
        panel = next(z.rect for z in model.zones if z.id == "hand")
        tag = next(t for t in model.texts if t.text == "new")
        words, px = shown_text(tag)
        image = text_surface(words, px, tuple(tag.colour), tag.face)
        rect = image.get_rect(**{tag.anchor: tag.pos})
        assert px >= sized.display.readable_px  # still readable
        assert panel.contains(rect), (rect, panel)
        assert rect.bottom <= piece.rect.top  # over the card, not on its face
    finally:
        sized.quit()


@pytest.mark.parametrize(
    ("size", "profile"), [((1280, 720), "desktop"), ((1280, 720), "tv"), ((1920, 1080), "tv")]
)
def test_seat_bar_labels_stand_whole_with_six_long_names_and_the_stock_empty(
    size: tuple[int, int], profile: str
) -> None:
    """No clipped or overflowing text anywhere, and on the TV "text a player
    needs is at least the profile's body size": six long names, their counts and "Stock empty:
    pass or play" stand whole in the seat bar (it takes two rows when one is too narrow), on a
    small desktop window and on the TV."""
    import random

    from test_tv_play_area import table

    from tabletop.table.render import shown_text, text_rect

    names = ["Ada", "Bartholomew", "Cy", "Dagny", "Eustace", "Fern"]
    session = Session("machiavelli", [SeatConfig(n) for n in names], 1)
    rng = random.Random(1)
    while session.game.view(None)["stock_count"] and not session.game.over:
        session.play(rng.choice(session.game.legal_moves()), session.game.to_move)
    assert not session.game.over
    with table(session, profile, size) as scene:
        wanted = {*names, "Stock empty: pass or play"}
        bar = [
            t
            for t in scene.model.texts
            if t.text in wanted or (" · " in t.text and "card" in t.text)
        ]
        assert len(bar) == 13, [t.text for t in bar]
        rects = []
        for item in bar:
            words, px = shown_text(item)
            assert words == item.text, (item.text, words)
            if profile == "tv":
                assert px >= scene.app.display.body_px, (item.text, px)
            rects.append(text_rect(item))
        # Whole and apart: no two labels of the bar overlap.
        for i, a in enumerate(rects):
            assert a.collidelist(rects[i + 1 :]) == -1, (bar[i].text, a)
