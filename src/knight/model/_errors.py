"""The exceptions knight raises: one base class, and built-in bases where they fit."""

from __future__ import annotations

from typing import Mapping, Sequence


class KnightError(Exception):
    """Base class of every error knight raises on purpose."""


class InvalidInputError(KnightError, ValueError):
    """A value of the right type that names no square, board or option."""


class InvalidTypeError(KnightError, TypeError):
    """A value of a type knight does not accept there."""


class NotATourError(InvalidInputError):
    """A sequence of squares that is not a knight's tour; the message says why."""


class NoTourError(KnightError):
    """No tour exists for the question asked; the message says why."""


class SearchLimitError(KnightError, RuntimeError):
    """The search used up its node budget before finding a tour or proving there is none."""


class WorkerError(KnightError, RuntimeError):
    """An executor, or one of its workers, failed or was lost while running knight's work.

    The message names the executor and what failed; the original exception is chained
    (``__cause__``).
    """


class MissingExtraError(KnightError, ModuleNotFoundError):
    """An optional dependency is not installed: the message names what needs it and the quoted
    command that installs it (``pip install "knight-tour[png]"``, which zsh reads as it is).

    A ``ModuleNotFoundError`` (so an ``ImportError``) too, as Python's own would be.

    Attributes
    ----------
    extra : str
        The extra of knight-tour that brings the module: "png", "progress" or "networkx".
    install : str
        The command that installs it, quoted for any shell.
    """

    def __init__(self, message: str, extra: str, name: str | None = None) -> None:
        super().__init__(message, name=name)
        self.extra = extra

    @property
    def install(self) -> str:
        """The command that installs the extra, quoted for any shell."""
        return install_command(self.extra)

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), (str(self), self.extra, self.name)


def optional_module(module: str, needs: str, extra: str) -> object:
    """The optional module module, imported; MissingExtraError naming needs (what asked for
    it, as "PNG output") and the extra that installs it when it cannot be imported (cairocffi
    raises OSError when its C library is missing: that too)."""
    import importlib

    try:
        return importlib.import_module(module)
    except (ImportError, OSError) as error:
        found = "" if isinstance(error, ModuleNotFoundError) and error.name == module else f" ({error})"
        raise MissingExtraError(f"{needs} needs {module}{found}: {install_command(extra)}", extra, module) from None


def install_command(extra: str) -> str:
    """The command that installs knight-tour's extra, quoted so that every shell reads it as it is."""
    return f'pip install "knight-tour[{extra}]"'


class WarnsdorffStuckError(SearchLimitError):
    """Warnsdorff's rule alone (method="warnsdorff") got stuck: not a proof that no tour exists.

    .path holds the squares (1-based numbers) the rule visited before it got stuck.
    """

    def __init__(self, message: str, path: Sequence[int]) -> None:
        super().__init__(message)
        self._path = path  # the kernel's int32 array: listed only when asked (28 bytes a square)

    @property
    def path(self) -> list[int]:
        """The squares (1-based numbers) the rule visited before it got stuck."""
        if type(self._path) is not list:
            self._path = list(self._path)
        return self._path  # type: ignore[return-value]


# Public as knight.NoTourError and so on: tracebacks and reprs name them where users import them.
for _error in (
    KnightError,
    InvalidInputError,
    InvalidTypeError,
    MissingExtraError,
    NotATourError,
    NoTourError,
    SearchLimitError,
    WarnsdorffStuckError,
    WorkerError,
):
    _error.__module__ = "knight"
del _error


def unexpected_options(call: str, options: Mapping[str, object]) -> InvalidTypeError:
    """The error for keyword arguments a public call does not take, naming them (and, for
    leaper=, the name it goes by)."""
    names = ", ".join(map(repr, options))
    hint = " (the piece's leap is moves=(a, b), such as moves=(1, 3) for the camel)" if "leaper" in options else ""
    return InvalidTypeError(f"{call}() got an unexpected keyword argument {names}{hint}")
