"""knight.count on an executor: the frontier sweep sharded by a hash of the state across workers.

Each layer of the sweep is partitioned among ``shards`` shards by ``_packed.owner`` (a CRC-32
of the state). A round advances every shard's states a square (a few while the layer is small,
and every square with one shard, which has nothing to deal) with the kernel's
``shard_round``, which deals the successors to their owners as packed pieces (``_packed``: two
buffers a piece, not a Python object a state); the next round's task for shard k takes the pieces
addressed to k, which the kernel adds up as it loads them. Mirror images are merged before a state
is dealt, so equal states meet in one shard, and each shard holds about 1/shards of each layer.
The tours completed at the last square add up to the count, times the plan's factor, as the plain
sweep counts them (``_frontier.count``).

On a Dask ``distributed.Client`` (or its ``get_executor()``), shard k's tasks go to one worker
(``workers=``), and the pieces are futures passed to the next round's tasks, so they move worker
to worker, never through this process, which sees only each round's small statistics. The
workers are a preference (``allow_other_workers=True``), read again each round: when a worker is
lost, Dask recomputes what it held from the tasks that made it (its lineage: the pieces of the
last finished round are kept here until the next round is done; what they were made from is
recomputed as far back as it was lost), the lost worker's shards go to the others, and the count
goes on with the same answer. With spill= (a directory every worker reaches), the pieces are
shard files there instead (``_DaskFiles``): a task takes the paths of its pieces and depends on no
other task, so a lost worker's tasks of the running round are run again from the last finished
round's files, and nothing before it. With no worker left for NO_WORKER_WAIT seconds, a closed client, or
a task that failed as Dask gives up on it, the count stops with WorkerError. On any other
``concurrent.futures`` executor the pieces come back here and go out again with the next round:
the caller holds each layer (packed), the workers a shard of it; a shut-down or broken executor
is WorkerError too.

The budget (states expanded), the deadline (wall-clock time, so that a worker on another machine
stops in time too), stop requests and (on Dask) the task's cancellation are checked by every task,
and here between rounds; waiting is bounded by the deadline and a second. On any error, Ctrl-C
included, the round's futures are cancelled (a Dask task stops itself when cancelled). The bar
moves a square at a time.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any, Callable, List, Optional, Protocol, Sequence, Tuple, TypeVar, cast

from ..model._board import Board
from ..model._deadline import NEVER, timed_out
from ..model._errors import KnightError, SearchLimitError, WorkerError, worker_error
from ..model._memory import check_memory
from ..model._remembered import remembered
from . import _enumerate, _kernels, _packed, _plan, _shardfile
from ._sweep import _Watch, _question, workers

if TYPE_CHECKING:
    from concurrent.futures import Future

    from dask.typing import Key
    from distributed import Future as DaskFuture
    from distributed.worker_state_machine import TaskState

    from ..model._types import Executor
    from ._enumerate import BarClass

#: A shard's round's statistics: (tours, states, states expanded, states a shard).
_Statistics = Tuple[int, int, int, Tuple[int, ...]]
#: What run_round returns: its statistics, and one piece a shard.
_RoundResult = Tuple[_Statistics, List[_packed.Piece]]
#: What run_round_files returns: its statistics, and the file of each shard's piece (None: no piece).
_FilesResult = Tuple[_Statistics, List[Optional[str]]]
if TYPE_CHECKING:
    #: A shard's round on Dask: run_round's future, its statistics' and its pieces', one a shard.
    _DaskRound = Tuple[DaskFuture[_RoundResult], DaskFuture[_Statistics], List[DaskFuture[_packed.Piece]]]
#: run_round's arguments before the pieces: question, first, stop, shards, budget, spent, until, threads.
_RoundArguments = Tuple[_plan.AnyQuestion, int, int, int, int, int, float, int]
_Sent = TypeVar("_Sent")  # what a runner's submit gives back for one shard's round
_Kept = TypeVar("_Kept")  # a piece as a runner passes it on to the next round
_T = TypeVar("_T")


class _Client(Protocol):
    """The part of a Dask distributed.Client the sharded sweep calls, typed (distributed leaves these
    methods' arguments unannotated)."""

    @property
    def status(self) -> str: ...
    def scheduler_info(self) -> dict[str, Any]: ...  # plain data (Dask's own JSON-like report)
    def submit(
        self,
        func: Callable[..., _T],
        /,
        *args: object,
        workers: Optional[list[str]] = ...,
        allow_other_workers: bool = ...,
        pure: bool = ...,
    ) -> DaskFuture[_T]: ...
    def gather(self, futures: list[DaskFuture[_T]]) -> list[_T]: ...
    def cancel(self, futures: list[DaskFuture[Any]]) -> object: ...


class _Wait(Protocol):
    """distributed.wait, typed as the sharded sweep calls it."""

    def __call__(self, fs: Sequence[DaskFuture[Any]], timeout: float) -> object: ...


def _dask_wait() -> _Wait:
    import distributed  # here: only a Dask client's count asks

    return cast("_Wait", distributed.wait)  # pyright: ignore[reportUnknownMemberType]  # its arguments unannotated


class _Runner(Protocol[_Sent, _Kept]):
    """How count runs its rounds: on a concurrent.futures executor (_Local) or a Dask client (_Dask)."""

    shards: int

    def threads(self, shard: int) -> int: ...
    def submit(self, shard: int, args: _RoundArguments, inbox: list[_Kept]) -> _Sent: ...
    def statistics(self, round_: list[_Sent]) -> Optional[list[_Statistics]]: ...
    def pieces(self, round_: list[_Sent], counts: list[tuple[int, ...]]) -> list[list[_Kept]]: ...
    def done(self, sent: _Sent) -> bool: ...
    def wait(self, futures: list[_Sent], seconds: float) -> None: ...
    def cancel(self) -> None: ...


#: Shards of a count on an executor whose number of workers is not known.
SHARDS = 2

#: While the layers are expected to stay below SMALL_LAYER states (growing as fast as in the last
#: round, at least twice a square), a round takes up to SMALL_SQUARES squares, not one: fewer rounds
#: where a round's cost is its tasks, not its states.
SMALL_LAYER = 20_000
SMALL_SQUARES = 4

#: Seconds a count on Dask waits while its cluster has no worker (a nanny restarts a lost one in a
#: second or two) before WorkerError.
NO_WORKER_WAIT = 10.0

#: Bytes a round costs a pair of shards (a piece's tuple and buffers, its future or its place in a
#: list): shards² of them a round, refused before the first round when they do not fit in memory.
PAIR_BYTES = 400


def _squares(states: int, before: int, last: int, shards: int, steps: int) -> int:
    """The squares of the next round (steps at most), the layer having grown from before to states states
    in the last round's last squares."""
    if shards == 1:  # one round: nothing to deal, and a round's end would cost a pack and a load of the layer
        return steps
    rate = max(2.0, (states / max(1, before)) ** (1 / max(1, last)))
    squares = 1
    while squares < SMALL_SQUARES and states * rate ** (squares + 1) <= SMALL_LAYER:
        squares += 1
    return squares


_PLANS: dict[_plan.AnyQuestion, _plan.Plan] = {}  # question -> plan, the last two in each process


def _plan_of(question: _plan.AnyQuestion, check: Optional[_plan.Check] = None) -> _plan.Plan:
    return remembered(_PLANS, question, lambda: _plan.plan(*question[:7], _plan.wrap_of(question), check=check), 2)


class _TaskWatch(_Watch):
    """A shard's check: _Watch's, and on a Dask worker, whether its task was cancelled."""

    def __init__(self, budget: int, until: float, spent: int) -> None:
        super().__init__(budget, until, time.monotonic(), spent=spent)
        self.task = _dask_task()

    def __call__(self, step: int, states: int) -> None:
        super().__call__(step, states)
        if self.task is not None:
            tasks, key = self.task
            if getattr(tasks.get(key), "state", "cancelled") in ("cancelled", "released", "forgotten"):
                raise WorkerError("the sharded sweep's task was cancelled")  # nothing waits for it any more


def _dask_task() -> Optional[tuple[dict[Key, TaskState], Key]]:
    """(the Dask worker's tasks, this task's key) when this runs as a Dask task, else None."""
    if "distributed" not in sys.modules:  # not a Dask worker (and no import of distributed for nothing)
        return None
    from distributed import get_worker

    try:
        worker = get_worker()
        return worker.state.tasks, worker.get_current_task()
    except (ValueError, AttributeError, KeyError):  # not on a Dask worker, or not in one of its tasks
        return None


def _planned(arguments: _RoundArguments) -> tuple[_TaskWatch, _plan.Plan]:
    """A shard's round's check and plan, on a worker (run_round, run_round_files): a task nobody waits for
    any more (cancelled, or run again after it was done) stops here, before it reads its pieces."""
    _, first, _, _, budget, spent, until, _ = arguments
    watch = _TaskWatch(budget, until, spent)
    watch(first, 0)
    return watch, _plan_of(arguments[0], watch)


def _shard_round(
    arguments: _RoundArguments,
    watch: _TaskWatch,
    sweep: _plan.Plan,
    inbox: _packed.Inbox,
    sink: Optional[Callable[[int, _packed.Piece], object]] = None,
) -> _RoundResult:
    """A shard's round: its pieces swept by the kernel's shard_round, which lets each go once loaded (and
    gives each piece it deals to sink, if given, as it is made: then its statistics' sizes are 0)."""
    _, first, stop, shards, _, _, _, threads = arguments
    parts, tours, states, work = _kernels.frontier.shard_round(sweep, first, stop, inbox, shards, watch, threads, sink)
    return (tours, states, work, tuple(map(_packed.size, parts))), parts


def run_round(
    question: _plan.AnyQuestion,
    first: int,
    stop: int,
    shards: int,
    budget: int,
    spent: int,
    until: float,
    threads: int,
    *pieces: _packed.Piece,
) -> _RoundResult:
    """A shard's round, on a worker: ((tours, states, states expanded, states a shard), one piece a
    shard) from the pieces addressed to it; stops past budget states (spent already, by the whole
    count) or the wall-clock time until. threads: the threads the worker gives the shard's wide
    layers."""
    arguments = (question, first, stop, shards, budget, spent, until, threads)
    return _shard_round(arguments, *_planned(arguments), list(pieces))


def _statistics(result: _RoundResult) -> _Statistics:
    return result[0]


def _part(result: _RoundResult, shard: int) -> _packed.Piece:
    return result[1][shard]


def run_round_files(
    question: _plan.AnyQuestion,
    first: int,
    stop: int,
    shards: int,
    budget: int,
    spent: int,
    until: float,
    threads: int,
    directory: str,
    shard: int,
    *inbox: str | _packed.Piece,
) -> _FilesResult:
    """run_round with its pieces in shard files (``_shardfile``) under directory, which every worker
    reaches: the shard's states read from the files named in inbox (or given as pieces: the first
    round's), its successors written to a new directory of its own under directory, one file a shard
    they go to. Returns (the statistics, the file for each shard, or None where it sends a shard
    nothing). The files are read a piece at a time as the kernel loads them (each let go once loaded), and
    each piece dealt (a shard's states in pieces of at most _packed.DEALT) is written as it is made."""
    arguments = (question, first, stop, shards, budget, spent, until, threads)
    watch, sweep = _planned(arguments)
    head = _shardfile.Header(question, sweep)
    # the files are this count's own (its lock on the directory): their checksums are checked, not each state
    streams = [head.open(item, trusted=True).stream() if isinstance(item, str) else item for item in inbox]
    # a directory for this run of the task alone: a task run again (its worker lost) writes beside it
    mine = tempfile.mkdtemp(prefix=f"round-{stop}-{shard}-", dir=directory)
    writers: dict[int, _shardfile.Writer] = {}  # a shard's file, written a piece at a time as they are dealt

    def write(k: int, part: _packed.Piece) -> None:
        if k not in writers:
            writers[k] = _shardfile.Writer(mine, stop, k, shards, head, False)
        writers[k].add(part)

    try:
        (tours, states, work, _), _ = _shard_round(arguments, watch, sweep, _packed.joined(streams), write)
        written = [writers[k].close(0) if k in writers else None for k in range(shards)]  # the tours: statistics
    except BaseException:
        for writer in writers.values():
            writer.abandon()
        raise
    sizes = tuple(writers[k].states if k in writers else 0 for k in range(shards))
    return (tours, states, work, sizes), written


def _lost(error: BaseException, executor: object, what: str) -> BaseException:
    """error, from a task or the executor running it: knight's own errors, MemoryError and Ctrl-C as
    they are; anything else (a broken pool, a lost worker, a shut-down executor) model._errors'
    WorkerError naming executor and what it was running (raise it from error)."""
    if isinstance(error, (KnightError, MemoryError, KeyboardInterrupt)):
        return error
    return worker_error(executor, error, what)


class _Local:
    """A concurrent.futures executor's rounds: the pieces come back here and go out again."""

    def __init__(self, executor: Executor, shards: Optional[int]) -> None:
        self.executor = executor
        self.shards = shards or workers(executor, SHARDS)
        self.futures: list[Future[_RoundResult]] = []

    def threads(self, shard: int) -> int:
        return 1

    def submit(self, shard: int, args: _RoundArguments, inbox: list[_packed.Piece]) -> Future[_RoundResult]:
        try:
            future: Future[_RoundResult] = self.executor.submit(run_round, *args, *inbox)
        except Exception as error:  # shut down, broken, or not an executor after all
            raise _lost(error, self.executor, "a round of the sharded sweep") from error
        self.futures.append(future)
        return future

    def _results(self, round_: list[Future[_RoundResult]]) -> list[_RoundResult]:
        try:
            return [future.result() for future in round_]
        except Exception as error:
            raise _lost(error, self.executor, "a round of the sharded sweep on its workers") from error

    def statistics(self, round_: list[Future[_RoundResult]]) -> Optional[list[_Statistics]]:
        return [statistics for statistics, _ in self._results(round_)]

    def pieces(self, round_: list[Future[_RoundResult]], counts: list[tuple[int, ...]]) -> list[list[_packed.Piece]]:
        """The next round's inboxes: for shard k, the non-empty pieces addressed to it."""
        results = [parts for _, parts in self._results(round_)]
        self.futures = []
        return [[parts[k] for parts, sizes in zip(results, counts) if sizes[k]] for k in range(self.shards)]

    def done(self, sent: Future[_RoundResult]) -> bool:
        return sent.done()

    def wait(self, futures: list[Future[_RoundResult]], seconds: float) -> None:
        from concurrent.futures import FIRST_EXCEPTION, wait

        wait(futures, timeout=seconds, return_when=FIRST_EXCEPTION)

    def cancel(self) -> None:
        for future in self.futures:
            future.cancel()
        self.futures = []

    def close(self) -> None:
        """Anything the rounds left (nothing here)."""


class _DaskWorkers:
    """What a Dask client's rounds share, however their pieces travel: shard k's tasks on one worker (a
    preference, the workers read again each round), their threads, submitting and cancelling."""

    def __init__(self, client: _Client, shards: Optional[int]) -> None:
        self.client = client
        self.homes: list[list[str]] = []
        self.nthreads: dict[str, int] = {}
        self.futures: list[DaskFuture[Any]] = []  # this round's, cancelled on an error
        self.alone: Optional[float] = None  # when the cluster was first seen without a worker
        self.shards = shards or len(self._spread(self._workers(wait=True))) or SHARDS
        self.place()

    def _workers(self, wait: bool = False) -> dict[str, int]:
        """The cluster's workers and their threads (waiting up to NO_WORKER_WAIT for one with wait);
        WorkerError for a closed client, or no worker for NO_WORKER_WAIT seconds."""
        while True:
            if self.client.status not in ("running", "newly-created", "connecting"):
                raise WorkerError(f"the Dask client {self.client!r} is {self.client.status}")
            try:
                known: dict[str, dict[str, int]] = self.client.scheduler_info().get("workers", {})
            except Exception as error:
                raise WorkerError(f"the Dask client {self.client!r} cannot reach its scheduler: {error}") from error
            if known:
                self.alone = None
                return {address: worker.get("nthreads", 1) or 1 for address, worker in sorted(known.items())}
            self.alone = self.alone or time.monotonic()
            if time.monotonic() - self.alone >= NO_WORKER_WAIT:
                raise WorkerError(
                    f"the Dask cluster of {self.client!r} has had no worker for {NO_WORKER_WAIT:g} seconds"
                )
            if not wait:
                return {}
            time.sleep(0.25)

    @staticmethod
    def _spread(threads: dict[str, int]) -> list[str]:
        """Each worker once before any twice, as many times as it has threads."""
        return [
            address
            for level in range(max(threads.values(), default=0))
            for address in threads
            if threads[address] > level
        ]

    def place(self) -> None:
        """Shard k's worker, again from the workers the cluster has now (a lost one's shards to the others)."""
        threads = self._workers()
        if threads and threads != self.nthreads:
            spread = self._spread(threads)
            self.nthreads = threads
            self.homes = [[spread[k % len(spread)]] for k in range(self.shards)]

    def threads(self, shard: int) -> int:
        """The threads of shard's worker that it may take: its share of them."""
        if not self.homes:
            return 1
        home = self.homes[shard][0]
        return max(1, self.nthreads[home] // sum(1 for other in self.homes if other[0] == home))

    def _submit(self, function: Callable[..., _T], *args: object, shard: int) -> DaskFuture[_T]:
        try:
            future = self.client.submit(
                function, *args, workers=self.homes[shard] or None, allow_other_workers=True, pure=False
            )
        except Exception as error:
            raise _lost(error, self.client, "a round of the sharded sweep") from error
        self.futures.append(future)
        return future

    def cancel(self) -> None:
        if self.futures and self.client.status == "running":
            self.client.cancel(self.futures)
        self.futures = []


class _Dask(_DaskWorkers):
    """A Dask client's rounds with the pieces passed as futures worker to worker, the last finished
    round's kept until the next one is done (Dask's lineage for a lost worker)."""

    def submit(self, shard: int, args: _RoundArguments, inbox: list[DaskFuture[_packed.Piece]]) -> _DaskRound:
        result = self._submit(run_round, *args, *inbox, shard=shard)
        return (
            result,
            self._submit(_statistics, result, shard=shard),
            [self._submit(_part, result, k, shard=shard) for k in range(self.shards)],
        )

    def statistics(self, round_: list[_DaskRound]) -> Optional[list[_Statistics]]:
        """The round's statistics, or None if one of them was lost again (a worker lost since it was done)."""
        import asyncio

        futures = [statistics for _, statistics, _ in round_]
        try:
            _dask_wait()(futures, timeout=1)
            gathered: list[_Statistics] = self.client.gather(futures)  # at once: a round trip, not one a shard
        except (TimeoutError, asyncio.TimeoutError):
            return None
        except Exception as error:
            raise _lost(error, self.client, "a round of the sharded sweep on a Dask worker") from error
        return gathered

    def pieces(self, round_: list[_DaskRound], counts: list[tuple[int, ...]]) -> list[list[DaskFuture[_packed.Piece]]]:
        inboxes = [[parts[k] for (_, _, parts), sizes in zip(round_, counts) if sizes[k]] for k in range(self.shards)]
        # only the pieces are kept (until the next round, which depends on them, is done: what a lost
        # worker held is recomputed from them); the rounds' results are released once their parts are taken
        self.futures = [piece for inbox in inboxes for piece in inbox]
        self.place()
        return inboxes

    def done(self, sent: _DaskRound) -> bool:
        finished: bool = sent[1].done()
        return finished

    def wait(self, futures: list[_DaskRound], seconds: float) -> None:
        import asyncio

        try:
            _dask_wait()([statistics for _, statistics, _ in futures], timeout=seconds)
        except (TimeoutError, asyncio.TimeoutError):
            pass
        self._workers()  # WorkerError for a closed client, or no worker for too long

    def close(self) -> None:
        """Anything the rounds left (nothing: Dask releases the pieces)."""


class _DaskFiles(_DaskWorkers):
    """A Dask client's rounds with their pieces in shard files under a directory that every worker
    reaches (spill=): a task takes the paths of its pieces, not futures, so it depends on no other
    task. A worker lost mid-round loses only its tasks of that round, which Dask runs again from the
    last finished round's files, kept until the next round is done; nothing before is recomputed.
    A worker holds no piece between rounds."""

    def __init__(self, client: _Client, shards: Optional[int], directory: str) -> None:
        super().__init__(client, shards)
        self.lock = _shardfile.Lock(directory)  # one count a directory, as the disk tier's
        try:
            self.directory = tempfile.mkdtemp(prefix="knight-rounds-", dir=directory)
        except OSError as error:
            self.lock.release()
            raise _shardfile.disk_error(os.path.join(directory, "knight-rounds-"), error) from None
        self.inputs: set[str] = set()  # the directories of the files the running round reads
        self.results: list[_FilesResult] = []

    def submit(self, shard: int, args: _RoundArguments, inbox: list[str]) -> DaskFuture[_FilesResult]:
        return self._submit(run_round_files, *args, self.directory, shard, *inbox, shard=shard)

    def statistics(self, round_: list[DaskFuture[_FilesResult]]) -> Optional[list[_Statistics]]:
        """The round's statistics (its files' paths kept), or None if a task is being run again."""
        import asyncio

        try:
            _dask_wait()(round_, timeout=1)
            self.results = self.client.gather(round_)
        except (TimeoutError, asyncio.TimeoutError):
            return None
        except Exception as error:
            raise _lost(error, self.client, "a round of the sharded sweep on a Dask worker") from error
        # nothing a lost worker holds is needed any more: the scheduler forgets the round's results
        # now (a future merely dropped is released later, by a message, and a worker lost before it
        # arrives would have its finished tasks run again from files already removed)
        self.client.cancel(round_)
        self.futures = []
        return [statistics for statistics, _ in self.results]

    def pieces(self, round_: list[DaskFuture[_FilesResult]], counts: list[tuple[int, ...]]) -> list[list[str]]:
        inboxes = [[path for _, files in self.results if (path := files[k])] for k in range(self.shards)]
        for path in self.inputs:  # the round before's files: read by a finished round, not needed again
            shutil.rmtree(path, ignore_errors=True)
        self.inputs = {os.path.dirname(path) for inbox in inboxes for path in inbox}
        self.results = []
        self.place()
        return inboxes

    def done(self, sent: DaskFuture[_FilesResult]) -> bool:
        finished: bool = sent.done()
        return finished

    def wait(self, futures: list[DaskFuture[_FilesResult]], seconds: float) -> None:
        import asyncio

        try:
            _dask_wait()(futures, timeout=seconds)
        except (TimeoutError, asyncio.TimeoutError):
            pass
        self._workers()

    def close(self) -> None:
        """The rounds' files (a task still running on a closed worker may write a little after)."""
        shutil.rmtree(self.directory, ignore_errors=True)
        self.lock.release()


def count(
    board: Board,
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    executor: object,
    *,
    dask: bool,
    shards: Optional[int],
    bar_class: Optional[BarClass],
    budget: int,
    until: float,
    started: float,
    spill: Optional[str] = None,
) -> int:
    """The tours of board (0-based start and end, or None) by the sharded sweep on executor (a
    concurrent.futures executor, or a Dask client with dask); shards, or one a worker (a Dask
    worker's threads; two where unknown). until is the wall-clock deadline or NEVER; started the
    monotonic start of the call, for the timeout's message. spill (with dask): a directory every
    worker reaches, where each round's pieces are kept as shard files (_DaskFiles)."""
    if shards is not None:
        check_memory(shards * shards * PAIR_BYTES, f"shards={shards:,} ({shards:,}² pieces a round)")
    question = _question(board, start, end, closed)
    watch = _Watch(budget, until, started)
    # the runners' rounds and pieces differ in kind (futures here or Dask's, or file names): the loop only passes them back
    runner: _Runner[Any, Any]
    if not dask:
        runner = _Local(cast("Executor", executor), shards)
    elif spill is None:
        runner = _Dask(cast("_Client", executor), shards)
    else:
        runner = _DaskFiles(cast("_Client", executor), shards, spill)
    sweep = _plan_of(question, watch)  # the plan here too: its steps, its factor
    if not sweep.factor or not sweep.steps:
        return 0
    steps = len(sweep.steps)
    bar = None if bar_class is None else bar_class(total=steps, unit="square", desc="sweeping", leave=False)
    inboxes: list[list[Any]] = [[_packed.start()]] + [[] for _ in range(runner.shards - 1)]
    first, states, before, spent, tours, last = 0, 1, 1, 0, 0, 1

    def check() -> None:  # the deadline and stop requests, while a round is sent and waited for
        if _enumerate.stop_requested():
            raise KeyboardInterrupt
        if until != NEVER and time.time() >= until + 1.0:
            raise timed_out(started, f"{spent:,} states of the sharded sweep, on square {first + 1}")

    try:
        while first < steps:
            stop = min(steps, first + _squares(states, before, last, runner.shards, steps))
            round_: list[Any] = []
            for k, inbox in enumerate(inboxes):
                args = (question, first, stop, runner.shards, budget, spent, until, runner.threads(k))
                round_.append(runner.submit(k, args, inbox))
                check()
            inboxes = []
            statistics = None
            while statistics is None:
                runner.wait(round_, 0.25)
                check()
                if all(runner.done(future) for future in round_):
                    try:
                        statistics = runner.statistics(round_)
                    except SearchLimitError:
                        if until != NEVER and time.time() >= until:  # a shard's timeout: say it for the whole count
                            raise timed_out(
                                started, f"{spent:,} states of the sharded sweep, on square {first + 1}"
                            ) from None
                        raise
            tours += sum(found for found, _, _, _ in statistics)
            before, states, last = states, sum(held for _, held, _, _ in statistics), stop - first
            spent += sum(work for _, _, work, _ in statistics)
            watch.spent = spent
            watch(stop, 0)  # the budget, the deadline and stop requests, between rounds
            if bar is not None:
                bar.update(stop - first)
            inboxes = runner.pieces(round_, [sizes for _, _, _, sizes in statistics])
            first = stop
        return sweep.factor * tours
    finally:
        runner.cancel()
        runner.close()
        if bar is not None:
            bar.close()
