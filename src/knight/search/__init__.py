"""Search: one tour by Warnsdorff-ordered backtracking.

* ``_find``: knight.tour() and knight.exists(): parse the question, rule out impossible
  ones, run a method;
* ``_methods``: the strategies method= names (the compiled search, the construction,
  and the seeds' plainer ways);
* ``_core`` (compiled) / ``_core_py`` (its twin): the explicit-stack backtracking loop,
  and quick_tour, the whole of the commonest call knight.tour(n, start) for small n;
* ``_narrow``: open tours of boards four wide, half by half;
* ``_rotate``: random closed tours, a random walk closed by Pósa rotations.
"""
