"""The exceptions knight raises: one base class, and built-in bases where they fit."""

from contextlib import contextmanager
from typing import Iterator, Mapping, Sequence


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


def worker_error(executor: object, error: BaseException, what: str) -> WorkerError:
    """The error for executor (or one of its workers) failing with error while running what
    ("the walk's work items"), naming the executor; raise it from error. An executor that
    wraps another says which by its attribute wrapped."""
    name = type(getattr(executor, "wrapped", executor)).__name__
    said = " ".join(str(error).split())[:200]
    if type(error).__name__ == "BrokenProcessPool":
        return WorkerError(f"a worker process of the {name} ended abruptly (killed, or out of memory) running {what}")
    if type(error).__name__ == "CancelledError":
        return WorkerError(f"the {name} cancelled {what} before it finished")
    if isinstance(error, RuntimeError) and "shutdown" in said:
        return WorkerError(f"the {name} is shut down: it cannot run {what} ({said})")
    return WorkerError(f"the {name} failed running {what}: {type(error).__name__}{': ' if said else ''}{said}")


@contextmanager
def running_on(executor: object, what: str) -> Iterator[None]:
    """Around submitting work to executor and reading its results: any exception but knight's own
    (and Ctrl-C, SystemExit, which are not Exceptions) becomes worker_error's WorkerError, chained."""
    try:
        yield
    except KnightError:
        raise
    except Exception as error:
        raise worker_error(executor, error, what) from error
