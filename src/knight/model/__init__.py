"""The ground floor: what every engine stands on, importing no engine.

* ``_board``: Board, where the piece may stand and how it moves, and the facts every engine
  asks it (colour counts, whether it is the knight's whole rectangle, neighbour lists);
  sizes, squares and leapers parsed; its networkx view;
* ``_topology``: boards that wrap (periodic and twisted axes) and boxes of three or more axes;
* ``_surfaces_theorems``: the published theorems on their closed tours;
* ``_question``: Question, one call's question parsed and checked once (board, start, end,
  closed, fixed moves, budget, deadline);
* ``_refute``: the theorems and the fast rules that prove a question has no tour;
* ``_tour``: Tour, an immutable int32 sequence of squares with its formats and networkx view;
* ``_text``: every text format of a tour, written once, streamed;
* ``_validate``: the independent check that squares are a tour;
* ``_errors``: the exceptions, and the one door to an optional dependency; ``_status``: the
  kernels' status codes (and ``_status.pxd``);
* ``_deadline``: timeout= as a deadline; ``_memory``: memory asked about before large allocations;
* ``_storage`` (compiled) / ``_storage_py`` (its twin): Tour's buffer base and the text
  encoder, chosen by ``_kernels``, which also holds the one rule every package selects by.

The floors above the entry points, ``draw`` and ``cli``, use the public API (``knight``'s
names) and, from here, only the names below: the argument checks and names every public
call shares, so that a picture's options are refused as ``knight.tour``'s are. An
import-linter contract (pyproject.toml) keeps them out of the private modules.
"""

from ._board import KNIGHT, as_board, board_name, boolean, file_name, integer, parse_size
from ._board import _shown as shown
from ._errors import checked_keywords, optional_module, unexpected_options
from ._kernels import select
from ._narrow import is_mapping, is_sequence
from ._text import move_numbers
from ._topology import is_box_text, parse_topology

__all__ = [
    "KNIGHT",
    "as_board",
    "board_name",
    "boolean",
    "checked_keywords",
    "file_name",
    "integer",
    "is_box_text",
    "is_mapping",
    "is_sequence",
    "move_numbers",
    "optional_module",
    "parse_size",
    "parse_topology",
    "select",
    "shown",
    "unexpected_options",
]
