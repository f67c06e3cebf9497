"""Pictures of tours: SVG documents built with xml.etree.ElementTree, and PNG through cairosvg.

>>> import knight, knight.draw
>>> picture = knight.draw.render(knight.tour(8, "e4"), size=300)
>>> picture.startswith("<svg")
True

The board is drawn with file "a" on the left and rank 1 at the bottom, like Tour.algebraic(),
and square a1 dark as on a chessboard. The route is one <path> of line segments from square
centre to square centre, one segment a move; the closing move of a closed tour is a separate
dashed <line>. The start is a filled disc, the end a ring. The holes of a board with holes
are dark grey cells hatched with light diagonals, and bear no number: the route never
enters them.

Legibility rules, so that large boards stay usable:
- move numbers are drawn only when their font would be at least MIN_FONT pixels (on 8×8 that
  needs size >= about 130; on 100×100 at the default size they are left out);
- file letters and rank numbers are thinned to every 2nd, 5th, 10th, ... when they would
  overlap, and left out when the picture is too small to hold them;
- boards of more than MAX_SQUARES squares (a 200×200 board) raise InvalidInputError: even
  across a 4K screen (3840 px) a 200×200 board's squares are under 20 px, about the least
  in which the route can still be followed, and the file is already half a megabyte;
- a size that leaves squares narrower than one pixel raises InvalidInputError naming the
  smallest size that works.
"""

from __future__ import annotations

import math
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .. import Board, InvalidInputError, InvalidTypeError, Tour
from ..model import (
    KNIGHT,
    board_name,
    boolean,
    checked_keywords,
    file_name,
    integer,
    is_mapping,
    optional_module,
)
from ..model import shown as _shown
from . import _surfaces
from ._marks import MIN_FONT, SVG_NS, _FONT, _Timing, _num, _num3, draw_markers, draw_numbers

__all__ = [
    "COLORS",
    "MAX_PNG_PIXELS",
    "MAX_SIZE",
    "MAX_SQUARES",
    "MIN_FONT",
    "picture_format",
    "render",
    "render_board",
    "to_png",
    "write",
]


#: Largest board drawn, in squares (200×200).
MAX_SQUARES = 40_000

#: Largest picture side, in pixels (render's size, and to_png's output): Cairo's limit, so
#: that every picture can also be a PNG.
MAX_SIZE = 32_767

#: Most pixels to_png draws (a 4096×4096 picture: 64 MiB while Cairo draws it).
MAX_PNG_PIXELS = 4096 * 4096

_PIXEL_SIZE = re.compile(r'<svg\b[^>]*?\swidth="([0-9.]+)(?:px)?"[^>]*?\sheight="([0-9.]+)(?:px)?"')

#: Longest animation, in seconds.
MAX_DURATION = 3600.0


#: The default colours; render(colors=...) overrides any of them.
COLORS: dict[str, str] = {
    "light": "#f0d9b5",  # light squares
    "dark": "#b58863",  # dark squares
    "route": "#1d4ed8",  # the moves
    "closing": "#1d4ed8",  # the closing move of a closed tour (dashed)
    "start": "#16a34a",  # the start disc
    "end": "#dc2626",  # the end ring
    "numbers": "#111111",  # move numbers
    "coordinates": "#333333",  # file letters and rank numbers
    "border": "#ffffff",  # the margin around the board
    "hole": "#52525b",  # the cells of a board's holes
    "hatch": "#a1a1aa",  # the diagonals hatching the holes
    "edge": "#7c3aed",  # the joined edges of a surface (a cylinder, torus, ...), with their arrows
    "layers": "#c2410c",  # the moves between the layers of a box (dashed)
}

_COLOR = re.compile(r"#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]+|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)")
_LABEL_STEPS = (1, 2, 5, 10, 20, 50, 100, 200)


def _positive(value: Any, name: str, most: float, kinds: tuple[type[float], ...] = (int,)) -> float:
    """value, a positive number of one of kinds (never a bool) up to most."""
    if isinstance(value, bool) or not isinstance(value, kinds):
        kind = "an integer" if kinds == (int,) else "a number"
        raise InvalidTypeError(f"{name} must be {kind}, not {_shown(value)}")
    if not value > 0:  # nan too
        raise InvalidInputError(f"{name} must be positive, not {_shown(value)}")
    if not value <= most:  # inf too
        raise InvalidInputError(f"{name} must be at most {most:,g}, not {_shown(value)}")
    return value


