"""Drawing: each player in turn, from the round's first, draws a tile from the hidden stack
or passes. Only he sees the tile he drew."""

from __future__ import annotations

from tabulae.core import Action
from tabulae.core.flow import Move

from .refusals import not_now
from .table import TesseraeTable

DRAW = Action("draw")
PASS = Action("pass")


def in_turn(table: TesseraeTable) -> tuple[int, ...]:
    return (table.turn,)


def legal_draw(table: TesseraeTable, seat: int) -> list[Action]:
    return [DRAW] if table.stack else []


def play_draw(table: TesseraeTable, seat: int, action: Action) -> None:
    tile = table.stack.pop()
    table.hands[seat].append(tile)
    table.hands[seat].sort()
    table.tell("drew", seat=seat)
    table.tell("drew_tile", (seat,), tile=tile)


def legal_pass(table: TesseraeTable, seat: int) -> list[Action]:
    return [PASS]


def play_pass(table: TesseraeTable, seat: int, action: Action) -> None:
    table.tell("passed", seat=seat)


MOVES = {
    "draw": Move(legal_draw, not_now, play_draw),
    "pass": Move(legal_pass, not_now, play_pass),
}


def next_turn(table: TesseraeTable) -> None:
    """The next player draws; once everyone has, the tiles are played."""
    table.turn = (table.turn + 1) % table.players
    if table.turn == table.first_of_round():
        table.step = "play"
