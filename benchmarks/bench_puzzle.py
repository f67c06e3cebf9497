"""Benchmark shapes and puzzles: holey boards, impossible shapes, puzzles with given moves.

    python benchmarks/bench_puzzle.py [--quick]

Prints one table from one run, each row beside a plain search on the same boards:

* holey 9×9 and 10×10 boards (a few holes at fixed places): knight.tour (auto) against
  method="plain" (seed 001's unordered backtracking, in Python) stopped at HOLEY_PLAIN_NODES;
* impossible shapes (one per refutation rule): the refusal against an exhaustive
  search of the compiled core from the first square, stopped at PLAIN_NODES;
* puzzles made from random tours with a fixed seed, keeping 25% (8×8) or 15% (10×10)
  of the moves: knight.solve against the same compiled forward core with no propagation
  and no windows (every square open to every move), stopped at PLAIN_NODES; the note
  gives each side's per-puzzle worst, and the same rounds without the domain search
  (the forward core alone, the solver before it: see _solve._rounds).

Times are the best of REPEATS (refusals), of SOLVE_REPEATS (each puzzle, knight.solve and
the forward core alone) or single runs (plain searches); a row's puzzles all get the same budget. The machine is shared while benchmarks run: read ratios, not times.
"""

from __future__ import annotations

import random
import sys
import time
from array import array

import knight
from knight.search import _kernels as search_kernels
from knight.search import _solve
from knight.search._methods import plain

from _timing import best_of

STATUS = {0: "found", 1: "exhausted", 2: "limit"}

PLAIN_NODES = 2_000_000
PUZZLE_NODES = 2_000_000
REPEATS = 5
SOLVE_REPEATS = 3
HOLEY_PLAIN_NODES = 200_000
HOLEY = [
    knight.Board(9, holes=["e5"]),
    knight.Board(9, holes=["e5", "c3", "c4"]),
    knight.Board(10, holes=["e5", "f5", "e6", "f6"]),
    knight.Board(10, holes=["c3", "h8", "c8", "h3"]),
]
IMPOSSIBLE = {
    "pieces": (knight.Board(6, moves=(1, 3)), False),
    "colours": (knight.Board(6, holes=["a1", "f6"]), False),
    "dead ends": (knight.Board.parse(". . . #\n. . . .\n. . . .\n# . . .\n. # . ."), False),
    "closed, one move": (knight.Board(5, holes=["b3"]), True),
    "closed, cut square": (
        knight.Board.parse(". . . # # # #\n. . . . # # #\n. . . . . . .\n# # # . . . .\n# # # # . . ."),
        True,
    ),
}


def puzzle(rows: int, share: float, seed: int) -> knight.Board:
    """A puzzle of rows×rows keeping share of the moves of a random tour (fixed seed)."""
    rng = random.Random(seed)
    found = knight.tour(rows, start=rng.randrange(1, rows * rows + 1), method="random", seed=seed)
    kept = sorted(rng.sample(range(len(found)), max(2, round(share * len(found)))))
    cells = ["."] * (rows * rows)
    for move in kept:
        cells[found[move] - 1] = str(move + 1)
    return knight.Board.parse("\n".join(" ".join(cells[r * rows : (r + 1) * rows]) for r in range(rows)))


def plain_puzzle(board: knight.Board) -> tuple[int, int]:
    """(status, nodes) of the forward core with the givens alone: no propagation, no windows."""
    neighbours, squares = board._neighbour_lists(), board._cells()
    cells, n = board.rows * board.cols, len(board)
    table = array("i", [-1]) * (cells * 8)
    for cell in squares:
        for i, neighbour in enumerate(neighbours[cell]):
            table[cell * 8 + i] = neighbour
    on_board = bytearray(cells)
    for cell in squares:
        on_board[cell] = 1
    at_move = array("i", [-1]) * (n + 1)
    given = array("i", [0]) * cells
    for square, move in board.givens.items():
        at_move[move] = square - 1
        given[square - 1] = move
    none = array("i")
    latest = array("i", [n if on_board[cell] and not given[cell] else 0 for cell in range(cells)])
    starts = array("i", [at_move[1]] if at_move[1] >= 0 else [c for c in squares if not given[c]])
    status, nodes, _ = search_kernels.forward.search(
        table,
        bytes(on_board),
        at_move,
        given,
        none,
        array("i", [-1]) * (n + 1),
        none,
        latest,
        array("q", [0]) * cells,
        starts,
        PLAIN_NODES,
        float("inf"),
    )
    return status, nodes


