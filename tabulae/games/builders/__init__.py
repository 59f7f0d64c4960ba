"""The Builders: Antiquity (Bombyx; design Frédéric Henry), for 2–4 players."""

from .game import GAME, Builders

__all__ = ["GAME", "Builders"]
