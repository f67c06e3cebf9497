# The compiled frontier sweep's state rules: C functions only, shared through _rules.pxd (nothing for Python).
