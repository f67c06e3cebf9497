"""Every start on every board up to 30×30, open and closed: a tour or a reasoned "no", each fast."""

import importlib
import time

import pytest

import knight
import knight.construct._kernels
import knight.model._kernels
import knight.search._kernels

from validator import assert_tour

SIDE = 30
PER_CALL = 1.0  # seconds


def sweep(sizes, closed, starts=lambda n: range(1, n + 1)):
    """Ask for a tour from each start on each board; return the slowest call as (seconds, where)."""
    slowest = (0.0, None)
    for rows, cols in sizes:
        for start in starts(rows * cols):
            began = time.perf_counter()
            try:
                found = knight.tour((rows, cols), start, closed=closed)
            except knight.NoTourError:
                found = None
                assert not knight.exists((rows, cols), closed=closed, start=start)
            elapsed = time.perf_counter() - began
            slowest = max(slowest, (elapsed, (rows, cols, start)))
            if found is not None:
                assert found.start == start
                assert_tour(found, rows, cols, closed=closed)
    return slowest


@pytest.fixture
def compiled(monkeypatch):
    if knight.model._kernels.NO_EXTENSIONS:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
    monkeypatch.setattr(knight.search._kernels, "core", importlib.import_module("knight.search._core"))


@pytest.mark.parametrize("closed", [False, True])
@pytest.mark.parametrize("rows", range(1, SIDE + 1))
def test_every_start_on_every_board_up_to_30(compiled, rows, closed):
    seconds, where = sweep([(rows, cols) for cols in range(1, SIDE + 1)], closed)
    assert seconds < PER_CALL, f"{where}: {seconds:.2f} s"


@pytest.mark.parametrize("closed", [False, True])
def test_twin_on_narrow_and_small_boards(monkeypatch, closed):
    monkeypatch.setattr(knight.search._kernels, "core", importlib.import_module("knight.search._core_py"))
    sizes = [(m, n) for m in (3, 4) for n in range(3, 13)] + [(n, m) for m in (3, 4) for n in (7, 8, 11)]
    seconds, where = sweep(sizes, closed)
    assert seconds < 20 * PER_CALL, f"{where}: {seconds:.2f} s"
