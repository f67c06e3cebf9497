"""knight.count(): the issue's values, the conventions, symmetry, executors, budgets, Ctrl-C."""

import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import knight
import knight._impl
from knight.count import _enumerate
from knight.count._enumerate import count_result, plan, run_item

from brute import brute_count


def compiled_only(counter):
    if counter.__name__.endswith("_py"):
        pytest.skip("too slow on the twin")


@pytest.mark.parametrize(
    "size, options, expected",
    [
        (5, {}, 1728),  # directed open tours, every start (OEIS A165134)
        (5, {"start": 1}, 304),  # from a corner
        (5, {"start": "a1"}, 304),
        (5, {"start": (2, 2)}, 64),  # from the centre
        ((3, 10), {"closed": True}, 16),  # undirected cycles (OEIS A001230)
        ((3, 12), {"closed": True}, 176),
        ((5, 6), {"closed": True}, 8),
        ((6, 5), {"closed": True}, 8),
        ((5, 6), {"closed": True, "start": 9}, 16),  # from a start: both directions
        ((3, 4), {}, 16),
        (1, {}, 1),
    ],
)
def test_values(counter, size, options, expected):
    assert knight.count(size, **options) == expected


@pytest.mark.parametrize("size", [(3, 4), (4, 5), (3, 7)])
def test_counts_agree_with_a_brute_force_count(counter, size):
    assert knight.count(size) == brute_count(*size)


def test_6x6_closed(counter):
    compiled_only(counter)
    assert knight.count(6, closed=True) == 9862


def test_6x6_open_directed(counter):
    compiled_only(counter)
    assert knight.count(6) == 6_637_920


@pytest.mark.parametrize(
    "size, options",
    [
        (4, {}),
        ((3, 5), {}),
        ((2, 8), {}),
        ((1, 3), {}),
        (5, {"start": "b1"}),  # not the corners' colour
        (5, {"closed": True}),
        ((4, 8), {"closed": True}),
        ((3, 8), {"closed": True}),
        (1, {"closed": True}),
    ],
)
def test_no_tours_count_zero(counter, size, options):
    assert knight.count(size, **options) == 0
    assert list(knight.tours(size, **options)) == []


def _walk_count(module, rows, cols, start, closed):
    """A count without the theorems: the split and every item, straight from the walker."""
    items, _ = plan(module, rows, cols, start, closed)
    return sum(run_item(item._replace(budget=10**9))[0] for item in items)


@pytest.mark.parametrize("size, closed", [((3, 3), False), ((4, 4), False), ((3, 5), False), ((3, 6), False),
                                          ((4, 5), True), ((3, 8), True), ((4, 6), True)])
def test_walker_alone_proves_the_theorems(counter, size, closed):
    assert _walk_count(counter, *size, None, closed) == 0


def test_walker_alone_counts_minority_colour_starts_zero(counter):
    for start in (1, 5, 7, 11):  # minority-colour squares of 5×5, 0-based
        assert _walk_count(counter, 5, 5, start, False) == 0


@pytest.mark.parametrize("size, options", [
    (5, {}), ((4, 6), {}), ((3, 8), {}), ((4, 5), {}), ((3, 7), {}),
    ((5, 6), {"start": 8}), (5, {"start": 13}), (5, {"start": 1}), ((6, 5), {"closed": True}),
])
def test_symmetry_changes_nothing_but_the_work(counter, size, options):
    merged = count_result(size, **options)
    plain = count_result(size, symmetry=False, **options)
    assert merged.tours == plain.tours
    assert merged.nodes <= plain.nodes


def test_counts_from_symmetric_starts_are_equal(counter):
    rows, cols = 4, 5
    counts = {start: knight.count((rows, cols), start=start) for start in range(1, 21)}
    assert sum(counts.values()) == knight.count((rows, cols))
    for start, found in counts.items():
        row, col = divmod(start - 1, cols)
        for image in ((rows - 1 - row, col), (row, cols - 1 - col), (rows - 1 - row, cols - 1 - col)):
            assert counts[image[0] * cols + image[1] + 1] == found


