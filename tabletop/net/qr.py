"""QR codes for the seats' links (segno: pure Python, no imaging library needed)."""

from __future__ import annotations

import io

import segno

QUIET_ZONE = 4
"""Modules of light border around the symbol, as the QR standard asks."""


def qr_code(link: str) -> segno.QRCode:
    """A (full-size, not micro) QR code of ``link``, medium error correction."""
    return segno.make_qr(link, error="m", boost_error=False)


def qr_matrix(link: str, border: int = QUIET_ZONE) -> list[list[bool]]:
    """The code as rows of modules (True: dark), quiet zone included, for the UI to draw."""
    code = qr_code(link)
    return [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=border)]


def qr_png(link: str, scale: int = 8, border: int = QUIET_ZONE) -> bytes:
    """The code as a PNG image, ``scale`` pixels a module."""
    out = io.BytesIO()
    qr_code(link).save(out, kind="png", scale=scale, border=border)
    return out.getvalue()
