"""Counting: every tour, lazily, and exact counts.

* ``_enumerate``: knight.tours() and knight.count(), split into work items that any
  concurrent.futures executor can run;
* ``_walker`` (compiled) / ``_walker_py`` (its twin): the depth-first walk that lists or
  counts the tours extending a path;
* ``_symmetry``: board symmetries, which merge work items that are images of one another.
"""
