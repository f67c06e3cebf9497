"""Timing helper shared by the benchmark scripts (run as scripts, so this folder is on sys.path)."""

import time


def best_of(repeats: int, function) -> float:
    """The shortest of repeats timed calls of function, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - began)
    return best
