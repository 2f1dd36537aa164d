"""The terminal client: any game, any mix of local humans and bots.

Each game's screens are registered in :mod:`parlour.tui.renderers`.
"""

from .play import TerminalPlayer
from .renderers import RENDERERS, GenericRenderer, Renderer, RendererError, load_renderer

__all__ = ["RENDERERS", "GenericRenderer", "Renderer", "RendererError", "TerminalPlayer",
           "load_renderer"]
