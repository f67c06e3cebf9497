"""Exact tour counts by frontier dynamic programming: the pure-Python twin of ``_frontier.pyx``.

Counts the Hamiltonian paths or cycles of a leaper's graph on a board (a rectangle, maybe
with holes) without listing them. The squares are taken one at a time, column by column
across the board's longer side (row by row if that keeps the frontier narrower), and for
each new square the sweep decides at once which of its edges back to earlier squares the
tour uses: none, one or two. A square stays on the frontier until its last neighbour has
been taken; then its degree is final and it leaves. For the knight the frontier is about
two columns of the shorter side: 2·rows + 1 squares.

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
remaining neighbours cannot give every square the edges it still needs.

**Mirror images.** When the question is its own mirror image across the sweep (board and
fixed ends; rows flipped for a sweep column by column), then after each step whose squares
taken so far are their own mirror image (the end of a column), a state and its mirror image
have as many completions: the sweep keeps only the first of the two (``canonical``), about
halving the states. Drawing tours keeps states as they are.

The sweep counts undirected paths or cycles; ``count`` doubles open ones without a fixed
end (each path runs both ways) and closed ones from a start (both directions).

``split`` and ``run_piece`` cut a count into independent pieces (the states after the
first layers, dealt round-robin) whose answers add up to the count; ``sample`` draws a
uniform tour by walking the stored layers backwards (small boards: every layer is kept).
"""

from __future__ import annotations

import time
from functools import partial
from itertools import combinations, product
from itertools import count as counting
from typing import NamedTuple

EMPTY, FULL, END, FIRST_LABEL = 0, 1, 2, 3
_FRESH = 255  # a new piece's label until renumbering
_WEIGHT = {EMPTY: 2, FULL: 0}  # a square's share in the colour count (a piece's end: 1)

#: The knight's eight (row, col) steps.
KNIGHT_STEPS = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))


class Step(NamedTuple):
    """What the sweep does when it takes one square (positions index the frontier plus it)."""

    here: tuple[int, ...]  # the frontier's squares, then the new one (0-based board indices)
    choices: tuple[tuple[int, ...], ...]  # sets of earlier neighbours to link it to
    drops: tuple[tuple[int, bool], ...]  # (position, must be a path end) of the squares that leave
    keep: tuple[int, ...]  # the positions still on the frontier afterwards
    last: bool  # the last square: only now may the tour be complete
    # Look-ahead, on the frontier afterwards (positions index keep):
    thin: tuple[int, ...]  # squares with one neighbour left (if EMPTY, a path end; not fixed ends)
    watch: tuple[tuple[int, tuple[int, ...], bool], ...]  # coming squares short of free neighbours
    pending: int  # fixed path ends (start, end) not yet left
    colours: tuple[int, ...]  # ±1 by square colour (empty if the leaper's graph is not bipartite)
    balance: int  # 2 × the colours of the squares still to come
    mirror: tuple[int, ...] = ()  # where each kept square's mirror image is kept (empty: no symmetry here)


class Plan(NamedTuple):
    """The sweep over one board: its steps, in order, and how its count is scaled."""

    steps: tuple[Step, ...]
    factor: int  # tours per undirected path or cycle; 0 when there is none
    closed: bool
    alone: bool  # the board has a single square: a one-square open tour


def _neighbours(rows: int, cols: int, on, moves) -> dict[int, list[int]]:
    """For each square of the board, its neighbours on the board."""
    return {
        row * cols + col: [
            (row + dr) * cols + col + dc
            for dr, dc in moves
            if 0 <= row + dr < rows and 0 <= col + dc < cols and on[(row + dr) * cols + col + dc]
        ]
        for row in range(rows)
        for col in range(cols)
        if on[row * cols + col]
    }


def _check(rows, cols, mask, start, end, closed, moves) -> bytes:
    """Validate the arguments (ValueError); the mask as bytes, 1 per square of the board."""
    if not (isinstance(rows, int) and isinstance(cols, int) and rows >= 1 and cols >= 1):
        raise ValueError(f"a board needs rows >= 1 and cols >= 1, not {rows}×{cols}")
    n = rows * cols
    on = b"\x01" * n if mask is None else bytes(1 if b else 0 for b in mask)
    if len(on) != n:
        raise ValueError(f"mask has {len(on)} bytes, not rows * cols = {n}")
    steps = {(int(dr), int(dc)) for dr, dc in moves}
    if not steps or (0, 0) in steps or steps != {(-dr, -dc) for dr, dc in steps}:
        raise ValueError(f"leaper {tuple(moves)}: its steps must be nonzero and come in opposite pairs")
    if closed and end is not None:
        raise ValueError("a closed tour has no end square: pass end=None")
    for name, square in (("start", start), ("end", end)):
        if square is not None and not (0 <= square < n and on[square]):
            raise ValueError(f"{name} {square} is not a square of the board")
    return on


