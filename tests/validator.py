"""An independent tour validator for the tests: written from the definition, sharing no code with knight.

assert_tour remembers the large tours it has passed (by a digest of their squares and the
question), so that the same tour made again, by the other implementation or another test,
is recognised rather than checked a second time: the compiled and twin cases of the
construction tests build identical tours of up to 40,000 squares.
"""

import hashlib
from array import array
from operator import sub

#: Tours at least this long are remembered once they pass.
REMEMBERED_FROM = 1000
_passed = set()


def assert_tour(squares, rows, cols, *, closed=False, leaper=(1, 2), holes=()):
    """Fail unless squares (1-based numbers) visit every square of rows×cols but the holes
    (1-based numbers) once by leaps."""
    squares = list(squares)
    n = rows * cols
    key = None
    if len(squares) >= REMEMBERED_FROM:
        digest = hashlib.blake2b(array("q", squares).tobytes(), digest_size=32).digest()
        key = (digest, rows, cols, bool(closed), tuple(leaper), tuple(sorted(holes)))
        if key in _passed:
            return
    wanted = set(range(1, n + 1)) - set(holes)
    assert len(squares) == len(wanted), f"{len(squares)} squares on a {rows}x{cols} board less {len(holes)} holes"
    assert set(squares) == wanted, "not every square exactly once, or a hole visited"
    if closed:
        assert len(squares) > 2, "a closed tour is a cycle: at least three squares"
        squares.append(squares[0])
    # each step moves (rows, columns) by (±p, ±q) or (±q, ±p), the leaper's (p, q): with a square at
    # row r and column c placed at r * width + c, a step moving dr rows and dc columns moves its place
    # by dr * width + dc, and from that alone both are known when width > 2 |dc|, for any step
    # (|dc| < cols) and any leap (|dc| <= max(p, q))
    p, q = map(abs, leaper)
    width = 2 * max(cols, p, q) + 1
    place = [square + (square - 1) // cols * (width - cols) for square in squares]  # r * width + c + 1
    steps = list(map(sub, place[1:], place))
    legal = {
        rows_moved * width + cols_moved for a, b in ((p, q), (q, p)) for rows_moved in (a, -a) for cols_moved in (b, -b)
    }
    assert set(steps) <= legal, "{} to {} is not a leap".format(
        *next(squares[i : i + 2] for i, step in enumerate(steps) if step not in legal)
    )
    if key is not None:
        _passed.add(key)


def assert_tour_vectorized(squares, rows, cols, *, closed=False):
    """assert_tour for huge tours, with numpy: knight's moves only (the (1, 2) leaper)."""
    import numpy

    path = numpy.asarray(squares).astype(numpy.int64) - 1
    n = rows * cols
    assert path.shape == (n,), f"{path.shape} squares on a {rows}x{cols} board"
    assert path.min() >= 0 and path.max() < n, "a square off the board"
    seen = numpy.zeros(n, dtype=bool)
    seen[path] = True
    assert seen.all(), "not every square exactly once"
    if closed:
        path = numpy.append(path, path[0])
    row, col = numpy.divmod(path, cols)
    steps = numpy.abs(numpy.diff(row)) * numpy.abs(numpy.diff(col))
    bad = numpy.flatnonzero(steps != 2)  # |dr|·|dc| = 2 exactly for (1, 2) and (2, 1)
    assert bad.size == 0, f"{path[bad[0]] + 1} -> {path[bad[0] + 1] + 1} is not a knight's move"


def board_squares(picture):
    """(rows, cols, set of square numbers) of a board picture: "." or a number a square, "#" a hole.

    Read here from the definition, without knight's Board.parse: lines of cells separated by
    white space, blank lines ignored; square number = row * cols + col + 1.
    """
    lines = [line.split() for line in picture.splitlines() if line.strip()]
    rows, cols = len(lines), len(lines[0])
    assert all(len(line) == cols for line in lines), "a ragged picture"
    squares = set()
    for row, cells in enumerate(lines):
        for col, cell in enumerate(cells):
            assert cell == "#" or cell == "." or cell.isdigit(), f"cell {cell!r}"
            if cell != "#":
                squares.add(row * cols + col + 1)
    return rows, cols, squares


def assert_board_tour(squares, picture, *, closed=False, leaper=(1, 2)):
    """Fail unless squares visit every square of the pictured board (holes "#") once, by leaps, and no hole."""
    squares = list(squares)
    rows, cols, board = board_squares(picture)
    assert len(squares) == len(board), f"{len(squares)} squares on a board of {len(board)}"
    assert set(squares) == board, "not every square of the board exactly once, or a hole or an off-board square"
    if closed:
        assert len(squares) > 2, "a closed tour is a cycle: at least three squares"
        squares.append(squares[0])
    legal = {tuple(sorted(leaper))}
    for a, b in zip(squares, squares[1:]):
        (row_a, col_a), (row_b, col_b) = divmod(a - 1, cols), divmod(b - 1, cols)
        assert tuple(sorted((abs(row_a - row_b), abs(col_a - col_b)))) in legal, f"{a} to {b} is not a leap"


def assert_puzzle_tour(squares, picture, *, leaper=(1, 2)):
    """Fail unless squares are a tour of the pictured board with move k on every cell that gives k
    (a number, perhaps marked "k*"), read here from the picture itself."""
    assert_board_tour(squares, picture.replace("*", ""), leaper=leaper)
    squares = list(squares)
    lines = [line.split() for line in picture.splitlines() if line.strip()]
    cols = len(lines[0])
    for row, cells in enumerate(lines):
        for col, cell in enumerate(cells):
            if cell.rstrip("*").isdigit():
                move = int(cell.rstrip("*"))
                assert squares[move - 1] == row * cols + col + 1, f"move {move} is not on row {row}, col {col}"


def _per_axis(flag, axes):
    return tuple(flag) if isinstance(flag, (tuple, list)) else (bool(flag),) * axes


def _images(coords, shape, periodic, twisted, reach):
    """Every copy of the cell coords in the plane (or space) the board is wrapped from: shifted
    by whole lengths along periodic axes, mirrored across the other axis for each odd shift
    along a twisted one (the covering-space picture of a surface, written from its definition)."""
    copies = [list(coords)]
    for axis, length in enumerate(shape):
        if not periodic[axis]:
            continue
        laps = reach // length + 1
        grown = []
        for copy in copies:
            for lap in range(-laps, laps + 1):
                image = list(copy)
                image[axis] += lap * length
                if twisted[axis] and lap % 2:
                    other = 1 - axis
                    image[other] = shape[other] - 1 - image[other]
                grown.append(image)
        copies = grown
    return copies


def surface_links(shape, *, periodic=False, twisted=False, leaper=(1, 2)):
    """Each square's neighbours (0-based, sets) on the board of shape, from _images: b is a
    neighbour of a when a copy of b lies a leap from a and b is not a."""
    axes = len(shape)
    periodic, twisted = _per_axis(periodic, axes), _per_axis(twisted, axes)
    cells = []
    for index in range(_cells(shape)):
        out, rest = [], index
        for length in reversed(shape):
            rest, coordinate = divmod(rest, length)
            out.append(coordinate)
        cells.append(out[::-1])
    legal = tuple(sorted(leaper))
    links = []
    for a, here in enumerate(cells):
        near = set()
        for b, there in enumerate(cells):
            for image in _images(there, shape, periodic, twisted, max(leaper)):
                moved = sorted(abs(x - y) for x, y in zip(image, here) if x != y)
                if a != b and tuple(moved) == legal:
                    near.add(b)
        links.append(sorted(near))
    return links


def _cells(shape):
    n = 1
    for length in shape:
        n *= length
    return n


def assert_surface_tour(squares, shape, *, periodic=False, twisted=False, closed=False, leaper=(1, 2), holes=()):
    """Fail unless squares (1-based, row-major over shape) visit every cell of the box shape but
    the holes once, each step a leap (a along one axis, b along another) to some copy of the next
    square in the unwrapped plane, and never from a square to itself."""
    squares = list(squares)
    axes = len(shape)
    periodic, twisted = _per_axis(periodic, axes), _per_axis(twisted, axes)
    n = 1
    for length in shape:
        n *= length
    wanted = set(range(1, n + 1)) - set(holes)
    assert len(squares) == len(wanted), f"{len(squares)} squares on a board of {len(wanted)}"
    assert set(squares) == wanted, "not every square exactly once, or a hole visited"

    def coords(number):
        out, rest = [], number - 1
        for length in reversed(shape):
            rest, index = divmod(rest, length)
            out.append(index)
        return out[::-1]

    legal = tuple(sorted(leaper))
    if closed:
        assert len(squares) > 2, "a closed tour is a cycle: at least three squares"
        squares.append(squares[0])
    for a, b in zip(squares, squares[1:]):
        here, there = coords(a), coords(b)
        assert a != b
        ok = False
        for image in _images(there, shape, periodic, twisted, max(leaper)):
            moved = [abs(x - y) for x, y in zip(image, here)]
            nonzero = sorted(d for d in moved if d)
            if len(nonzero) == 2 and tuple(nonzero) == legal or (legal[0] == 0 and nonzero == [legal[1]]):
                ok = True
                break
        assert ok, f"{a} to {b} is not a leap on the {shape} board (periodic={periodic}, twisted={twisted})"
