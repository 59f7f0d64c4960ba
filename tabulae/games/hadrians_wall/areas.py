"""What the areas of the sheets share: reading an action's arguments, and the refusals that
several areas give (a building not yet built, a track full or its column locked, a box that
needs a citizen level).

Each area's module states its rules as core `Move`s, one per kind of action: the kind's legal
actions for a seat (the single definition of legality), why any other action of that kind is
refused, and what a legal one does, telling its own event. The year's actions step (`year`)
is made of them by kind.
"""

from __future__ import annotations

from tabulae.core import Action, IllegalAction

from .components import COLUMN_ENDS
from .refusals import refused
from .sheet import LARGE_GRANARY, MEDIUM_GRANARY, TRACK_AREAS, lacking


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
