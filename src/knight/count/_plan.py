"""The frontier sweep's plan, and what every frontier kernel shares: counting (``_frontier``
compiled, ``_frontier_py`` its twin) and drawing (``_draw``, ``_draw_py``).

The sweep counts the Hamiltonian paths or cycles of a leaper's graph on a board (a
rectangle, maybe with holes) without listing them. The squares are taken one at a time,
column by column across the board's longer side (row by row if that keeps the frontier
narrower), and for each new square the sweep decides at once which of its edges back to
earlier squares the tour uses: none, one or two. A square stays on the frontier until its
last neighbour has been taken; then its degree is final and it leaves. For the knight the
frontier is about two columns of the shorter side: 2·rows + 1 squares.

The plan lays this out once for a question: for each square taken, a ``Step`` saying which
frontier squares it may link to, which squares leave and what the look-ahead watches (the
states and their rules are in ``_states`` for the twins, and in ``_rules.pxd`` and
``_patterns.pxd`` for the compiled kernels). It is plain Python, used as it is by the twins and flattened into an
int array by the compiled kernels, so that every kernel sweeps the same steps.

**Mirror images.** When the question is its own mirror image across the sweep (board and
fixed ends; rows flipped for a sweep column by column), then after each step whose squares
taken so far are their own mirror image (the end of a column), a state and its mirror image
have as many completions: the counting sweep keeps only the first of the two, about halving
the states (``Step.mirror`` says where each kept square's image is). Drawing keeps states as
they are.

The sweep counts undirected paths or cycles; ``Plan.factor`` doubles open ones without a
fixed end (each path runs both ways) and closed ones from a start (both directions).

Laying out a plan is linear in the board, and a long board is long: ``plan`` calls its
check every CHUNK squares, so that a deadline stops it too. ``frontier_width`` measures a
whole rectangle on a few of its lines, so that any board is refused or taken at once.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import (
    TYPE_CHECKING,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    NamedTuple,
    Optional,
    Protocol,
    Tuple,
    TypeVar,
    Union,
    overload,
)

from ..model._memory import check_memory
from ..model._topology import TABLE_CACHE_SQUARES, Topology, neighbour_table

if TYPE_CHECKING:
    import random
    from array import array

    from ._packed import Inbox, Piece

#: The knight's eight (row, col) steps.
KNIGHT_STEPS = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))

#: How a board that wraps, or a box, joins its axes, as plain tuples: (shape, periodic, twisted), one
#: length and two bools per axis (see model._topology); its cells are numbered row-major, laid out as
#: rows × cols (rows of the last axis).
Wrap = Tuple[Tuple[int, ...], Tuple[bool, ...], Tuple[bool, ...]]

#: A question as a plain, picklable tuple: (rows, cols, mask, start, end, closed, moves).
Question = Tuple[int, int, Optional[bytes], Optional[int], Optional[int], bool, Tuple[Tuple[int, ...], ...]]
#: A board that wraps, or a box, adds its Wrap (its moves are the leaper's steps on its axes).
WrappedQuestion = Tuple[
    int, int, Optional[bytes], Optional[int], Optional[int], bool, Tuple[Tuple[int, ...], ...], Wrap
]
AnyQuestion = Union[Question, WrappedQuestion]

#: A leaper's steps, one offset per axis each (two on a flat board).
Moves = Tuple[Tuple[int, ...], ...]
#: check(step, states): called every so often during a sweep (or its layout); it stops it by raising.
Check = Callable[[int, int], None]
#: For each square, its neighbours on the board.
Neighbours = Dict[int, List[int]]
#: A layer of the sweep as sorted (state, count) pairs.
States = List[Tuple[bytes, int]]

_T = TypeVar("_T")


class Tick(Protocol):
    """The items of a layout's loop passed through as they come (_untimed, or a _Ticker's check)."""

    def __call__(self, items: Iterable[_T], /) -> Iterable[_T]: ...


#: Squares laid out between calls of plan's check.
CHUNK = 1 << 12

_ON = bytes([0] + [1] * 255)  # a mask's bytes as 0 (a hole) or 1


class Frontier(Protocol):
    """A frontier kernel (``_frontier`` compiled, or its twin ``_frontier_py``): the entry points the
    sweeps around it call (the stub ``_frontier.pyi`` types them all)."""

    def count(
        self,
        rows: int,
        cols: int,
        mask: Optional[bytes],
        start: Optional[int],
        end: Optional[int],
        closed: bool,
        moves: Moves = ...,
        check: Optional[Check] = ...,
        wrap: Optional[Wrap] = ...,
        threads: int = ...,
    ) -> int: ...
    def layer(
        self, sweep: Plan, first: int, states: States, stop: int, check: Optional[Check] = ..., threads: int = ...
    ) -> States: ...
    def join(
        self,
        left: States,
        right: dict[bytes, int],
        closed: bool,
        fixed: tuple[int, ...] = ...,
        check: Optional[Check] = ...,
    ) -> int: ...
    def shard_round(
        self,
        sweep: Plan,
        first: int,
        stop: int,
        pieces: Inbox,
        shards: int,
        check: Optional[Check] = ...,
        threads: int = ...,
        sink: Optional[Callable[[int, Piece], object]] = ...,
    ) -> tuple[list[Piece], int, int, int]: ...
    def check_piece(self, keys: bytes, counts: bytes, bits: int, width: int) -> tuple[int, int]: ...


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
    by_rows: bool = False  # the squares are taken row by row (else column by column)
    # The demand patterns (see _states.demands) before the first step and after the last: for a whole
    # board, the empty board's and the finished one's; for a part of a board (see _join), given.
    begin: Optional[frozenset[int]] = None
    finish: Optional[frozenset[int]] = None


class TooManyArrows(MemoryError):
    """Drawing would keep more of the sweep than it was allowed (states compiled, transitions in the twin)."""


#: Bytes a square of the board takes in a plan and its layout, at least (tracemalloc's peak, from
#: 1,541 on 3×30000 and 1,543 on 2×2×20000 to 4,124 on 4×4×3000): a board whose plan cannot fit is
#: refused before it is laid out.
PLAN_BYTES_PER_SQUARE = 1536


def _untimed(items: Iterable[_T]) -> Iterable[_T]:
    return items


class _Ticker:
    """The items of each loop of a layout, calling check(0, done) every CHUNK items (done: counted
    across all the loops)."""

    def __init__(self, check: Check) -> None:
        self.check, self.done = check, 0

    def __call__(self, items: Iterable[_T]) -> Iterator[_T]:
        for item in items:
            self.done += 1
            if self.done % CHUNK == 0:
                self.check(0, self.done)
            yield item


def _neighbours(rows: int, cols: int, on: bytes, moves: Moves, tick: Tick = _untimed) -> Neighbours:
    """For each square of the board, its neighbours on the board."""
    return {
        square: [
            (row + dr) * cols + col + dc
            for dr, dc in moves
            if 0 <= row + dr < rows and 0 <= col + dc < cols and on[(row + dr) * cols + col + dc]
        ]
        for square, row, col in tick(
            (row * cols + col, row, col) for row in range(rows) for col in range(cols) if on[row * cols + col]
        )
    }


def _check_shape(rows: int, cols: int, moves: Moves) -> None:
    """Validate the board's sides and the leaper's steps (ValueError), in O(1)."""
    if not (isinstance(rows, int) and isinstance(cols, int) and rows >= 1 and cols >= 1):
        raise ValueError(f"a board needs rows >= 1 and cols >= 1, not {rows}×{cols}")
    steps = {(int(dr), int(dc)) for dr, dc in moves}
    if not steps or (0, 0) in steps or steps != {(-dr, -dc) for dr, dc in steps}:
        raise ValueError(f"leaper {tuple(moves)}: its steps must be nonzero and come in opposite pairs")


def _check(
    rows: int, cols: int, mask: Optional[bytes], start: Optional[int], end: Optional[int], closed: bool, moves: Moves
) -> bytes:
    """Validate the arguments (ValueError); the mask as bytes, 1 per square of the board."""
    _check_shape(rows, cols, moves)
    return _squares(rows, cols, mask, start, end, closed)


def _squares(
    rows: int, cols: int, mask: Optional[bytes], start: Optional[int], end: Optional[int], closed: bool
) -> bytes:
    """Validate the mask and the ends (ValueError); the mask as bytes, 1 per square of the board."""
    n = rows * cols
    if mask is None:
        on = b"\x01" * n
    elif isinstance(mask, (bytes, bytearray)):
        on = bytes(mask).translate(_ON)
    else:
        on = bytes(map(bool, mask))
    if len(on) != n:
        raise ValueError(f"mask has {len(on)} bytes, not rows * cols = {n}")
    if closed and end is not None:
        raise ValueError("a closed tour has no end square: pass end=None")
    for name, square in (("start", start), ("end", end)):
        if square is not None and not (0 <= square < n and on[square]):
            raise ValueError(f"{name} {square} is not a square of the board")
    return on


def _order(rows: int, cols: int, on: bytes, by_rows: bool, tick: Tick = _untimed) -> list[int]:
    """The board's squares column by column (or row by row)."""
    if by_rows:
        cells = (r * cols + c for r in range(rows) for c in range(cols))
    else:
        cells = (r * cols + c for c in range(cols) for r in range(rows))
    return [square for square in tick(cells) if on[square]]


