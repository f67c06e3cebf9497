# The compiled frontier sweep's crew of threads: C functions only, shared through _crew.pxd (nothing for Python).
