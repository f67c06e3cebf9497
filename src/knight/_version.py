"""The one place knight's version is written: the package, the distribution's metadata
(setuptools reads this file without importing knight) and ``knight --version`` all read it."""

__version__ = "0.1.0"
