"""How far apart two colours look, to people with and without colour-vision deficiency: the
CIEDE2000 difference of sRGB colours, and the colours a protan or deutan eye sees (Machado,
Oliveira and Fernandes 2009, full severity). For tests of colours the app picks."""

from __future__ import annotations

import math
from collections.abc import Callable

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

_PROTAN: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
_DEUTAN: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> int:
    v = min(1.0, max(0.0, v))
    return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def _seen(matrix: Matrix) -> Callable[[RGB], RGB]:
    def see(rgb: RGB) -> RGB:
        v = [_linear(c) for c in rgb]
        r, g, b = (_encoded(sum(row[j] * v[j] for j in range(3))) for row in matrix)
        return r, g, b

    return see


#: Each vision the app's colours are checked for: how a colour looks to it.
VISIONS: dict[str, Callable[[RGB], RGB]] = {
    "typical": lambda rgb: rgb,
    "protan": _seen(_PROTAN),
    "deutan": _seen(_DEUTAN),
}


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(c1: RGB, c2: RGB, k_l: float = 1.0) -> float:
    """CIEDE2000 difference; ``k_l`` above 1 weighs lightness less (2: differences of
    lightness alone count half)."""
    l1, a1, b1 = lab(c1)
    l2, a2, b2 = lab(c2)
    cb = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cb**7 / (cb**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0
    if c1p * c2p:
        dh = h2 - h1 if abs(h2 - h1) <= 180 else h2 - h1 - 360 if h2 > h1 else h2 - h1 + 360
    d_hue = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lb, cbp = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        hb = h1 + h2
    elif abs(h1 - h2) <= 180:
        hb = (h1 + h2) / 2
    else:
        hb = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hb - 30))
        + 0.24 * math.cos(math.radians(2 * hb))
        + 0.32 * math.cos(math.radians(3 * hb + 6))
        - 0.20 * math.cos(math.radians(4 * hb - 63))
    )
    sl = 1 + 0.015 * (lb - 50) ** 2 / math.sqrt(20 + (lb - 50) ** 2)
    sc, sh = 1 + 0.045 * cbp, 1 + 0.015 * cbp * t
    rot = 30 * math.exp(-(((hb - 275) / 25) ** 2))
    rt = -math.sin(math.radians(2 * rot)) * 2 * math.sqrt(cbp**7 / (cbp**7 + 25**7))
    dl, dc, dhh = (l2 - l1) / (k_l * sl), (c2p - c1p) / sc, d_hue / sh
    return math.sqrt(dl * dl + dc * dc + dhh * dhh + rt * dc * dhh)