def _order(rows: int, cols: int, on, by_rows: bool) -> list[int]:
    """The board's squares column by column (or row by row)."""
    cells = [(c, r) for c in range(cols) for r in range(rows)]
    if by_rows:
        cells = [(c, r) for r in range(rows) for c in range(cols)]
    return [r * cols + c for c, r in cells if on[r * cols + c]]


def _last_steps(order, neighbours) -> tuple[dict[int, int], int]:
    """Each square's last step (when its last neighbour is taken), and the widest frontier.

    The frontier when order[i] is taken is the squares taken by then whose last step is i
    or later: counted for every i at once by adding one at each square's step and taking
    one off after its last step.
    """
    step_of = {square: i for i, square in enumerate(order)}
    last = {square: max([step_of[u] for u in neighbours[square]] + [step_of[square]]) for square in order}
    change = [0] * (len(order) + 1)
    for square in order:
        change[step_of[square]] += 1
        change[last[square] + 1] -= 1
    width = here = 0
    for delta in change:
        here += delta
        width = max(width, here)
    return last, width


def frontier_width(rows, cols, mask, moves=KNIGHT_STEPS) -> int:
    """The most squares the sweep's frontier holds (with the square being taken): its state's length + 1.

    Cheap (linear in the board), so that a board too wide for the engine is refused at once.
    """
    on = _check(rows, cols, mask, None, None, False, moves)
    neighbours = _neighbours(rows, cols, on, moves)
    return min(_last_steps(_order(rows, cols, on, by_rows), neighbours)[1] for by_rows in (False, True))


def _step(i: int, here: list[int], step_of, neighbours, last, ends, colour) -> Step:
    """The step that takes square here[-1] (step i) with the frontier here before it."""
    square = here[-1]
    position = {u: p for p, u in enumerate(here)}
    earlier = sorted(position[u] for u in neighbours[square] if step_of[u] < i)
    keep = [p for p, u in enumerate(here) if last[u] != i]
    kept = [here[p] for p in keep]
    at = {u: k for k, u in enumerate(kept)}

    def free(u: int) -> int:
        return sum(1 for v in neighbours[u] if step_of[v] > i)

    watch = []
    for q in sorted({v for u in kept for v in neighbours[u] if step_of[v] > i}, key=step_of.__getitem__):
        left = free(q)
        if left < 2:
            watch.append((left, tuple(sorted(at[u] for u in neighbours[q] if u in at)), q in ends))
    return Step(
        here=tuple(here),
        choices=tuple(c for k in range(3) for c in combinations(earlier, k)),
        drops=tuple((p, u in ends) for p, u in enumerate(here) if last[u] == i),
        keep=tuple(keep),
        last=i == len(step_of) - 1,
        thin=tuple(k for k, u in enumerate(kept) if u not in ends and free(u) == 1),
        watch=tuple(watch),
        pending=sum(1 for u in ends if last[u] > i),
        colours=tuple(colour[u] for u in kept) if colour else (),
        balance=0,
    )


