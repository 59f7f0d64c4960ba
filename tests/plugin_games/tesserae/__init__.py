"""Tesserae: a tiny game that uses every part of the protocol, with an interface of its own."""

from .game import DRAW, GAME, PASS, Tesserae, TesseraeState

__all__ = ["DRAW", "GAME", "PASS", "Tesserae", "TesseraeState"]
