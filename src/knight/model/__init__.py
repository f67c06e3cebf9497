"""The ground floor: what every engine stands on, importing no engine.

* ``_board``: Board, where the piece may stand and how it moves, and the facts every engine
  asks it (colour counts, whether it is the knight's whole rectangle, neighbour lists);
  sizes, squares and leapers parsed;
* ``_topology``: boards that wrap (periodic and twisted axes) and boxes of three or more axes;
* ``_surfaces_theorems``: the published theorems on their closed tours;
* ``_question``: Question, one call's question parsed and checked once (board, start, end,
  closed, fixed moves, budget, deadline);
* ``_refute``: the theorems and the fast rules that prove a question has no tour;
* ``_tour``: Tour, an immutable int32 sequence of squares with its formats;
* ``_text``: the seeds' text formats, streamed;
* ``_validate``: the independent check that squares are a tour;
* ``_errors``: the exceptions; ``_status``: the kernels' status codes (and ``_status.pxd``);
* ``_deadline``: timeout= as a deadline; ``_memory``: memory asked about before large allocations;
* ``_graph``: networkx views of a Board and a Tour;
* ``_storage`` (compiled) / ``_storage_py`` (its twin): Tour's buffer base and the text
  encoder, chosen by ``_kernels``, which also holds the one rule every package selects by.
"""
