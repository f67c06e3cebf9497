"""knight.count by the frontier engine: a Board question swept here, or in pieces on an executor;
and knight.tour(method="uniform"), a tour drawn from the same sweep.

The engine (``_frontier`` compiled, ``_frontier_py`` its twin) counts without walking a
tour: it sweeps the board square by square (as ``_plan`` lays them out), keeping for each
state of the frontier the number of partial tours in it. Here the sweep is run for a
knight.Board question, with the budget (states expanded, as nodes), the deadline and
Ctrl-C checked every so often in every phase (laying out the plan, the demand patterns,
the layers; the split for an executor too), and a progress bar over the sweep's squares
(tqdm estimates the time left).

On an executor the sweep is sharded, each layer's states partitioned by a hash of the
state across the workers (``_spread``, which takes this module's check).

The draw (``_draw`` compiled, ``_draw_py`` its twin) keeps the sweep's layers and walks them.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Optional, cast

from ..model._board import Board
from ..model._deadline import NEVER, timed_out
from ..model._errors import InvalidInputError, SearchLimitError
from . import _enumerate, _kernels, _plan

if TYPE_CHECKING:
    from array import array

    from ..model._types import Executor
    from ._enumerate import Bar, BarClass

#: The widest frontier the compiled engine packs into its states (squares, the one being taken included).
MAX_WIDTH = 26

#: Pieces a count is cut into for an executor whose number of workers is not known.
PIECES = 2


def too_wide(board: Board) -> Optional[str]:
    """Why the engine does not take board (its frontier is too wide; a surface it does not sweep), or None.

    A board with both sides longer than MAX_WIDTH is refused without laying out the sweep
    (the frontier of a leaper that can reach every square holds at least the shorter side).
    Otherwise the whole rectangle's frontier is measured on a few of its lines, at once
    however long the board; holes never widen it, so a board with holes is measured square
    by square only when the whole rectangle is too wide.
    """
    if board.topology is not None:
        return _too_wide_surface(board)
    shorter = min(board.size)
    if shorter > MAX_WIDTH:
        wide = f"its shorter side has {shorter} squares"
    else:
        squares = _plan.frontier_width(board.rows, board.cols, None, board.steps)
        if squares > MAX_WIDTH and board.mask is not None:
            squares = _plan.frontier_width(board.rows, board.cols, board.mask, board.steps)
        if squares <= MAX_WIDTH:
            return None
        wide = f"its frontier holds {squares} squares"
    return f"{board.name} is too wide for the frontier engine: {wide}, and the engine takes at most {MAX_WIDTH}"


def _too_wide_surface(board: Board) -> Optional[str]:
    """too_wide for a board that wraps, or a box: swept layer by layer (see _plan.surface_plan) along an
    axis whose ends are not joined, where its frontier is narrow enough. Its width is measured on its
    graph, which it builds (InvalidInputError past model._topology.TABLE_MAX_ENTRIES moves)."""
    wrap = _wrap(board)
    assert wrap is not None
    why = _plan.unswept(wrap)
    if why is None:
        squares = _plan.surface_width(board.rows, board.cols, board.mask, board.steps, wrap)
        if squares <= MAX_WIDTH:
            return None
        why = f"its frontier holds {squares} squares, and the engine takes at most {MAX_WIDTH}"
    return f"the frontier engine does not sweep the {board.name}: {why}; count it with method='enumerate' (method='auto' does)"


#: Where a Linux container's CPU quota is (cgroup v2: "quota period" or "max period"; cgroup v1:
#: the quota, -1 for none, and the period, in two files).
CGROUP_V2 = "/sys/fs/cgroup/cpu.max"
CGROUP_V1 = ("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", "/sys/fs/cgroup/cpu/cpu.cfs_period_us")


def threads_for(requested: Optional[int]) -> int:
    """The threads a sweep here takes: requested, or by default as many as the CPUs this process may
    run on (the engine rounds them down to a power of two); more than those is InvalidInputError."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    quota = _cpu_quota()
    if quota is not None:
        cpus = min(cpus, quota)
    if requested is not None and requested > cpus:
        raise InvalidInputError(
            f"threads={requested:,} is more than the {cpus} CPU{'s' if cpus > 1 else ''} this process may run on"
        )
    return cpus if requested is None else requested


