"""Issue #19 §3 for Court of the Medici beyond mid-game: on the TV, every label the table places
is at the profile's body size and whole, at the end of a game (shown cards and limits in the
rivals' panels, many stacks, the Inner Circle down to one stack) and for a viewer whose own
name and house are long, at 1920×1080 and 1280×720; and the desktop keeps its labels whole."""

from __future__ import annotations

import random

import pytest
from test_tv_play_area import table
from test_tv_text import NAMES, is_tag

from tabletop.session import SeatConfig, Session
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
    """Issue #19 §3: "text a player needs is at least the profile's body size" (on the TV) and
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
