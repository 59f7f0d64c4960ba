"""Rewards: what filling a box gives at once, and the choices some rewards leave to the player.

A reward is a word from the data's vocabulary. Most apply at once and may chain
(an attribute box gives a worker, a Wall box a Cohort box that gives discipline).
A reward that needs a choice (which Cohort, which attribute) waits in the
player's queue of pending choices; the player resolves it with a `cohort` or
`attribute` action before doing anything else. A reward that cannot be applied
is lost (H-04).
"""

from __future__ import annotations

from .components import (
    ATTRIBUTE_BOXES,
    ATTRIBUTE_LENGTH,
    ATTRIBUTES,
    CITIZEN_BOXES,
    CITIZEN_LENGTH,
    CITIZENS,
    COHORT_BOXES,
    COHORT_LENGTH,
    COHORTS,
    GUARD_BOXES,
    POOL,
    PRODUCTION_CIRCLES,
)
from .sheet import (
    ATTRIBUTE,
    CITIZEN,
    COHORT,
    DISDAIN,
    DISDAIN_REMOVED,
    GUARD,
    POOL_AT,
    PRODUCTION,
    TEMPLE_FAVOURS,
    open_boxes,
)

CHOICES = {
    "cohort": COHORTS,
    "piety_or_discipline": ("piety", "discipline"),
    "renown_or_valour": ("renown", "valour"),
    "attribute_of_choice": ATTRIBUTES,
}
"""Rewards that wait for the player's choice, with what may be chosen."""


def gain(sheet: list[int], pending: list[str], word: str) -> None:
    """Apply one reward to a player's sheet."""
    slot = _POOL_SLOT.get(word)
    if slot is not None:
        sheet[slot] += 1
        return
    index = _ATTRIBUTE_INDEX.get(word)
    if index is not None:
        advance_attribute(sheet, pending, index)
        return
    index = _CITIZEN_INDEX.get(word)
    if index is not None:
        advance_citizen(sheet, pending, index)
        return
    if word in CHOICES:
        pending.append(word)
    elif word == "production":
        if sheet[PRODUCTION] < PRODUCTION_CIRCLES:
            sheet[PRODUCTION] += 1
    elif word == "sword":
        if sheet[GUARD] < open_boxes(sheet, GUARD):
            fill_track(sheet, pending, GUARD, GUARD_BOXES)
    elif word == "favour":
        sheet[TEMPLE_FAVOURS] += 1
    elif word == "remove_disdain":
        if sheet[DISDAIN] > sheet[DISDAIN_REMOVED]:
            sheet[DISDAIN_REMOVED] += 1
    elif word != "infrastructure":  # Infrastructure is read from the Fort's flags
        raise ValueError(f"unknown reward {word!r}")


def gain_all(sheet: list[int], pending: list[str], words: tuple[str, ...]) -> None:
    for word in words:
        gain(sheet, pending, word)


def fill_track(sheet: list[int], pending: list[str], slot: int, boxes: tuple) -> None:
    """Fill the next box of a left-to-right track and take its rewards."""
    n = sheet[slot]
    sheet[slot] = n + 1
    for word in boxes[n]:
        gain(sheet, pending, word)


def advance_attribute(sheet: list[int], pending: list[str], index: int) -> None:
    """One point of an attribute; points above the track's end are lost."""
    slot = ATTRIBUTE + index
    n = sheet[slot]
    if n < ATTRIBUTE_LENGTH:
        sheet[slot] = n + 1
        for word in ATTRIBUTE_BOXES[index][n]:
            gain(sheet, pending, word)


def advance_citizen(sheet: list[int], pending: list[str], index: int) -> None:
    """One box of a citizen track; a full track loses the reward."""
    slot = CITIZEN + index
    n = sheet[slot]
    if n < CITIZEN_LENGTH:
        sheet[slot] = n + 1
        for word in CITIZEN_BOXES[index][n]:
            gain(sheet, pending, word)


def advance_cohort(sheet: list[int], pending: list[str], index: int) -> None:
    fill_track(sheet, pending, COHORT + index, COHORT_BOXES)


def choices(sheet: list[int], word: str) -> tuple[str, ...]:
    """What may be chosen now for a pending reward (Cohorts that are not full)."""
    if word == "cohort":
        return tuple(c for i, c in enumerate(COHORTS) if sheet[COHORT + i] < COHORT_LENGTH)
    return CHOICES[word]


def settle(sheet: list[int], pending: list[str]) -> None:
    """Apply pending Cohort rewards that leave no choice: one open Cohort, or none (lost)."""
    while pending and pending[0] == "cohort":
        open_ = choices(sheet, "cohort")
        if len(open_) > 1:
            return
        pending.pop(0)
        if open_:
            advance_cohort(sheet, pending, COHORTS.index(open_[0]))


_POOL_SLOT = {word: POOL_AT + i for i, word in enumerate(POOL)}
_ATTRIBUTE_INDEX = {word: i for i, word in enumerate(ATTRIBUTES)}
_CITIZEN_INDEX = {word: i for i, word in enumerate(CITIZENS)}
