"""Fast refutations: proofs, each a sentence, that a board has no tour of the kind asked.

They run before any search, for every method, in a time linear in the board (a few
breadth-first searches and one depth-first search), so an impossible shape is refused
at once instead of after a node budget. A question is a board, open or closed, and the
fixed moves: move number -> square number (move 1 is a fixed start, move n a fixed end,
the others a puzzle's givens). The rules, each a necessary condition for a tour:

* pieces: every square can be reached from every other;
* colours: when every leap changes the square's colour ((a, b) with a + b odd, as the
  knight's), colours alternate along the tour, so the colour counts differ by at most
  one (none for a closed tour), move 1 stands on the more numerous colour, and moves an
  even number apart stand on the same colour;
* dead ends: a closed tour enters and leaves every square, so no square has fewer than
  two moves; an open tour can only begin or end on a square with one move;
* cut squares: a closed tour cannot pass a square whose removal splits the board, and
  an open one cannot pass a square whose removal leaves three or more pieces;
* distances: consecutive fixed moves k < k' stand at most k' - k leaps apart, by paths
  through squares that hold no other fixed move.

Whole rectangles for the knight are left to the theorems of _existence, which settle
them; the rules here serve every other board and every fixed end or given. On boards of
more than GRAPH_MAX_SQUARES squares only the colour rule runs (it needs no graph): the
others, in Python, would cost more than the compiled search they save.
"""

from __future__ import annotations

from functools import lru_cache

from .._board import KNIGHT_MOVES, Board

_COLOURS = ("light", "dark")

#: Largest board (in squares) the rules that walk the board's graph run on.
GRAPH_MAX_SQUARES = 4096


@lru_cache(maxsize=32)
def _shape(rows: int, cols: int, mask: bytes | None, leaper: tuple[int, int]) -> tuple[list[list[int]], list[int]]:
    """The board's neighbour lists and its squares (0-based cells), cached per shape."""
    board = Board._make(rows, cols, mask, leaper)
    return board.neighbour_lists(), [square - 1 for square in board]


def shape_of(board: Board) -> tuple[list[list[int]], list[int]]:
    """(neighbour lists, squares as 0-based cells) of board, shared by every question on its shape."""
    return _shape(board.rows, board.cols, board.mask, board.moves)


def refutation(board: Board, closed: bool, fixed: dict[int, int]) -> str | None:
    """Why board has no tour of the kind asked, as a sentence, or None when no rule proves it.

    fixed maps move numbers to the (1-based) squares that must hold them.
    """
    n = len(board)
    if n == 1:
        return "a closed tour needs more than one square" if closed else None
    name = board.square_name
    if n > GRAPH_MAX_SQUARES:
        return _colours(board, closed, fixed, [square - 1 for square in board], name)
    neighbours, squares = shape_of(board)
    why = (
        _pieces(neighbours, squares, name)
        or _colours(board, closed, fixed, squares, name)
        or _dead_ends(neighbours, squares, closed, fixed, n, name)
        or _distances(board, neighbours, fixed, name)
        or _cut_square(neighbours, squares, closed, name)
    )
    return why


def _pieces(neighbours, squares, name) -> str | None:
    """Every square reachable from the first, or the sentence naming one that is not."""
    seen = bytearray(len(neighbours))
    first = squares[0]
    seen[first] = 1
    todo = [first]
    reached = 1
    while todo:
        for neighbour in neighbours[todo.pop()]:
            if not seen[neighbour]:
                seen[neighbour] = 1
                reached += 1
                todo.append(neighbour)
    if reached == len(squares):
        return None
    lost = next(square for square in squares if not seen[square])
    return f"the squares fall into more than one piece: {name(lost + 1)} cannot be reached from {name(first + 1)}"


def changes_colour(board: Board) -> bool:
    """Whether every leap lands on the other colour: (a, b) with a + b odd, as the knight's."""
    a, b = board.moves
    return (a + b) % 2 == 1


def _colour(square: int, cols: int) -> int:
    """0 (light, as a8) or 1 (dark) for a 1-based square number."""
    row, col = divmod(square - 1, cols)
    return (row + col) % 2


