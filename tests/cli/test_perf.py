"""``parlour bench`` and ``parlour load`` as a command: figures, and the extra the load
test needs (the load test itself is tested in tests/perf/)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from parlour.cli.main import app
from parlour.perf import EXTRA_MODULES

runner = CliRunner()


def test_bench_prints_games_per_second() -> None:
    out = runner.invoke(app, ["bench", "--seconds", "0.2", "--game", "love-me-not"])
    assert out.exit_code == 0, out.output
    assert "games/s" in out.output


def without(modules: tuple[str, ...], *args: str) -> subprocess.CompletedProcess[str]:
    """``parlour ARGS`` in a process of its own where ``modules`` cannot be imported, as in
    an installation without them."""
    code = (f"import sys\nfor m in {modules!r}: sys.modules[m] = None\n"
            f"sys.argv = ['parlour', *{args!r}]\n"
            "from parlour.cli.main import main\nmain()")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)


@pytest.mark.parametrize("module", EXTRA_MODULES)
def test_load_without_the_perf_extra_says_which_extra_to_install(module: str) -> None:
    out = without((module,), "load", "--rooms", "1", "--seconds", "1")
    assert out.returncode == 2, out.stderr
    assert (f"parlour load needs the optional extra perf ({module} is not installed): "
            "pip install -e '.[perf]'") in " ".join(out.stderr.split())


def test_a_missing_module_outside_the_extra_is_not_taken_for_it() -> None:
    out = without(("orjson",), "load", "--rooms", "1", "--seconds", "1")
    assert out.returncode == 1
    assert out.stderr.strip().splitlines()[-1].startswith("ModuleNotFoundError")
    assert "orjson is not installed" not in out.stderr


def test_bench_needs_nothing_from_the_perf_extra() -> None:
    out = without(EXTRA_MODULES, "bench", "--seconds", "0.1", "--game", "love-me-not")
    assert out.returncode == 0, out.stderr
    assert "games/s" in out.stdout
