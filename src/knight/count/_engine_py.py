"""Exact tour counts by the frontier sweep: the pure-Python twin of ``_engine.pyx``.

The sweep takes the board's squares one at a time as ``_plan`` lays them out, keeping for
each state of the frontier (``_states``: its codes, rules, look-ahead and demand patterns)
the number of partial tours in it: a layer is a dict of counts keyed by states (``bytes``).
A count is the tours completed at the last step, times the plan's factor.

Every function that sweeps takes check(step, states), called every so often (CHUNK
states, patterns or squares laid out) with the step being swept and the work done so far:
it stops the work by raising, in every phase (the plan, the demand patterns, the layers).
"""

from __future__ import annotations

import time
from functools import partial
from typing import Callable, Iterator, Optional

from ._plan import KNIGHT_STEPS as KNIGHT_STEPS
from ._plan import Check, Moves, Plan, States, Wrap, plan
from ._states import CHUNK, demanded, demands_first, successors


def advance(
    layer: dict[bytes, int], index: int, plan: Plan, check: Optional[Callable[[], None]] = None
) -> tuple[dict[bytes, int], int]:
    """The next layer of state counts after step index, and the tours completed at it; check() every CHUNK states."""
    following: dict[bytes, int] = {}
    complete = 0
    step, fits = plan.steps[index], demanded(plan, index, check)
    for done, (state, ways) in enumerate(layer.items(), 1):
        for _, key in successors(state, step, plan, fits):
            if key is None:
                complete += ways
            else:
                following[key] = following.get(key, 0) + ways
        if check is not None and done % CHUNK == 0:
            check()
    return following, complete


def _layers(
    sweep: Plan, first: int, layer: dict[bytes, int], stop: int, check: Optional[Check] = None
) -> Iterator[tuple[int, dict[bytes, int], int, int]]:
    """Sweep steps first to stop - 1 from layer, yielding (step, layer after it, tours completed at it,
    states expanded so far) after each; check as for _sweep."""
    demands_first(sweep, first, check)
    work = 0
    for index in range(first, stop):
        work += len(layer)
        tick = None if check is None else partial(check, index, work)
        if tick is not None:
            tick()
        layer, complete = advance(layer, index, sweep, tick)
        yield index, layer, complete, work


def _sweep(sweep: Plan, first: int, layer: dict[bytes, int], check: Optional[Check] = None) -> tuple[int, int, int]:
    """(undirected tours, peak layer size, states expanded) from layer (states before step first).

    check(step, states), if given, is called every CHUNK states of each step with the step
    being swept and the states expanded so far (the compiled engine's contract); it stops
    the sweep by raising.
    """
    total, peak, work = 0, len(layer), 0
    for _, after, complete, done in _layers(sweep, first, layer, len(sweep.steps), check):
        total += complete
        peak = max(peak, len(after))
        work = done
    return total, peak, work


def layer(
    sweep: Plan, first: int, states: States, stop: int, check: Optional[Check] = None, threads: int = 1
) -> States:
    """The states (sorted (bytes, count) pairs) after steps first to stop - 1 of the sweep,
    from states before step first; check and threads as for count."""
    found = dict(states)
    for _, after, _, _ in _layers(sweep, first, found, stop, check):
        found = after
    return sorted(found.items())


def each_layer(
    sweep: Plan, first: int, states: States, check: Optional[Check] = None, threads: int = 1
) -> Iterator[tuple[int, States, int]]:
    """After each step from first on: (steps swept, the states as sorted (bytes, count) pairs, the
    tours completed so far); check and threads as for count."""
    total = 0
    for index, after, complete, _ in _layers(sweep, first, dict(states), len(sweep.steps), check):
        total += complete
        yield index + 1, sorted(after.items()), total


def count_stats(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves = KNIGHT_STEPS,
    check: Optional[Check] = None,
    wrap: Optional[Wrap] = None,
    threads: int = 1,
) -> tuple[int, int, float]:
    """(count, peak states in one layer, seconds) for the same question as count()."""
    began = time.perf_counter()
    sweep = plan(rows, cols, mask, start, end, closed, moves, wrap, check=check)
    total, peak, _ = _sweep(sweep, 0, {b"": 1}, check) if sweep.factor else (0, 0, 0)
    return sweep.factor * total, peak, time.perf_counter() - began


def count(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves = KNIGHT_STEPS,
    check: Optional[Check] = None,
    wrap: Optional[Wrap] = None,
    threads: int = 1,
) -> int:
    """The number of tours, as knight.count counts them (see _plan's docstring).

    check(step, states), if given, is called every so often with the step being swept and
    the states expanded so far; it stops the count by raising. wrap: see _plan.Wrap. threads
    is taken for the compiled engine's API: the twin sweeps in one thread (Python's GIL).
    """
    return count_stats(rows, cols, mask, start, end, closed, moves, check, wrap)[0]
