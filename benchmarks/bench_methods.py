"""Benchmark the search methods: time and success rate over all 64 starts of 8×8, open and closed.

    python benchmarks/bench_methods.py

Prints one table from one run. A start counts as a success when the method returns a tour;
a WarnsdorffStuckError or SearchLimitError is a failure. "random" uses seed=start; the
backtracking seeds ("plain", "ordered") are given PLAIN_NODES search nodes a start, the
others the default budget. Every method but "backtrack" runs in Python.
"""

from __future__ import annotations

import time

import knight

PLAIN_NODES = 100_000
BUDGETS = {"plain": PLAIN_NODES, "ordered": PLAIN_NODES}


def run(method: str, closed: bool) -> tuple[float, int]:
    """Mean seconds a start and number of starts answered with a tour."""
    found = 0
    began = time.perf_counter()
    for start in range(1, 65):
        try:
            knight.tour(8, start, closed=closed, method=method, seed=start, max_nodes=BUDGETS.get(method))
        except knight.SearchLimitError:
            continue
        found += 1
    return (time.perf_counter() - began) / 64, found


def main() -> None:
    print(f"all 64 starts of 8×8, knight.IMPLEMENTATION = {knight.IMPLEMENTATION!r}")
    print(f"{'method':<11} {'open: time/start':>17} {'found':>7}   {'closed: time/start':>19} {'found':>7}")
    for method in knight.METHODS:
        cells = []
        for closed in (False, True):
            seconds, found = run(method, closed)
            cells.append(f"{seconds * 1e3:14.3f} ms {found:>4}/64")
        budget = f"   (max_nodes={BUDGETS[method]:,})" if method in BUDGETS else ""
        print(f"{method:<11} {cells[0]}   {cells[1]:>24}{budget}")


if __name__ == "__main__":
    main()
