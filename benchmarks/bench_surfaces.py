"""Surfaces and boxes beside the 8×8 plane, measured in one run (issue #24's targets).

* a closed tour of the 8×8 torus and cylinder from every start, against the 8×8 plane's
  (target: within 1.2×);
* a closed tour of a 1000×1000 torus, a 1000×1000 cylinder and a 100×100×100 box (target:
  under 1 s each, at no more than 2× the int32 bytes of the squares: peak traced memory is printed);
* knight.exists on boards a theorem settles (target: under 0.1 ms);
* knight.count of cylinders and boxes by the frontier sweep against the enumeration, the two taking
  turns in each round (CPU seconds, best of 3), and counts only the sweep reaches.

Run: python benchmarks/bench_surfaces.py  (--count: the counts only)
"""

import os
import sys
import time
import tracemalloc

import knight

from _timing import best_of


def closed_from_every_start(board) -> float:
    """Mean seconds a closed tour from one start, over every start (best of 7 rounds)."""
    squares = range(1, len(board) + 1)
    return best_of(7, lambda: [knight.tour(board, start=s, closed=True) for s in squares]) / len(board)


def huge(board) -> None:
    """Print the time and peak traced memory of a closed tour of board."""
    first = best_of(1, lambda: knight.tour(board, closed=True))  # before anything is kept
    took = best_of(3, lambda: knight.tour(board, closed=True))
    tracemalloc.start()
    knight.tour(board, closed=True)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(
        f"  {board.name:34}: first {first:.3f} s, best {took:.3f} s (target under 1 s), "
        f"peak {peak / (4 * len(board)):.2f}× the int32 bytes (target at most 2×)"
    )


def _cpu(function) -> tuple[float, object]:
    began = time.process_time()
    answer = function()
    return time.process_time() - began, answer


def counts() -> None:
    """The frontier sweep against the enumeration where both finish (taking turns), and where only the sweep does."""
    cylinder = (False, True)
    both = (
        (knight.Board((4, 5), periodic=cylinder), False),
        (knight.Board((5, 5), periodic=cylinder), True),
        (knight.Board((2, 3, 4)), False),
        (knight.Board((2, 3, 5)), True),
    )
    print("knight.count by the sweep and by the enumeration (CPU seconds, best of 3, taking turns)")
    for board, closed in both:
        best = {"frontier": float("inf"), "enumerate": float("inf")}
        answers = set()
        for _ in range(3):
            for method in best:
                took, answer = _cpu(lambda: knight.count(board, closed=closed, method=method))
                best[method] = min(best[method], took)
                answers.add(answer)
        assert len(answers) == 1
        kind = "closed" if closed else "open"
        print(
            f"  {board.name:28} {kind:6}: {answers.pop():>16,} tours; swept {best['frontier']:.3f} s, "
            f"enumerated {best['enumerate']:.3f} s: the sweep {best['enumerate'] / best['frontier']:.1f}× as fast"
        )
    print("knight.count where only the sweep finishes (CPU seconds, once)")
    for board, closed in (
        (knight.Board((20, 4), periodic=cylinder), True),
        (knight.Board((20, 4), periodic=cylinder), False),
        (knight.Board((2, 3, 8)), True),
    ):
        took, answer = _cpu(lambda: knight.count(board, closed=closed, method="frontier"))
        kind = "closed" if closed else "open"
        print(f"  {board.name:28} {kind:6}: {answer:,} tours in {took:.2f} s")


def main() -> None:
    print(
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; knight.IMPLEMENTATION = {knight.IMPLEMENTATION!r}"
    )
    if "--count" in sys.argv[1:]:
        counts()
        return
    plane = closed_from_every_start(knight.Board(8))
    print("closed tour from every start, mean (best of 7)")
    print(f"  8×8 plane    : {plane * 1e6:8.2f} µs")
    for name, options in (("torus", {"periodic": True}), ("cylinder", {"periodic": (False, True)})):
        took = closed_from_every_start(knight.Board(8, **options))
        print(f"  8×8 {name:9}: {took * 1e6:8.2f} µs = {took / plane:.2f}× the plane   (target at most 1.2×)")
    print("a closed tour of a huge board, from square 1 (the first call, then the best of 3)")
    for board in (
        knight.Board((1000, 1000), periodic=True),
        knight.Board((1000, 1000), periodic=(False, True)),
        knight.Board((100, 100, 100)),
    ):
        huge(board)
    print("knight.exists where a theorem applies (best of 5 × 1000 calls)")
    for board in (
        knight.Board((8, 8), periodic=True),
        knight.Board((1000, 1000), periodic=(False, True)),
        knight.Board((4, 6), periodic=(False, True)),
        knight.Board((7, 9), periodic=True, twisted=(False, True)),
        knight.Board((100, 100, 100)),
        knight.Board((2, 2, 9)),
        knight.Board((4, 1001), periodic=(False, True), twisted=(False, True)),
        knight.Board((2, 3, 3, 3)),
        knight.Board((6, 6, 6, 6)),
    ):
        took = best_of(5, lambda: [knight.exists(board, closed=True) for _ in range(1000)]) / 1000
        print(f"  {board.name:34}: {took * 1e6:6.2f} µs (target under 100 µs)")
    counts()


if __name__ == "__main__":
    main()
