"""Counting: every tour, lazily, and exact counts.

* ``_enumerate``: knight.tours() and the walk through every tour, split into work items
  that any concurrent.futures executor can run;
* ``_sweep``: exact counts by the frontier sweep, and the uniform draw of one tour
  (knight.tour(method="uniform"));
* ``_spread``: the frontier sweep sharded on an executor or a Dask client, each layer's
  states split among the workers by a hash of the state;
* ``_packed``: a shard's states packed as two buffers, the format both frontier kernels share;
* ``_walker`` (compiled) / ``_walker_py`` (its twin): the depth-first walk that lists or
  counts the tours extending a path;
* ``_plan``: the frontier sweep's plan (its steps, laid out once for a question), and what
  every frontier kernel shares;
* ``_frontier`` (compiled) / ``_frontier_py`` (its twin): exact counts by the frontier sweep,
  the entry points of its modules, one a job: ``_engine`` / ``_engine_py`` (the sweep; the
  compiled engine, declared in ``_engine.pxd``, also runs the compiled draw), ``_joiner`` /
  ``_joiner_py`` (the join on a cut), ``_shards`` / ``_shards_py`` (a shard's round), and,
  compiled only, ``_hashtable`` (the layers' hash tables), ``_rules`` (the state rules),
  ``_patterns`` (the demand patterns) and ``_crew`` (the threads that sweep a wide layer);
* ``_join``: counting by meeting in the middle (two parts swept to a cut, their states joined);
* ``_spill``: a frontier count whose layers past a memory bound are shard files on disk, and
  checkpoints (the last finished step's shard files), resumed;
* ``_shardfile``: the shard file format (a header naming the question, packed states, checksums),
  read with every field checked, written so that a write cannot lose or clobber;
* ``_draw`` (compiled) / ``_draw_py`` (its twin): one tour drawn uniformly from the sweep;
* ``_states``: the sweep's states, rules and demand patterns in Python, shared by the two twins
  (in C: ``_rules``, ``_patterns``);
* ``_kernels``: chooses the compiled kernels or the twins, all or nothing;
* ``_symmetry``: board symmetries, which merge work items that are images of one another.
"""

from ._enumerate import tours

__all__ = ["tours"]  # the sweep (_sweep) loads on first use: import knight stays quick
