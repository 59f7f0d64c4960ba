"""Bots: given a seat and what that seat may know, choose an action."""

from .base import BOTS, Bot, RandomBot, decide, known, local_only, make_bot, register
from .greedy import GreedyBot
from .ismcts import ISMCTSBot, Search
from .learned import LearnedBot
from .levels import LEVELS, Level
from .play import bot_steps

__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "GreedyBot",
    "ISMCTSBot",
    "LearnedBot",
    "Level",
    "RandomBot",
    "Search",
    "bot_steps",
    "decide",
    "known",
    "local_only",
    "make_bot",
    "register",
]
