"""Wrong calls the type checkers must reject, and the types they must infer.

Each wrong call carries a ``# type: ignore[code]`` that must be needed: mypy --strict
(``warn_unused_ignores``) and pyright (``reportUnnecessaryTypeIgnoreComment``, see
[tool.pyright]) both fail on an ignore that hides no error, so every line below proves
that both checkers reject the call. tests/test_typing.py runs the checkers on this file,
and runs main(), where each wrong call raises knight's own error at run time as well.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Literal, get_args

import knight
from knight import Board, InvalidInputError, InvalidTypeError, Tour

if TYPE_CHECKING:
    from typing_extensions import assert_type
else:

    def assert_type(value, _):  # typing.assert_type from Python 3.11: nothing at run time
        return value


WRONG_CALLS: list[tuple[str, Callable[[], object]]] = [
    ("start=3.5", lambda: knight.tour(8, start=3.5)),  # type: ignore[arg-type]
    ("method='warnsdorf'", lambda: knight.tour(8, method="warnsdorf")),  # type: ignore[arg-type]
    ("strat=", lambda: knight.tour(8, strat=1)),  # type: ignore[call-arg]
    ("size=8.0", lambda: knight.tour(8.0)),  # type: ignore[arg-type]
    ("moves=3", lambda: knight.tour(8, moves=3)),  # type: ignore[arg-type]
    ("end=2.5", lambda: knight.exists(8, start=1, end=2.5)),  # type: ignore[arg-type]
    ("count method='sweep'", lambda: knight.count(5, method="sweep")),  # type: ignore[arg-type]
    ("count executor=4", lambda: knight.count(5, executor=4)),  # type: ignore[arg-type]
    ("trace method='random'", lambda: knight.trace(5, method="random")),  # type: ignore[arg-type]
    ("compare methods=['fast']", lambda: knight.compare(5, methods=["fast"])),  # type: ignore[list-item]
    ("Board(holes=[1.5])", lambda: Board(8, holes=[1.5])),  # type: ignore[list-item]
    ("Board(moves=(1, 2, 3))", lambda: Board(8, moves=(1, 2, 3))),  # type: ignore[arg-type]
    ("Board(hole=)", lambda: Board(8, hole=[1])),  # type: ignore[call-arg]
    ("solve(5)", lambda: knight.solve(5)),  # type: ignore[arg-type]
    ("is_tour(board=1.5)", lambda: knight.is_tour([1], 1.5)),  # type: ignore[arg-type]
    ("Tour(mvoes=)", lambda: Tour([1], 1, mvoes=(1, 2))),  # type: ignore[call-arg]
]


def inferred() -> None:
    """What the checkers infer from the public names."""
    assert_type(knight.tour(8, start="e4"), Tour)
    assert_type(knight.tour(Board((5, 6)), (0, 0)), Tour)
    assert_type(knight.exists(8, closed=True), bool)
    assert_type(knight.count(5, start=1), int)
    assert_type(knight.tours(5, start=1, max_nodes=100), Iterator[Tour])
    assert_type(knight.solve(". . .\n. . .\n. . .\n. 1 ."), Tour)
    assert_type(knight.compare(5, "a1", methods=("backtrack",)), knight.Comparison)
    assert_type(knight.trace(5, 1, method="warnsdorff"), knight.Trace)
    assert_type(knight.is_tour([1, 2], 8), bool)
    method: knight.Method = "backtrack"
    assert_type(knight.tour(5, 1, method=method), Tour)
    assert set(get_args(knight.Method)) >= {"auto", method}
    literal: Literal["auto"] = "auto"
    assert_type(knight.count(5, method=literal), int)


def main() -> None:
    """Each wrong call raises knight's own error at run time too (the checkers' verdict, confirmed)."""
    for name, call in WRONG_CALLS:
        try:
            call()
        except (InvalidInputError, InvalidTypeError):
            continue
        raise AssertionError(f"{name}: no error at run time")
    inferred()


if __name__ == "__main__":
    main()
