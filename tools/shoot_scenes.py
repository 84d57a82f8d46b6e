"""Screenshots of the menu scenes at several window sizes and profiles, headless.

    python tools/shoot_scenes.py [--out shots] [--only title,setup]

Writes ``<out>/<scene>-<w>x<h>-<profile>.png`` for 1920×1080 desktop, 1920×1080 TV and
1280×720 desktop. Open every PNG and look at it: overlaps and clipping only show there.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

# Headless before pygame is imported.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from tabletop.app import App
from tabletop.scenes.base import Scene
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings

ROOT = Path(__file__).resolve().parent.parent
CONFIGS: tuple[tuple[int, int, str], ...] = (
    (1920, 1080, "desktop"),
    (1920, 1080, "tv"),
    (1280, 720, "desktop"),
)


def finished_session(seed: int = 3) -> Session:
    """A Royal Houses game played to the end with random legal moves."""
    session = Session(
        "royal_houses", [SeatConfig("Nadia", "easy"), SeatConfig("Kevin", "easy")], seed=seed
    )
    rng = random.Random(seed)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves()))
    return session


def _title(app: App) -> Scene:
    from tabletop.scenes.title import TitleScene

    return TitleScene(app)


def _setup(app: App) -> Scene:
    from tabletop.scenes.setup import SetupScene

    return SetupScene(app, "royal_houses")


def _rules(app: App) -> Scene:
    from tabletop.scenes.rules_screen import RulesScene

    return RulesScene(app, "royal_houses")


def _settings(app: App) -> Scene:
    from tabletop.scenes.settings import SettingsScene

    return SettingsScene(app)


def _handover(app: App) -> Scene:
    from tabletop.scenes.handover import HandOverScene

    return HandOverScene(app, "Nadia", lambda: None)


def _results(app: App) -> Scene:
    from tabletop.scenes.results import ResultsScene

    return ResultsScene(app, finished_session())


def register_stress_games() -> None:
    """Extra made-up games (only in this process) to check the layouts under load: a 3–9 player
    game with every kind of option, and enough games to fill the title screen."""
    import rules
    from rules.core import GameSpec, OptionSpec

    def factory(*_args: object) -> None:
        raise NotImplementedError("a layout check, not a game")

    options = (
        OptionSpec(
            "chips",
            "int-list",
            None,
            "Chips",
            "Starting chips for each player.",
            minimum=0,
            maximum=500,
        ),
        OptionSpec("jokers", "bool", False, "Jokers", "Shuffle two jokers into the deck."),
        OptionSpec(
            "target",
            "choice",
            200,
            "Target",
            "Points needed to win the match.",
            choices=(100, 200, 300),
        ),
        OptionSpec("rounds", "int", 8, "Rounds", "Hands to play (1 to 20).", minimum=1, maximum=20),
        OptionSpec("deck", "card-list", None, "Deck", advanced=True),
    )
    rules.GAMES["zz_tavern"] = GameSpec(
        "zz_tavern",
        "Tavern Brawl",
        "A rowdy trick-taking game for a big table, with jokers.",
        3,
        9,
        options,
        factory,
    )
    pitches = [
        "Build melds of three or more and go out first; the rest count what they hold.",
        "A quiet tile game for two: claim the garden before the frost comes.",
        "Bid, then take exactly as many tricks as you said you would — not one more.",
        "Race your pawns home around the board; a six lets you out of the stable.",
        "Trade, bluff and hoard spices along the coast.",
    ]
    for i, pitch in enumerate(pitches):
        rules.GAMES[f"zz_game{i}"] = GameSpec(
            f"zz_game{i}", f"Sample Game {i + 1}", pitch, 2, 2 + i, (), factory
        )


def _setup_many(app: App) -> Scene:
    from tabletop.scenes.setup import SetupScene

    scene = SetupScene(app, "zz_tavern")
    scene.players = 9
    return scene


def _setup_open(app: App) -> Scene:
    """The setup form with the second seat's "plays as" list opened (its rows must fit)."""
    from tabletop.scenes.setup import SetupScene

    scene = SetupScene(app, "royal_houses")
    app.push(scene)
    for _ in range(2):
        app.step(1 / 60)
    button = scene.kind_menus[1].current_state.selected_option_button
    pygame.mouse.set_pos(button.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    return scene


STRESS: dict[str, Callable[[App], Scene]] = {
    "title_many": _title,
    "setup_many": _setup_many,
    "setup_dropdown": _setup_open,
}

SCENES: dict[str, Callable[[App], Scene]] = {
    "title": _title,
    "setup": _setup,
    "rules": _rules,
    "settings": _settings,
    "handover": _handover,
    "results": _results,
}


def shoot(
    name: str, make: Callable[[App], Scene], size: tuple[int, int], profile: str, out: Path
) -> Path:
    app = App(size=size, settings=Settings(profile=profile), persist_settings=False)
    try:
        scene = make(app)
        if scene not in app.scenes:  # a maker that needs the scene live pushes it itself
            app.push(scene)
        for _ in range(4):
            app.step(1 / 60)
        path = out / f"{name}-{size[0]}x{size[1]}-{profile}.png"
        pygame.image.save(app.screen, str(path))
        return path
    finally:
        app.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "shots"))
    parser.add_argument("--only", default="", help="comma-separated scene names")
    parser.add_argument(
        "--stress", action="store_true", help="also shoot made-up big games (title_many, ...)"
    )
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    wanted = [n for n in args.only.split(",") if n] or list(SCENES)
    for name in wanted:
        if name in SCENES:
            for w, h, profile in CONFIGS:
                print(shoot(name, SCENES[name], (w, h), profile, out))
    if args.stress:
        register_stress_games()
        for name, make in STRESS.items():
            for w, h, profile in CONFIGS:
                print(shoot(name, make, (w, h), profile, out))


if __name__ == "__main__":
    main()
