"""Exact tour counts by the frontier sweep: the pure-Python twin of ``_frontier.pyx``.

The sweep takes the board's squares one at a time as ``_plan`` lays them out, keeping for
each state of the frontier (``_states``: its codes, rules, look-ahead and demand patterns)
the number of partial tours in it: a layer is a dict of counts keyed by states (``bytes``).
A count is the tours completed at the last step, times the plan's factor.

``split`` and ``run_piece`` cut a count into independent pieces (the states after the
first layers, dealt round-robin) whose answers add up to the count; both implementations
make and take the same pieces. Drawing a tour from the sweep is ``_draw_py``'s.

Every function that sweeps takes check(step, states), called every so often (CHUNK
states, patterns or squares laid out) with the step being swept and the work done so far:
it stops the work by raising, in every phase (the plan, the demand patterns, the layers).
"""

from __future__ import annotations

import time
from functools import partial

from ._plan import KNIGHT_STEPS, Plan, Question, deal, plan, question_of
from ._states import CHUNK, demanded, demands_first, successors


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


def count_stats(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, check=None) -> tuple[int, int, float]:
    """(count, peak states in one layer, seconds) for the same question as count()."""
    began = time.perf_counter()
    sweep = plan(rows, cols, mask, start, end, closed, moves, check)
    total, peak, _ = _sweep(sweep, 0, {b"": 1}, check) if sweep.factor else (0, 0, 0)
    return sweep.factor * total, peak, time.perf_counter() - began


def count(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, check=None) -> int:
    """The number of tours, as knight.count counts them (see _plan's docstring).

    check(step, states), if given, is called every so often with the step being swept and
    the states expanded so far; it stops the count by raising.
    """
    return count_stats(rows, cols, mask, start, end, closed, moves, check)[0]


def split(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, pieces=2, check=None) -> list[tuple]:
    """Independent work pieces whose run_piece answers add up to count(...).

    A piece is a plain tuple (question, step, states): some of the states (bytes, count)
    of the first layer with at least 4·pieces states (or of the last layer), so that
    pieces can run anywhere, in any order, with either implementation. check as for count:
    the plan, the demand patterns and the first layers are work too.
    """
    question = question_of(rows, cols, mask, start, end, closed, moves)
    sweep = plan(*question, check=check)
    if not sweep.factor or not sweep.steps:
        return []
    layer, first = {b"": 1}, 0
    for index, after, _, _ in _layers(sweep, 0, layer, len(sweep.steps) - 1, check):
        layer, first = after, index + 1
        if len(layer) >= 4 * pieces:
            break
    return deal(question, first, layer.items(), pieces)


def run_piece(piece: tuple[Question, int, tuple], check=None) -> tuple[int, int]:
    """(tours, states expanded) of one piece from split; check as for count."""
    question, first, states = piece
    sweep = plan(*question, check=check)
    total, _, work = _sweep(sweep, first, dict(states), check)
    return sweep.factor * total, work
