"""Where the app's files are: one lookup, the same in a checkout, an installed package and a
PyInstaller bundle.

Every file the app reads goes through here (fonts, the theme and the icon under ``assets/``) or
through ``importlib.resources`` (the rules texts, package data of :mod:`rules`). The assets are
found from the :mod:`tabletop` package's own folder, as ``importlib.resources`` reports it:

- installed (a wheel, ``pipx``, a distribution package): ``pyproject.toml`` maps the
  repository's top-level ``assets/`` into the package, so they are ``tabletop/assets/``;
- frozen: ``build/tabletop.spec`` puts them at ``tabletop/assets/`` in the bundle as well;
- a checkout (an editable install, or the repository on ``sys.path``): the package folder has
  no ``assets/``, and they are the repository's ``assets/``, beside the package folder.
"""

from __future__ import annotations

import sys
from functools import cache
from importlib.resources import files
from pathlib import Path

ASSETS = "assets"


def is_frozen() -> bool:
    """True in a PyInstaller bundle (onedir or onefile)."""
    return bool(getattr(sys, "frozen", False))


def package_folder() -> Path:
    """The folder of the :mod:`tabletop` package, as ``importlib.resources`` finds it."""
    folder = files(__package__ or "tabletop")
    if not isinstance(folder, Path):
        # e.g. a zipped install: pygame and pygame-gui need real files to open.
        raise RuntimeError(f"tabletop must be installed as files on disk, not in {folder!r}")
    return folder


def assets_candidates() -> list[Path]:
    """Where ``assets/`` may be, in the order they are tried: inside the package (installed or
    frozen), then beside it (a checkout)."""
    folder = package_folder()
    return [folder / ASSETS, folder.parent / ASSETS]


@cache
def assets_root() -> Path:
    """The ``assets/`` folder: the first of :func:`assets_candidates` that holds the theme."""
    candidates = assets_candidates()
    for candidate in candidates:
        if (candidate / "themes" / "tabletop.json").is_file():
            return candidate
    tried = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"tabletop's assets are missing: looked in {tried}")


def install_kind() -> str:
    """How this copy of the app is installed: ``"bundle"`` (PyInstaller), ``"installed"`` (a
    wheel: the assets inside the package) or ``"checkout"`` (the assets beside it)."""
    if is_frozen():
        return "bundle"
    return "installed" if assets_root() == assets_candidates()[0] else "checkout"


def asset_path(*parts: str) -> Path:
    """A file under ``assets/``, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return assets_root().joinpath(*parts)


def asset_files() -> list[Path]:
    """Every file under ``assets/``, sorted (what a build must ship)."""
    return sorted(p for p in assets_root().rglob("*") if p.is_file())