def _last_steps(order: list[int], neighbours: Neighbours, tick: Tick = _untimed) -> tuple[dict[int, int], int]:
    """Each square's last step (when its last neighbour is taken), and the widest frontier.

    The frontier when order[i] is taken is the squares taken by then whose last step is i
    or later: counted for every i at once by adding one at each square's step and taking
    one off after its last step.
    """
    step_of = {square: i for i, square in enumerate(tick(order))}
    last = {square: max([step_of[u] for u in neighbours[square]] + [step_of[square]]) for square in tick(order)}
    change = [0] * (len(order) + 1)
    for square in tick(order):
        change[step_of[square]] += 1
        change[last[square] + 1] -= 1
    width = here = 0
    for delta in tick(change):
        here += delta
        width = max(width, here)
    return last, width


def _width(rows: int, cols: int, on: bytes, moves: Moves, by_rows: bool) -> int:
    """The widest frontier of the sweep by rows (or by columns)."""
    return _last_steps(_order(rows, cols, on, by_rows), _neighbours(rows, cols, on, moves))[1]


def _whole_width(rows: int, cols: int, moves: Moves) -> int:
    """frontier_width of the whole rows×cols rectangle, measured on a few of its lines.

    Swept column by column, the frontier when square (r, c) is taken holds squares of
    columns c - reach to c (reach: the leaper's longest step across columns), and which ones
    depends only on r and on which columns within reach of c exist: at c >= reach with
    c + reach < cols the frontier is the same as at c = reach, and elsewhere it holds fewer.
    So the sweep's width is that of its first 2·reach + 1 columns. Across the sweep, a
    frontier on fewer rows is a part of the one on more, so the width on some of the rows
    bounds it from below. Both sweeps are measured on more and more rows (columns, for the
    sweep by rows) until the narrower one is measured on all of them.
    """
    along = {by_rows: 2 * max(abs(dr if by_rows else dc) for dr, dc in moves) + 1 for by_rows in (False, True)}
    across = 8
    while True:
        widths: dict[bool, int] = {}
        for by_rows in (False, True):
            height, width = (
                (min(rows, along[True]), min(cols, across)) if by_rows else (min(rows, across), min(cols, along[False]))
            )
            widths[by_rows] = _width(height, width, b"\x01" * (height * width), moves, by_rows)
        whole = {by_rows: across >= (cols if by_rows else rows) for by_rows in (False, True)}
        narrower = min(
            widths, key=lambda by_rows: (widths[by_rows], not whole[by_rows])
        )  # ties: the one measured whole
        if whole[narrower]:  # measured across the whole board, and no wider than the other's lower bound
            return widths[narrower]
        across *= 2


