"""The construction's compiled hot loops or their twin (see model._kernels.select): ``kernel``."""

from typing import TYPE_CHECKING

from ..model._kernels import select

__all__ = ["kernel"]


if TYPE_CHECKING:  # type checkers see the twins, whose types the stubs of the compiled modules repeat
    from . import _kernel_py as kernel
else:
    (kernel,) = select(__package__, ("kernel",))
