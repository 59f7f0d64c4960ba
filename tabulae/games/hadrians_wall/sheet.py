"""A player's board and two sheets as one flat list of ints, so a copy is one list copy.

Tracks that fill left to right keep the number of filled boxes. Boxes filled in
any order (Market, Theatre, Baths, Courthouse, Training Grounds, Forum) keep what
is written in each: the year, or the trade-good number in the Market; 0 is empty.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabulae.core import IllegalAction

from .data import (
    ATTRIBUTES,
    BATHS_BOXES,
    BUILDING_INDEX,
    BUILDINGS,
    CITIZENS,
    COHORTS,
    COLUMN_ENDS,
    COURT_BOXES,
    FORUM_BOXES,
    GLADIATORS,
    INFRASTRUCTURE,
    LANDMARKS,
    MARKET_BOXES,
    PERFORMANCES,
    POOL,
    PRODUCTION_PREFILLED,
    TRAINING_BOXES,
)
from .refusals import refused


def _layout(*fields: tuple[str, int]) -> tuple[dict[str, int], int]:
    offsets: dict[str, int] = {}
    at = 0
    for name, size in fields:
        offsets[name] = at
        at += size
    return offsets, at


LAYOUT, SIZE = _layout(
    ("pool", len(POOL)),  # workers and resources on the player board
    ("attribute", len(ATTRIBUTES)),
    ("citizen", len(CITIZENS)),
    ("cohort", len(COHORTS)),
    ("mining", 1),
    ("guard", 1),
    ("cippi", 1),
    ("wall", 1),
    ("fort", 1),
    ("production", 1),
    ("built", len(BUILDINGS)),
    ("training", TRAINING_BOXES),
    ("forum", FORUM_BOXES),
    ("landmark", len(LANDMARKS)),
    ("disdain", 1),  # circled Disdain boxes
    ("disdain_removed", 1),  # circled boxes filled again (by the Baths)
    ("market", len(MARKET_BOXES)),
    ("theatre", len(PERFORMANCES)),
    ("circled", len(GLADIATORS)),
    ("filled", len(GLADIATORS)),
    ("dead", len(GLADIATORS)),
    ("fought", len(GLADIATORS)),  # the year of the last battle
    ("temple", 1),  # temple boxes filled, Small then Medium then Large
    ("temple_favours", 1),  # unused favours from temples
    ("baths", len(BATHS_BOXES)),
    ("court", len(COURT_BOXES)),
    ("diplomats", 1),
    ("served", len(COHORTS)),  # 1 + the number of the diplomat serving each Cohort, 0 if none
    ("diplomat_favours", len(COHORTS)),  # unused diplomat favours, per Cohort
    ("scouts", 1),
    ("map", 1),  # filled Scouting Map cells as a bit mask
)
"""Where each part of the sheets starts in a sheet's list of numbers, in order; the position
format writes a sheet as that list (docs/positions/hadrians_wall.md)."""

POOL_AT = LAYOUT["pool"]
assert POOL_AT == 0, "costs in the data tables are pool indices, which must be sheet slots"
SOLDIER, BUILDER, SERVANT, CIVILIAN, RESOURCE = range(POOL_AT, POOL_AT + len(POOL))
ATTRIBUTE = LAYOUT["attribute"]
RENOWN, PIETY, VALOUR, DISCIPLINE = range(ATTRIBUTE, ATTRIBUTE + len(ATTRIBUTES))
CITIZEN = LAYOUT["citizen"]
TRADERS, PERFORMERS, PRIESTS, APPARITORES, PATRICIANS = range(CITIZEN, CITIZEN + len(CITIZENS))
COHORT = LAYOUT["cohort"]
MINING = LAYOUT["mining"]
GUARD = LAYOUT["guard"]
CIPPI = LAYOUT["cippi"]
WALL = LAYOUT["wall"]
FORT = LAYOUT["fort"]
PRODUCTION = LAYOUT["production"]
BUILT = LAYOUT["built"]
TRAINING = LAYOUT["training"]
FORUM = LAYOUT["forum"]
LANDMARK = LAYOUT["landmark"]
DISDAIN = LAYOUT["disdain"]
DISDAIN_REMOVED = LAYOUT["disdain_removed"]
MARKET = LAYOUT["market"]
THEATRE = LAYOUT["theatre"]
CIRCLED = LAYOUT["circled"]
FILLED = LAYOUT["filled"]
DEAD = LAYOUT["dead"]
FOUGHT = LAYOUT["fought"]
TEMPLE = LAYOUT["temple"]
TEMPLE_FAVOURS = LAYOUT["temple_favours"]
BATHS = LAYOUT["baths"]
COURT = LAYOUT["court"]
DIPLOMATS = LAYOUT["diplomats"]
SERVED = LAYOUT["served"]
DIPLOMAT_FAVOURS = LAYOUT["diplomat_favours"]
SCOUTS = LAYOUT["scouts"]
MAP = LAYOUT["map"]

TRACK_AREAS = {
    MINING: "mining_foresting",
    GUARD: "wall_guard",
    CIPPI: "cippi",
    WALL: "wall",
    FORT: "fort",
}
"""The five tracks split into columns by the Granaries."""
MEDIUM_GRANARY = BUILT + BUILDING_INDEX["medium_granary"]
LARGE_GRANARY = BUILT + BUILDING_INDEX["large_granary"]


def _span(name: str) -> range:
    start = LAYOUT[name]
    return range(start, min([at for at in LAYOUT.values() if at > start], default=SIZE))


TALLIES = tuple(
    i
    for name in (
        *("citizen", "cohort", "mining", "guard", "cippi", "wall", "fort", "production"),
        *("temple", "diplomats", "scouts"),
    )
    for i in _span(name)
)
"""Tracks that keep how many boxes are filled."""
MARKS = tuple(
    i
    for name in ("built", "training", "forum", "landmark", "market", "theatre", "baths", "court")
    for i in _span(name)
)
"""Boxes and buildings that are filled when not 0."""


def progress(sheet: list[int]) -> int:
    """How many boxes a player has filled on the building tracks and the sheets."""
    tallied = sum(sheet[i] for i in TALLIES)
    return tallied + sum(1 for i in MARKS if sheet[i]) + sheet[MAP].bit_count()


def new_sheet() -> list[int]:
    """Fresh sheets: the Small Granary and the first Resource Production circle are printed."""
    sheet = [0] * SIZE
    sheet[PRODUCTION] = PRODUCTION_PREFILLED
    return sheet


def infrastructure(sheet: list[int]) -> int:
    return INFRASTRUCTURE[sheet[FORT]]


def open_boxes(sheet: list[int], track: int) -> int:
    """How many boxes of a gated track the built Granaries open (left column always)."""
    return COLUMN_ENDS[TRACK_AREAS[track]][sheet[MEDIUM_GRANARY] + sheet[LARGE_GRANARY]]


def disdain(sheet: list[int]) -> int:
    """Circled Disdain boxes not filled again: the disdain a player holds."""
    return sheet[DISDAIN] - sheet[DISDAIN_REMOVED]


def pay(sheet: list[int], cost: tuple[tuple[int, int], ...]) -> None:
    for slot, amount in cost:
        sheet[slot] -= amount


def affords(sheet: list[int], cost: tuple[tuple[int, int], ...]) -> bool:
    for slot, amount in cost:  # noqa: SIM110 - a plain loop is twice as fast as all() here
        if sheet[slot] < amount:
            return False
    return True


def lacking(sheet: list[int], cost: tuple[tuple[int, int], ...]) -> IllegalAction | None:
    """Why `cost` cannot be paid ("you have 0 resource(s) and it costs 2"), or None."""
    for slot, amount in cost:
        if sheet[slot] < amount:
            name = POOL[slot - POOL_AT]
            return refused(
                "lacking",
                f"you have {sheet[slot]} {name}(s) and it costs {amount}",
                piece=name,
                have=sheet[slot],
                cost=amount,
            )
    return None


def cost_of(spec: Mapping[str, int]) -> tuple[tuple[int, int], ...]:
    """A cost mapping from the data ({"servant": 1, ...}) as (pool slot, amount) pairs."""
    return tuple((POOL_AT + POOL.index(p), n) for p, n in dict(spec).items())
