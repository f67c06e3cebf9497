"""Magic knight's tours (knight.magic, magic_tours, count_magic, Tour.magic_kind, knight magic):
every tour through the independent validator and an independent magic check; completions of
Beverley's 1848 tour compared with a brute-force enumeration; both kernels; the theorems of none;
results saved and resumed; bad input refused."""

import json
import random
import statistics
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import knight
import knight.svg
from knight.count._symmetry import rectangle_symmetries
from knight.model._magic import line_cells
from knight.search import magic_search, quarte_tour

from test_cli import knight_run
from validator import assert_tour

#: Beverley's semimagic tour (1848), the first published: rows top to bottom, numbers along the tour
#: (its one home, docs/data/beverley_1848.json, which benchmarks/bench_magic.py reads too).
BEVERLEY = json.loads((Path(__file__).parent.parent / "docs" / "data" / "beverley_1848.json").read_text())["rows"]

#: A closed semimagic tour of the half-turn subspace (number k + 32 opposite number k), as
#: knight.magic(8, seed=0) found it: the input of the subspace's tests on both kernels.
HALF_TURN = [
    [63, 6, 3, 58, 47, 22, 19, 42],
    [4, 59, 64, 23, 2, 41, 46, 21],
    [7, 62, 5, 48, 57, 20, 43, 18],
    [12, 49, 60, 1, 24, 45, 40, 29],
    [61, 8, 13, 56, 33, 28, 17, 44],
    [50, 11, 52, 25, 16, 37, 30, 39],
    [53, 14, 9, 34, 55, 32, 27, 36],
    [10, 51, 54, 15, 26, 35, 38, 31],
]


def semimagic(rows):
    """Written from the definition, apart from knight: every row adds up to one sum, every column to another."""
    height, width = len(rows), len(rows[0])
    total = height * width + 1
    return all(2 * sum(row) == width * total for row in rows) and all(
        2 * sum(row[c] for row in rows) == height * total for c in range(width)
    )


