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


# The GUI monkey's short runs are judged together (tests/monkey_tally.py). Under xdist they
# spread over workers: each worker hands its tally to the controller, which judges the union
# once every worker is done, and fails the session if a main screen was never reached.
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    import monkey_tally

    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["monkey_tally"] = monkey_tally.dumps()
        return
    if not session.config.pluginmanager.hasplugin("dsession"):
        return  # one process: the module's own test judged it
    missing = monkey_tally.shortfall()
    if missing is None:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if missing:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        line = f"FAILED GUI monkey: the short runs together never reached {missing}"
    else:
        runs = len(monkey_tally.RUNS)
        line = f"GUI monkey: the {runs} short runs together reached every main screen"
    if reporter is not None:
        reporter.write("\n")
        reporter.write_line(line, red=bool(missing), green=not missing)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    import monkey_tally

    tally = getattr(node, "workeroutput", {}).get("monkey_tally")
    if tally:
        monkey_tally.merge(tally)
