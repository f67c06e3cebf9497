"""Open tours of boards four squares wide, found half by half (knight.search._narrow), and the
search core's Hamiltonian paths of graphs given as flat arrays (graph_path), which find the halves."""

import random
from array import array
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import knight
import knight.search._kernels
from knight.model._board import KNIGHT_MOVES, neighbour_lists
from knight.model._status import EXHAUSTED, FOUND, LIMIT
from knight.search._narrow import _flat, four_wide

from validator import assert_tour


@pytest.mark.parametrize("rows, cols", [(4, 3), (3, 4), (4, 9), (10, 4), (4, 24)])
def test_tours_have_the_two_halves(core, rows, cols):
    """The first half of each tour is the start colour's outer squares and the other colour's middle ones."""
    length = cols if rows == 4 else rows
    for start in range(1, rows * cols + 1):
        row, col = divmod(start - 1, cols)
        if (row if rows == 4 else col) in (1, 2):
            continue
        found = knight.tour((rows, cols), start)
        assert_tour(found, rows, cols)
        for move, square in enumerate(found):
            r, c = divmod(square - 1, cols)
            outer = (r if rows == 4 else c) in (0, 3)
            same_colour = (r + c) % 2 == (row + col) % 2
            assert (outer == same_colour) == (move < 2 * length)


def test_four_by_four_is_exhausted_half_by_half(core):
    for start in (0, 1, 2, 3, 12, 13, 14, 15):
        status, nodes, squares = four_wide(4, 4, start, 10**6, KNIGHT_MOVES)
        assert (status, squares) == (EXHAUSTED, None)


def test_budget_is_respected(core):
    status, nodes, squares = four_wide(4, 20, 9, 50, KNIGHT_MOVES)
    assert status == LIMIT and squares is None and nodes <= 50
    assert four_wide(4, 20, 9, 10**6, KNIGHT_MOVES)[0] == FOUND
    with pytest.raises(knight.SearchLimitError, match="max_nodes=50 "):
        knight.tour((4, 20), 10, max_nodes=50, method="backtrack")


def test_the_cores_find_the_same_four_wide_tours(both_cores, monkeypatch):
    """four_wide through either core's graph_path: the same status, nodes and tour."""
    for cols in (5, 8, 13, 30, 61):
        for start in (0, 1, cols // 2, cols - 1, 3 * cols, 4 * cols - 2):
            answers = []
            for module in both_cores:
                monkeypatch.setattr(knight.search._kernels, "core", module)
                status, nodes, squares = four_wide(4, cols, start, 10**6, KNIGHT_MOVES)
                answers.append((status, nodes, squares and list(squares)))
            assert answers[0] == answers[1]


# -- graph_path: the search core on any graph given as flat arrays ----------------------------


def is_hamiltonian_path(graph, start, path):
    return (
        path[0] == start
        and sorted(path) == list(range(len(graph)))
        and all(b in graph[a] for a, b in zip(path, path[1:]))
    )


def has_hamiltonian_path(graph, start):
    """An exhaustive check written here, sharing no code with knight: memoised over bitmasks."""
    full = (1 << len(graph)) - 1
    seen_states = set()

    def extend(seen, last):
        if seen == full:
            return True
        if (seen, last) in seen_states:
            return False
        seen_states.add((seen, last))
        return any(extend(seen | 1 << nxt, nxt) for nxt in graph[last] if not seen >> nxt & 1)

    return extend(1 << start, start)


def random_graph(rng, n, degree, hidden):
    """An undirected graph on n vertices, of about degree edges a vertex, each edge listed from
    both ends in a shuffled order; with a Hamiltonian path hidden in it when hidden is set."""
    graph = [set() for _ in range(n)]
    if hidden:
        order = rng.sample(range(n), n)
        for a, b in zip(order, order[1:]):
            graph[a].add(b)
            graph[b].add(a)
    for a, b in combinations(range(n), 2):
        if rng.random() < degree / n:
            graph[a].add(b)
            graph[b].add(a)
    return [rng.sample(sorted(row), len(row)) for row in graph]


def test_graph_path_on_knight_graphs(core):
    """On a board's knight graph, graph_path is the search core's first round with no tie-break
    (ties in move order): a tour, or a proof there is none."""
    for rows, cols in ((3, 4), (4, 5), (5, 5), (3, 7), (6, 6)):
        graph = neighbour_lists(rows, cols, KNIGHT_MOVES)
        for start in range(rows * cols):
            status, nodes, path = core.graph_path(*_flat(graph), start, 10**6)
            if status == FOUND:
                assert is_hamiltonian_path(graph, start, list(path))
            else:
                assert status == EXHAUSTED and path is None
                if rows * cols <= 20:
                    assert not has_hamiltonian_path(graph, start)


def test_graph_path_single_vertex_and_budget(core):
    assert core.graph_path(array("i", [0, 0]), array("i"), 0, 10)[0::2] == (FOUND, array("i", [0]))
    graph = neighbour_lists(5, 5, KNIGHT_MOVES)
    status, nodes, path = core.graph_path(*_flat(graph), 1, 100)  # b5 of 5×5 has no tour
    assert (status, nodes, path) == (LIMIT, 100, None)
    assert core.graph_path(*_flat(graph), 1, 10**6)[0] == EXHAUSTED
    assert core.graph_path(*_flat(graph), 0, 10**6, 0.0)[0] == FOUND  # found before the first look at the clock


@pytest.mark.parametrize(
    "offsets, targets, start, words",
    [
        ([0], [], 0, "offsets must hold n \\+ 1 entries"),
        ([1, 1], [0], 0, "offsets must go from 0 up to len\\(targets\\) = 1"),
        ([0, 2, 1], [1], 0, "offsets must go from 0 up to len\\(targets\\) = 1"),
        ([0, 1, 1], [1, 0], 0, "offsets must go from 0 up to len\\(targets\\) = 2"),
        ([0, 1, 2], [1, 2], 0, "targets\\[1\\] is 2, not a vertex \\(0 to 1\\)"),
        ([0, 1, 2], [1, -1], 0, "targets\\[1\\] is -1, not a vertex"),
        ([0, 1, 2], [1, 0], 2, "start 2 is not a vertex \\(0 to 1\\)"),
        ([0, 1, 2], [1, 0], -1, "start -1 is not a vertex"),
    ],
)
def test_graph_path_checks_its_arguments(core, offsets, targets, start, words):
    with pytest.raises(ValueError, match=words):
        core.graph_path(array("i", offsets), array("i", targets), start, 100)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(1, 150),
    degree=st.floats(0.5, 6),
    hidden=st.booleans(),
    seed=st.integers(0, 2**32),
    budget=st.integers(1, 30_000),
)
def test_graph_path_cores_agree(both_cores, n, degree, hidden, seed, budget):
    """The compiled graph_path and its twin: the same status, nodes and path on random graphs
    (more and fewer vertices than the flood fill's limit, found, exhausted and stopped; the
    four-wide test above has the pockets the fill finds on long graphs)."""
    rng = random.Random(seed)
    graph = random_graph(rng, n, degree, hidden)
    start = rng.randrange(n)
    flat = _flat(graph)
    answers = [module.graph_path(*flat, start, budget) for module in both_cores]
    assert answers[0] == answers[1]
    status, nodes, path = answers[0]
    assert nodes <= max(budget, 1)
    if status == FOUND:
        assert is_hamiltonian_path(graph, start, list(path))
    elif status == EXHAUSTED and n <= 16:
        assert not has_hamiltonian_path(graph, start)
