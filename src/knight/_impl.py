"""Choose the search core: the compiled one when it imports, else the pure-Python twin.

Set KNIGHT_NO_EXTENSIONS=1 to force the twin; on interpreters other than CPython the twin
is always used. IMPLEMENTATION names the one in use: "cython" or "python".
"""

import os
import platform

NO_EXTENSIONS = bool(os.environ.get("KNIGHT_NO_EXTENSIONS")) or platform.python_implementation() != "CPython"

if NO_EXTENSIONS:
    from . import _core_py as core
else:
    try:
        from . import _core as core  # type: ignore[no-redef]
    except ImportError:  # built without a compiler: the twin gives the same answers
        from . import _core_py as core

IMPLEMENTATION = "python" if core.__name__.endswith("_py") else "cython"

if core.__name__.endswith("_py"):
    from . import _construct_py as construct_core
else:
    from . import _construct_core as construct_core  # type: ignore[no-redef]
