"""The frontier sweep's states and their rules in Python, shared by the twins: ``_frontier_py``
(counting) and ``_draw_py`` (drawing). The compiled kernels have the same in C
(``_rules.pxd``, ``_patterns.pxd`` and their ``.pyx``); the plan they all follow is ``_plan``'s.

**State.** One code per frontier square, in frontier order; every state of a layer has the
same frontier squares, so the codes alone identify it:

* ``EMPTY`` (0): no tour edge yet;
* ``FULL`` (1): two tour edges, so no more may touch it;
* ``END`` (2): one tour edge, on a piece of path whose other end is already a path end
  (a square that left the frontier with one edge);
* 3, 4, …: one tour edge; the two squares with the same label are the two ends of one
  piece of path. Labels are renumbered in order of first appearance, so that states that
  differ only in naming merge (the states are the keys of a dict of counts, as ``bytes``).

**Rules.** A square leaving with no edge kills the state (unless it is the whole board);
leaving with one edge makes it a path end: never for a closed tour, and for an open one at
most two, counting the start and end squares, which must be path ends. A piece closing
into a cycle, or a piece whose both ends are path ends, completes the tour: that is only
valid at the last square, with every other frontier square ``FULL``. After each step a
look-ahead (``_viable``) drops states that cannot be completed: too many path ends made or
forced, or square colours that cannot balance.

**Demands.** Before the sweep, a backward pass (``demands``) finds, for each layer, the
patterns the rest of the board can still serve, ignoring how the pieces join: each
frontier square's edges so far (0, 1 or 2) and the path ends made. A state whose pattern
is not among them is dropped: on 5×5 and 6×6 most states are, because their squares'
remaining neighbours cannot give every square the edges it still needs. Each layer's patterns
are kept packed once found (``Fits``: sorted 64-bit words, as the compiled kernel packs its own),
and the layer being swept as a set (``demanded``).

**Mirror images** (see ``_plan``): ``successors`` merges a state with its mirror image
(``canonical``) where the step says so, unless asked not to (drawing).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from itertools import count as counting
from itertools import product
from typing import Callable, Iterable, Iterator, Optional, Sequence

from ..model._remembered import remembered
from ._plan import Check, Plan, Step, demand_ends

#: check(): called every CHUNK patterns; it stops the search by raising.
_Tick = Callable[[], None]

EMPTY, FULL, END, FIRST_LABEL = 0, 1, 2, 3
_FRESH = 255  # a new piece's label until renumbering
_WEIGHT = {EMPTY: 2, FULL: 0}  # a square's share in the colour count (a piece's end: 1)

#: States (or patterns) expanded between calls of a sweep's check: about a twentieth of a second here.
CHUNK = 1 << 10


def _link(cells: list[int], new: int, ends: tuple[int, ...], closed: bool) -> tuple[list[int], bool] | None:
    """The codes after linking the new square (position new) to ends; (cells, complete) or None."""
    cells = cells.copy()
    if len(ends) == 1:
        (u,) = ends
        code = cells[u]
        if code == EMPTY:
            cells[u] = cells[new] = _FRESH
        else:  # the new square takes over u's end of its piece
            cells[u], cells[new] = FULL, code
        return cells, False
    u, w = ends
    a, b = cells[u], cells[w]
    cells[new] = FULL
    if a == EMPTY and b == EMPTY:
        cells[u] = cells[w] = _FRESH
        return cells, False
    if a == EMPTY or b == EMPTY:  # the empty one becomes the other's end
        cells[u], cells[w] = (b, FULL) if a == EMPTY else (FULL, a)
        return cells, False
    cells[u] = cells[w] = FULL
    if a == b:  # a cycle (closed: the tour), or two pieces that both end in path ends
        return (cells, True) if closed or a == END else None
    if b == END:
        a, b = b, a
    cells[cells.index(b)] = a  # w's partner now ends the merged piece
    return cells, False


def _leave(cells: list[int], drops: tuple[tuple[int, bool], ...], complete: bool, plan: Plan) -> bool | None:
    """Take the dropped squares off (in place): whether the tour is complete, None if dead."""
    for position, must_end in drops:
        code = cells[position]
        cells[position] = FULL
        if code == FULL:
            if must_end:
                return None
        elif complete or plan.closed:
            return None
        elif code == EMPTY:
            if not plan.alone:
                return None
            complete = True
        elif code == END:
            complete = True
        else:  # a new path end: its partner's piece now ends in one
            cells[cells.index(code)] = END
    return complete


def _viable(state: bytes, step: Step, closed: bool) -> bool:
    """Whether state can still be completed, as far as two cheap counts can tell.

    Path ends: those made (``END``) and those forced (fixed ends not yet left, EMPTY
    frontier squares with one neighbour left, coming squares with one free neighbour left;
    none is dead) must fit in two (closed: none). Colours, when every step changes the
    square's colour: the squares not yet on the path (coming, or EMPTY) make the links
    between the pieces' ends, each an alternating path, so 2·(their colour sum) plus the
    colour sum of the pieces' ends is 0, give or take one for each path end still to come.
    """
    spare = 0 if closed else 2 - state.count(END)
    forced = step.pending + sum(1 for k in step.thin if state[k] == EMPTY)
    for free, near, must_end in step.watch:
        room = free + sum(1 for k in near if state[k] != FULL)
        if room == 0:
            return False
        if room == 1 and not must_end:
            forced += 1
    if forced > spare:
        return False
    tilt = step.balance + sum(colour * _WEIGHT.get(code, 1) for colour, code in zip(step.colours, state))
    return abs(tilt) <= spare


def pattern(state: bytes) -> int:
    """A state's demand pattern: 2 bits a square (its edges so far: 0, 1 or 2), then the path ends made."""
    code = 0
    for k, cell in enumerate(state):
        code |= (0 if cell == EMPTY else 2 if cell == FULL else 1) << (2 * k)
    return code | state.count(END) << (2 * len(state))


