"""How much memory a call may still take, asked before a large allocation, not after it fails.

A tour is one int32 a square (TOUR_BYTES_PER_SQUARE); the engines say what else they need.
``check_memory`` refuses a job that cannot fit with an InvalidInputError naming the sizes;
``out_of_memory`` is the same error for an allocation refused all the same (the probe cannot
see every limit), and ``allocating`` does both around a job: one error, whichever finds it.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Generator

from ._errors import InvalidInputError

#: Bytes a tour takes per square: the squares, in int32.
TOUR_BYTES_PER_SQUARE = 4

#: Jobs smaller than this are not worth reading /proc/meminfo for.
_SMALL = 1 << 28


def available_memory() -> int | None:
    """Bytes of memory available to allocate, or None if unknown: the system's (MemAvailable,
    else physical), but no more than the process may still map under its limit (RLIMIT_AS)."""
    known = [size for size in (_system_memory(), _address_space_left()) if size is not None]
    return min(known) if known else None


def _system_memory() -> int | None:
    try:
        with open("/proc/meminfo") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def _address_space_left() -> int | None:
    """Bytes the process may still map under RLIMIT_AS (resource is POSIX only), or None."""
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_AS)[0]
    except (ImportError, AttributeError, OSError, ValueError):
        return None
    if limit == resource.RLIM_INFINITY or limit < 0:
        return None
    return max(limit - (_statm(0) or 0), 0)


def resident_memory() -> int | None:
    """Bytes of this process resident in memory now (Linux's /proc/self/statm), or None if unknown."""
    return _statm(1)


def peak_resident_memory() -> int | None:
    """The most bytes this process has had resident in memory (getrusage's ru_maxrss: kilobytes on Linux,
    bytes on macOS), or None if unknown (resource is POSIX only)."""
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    except (ImportError, AttributeError, OSError, ValueError):
        return None
    return peak if sys.platform == "darwin" else peak * 1024


def _statm(field: int) -> int | None:
    """A field of /proc/self/statm (0: the size mapped, 1: resident) in bytes, or None if unknown."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[field]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def check_memory(needed: int, what: str) -> None:
    """Raise InvalidInputError before allocating needed bytes for what ("the tour of 8×8") when they cannot fit."""
    if needed < _SMALL:
        return
    available = available_memory()
    if available is not None and needed > available:
        raise InvalidInputError(
            f"{what} needs {needed / 2**30:.1f} GiB ({needed:,} bytes), "
            f"more than the {available / 2**30:.1f} GiB of memory available"
        )


def out_of_memory(needed: int, what: str, error: object = "") -> InvalidInputError:
    """The error for a job of about needed bytes (0: not known up front) for what whose allocation
    was refused (the MemoryError error), saying how much it needed."""
    size = f": it needs about {needed:,} bytes ({needed / 2**30:.1f} GiB)" if needed else ""
    refused = f"an allocation was refused ({error})" if str(error) else "an allocation was refused"
    return InvalidInputError(f"no memory for {what}{size}, and {refused}")


@contextmanager
def allocating(needed: int, what: str) -> Generator[None, None, None]:
    """Around a job needing about needed bytes for what ("the search of 8×8"; 0: not known up
    front): refused up front when it cannot fit, and a MemoryError inside it turned into the
    same InvalidInputError."""
    check_memory(needed, what)
    try:
        yield
    except MemoryError as error:
        raise out_of_memory(needed, what, error) from None
