"""What is printed on Hadrian's Wall's sheets and cards, for the browser's board.

`python -m tabulae.web.printed` writes it as ``web/printed.json`` beside the board.
"""

from __future__ import annotations

from typing import Any

from .components import DATA


def printed() -> dict[str, Any]:
    """The sheets' and cards' printed boxes, tracks and faces."""

    def track(name: str) -> dict[str, Any]:
        part = DATA[name]
        return {"length": part["length"], "columns": part["columns"], "boxes": part["boxes"]}

    granaries, common = DATA["granaries"], DATA["common_buildings"]
    left_buildings = [f"{size}_granary" for size in ("medium", "large")]
    left_buildings += [
        f"{size}_{kind}" for kind in ("hotel", "workshop", "road") for size in ("small", "large")
    ]
    return {
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
        "temples": {size: DATA["temples"][size]["rows"] for size in ("small", "medium", "large")},
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
