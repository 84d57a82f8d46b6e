"""The Alliances table on the TV profile: "text a player needs is at least the
profile's body size", and "no clipped or overflowing text anywhere". The table is built at
1920×1080 TV with a long name ("Bartholomew", 11 letters) in the bidding phase and in a
conflict, as a player at the table sees it and as the replay does; every text of the model must
show whole, at its full size, and every label of desktop size 16 or more is at least the TV's
body size.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import rules
from tabletop.display import LABEL, Display
from tabletop.games.alliances.layout import AlliancesLayout
from tabletop.session import SeatConfig, Session
from tabletop.table import fit_check
from tabletop.table.model import TableModel
from tabletop.table.render import shown_text

NAMES = ["Ada", "Bartholomew", "Cy", "Dagny"]
TV = Display(1920, 1080, "tv")


def bidding(view: dict[str, Any]) -> bool:
    """Bids on the table: every row says what its player bid."""
    return view["phase"] == "bid" and len(view["bids"]) >= len(view["sides"])


def conflict(view: dict[str, Any]) -> bool:
    """A conflict with cards played: rows with a card and a power, the target's defence."""
    return view["phase"] == "play" and len(view["table"]) >= len(view["sides"]) - 1


def position(players: int, done: Callable[[dict[str, Any]], bool]) -> Session:
    session = Session("alliances", [SeatConfig(n) for n in NAMES[:players]], seed=1)
    rng = random.Random(1)
    game = session.game
    while not done(dict(game.view(None))):
        assert not game.over, "the game ended before the position was reached"
        session.play(rng.choice(game.legal_moves()))
    return session


def table_rect(display: Display, replay: bool) -> pygame.Rect:
    """The play area as the table scene (or the replay) gives it to the layout."""
    top = display.frame_px(64)
    bottom = display.frame_px(80) if replay else 0
    return pygame.Rect(0, top, display.width - display.log_px(), display.height - top - bottom)


def build(session: Session, viewer: int | None, replay: bool) -> tuple[TableModel, pygame.Rect]:
    layout = AlliancesLayout()
    layout.live = not replay
    area = table_rect(TV, replay)
    view = dict(session.game.view(viewer))
    return layout.build(view, viewer, area, TV, list(session.names)), area


def cut_or_small(model: TableModel) -> list[str]:
    """Texts shown shortened or shrunk below the TV's body size (labels of desktop size 16+)."""
    problems = []
    for item in model.texts:
        shown, size = shown_text(item)
        if shown != item.text:
            problems.append(f"{item.text!r} is shown as {shown!r}")
        if item.size >= TV.font_px(LABEL) and size < TV.body_px:
            problems.append(f"{item.text!r} is drawn at {size} px (body: {TV.body_px})")
    return problems


#: The State of the Nations is bid by four players; conflicts are played by 2, 3 and 4.
CASES = [("bidding", 4), ("conflict", 2), ("conflict", 3), ("conflict", 4)]


@pytest.mark.parametrize("replay", [False, True], ids=["table", "replay"])
@pytest.mark.parametrize(("phase", "players"), CASES, ids=[f"{p}-{n}p" for p, n in CASES])
def test_tv_alliances_text_is_whole_and_body_size(phase: str, players: int, replay: bool) -> None:
    """On the TV "text a player needs is at least the profile's body size" and no text is cut
    ("No clipped or overflowing text anywhere"): the Alliances table at 1920×1080 TV with the
    name "Bartholomew", bidding (the State of the Nations grid's numbers whole) and in a
    conflict (names, roles, counts, the played card's suit whole), at the table and in the
    replay."""
    pygame.init()
    done = bidding if phase == "bidding" else conflict
    session = position(players, done)
    for viewer in (None, 0, 1):
        model, area = build(session, viewer, replay)
        assert model.texts
        report = cut_or_small(model) + fit_check.model_problems(model, area, TV)
        assert not report, f"viewer {viewer}:\n" + "\n".join(report)


def test_tv_bid_grid_keeps_every_cell_a_target() -> None:
    """The bid grid's numbers are whole on a TV (in two rows of cells when one row
    is too narrow) and every open cell is still a click target, ``bid:{count}:{suit}``, on the
    number it shows."""
    pygame.init()
    session = position(4, lambda v: v["phase"] == "bid")
    model, _ = build(session, 0, False)
    zones = {z.id: z.rect for z in model.zones if z.id.startswith("bid:")}
    assert len(zones) == 33  # nobody has bid yet: 11 counts × 3 suits, all open
    numbers = [t for t in model.texts if t.text.isdigit()]
    assert len(numbers) == 33
    for text in numbers:
        shown, _ = shown_text(text)
        assert shown == text.text
        owner = [zone for zone, rect in zones.items() if rect.collidepoint(text.pos)]
        assert any(zone.startswith(f"bid:{text.text}:") for zone in owner), (text.text, owner)


# ---- the status bar's prompt ------------------------------------------------------------------

#: Every table whose prompts are checked: (players, options); the 2-player game with the exact
#: declaration has the longest bidding prompt of all.
PROMPT_GAMES = [(4, {}), (3, {}), (2, {"exact_bid": True}), (4, {"drafting": True})]


def all_prompts() -> set[str]:
    """Every prompt the rules give in seeded random games of :data:`PROMPT_GAMES`."""
    prompts: set[str] = set()
    for players, options in PROMPT_GAMES:
        game = rules.new_game("alliances", players, seed=5, options=options)
        rng = random.Random(5)
        while not game.over:
            prompts.add(game.prompt())
            game.play(rng.choice(game.legal_moves()))
    return prompts


def human_bidding() -> Session:
    """Bartholomew, the one human, to bid first against AI seats (the status bar then shows
    its Hint and Undo buttons too: the prompt's room is at its narrowest)."""
    game = rules.new_game("alliances", 4, seed=1)
    rng = random.Random(1)
    moves = []
    while not (game.phase == "bid" and game.to_move == 1 and not game.view(None)["bids"]):
        move = rng.choice(game.legal_moves())
        game.play(move)
        moves.append(move)
    seats = [SeatConfig(n, "human" if i == 1 else "easy") for i, n in enumerate(NAMES)]
    session = Session("alliances", seats, seed=1)
    for move in moves:
        session.play(move)
    return session


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_tv_bidding_prompt_is_whole_in_the_status_bar(size: tuple[int, int]) -> None:
    """The prompt for the first bid, and every other prompt of the game, shows whole in the
    status bar on a TV (two lines at most, at the body size) with a long name before it and
    the bar's Hint and Undo buttons beside it: it was cut to "…and the dominan…"."""
    from test_tv_play_area import table

    prompts = all_prompts()
    with table(human_bidding(), "tv", size) as scene:
        scene.ai.forget()
        d = scene.app.display
        status = scene.status_text()
        assert scene.game.phase == "bid" and status == f"Bartholomew: {scene.game.prompt()}"
        buttons = scene.status_buttons()
        assert sum(1 for b in buttons if b is not None and b.visible) >= 5  # Hint, Undo, ...
        for text in [status, *sorted(f"Bartholomew: {p}" for p in prompts if p)]:
            lines, font, _ = scene.status.lines(d, text, buttons)
            assert " ".join(lines) == text, f"{size}: {text!r} is shown as {lines}"
            assert font >= d.body_px, (text, font)
