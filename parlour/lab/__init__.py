"""The designer's lab: bot-only simulation and the statistics of its outcomes."""

from .simulate import SimulationSpec, play_one, simulate
from .stats import Summary, summarize, wilson

__all__ = ["SimulationSpec", "Summary", "play_one", "simulate", "summarize", "wilson"]
