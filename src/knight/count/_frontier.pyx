# cython: language_level=3, embedsignature=True
"""The compiled frontier counter, as ``_kernels.frontier`` (its twin: ``_frontier_py.py``): the entry
points of its modules, one a job, each with its twin (``_x.pyx`` / ``_x_py.py``) where it has a
Python face:

* ``_hashtable``: a layer's hash table of packed states and counts, and the sets of patterns;
* ``_rules``: the state rules (the twins': ``_states``) and one step of the flattened plan;
* ``_patterns``: the demand patterns, found before the sweep, and which choices fit during it;
* ``_crew``: the threads that sweep a wide layer together;
* ``_engine``: the sweep (``count``, ``count_stats``, ``layer``, ``each_layer``);
* ``_joiner``: the join of two sides' layers on a cut (``join``);
* ``_shards``: a shard's round of a sharded sweep (``shard_round``), and the check of a piece read
  from a file (``check_piece``).

The hot loops' helpers are defined in the ``.pxd`` files, so that every module inlines them.
"""

from ._engine import KNIGHT_STEPS, count, count_stats, each_layer, layer
from ._joiner import join
from ._shards import check_piece, shard_round
