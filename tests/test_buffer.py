"""Compact tours: one int32 buffer, shared through the buffer protocol; formats that stream."""

import importlib
import io
import sys

import pytest

import knight
import knight.construct._kernels
import knight.model._kernels
import knight.search._kernels
from knight.cli import main
from knight.model import _text

from validator import assert_board_tour, assert_tour


@pytest.fixture(params=["cython", "python"])
def storage(request):
    """The storage base of Tour, compiled or pure (Tour itself uses the selected one)."""
    if request.param == "cython":
        if knight.model._kernels.NO_EXTENSIONS:
            pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
        return importlib.import_module("knight.model._storage")
    return importlib.import_module("knight.model._storage_py")


def squares_of(storage, tour):
    """An object of the storage base class holding tour's squares, as Tour would."""

    class Holder(storage.SquareBuffer):
        __slots__ = ()

    holder = Holder()
    holder._squares = tour._squares
    return holder


def test_tour_keeps_one_int32_array():
    tour = knight.tour(30, 1)
    assert tour._squares.typecode == "i" and tour._squares.itemsize == 4
    assert isinstance(tour, knight.model._kernels.storage.SquareBuffer)


def test_memoryview_shares_the_squares_read_only(storage):
    if storage.__name__.endswith("_py") and sys.version_info < (3, 12):
        pytest.skip("pure-Python buffers need Python 3.12 (PEP 688); numpy uses __array__ instead")
    tour = knight.tour(30, 1)
    view = memoryview(squares_of(storage, tour))
    assert (view.format, view.itemsize, view.shape, view.readonly) == ("i", 4, (900,), True)
    assert view.tolist() == list(tour)
    with pytest.raises(TypeError):
        view[0] = 5
    with pytest.raises(BufferError):
        tour._squares.append(1)  # the shared array is pinned while exported
    view.release()


def test_memoryview_of_a_tour():
    if knight.model._kernels.NO_EXTENSIONS and sys.version_info < (3, 12):
        pytest.skip("pure-Python buffers need Python 3.12 (PEP 688)")
    tour = knight.tour(8, 1)
    assert memoryview(tour).tolist() == list(tour)


def test_numpy_shares_without_copying(storage):
    numpy = pytest.importorskip("numpy")
    tour = knight.tour(100, 1)
    shared = numpy.asarray(squares_of(storage, tour))
    assert shared.dtype == numpy.int32 and shared.shape == (10_000,)
    assert numpy.shares_memory(shared, numpy.frombuffer(tour._squares, dtype=numpy.int32))
    assert not shared.flags.writeable
    assert shared.tolist() == list(tour)
    copied = numpy.array(squares_of(storage, tour))
    assert copied.flags.writeable and not numpy.shares_memory(copied, shared)


def test_tour_is_still_immutable_and_hashable():
    tour = knight.tour(30, 1)
    with pytest.raises((AttributeError, TypeError)):
        tour.rows = 4
    assert hash(tour) == hash(knight.tour(30, 1)) and tour == knight.tour(30, 1)


def test_streamed_formats_agree_with_the_definitions(text_encoder):
    tour = knight.tour((300, 301), 1)  # more squares than one chunk
    assert len(tour) > _text.CHUNK
    assert tour.line() == " ".join(map(str, tour))
    matrix = tour.matrix()
    assert all(matrix[(square - 1) // 301][(square - 1) % 301] == move for move, square in enumerate(tour, 1))
    width = len(str(300 * 301))
    grid = tour.grid().split("\n")
    assert grid[5] == " ".join(f"{move:>{width}}" for move in matrix[5])
    boxed = tour.grid(boxed=True).split("\n")
    assert boxed[2 * 5 + 1] == "|" + "|".join(f" {move:>{width}} " for move in matrix[5]) + "|"


#: A 20×21 board less four holes (a1, c3, k10, s18), as a picture.
HOLES = {(19, 0), (17, 2), (10, 10), (2, 18)}
HOLEY = "\n".join(" ".join("#" if (row, col) in HOLES else "." for col in range(21)) for row in range(20))


@pytest.mark.parametrize("fmt", ["line", "matrix", "grid", "boxed", "coords", "algebraic"])
@pytest.mark.parametrize("size", ["260x270", "-"])
def test_cli_streams_the_same_text(fmt, size, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(HOLEY.encode())))  # "-" reads the picture
    assert main([size, "--start", "7", "--format", fmt]) == 0
    if size == "-":
        tour = knight.tour(knight.Board.parse(HOLEY), 7)
        assert_board_tour(tour, HOLEY)
    else:
        tour = knight.tour((260, 270), 7)
        assert_tour(tour, 260, 270)
    out = capsys.readouterr().out
    expected = {
        "line": tour.line(),
        "matrix": "\n".join(" ".join(map(str, row)) for row in tour.matrix()),
        "grid": tour.grid(),
        "boxed": tour.grid(boxed=True),
        "coords": "\n".join(f"{row} {col}" for row, col in tour.coords()),
        "algebraic": " ".join(tour.algebraic()),
    }[fmt]
    assert out == expected + "\n"


def test_repr_of_a_huge_tour_is_abridged():
    tour = knight.tour(200, 1)
    assert repr(tour) == f"<Tour of 200×200, 40,000 squares: {', '.join(map(str, tour[:5]))}, ..., {tour.end}>"
    small = knight.tour(100, 1)
    assert eval(repr(small), {"Tour": knight.Tour, "Board": knight.Board}) == small


def test_cli_writes_a_huge_line_in_bounded_memory(compiled_construction):
    """The line format of 2000×2000 (about 31 MB of text) holds the tour (16 MB) and a chunk, not the text."""
    import os
    import subprocess

    child = (
        "import os, resource, sys\n"
        "from knight.cli import main\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "sys.stdout = open(os.devnull, 'w')\n"
        "main(['2000', '--start', '1', '--format', 'line'])\n"
        "sys.stderr.write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before))\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, env=env, check=True)
    grown_kib = int(done.stderr)
    assert grown_kib < 16_000 + 8_000, f"peak memory grew by {grown_kib} KiB"


def test_pickle_and_copy():
    import copy
    import pickle

    tour = knight.tour(30, 1)
    for again in (pickle.loads(pickle.dumps(tour)), copy.copy(tour), copy.deepcopy(tour)):
        assert again == tour and type(again) is knight.Tour
