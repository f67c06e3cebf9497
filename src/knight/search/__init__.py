"""Search: one tour by Warnsdorff-ordered backtracking, and puzzles through fixed moves.

* ``_methods``: the strategies knight.tour(method=...) names: the compiled backtracking
  search and the seeds' plainer ways (Warnsdorff's rule alone, random restarts, plain and
  ordered backtracking); and the same searches recording their steps, for knight.trace;
* ``_core`` (compiled) / ``_core_py`` (its twin): the explicit-stack backtracking loop;
  quick_tour, the squares of the commonest call knight.tour(n, start) for small n; and
  graph_path, the loop on a graph given as flat arrays (the halves of _narrow);
* ``_forward`` (compiled) / ``_forward_py`` (its twin): the puzzle search's forward core,
  completing a path through fixed moves from move 1;
* ``_fill`` (compiled) / ``_fill_py`` (its twin): the puzzle search's domain search,
  narrowing every move's squares at once;
* ``_walk`` (compiled) / ``_walk_py`` (its twin): the walks: Warnsdorff's rule alone, with
  random tie-breaks restarted, and a random walk closed by Pósa rotations (closed tours);
* ``_splitmix``: SplitMix64, the walks' random generator, the same on both cores;
* ``_kernels``: chooses the compiled kernels or the twins, all or nothing;
* ``_order``: Warnsdorff's tie-breaks, shared by the twin and the puzzle rounds;
* ``_solve``: a question's fixed moves (ends, a puzzle's givens) completed: propagation, then rounds;
* ``_magic`` (compiled) / ``_magic_py`` (its twin): magic knight's tours, pruned on the lines' sums
  (and Knuth's random probes of the same tree, which estimate its size);
  ``_magic_tours``: the board and lines laid out for it, and its run (``magic_search``);
* ``_quartes``: semimagic tours of 4k×4k boards (k ≥ 3) built from quartes, four numbers a
  block's transversal, from both ends at once: the tables and the run of ``_quartes_core``
  (compiled) / ``_quartes_core_py`` (its twin), the loop (the same tour on both cores);
* ``_loops.pxd``: the C the compiled loops share (SplitMix64, the clock and Ctrl-C);
* ``_narrow``: open tours of boards four wide, half by half;
* ``_graph``: tours of boards that wrap, and boxes, on their graph (closed tours and fixed ends too).
"""

from ._magic_tours import MagicResult, magic_search
from ._methods import (
    backtrack,
    backtrack_tracer,
    fixed_order_trace,
    ordered,
    plain,
    random_warnsdorff,
    rotated,
    search_bytes,
    warnsdorff,
    warnsdorff_trace,
)
from ._quartes import QuarteResult, quarte_tour
from ._solve import complete

__all__ = [
    "MagicResult",
    "QuarteResult",
    "backtrack",
    "backtrack_tracer",
    "complete",
    "fixed_order_trace",
    "magic_search",
    "ordered",
    "plain",
    "quarte_tour",
    "random_warnsdorff",
    "rotated",
    "search_bytes",
    "warnsdorff",
    "warnsdorff_trace",
]
