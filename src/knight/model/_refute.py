"""Refutations: proofs, each a sentence, that no tour answers a question; every entry point asks here first.

``refute(question)`` runs, in time linear in the board, the theorems and then the rules,
each a necessary condition for a tour, and returns the first that fails as "no open tour
from a1 on 3×7: ..." (or None: nothing proves there is none, and a search must answer).

The theorems, for the knight on a whole rectangle m×n, m <= n:

* open tours (Conrad et al., 1994): none exactly when m = 1 (but for 1×1), m = 2, m = 3
  with n in {3, 5, 6}, or m = n = 4;
* closed tours (Schwenk, 1991): none exactly when m and n are both odd, m is 1, 2 or 4,
  or m = 3 with n in {4, 6, 8}. A closed tour passes every square, so it can start anywhere;
* an open tour's ends (either of them, a tour read backwards being a tour):
  - colour: on a board with an odd number of squares both ends stand on the corners' colour;
  - a side of four: on a board four squares wide (4×n or n×4, n >= 2) call the two edge
    lines along the long side "outer" and the two middle lines "inner". Every move from an
    outer square lands on an inner one, so the 2n outer squares of a tour of 4n squares are
    never next to each other on it. 2n pairwise non-adjacent places among 4n leave room
    for at most one inner-to-inner step, and none at all unless the path starts and ends
    on outer squares. A path from an inner square therefore alternates inner, outer,
    inner, ... to the end; as colours alternate too, every outer square would have one
    colour, but each outer line holds both. So no open tour starts (or ends) on an inner
    square;
  - 3×7 and 3×8: the few further starts without a tour on boards three squares wide, found
    by exhaustive search (a few hundred nodes each; tests/test_refute.py repeats it). From
    3×9 to 3×30 every corner-coloured start has a tour, as the tests check;
  - two fixed ends of a tour of an even number of squares stand on different colours.

For the knight on whole boards that wrap (cylinders, tori, Möbius strips, Klein bottles) and
on boxes of any number of axes, the closed tour's theorems are model._surfaces_theorems'.

The rules, for every board and leaper, and for the knight's rectangles with given moves:

* pieces: every square can be reached from every other (at once, on a board of any size, for
  a leaper that never changes colour, a + b even: the squares of each colour are apart);
* colours: when every leap changes the square's colour ((a, b) with a + b odd, as the
  knight's), colours alternate along the tour, so the colour counts differ by at most
  one (none for a closed tour), move 1 stands on the more numerous colour, and moves an
  even number apart stand on the same colour;
* dead ends: a closed tour enters and leaves every square, so no square has fewer than
  two moves; an open tour can only begin or end on a square with one move, and so not on
  one of the less numerous colour (see colours);
* cut squares: a closed tour cannot pass a square whose removal splits the board, and
  an open one cannot pass a square whose removal leaves three or more pieces;
* distances: consecutive fixed moves k < k' stand at most k' - k leaps apart, by paths
  through squares that hold no other fixed move.

A closed tour is a cycle: it needs at least three squares. On boards of more than
GRAPH_MAX_SQUARES squares only the colour rule runs (it needs no graph), and the pieces
rule at a few squares (a square with no move): the others, in Python, would cost more
than the search they save.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Sequence

from ._board import KNIGHT_MOVES, NEIGHBOUR_BOARDS_KEPT, Board
from ._surfaces_theorems import closed_theorem

if TYPE_CHECKING:
    from ._question import Question

_COLOURS = ("light", "dark")

#: Largest board (in squares) the rules that walk the board's graph run on.
GRAPH_MAX_SQUARES = 4096

#: Starts on 3×n (row, col), beyond the colour and side-of-four rules, with no open tour.
THREE_WIDE_EXCEPTIONS = {7: frozenset({(1, 3)}), 8: frozenset({(1, 2), (1, 5)})}


def refute(question: Question) -> str | None:
    """Why no tour answers question, as a sentence that begins with the question in words; None
    when no theorem or rule proves it (a search must answer)."""
    why = _why(question)
    return why and f"{question.words()}: {why}"


def _why(question: Question) -> str | None:
    board, closed = question.board, question.closed
    n = len(board)
    if n == 1:
        return "a closed tour needs at least three squares" if closed else None
    if closed and n == 2:
        return "a closed tour needs at least three squares, and this board has two"
    if question.start is not None and question.start == question.end:
        return "a tour visits each square once, so it cannot start and end on one square"
    if board.is_knights_rectangle:
        why = _board_theorem(board.rows, board.cols, closed)
        if why or closed:
            return why
        ends = [square for square in (question.start, question.end) if square is not None]
        for square in ends:
            why = _end_theorem(board, square, "it" if len(ends) == 1 else board.square_name(square))
            if why:
                return why
        if len(ends) == 2 and n % 2 == 0 and board._colour(ends[0]) == board._colour(ends[1]):
            name = board.square_name
            return (
                f"{name(ends[0])} and {name(ends[1])} have the same colour, "
                "but a tour of an even number of squares ends on the other colour"
            )
        if not board.givens:
            return None  # the theorems settle the rest of the knight's rectangles
    elif board.topology is not None and closed:
        settled = closed_theorem(board)  # surfaces and boxes (model._surfaces_theorems)
        if settled is not None:
            return None if settled[0] else settled[1]
    return rules(board, closed, question.fixed)


def _board_theorem(rows: int, cols: int, closed: bool) -> str | None:
    """Why the knight's whole rows×cols board has no tour of the kind asked (Schwenk; Conrad et al.), or None."""
    m, n = (rows, cols) if rows <= cols else (cols, rows)
    if not (m <= 4 or (closed and m % 2 and n % 2)):
        return None
    if closed:
        if m % 2 and n % 2:
            return "both sides are odd"
        if m in (1, 2, 4):
            return f"a board {m} squares wide has none (Schwenk)"
        if m == 3 and n in (4, 6, 8):
            return "3×4, 3×6 and 3×8 have none (Schwenk)"
        return None
    if m == 1 and n > 1:
        return "a knight cannot move on a board one square wide"
    if m == 2:
        return "a board two squares wide has none (Conrad et al.)"
    if m == 3 and n in (3, 5, 6):
        return "3×3, 3×5 and 3×6 have none (Conrad et al.)"
    if m == n == 4:
        return "4×4 has none (Conrad et al.)"
    return None


