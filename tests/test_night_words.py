"""At a game night played on phones only, the TV's table never tells anyone to drag, drop or
click: nobody at the TV holds a mouse, and each player acts on their phone."""

from __future__ import annotations

import random
import re

import pygame
import pytest

import rules
from tabletop.display import Display
from tabletop.layouts import get_layout

MOUSE_WORDS = re.compile(r"\b(drag|drop|click)", re.IGNORECASE)
ALLIANCES_VARIANTS = {"drafting": True, "secret_meeting": True}
GAMES = [("royal_houses", 2, {}), ("allegiance", 4, {}), ("medici", 4, {}), ("machiavelli", 3, {})]
GAMES += [("alliances", 2, {}), ("alliances", 4, ALLIANCES_VARIANTS)]
#: The games whose table tells a mouse player what to do even to the public table.
TOLD_TO_MOUSE = {"medici", "alliances"}


def positions(game_id: str, players: int, options: dict, count: int = 40) -> list[rules.Game]:
    """Positions spread over whole seeded random games, every phase among them."""
    rng = random.Random(f"{game_id}-{players}")
    found: list[rules.Game] = []
    for seed in range(3):
        game = rules.new_game(game_id, players, seed=seed, options=options)
        while not game.over:
            if rng.random() < count / 150:
                found.append(game.clone())
            game.play(rng.choice(game.legal_moves()))
    return found


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
def test_the_tv_says_nothing_of_the_mouse_when_everyone_plays_on_a_phone(
    game_id: str, players: int, options: dict
) -> None:
    pygame.init()
    display = Display(1920, 1080, "tv")
    area = pygame.Rect(0, display.px(64), 1920 - display.log_px(), 1080 - display.px(64))
    names = ["Ann", "Bob", "Cleo", "Dev"][:players]
    layout = get_layout(game_id)
    said_before: set[str] = set()
    for game in positions(game_id, players, options):
        layout.on_phones = False
        before = layout.build(game.view(None), None, area, display, names)
        said_before |= {t.text for t in before.texts} | {z.label for z in before.zones}
        layout.on_phones = True
        model = layout.build(game.view(None), None, area, display, names)
        words = [t.text for t in model.texts] + [z.label for z in model.zones]
        assert not [w for w in words if MOUSE_WORDS.search(w)], words
    if game_id in TOLD_TO_MOUSE:  # the check saw the words it must take away
        assert [w for w in said_before if MOUSE_WORDS.search(w)]
