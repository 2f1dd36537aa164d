"""The game-agnostic engine: the contract, errors, options, free input, records, replay
and the play loop."""

from .agents import RandomAgent
from .chance import generator, shuffle
from .errors import (
    ContentError,
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
from .game import Action, Agent, AgentFactory, Game, Legal, Parts, Result, View, require_keys
from .inputs import Arrangement, InputSpec, Ranking, Text, Texts, clean_text, text_problem
from .options import Option, resolve_options
from .play import Corrigible, move, play, step
from .records import Match, Record, replay
from .registry import Registry

__all__ = [
    "Action",
    "Agent",
    "AgentFactory",
    "Arrangement",
    "ContentError",
    "Corrigible",
    "Game",
    "GameOver",
    "IllegalAction",
    "InputSpec",
    "InvalidOptions",
    "Legal",
    "MalformedAction",
    "Match",
    "NotYourTurn",
    "Option",
    "ParlourError",
    "Parts",
    "RandomAgent",
    "Ranking",
    "Record",
    "RecordError",
    "Registry",
    "Result",
    "Text",
    "Texts",
    "UnknownBot",
    "UnknownGame",
    "View",
    "clean_text",
    "generator",
    "move",
    "play",
    "replay",
    "require_keys",
    "resolve_options",
    "shuffle",
    "step",
    "text_problem",
]
