"""The designer's lab: bot-only simulation and the statistics of its outcomes."""

from .plan import Plan
from .simulate import play_one, simulate
from .stats import Summary, summarize, wilson

__all__ = ["Plan", "Summary", "play_one", "simulate", "summarize", "wilson"]
