"""Shared test set-up: headless SDL, a private platformdirs home, and the --soak switch."""

from __future__ import annotations

import os
import tempfile

import pytest

# Before anything imports pygame: no real screen or sound card in tests (TESTING-GUI.md).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# platformdirs must never write into the real home during tests.
_HOME = tempfile.mkdtemp(prefix="tabletop-tests-")
for _var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
    os.environ[_var] = os.path.join(_HOME, _var.lower())


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak",
        action="store_true",
        default=False,
        help="run the long random-playout soak (10,000 games per game); also TABLETOP_SOAK=1",
    )


def soak_enabled(config: pytest.Config) -> bool:
    return bool(config.getoption("--soak")) or os.environ.get("TABLETOP_SOAK") == "1"


@pytest.fixture
def soak(request: pytest.FixtureRequest) -> bool:
    return soak_enabled(request.config)