def _degrees(code: int, width: int) -> tuple[list[int], int]:
    """A pattern's edges so far for each of width squares, and its path ends made."""
    return [code >> (2 * k) & 3 for k in range(width)], code >> (2 * width)


def _code(degrees: Sequence[int], ends: int) -> int:
    return sum(d << (2 * k) for k, d in enumerate(degrees)) | ends << (2 * len(degrees))


def _later(code: int, step: Step, closed: bool) -> Iterator[int]:
    """The patterns after step from pattern code before it (edges only, no pieces)."""
    new = len(step.here) - 1
    degrees, made = _degrees(code, new)
    for choice in step.choices:
        after = degrees + [len(choice)]
        for u in choice:
            after[u] += 1
        ends = made + sum(1 for p, _ in step.drops if after[p] == 1)
        if (
            max(after) <= 2
            and ends <= (0 if closed else 2)
            and all(after[p] == 1 if must_end else after[p] >= 1 for p, must_end in step.drops)
        ):
            yield _code([after[p] for p in step.keep], ends)


def _earlier(code: int, step: Step, closed: bool) -> Iterator[int]:
    """The patterns before step that lead to pattern code after it."""
    new = len(step.here) - 1
    degrees = [0] * (new + 1)
    kept, made = _degrees(code, len(step.keep))
    for p, d in zip(step.keep, kept):
        degrees[p] = d
    finals = [tuple(f for f, allowed in ((2, not must_end), (1, not closed)) if allowed) for _, must_end in step.drops]
    for chosen in product(*finals):
        for (p, _), final in zip(step.drops, chosen):
            degrees[p] = final
        ends = made - chosen.count(1)
        for choice in step.choices:
            earlier = degrees[:new]
            for u in choice:
                earlier[u] -= 1
            if ends >= 0 and len(choice) == degrees[new] and min(earlier, default=0) >= 0:
                yield _code(earlier, ends)


class Fits:
    """A layer's demand patterns, packed: sorted 64-bit words (8 bytes a pattern, where a frozenset of
    Python ints takes about 80), looked up by bisection (a few at a time: a sweep asks a set, see
    demanded)."""

    __slots__ = ("words",)

    def __init__(self, patterns: Iterable[int]) -> None:
        self.words = array("Q", sorted(patterns))

    def __contains__(self, code: int) -> bool:
        at = bisect_left(self.words, code)
        return at < len(self.words) and self.words[at] == code

    def __iter__(self) -> Iterator[int]:
        return iter(self.words)

    def __len__(self) -> int:
        return len(self.words)


def _each(patterns: Iterable[int], check: Optional[_Tick]) -> Iterator[int]:
    """The patterns, calling check() every CHUNK of them."""
    for done, code in enumerate(patterns, 1):
        if check is not None and done % CHUNK == 0:
            check()
        yield code


