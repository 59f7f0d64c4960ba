"""Bots: given a seat and what that seat may know, choose an action."""

from .base import BOTS, Bot, RandomBot, decide, make_bot

__all__ = ["BOTS", "Bot", "RandomBot", "decide", "make_bot"]
