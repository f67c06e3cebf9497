"""An independent tour validator for the tests: written from the definition, sharing no code with knight."""

from operator import sub


def assert_tour(squares, rows, cols, *, closed=False, leaper=(1, 2)):
    """Fail unless squares (1-based numbers) visit every square of rows×cols once by leaps."""
    squares = list(squares)
    n = rows * cols
    assert len(squares) == n, f"{len(squares)} squares on a {rows}x{cols} board"
    assert len(set(squares)) == n and min(squares) == 1 and max(squares) == n, "not every square exactly once"
    if closed:
        assert n > 1, "a single square is not a closed tour"
        squares.append(squares[0])
    columns = list(map(cols.__rmod__, map((-1).__add__, squares)))  # (square - 1) % cols
    steps = {(leaper[0], leaper[1]), (leaper[1], leaper[0])}
    # a step from a to b moves dc columns and (b - a - dc) / cols rows: check each kind once
    for jump, dc in set(zip(map(sub, squares[1:], squares), map(sub, columns[1:], columns))):
        dr, rest = divmod(jump - dc, cols)
        assert rest == 0 and (abs(dr), abs(dc)) in steps, f"a step of {jump} squares ({dr}, {dc}) is not a leap"