def numbered(squares, rows, cols):
    grid = [[0] * cols for _ in range(rows)]
    for number, square in enumerate(squares, 1):
        grid[(square - 1) // cols][(square - 1) % cols] = number
    return grid


def squares_of(grid):
    cols = len(grid[0])
    place = {n: r * cols + c + 1 for r, row in enumerate(grid) for c, n in enumerate(row)}
    return [place[n] for n in range(1, len(place) + 1)]


def check_magic(tour):
    assert_tour(list(tour), tour.rows, tour.cols, closed=tour.is_closed)
    assert semimagic(numbered(tour, tour.rows, tour.cols))


def puzzle(grid, numbers):
    """Board with the squares of the given numbers of grid given."""
    cols = len(grid[0])
    givens = {r * cols + c + 1: n for r, row in enumerate(grid) for c, n in enumerate(row) if n in numbers}
    return knight.Board((len(grid), cols), givens=givens)


def brute_completions(grid, known):
    """Every knight's path extending numbers 1..known of grid over the rest of the board, by
    plain depth-first search, kept when the numbering is semimagic (no pruning, no knight code)."""
    rows, cols = len(grid), len(grid[0])
    squares = squares_of(grid)[:known]
    free = {s for s in range(1, rows * cols + 1)} - set(squares)
    found = []

    def leaps(square):
        r, c = divmod(square - 1, cols)
        for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                yield (r + dr) * cols + c + dc + 1

    def extend(path):
        if not free:
            if semimagic(numbered(path, rows, cols)):
                found.append(tuple(path))
            return
        for square in leaps(path[-1]):
            if square in free:
                free.remove(square)
                path.append(square)
                extend(path)
                path.pop()
                free.add(square)

    extend(squares)
    return found


def test_beverley_is_semimagic_and_knight_says_so():
    tour = knight.Tour(squares_of(BEVERLEY), 8)
    check_magic(tour)
    assert tour.magic_kind == "semimagic" and tour.is_magic and not tour.is_closed
    rows, cols, diagonals = tour.line_sums()
    assert rows == [260] * 8 and cols == [260] * 8 and diagonals == [282, 210]


def test_a_plain_tour_is_not_magic():
    tour = knight.tour(8, start=1)
    assert tour.magic_kind is None and not tour.is_magic
    assert sum(tour.line_sums()[0]) == 64 * 65 // 2


def test_completions_of_beverley_match_brute_force(magic_kernel):
    """Numbers 1..44 given: knight lists exactly the semimagic completions a plain enumeration finds."""
    board = puzzle(BEVERLEY, range(1, 45))
    listed = [tuple(tour) for tour in knight.magic_tours(board)]
    for tour in knight.magic_tours(board):
        check_magic(tour)
    assert sorted(listed) == sorted(brute_completions(BEVERLEY, 44))
    assert tuple(squares_of(BEVERLEY)) in listed


def test_beverley_completed_from_its_first_moves(magic_kernel):
    """A puzzle with numbers 1..38 given is completed back to Beverley's tour, its only completion,
    by the search, the listing and the count alike (benchmarks/bench_magic.py gives 1..20)."""
    board = puzzle(BEVERLEY, range(1, 39))
    tour = knight.magic(board, seed=3)
    check_magic(tour)
    assert list(tour) == squares_of(BEVERLEY)
    assert [list(t) for t in knight.magic_tours(board)] == [squares_of(BEVERLEY)]
    counted = knight.count_magic(board, depth=0)
    assert (counted.tours, counted.classes, counted.closed_tours, counted.pieces_done) == (1, 1, 0, counted.pieces)


def test_both_kernels_walk_the_same_tree(monkeypatch):
    """The compiled kernel and its twin visit the same nodes and find the same tours."""
    import importlib

    import knight.search._kernels as kernels

    board = puzzle(BEVERLEY, list(range(1, 31)) + [64])
    answers = []
    for name in ("knight.search._magic", "knight.search._magic_py"):
        if name.endswith("_magic") and knight.model._kernels.NO_EXTENSIONS:
            pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
        monkeypatch.setattr(kernels, "magic", importlib.import_module(name))
        counted = knight.count_magic(board, depth=0, keep=True)
        answers.append((counted.tours, counted.nodes, [list(t) for t in counted.found]))
    assert answers[0] == answers[1]
    assert answers[0][2] == [squares_of(BEVERLEY)]
    cells = [square - 1 for square in squares_of(HALF_TURN)]
    mirrored = []
    for name in ("knight.search._magic", "knight.search._magic_py"):
        monkeypatch.setattr(kernels, "magic", importlib.import_module(name))
        found = magic_search(8, 8, cells[:10], [], lines=line_cells(8, 8), count_all=True, keep=10, mirror=True)
        mirrored.append(found)
    assert mirrored[0] == mirrored[1] and cells in mirrored[0].tours
    probes = []
    for name in ("knight.search._magic", "knight.search._magic_py"):
        monkeypatch.setattr(kernels, "magic", importlib.import_module(name))
        probes.append([magic_search(8, 8, cells[:30], cells[-1:], lines=line_cells(8, 8), probe=s) for s in range(20)])
    assert probes[0] == probes[1]


def test_the_path_s_forced_passages_cut_the_tree_not_its_tours(magic_kernel):
    """A free square with two free neighbours and no end next to it is passed through by both: a square
    that is the way on of three such squares, or a square left fewer than two neighbours to pass to
    once those that are the way on of two are full, drops the position. From the half-turn tour's first
    20 moves to its last square, both cores find its two tours (it, and one more) in 2,760 nodes, where
    the tree without the rule had 2,920."""
    cells = [square - 1 for square in squares_of(HALF_TURN)]
    found = magic_search(8, 8, cells[:20], cells[-1:], lines=line_cells(8, 8), count_all=True, keep=10)
    assert (found.total, found.nodes) == (2, 2_760) and cells in found.tours
    for tour in found.tours:
        check_magic(knight.Tour([cell + 1 for cell in tour], 8))


@pytest.mark.parametrize("rows, cols", [(8, 8), (8, 10)])
def test_both_kernels_cut_the_same_branches(monkeypatch, rows, cols):
    """50 probes of an open search from the corner to the far corner's neighbour walk the same
    paths through frames of the same sizes on both kernels, on 8×8 (where the compiled kernel
    works on 64-bit words and prunes on the ends' balls) and on 8×10 (past a word: its arrays,
    without the balls)."""
    import importlib

    import knight.search._kernels as kernels

    if knight.model._kernels.NO_EXTENSIONS:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
    lines = line_cells(rows, cols)
    probes = []
    for name in ("knight.search._magic", "knight.search._magic_py"):
        monkeypatch.setattr(kernels, "magic", importlib.import_module(name))
        probes.append([magic_search(rows, cols, [0], [rows * cols - 2], lines=lines, probe=s) for s in range(50)])
    assert probes[0] == probes[1]
    assert len({probe.estimate for probe in probes[0]}) > 10  # the paths differ: a real test of the frames


def test_probes_estimate_the_tree(magic_kernel):
    """Knuth's estimator (magic_search's probe=): each probe walks one path of the tree, and the mean
    of their estimates comes within 3 standard errors of the nodes the whole search walks (Beverley's
    tour from its first 30 moves and its end; 1,000 probes, fixed seeds)."""
    cells = [square - 1 for square in squares_of(BEVERLEY)]
    exact = magic_search(8, 8, cells[:30], cells[-1:], lines=line_cells(8, 8), count_all=True)
    probes = [magic_search(8, 8, cells[:30], cells[-1:], lines=line_cells(8, 8), probe=seed) for seed in range(1000)]
    assert all(probe.nodes <= 64 - 31 and probe.estimate >= probe.nodes for probe in probes)  # one path each
    values = [probe.estimate for probe in probes]
    mean, error = statistics.mean(values), statistics.stdev(values) / len(values) ** 0.5
    assert exact.total == 1 and abs(mean - exact.nodes) < 3 * error
    assert magic_search(8, 8, cells[:30], cells[-1:], lines=line_cells(8, 8)).estimate == 0.0  # no probe, no estimate


def half_turn(squares, rows, cols):
    """Whether number k + N/2 stands on the square opposite number k's (a half turn of the board)."""
    half = len(squares) // 2
    return all(squares[k + half] == rows * cols + 1 - squares[k] for k in range(half))


def test_the_half_turn_subspace_completes_its_tours(magic_kernel):
    """The kernel's mirror mode from the first 8 moves of a half-turn tour: every tour it lists is
    a closed semimagic tour of the subspace, the given one among them (8,612 nodes on either core)."""
    cells = [square - 1 for square in squares_of(HALF_TURN)]
    found = magic_search(8, 8, cells[:8], [], lines=line_cells(8, 8), count_all=True, keep=100, mirror=True)
    assert found.status == knight.model._status.EXHAUSTED and cells in found.tours and found.total == len(found.tours)
    for tour_cells in found.tours:
        tour = knight.Tour([cell + 1 for cell in tour_cells], 8)
        check_magic(tour)
        assert tour.is_closed and half_turn(list(tour), 8, 8) and tour_cells[:8] == cells[:8]


@pytest.mark.skipif(
    knight.IMPLEMENTATION != "cython", reason="about 20 s on the twin (the test above checks its kernel)"
)
def test_magic_searches_the_half_turn_subspace_first():
    """knight.magic(8) finds a closed semimagic tour within 3,000,000 nodes (seed 0, in the
    half-turn subspace); so does closed=True."""
    for closed in (False, True):
        tour = knight.magic(8, seed=0, closed=closed, max_nodes=3_000_000)
        check_magic(tour)
        assert tour.is_closed and half_turn(list(tour), 8, 8)


@pytest.mark.parametrize(
    "size, words",
    [
        (3, "both sides odd"),
        (7, "both sides odd"),
        ((5, 6), "not a whole number"),
        ((8, 3), "not a whole number"),
        (6, "2 more than a multiple of 4"),
        ((6, 10), "2 more than a multiple of 4"),
        (4, "4×4 has none"),
    ],
)
def test_no_magic_tour_with_a_proof(size, words):
    with pytest.raises(knight.NoTourError, match=words):
        knight.magic(size)
    assert list(knight.magic_tours(size)) == []
    assert knight.count_magic(size).tours == 0


def test_no_magic_tour_by_exhaustive_search():
    """4×6: no theorem applies; the search goes through every start and end."""
    with pytest.raises(knight.NoTourError, match="every start and end"):
        knight.magic((4, 6))


def test_kinds_that_cannot_be():
    with pytest.raises(knight.NoTourError, match="2003 census"):
        knight.magic(8, diagonal=True)
    with pytest.raises(knight.NoTourError, match="half line of 3"):
        knight.magic((8, 6), nested=True)
    with pytest.raises(knight.InvalidInputError, match="no long diagonals"):
        knight.magic((8, 12), diagonal=True)


def test_givens_of_clashing_colours_are_refused():
    board = knight.Board(8, givens={1: 1, 3: 2})  # a1-c1 is no leap: 1 and 2 on one colour
    with pytest.raises(knight.NoTourError):
        knight.magic(board)


def test_budget_and_timeout_end_the_search():
    with pytest.raises(knight.SearchLimitError, match="max_nodes=5,000"):
        knight.magic(8, max_nodes=5_000, seed=1)
    with pytest.raises(knight.SearchLimitError, match="timed out"):
        knight.magic(12, timeout=0.05, seed=1)
    with pytest.raises(knight.SearchLimitError, match="max_nodes"):
        list(knight.magic_tours(8, max_nodes=10_000))


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: knight.magic(8, diagonal="yes"), knight.InvalidTypeError),
        (lambda: knight.magic(8, seed=1.5), knight.InvalidTypeError),
        (lambda: knight.magic(8, colour=1), knight.InvalidTypeError),
        (lambda: knight.magic(8, max_nodes=0), knight.InvalidInputError),
        (lambda: knight.magic(knight.Board(8, moves=(1, 3))), knight.InvalidInputError),
        (lambda: knight.magic(knight.Board(8, periodic=True)), knight.InvalidInputError),
        (lambda: knight.count_magic(8, depth=-1), knight.InvalidInputError),
        (lambda: knight.count_magic(8, pieces=[10**9]), knight.InvalidInputError),
        (lambda: knight.count_magic(8, pieces=5), knight.InvalidTypeError),
        (lambda: knight.count_magic(8, results=5), knight.InvalidTypeError),
        (lambda: knight.count_magic(8, executor=object()), knight.InvalidTypeError),
    ],
)
def test_bad_input_is_refused(call, error):
    with pytest.raises(error):
        call()


