"""Build the standalone app: ``python build/build.py [--onefile]``.

Runs PyInstaller on ``build/tabletop.spec`` with its outputs kept under ``build/``: the onedir
app in ``build/dist/tabletop/`` (run ``build/dist/tabletop/tabletop``), PyInstaller's work files
in ``build/work/``. ``--onefile`` also makes ``build/dist/tabletop-onefile``. Works the same on
Linux, Windows and macOS (PyInstaller builds only for the system it runs on).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

BUILD_DIR = Path(__file__).resolve().parent
SPEC = BUILD_DIR / "tabletop.spec"
DIST = BUILD_DIR / "dist"
WORK = BUILD_DIR / "work"


def pyinstaller_command() -> list[str]:
    return [
        sys.executable,
        "-m",
        "PyInstaller",
        str(SPEC),
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(DIST),
        "--workpath",
        str(WORK),
    ]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--onefile", action="store_true", help="also build a single-file executable")
    args = p.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print(
            'build: PyInstaller is missing; install it with: python -m pip install -e ".[build]"',
            file=sys.stderr,
        )
        return 2
    env = {**os.environ, "TABLETOP_ONEFILE": "1" if args.onefile else "0"}
    code = subprocess.call(pyinstaller_command(), env=env)
    if code == 0:
        app = DIST / "tabletop" / ("tabletop.exe" if sys.platform == "win32" else "tabletop")
        print(f"build: the app is {app}")
    return code


if __name__ == "__main__":
    sys.exit(main())
