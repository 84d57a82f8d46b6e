"""The TV profile: "text a player needs is at least the profile's body size".

Every game's table is built mid-game at 1920×1080 on the TV profile, for each player count,
with long names ("Bartholomew"). Every label the layout places (names, counts, scores,
captions, prompts in the play area) is drawn at the TV's body size or more, and whole (not
shortened with "…"); so are the status bar's prompt and the game log's lines. Only the tags
laid on pieces ("new", "discarded", "to Ada") are smaller, by design.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
import test_tv_play_area
from scene_helpers import make_app, pump, use_private_home
from test_tv_play_area import CASES, table

from tabletop.scenes.results import ResultsScene
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
    """On the TV, text a player needs is at least the profile's body size, and
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


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (3840, 2160)])
def test_status_prompt_on_two_lines_keeps_the_tv_body_size(size: tuple[int, int]) -> None:
    """A prompt too long for one line goes on two lines at the TV's body size,
    set close so both stand in the bar (the bar keeps its desktop height on a TV)."""
    session = long_names("allegiance", 6)
    with table(session, "tv", size) as scene:
        d = scene.app.display
        text = (
            "Bartholomew: Play a card: a Face, a Victory, or a Trait (on a Face in the trick,"
            " or face down in front of a player)."
        )
        lines, size, _ = scene.status.lines(d, text, scene.status_buttons())
        assert len(lines) == 2 and size >= d.body_px
        step = line_step(size, "sans-bold", 2, scene.status.rect.h)
        assert size < step and 2 * step <= scene.status.rect.h


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("royal_houses", 2),
        ("allegiance", 5),
        ("allegiance", 9),
        ("machiavelli", 6),
        ("medici", 4),
        ("alliances", 4),
    ],
)
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_tv_results_keep_the_body_size(
    game_id: str,
    players: int,
    size: tuple[int, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The results on a TV ("Results always say why the game ended") keep the
    body size: the score table's words (its heading on two lines, its cells closed up and
    the page's spacing tightened before the font shrinks) and every name in the score chips
    whole (two rows of low chips where one row cannot hold them)."""
    use_private_home(tmp_path, monkeypatch)
    session = long_names(game_id, players, seed=3)
    rng = random.Random(3)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves()))
    app = make_app(size, "tv", animation_speed=0.0)
    try:
        scene = ResultsScene(app, session)
        app.reset_to(scene)
        pump(app, 2)
        assert scene.grid_font_size >= app.display.body_px
        assert not scene.shrunk_names
        buttons = [scene.title_button, scene.table_button, scene.rematch_button]
        assert all(app.screen.get_rect().contains(b.rect) for b in buttons if b is not None)
    finally:
        app.quit()
