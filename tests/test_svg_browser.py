"""knight.svg in a real browser: headless Chromium screenshots, checked pixel by pixel.

Needs Debian's chromium (or chromium-browser, or Google Chrome) on PATH; .ci/run installs chromium. Without a browser
the tests skip, unless CI is set: under CI a missing browser fails them.
"""

import os
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib

import pytest

import knight
import knight.svg

from validator import assert_board_tour, assert_tour

# The browser's pixels are the same whichever kernels made the tours drawn: the compiled job checks them.
pytestmark = pytest.mark.once

NS = "{http://www.w3.org/2000/svg}"
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")  # one engine, one set of flags
TOLERANCE = 12  # per channel, for anti-aliasing and colour management


def under_ci():
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture(scope="module")
def browser():
    found = next((path for path in map(shutil.which, BROWSERS) if path), None)
    if found is None:
        if under_ci():
            pytest.fail("CI is set but neither chromium nor chromium-browser is on PATH (.ci/run installs chromium)")
        pytest.skip("no chromium or chromium-browser on PATH: install Debian's chromium to check pictures in a browser")
    return found


def read_png(data):
    """(width, height, rows of RGB tuples) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unsupported PNG {header}"
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x : x + 3]) for x in range(0, stride, channels)])
        previous = line
    return width, height, rows


def screenshot(browser, tmp_path, svg):
    """Render svg alone in a headless Chromium window just larger than it; return its pixels."""
    root = ET.fromstring(svg)
    width, height = int(float(root.get("width"))) + 20, int(float(root.get("height"))) + 20
    picture, shot = tmp_path / "picture.svg", tmp_path / "shot.png"
    picture.write_text(svg, encoding="utf-8")
    command = [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        "--no-first-run",
        f"--user-data-dir={tmp_path / 'profile'}",
        f"--screenshot={shot}",
        f"--window-size={width},{height}",
        picture.as_uri(),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=90)
    assert shot.exists(), f"{browser} made no screenshot (exit {result.returncode}): {result.stderr[-2000:]}"
    shot_width, shot_height, rows = read_png(shot.read_bytes())
    assert (shot_width, shot_height) == (width, height)
    return rows


def hex_colour(text):
    return tuple(int(text[i : i + 2], 16) for i in (1, 3, 5))


def near(pixel, colour):
    return all(abs(a - b) <= TOLERANCE for a, b in zip(pixel, hex_colour(colour)))


def geometry(svg):
    """(margin, cell) from the board group's transform: square (row, col) spans margin + [col, col+1) * cell."""
    board = next(e for e in ET.fromstring(svg).iter(NS + "g") if e.get("class") == "board")
    margin, cell = re.fullmatch(r"translate\((\S+) \S+\) scale\((\S+)\)", board.get("transform")).groups()
    return float(margin), float(cell)


def pixel_at(rows, margin, cell, x, y):
    """The pixel at board point (x, y), in squares from the top-left corner of the board."""
    return rows[int(margin + y * cell)][int(margin + x * cell)]


def test_squares_alternate_light_and_dark(browser, tmp_path):
    tour = knight.tour((5, 6), 1)
    assert_tour(tour, 5, 6)
    svg = knight.svg.render(tour, size=360, path=False, markers=False, numbers=False)
    rows = screenshot(browser, tmp_path, svg)
    margin, cell = geometry(svg)
    colours = knight.svg.COLORS
    for number in range(1, 31):
        row, col = divmod(number - 1, 6)
        rank = 5 - row
        expected = colours["dark"] if (col + rank) % 2 == 1 else colours["light"]  # a1 dark
        pixel = pixel_at(rows, margin, cell, col + 0.5, row + 0.5)
        assert near(pixel, expected), f"square {number} (row {row}, col {col}): {pixel} is not {expected}"
    # the margin around the board is the border colour
    assert near(rows[2][2], colours["border"])


def test_route_and_markers(browser, tmp_path):
    tour = knight.tour(6, 1, closed=True)
    assert_tour(tour, 6, 6, closed=True)
    svg = knight.svg.render(tour, size=420, numbers=False)
    rows = screenshot(browser, tmp_path, svg)
    margin, cell = geometry(svg)
    colours = knight.svg.COLORS
    centres = [(col + 0.5, row + 0.5) for row, col in tour.coords()]
    # the start disc's colour at the start square's centre
    assert near(pixel_at(rows, margin, cell, *centres[0]), colours["start"])
    # the end ring's colour straight above the end square's centre, on the ring
    end = next(e for e in ET.fromstring(svg).iter(NS + "circle") if e.get("class") == "end")
    x, y = centres[-1]
    assert near(pixel_at(rows, margin, cell, x, y - float(end.get("r"))), colours["end"])
    # route pixels halfway along every move, between two consecutive squares
    for k, ((x1, y1), (x2, y2)) in enumerate(zip(centres, centres[1:]), 1):
        pixel = pixel_at(rows, margin, cell, (x1 + x2) / 2, (y1 + y2) / 2)
        assert near(pixel, colours["route"]), f"move {k}: {pixel} is not the route colour"
    # away from the route, in the corner of a square, the square's own colour shows
    corner = pixel_at(rows, margin, cell, 0.04, 0.04)  # a6, light
    assert near(corner, colours["light"])


def test_animation_starts_with_the_route_undrawn(browser, tmp_path):
    tour = knight.tour(6, 1, closed=True)
    assert_tour(tour, 6, 6, closed=True)
    svg = knight.svg.render(tour, size=420, numbers=False, animate=True, duration=60)
    rows = screenshot(browser, tmp_path, svg)
    margin, cell = geometry(svg)
    centres = [(col + 0.5, row + 0.5) for row, col in tour.coords()]
    (x1, y1), (x2, y2) = centres[-2], centres[-1]  # the last move is not drawn yet
    assert not near(pixel_at(rows, margin, cell, (x1 + x2) / 2, (y1 + y2) / 2), knight.svg.COLORS["route"])
    assert near(pixel_at(rows, margin, cell, *centres[0]), knight.svg.COLORS["start"])


def test_holes_show_as_hatched_cells(browser, tmp_path):
    picture = ". . . . . .\n. . . . . .\n. . . . . .\n. . # # . .\n. . . . . .\n. . . . . .\n"
    tour = knight.tour(knight.Board.parse(picture))
    assert_board_tour(tour, picture)
    svg = knight.svg.render(tour, size=420, numbers=False, markers=False)
    rows = screenshot(browser, tmp_path, svg)
    margin, cell = geometry(svg)
    colours = knight.svg.COLORS
    for col in (2, 3):  # c3 and d3: row 3
        # between the diagonals (which run where x + y is a multiple of a half), the hole's own colour
        assert near(pixel_at(rows, margin, cell, col + 0.5, 3.25), colours["hole"])
        # on the middle diagonal, from the cell's bottom-left corner to its top-right, the hatch
        assert near(pixel_at(rows, margin, cell, col + 0.5, 3.5), colours["hatch"])
    # the squares beside the holes keep their colours: b3 (col 1) is light, e3 (col 4) dark
    assert near(pixel_at(rows, margin, cell, 1.1, 3.1), colours["light"])
    assert near(pixel_at(rows, margin, cell, 4.1, 3.1), colours["dark"])
