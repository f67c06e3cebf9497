"""A value as an error message shows it: its repr, bounded in length and depth, whatever it holds."""

from __future__ import annotations

import reprlib

__all__ = ["_shown"]


class _Bounded(reprlib.Repr):
    """reprlib's repr, bounded in depth and length for error messages: containers past a few
    levels are "[...]", so a list nested 100,000 deep is shown, not a RecursionError."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel = 4
        self.maxstring = self.maxother = self.maxlong = limit
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = self.maxdeque = 8
        self.maxarray = 8

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:  # str() refuses 4,300 digits
            return f"<an integer of {x.bit_length() * 0.30103:,.0f} digits>"  # about: log10(2) a bit
        return super().repr_int(x, level)

    def repr_instance(self, x: object, level: int) -> str:
        try:
            return super().repr_instance(x, level)
        except RecursionError:  # a container type reprlib does not know, nested deep
            return f"<a {type(x).__name__} nested too deep to print>"


def _shown(value: object, limit: int = 60) -> str:
    """repr(value), cut to about limit characters for an error message: an integer too long
    for repr (sys.get_int_max_str_digits()), alone or inside the value, is described instead,
    and containers nested deeper than a few levels are shown as "[...]"."""
    try:
        text = repr(value) if type(value) is str else _Bounded(limit).repr(value)
    except ValueError:
        return f"<a {type(value).__name__} holding an integer too long to print>"
    except RecursionError:
        return f"<a {type(value).__name__} nested too deep to print>"
    return (
        text if len(text) <= limit else text[: limit - 5] + "...'" if isinstance(value, str) else text[:limit] + "..."
    )
