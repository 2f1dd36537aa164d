"""The terminal client: any game, any mix of local humans and bots."""

from .play import TerminalPlayer, load_renderer

__all__ = ["TerminalPlayer", "load_renderer"]
