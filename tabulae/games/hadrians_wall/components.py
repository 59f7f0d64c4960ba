"""The component data, loaded once from components.yaml and frozen.

Everything the rules read (box rewards, thresholds, costs, cards, tables) comes
from that one file, so a correction is made there. This module only reads it
and derives the lookup tables the rules use, in the rulebook's vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from types import MappingProxyType
from typing import Any

import yaml


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _load() -> Any:
    text = files(__package__).joinpath("components.yaml").read_text(encoding="utf-8")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return _freeze(yaml.load(text, Loader=loader))


DATA = _load()
"""The whole components file as read-only mappings and tuples."""

POOL = ("soldier", "builder", "servant", "civilian", "resource")
"""Workers and the resource, in the order the sheet layout stores them."""
ATTRIBUTES = tuple(v["id"] for v in DATA["attributes"]["values"])
CITIZENS = tuple(v["id"] for v in DATA["citizens"]["values"])
COHORTS = tuple(DATA["cohorts"]["tracks"])
YEARS = DATA["game"]["years"]
DIFFICULTIES = tuple(DATA["difficulty"]["fate_cards_drawn_for_attack"])

assert tuple(v["id"] for v in DATA["workers_and_resource"]["values"]) == POOL
assert ATTRIBUTES == ("renown", "piety", "valour", "discipline")
assert CITIZENS == ("trader", "performer", "priest", "apparitor", "patrician")

TRACK_OF_CITIZEN = dict(zip(CITIZENS, DATA["citizen_tracks"]["tracks"], strict=True))
"""Citizen id -> its track key in the data ("trader" -> "traders")."""


def citizen_of_track(track: str) -> str:
    """The citizen whose track is named `track` (``"apparitores"`` -> ``"apparitor"``)."""
    for citizen, name in TRACK_OF_CITIZEN.items():
        if name == track:
            return citizen
    raise KeyError(track)


# -- cards ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class FateCard:
    id: str
    attack: int
    """The index of the Cohort its highlighted arrow attacks."""
    damage: int
    trade_good: int
    items: tuple[int, ...]
    """Soldiers, builders, servants, civilians and resources every player takes."""


@dataclass(frozen=True)
class PlayerCard:
    id: str
    name: str
    name_pl: str
    objective: str
    thresholds: tuple[int, ...]
    at_most: bool
    prospect: tuple[int, ...]
    trade_good: int
    pattern: str


FATE_CARDS = tuple(
    FateCard(
        c["id"],
        COHORTS.index(c["attack"]),
        c["gladiator_damage"],
        c["trade_good"],
        tuple(c[p] for p in POOL),
    )
    for c in DATA["fate_cards"]["cards"]
)
PLAYER_CARDS = tuple(
    PlayerCard(
        c["id"],
        c["names"]["en"],
        c["names"]["pl"],
        c["objective"],
        tuple(c["thresholds"]),
        c.get("comparison") == "at_most",
        tuple(c["prospect"].get(p, 0) for p in POOL),
        c["trade_good"],
        c["pattern"],
    )
    for c in DATA["player_cards"]["cards"]
)
CARD_INDEX = MappingProxyType({c.id: i for i, c in enumerate(PLAYER_CARDS)})
PATTERNS = MappingProxyType(
    {
        name: tuple(tuple(cell) for cell in cells)
        for name, cells in DATA["patterns"]["values"].items()
    }
)

# -- the year and the attack ---------------------------------------------------------------------

ATTACK_CARDS = DATA["difficulty"]["fate_cards_drawn_for_attack"]
"""Difficulty -> Fate cards revealed for the attack in years 1..6."""
GREY_FLAGS = DATA["difficulty"]["attack_potential_by_year"]
NEUTRAL_PROSPECTS = DATA["neutral_deck"]["prospects_revealed_per_year"]
DISDAIN_PENALTY = DATA["disdain"]["final_penalty_by_remaining_disdain"]
DISDAIN_BOXES = DATA["disdain"]["boxes"]
SOLO_RANKS = tuple((r["min"], r["id"]) for r in DATA["solo_ranks"]["values"])
"""(lowest total, rank id) per solo rank, lowest first."""

# -- left sheet -------------------------------------------------------------------------------


def _columns(area: str) -> tuple[int, int, int]:
    """The last box number of each column (left, centre, right) of a gated track."""
    columns = DATA[area]["columns"]
    return tuple(columns[c][1] for c in ("left", "centre", "right"))


COHORT_LENGTH = DATA["cohorts"]["length"]
COHORT_BOXES = DATA["cohorts"]["boxes"]
MINING_BOXES = DATA["mining_foresting"]["boxes"]
GUARD_BOXES = DATA["wall_guard"]["boxes"]
FORT_BOXES = DATA["fort"]["boxes"]
WALL_BOXES = DATA["wall"]["boxes"]
CIPPI_BOXES = DATA["cippi"]["boxes"]
CIPPI_NEEDS_FORT = DATA["cippi"]["requires_fort_box"]
COLUMN_ENDS = MappingProxyType(
    {area: _columns(area) for area in ("mining_foresting", "wall_guard", "cippi", "wall", "fort")}
)
GUARD_SECTIONS = DATA["wall_guard"]["sections"]
WALL_SECTIONS = DATA["wall"]["sections"]
FORT_FLAGS = DATA["fort"]["infrastructure_flag_boxes"]
INFRASTRUCTURE = tuple(sum(1 for f in FORT_FLAGS if f <= n) for n in range(len(FORT_BOXES) + 1))
"""Infrastructure after n Fort boxes: the number on the last orange flag reached."""
PRODUCTION_CIRCLES = DATA["resource_production"]["circles"]
PRODUCTION_PREFILLED = DATA["resource_production"]["prefilled"]
TRAINING_BOXES = DATA["training_grounds"]["boxes"]
TRAINING_REWARD = DATA["training_grounds"]["reward"]
FORUM_BOXES = DATA["forum"]["boxes"]
FORUM_WORKERS = DATA["forum"]["exchangeable"]
LANDMARKS = tuple(
    (
        v["id"],
        ATTRIBUTES.index(next(iter(v["requires"]))),
        next(iter(v["requires"].values())),
        v["reward"],
    )
    for v in DATA["landmarks"]["values"]
)
"""(id, index of the attribute it needs, the level it needs, reward) per Landmark."""
LANDMARK_COST = DATA["landmarks"]["cost"]
ATTRIBUTE_LENGTH = DATA["attribute_tracks"]["length"]
ATTRIBUTE_BOXES = tuple(
    tuple(() if r is None else (r,) for r in DATA["attribute_tracks"]["boxes"][a])
    for a in ATTRIBUTES
)

# -- right sheet ------------------------------------------------------------------------------

CITIZEN_LENGTH = DATA["citizen_tracks"]["length"]
CITIZEN_BOXES = tuple(
    DATA["citizen_tracks"]["tracks"][TRACK_OF_CITIZEN[c]]["boxes"] for c in CITIZENS
)
MARKET_BOXES = tuple((b["requires_traders"], tuple(b["extra"])) for b in DATA["market"]["boxes"])
UNIQUE_GOODS_RENOWN = DATA["market"]["unique_goods_renown"]
PERFORMANCES = tuple(
    (p["requires_performers"], p["reward"]) for p in DATA["theatre"]["performances"]
)
LUDUS = DATA["ludus"]
GLADIATORS = tuple(LUDUS["gladiators"])
GLADIATOR_BOXES = LUDUS["training"]["columns"]
GLADIATOR_NEEDS = LUDUS["training"]["requires_performers_by_column"]
GLADIATOR_TRAINING = LUDUS["training"]["cost_any_of"]
GLADIATOR_SURVIVED = LUDUS["reward_by_column"]["survived"]
GLADIATOR_DIED = LUDUS["reward_by_column"]["died"]
TEMPLE_WORKERS = DATA["temples"]["box_cost_any_of"]
TEMPLE_SIZES = ("small", "medium", "large")
TEMPLE_ROW_BOXES = tuple(
    (size, row["requires_priests"], tuple(box))
    for size in TEMPLE_SIZES
    for row in DATA["temples"][size]["rows"]
    for box in row["boxes"]
)
"""Every temple box in filling order: (temple size, priests needed, reward)."""
BATHS_BOXES = tuple(
    (b["requires_apparitores"], b["cost"].get("resource", 0)) for b in DATA["baths"]["boxes"]
)
COURT_COLUMNS = ("left", "centre", "right")
COURT_BOXES = tuple(
    (
        col,
        need,
        tuple((POOL.index(p), n) for p, n in DATA["courthouse"]["columns"][c]["cost"].items()),
        DATA["courthouse"]["columns"][c]["reward"],
    )
    for col, c in enumerate(COURT_COLUMNS)
    for need in DATA["courthouse"]["columns"][c]["requires_apparitores"]
)
"""Every Courthouse box, column by column: (column, apparitores needed, cost, reward)."""
DIPLOMAT_NEEDS = DATA["diplomats"]["requires_patricians"]
DIPLOMAT_COST = DATA["diplomats"]["cost_each"]
DIPLOMAT_FAVOURS = sum(1 for r in DATA["diplomats"]["reward_each"] if r == "cohort_favour")
DIPLOMAT_REWARD = tuple(r for r in DATA["diplomats"]["reward_each"] if r != "cohort_favour")
SCOUT_NEEDS = DATA["scouts"]["requires_patricians"]
SCOUT_COST = DATA["scouts"]["cost_each"]
MAP = DATA["scouting_map"]
MAP_ROWS = MAP["rows"]
MAP_COLUMNS = MAP["columns"]
MAP_ICONS = tuple(icon for row in MAP["cells"] for icon in row)
"""The printed icon of each map cell, row by row (cell = row * columns + column)."""
MAP_ROW_REWARD = MAP["per_complete_row"]

BUILDING_KINDS = {
    "medium_granary": ("granaries", "medium"),
    "large_granary": ("granaries", "large"),
    "small_hotel": ("common_buildings", "hotel", "small"),
    "large_hotel": ("common_buildings", "hotel", "large"),
    "small_workshop": ("common_buildings", "workshop", "small"),
    "large_workshop": ("common_buildings", "workshop", "large"),
    "small_road": ("common_buildings", "road", "small"),
    "large_road": ("common_buildings", "road", "large"),
    "small_precinct": ("precincts", "small"),
    "medium_precinct": ("precincts", "medium"),
    "large_precinct": ("precincts", "large"),
    "market": ("market", "build"),
    "theatre": ("theatre", "build"),
    "ludus": ("ludus", "build"),
    "small_gardens": ("gardens", "small"),
    "large_gardens": ("gardens", "large"),
    "small_temple": ("temples", "small", "build"),
    "medium_temple": ("temples", "medium", "build"),
    "large_temple": ("temples", "large", "build"),
    "baths": ("baths", "build"),
    "courthouse": ("courthouse", "build"),
}
"""Every building a player builds, with where the data keeps its banner."""


@dataclass(frozen=True)
class Building:
    id: str
    needs: tuple[str, int]
    """The Infrastructure level or citizen track (by citizen id) and the level it needs."""
    after: str | None
    """The smaller building it needs first."""
    cost: tuple[tuple[int, int], ...]
    reward: tuple[str, ...]


def _building(building: str, path: tuple[str, ...]) -> Building:
    entry = DATA
    for key in path:
        entry = entry[key]
    requires = dict(entry.get("requires", {}))
    built = requires.pop("built", None)
    ((need, level),) = requires.items()
    if need != "infrastructure":
        need = citizen_of_track(need)
    after = None
    if built is not None:
        after = f"{built}_{building.split('_', 1)[1]}"
    cost = tuple((POOL.index(p), n) for p, n in entry["cost"].items())
    return Building(building, (need, level), after, cost, tuple(entry.get("reward", ())))


BUILDINGS = tuple(_building(b, path) for b, path in BUILDING_KINDS.items())
BUILDING_INDEX = MappingProxyType({b.id: i for i, b in enumerate(BUILDINGS)})
LARGE_BUILDINGS = DATA["player_cards"]["large_buildings"]
INCOME = MappingProxyType(
    {
        f"{size}_{kind}": DATA["common_buildings"][kind]["income_per_year"][0]
        for kind in ("hotel", "workshop", "road")
        for size in ("small", "large")
    }
)
"""What each filled circle of a Hotel, Workshop or Road gives at the start of each year."""
