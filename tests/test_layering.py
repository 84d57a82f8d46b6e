"""Issue #18: the layering is a declared contract, checked by import-linter in the default run.

The contracts live in pyproject.toml under ``[tool.importlinter]``:

- ``rules`` imports nothing of ``tabletop`` or pygame (pygame-ce, pygame_gui);
- ``tabletop.ai``, ``session``, ``saves``, ``stats``, ``replay``, ``storage`` and ``arena``
  import no pygame;
- the generic ``tabletop.table`` imports no game: its generic modules (the package itself,
  ``geometry``, ``model``, ``render``) import no ``rules.<game>``, no
  ``tabletop.layouts.<game>`` and no per-game bot. The per-game art modules (``card_art`` with
  its Royal Houses art, ``art_allegiance``, ``art_alliances``, ``art_machiavelli``,
  ``art_medici``) are excluded until they move into per-game packages (issue #18 point 1); the
  one import that ties ``render`` to a game through them, ``card_art -> rules.royal_houses``, is
  ignored by name, so any other path from a generic module to a game still breaks the contract;
- layouts import no scenes.

Imports inside functions count, and indirect imports count (a module that imports pygame
through another module breaks the contract too).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CONTRACTS = {"rules-pure", "headless-modules", "generic-table", "layouts-no-scenes"}


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
