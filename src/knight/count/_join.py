"""Counting by meeting in the middle: two parts of a board swept to a cut between columns, then joined.

The plain sweep (``_plan``) takes a board column by column; its widest layers are in the
middle columns. Here the board is cut between two columns (after turning it so that the
sweep goes by columns): the left part is swept from the left edge and the right part from
the right edge, each only up to the cut, and the two sets of states are joined. The
layers near the cut are narrower than the plain sweep's middle ones would be for the whole board,
and neither sweep ever holds a state of the other part.

1. **Left**: the plain sweep's first layers, up to the last square left of the cut (the
   ``left`` layer); its frontier is B_L, the left squares with a neighbour across the cut.
   The demand patterns of the whole board prune it, as they prune the plain sweep.
2. **Across**: the crossing squares B_R (the right squares with a neighbour across) are
   taken next, each linked only to its left neighbours (``crossing_plan``): they never leave,
   and the B_L squares leave as their last crossing neighbour is taken. Its last layer
   holds states of B_R: each square's edges to the left (0, 1, 2) and how the left pieces
   join their ends.
3. **Right**: the plain sweep of the board flipped left to right, up to the cut: states of
   B_R with their edges to the right. Where the board, leaper and fixed ends are their own
   image in that flip and the cut is in the middle, it is the left layer itself, mapped by
   the flip: one sweep serves both parts.
4. **Join**: a left state and a right state make tours when, on each square of B_R, their
   edges add up to two (a path end: one), and the union of their pieces is one cycle
   (closed) or one path with two ends (open). States are grouped by their edges on B_R,
   so that only pairs that can fit are compared (``join``).

Mirror images across the sweep (rows flipped) are merged by both sweeps as the plain sweep
merges them (``_plan``); a left layer folded so still gives the right total against the
right layer unfolded (each merged pair split back into its two halves), whose counts are
the same for a state and its image.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Callable, Iterator, NamedTuple, Optional

from ..model._errors import running_on
from ._plan import Check, Frontier, Neighbours, Plan, Question, States, Step, _check, _flip, _neighbours, plan
from ._states import EMPTY, END, FULL, _code, _key, pattern

if TYPE_CHECKING:
    from concurrent.futures import Future

    from ..model._types import Executor
    from ._enumerate import Bar

#: The link of a piece's end that runs to a path end already made (an END code).
TO_END = -2


class Parts(NamedTuple):
    """The sweeps of a cut board: the left plan and its squares before the cut, the crossing plan, the right plan
    (on the flipped board) and its squares before the cut, and how the right layer maps onto B_R."""

    left: Plan
    left_steps: int
    crossing: Plan
    right: Optional[Plan]  # None: the left layer serves the right too (a symmetric board)
    right_steps: int
    right_squares: tuple[int, ...]  # the squares of the right layer's codes, in the board's own numbering
    crossing_squares: tuple[int, ...]  # B_R in the crossing layer's order
    unfold: tuple[int, ...]  # where each B_R square's mirror image is (crossing order), or () when nothing merged
    ends: tuple[int, ...]  # fixed path ends on B_R (positions in the crossing order)


def _turned(question: Question) -> Question:
    """The question with rows and columns exchanged."""
    rows, cols, mask, start, end, closed, moves = question
    where: Callable[[Optional[int]], Optional[int]] = lambda q: None if q is None else (q % cols) * rows + q // cols  # noqa: E731
    if mask is not None:
        mask = bytes(mask[r * cols + c] for c in range(cols) for r in range(rows))
    return cols, rows, mask, where(start), where(end), closed, tuple((dc, dr) for dr, dc in moves)


def _flipped(question: Question) -> tuple[Question, Callable[[int], int]]:
    """The question flipped left to right, and the flip as a function of squares (its own inverse)."""
    rows, cols, mask, start, end, closed, moves = question
    flip: Callable[[int], int] = lambda q: q - q % cols + cols - 1 - q % cols  # noqa: E731
    if mask is not None:
        mask = bytes(mask[flip(q)] for q in range(rows * cols))
    return (
        rows,
        cols,
        mask,
        None if start is None else flip(start),
        None if end is None else flip(end),
        closed,
        tuple(sorted((dr, -dc) for dr, dc in moves)),
    ), flip


def _frontier_after(sweep: Plan, steps: int) -> list[int]:
    """The frontier's squares after the first steps of the sweep."""
    step = sweep.steps[steps - 1]
    return [step.here[p] for p in step.keep]


