"""knight.count(): exact counts, by the counting engine's frontier sweep where it takes the board,
else by its walk through every tour; the refutation module answers first (a proof of none is 0).

The frontier engine (``_sweep``) counts without walking one tour, so it reaches counts no
enumeration could (3×30: about 7·10^14 open tours). It takes boards whose sweep frontier
is at most ``_sweep.MAX_WIDTH`` squares (about twice the shorter side for the knight); the
enumerator (``_enumerate``) takes any board, a tour at a time.

knight.tours comes from here too: were the package to import it from its ``count``
subpackage by name, type checkers would take ``knight.count`` for the subpackage, not
this function (pyright does: tests/typing/use_api.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol, TypeVar, Union, cast

from .count import _enumerate, tours
from .model._board import KNIGHT, _shown
from .model._errors import InvalidInputError, InvalidTypeError, checked_keywords
from .model._memory import allocating
from .model._refute import refute
from .model._types import CountMethod, Executor, Leaper, Size, Square, StrPath

if TYPE_CHECKING:
    from concurrent.futures import Future

    from typing_extensions import ParamSpec

    from .model._board import Board

    _P = ParamSpec("_P")
_R = TypeVar("_R")

__all__ = ["count", "tours"]

#: What method= takes.
METHODS = ("auto", "frontier", "join", "enumerate")

#: The sides of the whole square boards whose open tours "auto" walks: there the enumerator,
#: with the board's eight symmetries and its pruning, is as fast as the sweep (measured with
#: benchmarks/bench_frontier.py, CPU seconds, best of 3 interleaved, load ~9: 5×5 open 0.006 s
#: walked, 0.006 s swept). Everywhere else the sweep is faster: 6×6 open 1.49 s walked, 0.62 s
#: swept; from a1 0.44 s, 0.33 s; 5×7 open 0.56 s, 0.10 s; 6×6 closed 0.050 s, 0.021 s.
WALK_SIDES = (5,)
#: The join (method="join") is not one of "auto"'s choices: on the benchmark boards it is no more
#: than 1.14× faster than the plain sweep, and down to 0.81× as fast (benchmarks/bench_frontier.py,
#: one run, load ~7.2: 6×6 open 2.65 s joined, 2.84 s swept; from a1 1.50 s, 1.22 s; 6×8 closed
#: 1.16 s, 1.32 s; 5×14 closed 0.49 s, 0.46 s), so the sweep is within 1.5× of the best.


def walked_by_auto(board: Board, closed: bool) -> bool:
    """Whether method="auto" walks board's tours rather than sweeping it (besides boards too wide)."""
    return not closed and board.is_rectangle and board.rows == board.cols and board.rows in WALK_SIDES


class _CheckedExecutor:
    """An executor whose submit() must give concurrent.futures.Future objects (as ProcessPoolExecutor's,
    ThreadPoolExecutor's and a Dask client's get_executor()'s do): anything else is InvalidTypeError,
    not an AttributeError deep in the count. The futures it gave are cancelled then."""

    def __init__(self, executor: object) -> None:
        if not callable(getattr(executor, "submit", None)):
            raise InvalidTypeError(f"executor must be a concurrent.futures.Executor, not {_shown(executor)}")
        self.wrapped = cast(Executor, executor)  # its submit is callable, checked above
        self._futures: list[Future[Any]] = []
        workers = getattr(executor, "_max_workers", None)  # the sweep makes a shard a worker
        if workers is not None:
            self._max_workers = workers

    def submit(self, function: Callable[_P, _R], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_R]:
        from concurrent.futures import Future  # here, not at import knight

        future = self.wrapped.submit(function, *args, **kwargs)
        if not isinstance(future, Future):
            for earlier in self._futures:
                earlier.cancel()
            raise InvalidTypeError(
                f"executor.submit() must return a concurrent.futures.Future, not {_shown(future)}: "
                f"{type(self.wrapped).__name__} is not a concurrent.futures.Executor"
            )
        checked = cast("Future[_R]", future)  # a Future, checked just now: of function's result
        self._futures.append(checked)
        return checked


class DaskClient(Protocol):
    """A Dask distributed.Client, as the counts use it: its executor for the walk and the join."""

    def get_executor(self) -> Executor: ...


