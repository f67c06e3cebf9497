"""Many threads at once over knight's shared caches: the same answers as one thread.

The compiled modules declare themselves free-threading compatible (setup.py), so on a
free-threaded Python (3.14t) these threads really run in parallel. What they share is only
what the module level keeps: functools.lru_caches (thread-safe) of immutable values, and
search/_find.py's _SQUARE_BOARDS, a dict of immutable Boards whose writes are idempotent
(two threads may both build the n×n Board; either one is kept, and they are equal).
"""

import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor

import pytest

import knight

from validator import assert_board_tour, assert_tour

THREADS = 8


def _run_all(job, arguments):
    with ThreadPoolExecutor(THREADS) as pool:
        return list(pool.map(job, arguments))


def test_the_gil_stays_off_on_a_free_threaded_python():
    if not sysconfig.get_config_var("Py_GIL_DISABLED"):
        pytest.skip("not a free-threaded Python")
    import knight.construct._kernel  # noqa: F401  (every compiled module, imported: none may
    import knight.count._walker  # noqa: F401      turn the GIL back on)
    import knight.search._core  # noqa: F401

    assert knight.IMPLEMENTATION == "cython"
    assert not sys._is_gil_enabled()


def test_tours_of_many_sizes_at_once():
    """Square boards (the _SQUARE_BOARDS dict), rectangles and constructions (lru_caches)."""
    questions = [
        (size, start, closed) for size in (5, 6, 8, 12, 30, 60) for start in (1, 3) for closed in (False, True)
    ]
    questions = [q for q in questions if not (q[2] and q[0] % 2)] * 3
    tours = _run_all(lambda q: knight.tour(q[0], q[1], closed=q[2]), questions)
    for (size, start, closed), found in zip(questions, tours):
        assert found.start == start
        assert_tour(found, size, size, closed=closed)


def test_strips_and_shapes_at_once():
    boards = [(3, 40), (4, 41), (3, 17), knight.Board((6, 6), holes=["a1", "f1"])] * 4
    tours = _run_all(knight.tour, boards)
    for board, found in zip(boards, tours):
        if isinstance(board, knight.Board):
            assert_board_tour(found, board.picture())
        else:
            assert_tour(found, *board)


def test_counts_at_once_agree_with_one_thread():
    questions = [((5, 5), None, False), ((3, 10), None, True), ((5, 5), 1, False)] * 3
    expected = {q: knight.count(q[0], q[1], closed=q[2]) for q in set(questions)}
    found = _run_all(lambda q: knight.count(q[0], q[1], closed=q[2]), questions)
    assert found == [expected[q] for q in questions]


def test_text_of_one_tour_from_many_threads():
    tour = knight.tour(40)
    texts = _run_all(lambda _: (tour.line(), tour.grid(), tuple(tour)), range(THREADS * 2))
    assert all(text == texts[0] for text in texts)
