"""End-of-game scoring (H-21): attributes, Path cards, disdain penalty, tie-breaks, solo ranks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabulae.core import Result

from .components import (
    ATTRIBUTE_LENGTH,
    ATTRIBUTES,
    BUILDING_INDEX,
    CITIZEN_LENGTH,
    CITIZENS,
    COHORT_LENGTH,
    COHORTS,
    DISDAIN_PENALTY,
    GUARD_SECTIONS,
    LANDMARKS,
    LARGE_BUILDINGS,
    MARKET_BOXES,
    PLAYER_CARDS,
    SOLO_RANKS,
    TEMPLE_ROW_BOXES,
    TEMPLE_SIZES,
    WALL_SECTIONS,
    PlayerCard,
)
from .scouting import full_columns
from .sheet import (
    ATTRIBUTE,
    BUILT,
    CIRCLED,
    CITIZEN,
    COHORT,
    GUARD,
    LANDMARK,
    MAP,
    MARKET,
    PRODUCTION,
    TEMPLE,
    WALL,
    disdain,
)

_TEMPLE_ENDS = tuple(
    max(i + 1 for i, (size, _, _) in enumerate(TEMPLE_ROW_BOXES) if size == s) for s in TEMPLE_SIZES
)
"""Temple boxes filled when each temple is complete (temples fill in order)."""


def _sections(sheet: list[int], slot: int, sections: tuple) -> int:
    return sum(1 for _, last in sections if sheet[slot] >= last)


OBJECTIVES: dict[str, Callable[[list[int]], int]] = {
    "engineer": lambda s: sum(s[BUILT + BUILDING_INDEX[b]] for b in LARGE_BUILDINGS),
    "merchant": lambda s: sum(1 for i in range(len(MARKET_BOXES)) if s[MARKET + i]),
    "ranger": lambda s: full_columns(s[MAP]),
    "forager": lambda s: s[PRODUCTION],
    "pontiff": lambda s: sum(1 for end in _TEMPLE_ENDS if s[TEMPLE] >= end),
    "trainer": lambda s: s[CIRCLED] + s[CIRCLED + 1],
    "defender": lambda s: _sections(s, WALL, WALL_SECTIONS),
    "fighter": lambda s: sum(1 for c in range(len(COHORTS)) if s[COHORT + c] >= COHORT_LENGTH),
    "architect": lambda s: sum(s[LANDMARK + i] for i in range(len(LANDMARKS))),
    "aristocrat": disdain,
    "planner": lambda s: sum(1 for c in range(len(CITIZENS)) if s[CITIZEN + c] >= CITIZEN_LENGTH),
    "vanguard": lambda s: _sections(s, GUARD, GUARD_SECTIONS),
}
"""What each Path card counts on a player's sheets."""
assert set(OBJECTIVES) == {c.id for c in PLAYER_CARDS}


def path_points(card: PlayerCard, sheet: list[int]) -> tuple[int, int]:
    """(what the card counts, the VP it scores): 1, 2 or 3 VP for each threshold reached."""
    value = OBJECTIVES[card.id](sheet)
    if card.at_most:
        points = sum(1 for t in card.thresholds if value <= t)
    else:
        points = sum(1 for t in card.thresholds if value >= t)
    return value, points


def disdain_penalty(held: int) -> int:
    return DISDAIN_PENALTY[min(held, len(DISDAIN_PENALTY) - 1)]


def attribute_points(sheet: list[int]) -> dict[str, int]:
    return {a: min(sheet[ATTRIBUTE + i], ATTRIBUTE_LENGTH) for i, a in enumerate(ATTRIBUTES)}


def total_score(sheet: list[int], paths: list[int]) -> int:
    """The total of `score`'s column alone, without the column (for bots, which ask for it at
    every position they weigh)."""
    attribute_vp = sum(min(sheet[ATTRIBUTE + i], ATTRIBUTE_LENGTH) for i in range(len(ATTRIBUTES)))
    path_vp = sum(path_points(PLAYER_CARDS[index], sheet)[1] for index in paths)
    return attribute_vp + path_vp - disdain_penalty(disdain(sheet))


def score(sheet: list[int], paths: list[int]) -> dict:
    """The scoring column of one player, as on the bottom right of the left sheet."""
    attributes = attribute_points(sheet)
    cards: list[dict[str, Any]] = []
    for index in paths:
        card = PLAYER_CARDS[index]
        value, points = path_points(card, sheet)
        cards.append({"card": card.id, "counts": value, "vp": points})
    path_vp = sum(c["vp"] for c in cards)
    held = disdain(sheet)
    penalty = disdain_penalty(held)
    return {
        "attributes": attributes,
        "attribute_vp": sum(attributes.values()),
        "paths": cards,
        "path_vp": path_vp,
        "disdain": held,
        "disdain_penalty": penalty,
        "total": sum(attributes.values()) + path_vp - penalty,
    }


def solo_rank(total: int) -> str:
    """The rank a solo score earns (H-22), as its term ("miles", "centurion", ...)."""
    found = SOLO_RANKS[0][1]
    for least, rank in SOLO_RANKS:
        if total >= least:
            found = rank
    return found


def final_result(sheets: list[list[int]], paths: list[list[int]]) -> Result:
    """The ranking by score; ties go to the least disdain, then the most Path VP (H-21)."""
    columns = [score(sheet, cards) for sheet, cards in zip(sheets, paths, strict=True)]
    details: dict[str, Any] = {"scores": columns}
    if len(sheets) == 1:
        details["rank"] = solo_rank(columns[0]["total"])
    return Result.ranked(
        [c["total"] for c in columns],
        [(-c["disdain"], c["path_vp"]) for c in columns],
        details,
    )
