"""Which boards and starts admit a knight's tour, by theorem, before any search.

Open tours (Conrad et al., 1994): on m×n with m <= n there is none exactly when m = 1
(but for 1×1), m = 2, m = 3 with n in {3, 5, 6}, or m = n = 4.
Closed tours (Schwenk, 1991): none exactly when m and n are both odd, m is 1, 2 or 4,
or m = 3 with n in {4, 6, 8}. A closed tour passes every square, so it can start anywhere.

Open tours from a given start:

* Colour: a knight's move always changes square colour, so on a board with an odd number
  of squares a path of all of them starts and ends on the colour of the corners, which
  has one square more than the other.
* A side of four: on a board four squares wide (4×n or n×4, n >= 2) call the two edge
  lines along the long side "outer" and the two middle lines "inner". Every move from an
  outer square lands on an inner one, so the 2n outer squares of a tour of 4n squares are
  never next to each other on it. 2n pairwise non-adjacent places among 4n leave room
  for at most one inner-to-inner step, and none at all unless the path starts and ends
  on outer squares. A path from an inner square therefore alternates inner, outer,
  inner, ... to the end; as colours alternate too, every outer square would have one
  colour, but each outer line holds both. So no open tour starts (or ends) on an inner
  square.
* 3×7 and 3×8: the few further starts without a tour on boards three squares wide, found
  by exhaustive search (a few hundred nodes each; tests/test_existence.py repeats it).
  From 3×9 to 3×30 every corner-coloured start has a tour, as the tests check, and from
  3×15 on (odd lengths; even ones have closed tours) the bases of _strips build one from
  each; they also build one from every outer square of 4×n from n = 10.
"""

from __future__ import annotations

from ._board import board_name, square_name

#: Starts on 3×n (row, col), beyond the colour and side-of-four rules, with no open tour.
THREE_WIDE_EXCEPTIONS = {7: frozenset({(1, 3)}), 8: frozenset({(1, 2), (1, 5)})}


def board_reason(rows: int, cols: int, closed: bool) -> str | None:
    """Why the whole board has no tour of the kind asked, or None when it has one."""
    m, n = (rows, cols) if rows <= cols else (cols, rows)
    if not (m <= 4 or (closed and m % 2 and n % 2)):
        return None
    board = board_name(rows, cols)
    if closed:
        if m % 2 and n % 2:
            return f"no closed tour on {board}: both sides are odd"
        if m in (1, 2, 4):
            return f"no closed tour on {board}: a board {m} squares wide has none (Schwenk)"
        if m == 3 and n in (4, 6, 8):
            return f"no closed tour on {board}: 3×4, 3×6 and 3×8 have none (Schwenk)"
        return None
    if m == 1 and n > 1:
        return f"no open tour on {board}: a knight cannot move on a board one square wide"
    if m == 2:
        return f"no open tour on {board}: a board two squares wide has none (Conrad et al.)"
    if m == 3 and n in (3, 5, 6):
        return f"no open tour on {board}: 3×3, 3×5 and 3×6 have none (Conrad et al.)"
    if m == n == 4:
        return f"no open tour on {board}: 4×4 has none (Conrad et al.)"
    return None


def start_reason(rows: int, cols: int, start: int, closed: bool) -> str | None:
    """Why no tour of the kind asked starts on square number start, or None if none is known."""
    if rows > 4 and cols > 4 and not rows * cols % 2:
        return None  # no rule excludes a board or start here: the common case, answered first
    reason = board_reason(rows, cols, closed)
    if reason or closed:
        return reason
    row, col = divmod(start - 1, cols)
    why = None
    if rows * cols % 2 and (row + col) % 2:
        why = "it is not a corner-coloured square"
    elif (rows == 4 and row in (1, 2)) or (cols == 4 and col in (1, 2)):
        why = "it is on one of the two middle lines of a board four squares wide"
    elif (rows == 3 and (row, col) in THREE_WIDE_EXCEPTIONS.get(cols, ())) or (
        cols == 3 and (col, row) in THREE_WIDE_EXCEPTIONS.get(rows, ())
    ):
        why = "an exhaustive search finds none from there"
    if why is None:
        return None
    return f"no open tour from {square_name(start, rows, cols)} on {board_name(rows, cols)}: {why}"
