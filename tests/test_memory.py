"""Bounded memory: what a call allocates is freed when it returns, or held in a small bounded
cache (model._board: neighbour lists of the last 4 boards of at most 4,096 squares; rectangle()
and the method choice: 256 Boards of a few hundred bytes; the search's closed tours: 8 of at
most 10,000 squares). Measured with tracemalloc in a fresh process, so no other test's calls
are counted."""

import os
import subprocess
import sys

import pytest

import knight
import knight.model._kernels

CHILD = """
import gc, tracemalloc, knight
knight.tour(8)  # the imports and the first call's one-off set-up are not the question
tracemalloc.start()
before = tracemalloc.get_traced_memory()[0]
for side in {sides!r}:
    try:
        tour = knight.tour(side, start=1, method={method!r})
        assert len(tour) == side * side
        del tour
    except knight.WarnsdorffStuckError:  # the rule alone gets stuck on some boards: its partial path is let go
        pass
gc.collect()
kept = tracemalloc.get_traced_memory()[0] - before
print(kept)
"""

#: What three tours on 300..500 a side may leave allocated after they return.
MOST_KEPT = 10 * 2**20


def kept_after(method, sides, twin):
    """Bytes still allocated after tours of side × side for sides, in a fresh process."""
    env = dict(os.environ, KNIGHT_NO_EXTENSIONS="1") if twin else dict(os.environ)
    code = CHILD.format(method=method, sides=sides)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1])


@pytest.mark.parametrize("method", ["warnsdorff", "auto", "backtrack"])
def test_three_large_tours_leave_little_allocated(method):
    """The seeds' walk is Python on both cores; the compiled search and construction here."""
    if knight.model._kernels.NO_EXTENSIONS:
        pytest.skip("the compiled core's: the compiled job measures these (and the twins, below)")
    kept = kept_after(method, (300, 400, 500), twin=False)
    assert kept < MOST_KEPT, f"{kept:,} bytes kept after three {method} tours of 300..500 a side"


@pytest.mark.once  # the child runs the twins in either job
@pytest.mark.parametrize(
    "method, sides",
    # The twin's backtracking search takes 5 s on 200 a side: 100 (10,000 squares, the most whose
    # closed tour search._methods keeps) and 150 (past it, built anew) reach both of its paths.
    [("auto", (100, 150, 200)), ("backtrack", (100, 150))],
)
def test_the_twins_leave_little_allocated(method, sides):
    """The twins' own caches (neighbour lists, closed tours) on boards the twin searches in seconds."""
    kept = kept_after(method, sides, twin=True)
    assert kept < MOST_KEPT, f"{kept:,} bytes kept after {method} tours of {sides} a side on the twins"
