"""The question every entry point asks: a board, where a tour starts and ends, open or closed,
the puzzle's given moves, and how much work and time it may take; parsed and checked once.

``Question.ask`` reads the arguments of knight.tour, exists, tours, count and solve; the
engines take the Question and never parse an argument themselves. Squares are 1-based
numbers; ``start=None`` (and ``end=None``) means any square.
"""

from __future__ import annotations

import operator
import re
import time

from ._board import KNIGHT, MAX_SIDE, Board, _shown, as_board, boolean, rectangle
from ._deadline import NEVER, deadline, expired, timed_out
from ._errors import InvalidInputError, InvalidTypeError, SearchLimitError

#: Squares placed (search nodes) before work gives up, when max_nodes is not given.
DEFAULT_MAX_NODES = 20_000_000

#: Nodes (search nodes walked, frontier states expanded) before a count or a listing gives up, when
#: max_nodes is not given: minutes of work on the compiled core, so that no count runs forever by
#: default (7×7's open tours need more; pass max_nodes= or timeout= for them).
COUNT_MAX_NODES = 1_000_000_000

#: The largest budget taken: larger ones mean the same (no run reaches it).
MAX_BUDGET = 2**62

#: Largest board a search or a walk takes (about 100 bytes a square while it runs).
SEARCH_MAX_SQUARES = 10_000_000

_SQUARE_NAME = re.compile(r"\s*[a-zA-Z]+[0-9]+\s*")


def node_budget(max_nodes: object, default: int = DEFAULT_MAX_NODES, name: str = "max_nodes") -> int:
    """The node budget for max_nodes (the argument name): default for None, else a positive integer."""
    if max_nodes is None:
        return default
    if isinstance(max_nodes, bool):
        raise InvalidTypeError(f"{name} must be an integer, not {_shown(max_nodes)}")
    try:
        budget = operator.index(max_nodes)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidTypeError(f"{name} must be an integer, not {_shown(max_nodes)}") from None
    if budget < 1:
        raise InvalidInputError(f"{name} must be at least 1, not {_shown(budget)}")
    return min(budget, MAX_BUDGET)


def question_board(size: object, moves: object, call: str) -> Board:
    """The board of a call such as knight.tour(size, ...), with a hint for the old argument order."""
    if type(size) is int and moves is KNIGHT and 0 < size <= MAX_SIDE:
        return rectangle(size, size)
    if isinstance(size, str) and len(size) <= 40 and _SQUARE_NAME.fullmatch(size):
        raise InvalidInputError(
            f"size {_shown(size)} looks like a square: the board comes first, as in knight.{call}(8, start={size.strip()!r})"
        )
    return as_board(size, moves)


def board_square(board: Board, square: object, call: str, what: str = "start") -> int:
    """The number of the square that square names on board, with a hint for the old argument order."""
    if type(square) is int and board.mask is None and 0 < square <= len(board):
        return square
    try:
        return board.square(square, what)  # type: ignore[arg-type]  # which checks it
    except InvalidInputError as error:
        if board.is_rectangle and board.rows == board.cols and type(square) is int and len(board) < square <= MAX_SIDE:
            raise InvalidInputError(
                f"{error} (the board comes first: knight.{call}({square}, start={board.rows}) is a {square}×{square} board)"
            ) from None
        raise


