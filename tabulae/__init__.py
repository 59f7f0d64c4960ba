"""Tabulae: Sylla, The Builders: Antiquity and Hadrian's Wall, for people, bots and researchers.

>>> import tabulae
>>> state = tabulae.load("sylla").new(players=4, seed=7)
"""

from .core import (
    Action,
    BadOptions,
    Event,
    Game,
    IllegalAction,
    Match,
    Result,
    Rng,
    State,
    UnknownGame,
    all_games,
    load,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "BadOptions",
    "Event",
    "Game",
    "IllegalAction",
    "Match",
    "Result",
    "Rng",
    "State",
    "UnknownGame",
    "all_games",
    "load",
]
