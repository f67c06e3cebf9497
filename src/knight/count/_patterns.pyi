# The compiled frontier sweep's demand patterns: C functions only, shared through _patterns.pxd (nothing for Python).
