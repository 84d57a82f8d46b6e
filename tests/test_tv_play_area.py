"""The TV profile must make the shared play area *larger*, not smaller.

For every game and player count, a mid-game table is built at 1920×1080 in the desktop and
the TV profile; the TV's play area (the table scene's ``layout_rect``) must be larger, and
every kind of piece in the shared play area (the trick, the houses, the map, the court, the
melds) at least as large on the TV as on the desktop.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from scene_helpers import key, make_app, pump

from tabletop import fonts
from tabletop.scenes.table import LOG_KEY_NARROW, LOG_KEY_WIDE, TableScene
from tabletop.session import SeatConfig, Session
from tabletop.table.model import Piece, TableModel

Measure = Callable[[TableModel, dict[str, Any]], list[Piece]]


def _session(game_id: str, players: int, seed: int = 1) -> Session:
    """Every seat a local human: nothing moves on its own while the table is measured."""
    seats = [SeatConfig("Ann")] + [SeatConfig(n) for n in "BCDEFGHI"[: players - 1]]
    return Session(game_id, seats, seed)


def _play_until(session: Session, done: Callable[[dict[str, Any]], bool], seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(3000):
        if done(dict(session.game.view(None))) or session.game.over:
            break
        session.play(rng.choice(session.game.legal_moves()), session.game.to_move)


def allegiance(players: int) -> Session:
    """A trick one card short of full (nine players: eight cards on the table)."""
    s = _session("allegiance", players)
    _play_until(s, lambda v: len(v["trick"]) >= players - 1, 1)
    return s


def royal_houses(players: int) -> Session:
    """A dozen cards played into the houses."""
    s = _session("royal_houses", players)
    _play_until(s, lambda v: len(v["played"]) >= 12, 1)
    return s


def alliances(players: int) -> Session:
    """Mid-campaign: the second campaign's conflicts under way, a conflict being played."""
    s = _session("alliances", players)
    _play_until(s, lambda v: v["campaign"] == 2 and v["phase"] == "play" and v["conflict"], 1)
    return s


def medici(players: int) -> Session:
    """The court with several stacks of cards."""
    s = _session("medici", players)
    _play_until(s, lambda v: sum(len(st["cards"]) for st in v["stacks"]) >= 10, 1)
    return s


def machiavelli(players: int) -> Session:
    """A crowded table: many melds laid."""
    s = _session("machiavelli", players)
    _play_until(s, lambda v: sum(len(m) for m in v["table"]) >= 45, 1)
    return s


def trick_cards(model: TableModel, view: dict[str, Any]) -> list[Piece]:
    ids = {item["card"] for item in view["trick"]}
    return [p for p in model.pieces if p.id in ids]


def house_cards(model: TableModel, view: dict[str, Any]) -> list[Piece]:
    ids = set(view["played"])
    return [p for p in model.pieces if p.id in ids]


def map_tiles(model: TableModel, view: dict[str, Any]) -> list[Piece]:
    return [p for p in model.pieces if p.art[:3] == ("piece", "alliances", "tile")]


def stack_cards(model: TableModel, view: dict[str, Any]) -> list[Piece]:
    ids = {row["card"] for st in view["stacks"] for row in st["cards"]}
    return [p for p in model.pieces if p.id in ids]


def meld_cards(model: TableModel, view: dict[str, Any]) -> list[Piece]:
    ids = {c for meld in view["table"] for c in meld}
    return [p for p in model.pieces if p.id in ids]


CASES: list[tuple[str, int, Callable[[int], Session], Measure]] = [
    *[("allegiance", n, allegiance, trick_cards) for n in range(3, 10)],
    *[("alliances", n, alliances, map_tiles) for n in (2, 3, 4)],
    ("royal_houses", 2, royal_houses, house_cards),
    *[("medici", n, medici, stack_cards) for n in (2, 4)],
    *[("machiavelli", n, machiavelli, meld_cards) for n in range(2, 7)],
]


@contextmanager
def table(
    session: Session,
    profile: str,
    size: tuple[int, int] = (1920, 1080),
    animation_speed: float | None = None,
) -> Iterator[TableScene]:
    app = make_app(size, profile=profile, animation_speed=animation_speed)
    try:
        scene = TableScene(app, session)
        app.push(scene)
        while app.top is not scene:  # the hand-over cover: the table is measured as it lies
            app.pop()
        pump(app, 1)
        yield scene
    finally:
        app.quit()


def measure(
    make: Callable[[int], Session], players: int, kind: Measure, profile: str, size: tuple[int, int]
) -> tuple[pygame.Rect, tuple[int, int], int]:
    """The play area, the smallest piece of the kind (width, height) and how many there are."""
    session = make(players)
    with table(session, profile, size) as scene:
        view = dict(session.game.view(scene.viewer))
        pieces = kind(scene.model, view)
        assert pieces, "the position has no piece of the kind measured"
        w = min(p.rect.w for p in pieces)
        h = min(p.rect.h for p in pieces)
        return scene.layout_rect.copy(), (w, h), len(pieces)


