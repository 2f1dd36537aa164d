"""The same lab run on a Ray cluster (the optional extra ``parlour[ray]``).

Workers play the same shares of games (:func:`parlour.lab.run.play_rows`) and the rows
are put back in game order, so a cluster gives the same figures as local processes. With
the address ``local`` a Ray of this machine's own is started for the run, and stopped
after it. Every machine of a cluster needs parlour installed (the same version).
"""

from __future__ import annotations

from typing import Any

from parlour.engine import ParlourError

from .plan import Plan
from .run import Progress, Row, chunks, play_rows

LOCAL = "local"


class RayMissing(ParlourError):
    """Ray is asked for but not installed."""


def connect(address: str, cpus: int | None) -> Any:
    """Ray, connected to ``address`` (``local``: a new Ray on this machine, with ``cpus``)."""
    try:
        import ray
    except ImportError:
        raise RayMissing("--ray needs Ray: pip install 'parlour[ray]'") from None
    if address == LOCAL:
        ray.init(address="local", num_cpus=cpus, include_dashboard=False,
                 object_store_memory=100 * 2**20, log_to_driver=False,
                 configure_logging=False)
    else:
        ray.init(address=address, log_to_driver=False, configure_logging=False)
    return ray


def run_ray(plan: Plan, address: str, cpus: int | None = None,
            progress: Progress | None = None) -> list[Row]:
    """Every game of the plan on Ray; rows in game order."""
    ray = connect(address, cpus)
    try:
        workers = int(ray.cluster_resources().get("CPU", 1))
        task = ray.remote(play_rows)
        pending = {task.remote(plan, a, b): a for a, b in chunks(plan.games, max(2, workers))}
        done: dict[int, list[Row]] = {}
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                rows: list[Row] = ray.get(ref)
                done[pending.pop(ref)] = rows
                if progress:
                    progress(len(rows))
        return [row for start in sorted(done) for row in done[start]]
    finally:
        ray.shutdown()
