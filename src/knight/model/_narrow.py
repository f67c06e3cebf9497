"""What the run-time checks of the public calls prove, as type guards: a value that passed
isinstance(value, (tuple, list)) is a sequence of objects (not of unknowns, as a bare
isinstance leaves it to a type checker), each to be checked in turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Mapping, Tuple, Union

if TYPE_CHECKING:
    from typing_extensions import TypeGuard


def is_sequence(value: object) -> TypeGuard[Union[Tuple[object, ...], List[object]]]:
    """Whether value is a tuple or a list (the forms a pair, a size or a value per axis take)."""
    return isinstance(value, (tuple, list))


def is_tuple(value: object) -> TypeGuard[Tuple[object, ...]]:
    """Whether value is a tuple (a pickled board's parts)."""
    return isinstance(value, tuple)


def is_mapping(value: object) -> TypeGuard[Mapping[object, object]]:
    """Whether value is a mapping (a puzzle's givens)."""
    return isinstance(value, Mapping)
