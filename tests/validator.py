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
