"""What is printed on each game's sheets, boards and cards, for the browser's boards.

A board draws every box with the reward printed in it; those numbers live in the game's
component data, not in the board's code. `python -m tabulae.web.printed` writes them as
``static/boards/<game>.printed.json`` (the browser has no build step), and a test checks the
files match the data.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

BOARDS = Path(__file__).resolve().parent / "static" / "boards"


def _plain(value: Any) -> Any:
    """Read-only mappings and tuples of the component data as JSON-ready dicts and lists."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def hadrians_wall() -> dict[str, Any]:
    from tabulae.games.hadrians_wall.data import DATA

    def track(name: str) -> dict[str, Any]:
        part = DATA[name]
        return {"length": part["length"], "columns": part["columns"], "boxes": part["boxes"]}

    granaries, common = DATA["granaries"], DATA["common_buildings"]
    left_buildings = [f"{size}_granary" for size in ("medium", "large")]
    left_buildings += [
        f"{size}_{kind}" for kind in ("hotel", "workshop", "road") for size in ("small", "large")
    ]
    return _plain(
        {
            "cohorts": {
                "tracks": DATA["cohorts"]["tracks"],
                "length": DATA["cohorts"]["length"],
                "boxes": DATA["cohorts"]["boxes"],
            },
            "tracks": {
                name: track(name)
                for name in ("mining_foresting", "wall_guard", "cippi", "wall", "fort")
            },
            "cippi_needs_fort": DATA["cippi"]["requires_fort_box"],
            "infrastructure_flags": DATA["fort"]["infrastructure_flag_boxes"],
            "granary_columns": {
                "medium": granaries["medium"]["unlocks_column"],
                "large": granaries["large"]["unlocks_column"],
            },
            "resource_production": DATA["resource_production"]["circles"],
            "training_grounds": DATA["training_grounds"]["boxes"],
            "forum": DATA["forum"]["boxes"],
            "left_buildings": left_buildings,
            "landmarks": [lm["id"] for lm in DATA["landmarks"]["values"]],
            "landmark_flag": DATA["attribute_tracks"]["landmark_flag_at"],
            "attribute_tracks": {
                "length": DATA["attribute_tracks"]["length"],
                "boxes": DATA["attribute_tracks"]["boxes"],
            },
            "disdain": DATA["disdain"]["boxes"],
            "citizen_tracks": {
                name: {"boxes": t["boxes"], "flags": t["coloured_flags"]}
                for name, t in DATA["citizen_tracks"]["tracks"].items()
            },
            "citizen_length": DATA["citizen_tracks"]["length"],
            "market": DATA["market"]["boxes"],
            "theatre": DATA["theatre"]["performances"],
            "ludus": {
                "columns": DATA["ludus"]["training"]["columns"],
                "requires_performers": DATA["ludus"]["training"]["requires_performers_by_column"],
            },
            "temples": {
                size: DATA["temples"][size]["rows"] for size in ("small", "medium", "large")
            },
            "baths": DATA["baths"]["boxes"],
            "courthouse": DATA["courthouse"]["columns"],
            "diplomats": DATA["diplomats"]["requires_patricians"],
            "scouts": DATA["scouts"]["requires_patricians"],
            "scouting_map": {
                "columns": DATA["scouting_map"]["columns"],
                "rows": DATA["scouting_map"]["rows"],
                "cells": DATA["scouting_map"]["cells"],
            },
            "patterns": DATA["patterns"]["values"],
            "player_cards": {
                card["id"]: {
                    "trade_good": card["trade_good"],
                    "pattern": card["pattern"],
                    "prospect": card["prospect"],
                    "thresholds": card["thresholds"],
                }
                for card in DATA["player_cards"]["cards"]
            },
            "common_income": {
                kind: common[kind]["income_per_year"] for kind in ("hotel", "workshop", "road")
            },
        }
    )


def sylla() -> dict[str, Any]:
    from tabulae.games.sylla.components import load

    raw = load().raw
    tendencies = {t["id"]: t["colour"] for t in raw["tendencies"]["values"]}
    tendencies[raw["tendencies"]["famine"]["id"]] = raw["tendencies"]["famine"]["colour"]
    road = raw["road_to_glory"]
    return _plain(
        {
            "road_to_glory": {"min": road["printed_min"], "max": road["printed_max"]},
            "tendencies": tendencies,
        }
    )


PRINTED: dict[str, Callable[[], dict[str, Any]]] = {"hadrians_wall": hadrians_wall, "sylla": sylla}


def path(game: str) -> Path:
    return BOARDS / f"{game}.printed.json"


def text(game: str) -> str:
    return json.dumps(PRINTED[game](), ensure_ascii=False, indent=1) + "\n"


def installed() -> list[str]:
    """The games with a board whose rules are installed here."""
    from tabulae.core import games

    return [game for game in PRINTED if game in games()]


def main() -> None:
    for game in installed():
        path(game).write_text(text(game), encoding="utf-8")
        print(f"wrote {path(game)}")


if __name__ == "__main__":
    main()
