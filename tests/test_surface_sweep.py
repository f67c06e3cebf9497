"""The frontier sweep on cylinders and boxes (count._plan.surface_plan): layer by layer along an axis
whose ends are not joined, with the same counts as the enumeration (count._enumerate) and the
independent brute-force counter (tests/brute.py) on both cores; the boards it does not take refused
with a message naming the method that does."""

import os
import pickle
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

import pytest

import knight
import knight.model._kernels
from knight.count import _plan

from brute import brute_count
from validator import surface_links

SLOW = bool(os.environ.get("KNIGHT_SLOW"))
KNIGHT = knight.Board(3).steps
CYLINDER = {"columns": (False, True), "rows": (True, False)}  # which axis wraps

#: The cylinders whose counts the enumeration walks at once, in both orientations: open, closed and from a
#: square up to 12 squares (and brute force), closed and from a square up to 20 (the rest: KNIGHT_SLOW).
CYLINDERS = [(m, n) for m in range(1, 6) for n in range(1, 7) if m * n <= 12 or (m * n <= 20 and min(m, n) >= 3)]
SLOW_CYLINDERS = [(5, 5), (3, 6), (4, 6), (6, 3), (6, 4), (4, 5), (5, 4)]


@lru_cache(maxsize=None)
def _enumerated(board, *start, **options):
    """The enumeration's count, the reference: remembered for the other implementation's case of the
    question, which runs next (tests/conftest.py pairs them)."""
    return knight.count(board, *start, method="enumerate", **options)


def _swept(board, *start, **options):
    return knight.count(board, *start, method="frontier", **options)


@lru_cache(maxsize=None)
def _brute(board, closed):
    links = surface_links(board.shape, periodic=board.periodic)
    rows, cols = board.size
    return brute_count(rows, cols, closed=closed, links=links)


def _agree(board, starts=(), whole=True):
    """The sweep's counts of board equal the enumeration's: closed, open (unless not whole), and from (and
    to) each of starts."""
    for closed in (False, True):
        if closed or whole:
            assert _swept(board, closed=closed) == _enumerated(board, closed=closed), (board, closed)
        for start in starts:
            assert _swept(board, start, closed=closed) == _enumerated(board, start, closed=closed), (board, start)
    squares = list(board)
    for start in starts:
        end = squares[-1] if start != squares[-1] else squares[0]
        assert _swept(board, start, end=end) == _enumerated(board, start, end=end), (board, start, end)


# -- cylinders --------------------------------------------------------------------------------


