"""Choose the compiled modules when they import, else their pure-Python twins.

Set KNIGHT_NO_EXTENSIONS=1 to force the twins; on interpreters other than CPython the
twins are always used. IMPLEMENTATION names the ones in use: "cython" or "python".
The compiled modules are used together or not at all.

* ``core``: the search for one tour (``_core`` / ``_core_py``);
* ``counter``: enumerating and counting every tour (``_count`` / ``_count_py``);
* ``construct_core``: the construction's hot loops (``_construct_core`` / ``_construct_py``);
* ``storage``: Tour's buffer base (``_storage`` / ``_storage_py``).
"""

import os
import platform

NO_EXTENSIONS = bool(os.environ.get("KNIGHT_NO_EXTENSIONS")) or platform.python_implementation() != "CPython"

if NO_EXTENSIONS:
    from . import _construct_py as construct_core
    from . import _core_py as core
    from . import _count_py as counter
    from . import _storage_py as storage
else:
    try:
        from . import _construct_core as construct_core  # type: ignore[no-redef]
        from . import _core as core  # type: ignore[no-redef]
        from . import _count as counter  # type: ignore[no-redef]
        from . import _storage as storage  # type: ignore[no-redef]
    except ImportError:  # built without a compiler: the twins give the same answers
        from . import _construct_py as construct_core
        from . import _core_py as core
        from . import _count_py as counter
        from . import _storage_py as storage

IMPLEMENTATION = "python" if core.__name__.endswith("_py") else "cython"
