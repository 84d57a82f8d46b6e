"""On the TV profile at a crowded Allegiance table: "text a player needs is at least
the profile's body size", and no text clipped. Nine seats with long names, in every phase of a
deal, at the TV's three window sizes: every seat's name whole, every text at least the body
size, the trick's rank labels saying "rank", nothing that fails the text-fit check."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from test_tv_play_area import table

from tabletop.scenes.table import TableScene
from tabletop.session import SeatConfig, Session
from tabletop.table import fit_check
from tabletop.table.render import shown_text

NAMES = [
    "Ada",
    "Bartholomew",
    "Cy",
    "Maximiliana",
    "Eustace",
    "Christopher",
    "Gwendolynne",
    "Hieronymus",
    "Bartholomew",
]
PHASES: dict[str, Callable[[dict[str, Any]], bool]] = {
    "choosing Allegiance": lambda v: v["phase"] == "ally" and sum(v["allegiance_chosen"]) >= 1,
    "a trick nearly full": lambda v: v["phase"] == "play" and len(v["trick"]) >= v["players"] - 1,
    "the Assassin's kill": lambda v: v["phase"] == "kill",
    "traits waiting": lambda v: v["phase"] == "play" and sum(map(len, v["waiting"])) >= 2,
    "the deal's end": lambda v: v["phase"] == "next",
    "game over": lambda v: v["phase"] == "over",
}
SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]


def position(players: int, phase: str) -> Session:
    """Every seat a local human, random legal moves until ``phase`` (two deals: the deal's end
    is a phase of its own)."""
    for seed in range(1, 30):
        seats = [SeatConfig(NAMES[i]) for i in range(players)]
        session = Session("allegiance", seats, seed, options={"deals": 2})
        rng = random.Random(seed)
        for _ in range(3000):
            if PHASES[phase](dict(session.game.view(None))):
                return session
            if session.game.over:
                break
            session.play(rng.choice(session.game.legal_moves()), session.game.to_move)
    raise AssertionError(f"no position with {phase}")


def tv_table(session: Session, size: tuple[int, int]) -> AbstractContextManager[TableScene]:
    return table(session, "tv", size, animation_speed=0.0)


def check_table(session: Session, size: tuple[int, int]) -> None:
    """Every seat's name whole in its spot, every text unsqueezed at the body size or larger,
    the trick's labels saying "rank", and the text-fit check clean."""
    with tv_table(session, size) as scene:
        display = scene.app.display
        model = scene.model
        shown = [(item, *shown_text(item)) for item in model.texts]
        for item, text, text_size in shown:
            assert text == item.text, f"{item.text!r} is cut to {text!r}"
            assert text_size >= display.body_px, (item.text, text_size, display.body_px)
        words = " ".join(text for _, text, _ in shown)
        for seat in range(session.game.players):
            name = NAMES[seat]
            spot = model.zone(f"front:{seat}")
            assert spot is not None
            inside = [t for item, t, _ in shown if spot.rect.collidepoint(item.pos)]
            assert any(t == name or t.startswith(name + " · ") for t in inside), (name, inside)
        view = dict(session.game.view(scene.viewer))
        for item in view["trick"]:
            if "rank" in item:
                assert f"rank {item['rank']}" in words, words
        assert fit_check.model_problems(model, scene.layout_rect, display) == []


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("phase", list(PHASES))
def test_tv_nine_long_names_whole_and_text_at_body_size(phase: str, size: tuple[int, int]) -> None:
    """On the TV "text a player needs is at least the profile's body size" and
    "no clipped or overflowing text": at nine seats with names of eleven letters, each seat's
    spot shows its name whole (with its marker), every text of the table (all of desktop size
    16 or more) is drawn at the body size or larger, unsqueezed, and the trick's labels under
    its Faces say "rank"."""
    check_table(position(9, phase), size)


@pytest.mark.parametrize("players", range(3, 9))
def test_tv_fewer_seats_long_names_whole(players: int) -> None:
    """The same at three to eight seats (1920×1080 TV, a trick nearly full and the
    Allegiance being chosen): names whole, text at the body size, labels saying "rank"."""
    for phase in ("choosing Allegiance", "a trick nearly full"):
        check_table(position(players, phase), (1920, 1080))


@pytest.mark.parametrize("size", SIZES[:2], ids=["1280x720", "1920x1080"])
def test_tv_own_spot_name_whole_for_every_viewer(size: tuple[int, int]) -> None:
    """Whoever sits at the table's bottom (hot seat: each player in turn), their own
    spot holds their name whole with "choosing" at the TV's body size, never squeezed."""
    session = position(9, "choosing Allegiance")
    with tv_table(session, size) as scene:
        body = scene.app.display.body_px
        for viewer in range(9):
            scene.handing_over = True
            scene._set_viewer(viewer)
            scene.refresh(animate=False)
            spot = scene.model.zone(f"front:{viewer}")
            assert spot is not None
            inside = [shown_text(t) for t in scene.model.texts if spot.rect.collidepoint(t.pos)]
            assert all(size >= body for _, size in inside), (viewer, inside)
            words = [text for text, _ in inside]
            assert NAMES[viewer] in words or f"{NAMES[viewer]} · choosing" in words, words