def test_results_are_saved_and_resumed(tmp_path, magic_kernel):
    board = puzzle(BEVERLEY, range(1, 41))
    first = knight.count_magic(board, depth=1, results=tmp_path)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == first.pieces_done == first.pieces and first.tours == 1
    saved = json.loads(files[0].read_text())
    assert saved["format"] == "knight magic piece 1" and saved["board"] == "8×8"
    again = knight.count_magic(board, depth=1, results=tmp_path)
    assert (again.tours, again.nodes, again.cpu_seconds) == (first.tours, first.nodes, first.cpu_seconds)
    files[0].write_text("{not json")
    with pytest.raises(knight.InvalidInputError, match="cannot be read"):
        knight.count_magic(board, depth=1, results=tmp_path)
    files[0].write_text(json.dumps(dict(saved, board="12×12")))
    with pytest.raises(knight.InvalidInputError, match="another question"):
        knight.count_magic(board, depth=1, results=tmp_path)


def test_a_sample_of_pieces_on_an_executor():
    board = puzzle(BEVERLEY, range(1, 43))
    whole = knight.count_magic(board, depth=1)
    with ThreadPoolExecutor(2) as pool:
        spread = knight.count_magic(board, depth=1, executor=pool)
    assert (
        (spread.tours, spread.classes, spread.nodes)
        == (whole.tours, whole.classes, whole.nodes)
        == (1, 1, spread.nodes)
    )
    sample = knight.count_magic(board, depth=1, pieces=[0, 2])
    assert sample.pieces_done == 2 and not sample.complete and sample.pieces == whole.pieces
    assert sample.projected_cpu_seconds >= sample.cpu_seconds