def _find_demands(sweep: Plan, check: Optional[_Tick]) -> tuple[Fits, ...]:
    """demands, uncached; check() every CHUNK patterns. Each layer is a set while it is found, then packed."""
    steps, closed = sweep.steps, sweep.closed
    n = len(steps)
    reach: list[Fits] = [Fits(demand_ends(sweep)[0])] + [Fits(())] * n
    fits: list[Fits] = [Fits(())] * n + [Fits(demand_ends(sweep)[1])]
    low, high = 0, n
    while low < high:
        if low == 0 or len(reach[low]) <= len(fits[high]):  # at least one step forwards
            reach[low + 1] = Fits({b for a in _each(reach[low], check) for b in _later(a, steps[low], closed)})
            low += 1
        else:
            fits[high - 1] = Fits({a for b in _each(fits[high], check) for a in _earlier(b, steps[high - 1], closed)})
            high -= 1
    fits[low] = Fits(a for a in fits[low] if a in reach[low])
    for i in range(low - 1, 0, -1):
        after = set(fits[i + 1])  # looked up once for each choice of each pattern: one layer a set at a time
        fits[i] = Fits(a for a in _each(reach[i], check) if any(b in after for b in _later(a, steps[i], closed)))
    return tuple(fits[1:])


_DEMANDS: dict[Plan, tuple[Fits, ...]] = {}  # the last few sweeps' demands


def demands(sweep: Plan, check: Optional[_Tick] = None) -> tuple[Fits, ...]:
    """For each layer (after step i), the demand patterns (see pattern) from which the rest of the
    board can give every square two edges (path ends one), as far as degrees alone can tell.

    Two sweeps over patterns meet in the middle, each time growing the smaller side: forwards
    from the empty board, the patterns reachable; backwards from the finished board, those
    that can finish (one of the step's choices, with a final degree the rules allow for each
    square that leaves, leads to one that can). Before the meeting layer, the reachable
    patterns that can finish. Only reachable patterns are ever looked up, so where the two
    sweeps meet changes no answer, only the work. Empty for a one-square board (no pruning). A plan
    for a part of a board (see _join) gives its own patterns before and after (begin, finish).
    check() is called every CHUNK patterns; it stops the search by raising.
    """
    if sweep.alone or not sweep.steps:
        return ()
    return remembered(_DEMANDS, sweep, lambda: _find_demands(sweep, check), 4)


def demands_first(sweep: Plan, first: int, check: Optional[Check]) -> None:
    """With check, the demand patterns before the sweep's first step, their work counted as
    states against the budget: check(first, patterns so far) every CHUNK of them."""
    if check is not None:
        patterns = counting(CHUNK, CHUNK)
        demands(sweep, lambda: check(first, next(patterns)))


def _key(cells: list[int], keep: Sequence[int]) -> bytes:
    """The canonical state: the kept codes, labels renumbered by first appearance."""
    labels: dict[int, int] = {}
    return bytes(
        labels.setdefault(code, FIRST_LABEL + len(labels)) if code >= FIRST_LABEL else code
        for code in (cells[p] for p in keep)
    )


def canonical(state: bytes, mirror: tuple[int, ...]) -> bytes:
    """The first of state and its mirror image, comparing codes from the last square back
    (the compiled engine's order of packed states, so that both merge alike)."""
    image = _key([state[m] for m in mirror], range(len(mirror)))
    return min(state, image, key=lambda codes: codes[::-1])


def successors(
    state: bytes, step: Step, plan: Plan, fits: Optional[frozenset[int]] = None, merge: bool = True
) -> Iterator[tuple[tuple[int, ...], Optional[bytes]]]:
    """Every (choice, next state) from state at step; next state None for a complete tour.

    fits, if given, holds the demand patterns the next state's must be among (see demands).
    With merge, a next state that has a mirror image (see Step.mirror) is the canonical one
    of the two: they have as many completions.
    """
    cells = list(state)
    cells.append(EMPTY)
    new = len(state)
    complete: Optional[bool]
    for choice in step.choices:
        if any(cells[u] == FULL for u in choice):
            continue
        linked = _link(cells, new, choice, plan.closed) if choice else (cells.copy(), False)
        if linked is None:
            continue
        after, complete = linked
        complete = _leave(after, step.drops, complete, plan)
        if complete:
            if step.last:
                yield choice, None
        elif complete is not None:
            key = _key(after, step.keep)
            if pattern(key) in fits if fits is not None else _viable(key, step, plan.closed):
                yield choice, canonical(key, step.mirror) if merge and step.mirror else key


#: demanded's last answer, as (its plan, its step, the set), in a list of one (replaced whole: another
#: thread may sweep another step)
_swept: list[tuple[Plan, int, Optional[frozenset[int]]]] = []


def demanded(plan: Plan, index: int, check: Optional[_Tick] = None) -> Optional[frozenset[int]]:
    """The demand patterns the states after step index must be among (None: any), as a set: one step's at
    a time (asked for each state of the step, it is made once; a step's states make one layer's
    look-ups, quicker in a set than by bisection)."""
    for swept_plan, step, found in _swept[-1:]:  # read once
        if swept_plan is plan and step == index:
            return found
    fits = demands(plan, check)
    found = frozenset(fits[index]) if fits else None
    _swept[:] = [(plan, index, found)]
    return found