def _colors(colors: object) -> dict[str, str]:
    if colors is None:
        return dict(COLORS)
    if not is_mapping(colors):
        raise InvalidTypeError(f"colors must be a mapping such as {{'route': '#000'}}, not {_shown(colors)}")
    chosen = dict(COLORS)
    for key, value in colors.items():
        if not isinstance(key, str) or key not in COLORS:
            raise InvalidInputError(f"colors: unknown key {_shown(key)}; the keys are {', '.join(COLORS)}")
        if not isinstance(value, str):
            raise InvalidTypeError(f"colors[{key!r}] must be a string such as '#1d4ed8', not {_shown(value)}")
        if not _COLOR.fullmatch(value.strip()):
            raise InvalidInputError(f"colors[{key!r}] = {_shown(value)} is not a colour such as '#1d4ed8' or 'navy'")
        chosen[key] = value.strip()
    return chosen


class _Layout:
    """Where things go: a margin of `margin` pixels around a board of `cell`-pixel squares."""

    def __init__(self, rows: int, cols: int, size: int, coordinates: bool) -> None:
        self.font, self.coordinates, self.margin, self.cell = self._measure(rows, cols, size, coordinates)
        if self.cell < 1:
            sizes = range(size + 1, 2 * max(rows, cols) + 100)
            smallest = next(s for s in sizes if self._measure(rows, cols, s, coordinates)[3] >= 1)
            raise InvalidInputError(
                f"size={size} leaves the squares of the {board_name(rows, cols)} board narrower than a pixel; "
                f"use size={smallest} or more"
            )
        self.width = 2 * self.margin + cols * self.cell
        self.height = 2 * self.margin + rows * self.cell

    @staticmethod
    def _measure(rows: int, cols: int, size: int, coordinates: bool) -> tuple[float, bool, float, float]:
        """(label font, whether labels fit, margin, square side): labels may take a third of the picture."""
        font = min(14.0, max(MIN_FONT, size * 0.03))
        margin = 2.4 * font  # room for a three-digit rank number
        coordinates = coordinates and 2 * margin <= size / 3
        margin = margin if coordinates else 0.0
        return font, coordinates, margin, (size - 2 * margin) / max(rows, cols)


if TYPE_CHECKING:
    from typing_extensions import TypedDict, Unpack

    class RenderOptions(TypedDict, total=False):
        """render()'s keyword options, as write() passes them on (for type checkers only)."""

        size: int
        numbers: bool
        path: bool
        coordinates: bool
        markers: bool
        colors: Mapping[str, str] | None
        animate: bool
        duration: float | None
        loop: bool


