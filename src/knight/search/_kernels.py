"""The search's compiled kernels or their twins, all or nothing (see model._kernels.select).

* ``core``: the explicit-stack backtracking loop, on boards and on graphs given as flat
  arrays (``_core`` / ``_core_py``);
* ``forward``: completing a path through fixed moves, forward from move 1 (``_forward`` /
  ``_forward_py``);
* ``fill``: completing it by narrowing every move's squares at once (``_fill`` / ``_fill_py``);
* ``walk``: Warnsdorff's rule alone, and with random tie-breaks (``_walk`` / ``_walk_py``);
* ``magic``: magic knight's tours, pruned on the lines' sums (``_magic`` / ``_magic_py``);
* ``quartes_core``: semimagic tours of 4k×4k boards laid from quartes (``_quartes_core`` /
  ``_quartes_core_py``; ``_quartes`` lays out their tables).
"""

from typing import TYPE_CHECKING

from ..model._kernels import select

__all__ = ["core", "fill", "forward", "magic", "quartes_core", "walk"]  # exported: knight.tour's type is core.door's


if TYPE_CHECKING:  # type checkers see the twins, whose types the stubs of the compiled modules repeat
    from . import _core_py as core
    from . import _fill_py as fill
    from . import _forward_py as forward
    from . import _magic_py as magic
    from . import _quartes_core_py as quartes_core
    from . import _walk_py as walk
else:
    core, forward, fill, walk, magic, quartes_core = select(
        __package__, ("core", "forward", "fill", "walk", "magic", "quartes_core")
    )
