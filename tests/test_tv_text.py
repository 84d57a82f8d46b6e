"""Issue #19 §3, the TV profile: "text a player needs is at least the profile's body size".

Every game's table is built mid-game at 1920×1080 on the TV profile, for each player count,
with long names ("Bartholomew"). Every label the layout places (names, counts, scores,
captions, prompts in the play area) is drawn at the TV's body size or more, and whole (not
shortened with "…"); so are the status bar's prompt and the game log's lines. Only the tags
laid on pieces ("new", "discarded", "to Ada") are smaller, by design.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import test_tv_play_area
from test_tv_play_area import CASES, table

from tabletop.session import SeatConfig, Session
from tabletop.table.render import shown_text
from tabletop.ui.text import line_step

NAMES = ["Ada", "Bartholomew", "Cy", "Dagny", "Eustace", "Fern", "Gus", "Hana", "Ivo"]


def is_tag(text: str) -> bool:
    """A tag on a piece: a word or two that marks it, smaller than the labels by design."""
    return text in ("new", "discarded") or text.startswith("to ")


def long_names(game_id: str, players: int, seed: int = 1) -> Session:
    return Session(game_id, [SeatConfig(n) for n in NAMES[:players]], seed)


@pytest.mark.parametrize(
    ("game_id", "players", "make"),
    [(g, n, make) for g, n, make, _ in CASES],
    ids=[f"{g}-{n}" for g, n, _, _ in CASES],
)
def test_tv_text_is_at_least_body_size_and_whole(
    game_id: str,
    players: int,
    make: Callable[[int], Session],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue #19 §3: on the TV, text a player needs is at least the profile's body size, and
    no label is cut ("No clipped or overflowing text anywhere")."""
    monkeypatch.setattr(test_tv_play_area, "_session", long_names)
    session = make(players)
    with table(session, "tv") as scene:
        d = scene.app.display
        body = d.body_px
        small, cut = [], []
        for item in scene.model.texts:
            words, size = shown_text(item)
            if is_tag(item.text):
                continue
            if size < body:
                small.append((item.text, size))
            if words != item.text:
                cut.append((item.text, words))
        assert not small, f"below the TV's body size {body}: {small}"
        assert not cut, f"shortened: {cut}"
        lines, size, _ = scene.status.lines(d, scene.status_text(), scene.status_buttons())
        assert size >= body, (lines, size)
        # The log's lines (the size it wraps them at).
        scene.log.render(d, ["Bartholomew plays the Count of Swords (precedence 7)."])
        assert scene.log._form[0] >= body


def test_status_prompt_on_two_lines_keeps_the_tv_body_size() -> None:
    """Issue #19 §3: a prompt too long for one line goes on two lines at the TV's body size,
    set close so both stand in the bar (the bar keeps its desktop height on a TV)."""
    session = long_names("allegiance", 6)
    with table(session, "tv") as scene:
        d = scene.app.display
        text = (
            "Bartholomew: Play a card: a Face, a Victory, or a Trait (on a Face in the trick,"
            " or face down in front of a player)."
        )
        lines, size, _ = scene.status.lines(d, text, scene.status_buttons())
        assert len(lines) == 2 and size >= d.body_px
        step = line_step(size, "sans-bold", 2, scene.status.rect.h)
        assert size < step and 2 * step <= scene.status.rect.h
