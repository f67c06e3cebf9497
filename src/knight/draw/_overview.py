"""A tour too large to draw square by square, as a small picture: the notebook's view of it.

Past MAX_SQUARES the SVG would be megabytes, so a notebook gets a raster instead: at most
PIXELS×PIXELS pixels, each the colour of the move number of one square sampled from its
block of the board (dark at the start, light at the end; holes grey). The PNG is written
with the standard library alone (zlib), so no imaging package is needed.
"""

from __future__ import annotations

import base64
import struct
import zlib
from typing import TYPE_CHECKING

from ..model import move_numbers

if TYPE_CHECKING:
    from .. import Tour

#: The longer side of the overview, in pixels (each shown as several screen pixels).
PIXELS = 256

#: Colour stops from the first move to the last (a viridis-like ramp, dark to light).
_RAMP = ((68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37))
_HOLE = (128, 128, 128)


def overview_png(tour: Tour, pixels: int = PIXELS) -> bytes:
    """A PNG of at most pixels×pixels: each pixel the move number of one square of its block."""
    rows, cols = tour.size
    scale = max(1, -(-max(rows, cols) // pixels))  # squares a pixel spans, rounded up
    height, width = -(-rows // scale), -(-cols // scale)
    numbers = move_numbers(tour, tour.board)
    last = max(len(tour) - 1, 1)
    lines: list[bytes] = []
    for y in range(height):
        base = y * scale * cols
        line = bytearray(b"\x00")  # PNG filter: none
        for x in range(width):
            number = numbers[base + x * scale]
            line += bytes(_HOLE if number == 0 else _colour((number - 1) / last))
        lines.append(bytes(line))
    return _png(width, height, b"".join(lines))


def overview_html(tour: Tour) -> str:
    """An <img> of the overview scaled to about 400 screen pixels, with a caption."""
    data = base64.b64encode(overview_png(tour)).decode("ascii")
    rows, cols = tour.size
    ratio = 400 / max(rows, cols)
    kind = "closed" if tour.is_closed else "open"
    return (
        f'<figure style="margin:0"><img src="data:image/png;base64,{data}" '
        f'width="{max(1, round(cols * ratio))}" height="{max(1, round(rows * ratio))}" '
        f'style="image-rendering:pixelated" alt="a {kind} tour of {tour.board.name}"/>'
        f"<figcaption>{kind} tour of {tour.board.name}, {len(tour):,} squares, from "
        f"{tour.board.square_name(tour.start)}: colour is the move number, dark at the start, "
        "light at the end</figcaption></figure>"
    )


def _colour(fraction: float) -> tuple[int, int, int]:
    """The ramp's colour at fraction (0 to 1)."""
    place = fraction * (len(_RAMP) - 1)
    i = min(int(place), len(_RAMP) - 2)
    t = place - i
    low, high = _RAMP[i], _RAMP[i + 1]
    return (
        round(low[0] + (high[0] - low[0]) * t),
        round(low[1] + (high[1] - low[1]) * t),
        round(low[2] + (high[2] - low[2]) * t),
    )


def _png(width: int, height: int, scanlines: bytes) -> bytes:
    """An 8-bit RGB PNG of the filtered scanlines."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(scanlines, 6))
        + chunk(b"IEND", b"")
    )
