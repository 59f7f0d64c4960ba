"""Tesserae: a tiny game that uses every part of the protocol, with an interface of its own."""

from .drawing import DRAW, PASS
from .game import GAME, Tesserae
from .state import TesseraeState

__all__ = ["DRAW", "GAME", "PASS", "Tesserae", "TesseraeState"]
