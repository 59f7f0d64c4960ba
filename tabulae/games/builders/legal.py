"""The actions a player may take now: complete, in a stable order, and affordable.

The one place that decides what is legal in a turn, in three parts: the free choices, the
choices paid for, and the sends. `apply` plays only what this lists, checking an action
against its own part only (`allows`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulae.core import Action

from .actions import (
    BUY_SLAVE,
    BUY_TOOL,
    CITIZEN_SEND,
    CITIZEN_TRAIN,
    END,
    FREE,
    HIRE,
    LOAN,
    SEND,
    START,
    TAKE,
    TRAIN,
)
from .components import RULES, SLAVE_CARDS, WAGES

if TYPE_CHECKING:
    from .table import BuildersTable

EXTRA_ACTION = RULES.extra_action_cost
SLAVE_PRICE, TOOL_PRICE, UNIVERSITY_PRICE = (
    RULES.slave_price,
    RULES.tool_price,
    RULES.university_price,
)
# The notation's tables (START, HIRE, SEND, …) are indexed by card number and hold None at
# the numbers of cards an action cannot name: the `type: ignore`s below index them only with
# cards that the action can name (a building in the row, a worker, an idle card).
TAKES = tuple((TAKE[gain], spent) for gain, spent in RULES.take_sesterces.items())


def legal_actions(table: BuildersTable, seat: int) -> list[Action]:
    """The actions of the seat whose turn it is (the core `Flow` asks only for that seat)."""
    money, free = table.sesterces[seat], table.free_actions_left()
    return (
        _free_of_cost(table, seat, money, free)
        + _paid_for(table, seat, money, free)
        + _sends(table, seat, money, free)
    )


def allows(table: BuildersTable, seat: int, action: Action) -> bool:
    """Whether `action` is legal, listing only the part of the legal actions that would hold
    it (what `apply` asks)."""
    kind = action[0] if action else None
    part = PARTS.get(kind) if isinstance(kind, str) else None
    if part is None:
        return False
    return action in part(table, seat, table.sesterces[seat], table.free_actions_left())


# Each part from the table, the seat, its sesterces (`money`) and the free actions left in its
# turn (`free`).


def _free_of_cost(table: BuildersTable, seat: int, money: int, free: int) -> list[Action]:
    """Ending the turn, and taking sesterces for the actions the seat can pay for."""
    actions = [END]
    for take, spent in TAKES:
        if spent <= free or money >= (spent - free) * EXTRA_ACTION:
            actions.append(take)
    return actions


def _paid_for(table: BuildersTable, seat: int, money: int, free: int) -> list[Action]:
    """The one-action choices of the row, the investments (one a turn) and freeing a slave,
    each as far as the seat can pay for it."""
    left = money if free else money - EXTRA_ACTION  # after paying for one more action
    if left < 0:
        return []
    actions: list[Action] = [START[building] for building in table.building_row]  # type: ignore[misc]
    actions += [HIRE[worker] for worker in table.worker_row]  # type: ignore[misc]
    if not table.investment_taken:
        actions += _investments(table, seat, left)
    freed = table.freed
    slaves = [card for card in table.idle[seat] if card in SLAVE_CARDS and card not in freed]
    actions += [FREE[slave] for slave in slaves]  # type: ignore[misc]
    return actions


def _investments(table: BuildersTable, seat: int, money: int) -> list[Action]:
    actions: list[Action] = []
    if money >= SLAVE_PRICE:
        actions += [BUY_SLAVE[slave] for slave in table.slave_stack]  # type: ignore[misc]
    if money >= TOOL_PRICE:
        actions += [BUY_TOOL[tool] for tool in table.tool_stack]
    if table.loan_stack:
        actions.append(LOAN)
    if money >= UNIVERSITY_PRICE and table.university_stack:
        trained, freed, universities = table.trained, table.freed, table.university_stack
        for card in table.idle[seat]:
            if card not in trained and table.skilled(card):
                row = CITIZEN_TRAIN[card] if card in freed else TRAIN[card]
                actions += [row[university] for university in universities]  # type: ignore[index]
    return actions


def _sends(table: BuildersTable, seat: int, money: int, free: int) -> list[Action]:
    """Every card to every site, with each tool a worker or citizen may carry."""
    idle, sites = table.idle[seat], table.sites[seat]
    if not idle or not sites:
        return []
    sent, freed = table.sent_this_turn, table.freed
    if freed:
        citizen = table.options["citizen_wage"]
        wages = [citizen if card in freed else WAGES[card] for card in idle]
        rows = [CITIZEN_SEND[card] if card in freed else SEND[card] for card in idle]
    else:
        wages = [WAGES[card] for card in idle]
        rows = [SEND[card] for card in idle]
    tools = [tool + 1 for tool in table.tools[seat]]
    skilled = [table.skilled(card) for card in idle] if tools else [False] * len(idle)
    crew = list(zip(rows, wages, skilled, strict=True))
    actions: list[Action] = []
    for building in sites:
        actions_needed = sent.get(building, 0) + 1 if sent else 1
        budget = money - (actions_needed - free) * EXTRA_ACTION if actions_needed > free else money
        if budget < 0:
            continue
        for row, wage, equip in crew:
            if wage <= budget:
                sends = row[building]
                actions.append(sends[0])  # type: ignore[index]
                if equip:
                    actions += [sends[tool] for tool in tools]  # type: ignore[index]
    return actions


PARTS = {
    "end": _free_of_cost,
    "take": _free_of_cost,
    "start": _paid_for,
    "hire": _paid_for,
    "buy": _paid_for,
    "loan": _paid_for,
    "train": _paid_for,
    "free": _paid_for,
    "send": _sends,
}
"""The part of the legal actions each kind of action is in, by the action's word."""
