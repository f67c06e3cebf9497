"""A user's script touching the whole public API, for the type checkers.

CI runs ``mypy --strict`` and ``pyright`` (strict, see [tool.pyright]) on this file, so that
every public name keeps a precise type; tests/test_typing.py also runs it, so it stays true.
"""

from __future__ import annotations

import io
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import knight
import knight.draw
import knight.svg
from knight import (
    DEFAULT_MAX_NODES,
    IMPLEMENTATION,
    METHODS,
    Board,
    Choice,
    Finished,
    InvalidInputError,
    InvalidTypeError,
    KnightError,
    MissingExtraError,
    NoTourError,
    NotATourError,
    Placed,
    Restart,
    SearchLimitError,
    TakenBack,
    Tour,
    Trace,
    TraceEvent,
    WarnsdorffStuckError,
    WorkerError,
)


def boards() -> list[Board]:
    board = Board(8)
    shaped = Board((6, 6), holes=["a1", "f1"], moves=(1, 2))
    parsed = Board.parse(". . .\n. . .\n. . .\n. . #")
    masked = Board.from_mask([[True, True, True], [True, True, True], [True, True, True], [True, True, False]])
    puzzle = Board((2, 3, 4), givens={(0, 0, 0): 1, 24: 12})
    rows: int = board.rows + board.cols
    size: tuple[int, int] = board.size
    moves: tuple[int, int] = board.moves
    steps: tuple[tuple[int, int], ...] = board.steps
    mask: bytes | None = shaped.mask
    holes: tuple[int, ...] = shaped.holes
    givens: dict[int, int] = parsed.givens
    first: int = shaped.first
    number: int = board.square("e4") + board.square((1, 2)) + board.square(3)
    name: str = board.square_name(number % 64 + 1) + board.name + board.picture()
    near: list[int] = board.neighbours("e4")
    where: tuple[int, ...] = board.coords("e4")
    colour: int = board.colour((0, 0)) + board.colour("e4")
    squares: list[int] = list(board)
    bipartite: bool = board.changes_colour and board.is_knights_rectangle
    light, dark = board.colour_counts
    wraps: tuple[bool, ...] = board.periodic + board.twisted
    assert bipartite and light == dark == 32 and not any(wraps) and board.topology is None
    assert rows and size and moves and steps and holes is not None and first and name and near and where and colour >= 0
    assert mask is not None and givens == {} and len(board) == len(squares) and 1 in board
    assert board.is_rectangle and hash(board) == hash(Board(8)) and parsed == masked
    assert puzzle.givens == {1: 1, 24: 12}
    return [board, shaped, parsed, masked]


def tours(board: Board) -> list[Tour]:
    found: Tour = knight.tour(board, 1, closed=False, method="auto", max_nodes=DEFAULT_MAX_NODES, seed=None)
    closed = knight.tour(8, start="e4", closed=True)
    zebra = knight.tour(10, moves=(2, 3))
    random = knight.tour("6x7", (2, 3), method="random", seed=7)
    again = Tour(list(found), board)
    line = Tour.from_line(found.line(), board)
    coords = Tour.from_coords(found.coords(), board)
    names = Tour.from_algebraic(found.algebraic(), board)
    assert again == line == coords == names
    every: Iterator[Tour] = knight.tours(5, start=1, max_nodes=10_000)
    return [found, closed, zebra, random, next(every)]


def reading(tour: Tour) -> None:
    squares: Sequence[int] = tour
    first: int = tour[0]
    some: list[int] = tour[1:5]
    start: int = tour.start + tour.end + tour.rows + tour.cols + len(tour)
    size: tuple[int, int] = tour.size
    board: Board = tour.board
    closed: bool = tour.is_closed
    text: str = str(tour) + tour.line() + tour.grid() + tour.grid(boxed=True) + repr(tour)
    coords: list[tuple[int, ...]] = tour.coords()  # one index per axis (two on a flat board)
    names: list[str] = tour.algebraic()
    matrix: list[list[int]] = tour.matrix()
    written = io.StringIO()
    tour.write(written, "algebraic")
    tour.write(written)
    assert written.getvalue()
    if sys.version_info >= (3, 12):  # the buffer protocol (PEP 688): read-only int32, no copy
        assert memoryview(tour).readonly
    position: int = tour.index(first)
    assert squares and some and start and size and board and text and coords and names and matrix
    assert position == 0 and closed in (True, False) and tour.count(first) == 1


