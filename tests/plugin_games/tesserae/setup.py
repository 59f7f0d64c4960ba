"""Setting up: the tiles shuffled into a hidden stack, two dealt to each player."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Game, Rng

from .state import TesseraeState
from .table import tiles


def start(
    game: Game,
    players: int,
    rng: Rng,
    options: Mapping[str, Any],
    kind: type[TesseraeState] = TesseraeState,
) -> TesseraeState:
    """The table of a new game (a `kind` of state: the tests plant defects in one)."""
    table = kind.blank(game, players, options)
    table.rng = rng
    table.stack = list(tiles(players))
    rng.shuffle(table.stack)
    table.hands = [sorted(table.stack.pop() for _ in range(2)) for _ in range(players)]
    table.points = [0] * players
    table.round, table.step, table.turn = 1, "draw", 0
    table.secret = {}
    table.tell("setup", players=players)
    for seat, hand in enumerate(table.hands):
        table.tell("hand", (seat,), tiles=list(hand))
    return table
