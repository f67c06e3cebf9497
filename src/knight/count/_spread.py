"""knight.count on an executor: the frontier sweep sharded by a hash of the state across workers.

Each layer of the sweep is partitioned among ``shards`` shards by ``_packed.owner`` (a CRC-32
of the state). A round advances every shard's states a square (a few while the layer is small)
with the kernel's ``shard_round``, which deals the successors to their owners as packed pieces
(``_packed``: two buffers a piece, not a Python object a state); the next round's task for
shard k takes the pieces addressed to k, which the kernel adds up as it loads them. Mirror images
are merged before a state is dealt, so equal states meet in one shard, and each shard holds
about 1/shards of each layer. The tours completed at the last square add up to the count, times
the plan's factor, as the plain sweep counts them (``_frontier.count``).

On a Dask ``distributed.Client`` (or its ``get_executor()``), shard k is pinned to one worker
(``workers=``, ``allow_other_workers=False``) and the pieces are futures passed to the next
round's tasks, so they move worker to worker, never through this process, which sees only each
round's small statistics. On any other ``concurrent.futures`` executor the pieces come back here
and go out again with the next round: the caller holds each layer (packed), the workers a shard
of it.

The budget (states expanded), the deadline (wall-clock time, so that a worker on another machine
stops in time too) and stop requests are checked by every task and here between rounds; waiting
is bounded by the deadline and a second. The bar moves a square at a time.
"""

from __future__ import annotations

import time
from typing import Optional

from ..model._board import Board
from ..model._deadline import NEVER, timed_out
from ..model._errors import SearchLimitError
from . import _enumerate, _kernels, _packed, _plan
from ._sweep import _Watch, _question, workers

#: Shards of a count on an executor whose number of workers is not known.
SHARDS = 2

#: While the layers are expected to stay below SMALL_LAYER states (growing as fast as in the last
#: round, at least twice a square), a round takes up to SMALL_SQUARES squares, not one: fewer rounds
#: where a round's cost is its tasks, not its states.
SMALL_LAYER = 20_000
SMALL_SQUARES = 4


def _squares(states: int, before: int, last: int) -> int:
    """The squares of the next round, the layer having grown from before to states states in the last
    round's last squares."""
    rate = max(2.0, (states / max(1, before)) ** (1 / max(1, last)))
    squares = 1
    while squares < SMALL_SQUARES and states * rate ** (squares + 1) <= SMALL_LAYER:
        squares += 1
    return squares


_PLANS: dict = {}  # question -> plan, the last two in each process


def _plan_of(question: _plan.AnyQuestion, check=None) -> _plan.Plan:
    return _plan.remembered(_PLANS, question, lambda: _plan.plan(*question, check=check), 2)


def run_round(
    question: _plan.AnyQuestion,
    first: int,
    stop: int,
    shards: int,
    budget: int,
    spent: int,
    until: float,
    *pieces: _packed.Piece,
) -> tuple[tuple[int, int, int, tuple[int, ...]], list[_packed.Piece]]:
    """A shard's round, on a worker: ((tours, states, states expanded, states a shard), one piece a
    shard) from the pieces addressed to it; stops past budget states (spent already, by the whole
    count) or the wall-clock time until."""
    watch = _Watch(budget, until, time.monotonic(), spent=spent)
    parts, tours, states, work = _kernels.frontier.shard_round(
        _plan_of(question, watch), first, stop, list(pieces), shards, watch
    )
    return (tours, states, work, tuple(map(_packed.size, parts))), parts


def _statistics(result):
    return result[0]


def _part(result, shard: int) -> _packed.Piece:
    return result[1][shard]


class _Local:
    """A concurrent.futures executor's rounds: the pieces come back here and go out again."""

    def __init__(self, executor, shards: Optional[int]) -> None:
        self.executor = executor
        self.shards = shards or workers(executor, SHARDS)
        self.futures: list = []

    def submit(self, shard: int, args: tuple, inbox: list):
        future = self.executor.submit(run_round, *args, *inbox)
        self.futures.append(future)
        return future

    def statistics(self, round_: list) -> list:
        return [future.result()[0] for future in round_]

    def pieces(self, round_: list, counts: list) -> list[list]:
        """The next round's inboxes: for shard k, the non-empty pieces addressed to it."""
        results = [future.result()[1] for future in round_]
        self.futures = []
        return [[parts[k] for parts, sizes in zip(results, counts) if sizes[k]] for k in range(self.shards)]

    def wait(self, futures: list, seconds: float) -> None:
        from concurrent.futures import FIRST_EXCEPTION, wait

        wait(futures, timeout=seconds, return_when=FIRST_EXCEPTION)

    def cancel(self) -> None:
        for future in self.futures:
            future.cancel()
        self.futures = []


