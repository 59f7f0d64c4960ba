"""Sylla's components, read once from one data file and frozen.

The standard edition is `components.yaml` beside this module. The rules read
every number, colour and table from a `Components` object, so correcting a
provisional value (a hex colour, a building count, a famine symbol) is an edit
of that file, and another edition is another file of the same schema. Every
item keeps the `confidence` its data file gives it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

STANDARD = "standard"
BUNDLED = Path(__file__).with_name("components.yaml")

Names = MappingProxyType  # language code -> name: en, pl, nl, ru


def freeze(value: Any) -> Any:
    """Dicts become read-only mappings and lists tuples, all the way down."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


@dataclass(frozen=True)
class Design:
    """One of the ten character designs every set repeats."""

    id: str
    type: str  # senator, merchant, legionary, vestal, slave
    christian: bool
    hexes: tuple[str, ...]
    names: Names
    confidence: str


@dataclass(frozen=True)
class BuildingKind:
    id: str
    names: Names
    kept: bool  # stays in front of its owner (else resolved at once and discarded)
    effect: MappingProxyType
    confidence: str


@dataclass(frozen=True)
class Tile:
    letter: str  # A, B or C on its back
    kind: int  # index into Components.buildings


@dataclass(frozen=True)
class EventCard:
    id: str
    names: Names
    permanent: bool  # Decadence: never removed
    effect: MappingProxyType
    tendency: str | None
    fought_by: tuple[str, ...]  # legionary and/or vestal
    famine_symbols: int
    holds: str | None  # the filter of cards it turns face down and holds, if any
    majority_prestige: int  # Decadence: prestige for the majority instead of a token
    confidence: str
    confidence_by_field: MappingProxyType


@dataclass(frozen=True)
class GreatWork:
    id: str
    names: Names
    title: str  # the Latin title printed on the card
    scoring: MappingProxyType
    ladder_effect: MappingProxyType | None
    confidence: str


@dataclass(frozen=True)
class PlayerCount:
    players: int
    starting_characters: int
    display_size: int
    recruits_per_player: int
    tiles_offered_per_round: int | None  # None: offer while tiles remain
    one_purchase_per_colour: bool
    great_work_ladder_steps_multiplier: int
    pantheon_awards: tuple[int, ...]


@dataclass(frozen=True)
class Components:
    """Everything the rules read from the data file."""

    edition: str
    raw: MappingProxyType  # the whole file, frozen
    rounds: int
    colours: tuple[str, ...]  # player colours in seat order
    colour_names: tuple[Names, ...]
    tendencies: tuple[str, ...]  # civic_spirit, health, leisure (crisis order)
    tendency_names: tuple[Names, ...]
    ladder_values: tuple[int, ...]  # value of positions 1..7
    ladder_start: int
    crisis_positions: tuple[int, ...]
    famine_min: int
    famine_max: int
    famine_start: int
    prestige_start: int
    prestige_floor: int
    hex_colours: tuple[str, ...]
    designs: tuple[Design, ...]
    set_numerals: tuple[str, ...]
    cards: tuple[tuple[int, int], ...]  # card id -> (set index, design index)
    crane_cards: int
    crane_hexes: tuple[str, ...]
    crane_names: Names
    revenue_income: int
    buildings: tuple[BuildingKind, ...]
    tiles: tuple[Tile, ...]
    letters_stacked: tuple[str, ...]  # bottom to top: C, B, A
    slot_colours: tuple[str, ...]
    events: tuple[EventCard, ...]
    great_works: tuple[GreatWork, ...]  # the deck of six
    ecclesia: GreatWork
    plebeians_per_votes: int
    plebeians_prestige: int
    ecclesia_christian: int
    ecclesia_slave_cost: int
    ecclesia_slave_prestige: int
    starting_money: int
    starting_money_per_merchant: int
    player_counts: MappingProxyType  # players -> PlayerCount
    coins: int  # deniers in the box, for the limited_bank option
    tokens_per_tendency: int  # supply per tendency, for the limited_tokens option
    # Per owned card id (characters, then Crane cards), for the rules' quick reading:
    card_names: tuple[str, ...]  # design id, or "crane"
    card_types: tuple[str, ...]  # character type, or "crane"
    card_christian: tuple[bool, ...]
    card_hexes: tuple[tuple[str, ...], ...]
    set_cards: tuple[tuple[int, ...], ...]  # set index -> its card ids
    positions: MappingProxyType  # table name -> id -> position, for `index`

    def design_of(self, card: int) -> Design:
        """The design of a character card id (crane cards have none)."""
        return self.designs[self.cards[card][1]]

    def index(self, table: str, ident: str) -> int:
        """The position of an id in one of the tables (designs, buildings, events, …)."""
        try:
            return self.positions[table][ident]
        except KeyError:
            raise KeyError(f"{table} has no {ident!r}") from None


def load(edition: str = STANDARD) -> Components:
    """The components of an edition: `standard` (bundled) or a path to a data file."""
    try:
        return EDITIONS[edition]
    except KeyError:
        path = BUNDLED if edition == STANDARD else Path(edition)
        return EDITIONS.setdefault(edition, _load(str(path.resolve()), edition))


EDITIONS: dict[str, Components] = {}  # loaded editions by name


