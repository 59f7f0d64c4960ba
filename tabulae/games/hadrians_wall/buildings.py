"""Buildings on both sheets: each built once, the larger after the smaller (H-06).

Left-sheet buildings need the Infrastructure on their banner; right-sheet ones
need a citizen-track level. Building pays the cost and takes the reward at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .areas import word
from .components import BUILDING_INDEX, BUILDINGS, CITIZENS, TRACK_OF_CITIZEN
from .refusals import not_now, refused
from .rewards import gain_all
from .sheet import BUILT, CITIZEN, infrastructure, lacking, pay

if TYPE_CHECKING:
    from .table import HadriansWallTable

BUILD_ACTIONS = tuple(Action("build", b.id) for b in BUILDINGS)
_IDS = tuple(b.id for b in BUILDINGS)
_RULES = tuple(
    (
        BUILT + i,
        -1 if b.after is None else BUILT + BUILDING_INDEX[b.after],
        -1 if b.needs[0] == "infrastructure" else CITIZEN + CITIZENS.index(b.needs[0]),
        b.needs[1],
        b.cost,
    )
    for i, b in enumerate(BUILDINGS)
)
"""Per building: its flag slot, the flag slot of the one it needs first (or -1), the citizen
track it needs (or -1 for Infrastructure), the level, and the cost."""


_Link = tuple[Action, int, int, int, tuple[tuple[int, int], ...]]


def _chains() -> tuple[tuple[_Link, ...], ...]:
    chains: list[list[_Link]] = []
    for action, (flag, after, track, need, cost) in zip(BUILD_ACTIONS, _RULES, strict=True):
        if after < 0:
            chains.append([])
        else:
            assert chains and chains[-1][-1][1] == after, "a building follows the one it needs"
        chains[-1].append((action, flag, track, need, cost))
    return tuple(tuple(chain) for chain in chains)


_CHAINS = _chains()
"""The buildings as chains, each needing the one before it (Small, Medium, Large …), in the
order of `BUILDINGS`: only a chain's first building not yet built may be built."""


def legal_build(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    level = infrastructure(sheet)
    found = []
    for chain in _CHAINS:
        for link in chain:
            if not sheet[link[1]]:
                break
        else:
            continue  # the whole chain is built
        action, _, track, need, cost = link
        if (sheet[track] if track >= 0 else level) < need:
            continue
        for slot, amount in cost:
            if sheet[slot] < amount:
                break
        else:
            found.append(action)
    return found


def play_build(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    i = BUILDING_INDEX[action.word(1)]
    building = BUILDINGS[i]
    pay(sheet, building.cost)
    sheet[BUILT + i] = 1
    gain_all(sheet, table.pending[seat], building.reward)
    table.tell("build", seat=seat, building=building.id)


def why_build(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    name = word(action, 0, _IDS)
    if name is None or len(action.args) != 1:
        return refused(
            "no_building",
            f"there is no building {action.args[0] if action.args else ''!r} to build",
        )
    i = BUILDING_INDEX[name]
    building = BUILDINGS[i]
    flag, after, track, need, cost = _RULES[i]
    if sheet[flag]:
        return refused("already_built", f"the {name} is already built", building=name)
    if after >= 0 and not sheet[after]:
        return refused(
            "needs_building",
            f"the {name} needs the {building.after} first",
            building=name,
            first=building.after,
        )
    have = sheet[track] if track >= 0 else infrastructure(sheet)
    if have < need:
        what = "Infrastructure" if track < 0 else f"{building.needs[0]}s"
        return refused(
            "needs_level",
            f"the {name} needs {what} {need}; you have {have}",
            building=name,
            track="infrastructure" if track < 0 else TRACK_OF_CITIZEN[building.needs[0]],
            need=need,
            have=have,
        )
    return lacking(sheet, cost) or not_now()


MOVES = {"build": Move(legal_build, why_build, play_build)}
ACTIONS = BUILD_ACTIONS