@checked_keywords
def render(
    tour: Tour,
    *,
    size: int = 400,
    numbers: bool = True,
    path: bool = True,
    coordinates: bool = True,
    markers: bool = True,
    colors: Mapping[str, str] | None = None,
    animate: bool = False,
    duration: float | None = None,
    loop: bool = False,
) -> str:
    """Return the tour as an SVG 1.1 document (a string starting "<svg").

    size is the picture's longer side in pixels. numbers writes each square's move number
    (where legible, see the module doc), path draws the route, coordinates puts file letters
    and rank numbers on the border, markers marks the start (disc) and end (ring). colors
    overrides any of COLORS. animate=True draws the route move by move with SMIL over
    duration seconds (default 0.2 s a move, between 2 and 30 s), the move numbers appearing
    as the route reaches them and the end ring and closing move at the end; loop=True
    repeats it. Viewers without SMIL show the finished picture.

    The tour carries its board (tour.board), which gives the picture its shape and title:
    the holes of a board with holes are hatched dark cells ("hole" and "hatch" in COLORS)
    with no number. A box (three or more axes) is drawn as its layers side by side, the moves
    between layers dashed in the "layers" colour (see draw/_boxes.py for the layout of four or
    more axes); it has no file letters, and animate=True is refused on it.
    """
    if not isinstance(tour, Tour):
        raise InvalidTypeError(f"render() takes a knight.Tour, not {type(tour).__name__}")
    size = int(_positive(integer(size, "size"), "size", MAX_SIZE))  # numpy's integers too
    numbers, path = boolean(numbers, "numbers"), boolean(path, "path")
    coordinates, markers = boolean(coordinates, "coordinates"), boolean(markers, "markers")
    animate, loop = boolean(animate, "animate"), boolean(loop, "loop")
    if duration is not None:
        duration = float(_positive(duration, "duration", MAX_DURATION, (int, float)))
    palette = _colors(colors)
    rows, cols = tour.rows, tour.cols
    topology = tour.board.topology
    if rows * cols > MAX_SQUARES:
        has = f"has {rows * cols:,} squares" if tour.board.is_rectangle else f"spans {rows * cols:,} cells"
        raise InvalidInputError(
            f"the {tour.board.name} board {has}, more than the {MAX_SQUARES:,} "
            f"(200×200) a picture can show; use Tour.line() or Tour.coords() instead"
        )
    if topology is not None and topology.axes > 2:  # a box: its layers side by side (draw/_boxes.py)
        if animate:
            raise InvalidInputError(f"animate=True draws boards of two axes, not the {tour.board.name}")
        from . import _boxes

        return _boxes.render(tour, size, numbers, path, markers, palette)
    layout = _Layout(rows, cols, size, coordinates)
    coords = tour.coords()
    moves = len(coords) - 1
    if duration is None:
        duration = min(30.0, max(2.0, 0.2 * moves))
    timing = _Timing(duration, loop) if animate else None

    kind = "Closed" if tour.is_closed else "Open"
    piece = "knight's tour" if tour.board.moves == KNIGHT else "tour"  # the name says which leaper
    start, end = tour.board.square_name(tour.start), tour.board.square_name(tour.end)
    root, board = _canvas(tour.board, layout, f"{kind} {piece} of {tour.board.name} from {start} to {end}", palette)
    cell = layout.cell
    font = min(0.4, 0.8 / len(str(len(coords)))) * cell
    show_numbers = numbers and font >= MIN_FONT
    if path and moves > 0:
        if topology is not None:  # moves across a joined edge drawn at both ends, clipped at the border
            clip = ET.SubElement(ET.SubElement(board, "clipPath", {"id": "board"}), "rect")
            clip.attrib.update({"width": str(cols), "height": str(rows)})
            _route(
                board,
                coords,
                tour.is_closed,
                cell,
                palette,
                timing,
                _surfaces.route_path(tour.board, coords, tour.is_closed),
            )
        else:
            _route(board, coords, tour.is_closed, cell, palette, timing)
    if show_numbers and path:
        _badges(board, coords, rows, palette)
    if markers:
        draw_markers(board, coords, cell, palette, timing)
    if layout.coordinates:
        _coordinates(root, rows, cols, layout, palette)
    if show_numbers:
        givens: dict[tuple[float, float], int] = {
            divmod(square - 1, cols): move for square, move in tour.board.givens.items()
        }
        draw_numbers(root, coords, layout.margin, layout.cell, font, palette, timing, givens)
    if len(coords) <= 400:  # one element a line where that stays small
        ET.indent(root, space="")
    return ET.tostring(root, encoding="unicode") + "\n"


def _canvas(shape: Board, layout: _Layout, title: str, palette: dict[str, str]) -> tuple[ET.Element, ET.Element]:
    """(the document, the group of the board scaled to one unit a square) with the board drawn:
    its squares, holes and, on a surface, its joined edges."""
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "version": "1.1",
            "width": _num(layout.width),
            "height": _num(layout.height),
            "viewBox": f"0 0 {_num(layout.width)} {_num(layout.height)}",
        },
    )
    ET.SubElement(root, "title").text = title
    if layout.margin:
        ET.SubElement(
            root,
            "rect",
            {"class": "border", "width": _num(layout.width), "height": _num(layout.height), "fill": palette["border"]},
        )
    board = ET.SubElement(
        root,
        "g",
        {
            "class": "board",
            "transform": f"translate({_num(layout.margin)} {_num(layout.margin)}) scale({_num3(layout.cell)})",
        },
    )
    _squares(board, shape, palette)
    _holes(board, shape, layout.cell, palette)
    if shape.topology is not None:
        _surfaces.edges(board, shape, palette["edge"])
    return root, board


