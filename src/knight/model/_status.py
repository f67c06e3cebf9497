"""What a search or a walk reports: the status codes every core returns (``_status.pxd`` for C)."""

#: A tour was found; the whole tree was searched without one (a proof); the budget ran out.
FOUND, EXHAUSTED, LIMIT = 0, 1, 2
