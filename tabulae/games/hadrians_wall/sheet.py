"""A player's board and two sheets as one flat list of ints, so a copy is one list copy.

Tracks that fill left to right keep the number of filled boxes. Boxes filled in
any order (Market, Theatre, Baths, Courthouse, Training Grounds, Forum) keep what
is written in each: the year, or the trade-good number in the Market; 0 is empty.

The position format writes a sheet by the named areas and tracks of the printed sheets
(`write`, `read`; docs/positions/hadrians_wall.md), not as this list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from tabulae.core import BadPosition, IllegalAction

from .components import (
    ATTRIBUTE_LENGTH,
    ATTRIBUTES,
    BATHS_BOXES,
    BUILDING_INDEX,
    BUILDINGS,
    CIPPI_BOXES,
    CITIZEN_LENGTH,
    CITIZENS,
    COHORT_LENGTH,
    COHORTS,
    COLUMN_ENDS,
    COURT_BOXES,
    COURT_COLUMNS,
    DIPLOMAT_NEEDS,
    DISDAIN_BOXES,
    FATE_CARDS,
    FORT_BOXES,
    FORUM_BOXES,
    GLADIATOR_BOXES,
    GLADIATORS,
    GUARD_BOXES,
    INFRASTRUCTURE,
    LANDMARKS,
    MAP_COLUMNS,
    MAP_ROWS,
    MARKET_BOXES,
    MINING_BOXES,
    PERFORMANCES,
    PLAYER_CARDS,
    POOL,
    PRODUCTION_CIRCLES,
    PRODUCTION_PREFILLED,
    SCOUT_NEEDS,
    TEMPLE_ROW_BOXES,
    TRACK_OF_CITIZEN,
    TRAINING_BOXES,
    WALL_BOXES,
    YEARS,
)
from .components import DIPLOMAT_FAVOURS as DIPLOMAT_FAVOURS_EACH
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
format writes the list by the sheets' named areas (`AREAS`, docs/positions/hadrians_wall.md)."""

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


# -- the position format: the sheets by their named areas -----------------------------------------


class _Count(NamedTuple):
    """One number of the sheet: boxes filled on a track, pieces held, …, `least` to `most`
    (no limit when None)."""

    slot: int
    most: int | None
    least: int = 0

    def slots(self) -> tuple[int, ...]:
        return (self.slot,)

    def write(self, sheet: list[int]) -> int:
        return sheet[self.slot]

    def read(self, data: Any, where: str, sheet: list[int]) -> None:
        most = self.most
        if type(data) is not int or data < self.least or (most is not None and data > most):
            said = f"{self.least} or more" if most is None else f"{self.least} to {most}"
            raise BadPosition(f"{where}: a whole number, {said}, not {data!r:.40}")
        sheet[self.slot] = data


class _Flag(NamedTuple):
    """A yes or no of the sheet (a dead gladiator), written true or false."""

    slot: int

    def slots(self) -> tuple[int, ...]:
        return (self.slot,)

    def write(self, sheet: list[int]) -> bool:
        return bool(sheet[self.slot])

    def read(self, data: Any, where: str, sheet: list[int]) -> None:
        if type(data) is not bool:
            raise BadPosition(f"{where}: true or false, not {data!r:.40}")
        sheet[self.slot] = int(data)


class _Boxes(NamedTuple):
    """Boxes filled in any order, each holding what is written in it (a year, a trade good)
    or 0 when empty, listed left to right."""

    first: int
    boxes: int
    most: int
    holds: str

    def slots(self) -> tuple[int, ...]:
        return tuple(range(self.first, self.first + self.boxes))

    def write(self, sheet: list[int]) -> list[int]:
        return sheet[self.first : self.first + self.boxes]

    def read(self, data: Any, where: str, sheet: list[int]) -> None:
        if not isinstance(data, list) or len(data) != self.boxes:
            raise BadPosition(f"{where}: a list of {self.boxes} boxes, not {data!r:.40}")
        for box, value in enumerate(data):
            if type(value) is not int or not 0 <= value <= self.most:
                raise BadPosition(
                    f"{where}[{box}]: {self.holds} from 1 to {self.most}, or 0 for an empty "
                    f"box, not {value!r:.40}"
                )
            sheet[self.first + box] = value


