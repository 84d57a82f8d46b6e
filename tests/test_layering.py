"""The layering is a declared contract, checked by import-linter in the default run.

The contracts live in pyproject.toml under ``[tool.importlinter]``:

- ``rules`` imports nothing of ``tabletop`` or pygame (pygame-ce, pygame_gui);
- ``tabletop.ai``, ``net`` (game night's server), ``session``, ``saves``, ``stats``,
  ``replay``, ``storage`` and ``arena`` import no pygame;
- the generic ``tabletop.table``, ``tabletop.ai`` and ``tabletop.net`` import no game (no
  ``rules.<game>``, no ``tabletop.games.<game>``, both named by wildcard): a game's parts are
  found through :mod:`tabletop.games` by name;
- the discovery module and every game's bots, search settings, proposer and phone table
  import no pygame (the AI worker and game night's server load them);
- layouts, and everything in the game packages, import no scenes;
- a scene opens another through the app's navigation, which alone imports the scenes it
  opens; the scenes import each other without a cycle, and so do the AI's modules.

Imports inside functions count, and indirect imports count (a module that imports pygame
through another module breaks the contract too); imports for type hints only do not.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CONTRACTS = {
    "rules-pure",
    "headless-modules",
    "generic-table",
    "generic-ai",
    "generic-net",
    "headless-game-parts",
    "layouts-no-scenes",
    "acyclic-scenes-ai",
    "scenes-through-navigation",
}


def test_the_contracts_are_declared() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    assert {c["id"] for c in contracts} == CONTRACTS


def test_the_layering_contracts_hold() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        lint = Path(shutil.which("lint-imports") or lint)
    if not lint.exists():
        pytest.fail("import-linter is not installed (it is part of the test extra)")
    result = subprocess.run(
        [lint, "--no-cache", "--no-logo"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in result.stdout, result.stdout


def test_the_ai_loads_every_game_without_pygame() -> None:
    """What import-linter cannot see: a game's declaration imports its layout and art only
    inside the functions that load them, so asking for its bots and search settings (as the
    AI worker does) leaves pygame unloaded."""
    code = (
        "import sys, rules, tabletop.games as g\n"
        "for game_id in rules.GAMES:\n"
        "    app = g.app_for(game_id)\n"
        "    assert app is not None and app.bots and app.search, game_id\n"
        "    app.bots(); app.search()\n"
        "    app.propose and app.propose()\n"
        "from tabletop.ai.bots import make_bot\n"
        "for game_id in rules.GAMES:\n"
        "    make_bot('hard', game_id, 1); make_bot('easy', game_id, 1)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_generic_contracts_name_every_game_by_wildcard() -> None:
    """Every module of rules but the contract's (rules.core, rules.state) is a game, so
    ``rules.*`` (with the imports of the contract let through) and ``tabletop.games.*`` forbid
    every game, a new one included, to the generic table, AI and server, without a line for
    it."""
    import pkgutil

    import rules

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    by_id = {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}
    for contract in ("generic-table", "generic-ai", "generic-net"):
        assert set(by_id[contract]["forbidden_modules"]) == {"rules.*", "tabletop.games.*"}
        let_through = [f"** -> rules.{name}" for name in rules.CONTRACT]
        assert by_id[contract]["ignore_imports"] == let_through, contract
    modules = {m.name for m in pkgutil.iter_modules(rules.__path__)} - set(rules.CONTRACT)
    games = {spec.factory.__module__.split(".")[1] for spec in rules.GAMES.values()}
    assert modules == games, "a module of rules that is no game would be forbidden as one"
