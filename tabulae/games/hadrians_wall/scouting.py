"""Scouting patterns on the Scouting Map: every rotation and mirror image at every place.

An orientation is numbered 0-7: quarter turns clockwise 0-3, plus 4 for the
mirror image (mirrored left to right first, then turned). The anchor cell is the
top-left corner of the placed pattern's bounding box, numbered row by row from
0 (``cell = row * columns + column``). Patterns with symmetries have fewer
distinct orientations; only the lowest number of each distinct shape is offered.
"""

from __future__ import annotations

from types import MappingProxyType

from tabulae.core import IllegalAction

from .components import MAP_COLUMNS, MAP_ICONS, MAP_ROW_REWARD, MAP_ROWS, PATTERNS
from .refusals import refused

ORIENTATIONS = 8
CELLS = MAP_ROWS * MAP_COLUMNS
ROW_MASKS = tuple(((1 << MAP_COLUMNS) - 1) << (r * MAP_COLUMNS) for r in range(MAP_ROWS))
COLUMN_MASKS = tuple(
    sum(1 << (r * MAP_COLUMNS + c) for r in range(MAP_ROWS)) for c in range(MAP_COLUMNS)
)


def orient(cells: tuple[tuple[int, int], ...], orientation: int) -> tuple[tuple[int, int], ...]:
    """The pattern's (x, y) cells turned and mirrored, moved to touch x = 0 and y = 0."""
    points = [(-x, y) if orientation >= 4 else (x, y) for x, y in cells]
    for _ in range(orientation % 4):
        points = [(-y, x) for x, y in points]
    low_x = min(x for x, _ in points)
    low_y = min(y for _, y in points)
    return tuple(sorted((x - low_x, y - low_y) for x, y in points))


def _placements(pattern: str) -> tuple[tuple[int, int, int], ...]:
    """(orientation, anchor cell, mask) of every distinct placement inside the map."""
    seen: set[tuple] = set()
    found = []
    for orientation in range(ORIENTATIONS):
        shape = orient(PATTERNS[pattern], orientation)
        if shape in seen:
            continue
        seen.add(shape)
        for row in range(MAP_ROWS):
            for column in range(MAP_COLUMNS):
                if all(column + x < MAP_COLUMNS and row + y < MAP_ROWS for x, y in shape):
                    mask = sum(1 << ((row + y) * MAP_COLUMNS + column + x) for x, y in shape)
                    found.append((orientation, row * MAP_COLUMNS + column, mask))
    return tuple(found)


PLACEMENTS = MappingProxyType({name: _placements(name) for name in PATTERNS})
"""Every distinct placement of each pattern on an empty map."""
_MASKS = MappingProxyType(
    {name: {(o, cell): mask for o, cell, mask in found} for name, found in PLACEMENTS.items()}
)


def mask_of(pattern: str, orientation: int, cell: int) -> int | None:
    """The cells a placement covers, or None if it is not a distinct placement inside the map."""
    return _MASKS[pattern].get((orientation, cell))


def why_not(pattern: str, orientation: int, cell: int, filled: int) -> IllegalAction | None:
    """Why a placement is refused: off the map, or over filled cells."""
    if not 0 <= orientation < ORIENTATIONS or not 0 <= cell < CELLS:
        return refused("scout_placement", "orientations are 0-7 and anchor cells 0-19")
    shape = orient(PATTERNS[pattern], orientation)
    row, column = divmod(cell, MAP_COLUMNS)
    if any(column + x >= MAP_COLUMNS or row + y >= MAP_ROWS for x, y in shape):
        return refused(
            "off_the_map",
            f"the {pattern} pattern in orientation {orientation} at cell {cell} leaves the map",
            pattern=pattern,
        )
    if mask_of(pattern, orientation, cell) is None:
        return refused(
            "same_orientation",
            f"orientation {orientation} repeats a lower-numbered orientation of the {pattern}",
            pattern=pattern,
        )
    covered = sum(1 << ((row + y) * MAP_COLUMNS + column + x) for x, y in shape)
    if covered & filled:
        return refused(
            "cells_filled", "the pattern would cover cells already filled on the Scouting Map"
        )
    return None


def rewards(filled: int, mask: int) -> list[str]:
    """What placing `mask` on a map with `filled` cells gives: covered icons, then row rewards."""
    gained = [MAP_ICONS[i] for i in range(CELLS) if mask >> i & 1 and MAP_ICONS[i]]
    after = filled | mask
    for row in ROW_MASKS:
        if after & row == row and filled & row != row:
            gained.extend(MAP_ROW_REWARD)
    return gained


def full_columns(filled: int) -> int:
    return sum(1 for column in COLUMN_MASKS if filled & column == column)