def test_the_command_prints_the_sums(tmp_path):
    picture = tmp_path / "beverley.txt"
    picture.write_text("\n".join(" ".join(str(n) if n <= 36 else "." for n in row) for row in BEVERLEY) + "\n")
    drawn = tmp_path / "square.svg"
    done = knight_run("magic", str(picture), "-o", str(drawn))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [int(line.split("|")[1]) for line in lines[:8]] == [260] * 8
    assert lines[9].split() == ["260"] * 8 and lines[10] == "semimagic, open, diagonals 282 and 210"
    assert [int(n) for n in lines[0].split("|")[0].split()] == BEVERLEY[0]
    assert "260" in drawn.read_text() and "<svg" in drawn.read_text()
    refused = knight_run("magic", "6")
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1 and "multiple of 4" in refused.stderr


def test_the_picture_shows_each_sum():
    svg = knight.svg.magic_square(knight.Tour(squares_of(BEVERLEY), 8), cell=30)
    assert svg.count(">260<") == 16 and ">282<" in svg and ">210<" in svg
    with pytest.raises(knight.InvalidInputError):
        knight.svg.magic_square(knight.Tour(squares_of(BEVERLEY), 8), cell=5)


def test_a_failed_worker_is_a_worker_error(monkeypatch):
    def broken(*args):
        raise RuntimeError("lost")

    monkeypatch.setattr(knight._magic, "_piece_job", broken)
    with ThreadPoolExecutor(1) as pool, pytest.raises(knight.WorkerError, match="ThreadPoolExecutor failed") as raised:
        knight.count_magic(puzzle(BEVERLEY, range(1, 41)), depth=0, executor=pool)
    assert isinstance(raised.value.__cause__, RuntimeError)


