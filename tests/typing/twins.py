"""The pure-Python twins against the stubs of their compiled modules (mypy; made by
tests/test_typing.py's twins_text(), which fails when this file is stale).

Type checkers see the twins (each package's _kernels imports them under TYPE_CHECKING) while the
compiled modules run: each name is assigned the twin's and then the stub's, and the other way round,
so that mypy fails when either type does not fit where the other is expected.
"""

# ruff: noqa: F841

import knight.cli._scan as _scan
import knight.cli._scan_py as _scan_py
import knight.construct._kernel as _kernel
import knight.construct._kernel_py as _kernel_py
import knight.count._draw as _draw
import knight.count._draw_py as _draw_py
import knight.count._engine as _engine
import knight.count._engine_py as _engine_py
import knight.count._frontier as _frontier
import knight.count._frontier_py as _frontier_py
import knight.count._joiner as _joiner
import knight.count._joiner_py as _joiner_py
import knight.count._shards as _shards
import knight.count._shards_py as _shards_py
import knight.count._walker as _walker
import knight.count._walker_py as _walker_py
import knight.model._storage as _storage
import knight.model._storage_py as _storage_py
import knight.model._table as _table
import knight.model._table_py as _table_py
import knight.search._core as _core
import knight.search._core_py as _core_py
import knight.search._fill as _fill
import knight.search._fill_py as _fill_py
import knight.search._forward as _forward
import knight.search._forward_py as _forward_py
import knight.search._magic as _magic
import knight.search._magic_py as _magic_py
import knight.search._quartes_core as _quartes_core
import knight.search._quartes_core_py as _quartes_core_py
import knight.search._walk as _walk
import knight.search._walk_py as _walk_py


def _cli_scan() -> None:
    stub_NEED_INPUT = _scan.NEED_INPUT
    stub_NEED_INPUT = _scan_py.NEED_INPUT
    stub_OUT_FULL = _scan.OUT_FULL
    stub_OUT_FULL = _scan_py.OUT_FULL
    stub_ASK = _scan.ASK
    stub_ASK = _scan_py.ASK
    twin_scan = _scan_py.scan
    twin_scan = _scan.scan
    stub_scan = _scan.scan
    stub_scan = _scan_py.scan


def _construct_kernel() -> None:
    twin_build = _kernel_py.build
    twin_build = _kernel.build
    stub_build = _kernel.build
    stub_build = _kernel_py.build
    twin_repeat_shifted = _kernel_py.repeat_shifted
    twin_repeat_shifted = _kernel.repeat_shifted
    stub_repeat_shifted = _kernel.repeat_shifted
    stub_repeat_shifted = _kernel_py.repeat_shifted


def _count_draw() -> None:
    stub_KNIGHT_STEPS = _draw.KNIGHT_STEPS
    stub_KNIGHT_STEPS = _draw_py.KNIGHT_STEPS
    twin_sample = _draw_py.sample
    twin_sample = _draw.sample
    stub_sample = _draw.sample
    stub_sample = _draw_py.sample


def _count_engine() -> None:
    stub_KNIGHT_STEPS = _engine.KNIGHT_STEPS
    stub_KNIGHT_STEPS = _engine_py.KNIGHT_STEPS
    twin_count = _engine_py.count
    twin_count = _engine.count
    stub_count = _engine.count
    stub_count = _engine_py.count
    twin_count_stats = _engine_py.count_stats
    twin_count_stats = _engine.count_stats
    stub_count_stats = _engine.count_stats
    stub_count_stats = _engine_py.count_stats
    twin_layer = _engine_py.layer
    twin_layer = _engine.layer
    stub_layer = _engine.layer
    stub_layer = _engine_py.layer
    twin_each_layer = _engine_py.each_layer
    twin_each_layer = _engine.each_layer
    stub_each_layer = _engine.each_layer
    stub_each_layer = _engine_py.each_layer