def render_board(
    board: Board, *, size: int = 400, coordinates: bool = True, colors: Mapping[str, str] | None = None
) -> str:
    """The board alone as an SVG 1.1 document: its squares, hatched holes, a puzzle's given
    moves in bold and, on a surface, its joined edges (what a notebook shows for a Board).

    Parameters
    ----------
    board : knight.Board
        A board of two axes, of at most MAX_SQUARES cells.
    size : int, default 400
        The picture's longer side in pixels, at most MAX_SIZE.
    coordinates : bool, default True
        File letters and rank numbers on the border, where they fit.
    colors : mapping of str to str, optional
        Overrides any of COLORS.

    Returns
    -------
    str
        The document, starting "<svg".

    Raises
    ------
    InvalidInputError
        For a box (three or more axes), a board past MAX_SQUARES cells, or a size too small.

    Examples
    --------
    >>> import knight, knight.draw
    >>> knight.draw.render_board(knight.Board(5, holes=["c3"])).startswith("<svg")
    True
    """
    if not isinstance(board, Board):
        raise InvalidTypeError(f"render_board() takes a knight.Board, not {type(board).__name__}")
    size = int(_positive(integer(size, "size"), "size", MAX_SIZE))
    palette = _colors(colors)
    rows, cols = board.rows, board.cols
    if len(board.shape) > 2 or rows * cols > MAX_SQUARES:
        raise InvalidInputError(
            f"render_board() draws boards of two axes and at most {MAX_SQUARES:,} cells, not {board.name}"
        )
    layout = _Layout(rows, cols, size, boolean(coordinates, "coordinates"))
    root, _ = _canvas(board, layout, f"The {board.name} board", palette)
    if layout.coordinates:
        _coordinates(root, rows, cols, layout, palette)
    givens = board.givens
    font = min(0.4, 0.8 / len(str(len(board)))) * layout.cell
    if givens and font >= MIN_FONT:
        numbers = ET.SubElement(
            root,
            "g",
            {"class": "numbers", "font-family": _FONT, "font-size": _num(font), "fill": palette["numbers"]},
        )
        numbers.set("text-anchor", "middle")
        numbers.set("font-weight", "bold")
        for square, move in givens.items():
            row, col = divmod(square - 1, cols)
            x, y = layout.margin + (col + 0.5) * layout.cell, layout.margin + (row + 0.5) * layout.cell + 0.35 * font
            ET.SubElement(numbers, "text", {"x": _num(x), "y": _num(y), "class": "given"}).text = str(move)
    ET.indent(root, space="")
    return ET.tostring(root, encoding="unicode") + "\n"


def _squares(board: ET.Element, shape: Board, palette: dict[str, str]) -> None:
    """Light squares as the board's background, dark squares as one path of unit squares."""
    rows, cols, mask = shape.rows, shape.cols, shape.mask
    ET.SubElement(board, "rect", {"class": "light", "width": str(cols), "height": str(rows), "fill": palette["light"]})
    parity = (rows - 1) % 2  # a1 (row rows-1, col 0) is dark
    d = "".join(
        f"M{col} {row}h1v1h-1z"
        for row in range(rows)
        for col in range((row + parity) % 2, cols, 2)
        if mask is None or mask[row * cols + col]
    )
    if d:
        ET.SubElement(board, "path", {"class": "dark", "d": d, "fill": palette["dark"]})


def _holes(board: ET.Element, shape: Board, cell: float, palette: dict[str, str]) -> None:
    """The holes as one path of dark unit squares, hatched by a second path of diagonals."""
    cols = shape.cols
    cells = [divmod(number - 1, cols) for number in shape.holes]
    if not cells:
        return
    ET.SubElement(
        board,
        "path",
        {"class": "holes", "d": "".join(f"M{col} {row}h1v1h-1z" for row, col in cells), "fill": palette["hole"]},
    )
    hatch = "".join(
        f"M{col} {_num(row + 0.5)}l0.5 -0.5M{col} {row + 1}l1 -1M{_num(col + 0.5)} {row + 1}l0.5 -0.5"
        for row, col in cells
    )
    ET.SubElement(
        board,
        "path",
        {
            "class": "hatch",
            "d": hatch,
            "fill": "none",
            "stroke": palette["hatch"],
            "stroke-width": _num3(min(0.1, max(0.06, 0.8 / cell))),  # 6% of a square; on small ones up to 10%
        },
    )