def test_closed_asks_for_no_givens_and_counts_closed_tours_only():
    with pytest.raises(knight.InvalidInputError, match="closed=True with given moves"):
        knight.magic(puzzle(BEVERLEY, range(1, 41)), closed=True)
    counted = knight.count_magic((4, 6), closed=True)
    assert (counted.tours, counted.closed_tours, counted.complete) == (0, 0, True)


@pytest.mark.parametrize("size, closed", [(8, False), (8, True), ((8, 12), False), ((8, 12), True)])
def test_the_pieces_weigh_every_start_and_end_once(size, closed):
    """One (start, end) pair of each orbit under the board's symmetries and the reversal, the start
    the least cell of its class (8×8: the corner's ends halved by the reflection in the diagonal
    through it), weighed by the orbit's size: the orbits cover every ordered pair the count
    stands for, once."""
    ask = knight._magic._Magic(size, None, closed, False, False, None, None, "count_magic")
    cells = ask.rows * ask.cols
    pairs = (
        sum(len(knight._magic._leaps(ask.rows, ask.cols, c)) for c in range(cells)) if closed else cells * cells // 2
    )
    plan = knight._magic._plan(ask, 0)
    symmetries = rectangle_symmetries(ask.rows, ask.cols)
    covered = set()
    for (start,), end, weight in plan:
        images = {pair for g in symmetries for pair in ((g[start], g[end]), (g[end], g[start]))}
        assert len(images) == weight and not images & covered
        covered |= images
    assert len(covered) == sum(weight for _, _, weight in plan) == pairs
    if size == 8 and not closed:  # the corner's 32 ends halved by the diagonal through it
        assert sum(path[0] == 0 for path, _, _ in plan) == 16


