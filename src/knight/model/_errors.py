"""The exceptions knight raises: one base class, and built-in bases where they fit."""

from __future__ import annotations

from contextlib import contextmanager
from functools import wraps
from types import ModuleType
from typing import TYPE_CHECKING, Callable, Generator, Iterable, Sequence, TypeVar

if TYPE_CHECKING:
    from typing_extensions import ParamSpec

    P = ParamSpec("P")
R = TypeVar("R")


class KnightError(Exception):
    """Base class of every error knight raises on purpose.

    Examples
    --------
    >>> import knight
    >>> try:
    ...     knight.tour(3)
    ... except knight.KnightError as error:
    ...     print(type(error).__name__)
    NoTourError
    """


class InvalidInputError(KnightError, ValueError):
    """A value of the right type that names no square, board or option (also a ValueError).

    Examples
    --------
    >>> knight.tour(8, start="z9")
    Traceback (most recent call last):
    ...
    knight.InvalidInputError: square 'z9' is off the 8×8 board
    """


class InvalidTypeError(KnightError, TypeError):
    """A value of a type knight does not accept there, or a misspelt keyword (also a TypeError).

    Examples
    --------
    >>> knight.tour(8, strat=1)
    Traceback (most recent call last):
    ...
    knight.InvalidTypeError: tour() got an unexpected keyword argument 'strat'; did you mean 'start'?
    """


class NotATourError(InvalidInputError):
    """A sequence of squares that is not a knight's tour; the message says why.

    Examples
    --------
    >>> knight.check_tour([1, 2], (1, 2))
    Traceback (most recent call last):
    ...
    knight.NotATourError: move 2: 1 to 2 is not a knight's move
    """


class NoTourError(KnightError):
    """No tour exists for the question asked; the message says why.

    Examples
    --------
    >>> knight.tour(4)
    Traceback (most recent call last):
    ...
    knight.NoTourError: ...
    """


class SearchLimitError(KnightError, RuntimeError):
    """The search used up its node budget (or time) before finding a tour or proving there is none.

    Examples
    --------
    >>> knight.tour((3, 201), start=5, method="backtrack", max_nodes=10)
    Traceback (most recent call last):
    ...
    knight.SearchLimitError: ...
    """


class WorkerError(KnightError, RuntimeError):
    """An executor, or one of its workers, failed or was lost while running knight's work.

    The message names the executor and what failed; the original exception is chained
    (``__cause__``).

    Examples
    --------
    >>> isinstance(knight.WorkerError("worker 1 was lost"), RuntimeError)
    True
    """


class MissingExtraError(KnightError, ModuleNotFoundError):
    """An optional dependency is not installed: the message names what needs it and how to install it.

    The command in the message is quoted (``pip install "knight-tour[png]"``, which zsh reads
    as it is). A ``ModuleNotFoundError`` (so an ``ImportError``) too, as Python's own would be.

    Parameters
    ----------
    message : str
        What needs the module, and the command that installs it.
    extra : str
        The extra of knight-tour that brings the module: "png", "progress" or "networkx".
    name : str or None, default None
        The module that could not be imported (``ImportError.name``).

    Attributes
    ----------
    extra : str
        The extra of knight-tour that brings the module: "png", "progress" or "networkx".
    install : str
        The command that installs it, quoted for any shell.

    Examples
    --------
    >>> error = knight.MissingExtraError(
    ...     'PNG output needs cairocffi: pip install "knight-tour[png]"', "png", "cairocffi"
    ... )
    >>> error.extra, error.name, isinstance(error, ImportError)
    ('png', 'cairocffi', True)
    """

    def __init__(self, message: str, extra: str, name: str | None = None) -> None:
        super().__init__(message, name=name)
        self.extra = extra

    @property
    def install(self) -> str:
        """The command that installs the extra, quoted for any shell.

        Examples
        --------
        >>> print(knight.MissingExtraError("PNG output needs cairocffi", "png", "cairocffi").install)
        pip install "knight-tour[png]"
        """
        return install_command(self.extra)

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), (str(self), self.extra, self.name)


def optional_module(module: str, needs: str, extra: str) -> ModuleType:
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

    Parameters
    ----------
    message : str
        What got stuck, and where.
    path : Sequence[int]
        The squares (1-based numbers) the rule visited before it got stuck (`path`).

    Examples
    --------
    >>> try:
    ...     knight.tour((5, 5), start=2, method="warnsdorff")
    ... except knight.WarnsdorffStuckError as stuck:
    ...     print(len(stuck.path) < 25)
    ... except knight.NoTourError:
    ...     print(True)
    True
    """

    def __init__(self, message: str, path: Sequence[int]) -> None:
        super().__init__(message)
        self._path = path  # the kernel's int32 array: listed only when asked (28 bytes a square)

    @property
    def path(self) -> list[int]:
        """The squares (1-based numbers) the rule visited before it got stuck.

        Examples
        --------
        >>> knight.WarnsdorffStuckError("stuck", [1, 12]).path
        [1, 12]
        """
        path = self._path
        if not isinstance(path, list):
            path = self._path = list(path)
        return path


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


def unexpected_options(call: str, options: Iterable[str], known: Sequence[str] = ()) -> InvalidTypeError:
    """The error for keyword arguments a public call does not take, naming them and the closest
    known keyword of each ("did you mean 'start'?"; for leaper=, moves=)."""
    from difflib import get_close_matches  # on the error path only: not at import knight

    unknown = list(options)
    meant: dict[str, str] = {}
    for name in unknown:
        close = ["moves"] if name == "leaper" and "moves" in known else get_close_matches(name, known, n=1)
        if close:
            meant[name] = close[0]
    message = (
        f"{call}() got an unexpected keyword argument{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}"
    )
    if len(unknown) == 1 and meant:
        message += f"; did you mean {meant[unknown[0]]!r}?"
    elif meant:
        message += "; did you mean " + ", ".join(f"{right!r} for {wrong!r}" for wrong, right in meant.items()) + "?"
    if "leaper" in unknown:
        message += " (the piece's leap is moves=(a, b), such as moves=(1, 3) for the camel)"
    return InvalidTypeError(message)


def checked_keywords(call: Callable[P, R]) -> Callable[P, R]:
    """The public function (or __init__) call, whose misspelt keyword raises InvalidTypeError
    naming the keywords it meant (see unexpected_options) rather than Python's bare TypeError.

    call keeps its spelt-out signature (help(), type checkers); the names are looked at only
    when Python refused the call's arguments, so a call that binds pays one frame, nothing more.
    """
    code = call.__code__
    known = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    shown = call.__qualname__.split(".")[0] if call.__name__ == "__init__" else call.__name__

    @wraps(call)
    def checked(*args: P.args, **options: P.kwargs) -> R:
        try:
            return call(*args, **options)
        except TypeError as error:
            traceback = error.__traceback__
            if traceback is not None and traceback.tb_next is None:  # raised binding the arguments
                unknown = [name for name in options if name not in known]
                if unknown:
                    raise unexpected_options(shown, unknown, known) from None
            raise

    return checked


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
def running_on(executor: object, what: str) -> Generator[None, None, None]:
    """Around submitting work to executor and reading its results: any exception but knight's own
    (and Ctrl-C, SystemExit, which are not Exceptions) becomes worker_error's WorkerError, chained."""
    try:
        yield
    except KnightError:
        raise
    except Exception as error:
        raise worker_error(executor, error, what) from error
