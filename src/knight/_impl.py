"""Choose the compiled cores when they import, else their pure-Python twins.

``core`` searches for one tour (``_core`` or ``_core_py``); ``counter`` enumerates and
counts them (``_count`` or ``_count_py``). Set KNIGHT_NO_EXTENSIONS=1 to force the twins;
on interpreters other than CPython the twins are always used. IMPLEMENTATION is "cython"
when both compiled cores are in use, else "python".
"""

import os
import platform

NO_EXTENSIONS = bool(os.environ.get("KNIGHT_NO_EXTENSIONS")) or platform.python_implementation() != "CPython"

if NO_EXTENSIONS:
    from . import _core_py as core
    from . import _count_py as counter
else:
    try:
        from . import _core as core  # type: ignore[no-redef]
    except ImportError:  # built without a compiler: the twin gives the same answers
        from . import _core_py as core
    try:
        from . import _count as counter  # type: ignore[no-redef]
    except ImportError:
        from . import _count_py as counter

IMPLEMENTATION = "python" if core.__name__.endswith("_py") or counter.__name__.endswith("_py") else "cython"