def crossing_plan(
    frontier: list[int],
    crossing: list[int],
    neighbours: Neighbours,
    ends: set[int],
    closed: bool,
    mirror: Optional[Callable[[int], int]],
) -> Plan:
    """The steps that take the crossing squares after the left part (frontier: B_L), each linked to its
    left neighbours only: they never leave; a B_L square leaves after its last crossing neighbour.
    No look-ahead: the demand patterns prune it, once the left layer (begin) and the right one (finish)
    are known (see count)."""
    left = set(frontier)
    step_of = {square: i for i, square in enumerate(crossing)}
    last = {u: max(step_of[v] for v in neighbours[u] if v in step_of) for u in frontier}
    steps: list[Step] = []
    taken: set[int] = set()
    unmatched = 0  # crossing squares taken whose mirror image is not
    for i, square in enumerate(crossing):
        here = frontier + [square]
        earlier = sorted(p for p, u in enumerate(here) if u in left and u in neighbours[square])
        drops = tuple((p, u in ends) for p, u in enumerate(here) if u in last and last[u] == i)
        keep = tuple(p for p, u in enumerate(here) if not (u in last and last[u] == i))
        frontier = [here[p] for p in keep]
        if mirror is not None and mirror(square) != square:
            unmatched += -1 if mirror(square) in taken else 1
            taken.add(square)
        image: tuple[int, ...] = ()
        if mirror is not None and unmatched == 0:  # the squares taken are their own image: merge (see _plan)
            at = {u: k for k, u in enumerate(frontier)}
            image = tuple(at[mirror(u)] for u in frontier)
        steps.append(
            Step(
                here=tuple(here),
                choices=tuple(c for k in range(3) for c in combinations(earlier, k)),
                drops=drops,
                keep=keep,
                last=False,
                thin=(),
                watch=(),
                pending=0,
                colours=(),
                balance=0,
                mirror=image,
            )
        )
    return Plan(tuple(steps), 1, closed, False, False)


def cut(question: Question, at: Optional[int] = None) -> Optional[tuple[Question, Parts]]:
    """The question turned to be swept by columns and its parts cut before column at (the middle by
    default); None when a part would be empty, or every square of the right part borders the left
    (then a tour could be finished while crossing, which the crossing plan does not count)."""
    whole = plan(*question)
    if whole.by_rows:
        question = _turned(question)
        whole = plan(*question, by_rows=False)
    rows, cols, _, start, end, closed, moves = question
    at = cols // 2 if at is None else at
    on = _check(*question)
    left_steps = sum(on[r * cols + c] for r in range(rows) for c in range(at))
    right_steps = len(whole.steps) - left_steps
    if not whole.factor or left_steps == 0 or right_steps == 0:
        return None
    flipped, flip = _flipped(question)
    symmetric = flipped[:6] == question[:6] and set(flipped[6]) == set(moves) and 2 * at == cols
    right = None if symmetric else plan(*flipped, by_rows=False)
    right_frontier = _frontier_after(whole if right is None else right, right_steps)
    right_squares = tuple(flip(u) for u in right_frontier)
    neighbours = _neighbours(rows, cols, on, moves)
    order = [step.here[-1] for step in whole.steps]
    across = set(right_squares)
    crossing = [u for u in order[left_steps:] if u in across]
    if len(crossing) == right_steps:  # every right square borders the left: the tour may end while crossing
        return None
    ends: set[int] = set() if closed else {square for square in (start, end) if square is not None}
    mirror = _flip(rows, cols, on, ends, moves, False)
    crossing_sweep = crossing_plan(_frontier_after(whole, left_steps), crossing, neighbours, ends, closed, mirror)
    squares = _frontier_after(crossing_sweep, len(crossing))
    at_square = {u: k for k, u in enumerate(squares)}
    return question, Parts(
        left=whole,
        left_steps=left_steps,
        crossing=crossing_sweep,
        right=right,
        right_steps=right_steps,
        right_squares=right_squares,
        crossing_squares=tuple(squares),
        unfold=() if mirror is None else tuple(at_square[mirror(u)] for u in squares),
        ends=tuple(sorted(at_square[u] for u in ends if u in at_square)),
    )