def _count_frontier() -> None:
    stub_KNIGHT_STEPS = _frontier.KNIGHT_STEPS
    stub_KNIGHT_STEPS = _frontier_py.KNIGHT_STEPS
    twin_count = _frontier_py.count
    twin_count = _frontier.count
    stub_count = _frontier.count
    stub_count = _frontier_py.count
    twin_count_stats = _frontier_py.count_stats
    twin_count_stats = _frontier.count_stats
    stub_count_stats = _frontier.count_stats
    stub_count_stats = _frontier_py.count_stats
    twin_each_layer = _frontier_py.each_layer
    twin_each_layer = _frontier.each_layer
    stub_each_layer = _frontier.each_layer
    stub_each_layer = _frontier_py.each_layer
    twin_layer = _frontier_py.layer
    twin_layer = _frontier.layer
    stub_layer = _frontier.layer
    stub_layer = _frontier_py.layer
    twin_join = _frontier_py.join
    twin_join = _frontier.join
    stub_join = _frontier.join
    stub_join = _frontier_py.join
    twin_check_piece = _frontier_py.check_piece
    twin_check_piece = _frontier.check_piece
    stub_check_piece = _frontier.check_piece
    stub_check_piece = _frontier_py.check_piece
    twin_shard_round = _frontier_py.shard_round
    twin_shard_round = _frontier.shard_round
    stub_shard_round = _frontier.shard_round
    stub_shard_round = _frontier_py.shard_round


def _count_joiner() -> None:
    twin_join = _joiner_py.join
    twin_join = _joiner.join
    stub_join = _joiner.join
    stub_join = _joiner_py.join


def _count_shards() -> None:
    twin_shard_round = _shards_py.shard_round
    twin_shard_round = _shards.shard_round
    stub_shard_round = _shards.shard_round
    stub_shard_round = _shards_py.shard_round
    twin_check_piece = _shards_py.check_piece
    twin_check_piece = _shards.check_piece
    stub_check_piece = _shards.check_piece
    stub_check_piece = _shards_py.check_piece


def _count_walker(walker: _walker.Walker, walker_py: _walker_py.Walker) -> None:
    stub_FOUND = _walker.FOUND
    stub_FOUND = _walker_py.FOUND
    stub_EXHAUSTED = _walker.EXHAUSTED
    stub_EXHAUSTED = _walker_py.EXHAUSTED
    stub_LIMIT = _walker.LIMIT
    stub_LIMIT = _walker_py.LIMIT
    stub_CHUNK = _walker.CHUNK
    stub_CHUNK = _walker_py.CHUNK
    stub_CELL_BYTES = _walker.CELL_BYTES
    stub_CELL_BYTES = _walker_py.CELL_BYTES
    stub_CONNECTED_LIMIT = _walker.CONNECTED_LIMIT
    stub_CONNECTED_LIMIT = _walker_py.CONNECTED_LIMIT
    twin_Walker_next = walker_py.next
    twin_Walker_next = walker.next
    stub_Walker_next = walker.next
    stub_Walker_next = walker_py.next
    twin_Walker_count = walker_py.count
    twin_Walker_count = walker.count
    stub_Walker_count = walker.count
    stub_Walker_count = walker_py.count


def _model_storage(squarebuffer: _storage.SquareBuffer, squarebuffer_py: _storage_py.SquareBuffer) -> None:
    twin_move_numbers = _storage_py.move_numbers
    twin_move_numbers = _storage.move_numbers
    stub_move_numbers = _storage.move_numbers
    stub_move_numbers = _storage_py.move_numbers
    twin_encode = _storage_py.encode
    twin_encode = _storage.encode
    stub_encode = _storage.encode
    stub_encode = _storage_py.encode


def _model_table() -> None:
    twin_landing = _table_py.landing
    twin_landing = _table.landing
    stub_landing = _table.landing
    stub_landing = _table_py.landing
    twin_table = _table_py.table
    twin_table = _table.table
    stub_table = _table.table
    stub_table = _table_py.table


