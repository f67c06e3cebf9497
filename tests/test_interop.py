"""knight with the rest of the ecosystem: networkx graphs, notebook pictures, numpy without copies."""

import base64
import re
import struct
import sys
import zlib

import pytest

import knight
from knight.draw import _overview

from validator import assert_board_tour, assert_tour

# -- networkx ----------------------------------------------------------------------------------


def test_board_graph_is_the_knight_graph():
    networkx = pytest.importorskip("networkx")
    graph = knight.Board(8).to_networkx()
    assert isinstance(graph, networkx.Graph) and not graph.is_directed()
    assert sorted(graph.nodes) == list(range(1, 65))
    assert graph.number_of_edges() == 168  # the 8×8 knight's graph
    assert sorted(graph.degree[s] for s in (1, 2, 10, 28)) == [2, 3, 4, 8]
    assert graph.nodes[1] == {"row": 0, "col": 0, "name": "a8"}
    for a, b in graph.edges:
        assert sorted((abs((a - 1) // 8 - (b - 1) // 8), abs((a - 1) % 8 - (b - 1) % 8))) == [1, 2]


def test_board_graph_leaves_out_holes_and_follows_the_leaper():
    pytest.importorskip("networkx")
    board = knight.Board((6, 6), holes=["a1", "f1"], moves=(1, 3))
    graph = board.to_networkx()
    assert set(graph.nodes) == set(board)
    assert all(set(graph[s]) == set(board.neighbours(s)) for s in board)


@pytest.mark.parametrize("closed", [False, True])
def test_tour_graph_is_a_hamiltonian_path_of_the_board_graph(closed):
    networkx = pytest.importorskip("networkx")
    tour = knight.tour(6, start="c3", closed=closed)
    assert_tour(tour, 6, 6, closed=closed)
    path = tour.to_networkx()
    board = tour.board.to_networkx()
    assert isinstance(path, networkx.DiGraph)
    if not closed:
        assert list(networkx.topological_sort(path)) == list(tour)
    assert path.number_of_nodes() == 36 and path.number_of_edges() == 35 + closed
    assert all(board.has_edge(a, b) for a, b in path.edges)
    assert [path.nodes[s]["move"] for s in tour] == list(range(1, 37))
    assert path.edges[tour[0], tour[1]]["move"] == 1
    assert path.has_edge(tour.end, tour.start) == closed


def test_to_networkx_without_networkx_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)
    with pytest.raises(ModuleNotFoundError, match=r"knight-tour\[networkx\]"):
        knight.tour(5, start=1).to_networkx()


# -- notebook pictures -------------------------------------------------------------------------


def test_small_tours_show_the_player_as_html_and_their_svg_as_a_picture():
    tour = knight.tour(8, start="e4")
    assert tour._repr_html_().startswith('<div id="knight-player-')  # tests/test_player.py checks it
    assert tour._repr_svg_().startswith("<svg")


def _png_of(html):
    return base64.b64decode(re.search(r'src="data:image/png;base64,([^"]+)"', html).group(1))


def _pixels(png):
    """(width, height, rows of RGB triples) of an 8-bit RGB PNG with filter 0, as overview writes."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, kind = struct.unpack(">IIBB", png[16:26])
    assert (depth, kind) == (8, 2)
    data, at = b"", 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        chunk, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        assert struct.unpack(">I", png[at + 8 + length : at + 12 + length])[0] == zlib.crc32(chunk + body)
        data += body if chunk == b"IDAT" else b""
        at += 12 + length
    raw = zlib.decompress(data)
    stride = 1 + 3 * width
    assert len(raw) == stride * height
    rows = [raw[y * stride + 1 : (y + 1) * stride] for y in range(height)]
    return width, height, [[tuple(row[3 * x : 3 * x + 3]) for x in range(width)] for row in rows]


def test_large_tours_show_a_scaled_picture_instead_of_nothing():
    tour = knight.tour((300, 500))  # 150,000 squares: past the SVG's 40,000
    assert tour._repr_svg_() is None
    html = tour._repr_html_()
    assert html.startswith("<figure") and "150,000 squares" in html and len(html) < 200_000
    width, height, pixels = _pixels(_png_of(html))
    assert (width, height) == (250, 150)  # 2×2 squares a pixel
    matrix = tour.matrix()
    for y, x in [(0, 0), (0, 249), (75, 120), (149, 0), (149, 249)]:  # each pixel: its block's first square
        assert pixels[y][x] == _overview._colour((matrix[2 * y][2 * x] - 1) / (len(tour) - 1))


def test_overview_marks_holes_and_scales_down_to_the_limit():
    board = knight.Board.parse(
        "\n".join(" ".join("#" if (r, c) == (0, 0) else "." for c in range(7)) for r in range(7))
    )
    tour = knight.tour(board)
    assert_board_tour(tour, board.picture())
    width, height, pixels = _pixels(_overview.overview_png(tour, pixels=7))
    assert (width, height) == (7, 7) and pixels[0][0] == _overview._HOLE
    numbers = {pixels[r][c] for r in range(7) for c in range(7)} - {_overview._HOLE}
    assert len(numbers) == 48  # one colour a move
    width, height, _ = _pixels(_overview.overview_png(tour, pixels=3))
    assert (width, height) == (3, 3)


# -- numpy -------------------------------------------------------------------------------------


def test_numpy_still_shares_the_tour_without_copying():
    numpy = pytest.importorskip("numpy")
    tour = knight.tour(100)
    shared = numpy.asarray(tour)
    assert shared.dtype == numpy.int32 and shared.tolist() == list(tour)
    assert not shared.flags.writeable
    assert numpy.shares_memory(shared, numpy.asarray(tour))


def test_tour_is_a_sequence_of_int():
    from collections.abc import Sequence

    tour = knight.tour(5, start=1)
    assert isinstance(tour, Sequence) and Sequence in type(tour).__mro__
    assert tour.index(tour[3]) == 3 and tour.count(tour.end) == 1 and tour[-1] in tour
