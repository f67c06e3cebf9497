"""Meeting in the middle (count/_join): the same counts as the plain sweep, on both kernels
(checkpoints: tests/test_spill.py)."""

import importlib
import os
import random

import pytest

import knight
from knight.count import _frontier_py, _join
from knight.count._plan import question_of
from knight.model._errors import SearchLimitError

KNIGHT = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))


def kernels():
    """The twin, and the compiled kernel unless KNIGHT_NO_EXTENSIONS is set."""
    found = [_frontier_py]
    if not os.environ.get("KNIGHT_NO_EXTENSIONS"):
        found.append(importlib.import_module("knight.count._frontier"))
    return found


@pytest.fixture
def kernel(frontier):
    """The kernel the join runs on: conftest's frontier (compiled, or the twin), which also puts it in use, so
    that its [python] cases run in the compiled job alone, as every implementation fixture's do."""
    return frontier


def questions(rows, cols, mask=None):
    """Open and closed, without and with fixed ends (corners, the middle)."""
    squares = [q for q in range(rows * cols) if mask is None or mask[q]]
    ends = [(None, None), (squares[0], None), (squares[0], squares[-1]), (squares[len(squares) // 2], None)]
    return [(s, e, False) for s, e in ends] + [(None, None, True), (squares[0], None, True)]


SLOW = pytest.mark.skipif(not os.environ.get("KNIGHT_SLOW"), reason="slow: set KNIGHT_SLOW=1")


@pytest.mark.parametrize(
    "rows,cols",
    [(3, 4), (4, 4), (3, 6), (4, 5), (3, 8), (8, 3), pytest.param(5, 4, marks=SLOW), pytest.param(5, 5, marks=SLOW)],
)
def test_the_join_counts_as_the_plain_sweep(kernel, rows, cols):
    for start, end, closed in questions(rows, cols):
        question = question_of(rows, cols, None, start, end, closed, KNIGHT)
        assert _join.count(question, kernel) == _frontier_py.count(*question), question


@pytest.mark.parametrize("at", [1, 2, 3, 4])
def test_any_cut_gives_the_same_count(kernel, at):
    for question in [
        question_of(4, 5, None, None, None, False, KNIGHT),
        question_of(3, 6, None, 0, None, False, KNIGHT),
    ]:
        assert _join.count(question, kernel, at) == _frontier_py.count(*question)


@pytest.mark.parametrize("seed", range(4))
def test_boards_with_holes_and_other_leapers(kernel, seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(4, 4), (3, 6), (4, 5)])
    mask = bytes(int(rng.random() > 0.15) for _ in range(rows * cols))
    for start, end, closed in questions(rows, cols, mask):
        question = question_of(rows, cols, mask, start, end, closed, KNIGHT)
        assert _join.count(question, kernel) == _frontier_py.count(*question), question
    quarter = [int(rng.random() > 0.15) for _ in range(4 * 6)]  # mirrored both ways: both sweeps merge images
    mask = bytes(quarter[min(r, 3 - r) * 6 + min(c, 5 - c)] for r in range(4) for c in range(6))
    for closed in (False, True):
        question = question_of(4, 6, mask, None, None, closed, KNIGHT)
        assert _join.count(question, kernel) == _frontier_py.count(*question), question
    giraffe = tuple((a * s, b * t) for a, b in ((1, 4), (4, 1)) for s in (1, -1) for t in (1, -1))
    for closed in (False, True):
        question = question_of(4, 6, None, None, None, closed, giraffe)
        assert _join.count(question, kernel) == _frontier_py.count(*question)


def test_the_kernels_sweep_the_same_states_across_the_cut():
    if len(kernels()) < 2:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set")
    twin, compiled = kernels()
    _, parts = _join.cut(question_of(4, 6, None, None, None, False, KNIGHT))  # symmetric: right = left
    left = [kernel.layer(parts.left, 0, [(b"", 1)], parts.left_steps) for kernel in (twin, compiled)]
    assert left[0] == left[1]
    right = _join.right_states(parts, left[0])
    crossing = _join.pruned(parts, left[0], right)
    across = [kernel.layer(crossing, 0, left[0], len(crossing.steps)) for kernel in (twin, compiled)]
    assert across[0] == across[1]
    assert twin.join(across[0], right, False) == compiled.join(across[0], right, False) == 1488 // 2


def test_knight_count_by_the_join(frontier):
    assert knight.count((4, 5), method="join") == 164
    assert knight.count((3, 10), closed=True, method="join") == 16
    assert knight.count((3, 8), method="join") == knight.count((3, 8), method="frontier")
    assert knight.count(1, method="join") == 1  # a board that cannot be cut: the plain sweep


@pytest.mark.parametrize("pieces", [1, 3])
def test_the_join_in_pieces_on_an_executor_adds_up(kernel, pieces):
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        for question in [
            question_of(4, 5, None, None, None, False, KNIGHT),
            question_of(3, 10, None, None, None, True, KNIGHT),
        ]:
            assert _join.count(question, kernel, executor=pool, pieces=pieces) == _frontier_py.count(*question)
    question = question_of(4, 5, None, 0, None, False, KNIGHT)
    _, parts = _join.cut(question)
    left = kernel.layer(parts.left, 0, [(b"", 1)], parts.left_steps)
    right = _join.right_states(parts, kernel.layer(parts.right, 0, [(b"", 1)], parts.right_steps))
    across = kernel.layer(_join.pruned(parts, left, right), 0, left, len(parts.crossing.steps))
    work = _join.split(across, right, False, parts.ends, 3)
    assert len({state for _, theirs in work for state in theirs}) == sum(len(theirs) for _, theirs in work)  # once each
    assert sum(kernel.join(mine, theirs, False, parts.ends) for mine, theirs in work) == 32


@SLOW
def test_oeis_counts_by_the_join_compiled():
    """A001230 (6×6 closed), A165134 (6×6 open), A175881 (6×8 closed), by the compiled join."""
    if len(kernels()) < 2:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set")
    compiled = kernels()[1]
    for rows, cols, closed, tours in [(6, 6, True, 9862), (6, 6, False, 6637920), (6, 8, True, 55488142)]:
        assert _join.count(question_of(rows, cols, None, None, None, closed, KNIGHT), compiled) == tours


def test_the_join_on_an_executor_stops_at_its_deadline(frontier):
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool, pytest.raises(SearchLimitError):
        knight.count((6, 8), closed=True, method="join", executor=pool, timeout=0.3)


def test_a_progress_bar_over_the_join(frontier, capsys):
    pytest.importorskip("tqdm")
    assert knight.count((3, 10), closed=True, progress=True, method="join") == 16
    assert "square" in capsys.readouterr().err
