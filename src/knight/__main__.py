"""python -m knight: the knight command."""

import sys

from .cli import main

if __name__ == "__main__":  # importing it (stubtest, documentation tools) runs nothing
    sys.exit(main())
