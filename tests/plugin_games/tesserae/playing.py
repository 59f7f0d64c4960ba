"""Playing: everyone with tiles plays one face down, at once; then all are revealed. The
highest tile scores a point; tied highest tiles all score. After the last round the game ends
and the hands are shown."""

from __future__ import annotations

from tabulae.core import Action
from tabulae.core.flow import Move

from .refusals import not_now
from .table import TesseraeTable


def choosing(table: TesseraeTable) -> tuple[int, ...]:
    """Everyone with a tile who has not yet played one."""
    return tuple(s for s in range(table.players) if table.hands[s] and s not in table.secret)


def legal_play(table: TesseraeTable, seat: int) -> list[Action]:
    return [Action("play", n) for n in table.hands[seat]]


def play_play(table: TesseraeTable, seat: int, action: Action) -> None:
    tile = action.number(1)
    table.hands[seat].remove(tile)
    table.secret[seat] = tile
    table.tell("chose", seat=seat)


MOVES = {"play": Move(legal_play, not_now, play_play)}


def reveal(table: TesseraeTable) -> None:
    """Every tile played is shown and the highest score; then the next round, or the end."""
    played = dict(sorted(table.secret.items()))
    table.tell("revealed", tiles={str(s): t for s, t in played.items()})
    if played:
        best = max(played.values())
        for seat, tile in played.items():
            if tile == best:
                table.points[seat] += 1
                table.tell("scored", seat=seat)
    table.secret = {}
    if table.round == table.options["rounds"]:
        table.step = "over"
        table.tell("over", hands={str(seat): list(hand) for seat, hand in enumerate(table.hands)})
    else:
        table.round += 1
        table.step, table.turn = "draw", table.first_of_round()