def questions() -> None:
    assert knight.exists(8) and not knight.exists((4, 9), start="c2")
    reason: str | None = knight.no_tour_reason((4, 9), start="c2", end=None, closed=False, moves=(1, 2))
    assert reason is not None and knight.no_tour_reason(8, max_nodes=10**6, timeout=10.0) is None
    assert knight.exists(8, start="a1", end="h1", timeout=10.0)
    solved: Tour = knight.solve("1 . . .\n. . . .\n. . . 12", max_nodes=10**6, timeout=10.0)
    assert solved[0] == 1 and knight.tour(8, start="a1", end="h1").board.name == "8×8"
    assert knight.is_tour(knight.tour(5, start=1), 5)
    knight.check_tour(knight.tour(5, start=1), (5, 5), closed=False, moves=(1, 2))
    total: int = knight.count(5, start=1) + knight.count((3, 4), closed=True, max_nodes=10**6)
    with ThreadPoolExecutor(2) as pool:
        total += knight.count(5, executor=pool, progress=False) + knight.count((3, 6), executor=pool, shards=3)
    with tempfile.TemporaryDirectory() as directory:
        total += knight.count((3, 4), closed=True, memory="64MB", spill=directory, checkpoint=Path(directory))
    assert total and IMPLEMENTATION in ("cython", "python") and knight.__version__
    names: list[str] = sorted(METHODS)
    method = METHODS["backtrack"]
    assert names and callable(method)


def magic() -> None:
    board = knight.Board.parse(
        "1 30 . . 5 28 . .\n. . 2 29 . . 6 27\n31 . . 4 25 8 . .\n. 3 32 . . . 26 7\n"
        "33 . 15 20 9 24 . .\n16 19 34 . . . 10 23\n. 14 17 36 21 12 . .\n18 35 . 13 . . 22 11"
    )
    found: Tour = knight.magic(board, seed=1, max_nodes=10**8, timeout=60.0)
    kind: str | None = found.magic_kind
    rows, cols, diagonals = found.line_sums()
    assert kind == "semimagic" and found.is_magic and rows == cols == [260] * 8 and len(diagonals) == 2
    listed: list[Tour] = list(knight.magic_tours(board, max_nodes=10**8))
    counted: knight.MagicCount = knight.count_magic(board, depth=0, keep=True)
    assert counted.tours == len(listed) == 1 and counted.complete and counted.found == listed
    assert knight.svg.magic_square(found, cell=20).startswith("<svg")


def errors() -> None:
    caught: list[KnightError] = []
    calls: list[Callable[[], object]] = [lambda: knight.tour(3), lambda: knight.tour("e4"), lambda: Tour([1, 2], 8)]
    for call in calls:
        try:
            call()
        except (NoTourError, InvalidInputError, InvalidTypeError, NotATourError) as error:
            caught.append(error)
    try:
        knight.tour(8, method="warnsdorff", max_nodes=1)
    except WarnsdorffStuckError as stuck:
        path: list[int] = stuck.path
        assert path is not None
    except SearchLimitError as limit:
        caught.append(limit)
    lost = WorkerError("worker 1 was lost")
    runtime: RuntimeError = lost
    caught.append(lost)
    value: ValueError = InvalidInputError("a value error too")
    kind: TypeError = InvalidTypeError("a type error too")
    missing = MissingExtraError('PNG output needs cairosvg: pip install "knight-tour[png]"', "png", "cairosvg")
    module: ModuleNotFoundError = missing
    install: str = missing.install + missing.extra
    caught.append(missing)
    assert caught and value and kind and runtime and module and install


def pictures(tour: Tour) -> None:
    svg: str = knight.svg.render(tour, size=300, numbers=False, path=True, coordinates=False, markers=True)
    svg += knight.svg.render(tour, colors={"route": "#000"}, animate=True, duration=5.0, loop=True)
    fmt: str = knight.svg.picture_format("tour.svg")
    limit: int = knight.svg.MAX_SQUARES
    font: float = knight.svg.MIN_FONT
    colours: dict[str, str] = knight.svg.COLORS
    with tempfile.TemporaryDirectory() as folder:
        knight.svg.write(tour, Path(folder) / "tour.svg", size=200, path=False)
        knight.svg.write(tour, str(Path(folder) / "plain.svg"))
    assert svg and fmt == "svg" and limit and font and colours
    to_png = knight.svg.to_png  # needs cairosvg at run time; its type is enough here
    assert callable(to_png) and to_png is knight.draw.to_png
    drawn: str = knight.draw.render(tour, size=200) + knight.draw.render_board(tour.board, size=200, coordinates=False)
    shown: str | None = knight.draw.repr_board(tour.board)
    notebook: str | None = knight.draw.repr_svg(tour)
    player: str | None = knight.draw.repr_html(tour)
    assert notebook is None or notebook.startswith("<svg")
    assert player is None or "<" in player
    assert drawn and shown and knight.draw.MAX_SIZE and knight.draw.MAX_PNG_PIXELS


