"""Bots: given a seat and what that seat may know, choose an action."""

from .base import BOTS, Bot, RandomBot, decide, make_bot, register
from .greedy import GreedyBot
from .ismcts import ISMCTSBot, Search
from .play import bot_steps

__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "ISMCTSBot",
    "RandomBot",
    "Search",
    "bot_steps",
    "decide",
    "make_bot",
    "register",
]
