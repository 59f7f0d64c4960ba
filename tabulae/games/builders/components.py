"""The cards and constants of The Builders: Antiquity, read once from components.yaml.

Everything here is frozen (tuples, frozen dataclasses, read-only mappings), so
every table shares it. Each card has one number (buildings 1–29, machines 30–33,
workers 34–51, slaves 52–57) used by the action notation; a finished machine
keeps its number when it joins its owner's workers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Any

import yaml

MATERIALS = ("stone", "wood", "architecture", "decoration")
Materials = tuple[int, int, int, int]
NOTHING: Materials = (0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Building:
    """A building card; a machine also provides materials once finished."""

    number: int
    id: str
    names: Mapping[str, str]
    cost: Materials
    coins: int
    vp: int
    provides: Materials | None
    confidence: str

    @property
    def machine(self) -> bool:
        return self.provides is not None


@dataclass(frozen=True, slots=True)
class Crew:
    """A worker or slave card, as printed (a slave's citizen side shares its materials)."""

    number: int
    id: str
    tier: str
    names: Mapping[str, str]
    provides: Materials
    wage: int
    confidence: str
    alternative: Materials | None = None

    @property
    def slave(self) -> bool:
        return self.tier == "slave"


@dataclass(frozen=True, slots=True)
class Tool:
    """A tool card: it adds one material to the worker that carries it."""

    material: int
    word: str
    id: str
    names: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Constants:
    """Prices, rows and scoring values from the rulebook."""

    building_row: int
    worker_row: int
    starting_sesterces: int
    free_actions: int
    extra_action_cost: int
    take_sesterces: Mapping[int, int]
    slave_price: int
    tool_price: int
    university_price: int
    university_level: int
    loan_gain: int
    loan_repay: int
    slaves: int
    loans: int
    unfreed_slave_vp: int
    unpaid_loan_vp: int
    freeing_at_scoring: int
    citizen_wage: int
    citizen_names: Mapping[str, str]
    trigger_vp: int
    bank: int


def _materials(data: Mapping[str, int]) -> Materials:
    unknown = set(data) - set(MATERIALS)
    if unknown:
        raise ValueError(f"unknown materials {sorted(unknown)} in the Builders data")
    stone, wood, architecture, decoration = (int(data.get(m, 0)) for m in MATERIALS)
    return (stone, wood, architecture, decoration)


def _names(data: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(data))


def _only_material(data: Mapping[str, int], amount: int) -> int:
    """The index of the one material a tool or University card names."""
    vector = _materials(data)
    named = [i for i, n in enumerate(vector) if n]
    if len(named) != 1 or vector[named[0]] != amount:
        raise ValueError(f"a card should name one material with {amount}: {dict(data)}")
    return named[0]


def _load() -> dict[str, Any]:
    text = files(__package__).joinpath("components.yaml").read_text(encoding="utf-8")
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


_DATA = _load()


def _buildings() -> tuple[Building, ...]:
    machines = _DATA["machines"]
    printed: list[tuple[Any, Materials | None]] = [(c, None) for c in _DATA["buildings"]["cards"]]
    printed += [(c, _materials(c["provides"])) for c in machines["cards"]]
    return tuple(
        Building(
            number=number,
            id=c["id"],
            names=_names(c["names"]),
            cost=_materials(c["cost"]),
            coins=int(machines["coins"] if provides else c["coins"]),
            vp=int(c["vp"]),
            provides=provides,
            confidence=c["confidence"],
        )
        for number, (c, provides) in enumerate(printed, start=1)
    )


def _crew(first: int) -> tuple[Crew, ...]:
    """Workers, then slaves (as slaves: freeing changes only the wage)."""
    tiers = {t["id"]: t for t in _DATA["worker_tiers"]["values"]}
    slaves = _DATA["slaves"]
    slave_confidence = slaves["confidence_by_field"].get("materials", slaves["confidence"])
    printed = [
        (c, c["tier"], tiers[c["tier"]]["names"], c["confidence"], c["wage"])
        for c in _DATA["workers"]["cards"]
    ]
    printed += [
        (c, "slave", slaves["names"], slave_confidence, slaves["wage"]) for c in slaves["cards"]
    ]
    return tuple(
        Crew(
            number=number,
            id=c["id"],
            tier=tier,
            names=_names(names),
            provides=_materials(c["provides"]),
            wage=int(wage),
            confidence=confidence,
            alternative=_materials(c["transcribed_alternative"])
            if "transcribed_alternative" in c
            else None,
        )
        for number, (c, tier, names, confidence, wage) in enumerate(printed, start=first)
    )


def _tools() -> tuple[Tool, ...]:
    tools = sorted(
        (
            Tool(
                material=_only_material(c["adds"], 1),
                word=c["id"].removeprefix("tool_"),
                id=c["id"],
                names=_names(c["names"]),
            )
            for c in _DATA["tools"]["cards"]
        ),
        key=lambda t: t.material,
    )
    if [t.material for t in tools] != list(range(len(MATERIALS))):
        raise ValueError("the Builders data needs one tool per material")
    return tuple(tools)


def _constants() -> Constants:
    setup, turn, slaves = _DATA["setup"], _DATA["turn"], _DATA["slaves"]
    loans, universities, scoring = _DATA["loans"], _DATA["universities"], _DATA["end_and_scoring"]
    level = int(max(universities["cards"][0]["sets"].values()))
    taught = {_only_material(c["sets"], level) for c in universities["cards"]}
    if taught != set(range(len(MATERIALS))):
        raise ValueError("the Builders data needs one University per material")
    return Constants(
        building_row=int(setup["building_row"]),
        worker_row=int(setup["worker_row"]),
        starting_sesterces=int(setup["starting_sesterces"]),
        free_actions=int(turn["free_actions"]),
        extra_action_cost=int(turn["extra_action_cost"]),
        take_sesterces=MappingProxyType(
            {int(t["sesterces"]): int(t["actions"]) for t in turn["take_sesterces"]}
        ),
        slave_price=int(slaves["purchase_cost"]),
        tool_price=int(_DATA["tools"]["cost"]),
        university_price=int(universities["cost"]),
        university_level=level,
        loan_gain=int(loans["gain"]),
        loan_repay=int(loans["repay"]),
        slaves=int(slaves["count"]),
        loans=int(loans["count"]),
        unfreed_slave_vp=int(slaves["unfreed_penalty_vp"]),
        unpaid_loan_vp=int(loans["unpaid_penalty_vp"]),
        freeing_at_scoring=int(slaves["free_cost_at_final_scoring"]["sesterces"]),
        citizen_wage=int(slaves["citizen_side"]["wage"]),
        citizen_names=_names(slaves["citizen_side"]["names"]),
        trigger_vp=int(scoring["trigger_vp"]),
        bank=int(_DATA["box_contents"]["totals"]["sesterces_in_coins"]),
    )


BUILDINGS: tuple[Building, ...] = _buildings()
CREW: tuple[Crew, ...] = _crew(first=len(BUILDINGS) + 1)
TOOLS: tuple[Tool, ...] = _tools()
RULES: Constants = _constants()
SESTERCES_PER_VP = round(1 / _DATA["end_and_scoring"]["vp_per_sesterce"])
MATERIAL_NAMES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {m["id"]: _names(m["names"]) for m in _DATA["materials"]["values"]}
)

