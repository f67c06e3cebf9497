"""networkx views of the model: a Board as its leaper graph, a Tour as a directed path on it.

networkx is optional (``pip install "knight-tour[networkx]"``) and imported only when asked.
Nodes are square numbers with ``row``, ``col`` (0-based) and ``name`` attributes, so the
graphs line up with everything else in knight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._board import Board
    from ._tour import Tour


def board_graph(board: Board) -> Any:
    """networkx.Graph: a node per square of board, an edge per leap between two of them."""
    networkx = _networkx()
    graph = networkx.Graph(name=board.name, rows=board.rows, cols=board.cols, moves=board.moves)
    _add_squares(graph, board, board)
    lists = board.neighbour_lists()
    graph.add_edges_from(
        (square, target + 1) for square in board for target in lists[square - 1] if target + 1 > square
    )
    return graph


def tour_graph(tour: Tour) -> Any:
    """networkx.DiGraph: the tour's squares, an edge from each to the next (attribute ``move``,
    1 for the first move); a closed tour adds the closing move back to the start (``closing``)."""
    networkx = _networkx()
    board = tour.board
    graph = networkx.DiGraph(name=f"tour of {board.name}", rows=board.rows, cols=board.cols, moves=board.moves)
    _add_squares(graph, board, tour)
    for number, square in enumerate(tour, 1):
        graph.nodes[square]["move"] = number
    graph.add_edges_from((a, b, {"move": k}) for k, (a, b) in enumerate(zip(tour, tour[1:]), 1))
    if tour.is_closed:
        graph.add_edge(tour.end, tour.start, move=len(tour), closing=True)
    return graph


def _add_squares(graph: Any, board: Board, squares: Any) -> None:
    cols = board.cols
    graph.add_nodes_from(
        (square, {"row": (square - 1) // cols, "col": (square - 1) % cols, "name": board.square_name(square)})
        for square in squares
    )


def _networkx() -> Any:
    try:
        import networkx
    except ImportError as error:
        raise ModuleNotFoundError(
            f'to_networkx() needs networkx ({error}): pip install "knight-tour[networkx]"'
        ) from None
    return networkx