def _dask_client(executor: object) -> Optional[DaskClient]:
    """The Dask distributed.Client that executor is, or whose get_executor() it is; else None."""
    if not type(executor).__module__.startswith("distributed."):
        return None
    client: object = executor if hasattr(executor, "scheduler_info") else getattr(executor, "_client", None)
    return cast(DaskClient, client) if hasattr(client, "scheduler_info") else None  # a Client: Dask's, asked


def _at_least_one(name: str, value: object) -> None:
    """Refuse an option that, when given, must be an int of at least 1 (shards, threads)."""
    if value is None:
        return
    if type(value) is not int:
        raise InvalidTypeError(f"{name} must be an int, not {_shown(value)}")
    if value < 1:
        raise InvalidInputError(f"{name} must be at least 1, not {value}")


@checked_keywords
def count(
    size: Size,
    start: Optional[Square] = None,
    *,
    end: Optional[Square] = None,
    closed: bool = False,
    moves: Leaper = KNIGHT,
    method: CountMethod = "auto",
    executor: Optional[Executor] = None,
    shards: Optional[int] = None,
    threads: Optional[int] = None,
    progress: bool = False,
    memory: Union[int, str, None] = None,
    spill: Optional[StrPath] = None,
    checkpoint: Optional[StrPath] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> int:
    """The number of tours of the board, counted exactly.

    Open tours are directed paths, from start (to end) or, without them, from every
    square, as OEIS A165134 counts them (a tour and its reverse are two); closed=True
    counts undirected cycles (OEIS A001230), or with a start the closed tours from it,
    twice as many.

    Parameters
    ----------
    size : Size
        The board: n for n×n, ``(rows, cols)``, text such as ``"6x7"``, or a `knight.Board`
        (any shape, holes never visited, moved on by the board's leaper).
    start : Square or None, default None
        The first square (number, ``(row, col)`` or name), or None for every square.
    end : Square or None, default None
        The last square of open tours, or None for any.
    closed : bool, default False
        Count closed tours.
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``.
    method : CountMethod, default "auto"
        "frontier" counts by dynamic programming over a frontier swept across the board,
        without walking a tour (3×30's 708,879,149,595,968 open tours in a fraction of a
        second); "join" sweeps the two halves to the middle and joins their states (the same
        count, see docs/counting.md); "enumerate" walks every tour; "auto" sweeps, but for
        boards the sweep does not take (too wide; tori, Möbius strips, Klein bottles) and open
        tours of the whole 5×5 board, where walking is as fast.
    executor : Executor or None, default None
        Run the work on a `concurrent.futures.Executor` (such as a ProcessPoolExecutor) or a
        Dask ``distributed.Client``: the walk in work items, the frontier sweep sharded, each
        layer's states partitioned by a hash across shards, so a worker's memory falls as
        workers are added; on a Dask client a lost worker's shards are recomputed on the
        others, with the same answer. None: here.
    shards : int or None, default None
        The sweep's shards on an executor (None: one a worker).
    threads : int or None, default None
        Threads that sweep the wide layers here, at most the CPUs this process may run on
        (within a Linux container's CPU quota; more is InvalidInputError); None: all of them,
        rounded down to a power of two, at most 64. The same answer.
    progress : bool, default False
        Show a bar with the time left (needs tqdm: ``pip install "knight-tour[progress]"``).
    memory : int, str or None, default None
        Bounds the frontier sweep's layers held in memory (``"8GB"``, ``"512MB"``, or bytes):
        past it a layer is kept as shards by a hash of the state, each a file under spill,
        swept one shard at a time (see docs/counting.md). None: no bound, all in memory.
    spill : StrPath or None, default None
        The directory of those shard files (None: a temporary one, removed afterwards). A
        disk too small for the layer is InvalidInputError before the step that would fill it.
        With a Dask ``Client`` as executor (the frontier sweep, without memory= or
        checkpoint=): a directory that every worker reaches, where each round's pieces are
        kept as shard files, so that a lost worker's tasks run again from the last finished
        round's files and no round before it is recomputed (None: Dask's lineage, which
        recomputes a lost worker's pieces back to the first round).
    checkpoint : StrPath or None, default None
        A directory (made if missing) where the frontier sweep keeps the last finished step's
        shard files, so that a count killed at any moment, given the same directory again,
        resumes from that step with the same answer. The files are checked: a damaged or
        edited one is InvalidInputError, never a wrong count. No pickle is read.
    max_nodes : int or None, default None
        Bounds the work: search nodes when walking, frontier states expanded when sweeping
        (None: 1,000,000,000, minutes of work).
    timeout : float or None, default None
        At most this many seconds (None: no limit).

    Returns
    -------
    int
        The number of tours (0 when a theorem or a fast rule proves there is none).

    Raises
    ------
    SearchLimitError
        max_nodes or timeout ran out; the message says what was done.
    InvalidInputError, InvalidTypeError
        A value that names no board, square or method, or of the wrong type.
    WorkerError
        The executor or one of its workers failed, or was lost.

    See Also
    --------
    tours : Every tour, lazily.

    Examples
    --------
    >>> import knight
    >>> knight.count(5, start=1)
    304
    >>> knight.count((3, 4))
    16
    >>> knight.count(6, closed=True)
    9862
    """
    if type(method) is not str:
        raise InvalidTypeError(f"method must be one of {', '.join(METHODS)}, not {_shown(method)}")
    if method not in METHODS:
        raise InvalidInputError(f"method {_shown(method)} is not one of {', '.join(METHODS)}")
    question = _enumerate.counting_question(size, start, end, closed, moves, max_nodes, timeout, "count")
    client = _dask_client(executor)
    if client is not None and executor is client:  # the walk and the join take its executor
        executor = client.get_executor()
    run = _enumerate.options(question, None if executor is None else _CheckedExecutor(executor), progress)
    _at_least_one("shards", shards)
    if shards is not None and executor is None:
        raise InvalidInputError(f"shards={shards} is for the frontier sweep on an executor, and none was given")
    _at_least_one("threads", threads)
    from .count import _sweep  # here, not at import knight (start-up: benchmarks/bench_startup.py)

    threads = _sweep.threads_for(threads)  # checked against the CPUs here, whichever engine runs
    board = question.board
    if refute(question):  # first: a proof of none takes no memory (count((1, 2**31 - 1)) is 0 at once)
        return 0
    disk = {"memory": memory, "spill": spill, "checkpoint": checkpoint}
    for name, value in disk.items():
        if value is None or (name == "spill" and client is not None and method in ("frontier", "auto")):
            continue  # spill= on a Dask client: the directory of the sharded sweep's rounds
        if method in ("join", "enumerate") or executor is not None:
            on = "" if client is None or name == "spill" else " (on a Dask client, spill= alone)"
            raise InvalidInputError(
                f"{name}= is for the frontier sweep run here, not method {_shown(method)} or an executor{on}"
            )
    bound, places = None, dict.fromkeys(("spill", "checkpoint"), cast(Optional[str], None))
    if any(value is not None for value in disk.values()):
        from .count import _spill  # here, not at import knight (start-up: benchmarks/bench_startup.py)

        bound = None if memory is None else _spill.parse_memory(memory)
        places = {name: None if disk[name] is None else _spill.directory_of(disk[name], name) for name in places}
    wide = None if method == "enumerate" else _sweep.too_wide(board)
    if method in ("frontier", "join") and wide:
        raise InvalidInputError(wide)
    first, last = _enumerate.zero_based(question.start), _enumerate.zero_based(question.end)
    walk = method == "enumerate" or wide is not None
    walk = walk or (
        method == "auto"
        and all(value is None for value in disk.values())
        and last is None
        and walked_by_auto(board, question.closed)
    )
    given = [name for name, value in disk.items() if value is not None]
    if walk and given:
        raise InvalidInputError(f"{given[0]}= is for the frontier sweep, and {wide}")
    if shards is not None and (walk or method == "join"):
        how = "method 'join'" if method == "join" else f"the walk (method {_shown(method)} on {board.name})"
        raise InvalidInputError(f"shards={shards} is for the frontier sweep on an executor, not {how}")
    with allocating(0, f"counting the {question.kind} tours of {board.name}"):  # a MemoryError named
        if walk:
            return _enumerate.walk_count(board, first, question.closed, run, end=last).tours
        if run.executor is not None and method != "join":
            from .count import _spread  # here, not at import knight

            return _spread.count(
                board,
                first,
                last,
                question.closed,
                run.executor if client is None else client,
                dask=client is not None,
                shards=shards,
                bar_class=run.bar_class,
                budget=run.budget,
                until=run.until,
                started=run.started,
                spill=places["spill"],
            )
        return _sweep.count(
            board,
            first,
            last,
            question.closed,
            executor=run.executor,
            bar_class=run.bar_class,
            budget=run.budget,
            until=run.until,
            started=run.started,
            join=method == "join",
            memory=bound,
            spill=places["spill"],
            checkpoint=places["checkpoint"],
            threads=threads,
        )