MACHINES: tuple[int, ...] = tuple(b.number for b in BUILDINGS if b.machine)
WORKERS: tuple[int, ...] = tuple(c.number for c in CREW if not c.slave)
SLAVES: tuple[int, ...] = tuple(c.number for c in CREW if c.slave)
APPRENTICES: tuple[int, ...] = tuple(c.number for c in CREW if c.tier == "apprentice")
LAST_CARD = CREW[-1].number
SLAVE_CARDS = frozenset(SLAVES)
MACHINE_CARDS = frozenset(MACHINES)

_BY_NUMBER: tuple[Building | Crew | None, ...] = (None, *BUILDINGS, *CREW)
if [getattr(c, "number", 0) for c in _BY_NUMBER] != list(range(LAST_CARD + 1)):
    raise ValueError("Builders card numbers are not consecutive")


def card(number: int) -> Building | Crew:
    """The card with this number."""
    found = _BY_NUMBER[number]
    assert found is not None
    return found


@cache
def provisions(fourth_apprentice: str) -> tuple[Materials, ...]:
    """What each card brings to a site, by card number, as printed (before training).

    Only machines, workers and slaves bring anything; the fourth apprentice
    follows the game option (ruling B-03).
    """
    table = [NOTHING] * (LAST_CARD + 1)
    for number in MACHINES:
        provides = BUILDINGS[number - 1].provides
        assert provides is not None
        table[number] = provides
    for crew in CREW:
        table[crew.number] = crew.provides
    if fourth_apprentice == "stone_architecture":
        for crew in CREW:
            if crew.alternative is not None:
                table[crew.number] = crew.alternative
    return tuple(table)


# Wages by card number, as printed: machines and slaves work for nothing.
WAGES: tuple[int, ...] = tuple(
    next((c.wage for c in CREW if c.number == n), 0) for n in range(LAST_CARD + 1)
)
