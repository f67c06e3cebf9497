"""Property tests: random questions get a valid tour or a documented error, never anything else.

Random boards (rectangles, and shapes with holes), leapers, starts, methods and closed or
open: every tour passes the independent validator, every NoTourError on a small board is
confirmed by an exhaustive check written here, and the compiled modules and their twins
give the same answers. Then the public functions get random values of random types,
and only knight's documented errors may come out.

Each test has a fixed budget of examples, drawn the same way on every run (derandomize),
so the file's time stays bounded.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import math
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import knight
import knight.construct._kernels
import knight.model._kernels
import knight.search._kernels

from strategies import text
from validator import assert_board_tour

LEAPERS = [(1, 2), (1, 2), (1, 2), (1, 3), (2, 3), (0, 1), (1, 1), (2, 2), (1, 4)]

#: The node budget of every search here: small, so that no example takes long.
BUDGET = 20_000

#: The errors a question with good arguments may end in, besides a tour.
ANSWERS = (knight.NoTourError, knight.SearchLimitError, knight.InvalidInputError)


def fixed(examples: int):
    """A fixed, reproducible budget of examples, with no per-example deadline."""
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@st.composite
def boards(draw, largest: int = 7):
    """A rows×cols board (up to largest a side) for a random leaper, with holes half the time."""
    rows, cols = draw(st.integers(1, largest)), draw(st.integers(1, largest))
    leaper = draw(st.sampled_from(LEAPERS))
    holes: list[int] = []
    if rows * cols > 1 and draw(st.booleans()):
        holes = draw(st.lists(st.integers(1, rows * cols), max_size=rows * cols // 4, unique=True))
    return knight.Board((rows, cols), holes=holes, moves=leaper)


def independent_tour_exists(board: knight.Board, start: int, closed: bool) -> bool:
    """Whether board has a tour from start (a square number), by trying every path (small boards)."""
    squares = list(board)
    index = {square: i for i, square in enumerate(squares)}
    a, b = board.moves
    steps = {(dr, dc) for p, q in ((a, b), (b, a)) for dr in (p, -p) for dc in (q, -q)}
    links = []
    for square in squares:
        row, col = divmod(square - 1, board.cols)
        on_board = [
            (row + dr, col + dc) for dr, dc in steps if 0 <= row + dr < board.rows and 0 <= col + dc < board.cols
        ]
        links.append([index[r * board.cols + c + 1] for r, c in on_board if r * board.cols + c + 1 in index])
    full = (1 << len(squares)) - 1
    first = index[start]

    @lru_cache(maxsize=None)
    def finishes(seen: int, last: int) -> bool:
        if seen == full:
            return not closed or (len(squares) > 1 and first in links[last])
        return any(finishes(seen | 1 << t, t) for t in links[last] if not seen >> t & 1)

    return finishes(1 << first, first)


def check_answer(board: knight.Board, start: int | None, closed: bool, method: str, seed: int):
    """Ask for the tour; return it (validated) or the documented error it ended in."""
    try:
        found = knight.tour(board, start, closed=closed, method=method, max_nodes=BUDGET, seed=seed)
    except ANSWERS as error:
        return type(error)
    assert found.board == board
    assert found.start == (board.first if start is None else start)
    assert_board_tour(list(found), board.picture(), closed=closed, leaper=board.moves)
    return list(found)


@fixed(400)
@given(board=boards(), data=st.data(), closed=st.booleans(), method=st.sampled_from(sorted(knight.METHODS)))
def test_any_question_gets_a_valid_tour_or_a_documented_error(board, data, closed, method):
    start = data.draw(st.one_of(st.none(), st.sampled_from(list(board))))
    seed = data.draw(st.integers(0, 2**32))
    answer = check_answer(board, start, closed, method, seed)
    if answer is knight.NoTourError and len(board) <= 16:  # "none exists" must be true
        assert not independent_tour_exists(board, board.first if start is None else start, closed)
    if isinstance(answer, list) and method in ("random", "warnsdorff", "auto", "backtrack"):
        assert answer == check_answer(board, start, closed, method, seed)  # reproducible


@fixed(60)
@given(
    rows=st.integers(3, 40),
    cols=st.integers(3, 40),
    data=st.data(),
    closed=st.booleans(),
    method=st.sampled_from(["auto", "construct", "backtrack", "warnsdorff", "random"]),
)
def test_larger_knight_rectangles(rows, cols, data, closed, method):
    board = knight.Board((rows, cols))
    start = data.draw(st.integers(1, rows * cols))
    check_answer(board, start, closed, method, data.draw(st.integers(0, 1000)))


@contextlib.contextmanager
def using(attribute: str, module):
    """The kernel <package>._kernels.<attribute> ("search.core", "count.walker") set to module for the block."""
    package, name = attribute.split(".")
    kernels = importlib.import_module(f"knight.{package}._kernels")
    before = getattr(kernels, name)
    setattr(kernels, name, module)
    try:
        yield
    finally:
        setattr(kernels, name, before)


def twins(attribute: str, compiled: str, twin: str):
    """The compiled module and its twin, or a skip when the twin is forced."""
    if knight.model._kernels.NO_EXTENSIONS:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set: there is only the twin")
    return importlib.import_module(compiled), importlib.import_module(twin)


@fixed(150)
@given(board=boards(9), data=st.data(), closed=st.booleans(), method=st.sampled_from(["auto", "backtrack"]))
def test_compiled_core_and_twin_agree(board, data, closed, method):
    modules = twins("search.core", "knight.search._core", "knight.search._core_py")
    start = data.draw(st.sampled_from(list(board)))
    answers = []
    for module in modules:
        with using("search.core", module):
            answers.append(check_answer(board, start, closed, method, 0))
    assert answers[0] == answers[1]


@fixed(60)
@given(board=boards(5), data=st.data(), closed=st.booleans())
def test_compiled_counter_and_twin_agree(board, data, closed):
    modules = twins("count.walker", "knight.count._walker", "knight.count._walker_py")
    start = data.draw(st.one_of(st.none(), st.sampled_from(list(board))))
    counts = []
    for module in modules:
        with using("count.walker", module):
            try:
                counts.append(knight.count(board, start=start, closed=closed, max_nodes=BUDGET))
            except knight.SearchLimitError:
                counts.append(None)
    assert counts[0] == counts[1]


# -- fuzzing the public functions with bad values ---------------------------------------------

HUGE = 10**5000

#: Values of many types, good and bad: small and huge integers, floats, text, containers, None.
ODD_VALUES = [
    None,
    True,
    False,
    0,
    1,
    2,
    3,
    -1,
    5,
    8,
    2**31,
    2**63,
    -(2**63),
    10**20,
    HUGE,
    -HUGE,
    0.5,
    -0.0,
    math.nan,
    math.inf,
    "",
    " ",
    "a1",
    "e4",
    "z99",
    "8",
    "6x7",
    "x",
    "False",
    "a" * 5000 + "1",
    "9" * 5000,
    ". . .\n. # .",
    b"a1",
    (),
    (1,),
    (1, 2),
    (2, 1),
    (0, 0),
    (1, 2, 3),
    (HUGE, 1),
    (1.5, 2),
    ("a", "b"),
    [1, 2],
    [],
    {},
    {"a": 1},
    set(),
    object(),
    knight.Board(5),
    knight.Board(3, holes=[5]),
    range(3),
    complex(1, 1),
]

#: Integers from 9 to 99,999 are left out: as sizes they are good boards of up to
#: 10**10 squares, slow to build or count (the budgets here bound nodes, not memory).
VALUES = st.one_of(
    st.sampled_from(ODD_VALUES),
    st.integers(-(10**30), 10**30).filter(lambda value: not 8 < value < 10**5),
    st.floats(),
    text(max_size=30),
    st.lists(st.integers(-3, 70), max_size=70),
    st.tuples(st.integers(-3, 10), st.integers(-3, 10)),
)

TOUR5 = knight.tour(5)

#: A picture 2 pixels a side: a scale up to 2048 is a PNG to_png draws, and large ones are
#: slow to draw (test_svg.py draws a few), so the fuzzer's scales between 8 and 2048 draw at 8.
TINY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>'


def _number(value: object) -> float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) < 1e300 else 0.0


#: Public calls, each with the parameter the fuzzer fills; the other arguments are good
#: ones that keep every call quick (small boards, small budgets).
CALLS = {
    "tour size": lambda v: knight.tour(v, max_nodes=BUDGET),
    "tour start": lambda v: knight.tour(6, v, max_nodes=BUDGET),
    "tour end": lambda v: knight.tour(6, end=v, max_nodes=BUDGET),
    "tour closed": lambda v: knight.tour(6, closed=v, max_nodes=BUDGET),
    "tour method": lambda v: knight.tour(6, method=v, max_nodes=BUDGET),
    "tour moves": lambda v: knight.tour(6, moves=v, max_nodes=BUDGET),
    "tour max_nodes": lambda v: knight.tour(5, 2, max_nodes=v),
    "tour seed": lambda v: knight.tour(6, method="random", seed=v, max_nodes=BUDGET),
    "exists size": lambda v: knight.exists(v, max_nodes=BUDGET),
    "exists start": lambda v: knight.exists(5, v, max_nodes=BUDGET),
    "exists closed": lambda v: knight.exists(5, closed=v, max_nodes=BUDGET),
    # a tenth of the budget: on the twin a count's nodes are slow, and any budget checks the errors
    "count size": lambda v: knight.count(v, start=1, max_nodes=BUDGET // 10),
    "count start": lambda v: knight.count(5, start=v, max_nodes=BUDGET),
    "count executor": lambda v: knight.count(3, executor=v),
    "count progress": lambda v: knight.count(3, progress=v),
    "tours closed": lambda v: list(itertools.islice(knight.tours(5, start=1, closed=v, max_nodes=BUDGET), 2)),
    "tours start": lambda v: list(itertools.islice(knight.tours(5, start=v, max_nodes=BUDGET), 2)),
    "Board size": lambda v: knight.Board(v),
    "Board holes": lambda v: knight.Board(5, holes=v),
    "Board moves": lambda v: knight.Board(5, moves=v),
    "Board.parse": lambda v: knight.Board.parse(v),
    "Board.from_mask": lambda v: knight.Board.from_mask(v),
    "Tour squares": lambda v: knight.Tour(v, 5),
    "Tour board": lambda v: knight.Tour(list(TOUR5), v),
    "Tour.from_line": lambda v: knight.Tour.from_line(v, 5),
    "Tour.from_coords": lambda v: knight.Tour.from_coords(v, 5),
    "Tour.from_algebraic": lambda v: knight.Tour.from_algebraic(v, 5),
    "check_tour squares": lambda v: knight.check_tour(v, 5),
    "check_tour board": lambda v: knight.check_tour(list(TOUR5), v),
    "is_tour moves": lambda v: knight.is_tour(list(TOUR5), 5, moves=v),
    "is_tour closed": lambda v: knight.is_tour(list(TOUR5), 5, closed=v),
    "svg.render tour": lambda v: knight.svg.render(v),
    "svg.render size": lambda v: knight.svg.render(TOUR5, size=v),
    "svg.render numbers": lambda v: knight.svg.render(TOUR5, numbers=v),
    "svg.render colors": lambda v: knight.svg.render(TOUR5, colors=v),
    "svg.render duration": lambda v: knight.svg.render(TOUR5, animate=True, duration=v),
    "svg.to_png text": lambda v: knight.svg.to_png(v),
    "svg.to_png scale": lambda v: knight.svg.to_png(TINY_SVG, scale=v if not 8 < _number(v) < 2**11 else 8),
    "svg.picture_format": lambda v: knight.svg.picture_format(v),
}


#: The twin's job tries a third as many: the argument checks are the same Python on either core, and the
#: kernels a good value reaches are bounded by BUDGET (their nodes cost the twin 10-50 times as much).
BAD_VALUES = 500 if knight.model._kernels.NO_EXTENSIONS else 1500


@fixed(BAD_VALUES)
@given(call=st.sampled_from(sorted(CALLS)), value=VALUES)
def test_bad_values_raise_only_documented_errors(call, value):
    if call.startswith("svg.to_png") and importlib.util.find_spec("cairosvg") is None:
        return  # ModuleNotFoundError, with advice, is documented too; nothing else to check
    try:
        CALLS[call](value)
    except knight.KnightError as error:
        assert len(str(error)) < 400, "an error message should stay short"
