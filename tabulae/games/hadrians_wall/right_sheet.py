"""The right sheet's civic areas: citizen tracks, Theatre, Temples, Baths, Courthouse and Diplomats.

Its buildings are in `buildings`, the Market in `market`, the Ludus in `ludus`
and the Scouts in `scouts`. Theatre, Baths and Courthouse boxes fill in any
order once their threshold is met (H-04); the # boxes hold the year to enforce
the per-year limits (H-07).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .areas import box_needs, not_built, number, word
from .components import (
    BATHS_BOXES,
    BUILDING_INDEX,
    CITIZENS,
    COHORTS,
    COURT_BOXES,
    COURT_COLUMNS,
    DATA,
    DIPLOMAT_COST,
    DIPLOMAT_FAVOURS,
    DIPLOMAT_NEEDS,
    DIPLOMAT_REWARD,
    PERFORMANCES,
    POOL,
    TEMPLE_ROW_BOXES,
    TEMPLE_WORKERS,
    TRACK_OF_CITIZEN,
)
from .refusals import not_now, refused
from .rewards import advance_citizen, gain, gain_all
from .sheet import (
    APPARITORES,
    BATHS,
    BUILT,
    CITIZEN,
    CIVILIAN,
    COURT,
    DIPLOMATS,
    PATRICIANS,
    PERFORMERS,
    PRIESTS,
    RESOURCE,
    SERVED,
    TEMPLE,
    THEATRE,
    affords,
    cost_of,
    disdain,
    lacking,
    pay,
)
from .sheet import (
    DIPLOMAT_FAVOURS as FAVOURS,
)

if TYPE_CHECKING:
    from .table import HadriansWallTable


CITIZEN_ACTIONS = tuple(Action("citizen", c) for c in CITIZENS)
PERFORM_ACTIONS = tuple(Action("perform", n) for n in range(1, len(PERFORMANCES) + 1))
TEMPLE_ACTIONS = tuple(Action("temple", w) for w in TEMPLE_WORKERS)
BRIBE_ACTIONS = tuple(Action("bribe", n) for n in range(1, len(BATHS_BOXES) + 1))
RULING_ACTIONS = tuple(Action("ruling", n) for n in range(1, len(COURT_BOXES) + 1))
DIPLOMAT_ACTIONS = tuple(Action("diplomat", c) for c in COHORTS)

_THEATRE = BUILT + BUILDING_INDEX["theatre"]
_BATHS = BUILT + BUILDING_INDEX["baths"]
_COURTHOUSE = BUILT + BUILDING_INDEX["courthouse"]
_TEMPLES = {size: BUILT + BUILDING_INDEX[f"{size}_temple"] for size in ("small", "medium", "large")}
_CIVILIAN = ((CIVILIAN, 1),)
_PERFORMANCE = cost_of(DATA["theatre"]["performance_cost"])
_DIPLOMAT = cost_of(DIPLOMAT_COST)
_TEMPLE_SLOTS = tuple(POOL.index(w) for w in TEMPLE_WORKERS)
_BATHS_PER_YEAR = DATA["baths"]["per_year"]
_CITIZEN_SLOTS = tuple((action, CITIZEN + i) for i, action in enumerate(CITIZEN_ACTIONS))
"""Per citizen action, its track: worked out once, as listing the legal actions is the hot
path of a playout."""


# -- citizen tracks -------------------------------------------------------------------------------


def legal_citizen(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if not sheet[CIVILIAN]:
        return []
    return [action for action, slot in _CITIZEN_SLOTS if sheet[slot] < 9]


def play_citizen(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    i = CITIZENS.index(action[1])
    pay(sheet, _CIVILIAN)
    advance_citizen(sheet, table.pending[seat], i)
    table.tell("citizen", seat=seat, citizen=action[1], box=sheet[CITIZEN + i])


def why_citizen(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    citizen = word(action, 0, CITIZENS)
    if citizen is None or len(action.args) != 1:
        return refused(
            "no_citizen",
            f"the citizen tracks are {', '.join(CITIZENS)}",
            citizens=list(CITIZENS),
        )
    if table.sheets[seat][CITIZEN + CITIZENS.index(citizen)] >= 9:
        return refused(
            "track_full", f"the {citizen} track is full", track=TRACK_OF_CITIZEN[citizen]
        )
    return lacking(table.sheets[seat], _CIVILIAN) or not_now()


# -- Theatre --------------------------------------------------------------------------------------


def _performed(sheet: list[int], year: int) -> bool:
    return year in sheet[THEATRE : THEATRE + len(PERFORMANCES)]


def legal_perform(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if not sheet[_THEATRE] or not affords(sheet, _PERFORMANCE) or _performed(sheet, table.year):
        return []
    return [
        action
        for i, (action, (need, _)) in enumerate(zip(PERFORM_ACTIONS, PERFORMANCES, strict=True))
        if not sheet[THEATRE + i] and sheet[PERFORMERS] >= need
    ]


def play_perform(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    i = action.number(1) - 1
    pay(sheet, _PERFORMANCE)
    sheet[THEATRE + i] = table.year
    gain_all(sheet, table.pending[seat], PERFORMANCES[i][1])
    table.tell("perform", seat=seat, performance=i + 1, reward=list(PERFORMANCES[i][1]))


def why_perform(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    n = number(action, 0, 1, len(PERFORMANCES))
    if n is None or len(action.args) != 1:
        return refused(
            "no_box", "a performance is numbered 1-6: 'perform 2'", area="theatre", last=6
        )
    if not sheet[_THEATRE]:
        return not_built("theatre", "Theatre")
    if sheet[THEATRE + n - 1]:
        return refused(
            "box_filled", f"performance {n} has already been given", area="theatre", box=n
        )
    if _performed(sheet, table.year):
        return refused(
            "once_a_year",
            f"the Theatre already gave a performance in year {table.year}",
            area="theatre",
            year=table.year,
        )
    need = PERFORMANCES[n - 1][0]
    if sheet[PERFORMERS] < need:
        return box_needs(
            f"performance {n} needs {need} performers; you have {sheet[PERFORMERS]}",
            "theatre",
            n,
            "performers",
            need,
            sheet[PERFORMERS],
        )
    return lacking(sheet, _PERFORMANCE) or not_now()


# -- Temples --------------------------------------------------------------------------------------


def legal_temple(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    box = sheet[TEMPLE]
    if box >= len(TEMPLE_ROW_BOXES):
        return []
    size, need, _ = TEMPLE_ROW_BOXES[box]
    if not sheet[_TEMPLES[size]] or sheet[PRIESTS] < need:
        return []
    return [a for a, slot in zip(TEMPLE_ACTIONS, _TEMPLE_SLOTS, strict=True) if sheet[slot]]


def play_temple(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    box = sheet[TEMPLE]
    size, _, reward = TEMPLE_ROW_BOXES[box]
    sheet[POOL.index(action[1])] -= 1
    sheet[TEMPLE] = box + 1
    gain_all(sheet, table.pending[seat], reward)
    table.tell("temple", seat=seat, temple=size, box=box + 1, paid=action[1])


def why_temple(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    payment = word(action, 0, TEMPLE_WORKERS)
    if payment is None or len(action.args) != 1:
        return refused("temple_payment", "a temple box costs any 1 worker: 'temple servant'")
    box = sheet[TEMPLE]
    if box >= len(TEMPLE_ROW_BOXES):
        return refused("area_full", "every temple box is filled", area="temples")
    size, need, _ = TEMPLE_ROW_BOXES[box]
    if not sheet[_TEMPLES[size]]:
        return refused(
            "temple_not_built",
            f"the next temple box is in the {size.capitalize()} Temple: build it first",
            building=f"{size}_temple",
        )
    if sheet[PRIESTS] < need:
        return refused(
            "temple_row",
            f"the next temple row needs {need} priests; you have {sheet[PRIESTS]}",
            track="priests",
            need=need,
            have=sheet[PRIESTS],
        )
    return lacking(sheet, ((POOL.index(payment), 1),)) or not_now()


# -- Baths ----------------------------------------------------------------------------------------


def _bribes(sheet: list[int], year: int) -> int:
    return sheet[BATHS : BATHS + len(BATHS_BOXES)].count(year)


def legal_bribe(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if not sheet[_BATHS] or disdain(sheet) < 1 or _bribes(sheet, table.year) >= _BATHS_PER_YEAR:
        return []
    return [
        action
        for i, (action, (need, cost)) in enumerate(zip(BRIBE_ACTIONS, BATHS_BOXES, strict=True))
        if not sheet[BATHS + i] and sheet[APPARITORES] >= need and sheet[RESOURCE] >= cost
    ]


def play_bribe(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    i = action.number(1) - 1
    sheet[RESOURCE] -= BATHS_BOXES[i][1]
    sheet[BATHS + i] = table.year
    gain(sheet, table.pending[seat], "remove_disdain")
    table.tell("bribe", seat=seat, box=i + 1, paid=BATHS_BOXES[i][1])


def why_bribe(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    n = number(action, 0, 1, len(BATHS_BOXES))
    if n is None or len(action.args) != 1:
        return refused("no_box", "a bribe names a Baths box 1-6: 'bribe 1'", area="baths", last=6)
    if not sheet[_BATHS]:
        return not_built("baths", "Baths")
    if sheet[BATHS + n - 1]:
        return refused("box_filled", f"Baths box {n} is already filled", area="baths", box=n)
    if disdain(sheet) < 1:
        return refused("no_disdain", "the Baths remove disdain, and you hold none")
    if _bribes(sheet, table.year) >= _BATHS_PER_YEAR:
        return refused(
            "bribes_spent",
            f"you already gave {_BATHS_PER_YEAR} bribes in year {table.year}",
            bribes=_BATHS_PER_YEAR,
            year=table.year,
        )
    need, cost = BATHS_BOXES[n - 1]
    if sheet[APPARITORES] < need:
        return box_needs(
            f"Baths box {n} needs {need} apparitores; you have {sheet[APPARITORES]}",
            "baths",
            n,
            "apparitores",
            need,
            sheet[APPARITORES],
        )
    return refused(
        "bribe_cost",
        f"Baths box {n} costs {cost} resources; you have {sheet[RESOURCE]}",
        box=n,
        cost=cost,
        have=sheet[RESOURCE],
    )


# -- Courthouse -----------------------------------------------------------------------------------


def _column_used(sheet: list[int], column: int, year: int) -> bool:
    return any(sheet[COURT + i] == year for i, box in enumerate(COURT_BOXES) if box[0] == column)


def legal_ruling(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if not sheet[_COURTHOUSE]:
        return []
    used = [_column_used(sheet, c, table.year) for c in range(len(COURT_COLUMNS))]
    return [
        action
        for i, (action, (column, need, cost, _)) in enumerate(
            zip(RULING_ACTIONS, COURT_BOXES, strict=True)
        )
        if not sheet[COURT + i]
        and not used[column]
        and sheet[APPARITORES] >= need
        and affords(sheet, cost)
    ]


def play_ruling(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    i = action.number(1) - 1
    _, _, cost, reward = COURT_BOXES[i]
    pay(sheet, cost)
    sheet[COURT + i] = table.year
    gain_all(sheet, table.pending[seat], reward)
    table.tell("ruling", seat=seat, box=i + 1, column=COURT_COLUMNS[COURT_BOXES[i][0]])


def why_ruling(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    n = number(action, 0, 1, len(COURT_BOXES))
    if n is None or len(action.args) != 1:
        return refused(
            "no_box",
            "a ruling names a Courthouse box 1-9 (left column 1-3, centre 4-6, right 7-9)",
            area="courthouse",
            last=9,
        )
    if not sheet[_COURTHOUSE]:
        return not_built("courthouse", "Courthouse")
    column, need, cost, _ = COURT_BOXES[n - 1]
    if sheet[COURT + n - 1]:
        return refused(
            "box_filled", f"Courthouse box {n} is already filled", area="courthouse", box=n
        )
    if _column_used(sheet, column, table.year):
        return refused(
            "ruling_given",
            f"the {COURT_COLUMNS[column]} Courthouse column already gave a ruling "
            f"in year {table.year}",
            column=COURT_COLUMNS[column],
            year=table.year,
        )
    if sheet[APPARITORES] < need:
        return box_needs(
            f"Courthouse box {n} needs {need} apparitores; you have {sheet[APPARITORES]}",
            "courthouse",
            n,
            "apparitores",
            need,
            sheet[APPARITORES],
        )
    return lacking(sheet, cost) or not_now()


# -- Diplomats ------------------------------------------------------------------------------------


def legal_diplomat(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    k = sheet[DIPLOMATS]
    if (
        k >= len(DIPLOMAT_NEEDS)
        or sheet[PATRICIANS] < DIPLOMAT_NEEDS[k]
        or not affords(sheet, _DIPLOMAT)
    ):
        return []
    return [a for c, a in enumerate(DIPLOMAT_ACTIONS) if not sheet[SERVED + c]]


def play_diplomat(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    c = COHORTS.index(action[1])
    pay(sheet, _DIPLOMAT)
    sheet[DIPLOMATS] += 1
    sheet[SERVED + c] = sheet[DIPLOMATS]
    sheet[FAVOURS + c] += DIPLOMAT_FAVOURS
    gain_all(sheet, table.pending[seat], DIPLOMAT_REWARD)
    table.tell("diplomat", seat=seat, diplomat=sheet[DIPLOMATS], cohort=action[1])


def why_diplomat(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    cohort = word(action, 0, COHORTS)
    if cohort is None or len(action.args) != 1:
        return refused(
            "diplomat_cohort", "a Diplomat serves the left, centre or right Cohort: 'diplomat left'"
        )
    k = sheet[DIPLOMATS]
    if k >= len(DIPLOMAT_NEEDS):
        return refused("area_full", "all three Diplomats are already sent", area="diplomats")
    if sheet[PATRICIANS] < DIPLOMAT_NEEDS[k]:
        return box_needs(
            f"Diplomat {k + 1} needs {DIPLOMAT_NEEDS[k]} patricians; you have {sheet[PATRICIANS]}",
            "diplomats",
            k + 1,
            "patricians",
            DIPLOMAT_NEEDS[k],
            sheet[PATRICIANS],
        )
    if sheet[SERVED + COHORTS.index(cohort)]:
        return refused(
            "cohort_served",
            f"a Diplomat already serves the {cohort} Cohort; each serves a different one",
            cohort=cohort,
        )
    return lacking(sheet, _DIPLOMAT) or not_now()


MOVES = {
    "citizen": Move(legal_citizen, why_citizen, play_citizen),
    "perform": Move(legal_perform, why_perform, play_perform),
    "temple": Move(legal_temple, why_temple, play_temple),
    "bribe": Move(legal_bribe, why_bribe, play_bribe),
    "ruling": Move(legal_ruling, why_ruling, play_ruling),
    "diplomat": Move(legal_diplomat, why_diplomat, play_diplomat),
}
ACTIONS = (
    *CITIZEN_ACTIONS,
    *PERFORM_ACTIONS,
    *TEMPLE_ACTIONS,
    *BRIBE_ACTIONS,
    *RULING_ACTIONS,
    *DIPLOMAT_ACTIONS,
)
