"""Sylla (Ystari Games, 2008; design Dominique Ehrhard), 2–4 players.

Rules from the Polish, Dutch and Russian rulebooks, the decided rulings and the
component data in `components.yaml`; `GAME` is the rule set.
"""

from .game import GAME, Sylla

__all__ = ["GAME", "Sylla"]
