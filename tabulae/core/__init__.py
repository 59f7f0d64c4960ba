"""The core protocol: games, states, actions, events, results, matches and the registry."""

from .actions import Action, ActionSpace
from .errors import BadOptions, BadPosition, IllegalAction, MatchFormatError, UnknownGame
from .events import Event, visible
from .game import Game, Option, State
from .match import Match
from .playout import random_playout, random_steps
from .registry import all_games, load
from .result import Result
from .rng import Rng
from .table import DERIVED, FACE_DOWN, Table, Written

__all__ = [
    "DERIVED",
    "FACE_DOWN",
    "Action",
    "ActionSpace",
    "BadOptions",
    "BadPosition",
    "Event",
    "Game",
    "IllegalAction",
    "Match",
    "MatchFormatError",
    "Option",
    "Result",
    "Rng",
    "State",
    "Table",
    "UnknownGame",
    "Written",
    "all_games",
    "load",
    "random_playout",
    "random_steps",
    "visible",
]
