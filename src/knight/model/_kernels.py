"""How every package picks its compiled kernels or their pure-Python twins, and the model's own.

Each package (this one, ``search``, ``construct``, ``count``) has a ``_kernels`` module
that asks ``select`` for its compiled modules: all of them import, or the package uses
all their twins. Set KNIGHT_NO_EXTENSIONS=1 to force the twins everywhere; interpreters
other than CPython always use them.

The model's kernels are ``storage``: Tour's int32 buffer base and the text encoder
(``_storage`` compiled, ``_storage_py`` its twin); and ``table``: the neighbour table of a
board that wraps, or a box, as flat int32 CSR (``_table`` / ``_table_py``).
"""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Callable

__all__ = ["CHOSEN", "NO_EXTENSIONS", "implementation", "select", "select_lazily", "storage", "table"]

NO_EXTENSIONS = bool(os.environ.get("KNIGHT_NO_EXTENSIONS")) or sys.implementation.name != "cpython"

#: package -> "cython" or "python", the kernels each package chose (knight.IMPLEMENTATION sums them up).
CHOSEN: dict[str, str] = {}


def select(package: str, names: tuple[str, ...]) -> tuple[ModuleType, ...]:
    """The package's compiled modules ``_name`` for each of names, or else all their twins ``_name_py``."""
    if not NO_EXTENSIONS:
        try:
            modules = tuple(importlib.import_module(f"{package}._{name}") for name in names)
        except ImportError:  # built without a compiler, or one module failed: the twins give the same answers
            pass
        else:
            CHOSEN[package] = "cython"
            return modules
    CHOSEN[package] = "python"
    return tuple(importlib.import_module(f"{package}._{name}_py") for name in names)


#: package -> the loader of its kernels (select_lazily), for the packages that have loaded none yet.
_WAITING: dict[str, Callable[[], None]] = {}


def select_lazily(module: str, names: tuple[str, ...]) -> Callable[[str], ModuleType]:
    """The ``__getattr__`` of the kernels module named module: the first of names asked for
    selects them all at once (select, all or nothing) into that module, so that importing a
    package loads none of its kernels until it runs one (``import knight`` stays quick)."""
    package = module.rpartition(".")[0]

    def load_all() -> None:
        vars(sys.modules[module]).update(zip(names, select(package, names)))
        _WAITING.pop(package, None)

    def attribute(name: str) -> ModuleType:
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        load_all()
        kernel: ModuleType = getattr(sys.modules[module], name)
        return kernel

    _WAITING[package] = load_all
    return attribute


def implementation() -> str:
    """knight.IMPLEMENTATION: "cython" when every package runs its compiled kernels, else
    "python"; the kernels not loaded yet are loaded first, so that the answer is the one they give."""
    for load_all in list(_WAITING.values()):
        load_all()
    return "cython" if set(CHOSEN.values()) == {"cython"} else "python"


if TYPE_CHECKING:  # type checkers see the twins, whose types the stubs of the compiled modules repeat
    from . import _storage_py as storage
    from . import _table_py as table
else:
    storage, table = select(__package__, ("storage", "table"))
