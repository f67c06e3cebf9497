from ._engine import KNIGHT_STEPS as KNIGHT_STEPS
from ._engine import count as count
from ._engine import count_stats as count_stats
from ._engine import each_layer as each_layer
from ._engine import layer as layer
from ._joiner import join as join
from ._shards import check_piece as check_piece
from ._shards import shard_round as shard_round
