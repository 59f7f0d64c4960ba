"""What is printed on Sylla's board, for the browser's board.

`python -m tabulae.web.printed` writes it as ``web/printed.json`` beside the board.
"""

from __future__ import annotations

from typing import Any

from .components import load


def printed() -> dict[str, Any]:
    """The board's printed Road to Glory, the colours of the tendencies, what each character
    design is (its type, its hexes, and whether it is a Christian), which its rules follow,
    and what the faces of the building tiles, events and Great Work cards give, drawn on them."""
    components = load()
    raw = components.raw
    tendencies = {t["id"]: t["colour"] for t in raw["tendencies"]["values"]}
    tendencies[raw["tendencies"]["famine"]["id"]] = raw["tendencies"]["famine"]["colour"]
    road = raw["road_to_glory"]
    return {
        "road_to_glory": {"min": road["printed_min"], "max": road["printed_max"]},
        "tendencies": tendencies,
        "designs": {
            d.id: {"type": d.type, "christian": d.christian, "hexes": list(d.hexes)}
            for d in components.designs
        },
        "buildings": {
            b["id"]: {"phase": _PHASES.get(b["timing"]), "kept": b["kept"], "effect": b["effect"]}
            for b in raw["building_kinds"]["values"]
        },
        "events": {
            e["id"]: {"effect": e["effect"], "majority": e.get("majority_reward")}
            for e in raw["events"]["cards"]
        },
        "great_works": {
            w["id"]: {"scoring": w["scoring"], "ladder": w.get("ladder_effect")}
            for w in raw["great_works"]["cards"]
            if w.get("in_deck", True)
        },
    }


# The phase a building works in, by its printed numeral; None where it works once, on gain.
_PHASES = {"phase_IV": "IV", "phase_VII": "VII"}
