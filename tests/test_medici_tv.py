"""Court of the Medici beyond mid-game: on the TV, every label the table places
is at the profile's body size and whole, at the end of a game (shown cards and limits in the
rivals' panels, many stacks, the Inner Circle down to one stack) and for a viewer whose own
name and house are long, at 1920×1080 and 1280×720; and the desktop keeps its labels whole."""

from __future__ import annotations

import random

import pytest
from test_tv_play_area import _play_until, stack_cards, table
from test_tv_text import NAMES, is_tag

from tabletop.games.medici import art as medici_art
from tabletop.session import SeatConfig, Session
from tabletop.table.art_kit import ink_size
from tabletop.table.model import Piece
from tabletop.table.render import shown_text


def finished(players: int, human: int) -> Session:
    """A game played to its end with random legal moves; only ``human`` is a person, so the
    table is seen from that seat."""
    seats = [
        SeatConfig(n, "human" if i == human else "easy") for i, n in enumerate(NAMES[:players])
    ]
    session = Session("medici", seats, 1)
    rng = random.Random(1)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves()), session.game.to_move)
    return session


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize(("players", "human"), [(2, 0), (4, 0), (2, 1), (4, 1)])
@pytest.mark.parametrize("profile", ["tv", "desktop"])
def test_medici_labels_whole_at_the_end(
    players: int, human: int, size: tuple[int, int], profile: str
) -> None:
    """On the TV "text a player needs is at least the profile's body size" and
    "No clipped or overflowing text anywhere": the finished table, seen by Ada or by
    Bartholomew (of the Della Rovere), cuts no label and shrinks none below the body size."""
    with table(finished(players, human), profile, size) as scene:
        body = scene.app.display.body_px
        small, cut = [], []
        for item in scene.model.texts:
            if is_tag(item.text):
                continue
            words, shown = shown_text(item)
            if profile == "tv" and shown < body:
                small.append((item.text, shown))
            if words != item.text:
                cut.append((item.text, words))
        assert not small, f"below the TV's body size {body}: {small}"
        assert not cut, f"shortened: {cut}"


def crowded(players: int, cards: int, seed: int) -> Session:
    """Mid-game, ``cards`` cards or more in the court (every seat a person: nothing moves)."""
    session = Session("medici", [SeatConfig(n) for n in NAMES[:players]], seed)
    _play_until(session, lambda v: sum(len(s["cards"]) for s in v["stacks"]) >= cards, seed)
    assert not session.game.over
    return session


