"""The construction's compiled hot loops or their twin, loaded on first use
(see model._kernels.select_lazily): ``kernel``."""

from typing import TYPE_CHECKING

from ..model._kernels import select_lazily

__all__ = ["kernel"]


if TYPE_CHECKING:  # type checkers see the twins, whose types the stubs of the compiled modules repeat
    from . import _kernel_py as kernel
else:
    __getattr__ = select_lazily(__name__, ("kernel",))  # loaded on first use