def test_progress_says_pieces_and_time_left(capsys):
    knight.count_magic(puzzle(BEVERLEY, range(1, 43)), depth=0, progress=True)
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(line.startswith("knight count_magic: ") and "s left" in line for line in lines)
    assert lines[-1].startswith(f"knight count_magic: {len(lines)}/{len(lines)} pieces, 1 tours")


#: knight.magic's seeds whose first restart of the quarte construction finds a tour, so that the
#: test stays quick on the twin too (most seeds take a few hundred restarts: benchmarks/bench_magic.py
#: --only large): 16×16 seed 61 (14,183 nodes), 12×12 seed 17 (8,404 nodes).
MAGIC_SEEDS = [(16, 61), (12, 17)]


def quartes_hold(squares, n):
    """Written from the construction's definition: numbers 4j + 1..4j + 4 stand in one 4×4 block,
    one in each of its rows and columns, and quarte Q - 1 - j in the same block as quarte j."""
    cells = [square - 1 for square in squares]
    blocks = []
    for j in range(0, len(cells), 4):
        quarte = cells[j : j + 4]
        rows, cols = {c // n for c in quarte}, {c % n for c in quarte}
        if len(rows) != 4 or len(cols) != 4 or len({(c // n // 4, c % n // 4) for c in quarte}) != 1:
            return False
        blocks.append((quarte[0] // n // 4, quarte[0] % n // 4))
    return blocks == blocks[::-1]


@pytest.mark.parametrize("k, seed, nodes", [(2, 19, 1_066), (3, random.Random(17).getrandbits(64), 8_404)])
def test_the_quarte_construction(quartes_kernel, k, seed, nodes):
    """One run of search._quartes on either kernel (8×8, and 12×12 from the first restart's seed of
    knight.magic(12, seed=17)'s generator): the same nodes and a semimagic tour of quartes, through
    the validator."""
    found = quarte_tour(k, seed, 20_000)
    assert found.cells is not None and found.nodes == nodes
    tour = knight.Tour([cell + 1 for cell in found.cells], 4 * k)
    check_magic(tour)
    assert quartes_hold(list(tour), 4 * k)
    assert quarte_tour(k, seed, nodes - 1).cells is None  # the budget is kept


def test_both_quarte_kernels_lay_the_same_quartes(monkeypatch):
    """The compiled quarte search and its twin walk the same nodes and find the same tour."""
    import importlib

    import knight.search._kernels as kernels

    answers = []
    for name in ("knight.search._quartes_core", "knight.search._quartes_core_py"):
        if not name.endswith("_py") and knight.model._kernels.NO_EXTENSIONS:
            pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
        monkeypatch.setattr(kernels, "quartes_core", importlib.import_module(name))
        runs = [quarte_tour(k, seed, 2_000) for k in (2, 3, 4) for seed in range(2)] + [quarte_tour(2, 19, 5_000)]
        answers.append([(run.cells, run.nodes, run.timed_out) for run in runs])
    assert answers[0] == answers[1]
    assert answers[0][-1][0] is not None


@pytest.mark.parametrize("size, seed", MAGIC_SEEDS)
def test_magic_builds_12x12_and_16x16_from_quartes(size, seed, monkeypatch):
    """knight.magic(16) and (12): the quarte construction, shared by both cores (the magic kernel
    is replaced by one that fails the test: the tour is the same on either)."""
    import knight.search._kernels as kernels

    class Unused:
        LINES = 5

        def search(self, *args):
            raise AssertionError("the magic kernel ran")

    monkeypatch.setattr(kernels, "magic", Unused())
    tour = knight.magic(size, seed=seed, max_nodes=2_000_000)
    check_magic(tour)
    assert tour.is_magic and tour.magic_kind in ("semimagic", "diagonal") and quartes_hold(list(tour), size)
    assert list(knight.magic(size, seed=seed, max_nodes=2_000_000)) == list(tour)
    with pytest.raises(knight.SearchLimitError, match="quarte construction"):
        knight.magic(size, seed=seed, max_nodes=1_000)
