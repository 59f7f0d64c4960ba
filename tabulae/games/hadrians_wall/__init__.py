"""Hadrian's Wall (Garphill Games, 2021): 1-6 players fortify the Wall over six years.

Each player fills his own left and right sheets; within a year everyone acts at
the same time. See docs/games/hadrians_wall.md for the actions, views and events.
"""

from .game import GAME, HadriansWall
from .state import HadriansWallState
from .table import HadriansWallTable

__all__ = ["GAME", "HadriansWall", "HadriansWallState", "HadriansWallTable"]
