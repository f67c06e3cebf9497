"""The published theorems on closed knight's tours of boards that are not flat rectangles.

``closed_theorem(board)`` answers, for the knight on a whole board (no holes, no givens) that
wraps or has three axes, whether a closed tour exists, with the theorem that says so, or None
where no theorem here applies (the rules and the search answer). A closed tour passes every
square, so where one exists an open tour starts on every square too.

* Torus (Watkins and Hoenigman, "Knight's tours on a torus", Mathematics Magazine 70, 1997):
  every m×n torus has a closed tour (a cycle needs three squares: 1×1, 1×2 and 2×1 have none).
* Cylinder (Watkins, "Knight's tours on cylinders and other surfaces", Congressus Numerantium
  143, 2000; also Across the Board, 2004): with m the length of the open axis and n that of
  the periodic one, a closed tour exists unless m = 1 and n > 1, or m is 2 or 4 and n is even.
* Klein bottle (Watkins, ibid.): every m×n Klein bottle has a closed tour (three squares at least).
* n×n×n cube (DeMaio, "Which chessboards have a closed knight's tour within the cube?",
  Electronic Journal of Combinatorics 14, 2007): a closed tour exactly when n is even and at least 4.
* i×j×k box, i <= j <= k (DeMaio and Mathew, "Which chessboards have a closed knight's tour
  within the rectangular prism?", Electronic Journal of Combinatorics 18, 2011): a closed
  tour unless i, j and k are all odd, i = j = 2, the box is 2×3×3, or i = 1 and the j×k
  rectangle has none (Schwenk).

Each was checked against the exhaustive search on both cores (tests/test_surfaces.py: every
cylinder, torus and Klein bottle up to 6×6 and every box up to 3×4×4, more with KNIGHT_SLOW).
The Möbius strip has no theorem here: Watkins classified it too, but we could not read the
statement, so the rules and the exhaustive search answer (docs/surfaces.md lists what the
search finds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._topology import shape_text

if TYPE_CHECKING:
    from ._board import Board

WATKINS_TORUS = "Watkins and Hoenigman 1997"
WATKINS = "Watkins 2000"
DEMAIO = "DeMaio 2007"
DEMAIO_MATHEW = "DeMaio and Mathew 2011"


def _schwenk_closed(m: int, n: int) -> bool:
    """Whether the m×n rectangle, m <= n, has a closed knight's tour (Schwenk 1991)."""
    return not (m % 2 and n % 2) and m not in (1, 2, 4) and not (m == 3 and n in (4, 6, 8))


def closed_theorem(board: Board) -> tuple[bool, str] | None:
    """(whether board has a closed knight's tour, the theorem in words), or None when no theorem applies."""
    topology = board.topology
    if topology is None or board.mask is not None or board.moves != (1, 2) or board.givens:
        return None
    if len(board) < 3:
        return None  # the rules say a cycle needs three squares
    shape, kind = topology.shape, topology.kind
    if kind == "torus":
        return True, f"every torus has a closed tour ({WATKINS_TORUS})"
    if kind == "Klein bottle":
        return True, f"every Klein bottle has a closed tour ({WATKINS})"
    if kind == "cylinder":
        m, n = (shape[0], shape[1]) if topology.periodic[1] else (shape[1], shape[0])
        if m == 1:
            return False, f"a cylinder one square across has none ({WATKINS})"
        if m in (2, 4) and n % 2 == 0:
            return False, f"a cylinder {m} squares across and of even length has none ({WATKINS})"
        return True, f"this cylinder has a closed tour ({WATKINS})"
    if kind == "box" and topology.axes == 3:
        return _box(tuple(sorted(shape)))
    return None


def _box(shape: tuple[int, ...]) -> tuple[bool, str]:
    i, j, k = shape
    source = f"{DEMAIO}; {DEMAIO_MATHEW}" if i == j == k else DEMAIO_MATHEW
    if i % 2 and j % 2 and k % 2:
        return False, f"all three sides are odd ({source})"
    if i == 1:
        if _schwenk_closed(j, k):
            return True, f"its {j}×{k} layer has a closed tour (Schwenk 1991; {source})"
        return False, f"a box one square thick is the {j}×{k} rectangle, which has none (Schwenk 1991; {source})"
    if i == j == 2:
        return False, f"a box 2×2 across has none ({source})"
    if shape == (2, 3, 3):
        return False, f"2×3×3 has none ({source})"
    return True, f"the {shape_text(shape)} box has a closed tour ({source})"