def frontier_width(rows: int, cols: int, mask: Optional[bytes], moves: Moves = KNIGHT_STEPS) -> int:
    """The most squares the sweep's frontier holds (with the square being taken): its state's length + 1.

    Cheap, so that a board too wide for the engine is refused at once: linear in a board
    with holes (whose frontiers are never wider than the whole rectangle's: mask=None), and
    a few of its lines for a whole rectangle, however long.
    """
    if mask is None:  # no mask of the whole board is made: it may hold billions of squares
        _check_shape(rows, cols, moves)
        return _whole_width(rows, cols, moves)
    on = _check(rows, cols, mask, None, None, False, moves)
    if on.count(0) == 0:
        return _whole_width(rows, cols, moves)
    return min(_width(rows, cols, on, moves, by_rows) for by_rows in (False, True))


def _step(
    i: int,
    here: list[int],
    step_of: dict[int, int],
    neighbours: Neighbours,
    last: dict[int, int],
    ends: set[int],
    colour: Optional[dict[int, int]],
) -> Step:
    """The step that takes square here[-1] (step i) with the frontier here before it."""
    square = here[-1]
    position = {u: p for p, u in enumerate(here)}
    earlier = sorted(position[u] for u in neighbours[square] if step_of[u] < i)
    keep = [p for p, u in enumerate(here) if last[u] != i]
    kept = [here[p] for p in keep]
    at = {u: k for k, u in enumerate(kept)}

    def free(u: int) -> int:
        return sum(1 for v in neighbours[u] if step_of[v] > i)

    watch: list[tuple[int, tuple[int, ...], bool]] = []
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


