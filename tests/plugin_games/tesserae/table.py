"""The Tesserae position: its fields, declared once; copies and the position format follow."""

from __future__ import annotations

from typing import Literal

from tabulae.core import Rng, Table

Step = Literal["draw", "play", "over"]


def tiles(players: int) -> range:
    """The tiles of a game, numbered 1 to four per player and four more."""
    return range(1, 4 * players + 5)


class TesseraeTable(Table):
    rng: Rng  # the game's chance, for nothing after the deal yet
    stack: list[int]  # the hidden stack, its top last
    hands: list[list[int]]  # each seat's tiles, lowest first
    points: list[int]  # by seat
    round: int  # from 1
    step: Step  # the decision under way: drawing in turn, playing at once, or the game is over
    turn: int  # who draws now
    secret: dict[int, int]  # the tiles played face down this round, by seat

    def first_of_round(self) -> int:
        """Who draws first in this round: each round one seat further on."""
        return (self.round - 1) % self.players
