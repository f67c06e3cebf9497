# Shared by the compiled search (search/_core.pyx) and counting (count/_walker.pyx) cores: the most moves
# a square has, and the status codes both return (the twins' FOUND, EXHAUSTED, LIMIT).

cdef enum:
    MAX_MOVES = 8
    S_FOUND = 0
    S_EXHAUSTED = 1
    S_LIMIT = 2
