"""An independent tour counter for the tests: memoised paths over bitmasks, sharing no code with knight."""

from functools import lru_cache


def brute_count(rows, cols, *, closed=False, links=None):
    """Directed open tours from every square, or undirected closed tours (cycles); links, when
    given, are each square's neighbours (0-based) on a board of rows*cols squares."""
    n = rows * cols
    steps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    links = links or [
        [(r + dr) * cols + c + dc for dr, dc in steps if 0 <= r + dr < rows and 0 <= c + dc < cols]
        for r in range(rows)
        for c in range(cols)
    ]
    full = (1 << n) - 1

    @lru_cache(maxsize=None)
    def paths(seen, last, start):
        """Ways to finish a path covering every square from last, having seen the squares of seen."""
        if seen == full:
            return 1 if start < 0 or start in links[last] else 0
        return sum(paths(seen | 1 << nxt, nxt, start) for nxt in links[last] if not seen >> nxt & 1)

    if closed:
        return paths(1, 0, 0) // 2 if n > 2 else 0
    return sum(paths(1 << square, square, -1) for square in range(n))
