"""knight.compare(): the nodes and time each method needs for one board and start, side by side.

The lesson of the seed documents, measured: plain backtracking (seed 001's first program)
wanders for millions of nodes where ordering the moves by Warnsdorff's rule (its second
program, seed 002) walks straight through. Each method runs on its own, as knight.tour
would run it, with its own node budget and timeout; one that gives up is shown as such.
"""

from __future__ import annotations

import time
from typing import Iterable, Iterator, NamedTuple, Sequence, overload

from ._find import _method, _run, _seed
from ._methods import Strategy
from .model._board import KNIGHT, Board, _shown
from .model._deadline import deadline
from .model._errors import InvalidInputError, InvalidTypeError, NoTourError, WarnsdorffStuckError, checked_keywords
from .model._question import Question
from .model._refute import refute
from .model._status import EXHAUSTED, FOUND
from .model._tour import Tour
from .model._types import Leaper, Method, Size, Square

__all__ = ["COMPARED_METHODS", "COMPARE_MAX_NODES", "Comparison", "MethodRun", "compare"]

#: The methods compared by default: the seeds' three steps and knight's own search.
COMPARED_METHODS: tuple[Method, ...] = ("plain", "ordered", "warnsdorff", "backtrack")

#: Search nodes (squares placed) each method may take, when max_nodes is not given.
COMPARE_MAX_NODES = 1_000_000


class MethodRun(NamedTuple):
    """One method's run in a comparison.

    Attributes
    ----------
    method : str
        The method's name.
    result : str
        What it came to: "found", "no tour", "stuck", "out of nodes" or "out of time".
    nodes : int
        The search nodes (squares placed) it took.
    seconds : float
        Its wall time.
    tour : Tour or None
        The tour it found (None unless result is "found").

    Examples
    --------
    >>> run = knight.compare(6, "a1", methods=("backtrack",))["backtrack"]
    >>> run.result, run.tour is not None
    ('found', True)
    """

    method: str
    result: str
    nodes: int
    seconds: float
    tour: Tour | None


class Comparison(Sequence[MethodRun]):
    """The runs of knight.compare(): one MethodRun a method, in the order asked, with the
    question they answered.

    A sequence of the runs (``len``, iteration, ``comparison[0]``, ``comparison[1:]``, the
    last a Comparison of those runs) whose runs can also be looked up by method name
    (``comparison["plain"]``). ``str()`` and ``table()`` give the runs as a table;
    ``knight.draw.chart()`` (what a notebook shows) as a bar chart of the nodes.

    Parameters
    ----------
    board : Board
        The board compared on.
    start : int
        The start, a square number.
    closed : bool
        Whether closed tours were asked for.
    max_nodes : int
        Each method's node budget.
    runs : Iterable[MethodRun]
        One run a method, in the order asked.

    Examples
    --------
    >>> import knight
    >>> c = knight.compare(5, start="a1", methods=["warnsdorff", "backtrack"])
    >>> len(c), c[0].method, c["backtrack"].result, [run.method for run in c[1:]]
    (2, 'warnsdorff', 'found', ['backtrack'])
    """

    __slots__ = ("board", "start", "closed", "max_nodes", "runs")

    board: Board  #: the board compared on
    start: int  #: the start, a square number
    closed: bool  #: whether closed tours were asked for
    max_nodes: int  #: each method's node budget
    runs: tuple[MethodRun, ...]  #: one run a method, in the order asked

    def __init__(self, board: Board, start: int, closed: bool, max_nodes: int, runs: Iterable[MethodRun]) -> None:
        self.board, self.start, self.closed, self.max_nodes = board, start, closed, max_nodes
        self.runs = tuple(runs)

    def __iter__(self) -> Iterator[MethodRun]:
        return iter(self.runs)

    def __len__(self) -> int:
        return len(self.runs)

    @overload
    def __getitem__(self, index: int | str) -> MethodRun: ...
    @overload
    def __getitem__(self, index: slice) -> Comparison: ...
    def __getitem__(self, index: int | str | slice) -> MethodRun | Comparison:
        """A run by position (``comparison[0]``) or by method name (``comparison["plain"]``);
        a slice is a Comparison of those runs. IndexError past the end, KeyError for a method
        not compared, InvalidTypeError for any other key."""
        if isinstance(index, str):
            for run in self.runs:
                if run.method == index:
                    return run
            raise KeyError(f"{index!r} was not compared: the methods are {', '.join(self.methods)}")
        if isinstance(index, slice):
            return Comparison(self.board, self.start, self.closed, self.max_nodes, self.runs[index])
        if isinstance(index, bool) or not hasattr(index, "__index__"):
            raise InvalidTypeError(f"a Comparison is indexed by position or method name, not {_shown(index)}")
        return self.runs[index]

    @property
    def methods(self) -> tuple[str, ...]:
        """The names of the methods compared, in order.

        Examples
        --------
        >>> knight.compare(5, start="a1", methods=["warnsdorff", "backtrack"]).methods
        ('warnsdorff', 'backtrack')
        """
        return tuple(run.method for run in self.runs)

    @property
    def title(self) -> str:
        """The question in words.

        Examples
        --------
        >>> knight.compare(6, "a1", methods=("backtrack",), max_nodes=1000).title
        '6×6, open tours from a1, at most 1,000 nodes a method'
        """
        board, kind = self.board, "closed" if self.closed else "open"
        return f"{board.name}, {kind} tours from {board.square_name(self.start)}, at most {self.max_nodes:,} nodes a method"

    def table(self) -> str:
        """The runs as a table (Markdown, which reads as text too): method, nodes, time, result.

        Returns
        -------
        str
            The table's lines.

        Examples
        --------
        >>> print(knight.compare(6, "a1", methods=("backtrack",)).table())  # doctest: +ELLIPSIS
        | method    | nodes |  ms | result |
        ...
        """
        lines = ["| method | nodes | ms | result |", "| --- | ---: | ---: | --- |"]
        lines += [f"| {r.method} | {r.nodes:,} | {r.seconds * 1000:,.2f} | {r.result} |" for r in self.runs]
        return "\n".join(_aligned(lines)) + "\n"

    def __str__(self) -> str:
        return f"{self.title}\n\n{self.table()}"

    def __repr__(self) -> str:
        runs = ", ".join(f"{r.method}: {r.result}, {r.nodes:,} nodes" for r in self.runs)
        return f"<Comparison of {self.board.name} from {self.board.square_name(self.start)}: {runs}>"