def _end_theorem(board: Board, square: int, subject: str) -> str | None:
    """Why no open knight's tour of the whole board starts (or ends) on square, called subject, or None."""
    rows, cols = board.size
    row, col = divmod(square - 1, cols)
    if rows * cols % 2 and (row + col) % 2:
        return f"{subject} is not a corner-coloured square"
    if (rows == 4 and row in (1, 2)) or (cols == 4 and col in (1, 2)):
        return f"{subject} is on one of the two middle lines of a board four squares wide"
    if (rows == 3 and (row, col) in THREE_WIDE_EXCEPTIONS.get(cols, ())) or (
        cols == 3 and (col, row) in THREE_WIDE_EXCEPTIONS.get(rows, ())
    ):
        return (
            "an exhaustive search finds none from there"
            if subject == "it"
            else f"an exhaustive search finds none from {subject}"
        )
    return None


def rules(board: Board, closed: bool, fixed: dict[int, int]) -> str | None:
    """The first rule that fails for board with the fixed moves (move number -> 1-based square), or None."""
    name = board.square_name
    if len(board) > GRAPH_MAX_SQUARES:  # no list of the squares either: the board may hold billions
        return (
            _one_colour(board) or _lonely_square(board, name) or _colours(board, closed, fixed, range(len(board)), name)
        )
    neighbours, squares = board._neighbour_lists(), board._cells()
    return (
        _one_colour(board)
        or _kept_pieces(board)
        or _colours(board, closed, fixed, squares, name)
        or _dead_ends(neighbours, squares, closed, fixed, len(board), name)
        or _dead_end_colour(board, neighbours, squares, closed, name)
        or _distances(board, neighbours, fixed, name)
        or _kept_cut_square(board, closed)
    )


# The rules that read the board's graph alone, kept for the last few boards: tour(board) asks
# them once for any start and again for the start it tries.


@lru_cache(maxsize=NEIGHBOUR_BOARDS_KEPT)
def _kept_pieces(board: Board) -> str | None:
    return _pieces(board._neighbour_lists(), board._cells(), board.square_name)


