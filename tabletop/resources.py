"""Where the app's files are, the same way from source and from a frozen build."""

from __future__ import annotations

import sys
from pathlib import Path


def app_root() -> Path:
    """The folder holding ``assets/``: the repository in a checkout, the bundle when frozen."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    return app_root().joinpath("assets", *parts)