def _cpu_quota() -> Optional[int]:
    """The whole CPUs a Linux container's quota allows (at least one), or None where there is none."""
    try:
        quota, period = _read(CGROUP_V2).split()[:2]
    except (OSError, ValueError):
        try:
            quota, period = (_read(path) for path in CGROUP_V1)
        except (OSError, ValueError):
            return None
    if not quota.isdigit() or not period.isdigit() or int(period) == 0:  # "max" or -1: no quota
        return None
    return max(1, int(quota) // int(period))


def _read(path: str) -> str:
    with open(path) as file:
        return file.read().strip()


def workers(executor: object, default: int) -> int:
    """How many workers executor has, where it says (ProcessPoolExecutor and ThreadPoolExecutor do), else default."""
    known = getattr(executor, "_max_workers", None)
    return known if type(known) is int and known > 0 else default


def _wrap(board: Board) -> Optional[_plan.Wrap]:
    """How board joins its axes, as the plain tuples of a question; None for a flat board."""
    topology = board.topology
    return None if topology is None else (topology.shape, topology.periodic, topology.twisted)


def _question(board: Board, start: Optional[int], end: Optional[int], closed: bool) -> _plan.AnyQuestion:
    return _plan.question_of(board.rows, board.cols, board.mask, start, end, closed, board.steps, _wrap(board))


class _Watch:
    """The sweep's check(step, states): stops it past the budget, the deadline or a stop request; moves the bar."""

    def __init__(self, budget: int, until: float, started: float, bar: Optional[Bar] = None, spent: int = 0) -> None:
        self.budget, self.until, self.started, self.bar, self.spent = budget, until, started, bar, spent
        self.step = 0

    def __call__(self, step: int, states: int) -> None:
        if self.bar is not None and step > self.step:
            self.bar.update(step - self.step)
            self.step = step
        done = self.spent + states
        if done > self.budget:
            raise SearchLimitError(f"the frontier sweep expanded more than max_nodes={self.budget:,} states")
        if _enumerate.stop_requested():
            raise KeyboardInterrupt
        if self.until != NEVER and time.time() >= self.until:
            raise timed_out(self.started, f"{done:,} states of the frontier sweep, on square {step + 1}")


def count(
    board: Board,
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    *,
    executor: Optional[Executor] = None,
    bar_class: Optional[BarClass] = None,
    budget: int,
    until: float,
    started: float,
    join: bool = False,
    memory: Optional[int] = None,
    spill: Optional[str] = None,
    checkpoint: Optional[str] = None,
    threads: int = 1,
) -> int:
    """The tours of board (0-based start and end, or None), by the frontier engine here: the plain
    sweep (by up to threads threads), or with join the two halves swept to the middle and joined
    (see _join), the join spread over executor. (On an executor, the plain sweep is _spread's.)

    until is the wall-clock (time.time()) deadline or NEVER; started the monotonic start
    of the call, for the timeout's message. memory (bytes) bounds the layers held here, the rest
    spilled to files under spill; checkpoint, a directory, keeps the plain sweep's last finished
    layer there and resumes from it (see _spill).
    """
    question = _question(board, start, end, closed)
    if join and board.topology is not None:
        raise InvalidInputError(
            f"method 'join' cuts flat boards in two, not the {board.name}: count it with method='frontier'"
        )
    steps = len(board)
    bar = None if bar_class is None else bar_class(total=steps, unit="square", desc="sweeping", leave=False)
    try:
        if join:
            from . import _join  # here, not at import knight (start-up: benchmarks/bench_startup.py)

            return _join.count(
                cast(_plan.Question, question),  # a flat board's: the others are refused above
                _kernels.frontier,
                check=_Watch(budget, until, started),
                executor=executor,
                pieces=workers(executor, PIECES),
                bar=bar,
            )
        watch = _Watch(budget, until, started, bar)
        if memory is not None or spill is not None or checkpoint is not None:
            from . import _spill  # here, not at import knight (start-up: benchmarks/bench_startup.py)

            return _spill.count(
                question, _kernels.frontier, watch, memory=memory, spill=spill, checkpoint=checkpoint, threads=threads
            )
        return _kernels.frontier.count(*question[:7], check=watch, wrap=_plan.wrap_of(question), threads=threads)
    finally:
        if bar is not None:
            bar.close()


#: The most a uniform draw keeps of the sweep: states (compiled) or transitions (the twin).
MAX_KEPT = 5_000_000


def uniform(
    board: Board, start: int, closed: bool, budget: int, seed: Optional[int], deadline: float = NEVER
) -> tuple[int, int, array[int] | None]:
    """knight.tour(method="uniform"): one tour from start, uniform among all of them (a search method).

    The draw kernel keeps the frontier sweep (its layers compiled, its transitions in the
    twin) and walks it, picking each step with odds in proportion to the tours through it.
    What is kept counts as nodes against budget. EXHAUSTED when there is none;
    LIMIT past the deadline (monotonic), checked during the sweep too.
    """
    import random
    from array import array

    from ..model._status import EXHAUSTED, FOUND, LIMIT

    if deadline != NEVER and time.monotonic() >= deadline:
        return LIMIT, 0, None
    wide = too_wide(board)
    if wide:
        raise InvalidInputError(f"method 'uniform' draws from the frontier engine's count, and {wide}")
    question = _plan.question_of(board.rows, board.cols, board.mask, start, None, closed, board.steps)  # flat: _find
    until = NEVER if deadline == NEVER else time.time() + (deadline - time.monotonic())
    watch = _Watch(min(budget, MAX_KEPT), until, time.monotonic())  # the work, the clock and stop requests
    try:
        squares = _kernels.draw.sample(*question, rng=random.Random(seed), most=min(budget, MAX_KEPT), check=watch)
    except SearchLimitError:  # the deadline passed during the sweep
        return LIMIT, 0, None
    except _plan.TooManyArrows as error:
        if budget < MAX_KEPT:
            return LIMIT, budget, None
        raise InvalidInputError(
            f"method 'uniform' on {board.name}: {error}, too many to keep; it draws from boards up to about 6×6"
        ) from None
    except ValueError:
        return EXHAUSTED, 0, None
    return FOUND, len(squares), array("i", [square + 1 for square in squares])