def title_whole(piece: Piece) -> list[str]:
    """What is wrong with the title on ``piece``'s band: below the least size, wider than its
    room, or standing outside the band or over the value; nothing if it is whole."""
    card, chosen = medici_art.split_card(piece.art[2])
    laid = medici_art.band_layout(card, chosen, piece.rect.w, piece.rect.h)
    band = medici_art.band_height(piece.rect.h)
    wrong = []
    if laid.title_size < medici_art.TITLE_PX:
        wrong.append(f"{card} title at {laid.title_size} px")
    for line in laid.lines:
        if ink_size(line, laid.title_size, "sans-bold")[0] > laid.room:
            wrong.append(f"{card}: {line!r} wider than {laid.room}")
    gap = max(1, laid.title_size // 5)
    bottom = laid.top + len(laid.lines) * laid.step - gap
    if laid.top < 0 or bottom > band:
        wrong.append(f"{card} title outside its band ({laid.top}..{bottom} of {band})")
    value_h = ink_size(laid.value, laid.value_size, "serif-bold")[1]
    if laid.under and laid.value_at[1] + value_h > laid.top:
        wrong.append(f"{card} title under the value overlaps it")
    return wrong


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize(("players", "cards", "seed"), [(2, 22, 1), (4, 30, 2)])
def test_tv_court_cards_are_never_smaller_than_the_desktops_and_titled_whole(
    players: int, cards: int, seed: int, size: tuple[int, int]
) -> None:
    """A crowded court mid-game: the TV's court cards are at least as wide as the desktop's
    at the same window (the court's empty room used, not its cards shrunk), and every court
    card's title stands whole at the least size card text keeps, on the TV and the desktop."""
    widths = {}
    for profile in ("desktop", "tv"):
        session = crowded(players, cards, seed)
        with table(session, profile, size) as scene:
            pieces = stack_cards(scene.model, dict(session.game.view(scene.viewer)))
            widths[profile] = min(p.rect.w for p in pieces)
            wrong = [w for p in pieces for w in title_whole(p)]
            assert not wrong, (profile, wrong)
    assert widths["tv"] >= widths["desktop"], widths


def played(players: int, mistresses: bool, seed: int, moves: int) -> Session:
    """A game ``moves`` random legal moves in (seeded), every seat a person."""
    options = {"mistresses": True} if mistresses else {}
    session = Session("medici", [SeatConfig(n) for n in NAMES[:players]], seed, options)
    rng = random.Random(seed)
    for _ in range(moves):
        session.play(rng.choice(session.game.legal_moves()), session.game.to_move)
    assert not session.game.over
    return session


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize(
    ("players", "mistresses", "seed", "moves"),
    [(2, False, 1, 50), (2, False, 3, 50), (4, True, 3, 30), (4, False, 2, 50)],
    ids=["duel-27-cards", "duel-30-cards", "four-mistresses-30-cards", "four-39-cards"],
)
def test_tv_court_cards_at_least_the_desktops_in_crowded_courts(
    players: int, mistresses: bool, seed: int, moves: int, size: tuple[int, int]
) -> None:
    """Crowded courts of the duel and the 4-player game (with and without Mistresses): the
    TV's narrowest court card is at least as wide as the desktop's at the same window, its
    panels no taller than their labels need and the court's stacks running over more
    columns where it is short for its width; every court card's title whole (1280×720 TV
    included, where narrow cards had cut them)."""
    widths = {}
    for profile in ("desktop", "tv"):
        session = played(players, mistresses, seed, moves)
        with table(session, profile, size) as scene:
            pieces = stack_cards(scene.model, dict(session.game.view(scene.viewer)))
            widths[profile] = min(p.rect.w for p in pieces)
            wrong = [w for p in pieces for w in title_whole(p)]
            assert not wrong, (profile, wrong)
    assert widths["tv"] >= widths["desktop"], widths


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_tv_stack_badges_are_mostly_one_line_at_the_body_size(size: tuple[int, int]) -> None:
    """On the TV a stack's badge shows its number and total at the body size on one line (a
    gold cell with the number beside the total, or "#12: 18") where two lines of text took
    twice the height: the court's height goes to its cards. A chip too wide for its stack
    may take two lines; never most of them."""
    session = played(4, False, 2, 50)
    with table(session, "tv", size) as scene:
        body = scene.app.display.body_px
        view = dict(session.game.view(scene.viewer))
        tips = [rect for rect, tip in scene.model.tips if tip.startswith("Stack ")]
        assert len(tips) == len(view["stacks"])
        one_line = [r for r in tips if r.h < 2 * body]
        assert len(one_line) * 2 > len(tips), [r.h for r in tips]
        numbers = {t.text.split(":")[0].lstrip("#") for t in scene.model.texts}
        for s in view["stacks"]:
            assert s["id"][6:] in numbers, s["id"]
        small = [t.text for t in scene.model.texts if shown_text(t)[1] < body]
        assert not small, small


def test_the_same_court_is_laid_out_once() -> None:
    """A court built again with nothing changed (a hand-over, a resize back) reuses its plan:
    the layout does not search card widths again, and the table it gives is the same."""
    import pygame

    from tabletop.display import Display
    from tabletop.games.medici.layout import MediciLayout

    session = played(4, False, 2, 50)
    view = dict(session.game.view(0))
    layout, display = MediciLayout(), Display(1920, 1080, "tv")
    area = pygame.Rect(0, 64, 1600, 1016)
    first = layout.build(view, 0, area, display, NAMES[:4])
    calls = []
    real = layout._widest
    layout._widest = lambda *a: calls.append(a) or real(*a)  # type: ignore[method-assign]
    again = layout.build(view, 0, area, display, NAMES[:4])
    assert not calls
    assert [p.rect for p in again.pieces] == [p.rect for p in first.pieces]


# Crowded courts where the TV's cards had been narrower than the desktop's (seeded random
# games of tests/benchmarks/bench_medici_layout.py: players, Mistresses, seed, plies played).
CROWDED = [
    (2, False, 10, 40),
    (2, True, 2, 44),
    (2, True, 2, 56),
    (4, False, 5, 80),
    (4, False, 5, 104),
    (4, False, 5, 116),
    (4, False, 6, 96),
    (4, False, 7, 84),
    (4, False, 7, 96),
    (4, False, 6, 100),
]
SIZES = [(1920, 1080), (1280, 720)]


def crowded_view(players: int, mistresses: bool, seed: int, plies: int) -> dict:
    """The court ``plies`` random legal moves into a seeded game, seen by the seat to move."""
    game = played(players, mistresses, seed, plies).game
    return dict(game.view(game.to_move))


def court_model(view: dict, size: tuple[int, int], profile: str) -> tuple:
    """The table's layout of ``view`` in the play area the table scene gives it (left of the
    narrow game log, under the status bar): the model and the display."""
    import pygame

    from tabletop.display import Display
    from tabletop.games.medici.layout import MediciLayout

    display = Display(*size, profile)
    status_h = display.frame_px(64)
    area = pygame.Rect(0, status_h, size[0] - display.log_px(False), size[1] - status_h)
    names = NAMES[: view["players"]]
    return MediciLayout().build(view, view["to_move"], area, display, names), display


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("case", CROWDED, ids=[f"{c[0]}p-seed{c[2]}-ply{c[3]}" for c in CROWDED])
def test_tv_court_cards_never_narrower_than_the_desktops(
    case: tuple[int, bool, int, int], size: tuple[int, int]
) -> None:
    """Crowded courts (the duel with and without the Mistresses, 4 players): the TV's
    narrowest court card is at least as wide as the desktop's at the same window, although
    its labels and badges are at the body size; and every court card's title on the TV
    stands whole."""
    view = crowded_view(*case)
    widths = {}
    for profile in ("desktop", "tv"):
        model, _ = court_model(view, size, profile)
        pieces = stack_cards(model, view)
        widths[profile] = min(p.rect.w for p in pieces)
        if profile == "tv":
            wrong = [w for p in pieces for w in title_whole(p)]
            assert not wrong, wrong
    assert widths["tv"] >= widths["desktop"], widths


def _badges(model) -> list:  # type: ignore[no-untyped-def]
    return [rect for rect, tip in model.tips if tip.startswith("Stack ")]


@pytest.mark.parametrize("profile", ["tv", "desktop"])
@pytest.mark.parametrize("size", [*SIZES, (3840, 2160)], ids=["1080p", "720p", "4K"])
@pytest.mark.parametrize("case", CROWDED[::3], ids=[f"{c[0]}p-seed{c[2]}" for c in CROWDED[::3]])
def test_stack_badges_clear_of_cards_each_other_and_their_cards_last_move_mark(
    case: tuple[int, bool, int, int], size: tuple[int, int], profile: str
) -> None:
    """Each stack's badge stands clear of every court card (so of every title), of every
    other badge and of every card's last-move outline; and where its number and total fit
    beside it (two badges in three at least in these crowded courts), of the tag with a
    seat's initial on its first card's top-right corner (the TV's badges at the body size
    had covered it)."""
    from tabletop.table.marks import outline_width, seat_tags, tag_box

    view = crowded_view(*case)
    model, display = court_model(view, size, profile)
    badges = _badges(model)
    assert len(badges) == len(view["stacks"])
    cards = [p.rect for p in stack_cards(model, view)]
    width = outline_width(display)
    tags = seat_tags(NAMES[: view["players"]])
    first = {f"Stack {s['id'][6:]}": s["cards"][0]["card"] for s in view["stacks"]}
    clear = 0
    for i, badge in enumerate(badges):
        assert badge.collidelist(cards) == -1, ("a card", badge)
        assert badge.collidelist(badges[i + 1 :]) == -1, ("a badge", badge)
        for card in cards:
            assert not badge.colliderect(card.inflate(2 * width, 2 * width)), ("outline", card)
    for badge, tip in model.tips:
        if tip.startswith("Stack "):
            card = model.piece(first[tip.split(":")[0]]).rect
            clear += not any(badge.colliderect(tag_box(card, tag, display)) for tag in tags)
    assert clear * 3 >= len(badges) * 2, f"{clear} of {len(badges)} badges clear of the tag"


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("case", CROWDED[::2], ids=[f"{c[0]}p-seed{c[2]}" for c in CROWDED[::2]])
def test_tv_outer_courts_name_whole_and_clear_of_the_stacks(
    case: tuple[int, bool, int, int], size: tuple[int, int]
) -> None:
    """On the TV the Outer Court's name (what to drop there) stands where the stacks leave
    room: whole, at the body size, clear of every card, badge and the Inner Circle's box."""
    from tabletop.table.render import text_rect

    view = crowded_view(*case)
    model, display = court_model(view, size, "tv")
    court = next(z.rect for z in model.zones if z.id == "outer")
    name = [
        t
        for t in model.texts
        if t.face == "serif-bold" and court.collidepoint(t.pos) and "Inner Circle" not in t.text
    ]
    assert " ".join(t.text for t in name).startswith("Outer Court — drop a card")
    ibox = next(z.rect for z in model.zones if z.id == "inner")
    keep_clear = [p.rect for p in stack_cards(model, view)] + _badges(model) + [ibox]
    for line in name:
        assert shown_text(line) == (line.text, display.body_px), line.text
        assert text_rect(line).collidelist(keep_clear) == -1, line.text
