"""The published theorems on closed knight's tours of boards that are not flat rectangles.

``closed_theorem(board)`` answers, for the knight on a whole board (no holes, no givens) that
wraps or has three or more axes, whether a closed tour exists, with the theorem that says so,
or None where none here applies (the rules and the search answer). A closed tour passes every
square, so where one exists an open tour starts on every square too.

* Torus (Watkins and Hoenigman, "Knight's tours on a torus", Mathematics Magazine 70, 1997):
  every m×n torus has a closed tour (a cycle needs three squares: 1×1, 1×2 and 2×1 have none).
* Cylinder (Watkins, "Knight's tours on cylinders and other surfaces", Congressus Numerantium
  143, 2000; also Across the Board, 2004): with m the length of the open axis and n that of
  the periodic one, a closed tour exists unless m = 1 and n > 1, or m is 2 or 4 and n is even.
* Klein bottle (Watkins, ibid.): every m×n Klein bottle has a closed tour (three squares at least).
* Möbius strip, m squares across the open axis and n along the twisted one. Watkins classified
  it (ibid.), but we could not read his statement, so only what is proved here is answered:
  none when m = 1 (no move), m = 2 and n even (a move changes the column by ±2 and n is even,
  so the columns' parity never changes: two pieces), or m = 4 and n odd (Schwenk's argument
  for 4×n: every move from the two outer rows lands on the two inner ones, and the twist keeps
  them so, so a closed tour alternates outer and inner; as m + n is odd the twist keeps the
  coordinate-sum colouring, so it alternates colours too, and every outer square would have one
  colour); one wherever the m×n rectangle has one (Schwenk 1991: the strip has every move of the
  rectangle). The rest goes to the exhaustive search.
* Boxes, sides sorted a1 <= ... <= ad (an axis one square long carries no move, so it is left
  out: a box of two longer axes is the rectangle, Schwenk 1991). Three axes (DeMaio, "Which
  chessboards have a closed knight's tour within the cube?", Electronic Journal of
  Combinatorics 14, 2007, for n×n×n; DeMaio and Mathew, "... within the rectangular prism?",
  ibid. 18, 2011) and four or more (Erde, Golénia and Golénia, "The closed knight tour problem
  in higher dimensions", ibid. 19(4), 2012): a closed tour exactly when some side is even,
  a(d-1) >= 3 and ad >= 4. For three axes this is DeMaio and Mathew's list (all odd, i = j = 2,
  2×3×3). We could read Erde, Golénia and Golénia's abstract, not their statement: the
  condition is the three-axis one carried over, and each of its noes is proved here (all odd:
  the colours; a(d-1) = 2: every move changes the longest coordinate by ±2, so its parity never
  changes: two pieces, or no move at all; ad = 3: a square in the middle of every side of 3 has
  no move). Its yeses are theirs, as the exhaustive search confirms on the boxes the tests list.

Each was checked against the exhaustive search on both cores (tests/test_surfaces.py: every
cylinder, torus, Möbius strip and Klein bottle up to 5×5 and every box up to 2×3×4 in CI,
surfaces to 6×6 and boxes to 3×4×4 with KNIGHT_SLOW, and boxes of four axes from 2×2×2×2 to
3×3×3×4 in CI).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._topology import shape_text

if TYPE_CHECKING:
    from ._board import Board

WATKINS_TORUS = "Watkins and Hoenigman 1997"
WATKINS = "Watkins 2000"
SCHWENK = "Schwenk 1991"
DEMAIO = "DeMaio 2007"
DEMAIO_MATHEW = "DeMaio and Mathew 2011"
ERDE_GOLENIA = "Erde, Golénia and Golénia 2012"


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
    if kind in ("cylinder", "Möbius strip"):
        m, n = (shape[0], shape[1]) if topology.periodic[1] else (shape[1], shape[0])
        return _cylinder(m, n) if kind == "cylinder" else _mobius(m, n)
    if kind == "box":
        return _box(shape)
    return None


def _cylinder(m: int, n: int) -> tuple[bool, str]:
    if m == 1:
        return False, f"a cylinder one square across has none ({WATKINS})"
    if m in (2, 4) and n % 2 == 0:
        return False, f"a cylinder {m} squares across and of even length has none ({WATKINS})"
    return True, f"this cylinder has a closed tour ({WATKINS})"


def _mobius(m: int, n: int) -> tuple[bool, str] | None:
    """The Möbius strip m squares across, n along its twisted axis: what is proved (module docstring)."""
    if m == 1:
        return False, "a knight cannot move on a Möbius strip one square across"
    if m == 2 and n % 2 == 0:
        return False, (
            "on a strip two squares across every move changes the column by 2, and the length is even, "
            "so the squares fall into two pieces"
        )
    if m == 4 and n % 2:
        return False, (
            "every move from the two outer lines lands on the two inner ones, so a closed tour alternates "
            "outer and inner squares, and colours (the twist keeps them on a strip of odd length): "
            f"every outer square would have one colour, but each outer line holds both (Schwenk's argument for 4×n, {SCHWENK})"
        )
    if _schwenk_closed(*sorted((m, n))):
        return True, f"the {m}×{n} rectangle has a closed tour, and the strip has all its moves ({SCHWENK})"
    return None


def _box(shape: tuple[int, ...]) -> tuple[bool, str]:
    """The knight's whole box (module docstring): its axes one square long left out."""
    sides = tuple(sorted(length for length in shape if length > 1))
    name = shape_text(shape)
    if len(sides) < 2:
        return False, f"a knight cannot move on the {name} box: it needs two axes longer than one square"
    if len(sides) == 2:
        j, k = sides
        if _schwenk_closed(j, k):
            return True, f"the {name} box is the {j}×{k} rectangle, which has a closed tour ({SCHWENK})"
        return False, f"the {name} box is the {j}×{k} rectangle, which has none ({SCHWENK})"
    if len(sides) > 3:
        source = ERDE_GOLENIA
    else:
        source = f"{DEMAIO}; {DEMAIO_MATHEW}" if sides[0] == sides[1] == sides[2] else DEMAIO_MATHEW
    if all(side % 2 for side in sides):
        return False, f"all its sides are odd ({source})"
    if sides[-2] == 2:
        return False, (
            "every side but the longest is 2, so every move changes the longest coordinate by 2 "
            f"and its parity never changes: the squares fall into more than one piece ({source})"
        )
    if sides[-1] == 3:
        return False, f"no side is longer than 3, so a square in the middle of each side of 3 has no move ({source})"
    return True, f"the {name} box has a closed tour ({source})"
