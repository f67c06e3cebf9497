"""One question, one answer: tour, exists, tours, count and solve agree on every board.

Random shapes (holes), leapers, starts, ends and open or closed, on boards small enough
that every answer is exact: whenever exists() says yes, tour() returns a tour (checked by
the independent validator) and tours() yields one and count() is positive; whenever it
says no, tour() raises NoTourError, tours() yields nothing and count() is 0. Puzzles
(given moves) likewise for solve(). Each case runs on the compiled kernels and the twins.
"""

import random

import pytest

import knight

from validator import assert_tour

LEAPERS = [(1, 2), (1, 2), (1, 2), (0, 1), (1, 3), (2, 3), (1, 1)]


def random_board(rng):
    """A board of 1 to 16 squares: a rectangle less some holes, for a random leaper."""
    while True:
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        holes = rng.sample(range(1, rows * cols + 1), rng.randint(0, min(4, rows * cols - 1)))
        board = knight.Board((rows, cols), holes=holes, moves=rng.choice(LEAPERS))
        if len(board) <= 16:
            return board


def questions(seed, many):
    """(board, options) pairs: open and closed, with and without a start and an end."""
    rng = random.Random(seed)
    for _ in range(many):
        board = random_board(rng)
        squares = list(board)
        options = {}
        shape = rng.random()
        if shape < 0.25:
            options["closed"] = True
        if rng.random() < 0.5:
            options["start"] = rng.choice(squares)
        if not options.get("closed") and rng.random() < 0.3:
            options["end"] = rng.choice(squares)
        yield board, options


def check_agreement(board, options):
    says = knight.exists(board, **options)
    try:
        found = knight.tour(board, **options)
    except knight.NoTourError:
        found = None
    counted = knight.count(board, **options)
    listed = next(iter(knight.tours(board, **options)), None)
    assert (found is not None) == says, (board, options, says)
    assert (counted > 0) == says, (board, options, counted, says)
    assert (listed is not None) == says, (board, options, listed, says)
    for tour in (found, listed):
        if tour is None:
            continue
        holes = [square for square in range(1, board.rows * board.cols + 1) if square not in board]
        assert_tour(tour, board.rows, board.cols, closed=options.get("closed", False), leaper=board.moves, holes=holes)
        if "start" in options and not options.get("closed"):
            assert tour.start == options["start"]
        if "end" in options:
            assert tour.end == options["end"]


@pytest.fixture(params=["cython", "python"])
def implementation(request, monkeypatch):
    """Every package's kernels compiled, or every package's twins."""
    import importlib

    for package, names in {"search": ("core", "forward", "fill"), "count": ("walker", "frontier")}.items():
        kernels = importlib.import_module(f"knight.{package}._kernels")
        for name in names:
            if request.param == "cython":
                if knight.model._kernels.NO_EXTENSIONS:
                    pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
                module = importlib.import_module(f"knight.{package}._{name}")
            else:
                module = importlib.import_module(f"knight.{package}._{name}_py")
            monkeypatch.setattr(kernels, name, module)
    return request.param


@pytest.mark.parametrize("seed", range(4))
def test_exists_tour_tours_and_count_agree(implementation, seed):
    for board, options in questions(seed, 60):
        check_agreement(board, options)


def test_a_tour_from_any_start_whenever_exists_says_so():
    """start=None is any start: on a 10×10 board with 7 holes whose colours allow a tour, the
    first square (a10) is of the minority colour, yet tour() finds one from another square."""
    board = knight.Board(10, holes=[12, 15, 20, 33, 64, 76, 100])
    light, dark = board.colour_counts
    assert (light, dark) == (46, 47) and board.colour(board.first) == 0  # a10 is light, the minority
    assert knight.exists(board)
    tour = knight.tour(board)
    assert_tour(tour, 10, 10, holes=board.holes)
    assert tour.start != board.first


def test_a_dead_end_of_the_minority_colour_refutes_an_open_tour():
    """a10 has one move (c9 is a hole), so it must be an end, but the dark squares are one more."""
    board = knight.Board(10, holes=["c10", "e10", "g10", "i10", "a9", "c9", "e9"])
    with pytest.raises(knight.NoTourError, match="a10 has only one move, so it must be an end"):
        knight.tour(board)
    assert not knight.exists(board) and knight.count(board, max_nodes=1) == 0


def test_no_start_is_no_tour_only_when_no_start_has_one():
    board = knight.Board((3, 4), holes=[1, 4, 9, 12], moves=(0, 1))  # a plus of 8 squares for the wazir
    assert not knight.exists(board)  # its two dead ends b1 and d2 ... no path joins them through all eight
    with pytest.raises(knight.NoTourError, match="from every square"):
        knight.tour(board)
    assert knight.count(board) == 0
    with pytest.raises(knight.NoTourError, match="no open tour on 3×3"):
        knight.tour(3)
    assert not knight.exists(3)


@pytest.mark.parametrize("seed", range(2))
def test_solve_tour_and_exists_agree_on_puzzles(implementation, seed):
    """Puzzles made from real tours (solvable) and with a given moved (often not)."""
    rng = random.Random(seed)
    for _ in range(20):
        rows, cols = rng.randint(3, 5), rng.randint(4, 6)
        try:
            solution = knight.tour((rows, cols), rng.randrange(rows * cols) + 1)
        except knight.NoTourError:
            continue
        cells = ["."] * (rows * cols)
        for move in sorted(rng.sample(range(1, rows * cols + 1), 3)):
            cells[solution[move - 1] - 1] = str(move)
        if rng.random() < 0.5:  # move one given elsewhere: a puzzle that may have no answer
            given = next(i for i, cell in enumerate(cells) if cell != ".")
            free = rng.choice([i for i, cell in enumerate(cells) if cell == "."])
            cells[given], cells[free] = ".", cells[given]
        picture = "\n".join(" ".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))
        board = knight.Board.parse(picture)
        says = knight.exists(board)
        try:
            solved = knight.solve(board)
        except knight.NoTourError:
            solved = None
        try:
            found = knight.tour(board)
        except knight.NoTourError:
            found = None
        assert (solved is not None) == says == (found is not None), picture
        if solved is not None:
            assert_tour(solved, rows, cols)
            assert all(solved[move - 1] == square for square, move in board.givens.items())