@lru_cache(maxsize=2 * NEIGHBOUR_BOARDS_KEPT)
def _kept_cut_square(board: Board, closed: bool) -> str | None:
    return _cut_square(board._neighbour_lists(), board._cells(), closed, board.square_name)


def _pieces(neighbours: Sequence[Sequence[int]], squares: Sequence[int], name: Callable[[int], str]) -> str | None:
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


def _one_colour(board: Board) -> str | None:
    """The pieces rule for a leaper that never changes colour ((a, b) with a + b even, where the
    colouring survives the board's wraps), in O(1): on a board with squares of both colours the
    squares of each colour are a piece apart, whatever the board's size."""
    a, b = board.moves
    if (a + b) % 2 or (board.topology is not None and not board.topology.colour_preserved()):
        return None
    if min(board.colour_counts) == 0:
        return None
    return (
        f"the squares fall into more than one piece: the ({a}, {b})-leaper never changes colour "
        f"(a + b = {a + b} is even), and the board has squares of both colours"
    )


def _lonely_square(board: Board, name: Callable[[int], str]) -> str | None:
    """On a board too large to walk, the pieces rule at a few squares (the centre, the corners
    and the middles of the sides), in O(1) each: one with no move at all is a piece of its own,
    as every square is for a leap longer than half the board."""
    rows, cols, mask = board.rows, board.cols, board.mask
    for row in (rows // 2, 0, rows - 1):
        for col in (cols // 2, 0, cols - 1):
            cell = row * cols + col
            if (mask is None or mask[cell]) and not board._neighbours_of(cell):
                return f"the squares fall into more than one piece: {name(cell + 1)} has no move"
    return None


def _colours(
    board: Board, closed: bool, fixed: dict[int, int], squares: Sequence[int], name: Callable[[int], str]
) -> str | None:
    """The colour rules, for leapers that change colour every move."""
    if not board.changes_colour:
        return None
    n, colour_of = len(squares), board.colour  # the board's colouring: a box's is its coordinates' sum
    counts = board.colour_counts
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
        colour = colour_of(square) ^ ((move - 1) % 2)
        if first_colour is None:
            first_colour, first_move = colour, move
        elif colour != first_colour:
            apart = move - first_move
            same = "the same colour" if colour_of(square) == colour_of(fixed[first_move]) else "different colours"
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


def _dead_ends(
    neighbours: Sequence[Sequence[int]],
    squares: Sequence[int],
    closed: bool,
    fixed: dict[int, int],
    n: int,
    name: Callable[[int], str],
) -> str | None:
    """A square with one move is an end of an open tour, and in no closed tour."""
    ends = {square - 1 for move, square in fixed.items() if move in (1, n)}
    free_ends = 2 - len(ends)
    extra: list[int] = []
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


def _dead_end_colour(
    board: Board, neighbours: Sequence[Sequence[int]], squares: Sequence[int], closed: bool, name: Callable[[int], str]
) -> str | None:
    """A square with one move is an end of an open tour, and when one colour has a square more
    both ends stand on it (for a leaper that changes colour every move)."""
    if closed or not board.changes_colour:
        return None
    counts = board.colour_counts
    if counts[0] == counts[1]:
        return None
    major = 0 if counts[0] > counts[1] else 1
    for square in squares:
        if len(neighbours[square]) == 1 and board._colour(square + 1) != major:
            return (
                f"{name(square + 1)} has only one move, so it must be an end of the tour, but both ends stand "
                f"on the {_COLOURS[major]} squares, which are one more than the {_COLOURS[1 - major]}"
            )
    return None


def _distances(
    board: Board, neighbours: Sequence[Sequence[int]], fixed: dict[int, int], name: Callable[[int], str]
) -> str | None:
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


def _within(neighbours: Sequence[Sequence[int]], blocked: bytearray, source: int, target: int, budget: int) -> bool:
    """Whether target is at most budget leaps from source through squares not blocked."""
    seen = {source}
    layer = [source]
    for _ in range(budget):
        following: list[int] = []
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


def _cut_square(
    neighbours: Sequence[Sequence[int]], squares: Sequence[int], closed: bool, name: Callable[[int], str]
) -> str | None:
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
