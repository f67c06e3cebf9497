"""Starts on every board up to 30×30, open and closed: a tour or a reasoned "no", each cheap.

Every start is asked on the boards where the start decides the work: those with a side of
at most 4 (the narrow searches; from _strips.AUTO_FROM on, where the stored bases serve,
tests/test_strips.py asks every start and this test a sample), those up to 11×11 (searched
from each start) and those with both sides odd up to 21 (backtracked from each start: "never
more than a few thousand nodes"; auto backtracks odd boards at least 7 wide up to 31 and builds
those 5 wide from 13, which the sample below covers). On every other board up to 30×30,
a fixed sample: the corners, the squares next to them (both colours), the squares a
knight's move in, the middles of the edges and the centre, and a few picked at random
with a seed of the board's own. KNIGHT_SLOW=1 asks every start on every board (432,450
questions), as .github/workflows/slow.yml does every week; benchmarks/bench_sweep.py times it.

"Cheap" is counted, not timed: each call gets max_nodes=NODES, ten times the most any start
takes (9,960 search nodes: 5×8, square 30, open), so a start that sends the search astray
fails here on any machine, however loaded.
"""

import importlib
import os
import random

import pytest

import knight
import knight.construct._kernels
import knight.model._kernels
import knight.search._kernels
from knight.construct import _strips

from validator import assert_tour

SIDE = 30
NODES = 100_000  # search nodes a call may take
SLOW = bool(os.environ.get("KNIGHT_SLOW"))
RANDOM_STARTS = 4


def every_start(rows, cols):
    """Whether every start of rows×cols is asked (see the module docstring)."""
    short, long = sorted((rows, cols))
    if short <= 4:  # test_strips.test_every_start_from_the_threshold asks every start from AUTO_FROM
        return SLOW or long < _strips.AUTO_FROM.get(short, SIDE + 1)
    return SLOW or long <= 11 or (rows % 2 and cols % 2 and long <= 21)


def sample(rows, cols):
    """The starts asked on rows×cols: every one, or the fixed sample (1-based, in order)."""
    if every_start(rows, cols):
        return range(1, rows * cols + 1)
    cells = {
        (row, col) for row in (0, 1, rows // 2, rows - 2, rows - 1) for col in (0, 1, cols // 2, cols - 2, cols - 1)
    }
    cells |= {(1, 2), (2, 1), (rows - 2, cols - 3), (rows - 3, cols - 2)}  # a knight's move in from two corners
    picked = random.Random(rows * 1000 + cols).sample(range(rows * cols), RANDOM_STARTS)
    return sorted({row * cols + col + 1 for row, col in cells} | {square + 1 for square in picked})


def sweep(sizes, closed, starts=sample):
    """Ask for a tour from each start on each board; a "no" must be what knight.exists says."""
    asked = 0
    for rows, cols in sizes:
        board = knight.Board((rows, cols))  # one Board for the board's questions
        for start in starts(rows, cols):
            try:
                found = knight.tour(board, start, closed=closed, max_nodes=NODES)
            except knight.NoTourError:
                found = None
                assert not knight.exists(board, closed=closed, start=start)
            asked += 1
            if found is not None:
                assert found.start == start
                assert_tour(found, rows, cols, closed=closed)
    return asked


@pytest.fixture
def compiled(monkeypatch):
    if knight.model._kernels.NO_EXTENSIONS:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
    monkeypatch.setattr(knight.search._kernels, "core", importlib.import_module("knight.search._core"))


@pytest.mark.parametrize("closed", [False, True])
@pytest.mark.parametrize("rows", range(1, SIDE + 1))
def test_starts_on_every_board_up_to_30(compiled, rows, closed):
    asked = sweep([(rows, cols) for cols in range(1, SIDE + 1)], closed)
    assert asked >= SIDE  # every board, at least one start each


def test_the_sample_covers_every_kind_of_start():
    """Corners, both colours, edges and centre on the sampled boards; all starts elsewhere."""
    for rows in range(1, SIDE + 1):
        for cols in range(1, SIDE + 1):
            starts = list(sample(rows, cols))
            assert len(set(starts)) == len(starts) and all(1 <= s <= rows * cols for s in starts)
            if every_start(rows, cols):
                assert starts == list(range(1, rows * cols + 1))
                continue
            cells = {divmod(s - 1, cols) for s in starts}
            corners = {(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)}
            assert corners <= cells
            assert {(row + col) % 2 for row, col in cells} == {0, 1}
            assert {(rows // 2, cols // 2), (0, cols // 2), (rows // 2, 0)} <= cells
            assert len(starts) <= 5 * 5 + 4 + RANDOM_STARTS  # a sample, the same size on any board


@pytest.mark.once  # the twin's search core, put in use here in either job
@pytest.mark.parametrize("closed", [False, True])
def test_twin_on_narrow_and_small_boards(monkeypatch, closed):
    monkeypatch.setattr(knight.search._kernels, "core", importlib.import_module("knight.search._core_py"))
    sizes = [(m, n) for m in (3, 4) for n in range(3, 13)] + [(n, m) for m in (3, 4) for n in (7, 8, 11)]
    assert sweep(sizes, closed, starts=lambda m, n: range(1, m * n + 1)) == sum(m * n for m, n in sizes)