class _Marks(NamedTuple):
    """Things built, each at most once, written as the list of their names."""

    first: int
    names: tuple[str, ...]

    def slots(self) -> tuple[int, ...]:
        return tuple(range(self.first, self.first + len(self.names)))

    def write(self, sheet: list[int]) -> list[str]:
        return [name for i, name in enumerate(self.names) if sheet[self.first + i]]

    def read(self, data: Any, where: str, sheet: list[int]) -> None:
        if not isinstance(data, list):
            raise BadPosition(f"{where}: a list of names, not {data!r:.40}")
        for name in data:
            if name not in self.names:
                raise BadPosition(f"{where}: {name!r:.40} is none of {', '.join(self.names)}")
            if data.count(name) > 1:
                raise BadPosition(f"{where}: {name} is listed twice")
            sheet[self.first + self.names.index(name)] = 1


class _Map(NamedTuple):
    """The Scouting Map's cells as rows of ``x`` (filled) and ``.`` (empty), top row first;
    kept as a bit mask, bit ``row × columns + column``."""

    slot: int

    def slots(self) -> tuple[int, ...]:
        return (self.slot,)

    def write(self, sheet: list[int]) -> list[str]:
        cells = sheet[self.slot]
        return [
            "".join(
                "x" if cells >> (row * MAP_COLUMNS + column) & 1 else "."
                for column in range(MAP_COLUMNS)
            )
            for row in range(MAP_ROWS)
        ]

    def read(self, data: Any, where: str, sheet: list[int]) -> None:
        if not (
            isinstance(data, list)
            and len(data) == MAP_ROWS
            and all(
                type(row) is str and len(row) == MAP_COLUMNS and set(row) <= {"x", "."}
                for row in data
            )
        ):
            raise BadPosition(
                f"{where}: {MAP_ROWS} rows of {MAP_COLUMNS} cells, x filled and . empty, "
                f"not {data!r:.40}"
            )
        sheet[self.slot] = sum(
            1 << (row * MAP_COLUMNS + column)
            for row, cells in enumerate(data)
            for column, cell in enumerate(cells)
            if cell == "x"
        )


_Part = _Count | _Flag | _Boxes | _Marks | _Map
_Areas = Mapping[str, "_Part | _Areas"]


def _counts(first: int, names: tuple[str, ...], most: int | None) -> dict[str, _Count]:
    return {name: _Count(first + i, most) for i, name in enumerate(names)}


_TRADE_GOOD_MOST = max(
    max(card.trade_good for card in FATE_CARDS), max(card.trade_good for card in PLAYER_CARDS)
)
_COURT_COLUMN = {
    name: tuple(i for i, box in enumerate(COURT_BOXES) if box[0] == column)
    for column, name in enumerate(COURT_COLUMNS)
}
AREAS: _Areas = {
    "pool": _counts(POOL_AT, POOL, None),
    "attributes": _counts(ATTRIBUTE, ATTRIBUTES, ATTRIBUTE_LENGTH),
    "citizens": _counts(CITIZEN, tuple(TRACK_OF_CITIZEN[c] for c in CITIZENS), CITIZEN_LENGTH),
    "cohorts": _counts(COHORT, COHORTS, COHORT_LENGTH),
    "mining_foresting": _Count(MINING, len(MINING_BOXES)),
    "wall_guard": _Count(GUARD, len(GUARD_BOXES)),
    "cippi": _Count(CIPPI, len(CIPPI_BOXES)),
    "wall": _Count(WALL, len(WALL_BOXES)),
    "fort": _Count(FORT, len(FORT_BOXES)),
    "resource_production": _Count(PRODUCTION, PRODUCTION_CIRCLES, PRODUCTION_PREFILLED),
    "built": _Marks(BUILT, tuple(b.id for b in BUILDINGS)),
    "training_grounds": _Boxes(TRAINING, TRAINING_BOXES, YEARS, "the year"),
    "forum": _Boxes(FORUM, FORUM_BOXES, YEARS, "the year"),
    "landmarks": _Marks(LANDMARK, tuple(landmark[0] for landmark in LANDMARKS)),
    "disdain": {
        "circled": _Count(DISDAIN, DISDAIN_BOXES),
        "removed": _Count(DISDAIN_REMOVED, DISDAIN_BOXES),
    },
    "market": _Boxes(MARKET, len(MARKET_BOXES), _TRADE_GOOD_MOST, "the trade good"),
    "theatre": _Boxes(THEATRE, len(PERFORMANCES), YEARS, "the year"),
    "ludus": {
        gladiator: {
            "circled": _Count(CIRCLED + i, GLADIATOR_BOXES),
            "filled": _Count(FILLED + i, GLADIATOR_BOXES),
            "dead": _Flag(DEAD + i),
            "fought": _Count(FOUGHT + i, YEARS),
        }
        for i, gladiator in enumerate(GLADIATORS)
    },
    "temples": _Count(TEMPLE, len(TEMPLE_ROW_BOXES)),
    "temple_favours": _Count(
        TEMPLE_FAVOURS, sum(1 for _, _, reward in TEMPLE_ROW_BOXES if "favour" in reward)
    ),
    "baths": _Boxes(BATHS, len(BATHS_BOXES), YEARS, "the year"),
    "courthouse": {
        name: _Boxes(COURT + boxes[0], len(boxes), YEARS, "the year")
        for name, boxes in _COURT_COLUMN.items()
    },
    "diplomats": _Count(DIPLOMATS, len(DIPLOMAT_NEEDS)),
    "diplomat_serving": _counts(SERVED, COHORTS, len(DIPLOMAT_NEEDS)),
    "diplomat_favours": _counts(DIPLOMAT_FAVOURS, COHORTS, DIPLOMAT_FAVOURS_EACH),
    "scouts": _Count(SCOUTS, len(SCOUT_NEEDS)),
    "scouting_map": _Map(MAP),
}
"""A sheet's named areas as the position format writes them, each reading its slots."""

