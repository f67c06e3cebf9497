"""A small cache of costly values whose making may stop part way (a deadline, Ctrl-C).

Unlike ``functools.lru_cache``, the value is made by a callable given at the call, so one call may
pass its own deadline, and a making that raises keeps nothing.
"""

from __future__ import annotations

from typing import Callable, TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")


def remembered(cache: dict[_K, _V], key: _K, make: Callable[[], _V], size: int) -> _V:
    """cache[key], made by make() if missing; the oldest entry goes past size entries. Safe from
    several threads: two may make the same value, and either is kept."""
    found = cache.get(key)
    if found is not None:
        return found
    value = make()
    if len(cache) >= size:
        try:
            cache.pop(next(iter(cache)), None)
        except (StopIteration, RuntimeError):  # emptied, or changed, by another thread meanwhile
            pass
    cache[key] = value
    return value