@pytest.mark.parametrize("wraps", sorted(CYLINDER))
@pytest.mark.parametrize("size", CYLINDERS, ids=lambda size: "x".join(map(str, size)))
def test_cylinders_as_enumerated(frontier, size, wraps):
    board = knight.Board(size, periodic=CYLINDER[wraps])
    small = len(board) <= 12
    if not small and frontier.__name__.endswith("_py"):  # the twin: the larger ones closed only
        if len(board) > 18:  # 4×5's closed sweep alone takes 2 s there; 3×6 and 4×4 stand for them
            pytest.skip("the twin's sweep of a cylinder past 18 squares: the compiled case's")
        assert _swept(board, closed=True) == _enumerated(board, closed=True)
        return
    _agree(board, starts=(1, (len(board) + 1) // 2) if small else (2,), whole=small)
    if small:
        for closed in (False, True):
            assert _swept(board, closed=closed) == _brute(board, closed), (board, closed)


@pytest.mark.skipif(not SLOW, reason="KNIGHT_SLOW: the cylinders whose enumeration takes seconds")
@pytest.mark.parametrize("wraps", sorted(CYLINDER))
@pytest.mark.parametrize("size", SLOW_CYLINDERS, ids=lambda size: "x".join(map(str, size)))
def test_larger_cylinders_as_enumerated(size, wraps):
    board = knight.Board(size, periodic=CYLINDER[wraps])
    assert _swept(board, closed=True) == _enumerated(board, closed=True)
    if len(board) <= 24:
        assert _swept(board, 2) == _enumerated(board, 2)


@pytest.mark.skipif(not SLOW, reason="KNIGHT_SLOW: a sweep from every square")
@pytest.mark.parametrize("wraps", sorted(CYLINDER))
def test_every_start_adds_up(wraps):
    """The tours from each square add up to all the open tours; the closed tours from a square are
    twice the cycles (on 5×6, out of the enumeration's reach)."""
    board = knight.Board((4, 5), periodic=CYLINDER[wraps])
    assert sum(_swept(board, start) for start in board) == _swept(board)
    board = knight.Board((5, 6), periodic=CYLINDER[wraps])
    assert _swept(board, 7, closed=True) == 2 * _swept(board, closed=True)


def test_cylinder_with_holes_ends_and_a_leaper(frontier):
    holed = knight.Board((4, 4), periodic=(False, True), holes=["a1", "c3"])
    _agree(holed, starts=(2, 8))
    giraffe = knight.Board((4, 5), periodic=(False, True), moves=(1, 4))  # every move across wraps
    _agree(giraffe, starts=(1,))
    wazir = knight.Board((3, 5), periodic=(False, True), moves=(0, 1))  # 5 columns wrap: no colours
    _agree(wazir, starts=(1, 8))
    camel = knight.Board((3, 4), periodic=(True, False), moves=(1, 3))
    _agree(camel, starts=(1, 8))


def test_the_cylinder_is_swept_along_its_open_axis_with_mirror_images_merged():
    for size, wraps in (((4, 7), (True, False)), ((7, 4), (False, True))):
        sweep = _plan.plan(*size, None, None, None, True, KNIGHT, (size, wraps, (False, False)))
        assert max(len(step.here) for step in sweep.steps) == 11  # as on a flat board 4 wide, and 2 wrapping
        assert sum(1 for step in sweep.steps if step.mirror) >= 5  # after each layer
    # a hole off the mirror line: no mirror images merged, and the same count
    board = knight.Board((4, 4), periodic=(False, True), holes=["b2"])
    sweep = _plan.plan(4, 4, board.mask, None, None, False, KNIGHT, ((4, 4), (False, True), (False, False)))
    assert not any(step.mirror for step in sweep.steps)


# -- boxes -------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(2, 2, 3), (2, 2, 4), (2, 2, 6), (3, 3, 3), (1, 3, 4), (2, 3, 4), (2, 3, 5)])
def test_boxes_as_enumerated(frontier, size):
    board = knight.Board(size)
    if len(board) <= 12:
        assert _swept(board) == _enumerated(board) == _brute(board, False)
    if len(board) > 12 and frontier.__name__.endswith("_py"):  # the twin: 2×3×4 closed, the rest compiled
        if len(board) <= 24:
            assert _swept(board, closed=True) == _enumerated(board, closed=True)
        return
    assert _swept(board, closed=True) == _enumerated(board, closed=True)
    assert _swept(board, 1) == _enumerated(board, 1)
    assert _swept(board, 2, end=len(board)) == _enumerated(board, 2, end=len(board))


@pytest.mark.skipif(not SLOW, reason="KNIGHT_SLOW: the boxes whose open tours the enumeration walks for seconds")
@pytest.mark.parametrize("size", [(2, 3, 4), (2, 3, 5)])  # 2×3×6: 8 minutes enumerated
def test_boxes_open_as_enumerated(size):
    board = knight.Board(size)
    assert _swept(board) == _enumerated(board)


def test_boxes_with_holes_joins_and_leapers(frontier):
    _agree(knight.Board((2, 2, 3), periodic=(False, False, True)), starts=(1, 9))  # one axis wraps across
    if frontier.__name__.endswith("_py"):
        return  # the larger ones: the compiled case
    _agree(knight.Board((2, 3, 4), holes=[(0, 1, 1)]), starts=(1,), whole=False)
    _agree(knight.Board((1, 2, 3, 4)), starts=(1,), whole=False)  # four axes


def test_a_box_is_swept_along_the_axis_that_keeps_the_frontier_narrowest():
    for size in ((2, 3, 7), (7, 2, 3), (3, 7, 2)):
        board = knight.Board(size)
        assert _plan.surface_width(*board.size, None, board.steps, (size, (False,) * 3, (False,) * 3)) == 15
    wrap = ((2, 3, 7), (False, False, True), (False,) * 3)  # the long axis wraps: across, then
    assert _plan.surface_width(6, 7, None, knight.Board((2, 3, 7)).steps, wrap) > 15


@pytest.mark.parametrize(
    "size, options",
    [
        ((2, 3, 9), {}),
        ((3, 3, 7), {}),
        ((2, 2, 2, 6), {}),
        ((9, 4), {"periodic": (False, True)}),
        ((2, 3, 9), {"periodic": (True, False, False)}),
        ((3, 3, 9), {"moves": (1, 3)}),
        ((3, 3, 9), {"moves": (0, 1)}),
    ],
)
def test_the_width_measured_on_a_few_layers_is_the_sweep_s(size, options):
    board = knight.Board(size, **options)
    wrap = (board.shape, board.periodic, board.twisted)
    sweep = _plan.plan(*board.size, None, None, None, True, board.steps, wrap)
    assert _plan.surface_width(*board.size, None, board.steps, wrap) == max(len(step.here) for step in sweep.steps)


def test_a_box_whose_layers_are_all_wide_is_not_measured():
    # 68×3×58×68: every layer across holds over 1,024 squares (LAYER_MOST); its graph is not built
    # (the hypothesis fuzz once grew a test worker past the machine's memory measuring such a box)
    board = knight.Board((68, 3, 58, 68))
    wrap = (board.shape, board.periodic, board.twisted)
    assert _plan.surface_width(*board.size, None, board.steps, wrap) == 68 * 3 * 58 > _plan.LAYER_MOST
    with pytest.raises(knight.InvalidInputError, match="count it with method='enumerate'"):
        knight.count(board, start=1, method="frontier", max_nodes=1000)


# -- refused, and auto ---------------------------------------------------------------------------


# The small ones' closed tours are enumerated and checked too; the periodic box's 448,848 only
# in the compiled job (about 20 s on the twin, whose enumerator the other boards check).
@pytest.mark.parametrize(
    "board, why, enumerated",
    [
        (knight.Board((4, 4), periodic=True), "every axis of it wraps", False),
        (knight.Board((3, 4), periodic=(False, True), twisted=(False, True)), "join with a flip", True),
        (knight.Board((3, 3), periodic=True, twisted=(False, True)), "join with a flip", True),
        (knight.Board((2, 2, 3), periodic=True), "every axis of it wraps", not knight.model._kernels.NO_EXTENSIONS),
        (knight.Board((4, 4, 4)), "frontier holds 37 squares", False),
    ],
    ids=["torus", "mobius", "klein", "periodic box", "wide box"],
)
def test_boards_the_sweep_does_not_take_name_the_method(board, why, enumerated):
    with pytest.raises(knight.InvalidInputError, match=why) as refused:
        knight.count(board, method="frontier")
    assert "method='enumerate'" in str(refused.value) and board.name in str(refused.value)
    if enumerated:
        assert knight.count(board, closed=True) == _enumerated(board, closed=True)  # auto enumerates


def test_auto_sweeps_a_cylinder(monkeypatch):
    from knight.count import _enumerate

    def refuse(*args, **kwargs):
        raise AssertionError("auto walked a board the sweep takes")

    monkeypatch.setattr(_enumerate, "walk_count", refuse)
    assert knight.count(knight.Board((4, 4), periodic=(False, True))) == 2592
    assert knight.count(knight.Board((2, 3, 4)), closed=True) == 12132


def test_join_is_for_flat_boards():
    with pytest.raises(knight.InvalidInputError, match="method='frontier'"):
        knight.count(knight.Board((4, 4), periodic=(False, True)), method="join")


def test_the_plan_refuses_what_it_cannot_sweep():
    steps = knight.Board(4).steps
    with pytest.raises(ValueError, match="every axis"):
        _plan.plan(4, 4, None, None, None, False, steps, ((4, 4), (True, True), (False, False)))
    with pytest.raises(ValueError, match="wrap must be"):
        _plan.plan(4, 4, None, None, None, False, steps, 7)
    with pytest.raises(ValueError, match="lays out"):
        _plan.plan(4, 5, None, None, None, False, steps, ((4, 4), (False, True), (False, False)))
    with pytest.raises(ValueError, match="one move along each"):
        _plan.plan(6, 2, None, None, None, False, steps, ((3, 2, 2), (False,) * 3, (False,) * 3))


# -- the count's machinery on these boards ----------------------------------------------------------


def test_pieces_checkpoints_and_limits(tmp_path):
    # the twin job's: 3×5 (276 tours, 0.1 s), as the twin's closed sweep of 4×5 takes 2.3 s
    board = knight.Board((3, 5) if knight.model._kernels.NO_EXTENSIONS else (4, 5), periodic=(False, True))
    whole = _swept(board, closed=True)
    with ThreadPoolExecutor(3) as pool:
        assert knight.count(board, closed=True, method="frontier", executor=pool) == whole
    path = tmp_path / "cylinder.ckpt"
    assert knight.count(board, closed=True, checkpoint=path) == whole
    assert knight.count(board, closed=True, checkpoint=path) == whole  # answered from the file
    with pytest.raises(knight.SearchLimitError, match="max_nodes=10"):
        knight.count(board, method="frontier", max_nodes=10)


def test_shards_are_plain_and_add_up_on_either_core(both_frontiers):
    from test_frontier import sharded  # the sharded sweep by hand, pieces pickled between rounds

    compiled, twin = both_frontiers
    board = knight.Board((2, 3, 4))
    question = _plan.question_of(
        *board.size, None, None, None, True, board.steps, ((2, 3, 4), (False,) * 3, (False,) * 3)
    )
    assert len(question) == 8 and pickle.loads(pickle.dumps(question)) == question
    for engines in ([compiled], [twin], [compiled, twin]):
        assert sharded(engines, question, 3)[0] == 12132


def test_timeout_stops_a_long_cylinder():
    board = knight.Board((5, 6), periodic=(False, True))
    with pytest.raises(knight.SearchLimitError, match="timed out"):
        knight.count(board, method="frontier", timeout=0.2)


def test_cli_counts_a_cylinder():
    env = dict(os.environ)
    for method in ("auto", "frontier"):
        done = subprocess.run(
            [sys.executable, "-m", "knight", "count", "4x4", "--cylinder", "--method", method],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert done.returncode == 0 and done.stdout == "2592\n", done.stderr