def _flip(
    rows: int, cols: int, on: bytes, ends: set[int], moves: Moves, by_rows: bool, tick: Tick = _untimed
) -> Optional[Callable[[int], int]]:
    """The mirror image across the sweep (rows flipped for a sweep column by column), as a function
    of squares, when it maps the whole question onto itself (board, leaper, fixed ends); else None."""
    flip: Callable[[int], int]
    if by_rows:
        flip = lambda q: q - q % cols + cols - 1 - q % cols  # noqa: E731
    else:
        flip = lambda q: (rows - 1 - q // cols) * cols + q % cols  # noqa: E731
    if {(dr, -dc) if by_rows else (-dr, dc) for dr, dc in moves} != set(moves):
        return None
    if any(on[q] != on[flip(q)] for q in tick(range(rows * cols))) or any(flip(q) != q for q in ends):
        return None
    return flip


def _mirror(kept: list[int], flip: Callable[[int], int]) -> tuple[int, ...]:
    """Where the mirror image of each kept square is kept."""
    at = {u: k for k, u in enumerate(kept)}
    return tuple(at[flip(u)] for u in kept)


def plan(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves,
    wrap: Optional[Wrap] = None,
    *,
    check: Optional[Check] = None,
    by_rows: Optional[bool] = None,
) -> Plan:
    """Validate the question and lay out the sweep, in the orientation with the narrower frontier
    (or by rows, or by columns, as by_rows says); a board that wraps, or a box (wrap), layer by
    layer (see surface_plan).

    check(step, states), if given, is the sweep's check (see _frontier_py.count): it is
    called as check(0, squares) every CHUNK squares laid out, so that the layout counts
    against the sweep's budget and stops at its deadline; it stops the layout by raising.
    """
    check_memory(rows * cols * PLAN_BYTES_PER_SQUARE, f"the frontier sweep's plan of {rows * cols:,} squares")
    tick = _untimed if check is None else _Ticker(check)
    if wrap is not None:
        return surface_plan(rows, cols, mask, start, end, closed, moves, wrap, tick)
    on = _check(rows, cols, mask, start, end, closed, moves)
    neighbours = _neighbours(rows, cols, on, moves, tick)
    sweeps: list[tuple[list[int], bool, tuple[dict[int, int], int]]] = []
    for across in (rows > cols, rows <= cols) if by_rows is None else (by_rows,):
        order = _order(rows, cols, on, across, tick)
        sweeps.append((order, across, _last_steps(order, neighbours, tick)))
    order, by_rows, (last, _) = min(sweeps, key=lambda sweep: sweep[2][1])
    flip = _flip(rows, cols, on, _path_ends(start, end, closed), moves, by_rows, tick)
    bipartite = all((dr + dc) % 2 for dr, dc in moves)
    colour = {q: 1 - 2 * ((q // cols + q % cols) % 2) for q in tick(order)} if bipartite else None
    return _lay_out(order, neighbours, last, (start, end, closed), flip, colour, by_rows, tick)


def _path_ends(start: Optional[int], end: Optional[int], closed: bool) -> set[int]:
    """The fixed ends of an open path (none for a closed tour)."""
    return set() if closed else {square for square in (start, end) if square is not None}


def _lay_out(
    order: list[int],
    neighbours: Neighbours,
    last: dict[int, int],
    question: tuple[Optional[int], Optional[int], bool],
    flip: Optional[Callable[[int], int]],
    colour: Optional[dict[int, int]],
    by_rows: bool,
    tick: Tick,
) -> Plan:
    """The plan that takes the squares in order (each leaving at its last step), question being
    (start, end, closed); flip the mirror image (or None), colour each square's ±1 (or None)."""
    start, end, closed = question
    ends = _path_ends(start, end, closed)
    step_of = {square: i for i, square in enumerate(tick(order))}
    coming = 2 * sum(colour.values()) if colour else 0
    steps: list[Step] = []
    frontier: list[int] = []
    taken: set[int] = set()
    unmatched = 0  # squares taken whose mirror image is not: while 0, the squares taken are their own image
    for i, square in enumerate(tick(order)):
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
    return Plan(tuple(steps), factor, bool(closed), n == 1, by_rows)


# -- boards that wrap, and boxes: swept layer by layer -----------------------------------------


def unswept(wrap: Wrap) -> Optional[str]:
    """Why the sweep does not take a board joined as wrap says (a phrase naming what it lacks), or None.

    The sweep takes such a board layer by layer along an axis whose ends are not joined (the
    one along which a cylinder is open; any of a box's), the other axes across its frontier,
    where the moves that wrap stay. Along an axis that wraps, the first layers would stay on
    the frontier to the end (a torus, a Klein bottle, a box joined along every axis); a join
    with a flip (a Möbius strip, a Klein bottle) moves a layer's squares next to their mirror
    images, far across.
    """
    _, periodic, twisted = wrap
    if any(twisted):
        return "its edges join with a flip"
    if all(periodic):
        return "every axis of it wraps, and the sweep goes along one whose ends are not joined"
    return None


def _topology(rows: int, cols: int, moves: Moves, wrap: Wrap) -> Topology:
    """Validate a board that wraps, or a box, and the leaper's steps on its axes (ValueError); its Topology."""
    try:
        shape, periodic, twisted = (tuple(part) for part in wrap)
    except (TypeError, ValueError):
        raise ValueError(f"wrap must be (shape, periodic, twisted), not {wrap!r}") from None
    axes = len(shape)
    if axes < 2 or not all(isinstance(length, int) and length >= 1 for length in shape):
        raise ValueError(f"a board's shape needs two or more lengths of at least 1, not {shape!r}")
    if len(periodic) != axes or len(twisted) != axes:
        raise ValueError(f"periodic {periodic!r} and twisted {twisted!r} need one bool per axis ({axes})")
    cells = 1
    for length in shape:
        cells *= length
    if not (isinstance(rows, int) and isinstance(cols, int) and rows * cols == cells):
        raise ValueError(f"a board of shape {shape!r} lays out as {cells} cells, not {rows}×{cols}")
    steps = {tuple(step) for step in moves}
    if not steps or any(len(step) != axes or not any(step) for step in steps):
        raise ValueError(f"leaper {tuple(moves)}: its steps must be nonzero, one move along each of {axes} axes")
    if steps != {tuple(-d for d in step) for step in steps}:
        raise ValueError(f"leaper {tuple(moves)}: its steps must come in opposite pairs")
    why = unswept((shape, tuple(map(bool, periodic)), tuple(map(bool, twisted))))
    if why:
        raise ValueError(f"the frontier sweep does not take this board: {why}")
    return Topology(shape, tuple(map(bool, periodic)), tuple(map(bool, twisted)))


def _graph(topology: Topology, moves: Moves, on: bytes, mask: Optional[bytes], tick: Tick = _untimed) -> Neighbours:
    """For each square, its neighbours: the board's own graph (model._topology's table), a CHUNK of
    squares at a time, each square passed through tick (a board of millions stops at its deadline)."""
    steps, cells = tuple(moves), len(on)
    if cells <= TABLE_CACHE_SQUARES:
        return _lists(neighbour_table(topology, steps, None if mask is None else on, topology.name()), on, tick)
    neighbours: Neighbours = {}
    for first in range(0, cells, CHUNK):
        offsets, targets = topology.table(steps, None if mask is None else on, first, min(first + CHUNK, cells))
        neighbours.update(_lists((offsets, targets), on, tick, first, len(offsets) - 1))
    return neighbours


def _lists(
    table: tuple[array[int], array[int]],
    on: bytes,
    tick: Tick = _untimed,
    first: int = 0,
    cells: Optional[int] = None,
) -> Neighbours:
    """The neighbours of each square from a table (offsets, targets) of the cells from first on."""
    offsets, targets = table
    cells = len(on) - first if cells is None else cells
    return {first + k: targets[offsets[k] : offsets[k + 1]].tolist() for k in tick(range(cells)) if on[first + k]}


def _layer_orders(
    topology: Topology, on: bytes, tick: Tick, along: Optional[int] = None
) -> Iterator[tuple[list[int], int]]:
    """Each way to take the squares layer by layer: along each axis whose ends are not joined (or along
    that one), the other axes across it in their order and reversed (the last of them fastest). Yields
    (order, that last axis)."""
    shape = topology.shape
    for axis in range(len(shape)) if along is None else (along,):
        if topology.periodic[axis]:
            continue
        others = tuple(a for a in range(len(shape)) if a != axis)
        for across in dict.fromkeys((others, others[::-1])):
            axes = (axis, *across)
            coords = [0] * len(shape)
            order: list[int] = []
            for index in tick(product(*(range(shape[a]) for a in axes))):
                for a, i in zip(axes, index):
                    coords[a] = i
                cell = topology.cell(tuple(coords))
                if on[cell]:
                    order.append(cell)
            yield order, across[-1]


def _layer_sweep(
    topology: Topology, on: bytes, neighbours: Neighbours, tick: Tick, along: Optional[int] = None
) -> tuple[list[int], dict[int, int], int, int]:
    """The narrowest of the sweeps layer by layer (along one axis, if given): (order, each square's last
    step, widest frontier, the axis across that varies fastest)."""
    best = None
    for order, fastest in _layer_orders(topology, on, tick, along):
        last, width = _last_steps(order, neighbours, tick)
        if best is None or width < best[2]:
            best = (order, last, width, fastest)
    assert best is not None  # there is an axis whose ends are not joined (_topology)
    return best


def _reflection(
    topology: Topology, axis: int, on: bytes, neighbours: Neighbours, ends: set[int], tick: Tick
) -> Optional[Callable[[int], int]]:
    """The mirror image across axis (index i to length - 1 - i), as a function of squares, when it maps the
    whole question onto itself: the board's graph (checked on the graph itself), its holes and the fixed
    ends; else None."""
    length = topology.shape[axis]
    image: dict[int, int] = {}
    for cell in tick(range(len(on))):
        coords = list(topology.coords(cell))
        coords[axis] = length - 1 - coords[axis]
        image[cell] = topology.cell(tuple(coords))
    if any(on[cell] != on[image[cell]] for cell in image) or any(image[q] != q for q in ends):
        return None
    for cell in tick(neighbours):
        if sorted(image[v] for v in neighbours[cell]) != sorted(neighbours[image[cell]]):
            return None
    return image.__getitem__


#: Squares in a layer across the board past which surface_width measures nothing: a connected
#: board whose every layer across is so wide has a frontier far past what any engine keeps.
LAYER_MOST = 1024


def surface_width(rows: int, cols: int, mask: Optional[bytes], moves: Moves, wrap: Wrap) -> int:
    """frontier_width of a board that wraps, or a box.

    A board without holes is measured, along each axis it may be swept along, on 2·reach + 1 of
    its layers (reach: the leaper's longest step along that axis), as _whole_width measures a
    rectangle: the frontier in a layer with reach layers on either side is the same in each, and
    the layers near the ends are among those measured. With holes, on the whole board's graph
    (a table of at most model._topology.TABLE_MAX_ENTRIES moves, or InvalidInputError). A board
    whose layers across every axis hold more than LAYER_MOST squares on average is not measured:
    the number is returned, far past any frontier the engines keep; nor is one along an axis whose
    layers across are so wide (2×2×10⁶ is measured along its long axis alone).
    """
    topology = _topology(rows, cols, moves, wrap)
    squares = rows * cols if mask is None else rows * cols - mask.count(0)
    across = min(squares // length for length in topology.shape)  # squares in a layer across, on average
    if across > LAYER_MOST:
        return across  # not measured: its graph would be huge, and no frontier of layers so wide is narrow
    on = _squares(rows, cols, mask, None, None, False)
    if on.count(0):
        check_memory(len(on) * PLAN_BYTES_PER_SQUARE, f"the frontier width of the {topology.name()}")
        return _layer_sweep(topology, on, _graph(topology, moves, on, mask), _untimed)[2]
    widths: list[int] = []
    for axis, length in enumerate(topology.shape):
        if topology.periodic[axis]:
            continue
        if squares // length > LAYER_MOST:  # not measured along it, as above
            widths.append(squares // length)
            continue
        shape = list(topology.shape)
        shape[axis] = min(length, 2 * max(abs(step[axis]) for step in moves) + 1)
        part = Topology(tuple(shape), topology.periodic, topology.twisted)
        whole = b"\x01" * (len(on) // length * shape[axis])
        neighbours = _lists(part.table(tuple(moves), None), whole)
        widths.append(_layer_sweep(part, whole, neighbours, _untimed, axis)[2])
    return min(widths)


def surface_plan(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves,
    wrap: Wrap,
    tick: Tick = _untimed,
) -> Plan:
    """The sweep of a board that wraps, or a box: layer by layer along the axis (and with the axes
    across in the order) that keeps its frontier narrowest; mirror images merged across the axis
    that varies fastest, where that maps the question onto itself. Colours are the board's own
    (Topology.colour), where every wrap keeps them."""
    topology = _topology(rows, cols, moves, wrap)
    on = _squares(rows, cols, mask, start, end, closed)
    neighbours = _graph(topology, moves, on, mask, tick)
    order, last, _, fastest = _layer_sweep(topology, on, neighbours, tick)
    flip = _reflection(topology, fastest, on, neighbours, _path_ends(start, end, closed), tick)
    bipartite = all(sum(step) % 2 for step in moves) and topology.colour_preserved()
    colour = {q: 1 - 2 * topology.colour(q) for q in tick(order)} if bipartite else None
    return _lay_out(order, neighbours, last, (start, end, closed), flip, colour, False, tick)


def demand_ends(sweep: Plan) -> tuple[frozenset[int], frozenset[int]]:
    """The demand patterns (see _states.demands) before the sweep's first step and after its last."""
    begin = frozenset({0}) if sweep.begin is None else sweep.begin
    return begin, frozenset({0 if sweep.closed else 2}) if sweep.finish is None else sweep.finish


@overload
def question_of(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves,
    wrap: None = None,
) -> Question: ...
@overload
def question_of(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves,
    wrap: Wrap,
) -> WrappedQuestion: ...
@overload
def question_of(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves,
    wrap: Optional[Wrap],
) -> AnyQuestion: ...


def question_of(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves,
    wrap: Optional[Wrap] = None,
) -> AnyQuestion:
    """The arguments of count as a plain, picklable tuple (a work piece's question): seven items for
    a flat board, eight (its Wrap last) for a board that wraps or a box."""
    flat = rows, cols, None if mask is None else bytes(mask), start, end, bool(closed), tuple(moves)
    if wrap is None:
        return flat
    shape, periodic, twisted = wrap
    return (*flat, (tuple(shape), tuple(map(bool, periodic)), tuple(map(bool, twisted))))


def wrap_of(question: AnyQuestion) -> Optional[Wrap]:
    """The Wrap of a question, None for a flat board (its first seven items are the kernels' count arguments)."""
    return question[7] if len(question) > 7 else None


def walk_edges(
    sweep: Plan,
    chosen: Iterable[Iterable[int]],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    rng: random.Random,
) -> list[int]:
    """The tour whose edges are chosen (for each step, the frontier positions the new square links to)."""
    links: dict[int, list[int]] = {step.here[-1]: [] for step in sweep.steps}
    for step, choice in zip(sweep.steps, chosen):
        new = step.here[-1]
        for position in choice:
            links[new].append(step.here[position])
            links[step.here[position]].append(new)
    return _walk(links, start, end, closed, rng)


def _walk(
    links: dict[int, list[int]], start: Optional[int], end: Optional[int], closed: bool, rng: random.Random
) -> list[int]:
    """The tour through the chosen edges, from start (or to end), in a uniform direction."""
    second: Optional[int]
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