def right_states(parts: Parts, layer: States) -> dict[bytes, int]:
    """The right layer's states in the crossing layer's order of B_R, merged mirror images split back."""
    position = {u: k for k, u in enumerate(parts.right_squares)}
    order = [position[u] for u in parts.crossing_squares]
    found: dict[bytes, int] = {}
    for state, ways in layer:
        codes = _key([state[p] for p in order], range(len(order)))
        image = _key([codes[p] for p in parts.unfold], range(len(order))) if parts.unfold else codes
        if image == codes:
            found[codes] = found.get(codes, 0) + ways
        else:
            found[codes] = found.get(codes, 0) + ways // 2
            found[image] = found.get(image, 0) + ways // 2
    return found


def degrees(state: bytes) -> bytes:
    return bytes(0 if code == EMPTY else 2 if code == FULL else 1 for code in state)


def links(state: bytes) -> tuple[int, ...]:
    """Each square's other end of its piece (TO_END: a path end made), or -1 (no piece ends there)."""
    first: dict[int, int] = {}
    links = [-1] * len(state)
    for p, code in enumerate(state):
        if code == END:
            links[p] = TO_END
        elif code > END:
            if code in first:
                links[p], links[first[code]] = first[code], p
            else:
                first[code] = p
    return tuple(links)


def partners(edges: bytes, closed: bool, fixed: tuple[int, ...], made: int) -> Iterator[bytes]:
    """The right parts' degrees that complete edges (the left's) on every square: two edges, or one on a
    path end (open: as many as the two path ends allow, fixed ends always)."""
    need = [2 - d for d in edges]
    if closed:
        yield bytes(need)
        return
    if any(need[p] == 0 for p in fixed):
        return
    free = [p for p in range(len(need)) if need[p] >= 1 and p not in fixed]
    spare = 2 - made - len(fixed)
    for k in range(max(0, spare) + 1):
        for chosen in combinations(free, k):
            out = list(need)
            for p in (*fixed, *chosen):
                out[p] -= 1
            yield bytes(out)


def _finish(right: dict[bytes, int], closed: bool, fixed: tuple[int, ...]) -> frozenset[int]:
    """The demand patterns of the crossing layer's states that fit some state of right."""
    found: set[int] = set()
    for mine, made in {(degrees(state), state.count(END)) for state in right}:
        for partner in partners(mine, closed, fixed, made):
            ends = 0 if closed else 2 - made - sum(1 for a, b in zip(mine, partner) if a + b == 1)
            if ends >= 0:
                found.add(_code(partner, ends))
    return frozenset(found)


def pruned(parts: Parts, left: States, right: dict[bytes, int]) -> Plan:
    """The crossing plan with its demand patterns: those of the left layer (and of the mirror images it merged)
    before, those that fit right after. Only patterns reached from begin are kept, and the crossing merges
    mirror images too, so both of a pair must be reached."""
    image = parts.left.steps[parts.left_steps - 1].mirror  # the left layer holds one of each mirror pair
    begin = {pattern(state) for state, _ in left} | {
        pattern(bytes(state[k] for k in image)) for state, _ in left if image
    }
    return parts.crossing._replace(begin=frozenset(begin), finish=_finish(right, parts.left.closed, parts.ends))


