"""What is printed on Sylla's board, for the browser's board.

`python -m tabulae.web.printed` writes it as ``web/printed.json`` beside the board.
"""

from __future__ import annotations

from typing import Any

from .components import load


def printed() -> dict[str, Any]:
    """The board's printed Road to Glory, the colours of the tendencies, and what each
    character design is (its type, and whether it is a Christian), which its rules follow."""
    components = load()
    raw = components.raw
    tendencies = {t["id"]: t["colour"] for t in raw["tendencies"]["values"]}
    tendencies[raw["tendencies"]["famine"]["id"]] = raw["tendencies"]["famine"]["colour"]
    road = raw["road_to_glory"]
    return {
        "road_to_glory": {"min": road["printed_min"], "max": road["printed_max"]},
        "tendencies": tendencies,
        "designs": {d.id: {"type": d.type, "christian": d.christian} for d in components.designs},
    }
