"""The final result counted again from the finished sheets, as the rulebook's "KONIEC GRY" does.

Kept apart from `scoring` on purpose: it reads the thresholds and the penalty table from
the component data and counts each Path card's objective in its own words, so a fault in
the engine's scoring column shows as a difference. Score: 1 VP per filled attribute box,
the VP of the six Path cards, minus the final disdain penalty; ties go to the least
final disdain, then to the most Path VP, and players still tied share (H-21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Result

from .components import BUILDING_INDEX, CITIZENS, COHORTS, DATA
from .sheet import (
    ATTRIBUTE,
    BUILT,
    CIRCLED,
    CITIZEN,
    COHORT,
    DISDAIN,
    DISDAIN_REMOVED,
    GUARD,
    LANDMARK,
    MAP,
    MARKET,
    PRODUCTION,
    TEMPLE,
    WALL,
)

if TYPE_CHECKING:
    from .table import HadriansWallTable

_CARDS = DATA["player_cards"]["cards"]
_PENALTY = DATA["disdain"]["final_penalty_by_remaining_disdain"]
_ATTRIBUTE_BOXES = DATA["attribute_tracks"]["length"]


def _temple_boxes(size: str) -> int:
    return sum(len(row["boxes"]) for row in DATA["temples"][size]["rows"])


def _full_sections(filled: int, sections: tuple) -> int:
    return sum(1 for _, last in sections if filled >= last)


def _full_map_columns(cells: int) -> int:
    rows, columns = DATA["scouting_map"]["rows"], DATA["scouting_map"]["columns"]
    return sum(
        1 for x in range(columns) if all(cells >> (y * columns + x) & 1 for y in range(rows))
    )


def _objective(card: str, sheet: list[int]) -> int:
    """What a Path card counts on a player's final sheets (the rulebook's Path texts)."""
    if card == "engineer":  # Large buildings on either sheet
        large = DATA["player_cards"]["large_buildings"]
        return sum(sheet[BUILT + BUILDING_INDEX[b]] for b in large)
    if card == "merchant":  # trade goods in the Market, duplicates included
        return sum(1 for box in range(len(DATA["market"]["boxes"])) if sheet[MARKET + box])
    if card == "ranger":  # completely filled Scouting Map columns
        return _full_map_columns(sheet[MAP])
    if card == "forager":  # filled Resource Production circles, the printed one included
        return sheet[PRODUCTION]
    if card == "pontiff":  # completely filled Temples, filled Small, then Medium, then Large
        ends, at = [], 0
        for size in ("small", "medium", "large"):
            at += _temple_boxes(size)
            ends.append(at)
        return sum(1 for end in ends if sheet[TEMPLE] >= end)
    if card == "trainer":  # Strength of both gladiators: every circled box, filled or not
        return sheet[CIRCLED] + sheet[CIRCLED + 1]
    if card == "defender":  # completed Wall sections
        return _full_sections(sheet[WALL], DATA["wall"]["sections"])
    if card == "fighter":  # complete Cohorts
        length = DATA["cohorts"]["length"]
        return sum(1 for c in range(len(COHORTS)) if sheet[COHORT + c] == length)
    if card == "architect":  # Landmarks built
        return sum(sheet[LANDMARK + i] for i in range(len(DATA["landmarks"]["values"])))
    if card == "aristocrat":  # final disdain: circled boxes not filled again
        return sheet[DISDAIN] - sheet[DISDAIN_REMOVED]
    if card == "planner":  # completely filled citizen tracks
        length = DATA["citizen_tracks"]["length"]
        return sum(1 for c in range(len(CITIZENS)) if sheet[CITIZEN + c] == length)
    if card == "vanguard":  # completed Wall Guard sections
        return _full_sections(sheet[GUARD], DATA["wall_guard"]["sections"])
    raise ValueError(f"no Path card {card!r}")


def _path_vp(index: int, sheet: list[int]) -> int:
    """1, 2 or 3 VP as the card's thresholds are reached (at most, for the Aristocrat)."""
    card = _CARDS[index]
    value = _objective(card["id"], sheet)
    if card.get("comparison") == "at_most":
        return sum(1 for t in card["thresholds"] if value <= t)
    return sum(1 for t in card["thresholds"] if value >= t)


def recount(table: HadriansWallTable) -> Result | None:
    """The final scores, tie-breaks and ranks, or None before the game is over."""
    if table.phase != "over":
        return None
    scores, tiebreaks = [], []
    for seat in range(table.players):
        sheet = table.sheets[seat]
        attributes = sum(
            min(sheet[ATTRIBUTE + a], _ATTRIBUTE_BOXES)
            for a in range(len(DATA["attributes"]["values"]))
        )
        paths = sum(_path_vp(index, sheet) for index in table.paths[seat])
        disdain = sheet[DISDAIN] - sheet[DISDAIN_REMOVED]
        penalty = _PENALTY[disdain] if disdain < len(_PENALTY) else _PENALTY[-1]
        scores.append(attributes + paths - penalty)
        tiebreaks.append((-disdain, paths))
    # competition ranks: 1 + the players strictly ahead on score, then least disdain,
    # then most Path VP
    ranks = []
    for seat in range(table.players):
        mine = (scores[seat], *tiebreaks[seat])
        ahead = 0
        for other in range(table.players):
            if (scores[other], *tiebreaks[other]) > mine:
                ahead += 1
        ranks.append(1 + ahead)
    return Result(tuple(scores), tuple(ranks), tuple(tiebreaks))
