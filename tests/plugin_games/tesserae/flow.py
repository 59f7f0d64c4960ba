"""The round on one screen: who decides what, in order, and how the table moves on."""

from __future__ import annotations

from tabulae.core.flow import Step, by_kind

from . import drawing, playing
from .refusals import not_now
from .table import TesseraeTable

STEPS: dict[str, Step] = {
    "draw": by_kind(drawing.in_turn, drawing.MOVES, not_now),
    "play": by_kind(playing.choosing, playing.MOVES, not_now),
}


def advance(table: TesseraeTable) -> None:
    """After each action: the next player draws, or the tiles are played; once everyone with
    a tile has played one, they are revealed."""
    if table.step == "draw":
        drawing.next_turn(table)
    if table.step == "play" and not playing.choosing(table):
        playing.reveal(table)
