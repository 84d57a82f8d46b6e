"""Game night: the TV shows the table, each phone is a player's private hand.

- :mod:`tabletop.net.protocol`: the JSON messages over the WebSocket (documented there);
- :mod:`tabletop.net.server`: the aiohttp server, on its own thread and event loop;
- :mod:`tabletop.net.night`: :class:`GameNight`, the host's side, used from the UI thread;
- :mod:`tabletop.net.qr`: QR codes of the seats' links;
- :mod:`tabletop.net.png`: card pictures' pixels encoded as PNG off the UI thread.

Nothing here imports pygame: the package runs headless (tests/test_layering.py checks it).
"""

from __future__ import annotations

from .night import AppliedMove, GameNight
from .protocol import VERSION
from .qr import qr_matrix, qr_png
from .server import DEFAULT_PORT

__all__ = ["DEFAULT_PORT", "VERSION", "AppliedMove", "GameNight", "qr_matrix", "qr_png"]
