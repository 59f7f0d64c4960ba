"""The Ludus Gladiatorius: training the red and blue gladiators, and their battles (H-12).

Training circles a gladiator's next box (the performers threshold of that column
applies); a battle, once a year per gladiator, fills circled boxes by a Fate
card's damage, then pays the reward of the survivor's last circled box or the
dead gladiator's last filled box.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .areas import not_built, word
from .components import (
    BUILDING_INDEX,
    GLADIATOR_BOXES,
    GLADIATOR_DIED,
    GLADIATOR_NEEDS,
    GLADIATOR_SURVIVED,
    GLADIATOR_TRAINING,
    GLADIATORS,
    POOL,
)
from .refusals import not_now, refused
from .rewards import gain_all
from .sheet import (
    BUILT,
    CIRCLED,
    DEAD,
    FILLED,
    FOUGHT,
    PERFORMERS,
    lacking,
)

if TYPE_CHECKING:
    from .table import HadriansWallTable


GLADIATOR_ACTIONS = tuple(Action("gladiator", g, w) for g in GLADIATORS for w in GLADIATOR_TRAINING)
BATTLE_ACTIONS = tuple(Action("battle", g) for g in GLADIATORS)

_LUDUS = BUILT + BUILDING_INDEX["ludus"]
_TRAINING_SLOTS = tuple(POOL.index(w) for w in GLADIATOR_TRAINING)


def legal_gladiator(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if not sheet[_LUDUS]:
        return []
    found = []
    for g in range(len(GLADIATORS)):
        circled = sheet[CIRCLED + g]
        if (
            sheet[DEAD + g]
            or circled >= GLADIATOR_BOXES
            or sheet[PERFORMERS] < GLADIATOR_NEEDS[circled]
        ):
            continue
        for k, slot in enumerate(_TRAINING_SLOTS):
            if sheet[slot]:
                found.append(GLADIATOR_ACTIONS[g * len(_TRAINING_SLOTS) + k])
    return found


def play_gladiator(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    g = GLADIATORS.index(action[1])
    sheet[POOL.index(action[2])] -= 1
    sheet[CIRCLED + g] += 1
    table.tell("gladiator", seat=seat, gladiator=action[1], strength=sheet[CIRCLED + g])


def why_gladiator(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    name = word(action, 0, GLADIATORS)
    payment = word(action, 1, GLADIATOR_TRAINING)
    if name is None or payment is None or len(action.args) != 2:
        return refused(
            "gladiator_training",
            "training names a gladiator and a servant or civilian: 'gladiator red servant'",
        )
    if not sheet[_LUDUS]:
        return not_built("ludus", "Ludus")
    g = GLADIATORS.index(name)
    if sheet[DEAD + g]:
        return refused("gladiator_dead", f"the {name} gladiator is dead", gladiator=name)
    circled = sheet[CIRCLED + g]
    if circled >= GLADIATOR_BOXES:
        return refused(
            "gladiator_trained", f"the {name} gladiator is fully trained", gladiator=name
        )
    if sheet[PERFORMERS] < GLADIATOR_NEEDS[circled]:
        return refused(
            "gladiator_needs",
            f"training the {name} gladiator again needs {GLADIATOR_NEEDS[circled]} performers; "
            f"you have {sheet[PERFORMERS]}",
            gladiator=name,
            track="performers",
            need=GLADIATOR_NEEDS[circled],
            have=sheet[PERFORMERS],
        )
    return lacking(sheet, ((POOL.index(payment), 1),)) or not_now()


def legal_battle(table: HadriansWallTable, seat: int) -> list[Action]:
    sheet = table.sheets[seat]
    if not sheet[_LUDUS]:
        return []
    return [
        action
        for g, action in enumerate(BATTLE_ACTIONS)
        if not sheet[DEAD + g]
        and sheet[CIRCLED + g] > sheet[FILLED + g]
        and sheet[FOUGHT + g] != table.year
    ]


def play_battle(table: HadriansWallTable, seat: int, action: Action) -> None:
    sheet = table.sheets[seat]
    g = GLADIATORS.index(action[1])
    card = table.draw_fate()
    circled = sheet[CIRCLED + g]
    filled = min(circled, sheet[FILLED + g] + card.damage)
    sheet[FILLED + g] = filled
    sheet[FOUGHT + g] = table.year
    survived = filled < circled
    if survived:
        reward = GLADIATOR_SURVIVED[circled - 1]
    else:
        sheet[DEAD + g] = 1
        reward = GLADIATOR_DIED[filled - 1]
    gain_all(sheet, table.pending[seat], reward)
    table.tell(
        "battle",
        seat=seat,
        gladiator=action[1],
        fate_card=card.id,
        damage=card.damage,
        survived=survived,
        reward=list(reward),
    )


def why_battle(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    sheet = table.sheets[seat]
    name = word(action, 0, GLADIATORS)
    if name is None or len(action.args) != 1:
        return refused(
            "battle_gladiator", "a battle names a gladiator: 'battle red' or 'battle blue'"
        )
    if not sheet[_LUDUS]:
        return not_built("ludus", "Ludus")
    g = GLADIATORS.index(name)
    if sheet[DEAD + g]:
        return refused("gladiator_dead", f"the {name} gladiator is dead", gladiator=name)
    if sheet[CIRCLED + g] <= sheet[FILLED + g]:
        return refused(
            "gladiator_weak",
            f"the {name} gladiator has no strength left to fight: train him first",
            gladiator=name,
        )
    return refused(
        "gladiator_fought",
        f"the {name} gladiator already fought in year {table.year}",
        gladiator=name,
        year=table.year,
    )


MOVES = {
    "gladiator": Move(legal_gladiator, why_gladiator, play_gladiator),
    "battle": Move(legal_battle, why_battle, play_battle),
}
ACTIONS = (*GLADIATOR_ACTIONS, *BATTLE_ACTIONS)