def test_same_answer_on_every_executor(counter):
    expected = count_result((3, 10), closed=True), count_result(5)
    with ThreadPoolExecutor(2) as threads, ProcessPoolExecutor(2) as processes:
        for executor in (threads, processes):
            found = count_result((3, 10), closed=True, executor=executor), count_result(5, executor=executor)
            assert found == expected


def test_dask_local_cluster(counter):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        executor = client.get_executor()
        assert knight.count(5, executor=executor) == 1728
        assert knight.count((3, 12), closed=True, executor=executor) == 176


def test_max_nodes_bounds_the_whole_count(counter):
    needed = count_result(5).nodes
    assert knight.count(5, max_nodes=needed) == 1728
    with ThreadPoolExecutor(2) as pool:
        assert knight.count(5, max_nodes=needed, executor=pool) == 1728
        with pytest.raises(knight.SearchLimitError, match=f"max_nodes={needed - 1:,}"):
            knight.count(5, max_nodes=needed - 1, executor=pool)
    with pytest.raises(knight.SearchLimitError, match="open tours on 5×5"):
        knight.count(5, max_nodes=needed - 1)
    with pytest.raises(knight.SearchLimitError, match="from a5"):
        knight.count(5, start=1, max_nodes=1)


@pytest.mark.parametrize(
    "options, error, words",
    [
        ({"size": 0}, ValueError, "size 0"),
        ({"size": "5"}, TypeError, "'5'"),
        ({"size": 5, "start": 26}, ValueError, "square 26"),
        ({"size": 5, "max_nodes": 0}, ValueError, "max_nodes"),
        ({"size": 5, "max_nodes": 2.5}, TypeError, "max_nodes"),
        ({"size": 5, "executor": object()}, TypeError, "executor"),
    ],
)
def test_bad_arguments(counter, options, error, words):
    with pytest.raises(error, match=words) as caught:
        knight.count(**options)
    assert isinstance(caught.value, knight.KnightError)


def test_progress_bar(counter, capsys):
    pytest.importorskip("tqdm")
    assert knight.count((3, 10), closed=True, progress=True) == 16
    assert "item" in capsys.readouterr().err


def test_progress_needs_tqdm(counter, monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "tqdm", None)
    with pytest.raises(ImportError, match="tqdm"):
        knight.count(5, progress=True)


@pytest.mark.parametrize("pooled", [False, True])
def test_interrupt_stops_the_count_and_cancels_pending_items(counter, monkeypatch, pooled):
    calls = []

    def interrupted_item(item):
        calls.append(item)
        if len(calls) == 3:
            raise KeyboardInterrupt
        time.sleep(0.01 * (len(calls) > 3))  # give the count time to cancel what is pending
        return run_item(item)

    monkeypatch.setattr(_enumerate, "run_item", interrupted_item)
    items = len(plan(counter, 5, 5, None, False)[0])
    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(KeyboardInterrupt):
            knight.count(5, executor=pool if pooled else None)
    assert len(calls) < min(items, 20)


@pytest.mark.parametrize("rows", [3, 4, 5])
@pytest.mark.parametrize("cols", [3, 4, 5, 6])
@pytest.mark.parametrize("closed", [False, True])
def test_compiled_and_twin_count_identically(both_counters, monkeypatch, rows, cols, closed):
    """Same tours, same search nodes, same work items, from every board small enough for the twin."""
    results = []
    for module in both_counters:
        monkeypatch.setattr(knight._impl, "counter", module)
        results.append(
            [count_result((rows, cols), closed=closed)]
            + [count_result((rows, cols), start=start, closed=closed) for start in (1, cols + 2)]
        )
    assert results[0] == results[1]
