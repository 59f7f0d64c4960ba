"""Horreum: a small game of grain and workers for the bots' tests, with no interface of its own."""

from .game import GAME, Horreum, HorreumState

__all__ = ["GAME", "Horreum", "HorreumState"]
