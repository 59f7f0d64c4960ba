"""The end of the year and the Picts' attack (H-17, H-13, H-16).

When everyone has passed, unused workers and resources return to the supply and the
difficulty's number of Fate cards (plus one per piece given to a Neutral Prospect card) is
revealed against the Cohorts. Players holding a usable favour secretly choose, everyone at
once, which attack cards to ignore; then each player's undefended attacks bring disdain, up
to the year's grey flag, and the rest of the flag brings valour. The year-6 attack ends the
game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction, Rng

from .components import (
    ATTACK_CARDS,
    ATTRIBUTES,
    COHORTS,
    DISDAIN_BOXES,
    FATE_CARDS,
    GREY_FLAGS,
    POOL,
)
from .refusals import not_an_action, refused
from .rewards import advance_attribute
from .sheet import COHORT, DIPLOMAT_FAVOURS, DISDAIN, FAVOUR_KINDS, POOL_AT, TEMPLE_FAVOURS

if TYPE_CHECKING:
    from .table import HadriansWallTable

DEFEND = Action("defend")
FAVOUR_ACTIONS = tuple(Action("favour", c, k) for c in COHORTS for k in FAVOUR_KINDS)
_VALOUR = ATTRIBUTES.index("valour")


def begin_attack(table: HadriansWallTable) -> None:
    """Everyone has passed: pieces back to the supply, the attack cards revealed."""
    for sheet in table.sheets:
        for i in range(len(POOL)):
            sheet[POOL_AT + i] = 0
    extra = sum(table.neutral_pieces)
    count = ATTACK_CARDS[table.options["difficulty"]][table.year - 1] + extra
    table.attack_cards = [table.top_fate(discard=False) for _ in range(count)]
    table.tell(
        "attack",
        year=table.year,
        cards=[FATE_CARDS[c].id for c in table.attack_cards],
        attacks=dict(zip(COHORTS, table.attacks(), strict=True)),
        neutral_extra=extra,
    )
    table.favours_used = [[0] * 6 for _ in range(table.players)]
    table.choosing_favours = [bool(_favours(table, seat)) for seat in range(table.players)]
    table.phase = "attack"


# -- favours against the attack: everyone at once --------------------------------------------------


def deciding(table: HadriansWallTable) -> tuple[int, ...]:
    """Everyone still choosing his favours."""
    return tuple([seat for seat, deciding in enumerate(table.choosing_favours) if deciding])


def legal_favour(table: HadriansWallTable, seat: int) -> list[Action]:
    return [*_favours(table, seat), DEFEND]


def allows_favour(table: HadriansWallTable, seat: int, action: Action) -> bool:
    """Whether `action` is one of `legal_favour`'s, without listing them to defend."""
    return action == DEFEND or action in _favours(table, seat)


def why_favour(table: HadriansWallTable, seat: int, action: Action) -> IllegalAction:
    shapeless = not_an_action(action)
    if shapeless:
        return shapeless
    if action[0] != "favour" or len(action) != 3 or action[1] not in COHORTS:
        return refused(
            "spend_favours",
            "spend favours with 'favour <cohort> temple|diplomat', then 'defend'",
        )
    if action[2] not in FAVOUR_KINDS:
        return refused("favour_kind", "a favour comes from a temple or a diplomat")
    cohort = COHORTS.index(action[1])
    used = table.favours_used[seat]
    if table.attacks()[cohort] - used[cohort] - used[3 + cohort] <= 0:
        return refused(
            "no_attack_left",
            f"no attack card against the {action[1]} Cohort is left to ignore",
            cohort=action[1],
        )
    if action[2] == "temple":
        return refused("no_temple_favour", "you have no temple favour left")
    return refused(
        "no_diplomat_favour",
        f"you have no diplomat favour left for the {action[1]} Cohort",
        cohort=action[1],
    )


def play_favour(table: HadriansWallTable, seat: int, action: Action) -> None:
    if action == DEFEND:
        table.choosing_favours[seat] = False
        table.tell("defended", seat=seat)
    else:
        _use_favour(table, seat, action)


def guess_favours(table: HadriansWallTable, seat: int, rng: Rng) -> None:
    """A random secret favour choice for `seat`, as another player imagines it."""
    table.favours_used[seat] = [0] * 6
    while True:
        options = _favours(table, seat)
        if not options or rng.below(2) == 0:
            return
        _use_favour(table, seat, options[rng.below(len(options))])


def _favours(table: HadriansWallTable, seat: int) -> list[Action]:
    """The favours `seat` may still spend: an attack card left to ignore, a favour to do it."""
    sheet, used = table.sheets[seat], table.favours_used[seat]
    temple_left = sheet[TEMPLE_FAVOURS] - sum(used[:3])
    found = []
    for cohort, attacks in enumerate(table.attacks()):
        if attacks - used[cohort] - used[3 + cohort] <= 0:
            continue
        if temple_left > 0:
            found.append(FAVOUR_ACTIONS[2 * cohort])
        if sheet[DIPLOMAT_FAVOURS + cohort] - used[3 + cohort] > 0:
            found.append(FAVOUR_ACTIONS[2 * cohort + 1])
    return found


def _use_favour(table: HadriansWallTable, seat: int, action: Action) -> None:
    """Ignore an attack card with a temple or a diplomat favour (H-13, H-16)."""
    cohort = COHORTS.index(action[1])
    table.favours_used[seat][cohort if action[2] == "temple" else 3 + cohort] += 1


# -- the defence ----------------------------------------------------------------------------------


def resolve_attack(table: HadriansWallTable) -> None:
    """Everyone has decided: favours spent, disdain and valour taken, the attack cards
    discarded."""
    attacks = table.attacks()
    flag = GREY_FLAGS[table.year - 1]
    outcomes = []
    for seat in range(table.players):
        sheet, used = table.sheets[seat], table.favours_used[seat]
        sheet[TEMPLE_FAVOURS] -= sum(used[:3])
        for cohort in range(len(COHORTS)):
            sheet[DIPLOMAT_FAVOURS + cohort] -= used[3 + cohort]
        undefended = sum(
            max(0, attacks[cohort] - used[cohort] - used[3 + cohort] - sheet[COHORT + cohort])
            for cohort in range(len(COHORTS))
        )
        disdain = min(undefended, flag)
        valour = flag - disdain
        for _ in range(disdain):
            if sheet[DISDAIN] < DISDAIN_BOXES:
                sheet[DISDAIN] += 1
        for _ in range(valour):
            advance_attribute(sheet, table.pending[seat], _VALOUR)
        outcomes.append(
            {
                "temple_favours": used[:3],
                "diplomat_favours": used[3:],
                "undefended": undefended,
                "disdain": disdain,
                "valour": valour,
            }
        )
    table.tell("defence", year=table.year, players=outcomes)
    table.fate_discard += table.attack_cards
    table.attack_cards = []
    table.favours_used = [[0] * 6 for _ in range(table.players)]
    table.neutral_cards, table.neutral_pieces = [], []
