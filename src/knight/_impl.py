"""Choose the compiled modules when they import, else their pure-Python twins.

Set KNIGHT_NO_EXTENSIONS=1 to force the twins; on interpreters other than CPython the
twins are always used. IMPLEMENTATION names the ones in use: "cython" or "python".
The compiled modules are used together or not at all.

* ``core``: the search for one tour (``search/_core`` / ``search/_core_py``);
* ``counter``: enumerating and counting every tour (``count/_walker`` / ``count/_walker_py``);
* ``puzzle``: completing a path through fixed moves (``search/_puzzle`` / ``search/_puzzle_py``);
* ``frontier``: exact counts by frontier dynamic programming (``count/_frontier`` / ``count/_frontier_py``),
  imported on first use, so that importing knight stays quick;
* ``construct_core``: the construction's hot loops (``construct/_kernel`` / ``construct/_kernel_py``);
* ``storage``: Tour's buffer base and text encoding (``_storage`` / ``_storage_py``).
"""

import os
import sys
from typing import Any

NO_EXTENSIONS = bool(os.environ.get("KNIGHT_NO_EXTENSIONS")) or sys.implementation.name != "cpython"

if NO_EXTENSIONS:
    from . import _storage_py as storage
    from .construct import _kernel_py as construct_core
    from .count import _walker_py as counter
    from .search import _core_py as core
    from .search import _puzzle_py as puzzle
else:
    try:
        from . import _storage as storage  # type: ignore[no-redef]
        from .construct import _kernel as construct_core  # type: ignore[no-redef]
        from .count import _walker as counter  # type: ignore[no-redef]
        from .search import _core as core  # type: ignore[no-redef]
        from .search import _puzzle as puzzle  # type: ignore[no-redef]
    except ImportError:  # built without a compiler: the twins give the same answers
        from . import _storage_py as storage
        from .construct import _kernel_py as construct_core
        from .count import _walker_py as counter
        from .search import _core_py as core
        from .search import _puzzle_py as puzzle

IMPLEMENTATION = "python" if core.__name__.endswith("_py") else "cython"

frontier: Any  # set by __getattr__ below on first use


def __getattr__(name: str):
    """``frontier``, imported when first asked for (the same choice as the modules above)."""
    if name != "frontier":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    global frontier
    if IMPLEMENTATION == "cython":
        from .count import _frontier as frontier  # type: ignore[no-redef]
    else:
        from .count import _frontier_py as frontier  # type: ignore[no-redef]
    return frontier
