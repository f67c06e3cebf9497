"""The command's compiled kernel or its twin (see model._kernels.select).

* ``scan``: the judge's lines answered in blocks (``_scan`` / ``_scan_py``).
"""

from typing import TYPE_CHECKING

from ..model import select

__all__ = ["scan"]


if TYPE_CHECKING:  # type checkers see the twin, whose types the stub of the compiled module repeats
    from . import _scan_py as scan
else:
    (scan,) = select(__package__, ("scan",))
