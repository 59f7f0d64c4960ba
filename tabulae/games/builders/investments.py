"""Investments (rulebook "Podjęcie inwestycji", rulings B-08, B-11): once a turn, for 1 action,
the seat takes one card of the investment row: a slave (7 sesterces) or a tool (2) bought here,
a loan (`loans`) or a University to train a worker at (`university`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import Move

from .actions import BUY_SLAVE, BUY_TOOL, NUMBER, TOOL_WORDS, WORD
from .components import RULES, SLAVES
from .refusals import malformed, refused
from .turn import EXTRA_ACTION, FREE_ACTIONS, price, spend

if TYPE_CHECKING:
    from .table import BuildersTable

USAGE = "buy slave slave_1 | buy tool mallet"
SLAVE_PRICE, TOOL_PRICE = RULES.slave_price, RULES.tool_price
SLAVE_WORDS = frozenset(WORD[n] for n in SLAVES)


def second_investment(table: BuildersTable) -> IllegalAction | None:
    """The refusal of a second investment in one turn."""
    if table.investment_taken:
        return refused(
            "one_investment", "you have already taken an investment this turn (one per turn)"
        )
    return None


def legal_buy(table: BuildersTable, seat: int) -> list[Action]:
    if table.investment_taken:
        return []
    money = table.sesterces[seat]
    if table.actions_used >= FREE_ACTIONS:
        money -= EXTRA_ACTION  # what is left once one more action is paid for
    if money < 0:
        return []
    actions: list[Action] = []
    if money >= SLAVE_PRICE:
        actions += map(BUY_SLAVE.__getitem__, table.slave_stack)
    if money >= TOOL_PRICE:
        actions += map(BUY_TOOL.__getitem__, table.tool_stack)
    return actions


def why_buy(table: BuildersTable, seat: int, action: Action) -> IllegalAction:
    if len(action) != 3:
        return malformed("buy", USAGE)
    what, which = action[1], action[2]
    refusal = second_investment(table)
    if refusal is not None:
        return refusal
    if what == "slave":
        if which not in SLAVE_WORDS or NUMBER[str(which)] not in table.slave_stack:
            return refused(
                "slave_not_offered", f"{which} is not in the investment row", slave=which
            )
        return price(table, seat, 1, SLAVE_PRICE, "buy")
    if what == "tool":
        if not isinstance(which, str) or TOOL_WORDS.get(which) not in table.tool_stack:
            return refused(
                "tool_not_offered", f"there is no tool '{which}' in the investment row", tool=which
            )
        return price(table, seat, 1, TOOL_PRICE, "buy")
    return refused("buy_what", f"you can buy a slave or a tool, not '{what}'", what=str(what))


def play_buy(table: BuildersTable, seat: int, action: Action) -> None:
    what, which = action.word(1), action.word(2)
    cost = SLAVE_PRICE if what == "slave" else TOOL_PRICE
    extra = table.extra_cost(1)
    spend(table, seat, 1, extra + cost)
    table.investment_taken = True
    if what == "slave":
        table.slave_stack.remove(NUMBER[which])
        table.idle[seat].append(NUMBER[which])
    else:
        tool = TOOL_WORDS[which]
        table.tool_stack.remove(tool)
        table.tools[seat].append(tool)
        table.tools[seat].sort()
    table.tell("bought", seat=seat, investment=what, card=which, price=cost, extra=extra)


MOVE = Move(legal_buy, why_buy, play_buy)