def _aligned(lines: list[str]) -> list[str]:
    """A Markdown table's lines with every column padded to one width (right-aligned where ---:)."""
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    right = [cell.endswith(":") for cell in rows[1]]
    out: list[str] = []
    for k, row in enumerate(rows):
        if k == 1:
            cells = [("-" * (w - 1) + ":") if r else "-" * w for w, r in zip(widths, right)]
        else:
            cells = [cell.rjust(w) if r else cell.ljust(w) for cell, w, r in zip(row, widths, right)]
        out.append("| " + " | ".join(cells) + " |")
    return out


@checked_keywords
def compare(
    size: Size = 8,
    start: Square | None = None,
    *,
    methods: Iterable[Method] = COMPARED_METHODS,
    closed: bool = False,
    moves: Leaper = KNIGHT,
    max_nodes: int | None = None,
    timeout: float | None = None,
    seed: int | None = None,
) -> Comparison:
    """Run each method on one board and start, and say what each needed.

    Each method runs as ``knight.tour(method=...)`` would, with its own node budget and
    timeout, without the short proof tour runs first for the methods that cannot prove a
    no: so its nodes are its own. A method that gives up is a run whose result says so
    ("stuck", "out of nodes", "out of time"), not an error.

    Parameters
    ----------
    size : Size, default 8
        The board, as for `knight.tour`.
    start : Square or None, default None
        The first square (None: the board's first square).
    methods : Iterable[Method], default ("plain", "ordered", "warnsdorff", "backtrack")
        The methods to run, names of `knight.METHODS`, each once in the order given.
    closed : bool, default False
        Look for closed tours.
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``.
    max_nodes : int or None, default None
        Each method's search nodes (None: 1,000,000).
    timeout : float or None, default None
        Each method's seconds (None: no limit).
    seed : int or None, default None
        Makes method="random" reproducible.

    Returns
    -------
    Comparison
        The runs, a `MethodRun` a method, looked up by position or by method name.

    Raises
    ------
    NoTourError
        The theorems or the fast rules refute the question (no method then searches).
    InvalidInputError, InvalidTypeError
        An unknown method, no method, or a value of the wrong type.

    See Also
    --------
    tour : One method's tour.

    Examples
    --------
    >>> import knight
    >>> runs = knight.compare(6, "a1", methods=("ordered", "backtrack"))
    >>> runs["backtrack"].result, runs["backtrack"].nodes
    ('found', 36)
    """
    if isinstance(methods, str) or not isinstance(methods, Iterable):
        raise InvalidTypeError(
            f"methods must be a sequence of method names, such as {COMPARED_METHODS}, not {_shown(methods)}"
        )
    names = list(dict.fromkeys(methods))
    runs = [_method(name) for name in names]  # InvalidInputError naming an unknown method
    if not names:
        raise InvalidInputError("methods is empty: name at least one method to compare")
    seed = _seed(seed)
    question = Question.ask(
        size, start, None, closed, moves, max_nodes, timeout, "compare", default_budget=COMPARE_MAX_NODES
    )
    if question.board.givens:
        raise InvalidInputError("knight.compare takes no puzzle: the methods compared search whole tours")
    question = question.but(start=question.start or question.board.first)
    why = refute(question)
    if why:
        raise NoTourError(why)
    assert question.start is not None
    rows = [_timed(question, name, run, timeout, seed) for name, run in zip(names, runs)]
    return Comparison(question.board, question.start, question.closed, question.budget, rows)


def _timed(question: Question, name: str, run: Strategy, timeout: float | None, seed: int | None) -> MethodRun:
    """One method's run from the question's start, on a clock of its own."""
    asked = question.but()
    asked.started, asked.deadline = time.monotonic(), deadline(timeout)
    began = time.perf_counter()
    try:
        status, nodes, squares = _run(asked, run, seed, proof=False)
    except WarnsdorffStuckError as error:
        return MethodRun(name, "stuck", len(error.path), time.perf_counter() - began, None)
    seconds = time.perf_counter() - began
    if status == FOUND:
        assert squares is not None
        return MethodRun(name, "found", nodes, seconds, Tour._trusted(squares, asked.board))
    if status == EXHAUSTED:
        return MethodRun(name, "no tour", nodes, seconds, None)
    return MethodRun(name, "out of time" if asked.expired() else "out of nodes", nodes, seconds, None)
