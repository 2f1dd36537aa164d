"""The game-agnostic engine: the contract, errors, options, records and replay."""

from .agents import Agent, AgentFactory, RandomAgent
from .errors import (
    GameOver,
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    NotYourTurn,
    ParlourError,
    RecordError,
    UnknownBot,
    UnknownGame,
)
from .game import Action, Game, Legal, Result, View, require_keys
from .options import Option, resolve_options
from .records import Match, Record, replay
from .registry import Registry

__all__ = [
    "Action",
    "Agent",
    "AgentFactory",
    "Game",
    "GameOver",
    "IllegalAction",
    "InvalidOptions",
    "Legal",
    "MalformedAction",
    "Match",
    "NotYourTurn",
    "Option",
    "ParlourError",
    "RandomAgent",
    "Record",
    "RecordError",
    "Registry",
    "Result",
    "UnknownBot",
    "UnknownGame",
    "View",
    "replay",
    "require_keys",
    "resolve_options",
]