def _route(
    board: ET.Element,
    coords: Sequence[tuple[float, ...]],
    closed: bool,
    cell: float,
    palette: Mapping[str, str],
    timing: _Timing | None,
    wrapped: str = "",
) -> None:
    """The moves as one path of line segments between square centres; the closing move apart.
    wrapped, on a surface, is the whole route's path data (see _surfaces), closing move included."""
    width = min(0.25, max(0.07, 0.8 / cell))  # at least 0.8 px
    row, col = coords[0]
    steps: list[str] = []
    length = 0.0
    for next_row, next_col in coords[1:]:
        dx, dy = next_col - col, next_row - row
        steps.append(f"{dx} {dy}")
        length += math.hypot(dx, dy)
        row, col = next_row, next_col
    first_row, first_col = coords[0]
    route = ET.SubElement(
        board,
        "path",
        {
            "class": "route",
            "d": f"M{first_col + 0.5} {first_row + 0.5}l" + " ".join(steps),
            "fill": "none",
            "stroke": palette["route"],
            "stroke-width": _num3(width),
            "stroke-linecap": "round",
            "stroke-linejoin": "round",
        },
    )
    if wrapped:
        route.set("d", wrapped)
        route.set("clip-path", "url(#board)")
        length = 3.0 * len(coords)  # every move is at most three cells long, drawn or as its two stubs
        closed = False  # drawn in the path
    if timing is not None:
        dash = _num3(length + 1)
        route.set("stroke-dasharray", f"{dash} {dash}")
        fraction = timing.draw / timing.total
        ET.SubElement(
            route,
            "animate",
            {
                "attributeName": "stroke-dashoffset",
                "values": f"{dash};0;0",
                "keyTimes": f"0;{fraction:.4f};1",
                **timing.attributes(),
            },
        )
    if closed:
        closing_dash = max(0.2, 4 / cell)
        closing = ET.SubElement(
            board,
            "line",
            {
                "class": "closing",
                "x1": _num(col + 0.5),
                "y1": _num(row + 0.5),
                "x2": _num(first_col + 0.5),
                "y2": _num(first_row + 0.5),
                "stroke": palette["closing"],
                "stroke-width": _num3(width),
                "stroke-dasharray": f"{_num3(closing_dash)} {_num3(closing_dash * 0.7)}",
            },
        )
        if timing is not None:
            timing.appear(closing, timing.draw)


def _badges(board: ET.Element, coords: Sequence[tuple[float, ...]], rows: int, palette: Mapping[str, str]) -> None:
    """Discs in the square's own colour under each number, so the route does not cross it."""
    parity = (rows - 1) % 2
    group = ET.SubElement(board, "g", {"class": "badges"})
    for row, col in coords:
        colour = palette["dark"] if (row + col + parity) % 2 == 0 else palette["light"]
        ET.SubElement(group, "circle", {"cx": _num(col + 0.5), "cy": _num(row + 0.5), "r": "0.3", "fill": colour})


def _every(extent: float, cell: float) -> int:
    """The smallest step in 1, 2, 5, 10, ... that keeps labels extent pixels long apart."""
    return next((step for step in _LABEL_STEPS if step * cell >= extent), _LABEL_STEPS[-1] * 10)


def _coordinates(root: ET.Element, rows: int, cols: int, layout: _Layout, palette: Mapping[str, str]) -> None:
    """File letters under the board and rank numbers left of it, thinned where they would collide."""
    font, margin, cell = layout.font, layout.margin, layout.cell
    group = ET.SubElement(
        root,
        "g",
        {
            "class": "coordinates",
            "font-family": _FONT,
            "font-size": _num(font),
            "fill": palette["coordinates"],
            "text-anchor": "middle",
        },
    )
    widest = len(file_name(cols - 1))
    files = _every(font * (0.65 * widest + 0.5), cell)
    baseline = margin + rows * cell + margin / 2 + 0.35 * font
    for col in range(0, cols, files):
        label = ET.SubElement(group, "text", {"x": _num(margin + (col + 0.5) * cell), "y": _num(baseline)})
        label.text = file_name(col)
    ranks = _every(font * 1.2, cell)
    for rank in range(1, rows + 1, ranks):
        y = margin + (rows - rank + 0.5) * cell + 0.35 * font
        ET.SubElement(group, "text", {"x": _num(margin / 2), "y": _num(y)}).text = str(rank)


