"""Taking sesterces (rulebook "Pobranie Sestercji", ruling B-17): 1 sesterce for 1 action, 3 for
2 actions, 6 for 3 actions, from the bank (a limited bank pays only what it holds, ruling B-06).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .actions import TAKE
from .components import RULES
from .refusals import malformed, refused
from .turn import EXTRA_ACTION, FREE_ACTIONS, payout, price, spend

if TYPE_CHECKING:
    from .table import BuildersTable

USAGE = "take 1 | take 3 | take 6"
PRICED = tuple(
    tuple(
        (TAKE[gain], (spent - free) * EXTRA_ACTION if spent > free else 0)
        for gain, spent in RULES.take_sesterces.items()
    )
    for free in range(FREE_ACTIONS + 1)
)
"""Each take with its price in sesterces (its actions beyond the free ones left cost 5 each),
by the free actions left."""


def legal_take(table: BuildersTable, seat: int) -> list[Action]:
    """Each take the seat can pay for."""
    money, used = table.sesterces[seat], table.actions_used
    priced = PRICED[FREE_ACTIONS - used if used < FREE_ACTIONS else 0]
    return [take for take, cost in priced if cost <= money]


def why_take(table: BuildersTable, seat: int, action: Action) -> IllegalAction:
    if len(action) != 2:
        return malformed("take", USAGE)
    gain = action[1]
    spent = RULES.take_sesterces.get(gain) if type(gain) is int else None
    if spent is None:
        choices = ", ".join(map(str, RULES.take_sesterces))
        return refused(
            "take",
            f"you can take {choices} sesterces, not {gain}",
            choices=choices,
            given=str(gain),
        )
    return price(table, seat, spent, 0, "take")


def play_take(table: BuildersTable, seat: int, action: Action) -> None:
    gain = int(action[1])
    spent = RULES.take_sesterces[gain]
    extra = table.extra_cost(spent)
    spend(table, seat, spent, extra)
    paid = payout(table, seat, gain)
    table.tell("took", seat=seat, sesterces=paid, actions=spent, extra=extra)


MOVE = Move(legal_take, why_take, play_take)
