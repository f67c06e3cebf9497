"""The counters' compiled kernels or their twins, all or nothing, loaded on
first use (see model._kernels.select_lazily).

* ``walker``: the depth-first walk that lists or counts the tours extending a path
  (``_walker`` / ``_walker_py``);
* ``frontier``: exact counts by the frontier sweep (``_frontier`` / ``_frontier_py``, each
  the entry points of its modules, one a job: see ``_frontier.pyx``);
* ``draw``: one tour drawn uniformly from the frontier sweep (``_draw`` / ``_draw_py``;
  the compiled draw runs the compiled counter's engine, ``_engine``).

The Python both members of a pair need is in neither: ``_plan`` (the sweep's plan, shared
by all four frontier kernels), ``_states`` (the sweep's rules, shared by the two twins) and
``_packed`` (a shard's states packed, made and taken by both frontier counters).
"""

from typing import TYPE_CHECKING

from ..model._kernels import select_lazily

__all__ = ["draw", "frontier", "walker"]


if TYPE_CHECKING:  # type checkers see the twins, whose types the stubs of the compiled modules repeat
    from . import _draw_py as draw
    from . import _frontier_py as frontier
    from . import _walker_py as walker
else:
    __getattr__ = select_lazily(__name__, ("walker", "frontier", "draw"))  # loaded on first use