def _search_core(tracer: _core.Tracer, tracer_py: _core_py.Tracer) -> None:
    stub_KNIGHT_MOVES = _core.KNIGHT_MOVES
    stub_KNIGHT_MOVES = _core_py.KNIGHT_MOVES
    stub_FOUND = _core.FOUND
    stub_FOUND = _core_py.FOUND
    stub_EXHAUSTED = _core.EXHAUSTED
    stub_EXHAUSTED = _core_py.EXHAUSTED
    stub_LIMIT = _core.LIMIT
    stub_LIMIT = _core_py.LIMIT
    stub_FILL_LIMIT = _core.FILL_LIMIT
    stub_FILL_LIMIT = _core_py.FILL_LIMIT
    stub_CHECK_EVERY = _core.CHECK_EVERY
    stub_CHECK_EVERY = _core_py.CHECK_EVERY
    stub_QUICK_SIZES = _core.QUICK_SIZES
    stub_QUICK_SIZES = _core_py.QUICK_SIZES
    stub_PAUSED = _core.PAUSED
    stub_PAUSED = _core_py.PAUSED
    stub_PLACED = _core.PLACED
    stub_PLACED = _core_py.PLACED
    stub_TAKEN_BACK = _core.TAKEN_BACK
    stub_TAKEN_BACK = _core_py.TAKEN_BACK
    stub_CHOICE = _core.CHOICE
    stub_CHOICE = _core_py.CHOICE
    stub_RESTART = _core.RESTART
    stub_RESTART = _core_py.RESTART
    twin_search = _core_py.search
    twin_search = _core.search
    stub_search = _core.search
    stub_search = _core_py.search
    twin_graph_path = _core_py.graph_path
    twin_graph_path = _core.graph_path
    stub_graph_path = _core.graph_path
    stub_graph_path = _core_py.graph_path
    twin_quick_tour = _core_py.quick_tour
    twin_quick_tour = _core.quick_tour
    stub_quick_tour = _core.quick_tour
    stub_quick_tour = _core_py.quick_tour
    twin_door = _core_py.door
    twin_door = _core.door
    stub_door = _core.door
    stub_door = _core_py.door
    twin_Tracer_squares = tracer_py.squares
    twin_Tracer_squares = tracer.squares
    stub_Tracer_squares = tracer.squares
    stub_Tracer_squares = tracer_py.squares
    twin_Tracer_nodes = tracer_py.nodes
    twin_Tracer_nodes = tracer.nodes
    stub_Tracer_nodes = tracer.nodes
    stub_Tracer_nodes = tracer_py.nodes
    twin_Tracer_run = tracer_py.run
    twin_Tracer_run = tracer.run
    stub_Tracer_run = tracer.run
    stub_Tracer_run = tracer_py.run


def _search_fill() -> None:
    stub_FOUND = _fill.FOUND
    stub_FOUND = _fill_py.FOUND
    stub_EXHAUSTED = _fill.EXHAUSTED
    stub_EXHAUSTED = _fill_py.EXHAUSTED
    stub_LIMIT = _fill.LIMIT
    stub_LIMIT = _fill_py.LIMIT
    stub_DEADLINE_EVERY = _fill.DEADLINE_EVERY
    stub_DEADLINE_EVERY = _fill_py.DEADLINE_EVERY
    stub_RESTART_NODES = _fill.RESTART_NODES
    stub_RESTART_NODES = _fill_py.RESTART_NODES
    twin_fill = _fill_py.fill
    twin_fill = _fill.fill
    stub_fill = _fill.fill
    stub_fill = _fill_py.fill


def _search_forward() -> None:
    stub_FOUND = _forward.FOUND
    stub_FOUND = _forward_py.FOUND
    stub_EXHAUSTED = _forward.EXHAUSTED
    stub_EXHAUSTED = _forward_py.EXHAUSTED
    stub_LIMIT = _forward.LIMIT
    stub_LIMIT = _forward_py.LIMIT
    stub_MAX_MOVES = _forward.MAX_MOVES
    stub_MAX_MOVES = _forward_py.MAX_MOVES
    stub_MAX_WIDTH = _forward.MAX_WIDTH
    stub_MAX_WIDTH = _forward_py.MAX_WIDTH
    stub_DEADLINE_EVERY = _forward.DEADLINE_EVERY
    stub_DEADLINE_EVERY = _forward_py.DEADLINE_EVERY
    stub_NEAR = _forward.NEAR
    stub_NEAR = _forward_py.NEAR
    twin_search = _forward_py.search
    twin_search = _forward.search
    stub_search = _forward.search
    stub_search = _forward_py.search