@lru_cache(maxsize=8)
def _load(path: str, edition: str) -> Components:
    with open(path, encoding="utf-8") as handle:
        data = freeze(yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    return _build(data, edition)


def _build(d: Any, edition: str) -> Components:
    type_names = {t["id"]: t["names"] for t in d["character_types"]["values"]}
    designs = tuple(
        Design(
            v["id"],
            v["type"],
            bool(v["christian"]),
            tuple(v["hexes"]),
            type_names[v["type"]],
            v["confidence"],
        )
        for v in d["character_designs"]["values"]
    )
    design_ids = [x.id for x in designs]
    numerals = tuple(d["revenue_tiles"]["numerals"])
    cards = tuple(
        (numerals.index(c["set"]), design_ids.index(c["design"]))
        for c in d["character_cards"]["cards"]
    )
    buildings = tuple(
        BuildingKind(v["id"], v["names"], bool(v["kept"]), v["effect"], v["confidence"])
        for v in d["building_kinds"]["values"]
    )
    kind_ids = [b.id for b in buildings]
    stacked = tuple(d["building_tiles"]["letters_stacked"])
    tiles = tuple(
        Tile(letter, kind_ids.index(kind))
        for letter in sorted(d["building_tiles"]["by_letter"])
        for kind, count in d["building_tiles"]["by_letter"][letter].items()
        for _ in range(count)
    )
    holds = d["event_holds"]["values"]
    events = tuple(
        EventCard(
            v["id"],
            v["names"],
            bool(v["permanent"]),
            v["effect"],
            v["tendency"],
            tuple(v["fought_by"]),
            int(v["famine_symbols"]),
            holds[v["id"]]["filter"] if v["id"] in holds else None,
            v.get("majority_reward", {}).get("prestige", 0),
            v["confidence"],
            v.get("confidence_by_field", MappingProxyType({})),
        )
        for v in d["events"]["cards"]
    )
    gw = d["great_works"]
    titles = gw["card_titles"]["values"]
    works = {
        v["id"]: GreatWork(
            v["id"],
            v["names"],
            titles[v["id"]],
            v["scoring"],
            v.get("ladder_effect"),
            v["confidence"],
        )
        for v in gw["cards"]
    }
    ladder = d["res_publica_ladder"]
    famine = d["famine_track"]
    glory = d["road_to_glory"]
    tendencies = d["tendencies"]
    order = tuple(tendencies["crisis_resolution_order"])
    by_id = {t["id"]: t for t in tendencies["values"]}
    ecclesia_steps = {k: v for step in works["ecclesia"].scoring["steps"] for k, v in step.items()}
    box = {item["id"]: item for item in d["box_contents"]["items"]}
    tokens = box["res_publica_token"]["count"] // len(order) - 1
    coins = sum(item.get("value", 0) * item["count"] for item in box.values())
    setup = d["setup"]["starting_money"]
    counts = {
        v["players"]: PlayerCount(
            v["players"],
            v["starting_characters"],
            v["display_size"],
            v["recruits_per_player"],
            v["tiles_offered_per_round"],
            bool(v["one_purchase_per_colour"]),
            v["great_work_ladder_steps_multiplier"],
            tuple(v["pantheon_awards"]),
        )
        for v in d["player_counts"]["values"]
    }
    crane = d["crane_cards"]
    colours = d["player_colours"]["values"]
    owned = [designs[design] for _, design in cards]
    cranes = range(crane["count"])
    tables = {
        "designs": designs,
        "buildings": buildings,
        "events": events,
        "great_works": tuple(works[w] for w in gw["deck"]),
        "tendencies": order,
    }
    positions = MappingProxyType(
        {
            name: MappingProxyType(
                {(x if isinstance(x, str) else x.id): i for i, x in enumerate(items)}
            )
            for name, items in tables.items()
        }
    )
    return Components(
        edition=edition,
        positions=positions,
        raw=d,
        rounds=d["game"]["rounds"],
        colours=tuple(c["id"] for c in colours),
        colour_names=tuple(c["names"] for c in colours),
        tendencies=order,
        tendency_names=tuple(by_id[t]["names"] for t in order),
        ladder_values=tuple(ladder["values"]),
        ladder_start=ladder["start_position"],
        crisis_positions=tuple(ladder["crisis_positions"]),
        famine_min=famine["min"],
        famine_max=famine["max"],
        famine_start=famine["start"],
        prestige_start=glory["start"],
        prestige_floor=glory["floor"],
        hex_colours=tuple(h["id"] for h in d["hex_colours"]["values"]),
        designs=designs,
        set_numerals=numerals,
        cards=cards,
        crane_cards=crane["count"],
        crane_hexes=tuple(crane["hexes"]),
        crane_names=crane["names"],
        revenue_income=d["revenue_tiles"]["income"],
        buildings=buildings,
        tiles=tiles,
        letters_stacked=stacked,
        slot_colours=tuple(d["building_row"]["slot_colours"]),
        events=events,
        great_works=tuple(works[w] for w in gw["deck"]),
        ecclesia=works["ecclesia"],
        plebeians_per_votes=gw["plebeians_gift"]["per_full_votes"],
        plebeians_prestige=gw["plebeians_gift"]["prestige"],
        ecclesia_christian=ecclesia_steps["christian_face_up"],
        ecclesia_slave_cost=ecclesia_steps["free_slave"]["cost"],
        ecclesia_slave_prestige=ecclesia_steps["free_slave"]["prestige"],
        starting_money=setup["base"],
        starting_money_per_merchant=setup["per_merchant_chosen"],
        player_counts=MappingProxyType(counts),
        coins=coins,
        tokens_per_tendency=tokens,
        card_names=tuple([x.id for x in owned] + ["crane" for _ in cranes]),
        card_types=tuple([x.type for x in owned] + ["crane" for _ in cranes]),
        card_christian=tuple([x.christian for x in owned] + [False for _ in cranes]),
        card_hexes=tuple([x.hexes for x in owned] + [tuple(crane["hexes"]) for _ in cranes]),
        set_cards=tuple(
            tuple(c for c, (numeral, _) in enumerate(cards) if numeral == n)
            for n in range(len(numerals))
        ),
    )
