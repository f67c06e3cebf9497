"""Benchmark the pictures: time to render and file size, up to the largest board drawn.

    python benchmarks/bench_svg.py

For 8×8, 100×100 and 200×200 (knight.draw.MAX_SQUARES) tours prints the best-of-five time of
knight.draw.render() at the default options, static and animated, and the SVG's size. The
target: a 100×100 tour in under a second and under 2 MB.
"""

from __future__ import annotations

import knight
import knight.draw

from _timing import best_of

BOARDS = (8, 100, (200, 200))


def main() -> None:
    print(f"knight.draw.render, best of 5 (knight {knight.__version__}, {knight.IMPLEMENTATION} core)")
    for size in BOARDS:
        found = knight.tour(size, 1)
        for animate in (False, True):
            seconds = best_of(5, lambda: knight.draw.render(found, animate=animate))
            kilobytes = len(knight.draw.render(found, animate=animate).encode("utf-8")) / 1000
            kind = "animated" if animate else "static"
            print(f"{found.board.name:>9} {kind:>8}: {seconds * 1000:8.1f} ms  {kilobytes:8.1f} kB")


if __name__ == "__main__":
    main()