FAVOUR_KINDS = ("temple", "diplomat")
"""The kinds of favour, in the order a seat's favours used keeps them."""
FAVOURS_USED = {
    kind: _counts(k * len(COHORTS), COHORTS, None) for k, kind in enumerate(FAVOUR_KINDS)
}
"""A seat's favours used at an attack: temple favours against each Cohort, then diplomat
favours, kept as six numbers."""


def _slots(areas: _Areas) -> list[int]:
    return [
        slot
        for part in areas.values()
        for slot in (_slots(part) if isinstance(part, Mapping) else part.slots())
    ]


assert sorted(_slots(AREAS)) == list(range(SIZE)), "every slot of the sheet in exactly one area"
assert all(
    _COURT_COLUMN[name] == tuple(range(boxes[0], boxes[0] + len(boxes)))
    for name, boxes in _COURT_COLUMN.items()
), "the Courthouse keeps its boxes column by column"


def _write(areas: _Areas, numbers: list[int]) -> dict[str, Any]:
    return {
        name: _write(part, numbers) if isinstance(part, Mapping) else part.write(numbers)
        for name, part in areas.items()
    }


def _read(areas: _Areas, data: Any, where: str, numbers: list[int]) -> None:
    if not isinstance(data, Mapping):
        raise BadPosition(f"{where}: a JSON object of {', '.join(areas)}, not {data!r:.40}")
    missing = [name for name in areas if name not in data]
    unknown = [str(name) for name in data if name not in areas]
    if missing or unknown:
        said = [f"missing {', '.join(missing)}"] if missing else []
        said += [f"unknown {', '.join(unknown)}"] if unknown else []
        raise BadPosition(f"{where}: {'; '.join(said)}")
    for name, part in areas.items():
        if isinstance(part, Mapping):
            _read(part, data[name], f"{where}.{name}", numbers)
        else:
            part.read(data[name], f"{where}.{name}", numbers)


def write(sheet: list[int]) -> dict[str, Any]:
    """A sheet as the position format writes it: by its named areas (`AREAS`)."""
    return _write(AREAS, sheet)


def read(data: Any, where: str) -> list[int]:
    """The sheet `write` wrote, or BadPosition saying where in it (``sheets[0].wall: …``)."""
    sheet = [0] * SIZE
    _read(AREAS, data, where, sheet)
    return sheet


def _per_seat(data: Any, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise BadPosition(f"{where}: a list, one per seat, not {data!r:.40}")
    return data


def write_sheets(sheets: list[list[int]]) -> list[dict[str, Any]]:
    return [write(sheet) for sheet in sheets]


def read_sheets(data: Any, where: str) -> list[list[int]]:
    return [read(sheet, f"{where}[{seat}]") for seat, sheet in enumerate(_per_seat(data, where))]


def write_favours_used(used: list[list[int]]) -> list[dict[str, Any]]:
    """Per seat, ``{"temple": {"left": 0, "centre": 1, "right": 0}, "diplomat": {…}}``."""
    return [_write(FAVOURS_USED, numbers) for numbers in used]


def read_favours_used(data: Any, where: str) -> list[list[int]]:
    used = []
    for seat, favours in enumerate(_per_seat(data, where)):
        numbers = [0] * 2 * len(COHORTS)
        _read(FAVOURS_USED, favours, f"{where}[{seat}]", numbers)
        used.append(numbers)
    return used
