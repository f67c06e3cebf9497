"""Draw the README's puzzle picture: a holey 8×8 puzzle, completed by knight.solve.

Run from the repository root with the package importable (PYTHONPATH=src); writes
docs/puzzle.txt (the puzzle: every fourth move of a tour of the board, from move 1) and
docs/puzzle.svg (knight.solve's completion, the given numbers in bold).
"""

from pathlib import Path

import knight
import knight.draw

BOARD = knight.Board(8, holes=["d4", "e4", "d5", "e5"])


def puzzle() -> knight.Board:
    """The board with every fourth move of its first tour given."""
    found = knight.tour(BOARD)
    cells = ["." if square in BOARD else "#" for square in range(1, 65)]
    for move, square in enumerate(found, 1):
        if move % 4 == 1:
            cells[square - 1] = str(move)
    return knight.Board.parse("\n".join(" ".join(cells[row * 8 : row * 8 + 8]) for row in range(8)))


def main() -> None:
    board = puzzle()
    solved = knight.solve(board)
    docs = Path("docs")
    docs.mkdir(exist_ok=True)
    (docs / "puzzle.txt").write_text(board.picture() + "\n")
    (docs / "puzzle.svg").write_text(knight.draw.render(solved, size=360))
    print(board.picture(), solved.grid(), sep="\n\n")


if __name__ == "__main__":
    main()
