"""The rulebooks' names of Sylla's words, for `Game.terms`: id -> language -> name.

Every id the engine shows (characters, designs, buildings, events, Great Works,
tendencies, phases, colours) maps to the names the Polish, Dutch and Russian
rulebooks use, all read from the component data.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from .components import Components, Design

LANGUAGES = ("en", "pl", "nl", "ru")

# Words of the engine's own (steps, view keys, action and event arguments) that the component
# data does not name.
ENGINE_WORDS = {
    "round": ("Round", "Runda", "Ronde", "Раунд"),
    "setup": ("Setup", "Przygotowanie", "Voorbereiding", "Подготовка к игре"),
    "over": ("Game over", "Koniec gry", "Einde van het spel", "Конец игры"),
    "prestige": ("Prestige", "Prestiż", "Aanzien", "Престиж"),
    "money": ("Deniers", "Denary", "Munten", "Денарии"),
    "tokens": ("Res Publica tokens", "Żetony Republiki", "Res Publica-fiches", "Жетоны Республики"),
    "up": ("Thumb up", "Kciuk w górę", "Duim naar boven", "Палец вверх"),
    "down": ("Thumb down", "Kciuk w dół", "Duim naar beneden", "Палец вниз"),
    # A Tavern moves a marker left (towards the crisis zone) or right (towards the ideal).
    "left": ("left", "w lewo", "naar links", "влево"),
    "right": ("right", "w prawo", "naar rechts", "вправо"),
    "famine_symbols": ("famine symbols", "symbole głodu", "Hongersnood-symbolen", "символы голода"),
}


def build_terms(components: Components) -> MappingProxyType:
    if components.edition not in _BUILT:
        _BUILT[components.edition] = _build(components)
    return _BUILT[components.edition]


_BUILT: dict[str, MappingProxyType] = {}


def _build(components: Components) -> MappingProxyType:
    raw = components.raw
    terms: dict[str, Any] = {}

    def add(ident: str, names: Any) -> None:
        if names and ident not in terms:
            terms[ident] = MappingProxyType({k: names[k] for k in LANGUAGES if k in names})

    christian = raw["character_types"]["christian_symbol"]["names"]
    colours = {item["id"]: item["names"] for item in raw["hex_colours"]["values"]}
    for design in components.designs:
        names = dict(design.names)
        if design.christian:
            names = {k: f"{v} ({christian[k]})" for k, v in names.items() if k in christian}
        elif _alike(components, design):
            # Two designs of one name (legionary_a, legionary_b) differ by the colours they show.
            names = {
                k: f"{v} ({', '.join(colours[c][k] for c in design.hexes)})"
                for k, v in names.items()
            }
        add(design.id, names)
    add("christian", christian)
    for section in ("character_types", "tendencies", "building_kinds", "phases", "terms"):
        for item in raw[section]["values"]:
            add(item["id"], item["names"])
    add("famine", raw["tendencies"]["famine"]["names"])
    for card in raw["events"]["cards"]:
        add(card["id"], card["names"])
    for card in raw["great_works"]["cards"]:
        add(card["id"], card["names"])
    for section in ("player_colours", "hex_colours"):
        for item in raw[section]["values"]:
            add(item["id"], item["names"])
    add("crane_card", components.crane_names)
    for ident, words in ENGINE_WORDS.items():
        add(ident, dict(zip(LANGUAGES, words, strict=True)))
    return MappingProxyType(terms)


def _alike(components: Components, design: Design) -> bool:
    """Whether another design shows the same name (a Christian one is told by its symbol)."""
    return any(
        other.id != design.id and not other.christian and other.names == design.names
        for other in components.designs
    )
