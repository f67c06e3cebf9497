"""Questions put straight to the refutation module (model._refute), for tests of the rules."""

from __future__ import annotations

import knight
from knight.model._question import Question
from knight.model._refute import refute


def refuted(board, start=None, closed=False, end=None):
    """Why the refutation module says board has no tour (from start, to end), or None."""
    board = board if isinstance(board, knight.Board) else knight.Board(board)
    return refute(Question(board, start, end, closed))


def refuted_with(board: knight.Board, closed: bool, fixed: dict):
    """refuted() with fixed moves (move -> 1-based square): move 1 the start, the last the end, others givens."""
    n = len(board)
    givens = sorted((square, move) for move, square in fixed.items() if move not in (1, n))
    holed = knight.Board._make(board.rows, board.cols, board.mask, board.moves, givens)
    return refute(Question(holed, fixed.get(1), fixed.get(n), closed))
