"""The suite's one timed assertion: a timeout ends the work promptly (CONTRIBUTING.md).

stops_in_time measures the block twice:

* the CPU time of this process (all its threads) is the work done, and what a phase that never
  looks at the clock adds is work too (the 100×100 walk's chunk of nodes once took 11 s); a loaded
  machine stretches it little, so its room is the test's own, seconds at most;
* the wall time also counts the waits (on worker processes, on a pool or a cluster), which a
  loaded machine stretches: two deadline tests once failed at load 12-22 with a room of 5 s and
  3 s on the wall (5.89 s, 3.58 s). Its room is WAIT seconds more, which still catches a wait that
  the deadline does not end (the count's end: many seconds, or minutes).
"""

import time
from contextlib import contextmanager

#: Wall seconds past the test's own room, for a loaded machine's waits.
WAIT = 30


@contextmanager
def stops_in_time(timeout, room, threads=1):
    """The block takes at most room seconds of work past the timeout (CPU time of this process, where
    threads threads may each work until the deadline) and timeout + room + WAIT seconds of wall time."""
    wall, cpu = time.monotonic(), time.process_time()
    yield
    wall, cpu = time.monotonic() - wall, time.process_time() - cpu
    assert cpu < threads * timeout + room, f"{cpu:.2f} CPU s for a timeout of {timeout} s"
    assert wall < timeout + room + WAIT, f"{wall:.2f} s for a timeout of {timeout} s"
