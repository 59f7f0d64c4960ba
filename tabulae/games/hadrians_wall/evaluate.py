"""How a strong player reads a Hadrian's Wall position, in points on the scoring column.

The score now (attributes, Path cards, the disdain penalty) is certain. What the years left
should bring is estimated: filled boxes as steps towards their rewards, pieces in hand a
little (unused ones go back to the supply at the end of the year), yearly income, and above
all the attacks still to come. Each attack (H-17) gives min(U, grey flag) disdain and the
rest of the grey flag as valour, where U counts the attack cards beyond each Cohort's filled
boxes; so every attack is worth, in expectation over where its cards strike, its valour
points less the penalty its disdain adds. The attack of the year under way is judged with
the Cohorts and favours as they stand; later ones at half weight, as the Cohorts will grow.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from .components import (
    ATTACK_CARDS,
    BUILDING_INDEX,
    COHORTS,
    DISDAIN_PENALTY,
    FATE_CARDS,
    GREY_FLAGS,
    INCOME,
    POOL,
    YEARS,
)
from .scoring import disdain_penalty, total_score
from .sheet import BUILT, COHORT, DIPLOMAT_FAVOURS, POOL_AT, PRODUCTION, TEMPLE_FAVOURS, disdain
from .sheet import progress as boxes_filled
from .table import HadriansWallTable

PIECE = 0.1  # a piece in hand: unused pieces go back to the supply at the end of the year
BOX = 0.25  # a filled box: a step towards the rewards of its row, area or building
INCOME_PER_YEAR = 0.5  # a piece of yearly income, per year still to come
LATER_ATTACKS = 0.5  # the weight of the attacks after this year's
_INCOME_FLAGS = tuple(BUILT + BUILDING_INDEX[b] for b in INCOME)
_STRIKES = tuple(
    sum(1 for card in FATE_CARDS if card.attack == c) / len(FATE_CARDS) for c in range(len(COHORTS))
)
"""The share of Fate cards whose arrow attacks each Cohort."""
_PER_DISDAIN = (DISDAIN_PENALTY[-1] - DISDAIN_PENALTY[0]) / (len(DISDAIN_PENALTY) - 1)
"""The penalty a later disdain adds, on average over the penalty table."""


def evaluate(table: HadriansWallTable, seat: int) -> float:
    """The score column now plus what the rest of the game should bring (see the module)."""
    result = table.result()
    if result is not None:
        return float(result.scores[seat])
    sheet = table.sheets[seat]
    now = total_score(sheet, table.paths[seat])
    left = YEARS - table.year + (table.phase != "attack")
    pieces = sum(sheet[POOL_AT + i] for i in range(len(POOL)))
    income = sheet[PRODUCTION] + sum(sheet[f] for f in _INCOME_FLAGS)
    return (
        now
        + PIECE * pieces
        + BOX * boxes_filled(sheet)
        + INCOME_PER_YEAR * income * (left - 1)
        + attacks_to_come(table, seat)
    )


def attacks_to_come(table: HadriansWallTable, seat: int) -> float:
    """Valour points less disdain penalty expected from the attacks not yet resolved."""
    sheet = table.sheets[seat]
    strength = tuple(sheet[COHORT + c] for c in range(len(COHORTS)))
    favours = sheet[TEMPLE_FAVOURS] + sum(sheet[DIPLOMAT_FAVOURS + c] for c in range(len(COHORTS)))
    cards = ATTACK_CARDS[table.options["difficulty"]]
    held = disdain(sheet)
    total = 0.0
    if table.phase == "attack":
        undefended = sum(max(0, a - s) for a, s in zip(table.attacks(), strength, strict=True))
        chances = ((max(0, undefended - favours), 1.0),)
        total += _attack(chances, GREY_FLAGS[table.year - 1], held)
    else:
        extra = sum(table.neutral_pieces)
        chances = undefended_chances(cards[table.year - 1] + extra, strength, favours)
        total += _attack(chances, GREY_FLAGS[table.year - 1], held)
    for year in range(table.year + 1, YEARS + 1):
        chances = undefended_chances(cards[year - 1], strength, 0)
        total += LATER_ATTACKS * _attack(chances, GREY_FLAGS[year - 1], None)
    return total


def _attack(chances: tuple[tuple[int, float], ...], flag: int, held: int | None) -> float:
    """Expected valour less added penalty of one attack, given the chances of each number of
    undefended cards; with the disdain `held`, the penalty table itself, else its average."""
    value = 0.0
    for undefended, chance in chances:
        gained = min(undefended, flag)
        if held is None:
            penalty = _PER_DISDAIN * gained
        else:
            penalty = disdain_penalty(held + gained) - disdain_penalty(held)
        value += chance * (flag - gained - penalty)
    return value


@lru_cache(maxsize=8192)
def undefended_chances(cards: int, strength: tuple[int, ...], favours: int) -> tuple:
    """The chances of each number of attack cards left undefended when `cards` strike the
    Cohorts at random (each as the Fate deck's arrows fall), less the `favours` held."""
    chances: dict[int, float] = {}
    left, centre, right = _STRIKES
    for a in range(cards + 1):
        for b in range(cards - a + 1):
            c = cards - a - b
            chance = comb(cards, a) * comb(cards - a, b) * left**a * centre**b * right**c
            beyond = max(0, a - strength[0]) + max(0, b - strength[1]) + max(0, c - strength[2])
            beyond = max(0, beyond - favours)
            chances[beyond] = chances.get(beyond, 0.0) + chance
    return tuple(sorted(chances.items()))
