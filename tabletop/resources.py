"""Where the app's files are, the same way from source and from a frozen build.

Every file the app reads goes through here (fonts and the theme under ``assets/``) or through
``importlib.resources`` (the rules texts, package data of :mod:`rules`), and both work alike
in a checkout, an installed package and a PyInstaller bundle: ``build/tabletop.spec`` puts
``assets/`` at the bundle's root and the rules texts inside its ``rules`` package.
"""

from __future__ import annotations

import sys
from pathlib import Path


def is_frozen() -> bool:
    """True in a PyInstaller bundle (onedir or onefile)."""
    return bool(getattr(sys, "frozen", False))


def app_root() -> Path:
    """The folder holding ``assets/``: the repository in a checkout, the bundle when frozen."""
    # PyInstaller's bundle folder: onedir's ``_internal/``, or onefile's unpacked temp folder.
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    """A file under ``assets/``, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return app_root().joinpath("assets", *parts)


def asset_files() -> list[Path]:
    """Every file under ``assets/``, sorted (what a build must ship)."""
    return sorted(p for p in asset_path().rglob("*") if p.is_file())
