"""The typed user script (tests/typing/use_api.py) runs: what the type checkers accept works."""

import importlib.util
import pathlib

SCRIPT = pathlib.Path(__file__).resolve().parent / "typing" / "use_api.py"


def test_the_typed_script_runs():
    spec = importlib.util.spec_from_file_location("use_api", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main()
