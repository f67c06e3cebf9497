"""The search's compiled kernels or their twins, all or nothing (see model._kernels.select).

* ``core``: the explicit-stack backtracking loop (``_core`` / ``_core_py``);
* ``puzzle``: completing a path through fixed moves (``_puzzle`` / ``_puzzle_py``).
"""

from typing import TYPE_CHECKING

from ..model._kernels import select

if TYPE_CHECKING:  # type checkers see the twins, whose types the stubs of the compiled modules repeat
    from . import _core_py as core
    from . import _puzzle_py as puzzle
else:
    core, puzzle = select(__package__, ("core", "puzzle"))
