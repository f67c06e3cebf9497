"""A frontier count that survives: the sweep's layer written to a file after each step, and resumed from it.

``count`` sweeps a question layer by layer with the kernel's ``each_layer`` and, after each
step, writes (question, steps swept, states, tours so far) to the checkpoint file: pickled
to a file beside it, then renamed over it, so that a kill at any moment leaves the last
whole layer. A count given a checkpoint that exists starts from the layer in it (the
question must be the same one); when the count is done the file holds the last layer, so
asking again answers at once. The states are the kernels' common format, so a count begun
compiled resumes in the twin and back.
"""

from __future__ import annotations

import os

from ..model._errors import InvalidInputError
from ._plan import AnyQuestion, plan

#: What a checkpoint file starts with, so that another pickle is refused.
FORMAT = "knight frontier checkpoint 1"


def _read(path: str, question: AnyQuestion):
    """(steps swept, states, tours so far) from the checkpoint at path, or the start when there is none."""
    import pickle  # here, not at import knight (start-up: benchmarks/bench_startup.py)

    try:
        with open(path, "rb") as file:
            saved = pickle.load(file)
    except FileNotFoundError:
        return 0, [(b"", 1)], 0
    except (OSError, pickle.UnpicklingError, EOFError) as error:
        raise InvalidInputError(f"checkpoint {path!r} cannot be read: {error}") from None
    if not (isinstance(saved, tuple) and len(saved) == 5 and saved[0] == FORMAT):
        raise InvalidInputError(f"checkpoint {path!r} is not a knight frontier checkpoint")
    if saved[1] != question:
        raise InvalidInputError(f"checkpoint {path!r} is for another count: {saved[1][:6]}")
    return saved[2], saved[3], saved[4]


def _write(path: str, question: AnyQuestion, steps: int, states, tours: int) -> None:
    import pickle

    part = f"{path}.part"
    with open(part, "wb") as file:
        pickle.dump((FORMAT, question, steps, states, tours), file, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(part, path)


def count(question: AnyQuestion, kernel, path: str, check=None, threads: int = 1) -> int:
    """The tours of question (as kernel.count counts them), resuming from and writing to the checkpoint at path;
    check and threads as for kernel.count."""
    sweep = plan(*question, check=check)
    first, states, before = _read(str(path), question)
    tours = before
    if sweep.factor and first < len(sweep.steps):
        for steps, layer, done in kernel.each_layer(sweep, first, states, check, threads):
            tours = before + done
            _write(str(path), question, steps, layer, tours)
    return sweep.factor * tours