def to_png(svg: str, *, scale: float = 1.0) -> bytes:
    """Convert an SVG document to PNG bytes with cairosvg (``pip install "knight-tour[png]"``).

    scale multiplies the picture's size, up to MAX_PNG_PIXELS pixels in all. Raises
    knight.MissingExtraError with that advice when cairosvg or its Cairo library is missing, and
    InvalidInputError for text that is not an SVG document cairosvg can draw.
    """
    if not isinstance(svg, str):
        raise InvalidTypeError(f"to_png() takes an SVG document as text, not {type(svg).__name__}")
    if not svg.lstrip().startswith("<"):  # cairosvg would read a URL, or the current folder, instead
        raise InvalidInputError(f"to_png() takes an SVG document (text starting '<'), not {_shown(svg)}")
    scale = float(_positive(scale, "scale", MAX_SIZE, (int, float)))
    cairosvg: Any = optional_module("cairosvg", "PNG output", "png")  # and the Cairo library it loads
    _check_pixels(svg, scale)
    try:
        png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
        return png
    except MemoryError:
        raise
    except Exception as error:  # cairosvg's parser and Cairo raise many kinds for bad documents and sizes
        raise InvalidInputError(
            f"cairosvg cannot draw this SVG at scale={scale:g} (a picture at most {MAX_SIZE:,} pixels a side): "
            f"{type(error).__name__}: {str(error)[:120]}"
        ) from error


def _check_pixels(svg: str, scale: float) -> None:
    """Refuse a PNG of more than MAX_PNG_PIXELS, where the document gives its size in pixels
    (as render() does), before Cairo allocates it."""
    size = _PIXEL_SIZE.match(svg.lstrip()[:2000])
    if size is None:
        return  # other units, or no size: cairosvg decides, and refuses a side past MAX_SIZE
    try:
        width, height = float(size.group(1)) * scale, float(size.group(2)) * scale
    except ValueError:  # "1.2.3": not a number, which cairosvg says in its own words
        return
    if width * height > MAX_PNG_PIXELS:
        raise InvalidInputError(
            f"to_png at scale={scale:g} would draw {width:,.0f}×{height:,.0f} pixels, more than the "
            f"{MAX_PNG_PIXELS:,} (4096×4096) it draws; use a smaller scale"
        )


def picture_format(path: str | Path) -> str:
    """ "svg" or "png", from the name's suffix; InvalidInputError for any other name."""
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidTypeError(f"a picture's name must be text or a path, not {_shown(path)}")
    try:
        suffix = Path(path).suffix.lower()
    except TypeError:  # a PathLike whose __fspath__ gives bytes or worse
        raise InvalidTypeError(f"a picture's name must be text or a path, not {_shown(path)}") from None
    if suffix not in (".svg", ".png"):
        raise InvalidInputError(
            f"cannot tell the picture format of {_shown(str(path))}: the name must end in .svg or .png"
        )
    return suffix[1:]


def write(tour: Tour, path: str | Path, /, **options: Unpack[RenderOptions]) -> None:
    """Write a picture of the tour to path: SVG for a .svg name, PNG for .png; options as render().

    tour and path are positional, so that render()'s path= option (draw the route) passes through.
    """
    kind = picture_format(path)  # before Path(), which would raise a bare TypeError for a number
    path = Path(path)
    picture = render(tour, **options)
    data = picture.encode("utf-8") if kind == "svg" else to_png(picture)
    try:
        path.write_bytes(data)
    except OSError as error:
        raise InvalidInputError(f"cannot write {_shown(str(path))}: {error.strerror or error}") from None
    except ValueError as error:  # a NUL in the name
        raise InvalidInputError(f"cannot write {_shown(str(path))}: {error}") from None


def notebook_picture(tour: Tour) -> str | None:
    """The default picture, or None (Jupyter then shows text) past MAX_SQUARES and for a box
    whose axes wrap."""
    from ._boxes import wrapping_box

    if tour.rows * tour.cols > MAX_SQUARES or wrapping_box(tour.board):
        return None
    return render(tour)
