"""Tabulae: Sylla, The Builders: Antiquity and Hadrian's Wall, for people, bots and researchers.

>>> import tabulae
>>> state = tabulae.load("sylla").new(players=4, seed=7)
"""

# Python binds a subpackage to its parent's namespace when first imported. Import the
# `games` package before binding the `games()` function below, so the function keeps the name.
from . import games as _games_package  # noqa: F401
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
    games,
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
    "games",
    "load",
]