@pytest.mark.parametrize(("game_id", "players", "make", "kind"), CASES)
def test_tv_play_area_and_pieces_are_larger(
    game_id: str, players: int, make: Callable[[int], Session], kind: Measure
) -> None:
    """The TV profile must make the shared play area *larger*, not smaller:
    the TV's play area is larger than the desktop's at 1920×1080, and the shared area's
    pieces are at least as wide and as tall."""
    desk_area, desk_piece, desk_n = measure(make, players, kind, "desktop", (1920, 1080))
    tv_area, tv_piece, tv_n = measure(make, players, kind, "tv", (1920, 1080))
    assert desk_n == tv_n
    assert tv_area.w * tv_area.h > desk_area.w * desk_area.h, (desk_area, tv_area)
    assert tv_piece[0] >= desk_piece[0] and tv_piece[1] >= desk_piece[1], (desk_piece, tv_piece)


def test_tv_game_log_widens_on_g_and_back() -> None:
    """The TV's play area is larger because its game log is narrower; the log
    stays readable: key G widens it to the TV's full size (the play area giving the room
    back) and G again narrows it, as a hint by the log's title says. The desktop's log keeps
    its one width."""
    for profile, widths in (("tv", (320, 540, 320)), ("desktop", (400, 400, 400))):
        with table(royal_houses(2), profile) as scene:
            app = scene.app
            seen = [scene.log.rect.w]
            hints = [scene.log.hint]
            for _ in range(2):
                key(app, pygame.K_g, frames=3)
                seen.append(scene.log.rect.w)
                hints.append(scene.log.hint)
                assert scene.layout_rect.right == scene.log.rect.x
            assert tuple(seen) == widths, (profile, seen)
            # The key says what it does by the log's title (on a TV only), in words.
            tv = [LOG_KEY_NARROW, LOG_KEY_WIDE, LOG_KEY_NARROW]
            assert hints == (tv if profile == "tv" else ["", "", ""])


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_tv_log_says_what_g_does_in_words_shown_whole(size: tuple[int, int]) -> None:
    """A newcomer reads what G does ("Press G to widen the log", not "G: wider"): by the log's
    title, at the TV's body size, whole in the log's width (two lines if one is too wide),
    narrow and widened, and never over the title or the lines."""
    with table(royal_houses(2), "tv", size) as scene:
        app = scene.app
        d = app.display
        for _ in range(2):
            log = scene.log
            assert "Press G" in log.hint and "log" in log.hint
            head = log.header(d, log.slot)
            assert head.hint is not None
            inside = pygame.Rect(0, 0, log.rect.w, log.rect.h).inflate(-2 * d.px(16), 0)
            assert inside.contains(head.hint), (head.hint, inside)
            assert " ".join(head.hint_lines) == log.hint, "every word shown"
            assert 1 <= len(head.hint_lines) <= 2
            font = fonts.get_font(d.font_px(16))
            assert d.font_px(16) >= d.body_px
            for i, line in enumerate(head.hint_lines):
                w, h = font.size(line)
                spot = pygame.Rect(head.hint.x, head.hint.y + i * font.get_linesize(), w, h)
                assert inside.contains(spot), (line, spot, inside)
                assert not spot.colliderect(head.title)
            assert head.top >= head.hint.bottom  # the log's lines start under it
            key(app, pygame.K_g, frames=3)


@pytest.mark.parametrize(
    ("size", "profile"),
    [((1280, 720), "tv"), ((1920, 1080), "tv"), ((3840, 2160), "tv"), ((1280, 720), "desktop")],
)
def test_last_trick_button_leaves_the_log_title_hint_and_lines_clear(
    size: tuple[int, int], profile: str
) -> None:
    """No overlapping text: the *Last trick (L)* button stands at the log's
    top right, beside the title where there is room and on a row of its own under the title
    and the G key's hint where there is not (a TV's narrow log); the log's lines start
    below it, narrow or widened."""
    session = allegiance(4)
    with table(session, profile, size) as scene:
        app = scene.app
        rng = random.Random(2)
        while not scene.moments.can_peek:
            scene.play(rng.choice(session.game.legal_moves()))
            pump(app, 1)
        for _ in range(2 if profile == "tv" else 1):
            pump(app, 3)
            button = scene.moments.button
            assert button is not None and button.visible
            log = scene.log
            head = log.header(app.display, log.slot)
            assert log.slot == button.rect.size
            taken = [head.title] + ([head.hint] if head.hint else [])
            spot = button.rect.move(-log.rect.x, -log.rect.y)
            assert log.rect.contains(button.rect)
            assert spot.collidelist(taken) < 0, (spot, taken)
            assert head.top >= spot.bottom  # the lines start under it
            key(app, pygame.K_g, frames=3)  # the TV's wide log: the same holds
