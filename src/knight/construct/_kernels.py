"""The construction's compiled hot loops or their twin (see model._kernels.select): ``kernel``."""

from ..model._kernels import select

(kernel,) = select(__package__, ("kernel",))
