"""Construction: knight's tours of huge rectangles in linear time, without search.

``_rectangle`` joins solved blocks (``_blocks``) on boards at least five wide; ``_strips``
repeats sections of stored paths (``_strips_data``) on boards three and four wide; the
hot loops are compiled in ``_kernel`` (twin ``_kernel_py``).
"""
