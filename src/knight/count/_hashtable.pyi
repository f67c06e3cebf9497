# The compiled frontier sweep's hash tables: C functions only, shared through _hashtable.pxd (nothing for Python).
