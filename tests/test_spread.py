"""The frontier sweep sharded across an executor's workers (count/_spread.py): the same counts as the
plain sweep (OEIS values among them) on threads, processes and a Dask LocalCluster; each shard holds
a share of the layers; budgets, timeouts, stop requests, progress and bad input."""

import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import knight
from knight.count import _enumerate, _kernels, _spread

from deadline import stops_in_time

#: (size, options, count): open, closed, from a start, fixed ends, holes, leapers; the OEIS's where one counts them.
QUESTIONS = [
    (5, {}, 1728),  # A165134
    ((6, 6), {"closed": True}, 9862),  # A001230
    ((3, 10), {"closed": True}, None),
    ((5, 6), {"start": "a1"}, None),
    (5, {"start": "a5", "end": "e1"}, 56),
    (knight.Board((5, 5), holes=["c3"]), {}, None),
    (knight.Board((4, 6), holes=["a1", "f4"]), {"closed": True}, None),
    ((4, 5), {"moves": (1, 3)}, None),
    ((4, 7), {"moves": (1, 2), "closed": True}, None),
    ((3, 12), {"closed": True}, 176),
]


def questions(frontier):
    """QUESTIONS; on the twin, less those whose sharded sweep takes seconds there (5×5 open, 6×6 closed,
    5×6 from a1: the compiled sweep's cases and the twin's plain sweep check them)."""
    if frontier.__name__.endswith("_frontier"):
        return QUESTIONS
    slow = [(5, []), ((6, 6), ["closed"]), ((5, 6), ["start"])]
    return [question for question in QUESTIONS if (question[0], sorted(question[1])) not in slow]


def plain(size, options):
    return knight.count(size, method="frontier", **options)


