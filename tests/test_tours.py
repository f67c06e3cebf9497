"""knight.tours(): every tour, lazily, in the documented order; the walker against its twin."""

import itertools
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

import knight
import knight._impl
from knight.count._enumerate import neighbours
from knight.search._find import KNIGHT_MOVES
from validator import assert_tour


@pytest.mark.parametrize(
    "size, options",
    [
        (5, {"start": 1}),
        (5, {"start": "c3"}),
        ((3, 10), {"closed": True}),
        ((5, 6), {"closed": True}),
        ((5, 6), {"closed": True, "start": 9}),
        ((3, 7), {}),
        ((4, 5), {}),
    ],
)
def test_tours_are_valid_distinct_and_as_many_as_counted(counter, size, options):
    rows, cols = (size, size) if isinstance(size, int) else size
    found = list(knight.tours(size, **options))
    assert len(found) == knight.count(size, **options)
    assert len(set(found)) == len(found)
    closed = options.get("closed", False)
    for each in found:
        assert isinstance(each, knight.Tour) and each.size == (rows, cols)
        assert_tour(each, rows, cols, closed=closed)
    if "start" in options:
        start = knight.tour(size, options["start"], closed=closed).start
        assert {each.start for each in found} == {start}
    elif closed:  # each cycle once, from square 1
        assert {each.start for each in found} == {1}
        cycles = {frozenset(frozenset(pair) for pair in zip(each, list(each[1:]) + [each[0]])) for each in found}
        assert len(cycles) == len(found)


def test_order_is_deterministic_and_documented(counter):
    found = list(knight.tours(5, start=1))
    assert found == list(knight.tours(5, start=1))
    assert found[0] == knight.tour(5, 1)  # Warnsdorff order: knight.tour's first round finds it
    every = list(knight.tours(5))
    starts = [each.start for each in every]
    assert starts == sorted(starts)  # starts in square order
    assert [each for each in every if each.start == 1] == found


def test_closed_tours_without_start_go_first_to_the_earlier_move(counter):
    home = [square + 1 for square in neighbours(5, 6, 0)]
    for each in knight.tours((5, 6), closed=True):
        assert home.index(each[1]) < home.index(each[-1])


def test_first_tour_arrives_at_once_on_8x8(counter):
    starts = range(1, 65) if counter.__name__.endswith("_count") else (1, 28, 64)
    began = time.perf_counter()
    for start in starts:
        first = next(knight.tours(8, start=start))
        assert_tour(first, 8, 8)
        assert first.start == start
    assert time.perf_counter() - began < 2
    assert next(knight.tours(8)).start == 1
    assert_tour(next(knight.tours(8, closed=True)), 8, 8, closed=True)


def test_tours_is_lazy_and_checks_its_arguments_at_once(counter):
    with pytest.raises(knight.InvalidInputError, match="square 26"):
        knight.tours(5, start=26)
    with pytest.raises(knight.InvalidTypeError):
        knight.tours("5")
    assert len(list(itertools.islice(knight.tours(8, start=1), 3))) == 3


def test_tours_max_nodes(counter):
    with pytest.raises(knight.SearchLimitError, match="max_nodes=10"):
        list(knight.tours(5, start=1, max_nodes=10))


def test_compiled_and_twin_enumerate_identically(both_counters, monkeypatch):
    compiled, twin = both_counters
    results = []
    for module in (compiled, twin):
        monkeypatch.setattr(knight._impl, "counter", module)
        results.append(
            (list(knight.tours(5, start=1)), list(knight.tours((5, 6), closed=True)), list(knight.tours((3, 7))))
        )
    assert results[0] == results[1]


@st.composite
def walks(draw):
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    n = rows * cols
    prefix = [draw(st.integers(0, n - 1))]
    for _ in range(draw(st.integers(0, 6))):
        onward = [square for square in neighbours(rows, cols, prefix[-1]) if square not in prefix]
        if not onward:
            break
        prefix.append(draw(st.sampled_from(onward)))
    ends = None
    if draw(st.booleans()):
        ends = draw(st.lists(st.sampled_from(neighbours(rows, cols, prefix[0]) or [prefix[0]]), unique=True))
    target = draw(st.integers(len(prefix), n))
    return rows, cols, prefix, ends, target, draw(st.booleans()), draw(st.integers(1, 50))


def _trace(module, rows, cols, prefix, ends, target, ordered, chunk):
    walker = module.Walker(rows, cols, prefix, ends, target, ordered, KNIGHT_MOVES)
    steps = []
    for _ in range(2000):
        status, nodes, squares = walker.next(chunk)
        steps.append((status, nodes, None if squares is None else list(squares)))
        if status == module.EXHAUSTED:
            break
    counter = module.Walker(rows, cols, prefix, ends, target, ordered, KNIGHT_MOVES)
    return steps, counter.count(10**7)


@given(walks())
def test_compiled_and_twin_walk_identically(both_counters, walk):
    compiled, twin = both_counters
    assert _trace(compiled, *walk) == _trace(twin, *walk)


def test_walker_refuses_bad_paths(counter):
    for prefix, target in (([], 5), ([0, 0], 5), ([30], 25), ([0], 26)):
        with pytest.raises(ValueError):
            counter.Walker(5, 5, prefix, None, target, False, KNIGHT_MOVES)
    with pytest.raises(ValueError, match="off a board"):
        counter.Walker(5, 5, [0], [25], 25, False, KNIGHT_MOVES)
    for rows, cols in ((0, 5), (-1, -1), (2**16, 2**16)):
        with pytest.raises(ValueError, match="a walk needs a board"):
            counter.Walker(rows, cols, [0], None, 1, False, KNIGHT_MOVES)


@pytest.mark.parametrize("rows, cols, ends", [(9, 9, None), (5, 14, None), (6, 12, (14, 25))])
def test_compiled_and_twin_agree_past_64_squares(both_counters, rows, cols, ends):
    """Boards of more than 64 squares flood-fill without bitboards in the compiled walker."""
    compiled, twin = both_counters
    for ordered in (True, False):
        runs = []
        for module in (compiled, twin):
            walker = module.Walker(rows, cols, [0], ends, rows * cols, ordered, KNIGHT_MOVES)
            runs.append([walker.next(3_000) for _ in range(5)] + [walker.count(20_000)])
        assert runs[0] == runs[1]