class _Dask:
    """A Dask client's rounds: shard k pinned to one worker, pieces passed as futures worker to worker."""

    def __init__(self, client, shards: Optional[int]) -> None:
        self.client = client
        known = client.scheduler_info().get("workers", {})
        threads = {address: worker.get("nthreads", 1) or 1 for address, worker in sorted(known.items())}
        # shard k's worker: each worker once before any twice, as many shards a worker as it has threads
        spread = [
            address
            for level in range(max(threads.values(), default=0))
            for address in threads
            if threads[address] > level
        ]
        self.shards = shards or len(spread) or SHARDS
        self.homes = [[spread[k % len(spread)]] if spread else None for k in range(self.shards)]
        self.futures: list = []

    def _submit(self, function, *args, shard: int):
        future = self.client.submit(function, *args, workers=self.homes[shard], allow_other_workers=False, pure=False)
        self.futures.append(future)
        return future

    def submit(self, shard: int, args: tuple, inbox: list):
        result = self._submit(run_round, *args, *inbox, shard=shard)
        return (
            result,
            self._submit(_statistics, result, shard=shard),
            [self._submit(_part, result, k, shard=shard) for k in range(self.shards)],
        )

    def statistics(self, round_: list) -> list:
        return [statistics.result() for _, statistics, _ in round_]

    def pieces(self, round_: list, counts: list) -> list[list]:
        inboxes = [[parts[k] for (_, _, parts), sizes in zip(round_, counts) if sizes[k]] for k in range(self.shards)]
        # only the pieces are kept: the rounds' results are released once their parts are taken
        self.futures = [piece for inbox in inboxes for piece in inbox]
        return inboxes

    def wait(self, futures: list, seconds: float) -> None:
        import asyncio

        from distributed import wait

        try:
            wait([statistics for _, statistics, _ in futures], timeout=seconds)
        except (TimeoutError, asyncio.TimeoutError):
            pass

    def cancel(self) -> None:
        if self.futures:
            self.client.cancel(self.futures)
        self.futures = []


def _done(round_) -> bool:
    return (round_[1] if type(round_) is tuple else round_).done()


def count(
    board: Board,
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    executor,
    *,
    dask: bool,
    shards: Optional[int],
    bar_class,
    budget: int,
    until: float,
    started: float,
) -> int:
    """The tours of board (0-based start and end, or None) by the sharded sweep on executor (a
    concurrent.futures executor, or a Dask client with dask); shards, or one a worker (a Dask
    worker's threads; two where unknown). until is the wall-clock deadline or NEVER; started the
    monotonic start of the call, for the timeout's message."""
    question = _question(board, start, end, closed)
    runner = _Dask(executor, shards) if dask else _Local(executor, shards)
    watch = _Watch(budget, until, started)
    sweep = _plan_of(question, watch)  # the plan here too: its steps, its factor
    if not sweep.factor or not sweep.steps:
        return 0
    steps = len(sweep.steps)
    bar = None if bar_class is None else bar_class(total=steps, unit="square", desc="sweeping", leave=False)
    inboxes: list[list] = [[_packed.start()]] + [[] for _ in range(runner.shards - 1)]
    first, states, before, spent, tours, last = 0, 1, 1, 0, 0, 1
    try:
        while first < steps:
            stop = min(steps, first + _squares(states, before, last))
            args = (question, first, stop, runner.shards, budget, spent, until)
            round_ = [runner.submit(k, args, inbox) for k, inbox in enumerate(inboxes)]
            inboxes = []
            while not all(_done(future) for future in round_):
                runner.wait(round_, 0.25)
                if _enumerate.stop_requested():
                    raise KeyboardInterrupt
                if until != NEVER and time.time() >= until + 1.0:
                    raise timed_out(started, f"{spent:,} states of the sharded sweep, on square {first + 1}")
            try:
                statistics = runner.statistics(round_)
            except SearchLimitError:
                if until != NEVER and time.time() >= until:  # a shard's timeout: say it for the whole count
                    raise timed_out(started, f"{spent:,} states of the sharded sweep, on square {first + 1}") from None
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
        if bar is not None:
            bar.close()
