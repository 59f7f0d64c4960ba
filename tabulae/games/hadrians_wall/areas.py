"""The areas of the sheets: what the actions step asks of each kind of action.

Each action kind belongs to one area, which lists the kind's legal actions for a seat (the
single definition of legality), explains in words why any other action of that kind is
refused, and plays a legal one. The year's actions step (`year`) dispatches to the area of
the action's kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from tabulae.core import Action, IllegalAction

from .components import COLUMN_ENDS
from .refusals import refused
from .sheet import LARGE_GRANARY, MEDIUM_GRANARY, TRACK_AREAS, lacking

if TYPE_CHECKING:
    from .table import HadriansWallTable


class Area(NamedTuple):
    legal: Callable[[HadriansWallTable, int], list[Action]]
    """Every legal action of this kind for the seat, in a stable order."""
    why: Callable[[HadriansWallTable, int, Action], IllegalAction]
    """Why an action of this kind is not legal now."""
    play: Callable[[HadriansWallTable, int, Action], dict[str, Any]]
    """Play a legal action; returns the event's arguments."""


def word(action: Action, index: int, allowed: tuple[str, ...]) -> str | None:
    """The action's argument at `index` if it is one of `allowed`, else None."""
    args = action.args
    value = args[index] if len(args) > index else None
    if type(value) is str and value in allowed:
        return value
    return None


def number(action: Action, index: int, low: int, high: int) -> int | None:
    """The action's int argument at `index` if it lies in low..high, else None."""
    args = action.args
    value = args[index] if len(args) > index else None
    if type(value) is int and low <= value <= high:
        return value
    return None


def not_built(area: str, name: str) -> IllegalAction:
    """`area` is the term of the building, `name` its English name."""
    return refused("not_built", f"build the {name} first", building=area)


def track_refusal(
    sheet: list[int], slot: int, cost: tuple[tuple[int, int], ...], name: str
) -> IllegalAction | None:
    """Why the next box of a gated left-sheet track cannot be filled, or None."""
    area = TRACK_AREAS[slot]
    ends = COLUMN_ENDS[area]
    box = sheet[slot] + 1
    if box > ends[-1]:
        return refused("track_full", f"the {name} is full", track=area)
    level = sheet[MEDIUM_GRANARY] + sheet[LARGE_GRANARY]
    if box > ends[level]:
        granary = "Medium" if level == 0 else "Large"
        column = "centre" if level == 0 else "right"
        return refused(
            "column_locked",
            f"{name} box {box} is in the locked {column} column: build the {granary} Granary first",
            track=area,
            box=box,
            column=column,
            building=f"{granary.lower()}_granary",
        )
    return lacking(sheet, cost)


def box_needs(reason: str, area: str, box: int, track: str, need: int, have: int) -> IllegalAction:
    """A box of `area` needs a level on a citizen `track` that the player has not reached."""
    return refused("box_needs", reason, area=area, box=box, track=track, need=need, have=have)