def _flip(rows: int, cols: int, on, ends, moves, by_rows: bool):
    """The mirror image across the sweep (rows flipped for a sweep column by column), as a function
    of squares, when it maps the whole question onto itself (board, leaper, fixed ends); else None."""
    if by_rows:
        flip = lambda q: q - q % cols + cols - 1 - q % cols  # noqa: E731
    else:
        flip = lambda q: (rows - 1 - q // cols) * cols + q % cols  # noqa: E731
    if {(dr, -dc) if by_rows else (-dr, dc) for dr, dc in moves} != set(moves):
        return None
    if any(on[q] != on[flip(q)] for q in range(rows * cols)) or any(flip(q) != q for q in ends):
        return None
    return flip


def _mirror(kept: list[int], flip) -> tuple[int, ...]:
    """Where the mirror image of each kept square is kept."""
    at = {u: k for k, u in enumerate(kept)}
    return tuple(at[flip(u)] for u in kept)


def plan(rows, cols, mask, start, end, closed, moves) -> Plan:
    """Validate the question and lay out the sweep, in the orientation with the narrower frontier."""
    on = _check(rows, cols, mask, start, end, closed, moves)
    neighbours = _neighbours(rows, cols, on, moves)
    sweeps = [(_order(rows, cols, on, by_rows), by_rows) for by_rows in (rows > cols, rows <= cols)]
    (order, by_rows), (last, _) = min(((o, _last_steps(o[0], neighbours)) for o in sweeps), key=lambda pair: pair[1][1])
    step_of = {square: i for i, square in enumerate(order)}
    ends = set() if closed else {start, end} - {None}
    flip = _flip(rows, cols, on, ends, moves, by_rows)
    bipartite = all((dr + dc) % 2 for dr, dc in moves)
    colour = {q: 1 - 2 * ((q // cols + q % cols) % 2) for q in order} if bipartite else None
    coming = 2 * sum(colour.values()) if colour else 0
    steps: list = []
    frontier: list[int] = []
    taken: set[int] = set()
    unmatched = 0  # squares taken whose mirror image is not: while 0, the squares taken are their own image
    for i, square in enumerate(order):
        here = frontier + [square]
        if colour:
            coming -= 2 * colour[square]
        step = _step(i, here, step_of, neighbours, last, ends, colour)
        frontier = [u for u in here if last[u] != i]
        if flip is not None and flip(square) != square:
            unmatched += -1 if flip(square) in taken else 1
            taken.add(square)
        mirror = _mirror(frontier, flip) if flip is not None and unmatched == 0 else ()
        steps.append(step._replace(balance=coming, mirror=mirror))
    n = len(order)
    if closed:
        factor = 2 if start is not None else 1
    elif start is not None and start == end:
        factor = int(n == 1)
    else:
        factor = 2 if start is None and end is None and n > 1 else 1
    return Plan(tuple(steps), factor, bool(closed), n == 1)


def _link(cells: list[int], new: int, ends: tuple[int, ...], closed: bool):
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


def _leave(cells: list[int], drops, complete: bool, plan: Plan) -> bool | None:
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


def _code(degrees, ends: int) -> int:
    return sum(d << (2 * k) for k, d in enumerate(degrees)) | ends << (2 * len(degrees))


def _later(code: int, step: Step, closed: bool):
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


def _earlier(code: int, step: Step, closed: bool):
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


def _each(patterns, check):
    """The patterns, calling check() every CHUNK of them."""
    for done, code in enumerate(patterns, 1):
        if check is not None and done % CHUNK == 0:
            check()
        yield code


def _find_demands(sweep: Plan, check) -> tuple[frozenset, ...]:
    """demands, uncached; check() every CHUNK patterns."""
    steps, closed = sweep.steps, sweep.closed
    n = len(steps)
    reach: list[set] = [{0}] + [set()] * n
    fits: list[set] = [set()] * n + [{0 if closed else 2}]
    low, high = 0, n
    while low < high:
        if len(reach[low]) <= len(fits[high]):
            reach[low + 1] = {b for a in _each(reach[low], check) for b in _later(a, steps[low], closed)}
            low += 1
        else:
            fits[high - 1] = {a for b in _each(fits[high], check) for a in _earlier(b, steps[high - 1], closed)}
            high -= 1
    fits[low] &= reach[low]
    for i in range(low - 1, 0, -1):
        fits[i] = {a for a in _each(reach[i], check) if any(b in fits[i + 1] for b in _later(a, steps[i], closed))}
    return tuple(frozenset(f) for f in fits[1:])


_DEMANDS: dict = {}  # the last few sweeps' demands


def remembered(cache: dict, key, make, size: int):
    """cache[key], made by make() if missing; the oldest entry goes past size entries. Unlike
    lru_cache, make may stop by raising (a check), and then nothing is kept."""
    if key not in cache:
        value = make()
        if len(cache) >= size:
            cache.pop(next(iter(cache)), None)
        cache[key] = value
    return cache[key]


def demands(sweep: Plan, check=None) -> tuple[frozenset, ...]:
    """For each layer (after step i), the demand patterns (see pattern) from which the rest of the
    board can give every square two edges (path ends one), as far as degrees alone can tell.

    Two sweeps over patterns meet in the middle, each time growing the smaller side: forwards
    from the empty board, the patterns reachable; backwards from the finished board, those
    that can finish (one of the step's choices, with a final degree the rules allow for each
    square that leaves, leads to one that can). Before the meeting layer, the reachable
    patterns that can finish. Only reachable patterns are ever looked up, so where the two
    sweeps meet changes no answer, only the work. Empty for a one-square board (no pruning).
    check() is called every CHUNK patterns; it stops the search by raising.
    """
    if sweep.alone or not sweep.steps:
        return ()
    return remembered(_DEMANDS, sweep, lambda: _find_demands(sweep, check), 4)


def _key(cells: list[int], keep) -> bytes:
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


def successors(state: bytes, step: Step, plan: Plan, fits=None, merge=True):
    """Every (choice, next state) from state at step; next state None for a complete tour.

    fits, if given, holds the demand patterns the next state's must be among (see demands).
    With merge, a next state that has a mirror image (see Step.mirror) is the canonical one
    of the two: they have as many completions.
    """
    cells = list(state)
    cells.append(EMPTY)
    new = len(state)
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


#: States expanded between calls of a sweep's check: about a twentieth of a second here.
CHUNK = 1 << 10


def _fits(plan: Plan, index: int, check=None):
    """The demand patterns the states after step index must be among (None: any)."""
    fits = demands(plan, check)
    return fits[index] if fits else None


def advance(layer: dict[bytes, int], index: int, plan: Plan, check=None) -> tuple[dict[bytes, int], int]:
    """The next layer of state counts after step index, and the tours completed at it; check() every CHUNK states."""
    following: dict[bytes, int] = {}
    complete = 0
    step, fits = plan.steps[index], _fits(plan, index, check)
    for done, (state, ways) in enumerate(layer.items(), 1):
        for _, key in successors(state, step, plan, fits):
            if key is None:
                complete += ways
            else:
                following[key] = following.get(key, 0) + ways
        if check is not None and done % CHUNK == 0:
            check()
    return following, complete


def _sweep(sweep: Plan, first: int, layer: dict[bytes, int], check=None) -> tuple[int, int, int]:
    """(undirected tours, peak layer size, states expanded) from layer (states before step first).

    check(step, states), if given, is called every CHUNK states of each step with the step
    being swept and the states expanded so far (the compiled engine's contract); it stops
    the sweep by raising.
    """
    total, peak, work = 0, len(layer), 0
    if check is not None:  # the demand patterns first, their work counted as states against the budget
        patterns = counting(CHUNK, CHUNK)
        demands(sweep, lambda: check(first, next(patterns)))
    for index in range(first, len(sweep.steps)):
        work += len(layer)
        tick = None if check is None else partial(check, index, work)
        if tick is not None:
            tick()
        layer, complete = advance(layer, index, sweep, tick)
        total += complete
        peak = max(peak, len(layer))
    return total, peak, work


def count_stats(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, check=None) -> tuple[int, int, float]:
    """(count, peak states in one layer, seconds) for the same question as count()."""
    began = time.perf_counter()
    sweep = plan(rows, cols, mask, start, end, closed, moves)
    total, peak, _ = _sweep(sweep, 0, {b"": 1}, check) if sweep.factor else (0, 0, 0)
    return sweep.factor * total, peak, time.perf_counter() - began


def count(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, check=None) -> int:
    """The number of tours, as knight.count counts them (see the module docstring).

    check(step, states), if given, is called every so often with the step being swept and
    the states expanded so far; it stops the count by raising.
    """
    return count_stats(rows, cols, mask, start, end, closed, moves, check)[0]


def question_of(rows, cols, mask, start, end, closed, moves) -> tuple:
    """The arguments of count as a plain, picklable tuple (a work piece's question)."""
    return rows, cols, None if mask is None else bytes(mask), start, end, bool(closed), tuple(moves)


def deal(question: tuple, first: int, states, pieces: int) -> list[tuple]:
    """Work pieces (question, first, states): the layer's sorted states dealt round-robin."""
    states = sorted(states)
    return [(question, first, tuple(states[k::pieces])) for k in range(pieces) if states[k::pieces]]


def split(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, pieces=2) -> list[tuple]:
    """Independent work pieces whose run_piece answers add up to count(...).

    A piece is a plain tuple (question, step, states): some of the states (bytes, count)
    of the first layer with at least 4·pieces states (or of the last layer), so that
    pieces can run anywhere, in any order, with either implementation.
    """
    question = question_of(rows, cols, mask, start, end, closed, moves)
    sweep = plan(*question)
    if not sweep.factor or not sweep.steps:
        return []
    layer, first = {b"": 1}, 0
    while first < len(sweep.steps) - 1 and len(layer) < 4 * pieces:
        layer, _ = advance(layer, first, sweep)
        first += 1
    return deal(question, first, layer.items(), pieces)


def run_piece(piece, check=None) -> tuple[int, int]:
    """(tours, states expanded) of one piece from split; check as for count."""
    question, first, states = piece
    sweep = plan(*question)
    total, _, work = _sweep(sweep, first, dict(states), check)
    return sweep.factor * total, work


class TooManyArrows(MemoryError):
    """Sampling would keep more of the sweep's transitions than it was allowed."""


_ARROWS: dict = {}  # the last few questions' kept sweeps


def _arrows(question: tuple, most: int, check=None) -> tuple[Plan, list[dict]]:
    """The sweep, and for each step every state reached with the (count, state, edges) leading to it.

    TooManyArrows past most transitions kept; check(step, transitions) every CHUNK states.
    """
    return remembered(_ARROWS, (question, most), lambda: _keep_arrows(question, most, check), 4)


def _keep_arrows(question: tuple, most: int, check) -> tuple[Plan, list[dict]]:
    """_arrows, uncached."""
    sweep = plan(*question)
    if check is not None:  # the demand patterns first (their work is not kept)
        demands(sweep, lambda: check(0, 0))
    layer, arrows, kept = {b"": 1}, [], 0
    for index, step in enumerate(sweep.steps):
        into: dict = {}
        for done, (state, ways) in enumerate(layer.items(), 1):
            for choice, key in successors(state, step, sweep, _fits(sweep, index), merge=False):
                into.setdefault(key, []).append((ways, state, choice))
                kept += 1
            if kept > most:
                raise TooManyArrows(f"sampling keeps every transition of the sweep: more than {most:,}")
            if check is not None and done % CHUNK == 0:
                check(index, kept)
        arrows.append(into)
        layer = {key: sum(ways for ways, _, _ in options) for key, options in into.items() if key is not None}
    return sweep, arrows


def sample(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, rng=None, most=5_000_000, check=None) -> list[int]:
    """One tour, uniform among those count(...) counts: its squares in visiting order.

    The sweep's transitions are kept (for the last 4 questions asked), then walked
    backwards from the completed tour, each step choosing among the (state, edges) that
    lead to the state chosen after it with probability proportional to the state's count.
    Memory grows with every layer's states: meant for small boards (up to about 6×6);
    past most transitions, TooManyArrows (a MemoryError). ValueError when there is no tour.
    check(step, transitions), if given, is called every so often while the sweep is kept;
    it stops the draw by raising.
    """
    if rng is None:
        import random  # here: importing knight stays quick

        rng = random.Random()
    sweep, arrows = _arrows(question_of(rows, cols, mask, start, end, closed, moves), most, check)
    if not sweep.factor or not arrows or None not in arrows[-1]:
        raise ValueError("no tour to sample: the count is 0")
    target, chosen = None, []
    for into in reversed(arrows):
        options = into[target]
        pick = rng.randrange(sum(ways for ways, _, _ in options))
        for option in options:  # each option with odds in proportion to its ways
            pick -= option[0]
            if pick < 0:
                break
        _, target, choice = option
        chosen.append(choice)
    return walk_edges(sweep, chosen[::-1], start, end, closed, rng)


def walk_edges(sweep: Plan, chosen, start, end, closed: bool, rng) -> list[int]:
    """The tour whose edges are chosen (for each step, the frontier positions the new square links to)."""
    links: dict[int, list[int]] = {step.here[-1]: [] for step in sweep.steps}
    for step, choice in zip(sweep.steps, chosen):
        new = step.here[-1]
        for position in choice:
            links[new].append(step.here[position])
            links[step.here[position]].append(new)
    return _walk(links, start, end, closed, rng)


def _walk(links: dict[int, list[int]], start, end, closed: bool, rng) -> list[int]:
    """The tour through the chosen edges, from start (or to end), in a uniform direction."""
    if closed:
        first = min(links) if start is None else start
        second = rng.choice(links[first])
    else:
        ends = [square for square, near in links.items() if len(near) < 2]
        if start is not None:
            first = start
        elif end is not None:
            first = next(square for square in ends if square != end) if len(ends) > 1 else end
        else:
            first = rng.choice(ends)
        second = links[first][0] if links[first] else None
    tour = [first]
    previous, here = first, second
    while here is not None and here != first:
        tour.append(here)
        previous, here = here, next((u for u in links[here] if u != previous), None)
    return tour
