"""The year's actions (H-01): everyone acts, one action at a time, until he passes.

A player first places each reward that leaves him a choice (which Cohort, which attribute),
oldest first; otherwise he takes an action of one of the areas of his sheets, each kind of
action its area's core `Move` (the part of the step made of them is `AREAS`), or passes to
end his year.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move, by_kind

from . import buildings, left_sheet, ludus, market, right_sheet, scouts
from .components import ATTRIBUTES, COHORTS, DATA
from .refusals import not_an_action, refused
from .rewards import advance_attribute, advance_cohort, choices, settle

if TYPE_CHECKING:
    from .table import HadriansWallTable

PASS = Action("pass")
COHORT_ACTIONS = tuple(Action("cohort", c) for c in COHORTS)
ATTRIBUTE_ACTIONS = tuple(Action("attribute", a) for a in ATTRIBUTES)

MOVES: dict[str, Move] = {
    **left_sheet.MOVES,
    **buildings.MOVES,
    **right_sheet.MOVES,
    **market.MOVES,
    **ludus.MOVES,
    **scouts.MOVES,
}
"""Every action kind of the areas, in the order legal actions are listed."""
_NOT_ENDED = {
    ended: tuple(seat for seat, has_ended in enumerate(ended) if not has_ended)
    for players in range(1, DATA["game"]["players"]["max"] + 1)
    for ended in product((False, True), repeat=players)
}
"""For each pattern of ended years, the seats still acting (a lookup: the search's hot path)."""


def acting(table: HadriansWallTable) -> tuple[int, ...]:
    """Everyone who has not yet ended his year."""
    return _NOT_ENDED[tuple(table.ended_year)]


def _not_of_the_year(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    return refused("not_of_the_year", f"'{action}' is not an action of the year")


AREAS = by_kind(acting, MOVES, _not_of_the_year)
"""The areas' actions: each kind listed, checked, explained and played by its own move."""


def legal_action(table: HadriansWallTable, seat: int) -> list[Action]:
    if table.pending[seat]:
        return _placements(table, seat)
    found = AREAS.legal(table, seat)
    found.append(PASS)
    return found


def allows_action(table: HadriansWallTable, seat: int, action: Action) -> bool:
    """Whether `action` is legal, asking only the area of its kind."""
    if not isinstance(action, Action) or not action:
        return False
    if table.pending[seat]:
        return action in _placements(table, seat)
    if action == PASS:
        return True
    allows = AREAS.allows
    assert allows is not None, "a step made by kind says whether one action is legal"
    return allows(table, seat, action)


def why_action(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    shapeless = not_an_action(action)
    if shapeless:
        return shapeless
    pending = table.pending[seat]
    if pending:
        placements = _placements(table, seat)
        return refused(
            "place_reward",
            f"first choose where the {pending[0].replace('_', ' ')} reward goes: "
            + " or ".join(str(a) for a in placements),
            reward=pending[0],
            choices=[a[1] for a in placements],
        )
    return AREAS.why(table, seat, action)


def play_action(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet, pending = table.sheets[seat], table.pending[seat]
    if pending:
        _place(table, seat, action)
    elif action == PASS:
        table.ended_year[seat] = True
        table.tell("pass", seat=seat)
        return
    else:
        AREAS.play(table, seat, action)
    settle(sheet, pending)


def _place(table: HadriansWallTable, seat: int, action: Action) -> None:
    """The first waiting reward placed where the seat chose."""
    kind, sheet, pending = action.kind, table.sheets[seat], table.pending[seat]
    pending.pop(0)
    if kind == "cohort":
        advance_cohort(sheet, pending, COHORTS.index(action[1]))
    else:
        advance_attribute(sheet, pending, ATTRIBUTES.index(action[1]))
    table.tell(kind, seat=seat, choice=action[1])


def _placements(table: HadriansWallTable, seat: int) -> list[Action]:
    """Where the first waiting reward may go."""
    word = table.pending[seat][0]
    allowed = choices(table.sheets[seat], word)
    if word == "cohort":
        return [a for a in COHORT_ACTIONS if a[1] in allowed]
    return [a for a in ATTRIBUTE_ACTIONS if a[1] in allowed]