def _colours(board: Board, closed: bool, fixed: dict[int, int], squares, name) -> str | None:
    """The colour rules, for leapers that change colour every move."""
    if not changes_colour(board):
        return None
    cols, n = board.cols, len(squares)
    dark = sum((square // cols + square % cols) % 2 for square in squares)
    counts = (n - dark, dark)
    if closed:
        if counts[0] != counts[1]:
            return (
                f"a closed tour alternates colours, so it needs as many light squares as dark, "
                f"but there are {counts[0]} light and {counts[1]} dark"
            )
        return None
    first_colour: int | None = None
    first_move = 0
    for move, square in sorted(fixed.items()):
        colour = _colour(square, cols) ^ ((move - 1) % 2)
        if first_colour is None:
            first_colour, first_move = colour, move
        elif colour != first_colour:
            apart = move - first_move
            same = (
                "the same colour" if _colour(square, cols) == _colour(fixed[first_move], cols) else "different colours"
            )
            return (
                f"moves {first_move} and {move} ({name(fixed[first_move])} and {name(square)}) stand on {same}, "
                f"but every move changes colour and they are {apart} move{'s' if apart > 1 else ''} apart"
            )
    if first_colour is None:
        if sorted(counts) != [n // 2, (n + 1) // 2]:
            return (
                f"a tour alternates colours, so the colours' counts differ by at most one, "
                f"but there are {counts[0]} light squares and {counts[1]} dark"
            )
        return None
    if counts[first_colour] != (n + 1) // 2:
        first = _COLOURS[first_colour]
        return (
            f"the fixed moves put move 1 on a {first} square, so {(n + 1) // 2} of the {n} squares "
            f"must be {first}, but {counts[first_colour]} are"
        )
    return None


def _dead_ends(neighbours, squares, closed: bool, fixed: dict[int, int], n: int, name) -> str | None:
    """A square with one move is an end of an open tour, and in no closed tour."""
    ends = {square - 1 for move, square in fixed.items() if move in (1, n)}
    free_ends = 2 - len(ends)
    extra = []
    for square in squares:
        if len(neighbours[square]) >= 2:
            continue
        if closed:
            return f"{name(square + 1)} has only one move, but a closed tour enters and leaves every square"
        if square in ends:
            continue
        given = next((move for move, place in fixed.items() if place == square + 1), None)
        if given is not None:
            return f"{name(square + 1)} has only one move, so it can only be an end of the tour, not move {given}"
        extra.append(square)
        if len(extra) > free_ends:
            listed = ", ".join(name(s + 1) for s in extra)
            if free_ends == 2:
                return f"{listed} have only one move each, and only the two ends of a tour can"
            fixed_ends = " and ".join(f"move {move} on {name(fixed[move])}" for move in sorted(fixed) if move in (1, n))
            return f"{listed} {'has' if len(extra) == 1 else 'have'} only one move, so must be an end, but the ends are fixed ({fixed_ends})"
    return None


def _distances(board: Board, neighbours, fixed: dict[int, int], name) -> str | None:
    """Consecutive fixed moves k < k' must be at most k' - k leaps apart, avoiding the other fixed squares."""
    moves = sorted(fixed)
    if len(moves) < 2:
        return None
    blocked = bytearray(board.rows * board.cols)
    for square in fixed.values():
        blocked[square - 1] = 1
    leap = "a knight's move" if board.steps is KNIGHT_MOVES else "a leap"
    for before, after in zip(moves, moves[1:]):
        source, target, budget = fixed[before] - 1, fixed[after] - 1, after - before
        if budget == 1:
            if target not in neighbours[source]:
                return f"moves {before} and {after} ({name(source + 1)} and {name(target + 1)}) are not {leap} apart"
            continue
        if not _within(neighbours, blocked, source, target, budget):
            return (
                f"move {after} ({name(target + 1)}) cannot be reached from move {before} ({name(source + 1)}) "
                f"in {budget} moves without crossing another given square"
            )
    return None


def _within(neighbours, blocked: bytearray, source: int, target: int, budget: int) -> bool:
    """Whether target is at most budget leaps from source through squares not blocked."""
    seen = {source}
    layer = [source]
    for _ in range(budget):
        following = []
        for square in layer:
            for neighbour in neighbours[square]:
                if neighbour == target:
                    return True
                if not blocked[neighbour] and neighbour not in seen:
                    seen.add(neighbour)
                    following.append(neighbour)
        if not following:
            return False
        layer = following
    return False


def _cut_square(neighbours, squares, closed: bool, name) -> str | None:
    """A square whose removal splits the board (closed) or leaves three pieces (open), by an
    iterative Tarjan depth-first search (no recursion, whatever the board's size)."""
    cells = len(neighbours)
    order = [0] * cells  # discovery time + 1; 0 while unvisited
    low = [0] * cells
    pieces = [0] * cells  # children whose subtree hangs on the square alone
    root = squares[0]
    order[root] = low[root] = 1
    clock = 1
    stack = [(root, iter(neighbours[root]))]
    parent = {root: -1}
    while stack:
        square, onward = stack[-1]
        for neighbour in onward:
            if not order[neighbour]:
                clock += 1
                order[neighbour] = low[neighbour] = clock
                parent[neighbour] = square
                stack.append((neighbour, iter(neighbours[neighbour])))
                break
            if neighbour != parent[square] and order[neighbour] < low[square]:
                low[square] = order[neighbour]
        else:
            stack.pop()
            above = parent[square]
            if above >= 0:
                if low[square] < low[above]:
                    low[above] = low[square]
                if low[square] >= order[above]:
                    pieces[above] += 1
    limit = 2 if closed else 3
    for square in squares:
        split = pieces[square] + (square != root)
        if split >= limit:
            if closed:
                return f"removing {name(square + 1)} splits the board, and a closed tour cannot pass it twice"
            return f"removing {name(square + 1)} leaves {split} pieces, and an open tour passes it only once"
    return None


def rectangle_ends(board: Board, start: int, end: int) -> str | None:
    """The colour rule for the fixed ends of a whole rectangle, without the graph: a tour of
    an even number of squares ends on the colour its start is not (an odd number of
    squares puts both ends on the corners' colour, which _existence.start_reason checks)."""
    if len(board) % 2 or not changes_colour(board) or _colour(start, board.cols) != _colour(end, board.cols):
        return None
    name = board.square_name
    return f"{name(start)} and {name(end)} have the same colour, but a tour of an even number of squares ends on the other colour"