def comparing() -> None:
    comparison: knight.Comparison = knight.compare(
        6, "a1", methods=("ordered", "backtrack"), closed=False, moves=(1, 2), max_nodes=10_000, timeout=10.0, seed=None
    )
    runs: list[knight.MethodRun] = list(comparison)
    first: knight.MethodRun = comparison["ordered"]
    again: knight.MethodRun = comparison[0]
    rest: knight.Comparison = comparison[1:]
    methods: tuple[str, ...] = comparison.methods
    assert again is first and len(rest) == 1 and methods == ("ordered", "backtrack")
    nodes: int = first.nodes + len(comparison)
    seconds: float = first.seconds
    words: str = first.method + first.result + comparison.table() + comparison.title + str(comparison)
    found: Tour | None = first.tour
    chart: str = knight.svg.chart(comparison, width=500) + knight.draw.chart(comparison)
    chart += knight.draw.repr_chart(comparison)
    assert runs and nodes and seconds >= 0 and words and found is not None and chart
    assert comparison.board.rows == 6 and comparison.start and not comparison.closed and comparison.max_nodes


def traces() -> None:
    trace: Trace = knight.trace(8, "a1", method="backtrack", closed=False, max_steps=10_000, timeout=5.0)
    where: str = trace.board.name + trace.method
    placed = taken = 0
    last: Finished | None = None
    for event in trace:
        step: TraceEvent = event
        if isinstance(step, Placed):
            placed += step.move > 0
        elif isinstance(step, TakenBack):
            taken += step.square > 0
        elif isinstance(step, Choice):
            best: int = step.square
            keys: tuple[int, ...] = step.degrees
            assert best == step.candidates[0] and len(keys) == len(step.candidates)
        elif isinstance(step, Restart):
            assert step.round > 0
        else:
            last = step
    assert last is not None and last.nodes == placed and last.tour is not None and where
    page: str = knight.draw.html(knight.trace(5, "a5", method="warnsdorff"), size=300)
    page += knight.draw.html(knight.tour(5, "a5"), title="a tour")
    with tempfile.TemporaryDirectory() as folder:
        knight.draw.write_html(knight.tour(5, "a5"), str(Path(folder) / "tour.html"))
    assert page and taken >= 0


def graphs(board: Board, tour: Tour) -> None:
    board_graph = board.to_networkx()
    tour_graph = tour.to_networkx()
    assert board_graph.number_of_nodes() == len(board) and tour_graph.number_of_edges() >= len(tour) - 1


def aliases() -> None:
    """The public type aliases, in a user's own annotations."""
    size: knight.Size = (6, 6)
    shape: knight.Shape = "6x6"
    square: knight.Square = "a1"
    leaper: knight.Leaper = (1, 2)
    axes: knight.Axes = (False, True)
    givens: knight.Givens = {"a1": 1}
    mask: knight.Mask = [[True, True], [True, False]]
    method: knight.Method = "backtrack"
    counted: knight.CountMethod = "frontier"
    traced: knight.TraceMethod = "warnsdorff"
    where: knight.StrPath = Path("checkpoint.bin")
    with ThreadPoolExecutor(1) as pool:
        executor: knight.Executor = pool
        assert knight.count((3, 4), moves=leaper, method=counted, executor=executor) == 16
    assert knight.tour(size, square, method=method).board == Board(shape)
    assert Board(8, periodic=axes, givens=givens).givens == {57: 1} and len(Board.from_mask(mask)) == 3
    assert knight.trace(5, 1, method=traced) and str(where)


def main() -> None:
    for board in boards()[:1]:
        for tour in tours(board):
            reading(tour)
        questions()
        magic()
        errors()
        pictures(knight.tour(6, start=1))
        comparing()
        traces()
        graphs(board, knight.tour(board))
    aliases()


if __name__ == "__main__":
    main()