@pytest.fixture(scope="module")
def dask_client():
    """A Dask LocalCluster of two workers in this process (so that they run the implementation the
    test chose), shared by the cases: starting one takes a second or two."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


@pytest.mark.parametrize("shards", [None, 3])
def test_threads_count_as_the_plain_sweep(frontier, shards):
    with ThreadPoolExecutor(2) as pool:
        for size, options, known in questions(frontier):
            found = knight.count(size, method="frontier", executor=pool, shards=shards, **options)
            assert found == plain(size, options)
            assert known is None or found == known


def test_processes_count_as_the_plain_sweep():
    """The workers run the implementation the environment says (the twin in the twin's job)."""
    with ProcessPoolExecutor(2) as pool:
        for size, options, known in questions(_kernels.frontier)[:5]:
            found = knight.count(size, executor=pool, **options)
            assert found == plain(size, options)
            assert known is None or found == known


def test_dask_counts_as_the_plain_sweep(frontier, dask_client):
    """The client itself (pieces passed as futures, shards pinned to workers) and its get_executor()."""
    for size, options, known in questions(frontier):
        found = knight.count(size, executor=dask_client, **options)
        assert found == plain(size, options)
        assert known is None or found == known
    assert knight.count((4, 6), closed=True, executor=dask_client.get_executor(), shards=5) == plain(
        (4, 6), {"closed": True}
    )
    assert knight.count(5, executor=dask_client, method="enumerate") == 1728  # the walk takes a client too
    assert knight.count((4, 6), closed=True, executor=dask_client, method="join") == plain((4, 6), {"closed": True})


class Recording:
    """The kernel in use, recording the states each shard holds after each round."""

    def __init__(self, kernel) -> None:
        self.kernel, self.held = kernel, []

    def __getattr__(self, name):
        return getattr(self.kernel, name)

    def shard_round(self, *args, **kwargs):
        found = self.kernel.shard_round(*args, **kwargs)
        self.held.append(found[2])
        return found


def test_each_shard_holds_a_share_of_the_layers(frontier, monkeypatch):
    """Counted in states, not bytes: the most one shard held falls with the shards (the hash deals them
    evenly; a shard also holds successors owned by others, until the next round takes them), against the
    widest layer of the plain sweep (one shard sweeps every square in one round). From a1 of 5×6, and on the
    twin, whose rounds of it take seconds, of 5×5 (layers of 417 states at most, against 4,545)."""
    size = (5, 6) if frontier.__name__.endswith("_frontier") else (5, 5)
    most = {1: frontier.count_stats(*size, None, 0, None, False)[1]}
    for shards in (2, 4):
        recording = Recording(frontier)
        monkeypatch.setattr(_kernels, "frontier", recording)
        with ThreadPoolExecutor(2) as pool:
            found = knight.count(size, start=1, executor=pool, shards=shards, method="frontier")
            assert found == plain(size, {"start": 1})
        most[shards] = max(recording.held)
    assert most[2] <= 0.7 * most[1] and most[4] <= 0.4 * most[1], most


def test_max_nodes_bounds_the_sharded_sweep(frontier):
    with ThreadPoolExecutor(2) as pool:
        with pytest.raises(knight.SearchLimitError, match="max_nodes=1,000"):
            knight.count((5, 6), closed=True, executor=pool, max_nodes=1000)
        assert knight.count((3, 8), executor=pool, max_nodes=10**6) == 792


def test_a_timeout_stops_the_sharded_sweep(dask_client):
    for executor in (dask_client, None):
        with stops_in_time(0.5, 3, threads=2), pytest.raises(knight.SearchLimitError, match="timed out|seconds"):
            if executor is None:
                with ThreadPoolExecutor(2) as pool:
                    knight.count((7, 7), executor=pool, method="frontier", timeout=0.5)
            else:
                knight.count((7, 7), executor=executor, method="frontier", timeout=0.5)


def test_a_stop_request_stops_the_sharded_sweep(monkeypatch):
    rounds = []
    monkeypatch.setattr(_enumerate, "stop_requested", lambda: len(rounds) > 3)
    recording = Recording(_kernels.frontier)
    monkeypatch.setattr(
        recording,
        "shard_round",
        lambda *args, **kwargs: rounds.append(1) or recording.kernel.shard_round(*args, **kwargs),
    )
    monkeypatch.setattr(_kernels, "frontier", recording)
    with ThreadPoolExecutor(2) as pool, pytest.raises(KeyboardInterrupt):
        knight.count((6, 6), closed=True, executor=pool)
    assert len(rounds) < 12


def test_progress_shows_the_squares(frontier, capsys):
    pytest.importorskip("tqdm")
    with ThreadPoolExecutor(2) as pool:
        assert knight.count((4, 5), executor=pool, progress=True) == 164
    assert "square" in capsys.readouterr().err


def test_bad_shards_are_refused():
    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(knight.InvalidTypeError, match="shards must be an int, not '2'"):
            knight.count(5, executor=pool, shards="2")
        with pytest.raises(knight.InvalidInputError, match="at least 1, not 0"):
            knight.count((5, 6), executor=pool, shards=0)
        with pytest.raises(knight.InvalidInputError, match="not method 'join'"):
            knight.count((5, 6), executor=pool, shards=2, method="join")
        with pytest.raises(knight.InvalidInputError, match="the walk"):
            knight.count(5, executor=pool, shards=2)  # auto walks 5×5 open
    with pytest.raises(knight.InvalidInputError, match="none was given"):
        knight.count((5, 6), shards=2)


def test_the_shards_default_to_the_workers(dask_client):
    assert _spread._Dask(dask_client, None).shards == 2
    with ProcessPoolExecutor(3) as pool:
        assert _spread._Local(pool, None).shards == 3
    assert _spread._Local(object(), None).shards == _spread.SHARDS


@pytest.fixture
def small_cluster():
    """A LocalCluster of two in-process workers of its own, for a test that takes workers away."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield cluster, client


def losing_workers(monkeypatch, cluster, after: int, workers: int):
    """Close workers of cluster (through its API) once after rounds are done; the rounds seen, counted."""
    rounds = []
    statistics = _spread._Dask.statistics

    def closing(self, round_):
        found = statistics(self, round_)
        rounds.append(found)
        if len(rounds) == after:
            for worker in list(cluster.workers.values())[:workers]:
                cluster.sync(worker.close)
        return found

    monkeypatch.setattr(_spread._Dask, "statistics", closing)
    return rounds


def test_a_lost_worker_is_survived(frontier, small_cluster, monkeypatch):
    """A worker closed mid-count: what it held is recomputed (Dask's lineage) on the other, same answer."""
    cluster, client = small_cluster
    recording = Recording(frontier)
    monkeypatch.setattr(_kernels, "frontier", recording)
    rounds = losing_workers(monkeypatch, cluster, after=4, workers=1)
    assert knight.count((3, 12), closed=True, executor=client, timeout=60) == 176
    assert len(client.scheduler_info()["workers"]) == 1 and len(rounds) > 4
    assert len(recording.held) > 2 * len(rounds)  # the lost worker's rounds, made again


def test_dask_with_spill_counts_as_the_plain_sweep(frontier, dask_client, tmp_path):
    """spill= on a Dask client: each round's pieces in shard files there, the same counts; nothing left after."""
    for size, options, known in questions(frontier)[-4:]:
        assert knight.count(size, executor=dask_client, spill=tmp_path, **options) == (known or plain(size, options))
    assert knight.count((3, 10), closed=True, executor=dask_client, spill=tmp_path, shards=5) == plain(
        (3, 10), {"closed": True}
    )
    assert [path.name for path in tmp_path.iterdir() if path.name != "lock"] == []


def test_spilled_rounds_write_a_shard_in_pieces(frontier, dask_client, tmp_path, monkeypatch):
    """A round deals each shard's states in pieces of at most _packed.DEALT states (here 2), one made at a
    time, which go into that shard's file one after another: files of several pieces, the same count."""
    from knight.count import _packed, _shardfile

    monkeypatch.setattr(_packed, "DEALT", 2)
    written, add = [], _shardfile.Writer.add
    monkeypatch.setattr(_shardfile.Writer, "add", lambda self, piece: written.append(self.path) or add(self, piece))
    assert knight.count((3, 10), closed=True, executor=dask_client, spill=tmp_path) == plain((3, 10), {"closed": True})
    assert max(map(written.count, written)) > 1


def test_spill_is_for_a_dask_client_alone(dask_client, tmp_path):
    with ThreadPoolExecutor(2) as pool, pytest.raises(knight.InvalidInputError, match="spill= is for"):
        knight.count((3, 10), executor=pool, spill=tmp_path)
    with pytest.raises(knight.InvalidInputError, match=r"memory= is for .*spill= alone"):
        knight.count((3, 10), executor=dask_client, memory="1GB", spill=tmp_path)
    with pytest.raises(knight.InvalidInputError, match="spill= is for .*method 'join'"):
        knight.count((3, 10), executor=dask_client, method="join", spill=tmp_path)


class Killing(Recording):
    """The kernel in use, recording each shard round's (first, stop); the worker running the first task of
    round `at` closed through the cluster's API while that task runs (it runs on as a task nobody wants)."""

    def __init__(self, kernel, cluster, at: int) -> None:
        super().__init__(kernel)
        self.cluster, self.at, self.rounds, self.killed = cluster, at, [], None
        self.workers = set(cluster.workers.values())

    def shard_round(self, sweep, first, stop, *args, **kwargs):
        import threading

        import distributed

        if distributed.get_worker() in self.workers:  # not a task left running by another test's cluster
            self.rounds.append((first, stop))
        if self.killed is None and len({first for first, _ in self.rounds}) == self.at:
            worker = self.killed = distributed.get_worker()
            closing = threading.Thread(target=self.cluster.sync, args=(worker.close,), kwargs={"executor_wait": False})
            closing.start()
            closing.join(10)  # closed mid-task: the scheduler runs the task again elsewhere
        return super().shard_round(sweep, first, stop, *args, **kwargs)


def test_a_worker_lost_mid_round_reruns_that_round_alone(frontier, small_cluster, monkeypatch, tmp_path):
    """spill= on Dask: a worker closed while it runs a round's task; only that round's lost task runs again,
    from the last finished round's shard files (each earlier round ran once a shard), and the answer stands."""
    cluster, client = small_cluster
    killing = Killing(frontier, cluster, at=4)
    monkeypatch.setattr(_kernels, "frontier", killing)
    assert knight.count((3, 12), closed=True, executor=client, spill=tmp_path, timeout=60) == 176
    assert killing.killed is not None and len(client.scheduler_info()["workers"]) == 1
    runs = {bounds: killing.rounds.count(bounds) for bounds in killing.rounds}
    firsts = sorted({first for first, _ in runs})
    lost = firsts[3]
    assert all(times == 2 for (first, _), times in runs.items() if first != lost), runs  # two shards, once each
    assert runs[next(bounds for bounds in runs if bounds[0] == lost)] in (2, 3), runs  # the lost task, again


def test_no_worker_left_is_a_worker_error(small_cluster, monkeypatch):
    cluster, client = small_cluster
    monkeypatch.setattr(_spread, "NO_WORKER_WAIT", 0.5)
    losing_workers(monkeypatch, cluster, after=2, workers=2)
    began = time.monotonic()
    with pytest.raises(knight.WorkerError, match="no worker for 0.5 seconds"):
        knight.count((3, 12), closed=True, executor=client)  # no timeout=: the wait is bounded anyway
    assert time.monotonic() - began < 10


def test_a_closed_client_is_a_worker_error(small_cluster):
    _, client = small_cluster
    client.close()
    with pytest.raises(knight.WorkerError, match="is closed"):
        knight.count((3, 12), closed=True, executor=client, method="frontier")


def test_ctrl_c_cancels_the_dask_tasks(small_cluster, monkeypatch):
    """Ctrl-C while a round runs: the round's tasks are cancelled, and none is left running. (Not timed: a
    round of 7×7 here ends by itself within a second anyway, and a bound of a second on the wall failed
    once on a loaded machine, 1.14 s.)"""
    _, client = small_cluster
    wait, cancel = _spread._Dask.wait, _spread._Dask.cancel
    waits, cancelled = [], []

    def interrupted(self, futures, seconds):
        waits.append(1)
        if len(waits) == 6:  # a second and a half in: the first round still lays out 7×7's demand patterns
            raise KeyboardInterrupt
        return wait(self, futures, seconds)

    def cancelling(self, *args):
        cancelled.append(len(self.futures))
        return cancel(self, *args)

    monkeypatch.setattr(_spread._Dask, "wait", interrupted)
    monkeypatch.setattr(_spread._Dask, "cancel", cancelling)
    with pytest.raises(KeyboardInterrupt):
        knight.count((7, 7), executor=client, method="frontier", timeout=60)
    assert cancelled and cancelled[0] > 0  # the round's futures, cancelled
    began = time.monotonic()
    while any(client.processing().values()) and time.monotonic() - began < 30:
        time.sleep(0.05)
    assert not any(client.processing().values())


class Failing(ThreadPoolExecutor):
    def submit(self, *args, **kwargs):
        raise OSError("the executor's queue is gone")


def test_failing_executors_are_worker_errors(monkeypatch):
    pool = ThreadPoolExecutor(2)
    pool.shutdown()
    with pytest.raises(knight.WorkerError, match="ThreadPoolExecutor") as shut:
        knight.count((3, 12), closed=True, executor=pool, method="frontier")
    assert isinstance(shut.value.__cause__, RuntimeError)
    with Failing(1) as failing, pytest.raises(knight.WorkerError, match="Failing.*OSError") as failed:
        knight.count((3, 12), closed=True, executor=failing, method="frontier")
    assert isinstance(failed.value.__cause__, OSError)
    recording = Recording(_kernels.frontier)
    monkeypatch.setattr(recording, "shard_round", lambda *args: 1 / 0)
    monkeypatch.setattr(_kernels, "frontier", recording)
    with (
        ThreadPoolExecutor(2) as pool,
        pytest.raises(knight.WorkerError, match="ThreadPoolExecutor.*ZeroDivisionError"),
    ):
        knight.count((3, 12), closed=True, executor=pool, method="frontier")


def test_a_killed_process_pool_worker_is_a_worker_error():
    import os
    from concurrent.futures.process import BrokenProcessPool

    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(BrokenProcessPool):
            pool.submit(os._exit, 1).result()  # its worker killed
        with pytest.raises(knight.WorkerError, match="ProcessPoolExecutor") as broken:
            knight.count((3, 12), closed=True, executor=pool, method="frontier")
    assert isinstance(broken.value.__cause__, BrokenProcessPool)


def test_too_many_shards_are_refused_or_timed_out():
    with ThreadPoolExecutor(2) as pool, stops_in_time(1, 3, threads=2):
        with pytest.raises(knight.InvalidInputError, match=r"shards=1,000,000 .*GiB"):
            knight.count((7, 7), executor=pool, method="frontier", shards=10**6, timeout=2)
        with pytest.raises(knight.SearchLimitError, match="timed out|seconds"):
            knight.count((7, 7), executor=pool, method="frontier", shards=500, timeout=1)
