"""Exact tour counts by the frontier sweep, as ``_kernels.frontier``: the pure-Python twin of
``_frontier.pyx``, whose modules it mirrors where they have a Python face: ``_engine_py`` (the
sweep), ``_joiner_py`` (the join on a cut), ``_shards_py`` (a shard's round); the rules, the
demand patterns and the layers (dicts) are ``_states``'s, which ``_draw_py`` shares. The twin
sweeps in one thread: it takes ``threads`` for the compiled engine's API. Drawing a tour from
the sweep is ``_draw_py``'s.
"""

from ._engine_py import KNIGHT_STEPS, count, count_stats, each_layer, layer
from ._joiner_py import join
from ._shards_py import check_piece, shard_round

__all__ = ["KNIGHT_STEPS", "check_piece", "count", "count_stats", "each_layer", "join", "layer", "shard_round"]