def forward_only(board: knight.Board) -> None:
    """knight.solve's rounds without the domain search: the forward core both ways."""
    windows = _solve.propagate(board, {move: square - 1 for square, move in board.givens.items()})
    if _solve._rounds(windows, PUZZLE_NODES, float("inf"), False)[0] != 0:
        raise knight.SearchLimitError("forward core: not found")


def timed(function, repeats: int = 1) -> tuple[float, str]:
    """(seconds, outcome) of the fastest of repeats calls: "ok", "no" (NoTourError) or "limit"."""
    best = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        try:
            function()
            outcome = "ok"
        except knight.NoTourError:
            outcome = "no"
        except knight.SearchLimitError:
            outcome = "limit"
        best = min(best, time.perf_counter() - began)
    return best, outcome


def row(name: str, ours: float, theirs: float, note: str = "") -> None:
    ratio = f"{theirs / ours:8.1f}x" if ours > 0 else "      -"
    print(f"{name:<34} {ours * 1000:10.2f} ms {theirs * 1000:12.2f} ms {ratio}  {note}")


def main() -> None:
    quick = "--quick" in sys.argv
    print(f"knight {knight.__version__} ({knight.IMPLEMENTATION}); plain budget {PLAIN_NODES:,} nodes")
    print(f"{'case':<34} {'knight':>13} {'plain search':>15} {'ratio':>9}")
    for board in HOLEY:
        ours, outcome = timed(lambda: knight.tour(board))
        began = time.perf_counter()
        status = plain(board, board.first - 1, False, HOLEY_PLAIN_NODES, None, float("inf"))[0]
        theirs = time.perf_counter() - began
        row(f"tour {board.name}", ours, theirs, f"{outcome}; plain: {STATUS[status]}")
    for rule, (board, closed) in IMPOSSIBLE.items():
        ours = best_of(REPEATS, lambda: knight.exists(board, closed=closed))
        assert not knight.exists(board, closed=closed)
        began = time.perf_counter()
        status, nodes, _ = search_kernels.core.search(
            board.rows, board.cols, board.mask, board.first - 1, closed, PLAIN_NODES, board.steps
        )
        theirs = time.perf_counter() - began
        row(f"refuse: {rule}", ours, theirs, f"search: {STATUS[status]} after {nodes:,} nodes")
    for rows, share, count in ((8, 0.25, 20), (10, 0.15, 20)):
        count = 5 if quick else count
        ours, theirs, forward, outcomes, plains, forwards = [], [], [], [], [], []
        for seed in range(count):
            board = puzzle(rows, share, seed)
            took, outcome = timed(lambda: knight.solve(board, max_nodes=PUZZLE_NODES), SOLVE_REPEATS)
            ours.append(took)
            outcomes.append(outcome)
            began = time.perf_counter()
            status, _ = plain_puzzle(board)
            theirs.append(time.perf_counter() - began)
            plains.append(STATUS[status])
            took, outcome = timed(lambda: forward_only(board), SOLVE_REPEATS)
            forward.append(took)
            forwards.append(outcome)
        note = (
            f"{outcomes.count('ok')}/{count} solved, worst {max(ours) * 1000:.0f} ms; "
            f"plain {plains.count('found')}/{count}, worst {max(theirs) * 1000:.0f} ms; "
            f"forward core alone {forwards.count('ok')}/{count}, mean {sum(forward) / count * 1000:.0f} ms, "
            f"worst {max(forward) * 1000:.0f} ms"
        )
        row(f"solve {rows}×{rows}, {share:.0%} given (mean)", sum(ours) / count, sum(theirs) / count, note)


if __name__ == "__main__":
    main()
