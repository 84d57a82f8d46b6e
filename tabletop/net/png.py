"""A picture's pixels and their PNG encoding, for the card images served to the phones.

The host paints a card on the UI thread (pygame) and takes its pixels as :class:`Pixels`;
the server thread encodes them with :meth:`Pixels.png` — zlib, which releases the GIL while
it compresses, so the TV's frames do not wait for it (``pygame.image.save`` to PNG held the UI
thread ~7 ms a card: bench_game_night). No pygame here.

>>> Pixels(1, 1, bytes([255, 0, 0, 255])).png()[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Pixels:
    """``width`` × ``height`` pixels, 8-bit RGBA, rows top to bottom (``rgba``: 4 bytes each)."""

    width: int
    height: int
    rgba: bytes

    def __post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0 or len(self.rgba) != self.width * self.height * 4:
            raise ValueError(f"{len(self.rgba)} bytes are not {self.width}x{self.height} RGBA")

    def png(self, level: int = 6) -> bytes:
        """The pixels as a PNG file (colour type 6, no interlace, filter 0 on every row)."""
        stride = self.width * 4
        rows = b"".join(
            b"\x00" + self.rgba[y * stride : (y + 1) * stride] for y in range(self.height)
        )
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 6, 0, 0, 0)
        return (
            SIGNATURE
            + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(rows, level))
            + _chunk(b"IEND", b"")
        )


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))
