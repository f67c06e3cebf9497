"""python -m knight: the knight command."""

import sys

from .cli import main

sys.exit(main())
