"""An independent tour validator for the tests: written from the definition, sharing no code with knight."""


def assert_tour(squares, rows, cols, *, closed=False, leaper=(1, 2)):
    """Fail unless squares (1-based numbers) visit every square of rows×cols once by leaps."""
    squares = list(squares)
    n = rows * cols
    assert len(squares) == n, f"{len(squares)} squares on a {rows}x{cols} board"
    assert sorted(squares) == list(range(1, n + 1)), "not every square exactly once"
    steps = {(leaper[0], leaper[1]), (leaper[1], leaper[0])}
    pairs = list(zip(squares, squares[1:]))
    if closed:
        assert n > 1, "a single square is not a closed tour"
        pairs.append((squares[-1], squares[0]))
    for a, b in pairs:
        ra, ca = (a - 1) // cols, (a - 1) % cols
        rb, cb = (b - 1) // cols, (b - 1) % cols
        assert (abs(ra - rb), abs(ca - cb)) in steps, f"{a} -> {b} is not a leap"


def assert_tour_vectorized(squares, rows, cols, *, closed=False):
    """assert_tour for huge tours, with numpy: knight's moves only (the (1, 2) leaper)."""
    import numpy

    path = numpy.asarray(squares).astype(numpy.int64) - 1
    n = rows * cols
    assert path.shape == (n,), f"{path.shape} squares on a {rows}x{cols} board"
    assert path.min() >= 0 and path.max() < n, "a square off the board"
    seen = numpy.zeros(n, dtype=bool)
    seen[path] = True
    assert seen.all(), "not every square exactly once"
    if closed:
        path = numpy.append(path, path[0])
    row, col = numpy.divmod(path, cols)
    steps = numpy.abs(numpy.diff(row)) * numpy.abs(numpy.diff(col))
    bad = numpy.flatnonzero(steps != 2)  # |dr|·|dc| = 2 exactly for (1, 2) and (2, 1)
    assert bad.size == 0, f"{path[bad[0]] + 1} -> {path[bad[0] + 1] + 1} is not a knight's move"
