"""Exact tour counts by the frontier sweep: the pure-Python twin of ``_frontier.pyx``.

The sweep takes the board's squares one at a time as ``_plan`` lays them out, keeping for
each state of the frontier (``_states``: its codes, rules, look-ahead and demand patterns)
the number of partial tours in it: a layer is a dict of counts keyed by states (``bytes``).
A count is the tours completed at the last step, times the plan's factor.

``shard_round`` advances one shard of a sharded sweep (``_spread``) a round, its states
packed (``_packed``) as the compiled engine packs them. Drawing a tour from the sweep is
``_draw_py``'s.

Every function that sweeps takes check(step, states), called every so often (CHUNK
states, patterns or squares laid out) with the step being swept and the work done so far:
it stops the work by raising, in every phase (the plan, the demand patterns, the layers).
"""

from __future__ import annotations

import time
from functools import partial

from ._join import TO_END, degrees, links, partners
from ._packed import NOTHING, pack, unpack, width
from ._plan import KNIGHT_STEPS, Plan, plan
from ._states import CHUNK, END, demanded, demands_first, successors


def advance(layer: dict[bytes, int], index: int, plan: Plan, check=None) -> tuple[dict[bytes, int], int]:
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


def _layers(sweep: Plan, first: int, layer: dict[bytes, int], stop: int, check=None):
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


def _sweep(sweep: Plan, first: int, layer: dict[bytes, int], check=None) -> tuple[int, int, int]:
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


def layer(sweep: Plan, first: int, states, stop: int, check=None, threads: int = 1) -> list[tuple[bytes, int]]:
    """The states (sorted (bytes, count) pairs) after steps first to stop - 1 of the sweep,
    from states before step first; check and threads as for count."""
    found = dict(states)
    for _, after, _, _ in _layers(sweep, first, found, stop, check):
        found = after
    return sorted(found.items())


def each_layer(sweep: Plan, first: int, states, check=None, threads: int = 1):
    """After each step from first on: (steps swept, the states as sorted (bytes, count) pairs, the
    tours completed so far); check and threads as for count."""
    total = 0
    for index, after, complete, _ in _layers(sweep, first, dict(states), len(sweep.steps), check):
        total += complete
        yield index + 1, sorted(after.items()), total


def count_stats(
    rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, check=None, wrap=None, threads=1
) -> tuple[int, int, float]:
    """(count, peak states in one layer, seconds) for the same question as count()."""
    began = time.perf_counter()
    sweep = plan(rows, cols, mask, start, end, closed, moves, wrap, check=check)
    total, peak, _ = _sweep(sweep, 0, {b"": 1}, check) if sweep.factor else (0, 0, 0)
    return sweep.factor * total, peak, time.perf_counter() - began


def count(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, check=None, wrap=None, threads=1) -> int:
    """The number of tours, as knight.count counts them (see _plan's docstring).

    check(step, states), if given, is called every so often with the step being swept and
    the states expanded so far; it stops the count by raising. wrap: see _plan.Wrap. threads
    is taken for the compiled engine's API: the twin sweeps in one thread (Python's GIL).
    """
    return count_stats(rows, cols, mask, start, end, closed, moves, check, wrap)[0]


def _one_cycle(left: tuple[int, ...], right: tuple[int, ...]) -> bool:
    """Whether the pieces of both sides (ends on the same squares) close into one cycle."""
    start = next((p for p, q in enumerate(left) if q >= 0), None)
    if start is None:
        return False
    ends, here = 0, start
    while True:
        here = right[left[here]]
        ends += 2
        if here == start:
            return ends == sum(1 for q in left if q >= 0)


def _one_path(left, right, left_degrees, right_degrees) -> bool:
    """Whether the pieces of both sides make one path (their path ends known to be two): walked from
    one end, every piece's end is met."""
    sides, degrees = (left, right), (left_degrees, right_degrees)
    here, side, seen = -1, 0, 0
    for p in range(len(left)):
        if left_degrees[p] + right_degrees[p] == 1:  # a path end on the cut
            here, side = p, 0 if left_degrees[p] == 1 else 1
        elif left[p] == TO_END or right[p] == TO_END:  # a piece from a path end, going on across
            here, side, seen = p, 1 if left[p] == TO_END else 0, 1
        if here >= 0:
            break
    if here < 0:
        return False
    while True:
        seen += 1
        there = sides[side][here]
        if there == TO_END:
            break
        seen += 1
        side = 1 - side
        if degrees[side][there] != 1:
            break
        here = there
    return seen == sum(1 for q in left if q != -1) + sum(1 for q in right if q != -1)


def join(left_layer, right: dict[bytes, int], closed: bool, fixed: tuple[int, ...] = (), check=None) -> int:
    """The tours (undirected) made by a state of the left layer and one of right, over every pair that fits
    (see _join): the right states grouped by their degrees and path ends made, each left state compared
    with the groups that complete it; check(0, states) every CHUNK left states."""
    groups: dict[tuple[bytes, int], list[tuple[tuple[int, ...], bytes, int]]] = {}
    for state, ways in right.items():
        groups.setdefault((degrees(state), state.count(END)), []).append((links(state), degrees(state), ways))
    total = 0
    for done, (state, ways) in enumerate(left_layer, 1):
        mine, ends, made = links(state), degrees(state), state.count(END)
        for partner in partners(ends, closed, fixed, made):
            on_cut = sum(1 for a, b in zip(ends, partner) if a + b == 1)
            for other, theirs, count in groups.get((partner, 2 - made - on_cut if not closed else 0), ()):
                if _one_cycle(mine, other) if closed else _one_path(mine, other, ends, theirs):
                    total += ways * count
        if check is not None and done % CHUNK == 0:
            check(0, done)
    return total


def shard_round(
    sweep: Plan, first: int, stop: int, pieces, shards: int, check=None, threads: int = 1
) -> tuple[list, int, int, int]:
    """One shard's round of a sharded sweep: the states of pieces (_packed pieces, a state maybe in several,
    its counts added) before step first of sweep, advanced to step stop. Returns (one piece a shard of the
    states after stop, dealt by _packed.owner; the undirected tours completed; the states after stop; the
    states expanded); check and threads as for count."""
    loaded: dict[bytes, int] = {}
    for state, ways in unpack(pieces, width(sweep, first)):
        loaded[state] = loaded.get(state, 0) + ways
    found, total, work = loaded, 0, 0
    for _, after, complete, done in _layers(sweep, first, loaded, stop, check):
        found, total, work = after, total + complete, done
    return pack(found.items(), shards) if found else [NOTHING] * shards, total, len(found), work