def _part(group: bytes, pieces: int) -> int:
    """The piece a group of the join goes to (the same in every process)."""
    import zlib  # here, not at import knight (start-up)

    return zlib.crc32(group) % pieces


def split(
    across: States, right: dict[bytes, int], closed: bool, fixed: tuple[int, ...], pieces: int
) -> list[tuple[States, dict[bytes, int]]]:
    """The join cut into pieces by group: each right state goes to its group's piece, each left state to the
    pieces of the groups that complete it (open tours: maybe several), so that the pieces' joins add up to the
    whole and each holds about 1/pieces of the right states."""
    right_parts: list[dict[bytes, int]] = [{} for _ in range(pieces)]
    for state, ways in right.items():
        right_parts[_part(degrees(state) + bytes([state.count(END)]), pieces)][state] = ways
    left_parts: list[States] = [[] for _ in range(pieces)]
    targets: dict[tuple[bytes, int], set[int]] = {}
    for state, ways in across:
        group = (degrees(state), state.count(END))
        if group not in targets:
            mine, made = group
            found: set[int] = set()
            for partner in partners(mine, closed, fixed, made):
                ends = 0 if closed else 2 - made - sum(1 for a, b in zip(mine, partner) if a + b == 1)
                if ends >= 0:
                    found.add(_part(partner + bytes([ends]), pieces))
            targets[group] = found
        for piece in targets[group]:
            left_parts[piece].append((state, ways))
    return [(left, right) for left, right in zip(left_parts, right_parts) if left and right]


def _moved(bar: Optional[Bar], squares: int) -> None:
    if bar is not None:
        bar.update(squares)


def count(
    question: Question,
    kernel: Frontier,
    at: Optional[int] = None,
    check: Optional[Check] = None,
    executor: Optional[Executor] = None,
    pieces: int = 2,
    bar: Optional[Bar] = None,
) -> int:
    """The tours of question (as the plain sweep counts them) by meeting in the middle, with kernel's
    sweeps (``_frontier`` or its twin); by the plain sweep when the board cannot be cut (see cut).
    With executor (any concurrent.futures executor, or a Dask client's get_executor()), the sweeps run
    here and the join in pieces there (see split): one kernel.join a piece. bar (a tqdm bar, or None)
    counts the squares swept and the join as one, and moves after each part, so that it estimates the
    time left."""
    found = cut(question, at)
    if found is None:
        return kernel.count(*question, check=check)
    question, parts = found
    if bar is not None:
        bar.total = parts.left_steps + (parts.right_steps if parts.right else 0) + len(parts.crossing.steps) + 1
        bar.refresh()
    left = kernel.layer(parts.left, 0, [(b"", 1)], parts.left_steps, check)
    _moved(bar, parts.left_steps)
    if parts.right is None:
        right_layer = left
    else:
        right_layer = kernel.layer(parts.right, 0, [(b"", 1)], parts.right_steps, check)
        _moved(bar, parts.right_steps)
    right = right_states(parts, right_layer)
    if not left or not right:
        return 0
    crossing = pruned(parts, left, right)
    across = kernel.layer(crossing, 0, left, len(crossing.steps), check)
    _moved(bar, len(crossing.steps))
    closed = parts.left.closed
    if executor is None:
        return parts.left.factor * kernel.join(across, right, closed, parts.ends, check)
    work = split(across, right, closed, parts.ends, pieces)
    from concurrent.futures import wait  # here, not at import knight

    futures: list[Future[int]] = []
    try:
        with running_on(executor, "the join's pieces"):
            futures += (executor.submit(kernel.join, mine, theirs, closed, parts.ends) for mine, theirs in work)
            pending = set(futures)
            while pending:  # check (the deadline, a stop request) every second while the pieces run
                _, pending = wait(pending, timeout=1.0)
                if pending and check is not None:
                    check(len(crossing.steps), 0)
            return parts.left.factor * sum(future.result() for future in futures)
    finally:
        for future in futures:
            future.cancel()
