"""The left sheet's actions: Mining & Foresting, Wall Guard, Cippi, Wall, Fort,
Training Grounds, Forum and Landmarks. Buildings are in `buildings`.

Mining & Foresting, Wall Guard, Cippi, Wall and Fort are tracks split into
columns that the Granaries open (H-05); the Cippi and the Wall also hang on
chains from the Fort.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .areas import track_refusal, word
from .components import (
    ATTRIBUTES,
    CIPPI_BOXES,
    CIPPI_NEEDS_FORT,
    DATA,
    FORT_BOXES,
    FORUM_BOXES,
    FORUM_WORKERS,
    GUARD_BOXES,
    LANDMARK_COST,
    LANDMARKS,
    MINING_BOXES,
    POOL,
    TRAINING_BOXES,
    TRAINING_REWARD,
    WALL_BOXES,
)
from .refusals import no_arguments, not_now, refused
from .rewards import fill_track, gain_all
from .sheet import (
    ATTRIBUTE,
    BUILDER,
    CIPPI,
    FORT,
    FORUM,
    GUARD,
    LANDMARK,
    MINING,
    TRACK_AREAS,
    TRAINING,
    WALL,
    affords,
    cost_of,
    lacking,
    open_boxes,
    pay,
)

if TYPE_CHECKING:
    from .table import HadriansWallTable

_MINING_COST = cost_of(DATA["mining_foresting"]["cost"])
_GUARD_COST = cost_of(DATA["wall_guard"]["cost_each"])
_CIPPI_COST = cost_of(DATA["cippi"]["cost"])
_WALL_COST = cost_of(DATA["wall"]["cost"])
_FORT_PAYMENTS = tuple(DATA["fort"]["cost_any_of"])
_TRAINING_COST = cost_of(DATA["training_grounds"]["cost"])
_LANDMARK_COST = cost_of(LANDMARK_COST)
_LANDMARK_IDS = tuple(lm[0] for lm in LANDMARKS)

MINE = Action("mine")
GUARD_ACTION = Action("guard")
CIPPI_ACTION = Action("cippi")
WALL_ACTION = Action("wall")
FORT_ACTIONS = tuple(Action("fort", p) for p in _FORT_PAYMENTS)
TRAINING_ACTION = Action("training")
FORUM_ACTIONS = tuple(
    Action("forum", a, b, take)
    for i, a in enumerate(FORUM_WORKERS)
    for b in FORUM_WORKERS[i:]
    for take in FORUM_WORKERS
    if take not in (a, b)
)
"""Return two workers (an unordered pair, soldiers excluded), take one of another type."""
LANDMARK_ACTIONS = tuple(Action("landmark", lm) for lm in _LANDMARK_IDS)

# The legal actions' slots worked out once: listing them is the hot path of a playout.
_FORT_SLOTS = tuple((a, POOL.index(p)) for a, p in zip(FORT_ACTIONS, _FORT_PAYMENTS, strict=True))
"""Per Fort action, the pool slot of the worker it takes."""
_FORUM_SLOTS = tuple((a, POOL.index(a.word(1)), POOL.index(a.word(2))) for a in FORUM_ACTIONS)
"""Per Forum action, the pool slots of the two workers it returns."""
_LANDMARK_SLOTS = tuple(
    (action, LANDMARK + i, ATTRIBUTE + attribute, level)
    for i, (action, (_, attribute, level, _)) in enumerate(
        zip(LANDMARK_ACTIONS, LANDMARKS, strict=True)
    )
)
"""Per Landmark action, its box, the attribute track it needs and the level."""


def _plain_track(
    slot: int, boxes: tuple, cost: tuple[tuple[int, int], ...], action: Action, name: str
) -> Move:
    """A track whose next box costs the same every time (Mining & Foresting, Wall Guard)."""

    def legal(table: HadriansWallTable, seat: int) -> list[Action]:
        sheet = table.sheets[seat]
        if sheet[slot] < open_boxes(sheet, slot) and affords(sheet, cost):
            return [action]
        return []

    def play(table: HadriansWallTable, seat: int, action: Action) -> None:
        sheet = table.sheets[seat]
        pay(sheet, cost)
        fill_track(sheet, table.pending[seat], slot, boxes)
        table.tell(action.kind, seat=seat, box=sheet[slot], reward=_reward(boxes[sheet[slot] - 1]))

    def why(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
        return track_refusal(table.sheets[seat], slot, cost, name) or no_arguments(action)

    return Move(legal, why, play)


def _reward(words: tuple[str, ...]) -> list[str] | None:
    """What a filled box gave, for its event: its icons, or None (shown "—") for a bare box."""
    return list(words) or None


# -- Cippi and Wall: chained to the Fort ----------------------------------------------------------


def _cippi_fort_box(sheet: list[int]) -> int:
    return CIPPI_NEEDS_FORT[sheet[CIPPI]]


def _wall_fort_box(sheet: list[int]) -> int:
    return sheet[WALL] + 1


def _chained_track(slot: int, boxes: tuple, cost, action: Action, name: str, fort_box) -> Move:
    def legal(table: HadriansWallTable, seat: int) -> list[Action]:
        sheet = table.sheets[seat]
        if (
            sheet[slot] < open_boxes(sheet, slot)
            and sheet[FORT] >= fort_box(sheet)
            and affords(sheet, cost)
        ):
            return [action]
        return []

    def play(table: HadriansWallTable, seat: int, action: Action) -> None:
        sheet = table.sheets[seat]
        pay(sheet, cost)
        fill_track(sheet, table.pending[seat], slot, boxes)
        table.tell(action.kind, seat=seat, box=sheet[slot], reward=_reward(boxes[sheet[slot] - 1]))

    def why(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
        sheet = table.sheets[seat]
        reason = track_refusal(sheet, slot, cost, name)
        if reason:
            return reason
        if sheet[FORT] < fort_box(sheet):
            return refused(
                "chained_to_fort",
                f"{name} box {sheet[slot] + 1} hangs on a chain from Fort box {fort_box(sheet)}, "
                f"and only {sheet[FORT]} Fort boxes are filled",
                track=TRACK_AREAS[slot],
                box=sheet[slot] + 1,
                fort_box=fort_box(sheet),
                filled=sheet[FORT],
            )
        return no_arguments(action)

    return Move(legal, why, play)


# -- Fort: a builder or a soldier -----------------------------------------------------------------


def legal_fort(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if sheet[FORT] >= open_boxes(sheet, FORT):
        return []
    return [action for action, slot in _FORT_SLOTS if sheet[slot]]


def play_fort(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    sheet[POOL.index(action[1])] -= 1
    fill_track(sheet, table.pending[seat], FORT, FORT_BOXES)
    table.tell("fort", seat=seat, box=sheet[FORT], paid=action[1])


def why_fort(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    payment = word(action, 0, _FORT_PAYMENTS)
    if payment is None or len(action.args) != 1:
        return refused(
            "fort_payment",
            "the Fort takes 1 builder or 1 soldier: 'fort builder' or 'fort soldier'",
        )
    slot = POOL.index(payment)
    return track_refusal(table.sheets[seat], FORT, ((slot, 1),), "Fort") or not_now()


# -- Training Grounds: once a year, a builder becomes a sword on the Wall Guard ----------------


def _used_this_year(sheet: list[int], start: int, boxes: int, year: int) -> bool:
    return year in sheet[start : start + boxes]


def legal_training(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if (
        sheet[BUILDER]
        and sheet[TRAINING + TRAINING_BOXES - 1] == 0
        and not _used_this_year(sheet, TRAINING, TRAINING_BOXES, table.year)
    ):
        return [TRAINING_ACTION]
    return []


def play_training(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    pay(sheet, _TRAINING_COST)
    box = sheet[TRAINING : TRAINING + TRAINING_BOXES].index(0)
    sheet[TRAINING + box] = table.year
    guard_before = sheet[GUARD]
    gain_all(sheet, table.pending[seat], TRAINING_REWARD)
    table.tell("training", seat=seat, box=box + 1, sword=sheet[GUARD] > guard_before)


def why_training(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    if sheet[TRAINING + TRAINING_BOXES - 1]:
        return refused("area_full", "every Training Grounds box is filled", area="training_grounds")
    if _used_this_year(sheet, TRAINING, TRAINING_BOXES, table.year):
        return refused(
            "once_a_year",
            f"the Training Grounds were already used in year {table.year}",
            area="training_grounds",
            year=table.year,
        )
    return lacking(sheet, _TRAINING_COST) or no_arguments(action)


# -- Forum: two workers for one of another type, once a year -------------------------------------


def legal_forum(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if sheet[FORUM + FORUM_BOXES - 1] or _used_this_year(sheet, FORUM, FORUM_BOXES, table.year):
        return []
    return [
        action
        for action, a, b in _FORUM_SLOTS
        if ((sheet[a] >= 2) if a == b else (sheet[a] and sheet[b]))
    ]


def play_forum(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    sheet[POOL.index(action[1])] -= 1
    sheet[POOL.index(action[2])] -= 1
    sheet[POOL.index(action[3])] += 1
    box = sheet[FORUM : FORUM + FORUM_BOXES].index(0)
    sheet[FORUM + box] = table.year
    table.tell("forum", seat=seat, box=box + 1, returned=[action[1], action[2]], took=action[3])


def why_forum(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    if len(action) == 4 and Action("forum", action[2], action[1], action[3]) in FORUM_ACTIONS:
        return refused(
            "forum_order",
            f"name the returned workers in the order {', '.join(FORUM_WORKERS)}: "
            f"'forum {action[2]} {action[1]} {action[3]}'",
            order=list(FORUM_WORKERS),
        )
    if action not in FORUM_ACTIONS:
        return refused(
            "forum_trade",
            "the Forum returns 2 workers other than soldiers and takes 1 of a type different "
            "from both, never a soldier, e.g. 'forum servant civilian builder'",
        )
    if sheet[FORUM + FORUM_BOXES - 1]:
        return refused("area_full", "every Forum box is filled", area="forum")
    if _used_this_year(sheet, FORUM, FORUM_BOXES, table.year):
        return refused(
            "once_a_year",
            f"the Forum was already used in year {table.year}",
            area="forum",
            year=table.year,
        )
    return refused(
        "forum_lacking",
        f"you do not have the {action[1]} and {action[2]} to return",
        first=action[1],
        second=action[2],
    )


# -- Landmarks ------------------------------------------------------------------------------------


def legal_landmark(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if not affords(sheet, _LANDMARK_COST):
        return []
    return [
        action
        for action, box, track, level in _LANDMARK_SLOTS
        if not sheet[box] and sheet[track] >= level
    ]


def play_landmark(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    i = _LANDMARK_IDS.index(action[1])
    pay(sheet, _LANDMARK_COST)
    sheet[LANDMARK + i] = 1
    gain_all(sheet, table.pending[seat], LANDMARKS[i][3])
    table.tell("landmark", seat=seat, landmark=action[1])


def why_landmark(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    name = word(action, 0, _LANDMARK_IDS)
    if name is None or len(action.args) != 1:
        return refused(
            "no_landmark",
            f"the Landmarks are {', '.join(_LANDMARK_IDS)}",
            landmarks=list(_LANDMARK_IDS),
        )
    i = _LANDMARK_IDS.index(name)
    _, attribute, level, _ = LANDMARKS[i]
    if sheet[LANDMARK + i]:
        return refused("already_built", f"the {name} is already built", building=name)
    if sheet[ATTRIBUTE + attribute] < level:
        return refused(
            "needs_level",
            f"the {name} needs {ATTRIBUTES[attribute]} {level}; "
            f"you have {sheet[ATTRIBUTE + attribute]}",
            building=name,
            track=ATTRIBUTES[attribute],
            need=level,
            have=sheet[ATTRIBUTE + attribute],
        )
    return lacking(sheet, _LANDMARK_COST) or not_now()


MOVES = {
    "mine": _plain_track(MINING, MINING_BOXES, _MINING_COST, MINE, "Mining & Foresting"),
    "guard": _plain_track(GUARD, GUARD_BOXES, _GUARD_COST, GUARD_ACTION, "Wall Guard"),
    "cippi": _chained_track(
        CIPPI, CIPPI_BOXES, _CIPPI_COST, CIPPI_ACTION, "Cippi", _cippi_fort_box
    ),
    "wall": _chained_track(WALL, WALL_BOXES, _WALL_COST, WALL_ACTION, "Wall", _wall_fort_box),
    "fort": Move(legal_fort, why_fort, play_fort),
    "training": Move(legal_training, why_training, play_training),
    "forum": Move(legal_forum, why_forum, play_forum),
    "landmark": Move(legal_landmark, why_landmark, play_landmark),
}
ACTIONS = (
    MINE,
    GUARD_ACTION,
    CIPPI_ACTION,
    WALL_ACTION,
    *FORT_ACTIONS,
    TRAINING_ACTION,
    *FORUM_ACTIONS,
    *LANDMARK_ACTIONS,
)
"""Every left-sheet action (buildings aside), in a fixed order."""
