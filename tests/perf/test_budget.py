"""The CPU budget per process of ``parlour load --cpu-per-process`` (cgroups)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from parlour.perf.budget import PERIOD_US, BudgetError, cpu_budget, cpu_root
from parlour.perf.load import LoadError, LoadSpec


def cgroups() -> Path | None:
    try:
        return cpu_root()
    except BudgetError:
        return None


@pytest.mark.skipif(cgroups() is None, reason="needs root and a cgroup cpu controller")
def test_a_process_runs_under_its_quota_until_the_budget_ends() -> None:
    root = cgroups()
    assert root is not None
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        with cpu_budget([proc.pid], 0.3) as (group,):
            assert str(proc.pid) in (group / "cgroup.procs").read_text().split()
            if (group / "cpu.max").exists():
                assert (group / "cpu.max").read_text().split() == ["3000", str(PERIOD_US)]
            else:
                assert (group / "cpu.cfs_quota_us").read_text().strip() == "3000"
                assert (group / "cpu.cfs_period_us").read_text().strip() == str(PERIOD_US)
        # Back in the root's own group, and the group made for it is gone.
        assert not group.exists()
        assert str(proc.pid) in (root / "cgroup.procs").read_text().split()
    finally:
        proc.kill()
        proc.wait()


def test_cgroup_v2_turns_the_cpu_controller_on_for_its_groups(tmp_path: Path) -> None:
    (tmp_path / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    (tmp_path / "cgroup.subtree_control").write_text("memory\n")
    assert cpu_root(v1=tmp_path / "none", v2=tmp_path) == tmp_path
    assert (tmp_path / "cgroup.subtree_control").read_text() == "+cpu"


def test_without_a_cpu_controller_the_budget_says_so(tmp_path: Path) -> None:
    (tmp_path / "cgroup.controllers").write_text("memory pids\n")
    with pytest.raises(BudgetError, match="cgroups with the cpu controller"):
        cpu_root(v1=tmp_path / "none", v2=tmp_path)
    with pytest.raises(BudgetError, match=r"0\.01 to 64 cores"), \
            cpu_budget([1], 0.0, root=tmp_path):
        pass


def test_load_takes_a_budget_only_for_the_servers_it_starts() -> None:
    with pytest.raises(LoadError, match=r"--cpu-per-process is 0\.01 to 64 cores"):
        LoadSpec(cpu_per_process=100.0).check()
    with pytest.raises(LoadError, match="goes with --spawn, not --url"):
        LoadSpec(url="http://127.0.0.1:8000", cpu_per_process=0.5).check()