def _search_magic() -> None:
    stub_FOUND = _magic.FOUND
    stub_FOUND = _magic_py.FOUND
    stub_EXHAUSTED = _magic.EXHAUSTED
    stub_EXHAUSTED = _magic_py.EXHAUSTED
    stub_LIMIT = _magic.LIMIT
    stub_LIMIT = _magic_py.LIMIT
    stub_LINES = _magic.LINES
    stub_LINES = _magic_py.LINES
    stub_DEADLINE_EVERY = _magic.DEADLINE_EVERY
    stub_DEADLINE_EVERY = _magic_py.DEADLINE_EVERY
    twin_reach = _magic_py.reach
    twin_reach = _magic.reach
    stub_reach = _magic.reach
    stub_reach = _magic_py.reach
    twin_search = _magic_py.search
    twin_search = _magic.search
    stub_search = _magic.search
    stub_search = _magic_py.search


def _search_quartes_core() -> None:
    stub_FOUND = _quartes_core.FOUND
    stub_FOUND = _quartes_core_py.FOUND
    stub_EXHAUSTED = _quartes_core.EXHAUSTED
    stub_EXHAUSTED = _quartes_core_py.EXHAUSTED
    stub_LIMIT = _quartes_core.LIMIT
    stub_LIMIT = _quartes_core_py.LIMIT
    stub_PATHS = _quartes_core.PATHS
    stub_PATHS = _quartes_core_py.PATHS
    stub_PATH_FIELDS = _quartes_core.PATH_FIELDS
    stub_PATH_FIELDS = _quartes_core_py.PATH_FIELDS
    stub_WAYS = _quartes_core.WAYS
    stub_WAYS = _quartes_core_py.WAYS
    stub_DEADLINE_EVERY = _quartes_core.DEADLINE_EVERY
    stub_DEADLINE_EVERY = _quartes_core_py.DEADLINE_EVERY
    twin_search = _quartes_core_py.search
    twin_search = _quartes_core.search
    stub_search = _quartes_core.search
    stub_search = _quartes_core_py.search


def _search_walk() -> None:
    stub_FOUND = _walk.FOUND
    stub_FOUND = _walk_py.FOUND
    stub_EXHAUSTED = _walk.EXHAUSTED
    stub_EXHAUSTED = _walk_py.EXHAUSTED
    stub_LIMIT = _walk.LIMIT
    stub_LIMIT = _walk_py.LIMIT
    stub_CHECK_EVERY = _walk.CHECK_EVERY
    stub_CHECK_EVERY = _walk_py.CHECK_EVERY
    stub_CHECK_WORK = _walk.CHECK_WORK
    stub_CHECK_WORK = _walk_py.CHECK_WORK
    stub_ROTATIONS_PER_SQUARE = _walk.ROTATIONS_PER_SQUARE
    stub_ROTATIONS_PER_SQUARE = _walk_py.ROTATIONS_PER_SQUARE
    twin_warnsdorff = _walk_py.warnsdorff
    twin_warnsdorff = _walk.warnsdorff
    stub_warnsdorff = _walk.warnsdorff
    stub_warnsdorff = _walk_py.warnsdorff
    twin_random_walk = _walk_py.random_walk
    twin_random_walk = _walk.random_walk
    stub_random_walk = _walk.random_walk
    stub_random_walk = _walk_py.random_walk
    twin_closed_walk = _walk_py.closed_walk
    twin_closed_walk = _walk.closed_walk
    stub_closed_walk = _walk.closed_walk
    stub_closed_walk = _walk_py.closed_walk
    twin_warnsdorff_trace = _walk_py.warnsdorff_trace
    twin_warnsdorff_trace = _walk.warnsdorff_trace
    stub_warnsdorff_trace = _walk.warnsdorff_trace
    stub_warnsdorff_trace = _walk_py.warnsdorff_trace
