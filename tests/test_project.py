"""Project hygiene that a green run must guarantee."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_rules_layer_imports_nothing_from_pygame_or_the_app() -> None:
    """DESIGN.md: the rules layer is pure; it never imports pygame or tabletop."""
    for path in (ROOT / "rules").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                assert top not in {"pygame", "pygame_gui", "tabletop", "platformdirs"}, (
                    f"{path.name} imports {name}"
                )


def test_rules_import_without_pygame() -> None:
    code = (
        "import sys; sys.modules['pygame'] = None; import rules; "
        "g = rules.new_game('royal_houses', 2, seed=1); print(len(g.legal_moves()))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "2"


def test_pygame_is_pygame_ce() -> None:
    """TESTING-GUI.md: classic pygame installed beside pygame-ce silently replaces it."""
    import pygame

    assert getattr(pygame, "IS_CE", False), "classic pygame is installed; tabletop needs pygame-ce"


def test_the_code_type_checks() -> None:
    """mypy (configured in pyproject.toml: every function annotated) finds no error
    in the rules layer or the app."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "rules", "tabletop"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.fail("ruff is not installed (it is part of the test extra)")
    result = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