class Question:
    """One call's question, checked: board, start, end (1-based or None: any), closed, the fixed
    moves (move number -> square: the board's givens, start as 1, end as the last), the node
    budget, the deadline (time.monotonic(); NEVER for none) and when the call began."""

    __slots__ = ("board", "start", "end", "closed", "fixed", "budget", "deadline", "started", "call")

    board: Board
    start: int | None
    end: int | None
    closed: bool
    fixed: dict[int, int]
    budget: int
    deadline: float
    started: float
    call: str

    def __init__(
        self,
        board: Board,
        start: int | None = None,
        end: int | None = None,
        closed: bool = False,
        *,
        budget: int = DEFAULT_MAX_NODES,
        deadline: float = NEVER,
        started: float | None = None,
        call: str = "tour",
    ) -> None:
        self.board, self.start, self.end, self.closed = board, start, end, closed
        self.budget, self.deadline, self.call = budget, deadline, call
        self.started = time.monotonic() if started is None else started
        self.fixed = _fixed_moves(board, start, end, closed)

    @classmethod
    def ask(
        cls,
        size: object,
        start: object = None,
        end: object = None,
        closed: object = False,
        moves: object = KNIGHT,
        max_nodes: object = None,
        timeout: object = None,
        call: str = "tour",
        default_budget: int = DEFAULT_MAX_NODES,
    ) -> Question:
        """The question of a call such as knight.tour(size, start, end=, closed=, moves=, max_nodes=, timeout=);
        max_nodes=None is default_budget nodes (counts default to COUNT_MAX_NODES)."""
        started, when = time.monotonic(), deadline(timeout)
        board = question_board(size, moves, call)
        first = None if start is None else board_square(board, start, call)
        last = None if end is None else board_square(board, end, call, "end")
        closed = boolean(closed, "closed")
        budget = node_budget(max_nodes, default_budget)
        return cls(board, first, last, closed, budget=budget, deadline=when, started=started, call=call)

    def but(self, **changes: object) -> Question:
        """This question with some of board, start, end or closed changed (budget and clock kept)."""
        parts = {"board": self.board, "start": self.start, "end": self.end, "closed": self.closed, **changes}
        return Question(
            parts["board"],  # type: ignore[arg-type]
            parts["start"],  # type: ignore[arg-type]
            parts["end"],  # type: ignore[arg-type]
            parts["closed"],  # type: ignore[arg-type]
            budget=self.budget,
            deadline=self.deadline,
            started=self.started,
            call=self.call,
        )

    @property
    def kind(self) -> str:
        """ "open" or "closed"."""
        return "closed" if self.closed else "open"

    @property
    def constrained(self) -> bool:
        """Whether moves other than the first are fixed (an end, a puzzle's givens): the puzzle search's questions."""
        return self.end is not None or bool(self.board.givens)

    def words(self) -> str:
        """The question in words, as an answer of no begins: "no open tour from a1 to h8 on 8×8"."""
        board = self.board
        where = "" if self.start is None or self.closed else f" from {board.square_name(self.start)}"
        where += "" if self.end is None else f" to {board.square_name(self.end)}"
        if board.givens:
            return f"no tour completes the puzzle{where} on {board.name}"
        return f"no {self.kind} tour{where} on {board.name}"

    def expired(self) -> bool:
        """Whether the deadline has passed."""
        return expired(self.deadline)

    def until(self) -> float:
        """The deadline as wall-clock time (time.time()), for work that runs in other processes; NEVER for none."""
        return NEVER if self.deadline == NEVER else time.time() + (self.deadline - time.monotonic())

    def timed_out(self, done: str) -> SearchLimitError:
        """The error for work stopped by the deadline; done says what was done ("1,234 nodes")."""
        return timed_out(self.started, done)

    def __repr__(self) -> str:
        return (
            f"Question({self.board!r}, start={self.start!r}, end={self.end!r}, closed={self.closed!r}, "
            f"budget={self.budget!r})"
        )


def _fixed_moves(board: Board, start: int | None, end: int | None, closed: bool) -> dict[int, int]:
    """The moves a question fixes: the board's givens, start as move 1, end as the last move."""
    if closed and (end is not None or board.givens):
        what = "an end" if end is not None else "given moves"
        raise InvalidInputError(
            f"closed=True with {what}: a closed tour's numbering can begin anywhere, so fixed move numbers "
            "ask for an open one; leave closed=False"
        )
    givens = board.givens
    fixed = {move: square for square, move in givens.items()}
    for move, square, what in ((1, start, "start"), (len(board), end, "end")):
        if square is None or closed:
            continue
        held = givens.get(square)
        if fixed.get(move, square) != square or held not in (None, move):
            given = (
                f"move {held} is given on it"
                if held not in (None, move)
                else f"move {move} is given on {board.square_name(fixed[move])}"
            )
            raise InvalidInputError(f"{what} {board.square_name(square)} contradicts the puzzle: {given}")
        fixed[move] = square
    return fixed
